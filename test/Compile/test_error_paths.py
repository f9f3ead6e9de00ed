"""Every error a user can reach from `exir_mlir.compile` / `exir-mlir`, each message checked for its
parts: what (the ATen op as the program called it, never an internal `exir.*` op), where (the
user's file:line), why, and what to do; internal errors give a reproducer file and exit code 3, not
an IR dump (that is `--verbose`); and no failure leaves files behind in the temporary folder."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import torch
from torch.export import Dim

import exir_mlir
from exir_mlir.compiler import clear_memory_cache
from exir_mlir.errors import EXIT_INTERNAL_ERROR, EXIT_USER_ERROR, ExirInternalError, ExirUserError, RuntimeCheckError

HERE = Path(__file__).name
INTERNAL_OP = re.compile(r"'(exir|edge|backend)\.\w+'")


class PoolBackward(torch.nn.Module):
    # `avg_pool2d_backward` stands for a core op that has no lowering (see _user_ops.py).
    def forward(self, x, grad):
        return torch.ops.aten.avg_pool2d_backward(grad, x, [2, 2], [2, 2], [0, 0], False, True, None)  # LINE-POOLB


POOL_BACKWARD_ARGS = (torch.randn(1, 2, 4, 4), torch.randn(1, 2, 2, 2))


class StridedWindow(torch.nn.Module):
    # (A symbolic pad stood here; symbolic pads now compile: lowering/aten_to_edge/view.py.)
    def forward(self, x):
        return x.as_strided((3, 3), (3, 1), 1)  # LINE-WINDOW


class SparseRoundTrip(torch.nn.Module):
    def forward(self, x):
        return x.to_sparse().to_dense() * 2  # LINE-SPARSE


class Float8(torch.nn.Module):
    # (A complex32 cast stood here, then a uint64 one; complex values now compile
    # (importer/complex_to_real.py), so do uint16/32/64 (lowering/to_linalg/unsigned.py).)
    def forward(self, x):
        return x.to(torch.float8_e4m3fn).to(torch.float32)  # LINE-FLOAT8


class Exp(torch.nn.Module):
    def forward(self, x):
        return torch.exp(x)


def _line(tag: str) -> str:
    lines = Path(__file__).read_text().splitlines()
    return f"{HERE}:{next(i for i, line in enumerate(lines, 1) if line.endswith('# ' + tag))}"


def _compile_error(module, args, dynamic_shapes=None):
    ep = torch.export.export(module, args, dynamic_shapes=dynamic_shapes)
    with pytest.raises(ExirUserError) as info:
        exir_mlir.compile(ep)
    return str(info.value)


def _check_parts(message: str, *, what: str, where: str, why: str):
    assert f"'{what}'" in message or what in message, message  # what
    assert where in message, message  # where
    assert re.search(why, message), message  # why
    assert "what to do:" in message or "cast" in message, message  # what to do
    assert not INTERNAL_OP.search(message), message
    assert "run_decompositions()" not in message and "reproduce with" not in message, message


def test_unsupported_core_op():
    message = _compile_error(PoolBackward(), POOL_BACKWARD_ARGS)
    _check_parts(message, what="aten::avg_pool2d_backward", where=_line("LINE-POOLB"),
                 why=r"cannot be lowered to edge: (no lowering for this op|.*not supported yet)")


def test_limit_that_depends_on_dynamic_dims_is_checked_at_run_time():
    # as_strided reads element 9; export lets the input have 3 rows (9 elements, which eager refuses):
    # the call checks the input's size and raises, naming the op and the line, rather than read past
    # a 3-row input. A 4-row input computes what eager does.
    ep = torch.export.export(StridedWindow(), (torch.randn(4, 3),), dynamic_shapes=({0: Dim("n", min=3, max=64)},))
    program = exir_mlir.compile(ep)
    x = torch.randn(4, 3)
    torch.testing.assert_close(program(x), StridedWindow()(x), rtol=0, atol=0)
    with pytest.raises(RuntimeCheckError, match=rf"as_strided at .*{_line('LINE-WINDOW')}.* reads element 9"):
        program(torch.randn(3, 3))
    with pytest.raises(RuntimeError):
        StridedWindow()(torch.randn(3, 3))  # eager refuses it too


def test_sparse_layout_at_import():
    # A sparse tensor is refused by layout (not as an op without a decomposition, which advised
    # writing to_sparse with core ATen ops).
    message = _compile_error(SparseRoundTrip(), (torch.randn(3, 4),))
    assert _line("LINE-SPARSE") in message and "layout torch.sparse_coo" in message, message
    assert "dense (torch.strided) tensors" in message and "decomposition" not in message, message
    assert any(p.what == "layout sparse_coo" for p in exir_mlir.check(
        torch.export.export(SparseRoundTrip(), (torch.randn(3, 4),))).problems)


def test_unsupported_dtype_at_import():
    message = _compile_error(Float8(), (torch.randn(4),))
    assert _line("LINE-FLOAT8") in message and "float8_e4m3fn" in message and "cast" in message, message


@pytest.fixture
def broken_cpu_stage(monkeypatch, tmp_path):
    """The CPU pipeline's first stage fails as an MLIR pass failure would (the func's type is made
    invalid, so the pass manager's verifier rejects it)."""
    from exir_mlir._mlir import ir
    from exir_mlir.codegen import pipeline

    monkeypatch.setenv("EXIR_MLIR_REPRODUCER_DIR", str(tmp_path / "repro"))

    def fail(module):
        func = next(op for op in module.regions[0].blocks[0].operations if op.operation.name == "func.func").operation
        func.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get([], []))
        pipeline._run(module, "builtin.module(canonicalize)", "exir-cpu-fuse")

    monkeypatch.setattr(pipeline, "fuse_elementwise", fail)
    return tmp_path / "repro"


def test_internal_error_is_short_with_a_reproducer(broken_cpu_stage):
    clear_memory_cache()
    ep = torch.export.export(Exp(), (torch.randn(5),))
    with pytest.raises(ExirInternalError) as info:
        exir_mlir.compile(ep)
    error = info.value
    message = str(error)
    assert message.startswith("CPU stage 'exir-cpu-fuse' failed: ")
    assert len(message.splitlines()) == 2, message  # the diagnostic, then the reproducer
    assert "see current operation" not in message and "func.func @main" not in message
    assert error.reproducer is not None and error.reproducer.parent == broken_cpu_stage
    assert "linalg" in error.reproducer.read_text() or "math.exp" in error.reproducer.read_text()
    command = message.splitlines()[1].removeprefix("reproducer: ")
    assert command == (f"exir-mlir-opt {error.reproducer} "
                       "--pass-pipeline='builtin.module(exir-cpu-pipeline{num-threads=" +
                       command.split("num-threads=")[1])
    assert "function_type" in error.detail or "entry block" in error.detail  # MLIR's own text, for --verbose
    # The command runs as printed (here it passes: the failure was injected, the IR is fine).
    argv = [str(Path(sys.executable).with_name("exir-mlir-opt")), str(error.reproducer),
            command.split(" ", 2)[2].removeprefix("--pass-pipeline=").strip("'")]
    argv[2] = "--pass-pipeline=" + argv[2]
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr


_CLI = """
import sys
from exir_mlir.cli.main import main
if sys.argv[1] == "internal":
    from exir_mlir._mlir import ir
    from exir_mlir.codegen import pipeline
    def fail(module):
        func = next(op for op in module.regions[0].blocks[0].operations if op.operation.name == "func.func").operation
        func.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get([], []))
        pipeline._run(module, "builtin.module(canonicalize)", "exir-cpu-fuse")
    pipeline.fuse_elementwise = fail
sys.exit(main(sys.argv[2:]))
"""


@pytest.fixture(scope="module")
def programs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("programs")
    torch.export.save(torch.export.export(PoolBackward(), POOL_BACKWARD_ARGS), folder / "pool_backward.pt2")
    torch.export.save(torch.export.export(Exp(), (torch.randn(5),)), folder / "exp.pt2")
    return folder


def _cli(kind: str, args: list[str], tmp: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "TMPDIR": str(tmp), "EXIR_MLIR_REPRODUCER_DIR": ""}
    return subprocess.run([sys.executable, "-c", _CLI, kind, *args], capture_output=True, text=True,
                          env=env, timeout=600)


def test_cli_errors_exit_codes_verbose_and_no_litter(programs, tmp_path):
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    user = _cli("user", ["compile", str(programs / "pool_backward.pt2")], tmp)
    assert user.returncode == EXIT_USER_ERROR, user.stderr
    assert "Traceback" not in user.stderr and "'aten::avg_pool2d_backward'" in user.stderr
    assert "what to do:" in user.stderr
    internal = _cli("internal", ["compile", str(programs / "exp.pt2")], tmp)
    assert internal.returncode == EXIT_INTERNAL_ERROR, internal.stderr
    assert "Traceback" not in internal.stderr and "reproducer: exir-mlir-opt" in internal.stderr
    assert "see current operation" not in internal.stderr and "--verbose shows the full detail" in internal.stderr
    verbose = _cli("internal", ["--verbose", "compile", str(programs / "exp.pt2")], tmp)
    assert verbose.returncode == EXIT_INTERNAL_ERROR and "detail:" in verbose.stderr
    # Failed compiles leave nothing in the temporary folder but the kept reproducers.
    assert sorted(p.name for p in tmp.iterdir()) == ["exir-mlir-reproducers"]
    assert len(list((tmp / "exir-mlir-reproducers").iterdir())) == 2


def test_scratch_dir_is_removed_at_exit(tmp_path):
    code = "from exir_mlir.tempdirs import scratch_dir; d = scratch_dir(); (d / 'x').write_text('1'); print(d)"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, "TMPDIR": str(tmp_path)}, timeout=120)
    made = Path(proc.stdout.strip())
    assert made.parent == tmp_path and made.name.startswith("exir-mlir-")
    assert not made.exists() and list(tmp_path.iterdir()) == []
