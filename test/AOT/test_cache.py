"""The JIT's cache_dir keeps machine code (issue 14 item 9): a new process loads it without running
the MLIR pipeline or LLVM, and the key changes with exir_mlir's own sources."""

import shutil
import subprocess
import sys
import textwrap

import pytest
import torch

import exir_mlir
import exir_mlir.errors
from exir_mlir.codegen import cache

DYNAMIC_MATMUL = """
func.func @main(%a: tensor<?x5xf32>, %b: tensor<5x7xf32>) -> tensor<?x7xf32> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %a, %c0 : tensor<?x5xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%m) : tensor<?x7xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x7xf32>) -> tensor<?x7xf32>
  %r = linalg.matmul ins(%a, %b : tensor<?x5xf32>, tensor<5x7xf32>) outs(%f : tensor<?x7xf32>) -> tensor<?x7xf32>
  return %r : tensor<?x7xf32>
}"""

PROCESS = textwrap.dedent("""
    import sys
    import numpy as np
    from exir_mlir import codegen, compiler
    from exir_mlir._mlir import ir
    forbid = sys.argv[2] == "forbid-compile"
    if forbid:
        def refuse(*args, **kwargs):
            raise AssertionError("the cached program was compiled again")
        codegen.compile_to_llvm = refuse
        compiler.runtime.load_llvm = refuse  # and not JIT-compiled either
    with ir.Context():
        program = compiler.compile_linalg(ir.Module.parse(sys.argv[3]), cache_dir=sys.argv[1])
    a, b = np.random.rand(6, 5).astype(np.float32), np.random.rand(5, 7).astype(np.float32)
    np.testing.assert_allclose(program(a, b)[0], a @ b, rtol=1e-5, atol=1e-6)
    print(program.loaded_from_disk)
""")


def _run(directory, mode):
    result = subprocess.run([sys.executable, "-c", PROCESS, str(directory), mode, DYNAMIC_MATMUL],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout.strip().splitlines()[-1]


def test_a_new_process_loads_machine_code_without_llvm(tmp_path):
    from exir_mlir._mlir import ir
    from exir_mlir.compiler import clear_memory_cache, compile_linalg

    clear_memory_cache()
    with ir.Context():
        assert not compile_linalg(ir.Module.parse(DYNAMIC_MATMUL), cache_dir=tmp_path).loaded_from_disk
    libraries = list(tmp_path.glob("*.so"))
    assert len(libraries) == 1 and not list(tmp_path.glob("*.mlir"))
    assert _run(tmp_path, "forbid-compile") == "True"


def test_the_key_covers_exir_mlir_sources(tmp_path, monkeypatch):
    package = tmp_path / "exir_mlir"
    shutil.copytree(cache._PACKAGE / "codegen", package / "codegen", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("abi.py", "_mlir.py", "passes.py", "toolchain.py", "program_cache.py"):
        shutil.copy(cache._PACKAGE / name, package / name)
    monkeypatch.setattr(cache, "_PACKAGE", package)
    cache.source_fingerprint.cache_clear()
    try:
        before = cache.source_fingerprint()
        pipeline = package / "codegen" / "pipeline.py"
        pipeline.write_text(pipeline.read_text() + "\n# a change of the pipeline, with no version bumped\n")
        cache.source_fingerprint.cache_clear()
        after = cache.source_fingerprint()
        runtime_c = package / "codegen" / "library_runtime.c"
        runtime_c.write_text(runtime_c.read_text() + "\n")
        cache.source_fingerprint.cache_clear()
        assert len({before, after, cache.source_fingerprint()}) == 3
    finally:
        cache.source_fingerprint.cache_clear()


PROGRAM_PROCESS = textwrap.dedent("""
    import sys
    import torch
    import exir_mlir
    from exir_mlir.models import MODELS

    torch.manual_seed(0)
    model = MODELS["buffer_mutation"]()
    ep = torch.export.export(model.module, model.example_args)
    program = exir_mlir.compile(ep, cache_dir=sys.argv[1])
    for _ in range(2):  # the buffer it updates is bound as in the process that compiled it
        torch.testing.assert_close(program(*model.example_args), model.module(*model.example_args))
    # A hit imports none of the compiler's stages (nor MLIR): it could not have run them.
    stages = ("mlir", "exir_mlir._mlir", "exir_mlir.codegen", "exir_mlir.importer", "exir_mlir.lowering",
              "exir_mlir.dialects")
    loaded = sorted(m for m in sys.modules if any(m == s or m.startswith(s + ".") for s in stages))
    print(program.loaded_from_disk, program.stage_seconds["import"] == 0.0, loaded[:3])
""")


def test_a_new_process_loads_a_compiled_program_without_decomposing_or_lowering(tmp_path):
    # exir_mlir.compile with cache_dir keys the whole compilation on the exported program: a later
    # process skips torch's decompositions, the import and the lowerings as well as LLVM.
    def run(mode):
        result = subprocess.run([sys.executable, "-c", PROGRAM_PROCESS, str(tmp_path), mode],
                                capture_output=True, text=True, timeout=600)
        assert result.returncode == 0, result.stderr[-3000:]
        return result.stdout.strip().splitlines()[-1]

    first = run("compile")
    assert first.startswith("False False ['") and first != "False False []", first
    assert len(list(tmp_path.glob("*.program.json"))) == 1
    assert run("hit") == "True True []"


class Affine(torch.nn.Module):
    def __init__(self, dtype=torch.float32):
        super().__init__()
        self.linear = torch.nn.Linear(4, 3, dtype=dtype)

    def forward(self, x):
        return torch.relu(self.linear(x))


def _export(model, dtype=torch.float32, high=64):
    batch = torch.export.Dim("batch", min=1, max=high)
    return torch.export.export(model, (torch.randn(5, 4, dtype=dtype),), dynamic_shapes=({0: batch},))


def test_the_program_key_covers_what_changes_the_code_and_only_that(tmp_path):
    """A cache_dir hit must never give code compiled for another program (a silent wrong answer):
    another dim range or dtype misses; other weight values hit (weights are arguments of the code)
    and the program computes with the new weights, in this process's memory cache and from disk."""
    from exir_mlir.compiler import clear_memory_cache

    torch.manual_seed(0)
    model = Affine()
    x = torch.randn(7, 4)
    clear_memory_cache()
    assert not exir_mlir.compile(_export(model), cache_dir=tmp_path).loaded_from_disk
    clear_memory_cache()
    assert exir_mlir.compile(_export(model), cache_dir=tmp_path).loaded_from_disk

    other = Affine()  # other weight values
    for clear in (False, True):
        if clear:
            clear_memory_cache()
        program = exir_mlir.compile(_export(other), cache_dir=tmp_path)
        assert program.loaded_from_disk == clear and program.reused_compilation != clear
        torch.testing.assert_close(program(x), other(x))

    clear_memory_cache()
    narrower = exir_mlir.compile(_export(model, high=32), cache_dir=tmp_path)
    assert not narrower.loaded_from_disk, "a program with another dim range hit the cache"
    with pytest.raises(exir_mlir.errors.ExirUserError):
        narrower(torch.randn(48, 4))  # compiled for batch <= 32: refused, as exported

    clear_memory_cache()
    double = Affine(torch.float64)
    program = exir_mlir.compile(_export(double, torch.float64), cache_dir=tmp_path)
    assert not program.loaded_from_disk, "a program with another dtype hit the cache"
    torch.testing.assert_close(program(x.double()), double(x.double()))


LOADED_PT2_PROCESS = textwrap.dedent("""
    import sys
    import torch
    import exir_mlir
    from exir_mlir.models import MODELS

    directory, mode, name = sys.argv[1:]
    model = MODELS[name]()
    path = f"{directory}/{name}.pt2"
    if mode == "export":
        # Other FX graphs first: the cond's branches are numbered after them (<eval_with_key>.N).
        for _ in range(3):
            torch.fx.symbolic_trace(torch.nn.ReLU())
        ep = torch.export.export(model.module, model.example_args)
        torch.export.save(ep, path)
    else:
        ep = torch.export.load(path)
    program = exir_mlir.compile(ep, cache_dir=directory)
    torch.testing.assert_close(program(*model.example_args), model.module(*model.example_args))
    # A whole-program hit: no step but the load ran (a miss that finds its kernel library on disk
    # is loaded_from_disk too, after decomposing, importing and lowering again).
    print(program.loaded_from_disk, program.stage_seconds["import"] == 0.0)
""")


@pytest.mark.parametrize("name", ["cond", "while_loop"])
def test_a_program_loaded_from_a_pt2_hits_what_its_export_compiled(tmp_path, name):
    # The program key reads the graphs node by node (program_cache.program_text), not str(ep): that
    # printed cond's operands as a tuple in the exporting process and as a list after
    # torch.export.load, numbered the branches' generated code by how many FX graphs the process
    # had made, and torch.export.load drops while_loop's unbacked symbol from the range
    # constraints: a second process missed the cache for every program with control flow.
    def run(mode):
        result = subprocess.run([sys.executable, "-c", LOADED_PT2_PROCESS, str(tmp_path), mode, name],
                                capture_output=True, text=True, timeout=600)
        assert result.returncode == 0, result.stderr[-3000:]
        return result.stdout.strip().splitlines()[-1]

    assert run("export") == "False False"
    assert run("load") == "True True"


def test_a_program_compiled_without_cache_dir_is_written_to_one_given_later(tmp_path):
    # This process's memory cache is per cache_dir: a program compiled here before without one
    # compiles again with one (its machine code must reach the directory for later processes).
    from exir_mlir.compiler import clear_memory_cache

    torch.manual_seed(0)
    model = Affine()
    clear_memory_cache()
    assert not exir_mlir.compile(_export(model)).loaded_from_disk
    exir_mlir.compile(_export(model), cache_dir=tmp_path)
    assert len(list(tmp_path.glob("*.program.json"))) == 1
    clear_memory_cache()
    assert exir_mlir.compile(_export(model), cache_dir=tmp_path).loaded_from_disk
