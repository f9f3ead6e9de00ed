"""End to end: every shipped model compiled by exir_mlir.compile matches eager PyTorch.

Tolerances: f32 rtol 1e-4, atol 1e-5 (the issue's bar); no model here needs more.
"""

import warnings

import pytest
import torch

import exir_mlir
from exir_mlir.errors import ExirUserError
from exir_mlir.models import MODELS

warnings.filterwarnings("ignore", category=FutureWarning)
RTOL, ATOL = 1e-4, 1e-5


def _export(name):
    module, args, dynamic_shapes = MODELS[name]()
    return module, args, torch.export.export(module, args, dynamic_shapes=dynamic_shapes)


@pytest.fixture(scope="module")
def compiled():
    """One compilation per model for the whole module (compiling is the slow part)."""
    cache = {}

    def get(name):
        if name not in cache:
            module, args, ep = _export(name)
            cache[name] = (module, args, ep, exir_mlir.compile(ep))
        return cache[name]

    return get


STATIC_MODELS = ["mlp", "cnn", "residual_block", "transformer_block", "attention", "embedding_mean",
                 "elementwise_chain"]


@pytest.mark.parametrize("name", STATIC_MODELS)
def test_model_matches_eager(compiled, name):
    _, args, ep, program = compiled(name)
    expected = ep.module()(*args)
    torch.testing.assert_close(program(*args), expected, rtol=RTOL, atol=ATOL)
    # a second call on fresh inputs of the same shapes: nothing is baked into the first call
    fresh = tuple(torch.randn_like(a) if a.is_floating_point() else a for a in args)
    torch.testing.assert_close(program(*fresh), ep.module()(*fresh), rtol=RTOL, atol=ATOL)


@pytest.mark.parametrize("batch", [1, 7, 512])
def test_dynamic_batch_mlp_serves_every_size_in_range(compiled, batch):
    _, _, ep, program = compiled("dynamic_mlp")
    x = torch.randn(batch, 16)
    torch.testing.assert_close(program(x), ep.module()(x), rtol=RTOL, atol=ATOL)


@pytest.mark.parametrize("batch", [0, 1025])
def test_dynamic_batch_outside_the_exported_range_is_an_error(compiled, batch):
    _, _, _, program = compiled("dynamic_mlp")
    with pytest.raises(ExirUserError, match=r"\[1, 1024\]") as e:
        program(torch.randn(batch, 16))
    assert str(batch) in str(e.value)


def test_wrong_dtype_and_rank_are_errors(compiled):
    _, _, _, program = compiled("mlp")
    with pytest.raises(ExirUserError, match="dtype"):
        program(torch.randn(4, 16, dtype=torch.float64))
    with pytest.raises(ExirUserError, match="rank|dimensions"):
        program(torch.randn(4, 16, 1))


@pytest.mark.parametrize("sign", [1.0, -1.0], ids=["positive_branch", "non_positive_branch"])
def test_cond_takes_the_branch_the_data_picks(compiled, sign):
    _, args, ep, program = compiled("cond")
    x = sign * args[0].abs()
    torch.testing.assert_close(program(x), ep.module()(x), rtol=RTOL, atol=ATOL)


@pytest.mark.parametrize("iterations", [0, 1, 5])
def test_while_loop_runs_the_data_dependent_trip_count(compiled, iterations):
    _, args, ep, program = compiled("while_loop")
    n = torch.tensor(iterations, dtype=torch.int64)
    got = program(n, args[1])
    torch.testing.assert_close(got, ep.module()(n, args[1]), rtol=RTOL, atol=ATOL)
    assert int(got[0]) == iterations


def test_buffer_mutation_over_three_calls_behaves_like_eager(compiled):
    _, args, ep, program = compiled("buffer_mutation")
    inputs = [torch.randn_like(args[0]) + call for call in range(3)]
    ours = [program(x) for x in inputs]
    # the program keeps its own state: the ExportedProgram the user holds is untouched
    assert int(ep.state_dict["calls"]) == 0
    eager = ep.module()  # (mutates the buffers it shares with ep.state_dict)
    for x, got in zip(inputs, ours):
        torch.testing.assert_close(got, eager(x), rtol=RTOL, atol=ATOL)
    assert int(program.state["calls"]) == 3
    torch.testing.assert_close(program.state["running_mean"], eager.running_mean, rtol=RTOL, atol=ATOL)


def test_numpy_inputs_give_numpy_outputs(compiled):
    import numpy as np

    _, args, ep, program = compiled("mlp")
    got = program(args[0].numpy())
    assert isinstance(got, np.ndarray)
    torch.testing.assert_close(torch.from_numpy(got), ep.module()(*args), rtol=RTOL, atol=ATOL)


def test_compiling_the_same_program_twice_reuses_the_first_result():
    from exir_mlir.compiler import clear_memory_cache
    from exir_mlir.stages import CODEGEN_STEPS, COMPILE_STEPS, LLVM_STEPS

    _, args, ep = _export("mlp")
    clear_memory_cache()
    first = exir_mlir.compile(ep)
    # import, aten-to-edge, edge-to-backend, to-linalg, codegen, llvm, load: each timed on its own,
    # with the codegen pipeline's stages and LLVM's phases (translate, optimize, machine code, link)
    assert tuple(first.stage_seconds) == COMPILE_STEPS and all(s > 0 for s in first.stage_seconds.values())
    assert tuple(first.stage_details["codegen"]) == CODEGEN_STEPS
    assert tuple(first.stage_details["llvm"]) == LLVM_STEPS
    assert sum(first.stage_details["codegen"].values()) <= first.stage_seconds["codegen"]
    _, _, ep_again = _export("mlp")  # a new export of the same model: same program text
    second = exir_mlir.compile(ep_again)
    assert "reused" in second.stage_seconds and second.compile_seconds == 0.0
    assert second.executable is first.executable and second.state is not first.state  # shared code, own state
    # against eager, not against `first` (the same native code would agree with itself even if wrong)
    torch.testing.assert_close(second(*args), ep_again.module()(*args), rtol=RTOL, atol=ATOL)
    torch.testing.assert_close(first(*args), ep.module()(*args), rtol=RTOL, atol=ATOL)


def test_cache_dir_persists_compiled_code_across_processes(tmp_path):
    import subprocess
    import sys

    script = (
        "import warnings; warnings.filterwarnings('ignore');"
        "import torch, exir_mlir; from exir_mlir.models import export_model;"
        f"p = exir_mlir.compile(export_model('mlp'), cache_dir={str(tmp_path)!r});"
        "print(p.loaded_from_disk)"
    )
    runs = [subprocess.run([sys.executable, "-c", script], capture_output=True, text=True) for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0], runs[-1].stderr
    assert [r.stdout.strip() for r in runs] == ["False", "True"]
