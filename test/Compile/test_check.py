"""`exir_mlir.check(ep)`: every construct compile would reject, with stage, source line and reason,
found by running compile's own stages without building code; held against compile on a few
programs and a fixed slice of the corpus (tools/check_against_corpus.py runs a larger sample)."""

import sys
from pathlib import Path

import pytest
import torch
from torch.export import Dim

import exir_mlir
from _user_ops import user_scale
from exir_mlir.errors import ExirUserError

HERE = Path(__file__).name


def _line(tag: str) -> int:
    lines = Path(__file__).read_text().splitlines()
    return next(i for i, line in enumerate(lines, 1) if line.endswith("# " + tag))


class TwoUnsupported(torch.nn.Module):
    # A user's op and a core op without a lowering (_user_ops.py).
    def forward(self, x):
        a = user_scale(x)  # LINE-A
        b = torch.ops.aten.avg_pool2d_backward(x[:, :, :4, :4] / 2, x, [2, 2], [2, 2], [0, 0], False, True, None)  # LINE-B
        return a, b


class Fine(torch.nn.Module):
    def forward(self, x):
        return torch.relu(x) * 2


class StridedWindow(torch.nn.Module):
    def forward(self, x):
        return x.as_strided((3, 3), (3, 1), 1)  # LINE-WINDOW


def test_every_failing_construct_of_a_stage_at_once():
    ep = torch.export.export(TwoUnsupported(), (torch.randn(1, 2, 8, 8),))
    report = exir_mlir.check(ep)
    assert not report.clean
    found = {(p.stage, p.what, p.where.split(" (")[0].rsplit("/", 1)[-1]) for p in report.problems}
    assert ("edge", "exir_test::user_scale", f"{HERE}:{_line('LINE-A')}:0") in found, report.problems
    assert ("edge", "aten::avg_pool2d_backward", f"{HERE}:{_line('LINE-B')}:0") in found, report.problems
    assert report.stages_not_run == ["backend", "linalg", "codegen"]
    text = report.format("two")
    assert "not checked: backend, linalg, codegen" in text and f"summary: {len(report.problems)} problems" in text
    with pytest.raises(ExirUserError, match="exir_test::user_scale"):
        exir_mlir.compile(ep)


def test_a_limit_that_depends_on_dynamic_dims_is_checked_when_called():
    # as_strided reads element 9 and export lets the input have 3 rows (9 elements): compile checks
    # the size at run time (test_error_paths.py), so check finds nothing to report.
    ep = torch.export.export(StridedWindow(), (torch.randn(4, 3),), dynamic_shapes=({0: Dim("n", min=3, max=64)},))
    assert exir_mlir.check(ep).clean
    x = torch.randn(5, 3)
    torch.testing.assert_close(exir_mlir.compile(ep)(x), StridedWindow()(x))


def test_clean_program_and_its_stages():
    report = exir_mlir.check(torch.export.export(Fine(), (torch.randn(4),)))
    assert report.clean and report.stages_not_run == []
    assert report.stages_run[:5] == ["decompose", "import", "edge", "backend", "linalg"]
    assert "nothing unsupported found" in report.format("fine")


def test_codegen_option_finds_internal_errors_of_the_cpu_pipeline(monkeypatch, tmp_path):
    from exir_mlir._mlir import ir
    from exir_mlir.codegen import pipeline

    monkeypatch.setenv("EXIR_MLIR_REPRODUCER_DIR", str(tmp_path))

    def fail(module):
        func = next(op for op in module.regions[0].blocks[0].operations if op.operation.name == "func.func").operation
        func.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get([], []))
        pipeline._run(module, "builtin.module(canonicalize)", "exir-cpu-fuse")

    monkeypatch.setattr(pipeline, "fuse_elementwise", fail)
    ep = torch.export.export(Fine(), (torch.randn(4),))
    assert exir_mlir.check(ep).clean  # without codegen the CPU pipeline does not run
    (problem,) = exir_mlir.check(ep, codegen=True).problems
    assert problem.internal and problem.stage == "codegen" and "exir-cpu-fuse" in problem.why


# A fixed slice of the corpus: check's verdict must agree with compile on each.
CORPUS_SLICE = [
    "nn:AdaptiveMaxPool1d|f32|0|static",
    "nn:AdaptiveAvgPool1d|f32|0|dynamic",
    "nn:AdaptiveAvgPool2d(1)|f32|0|dynamic",
]


@pytest.mark.parametrize("case", CORPUS_SLICE)
def test_check_agrees_with_compile_on_corpus_cases(case):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Corpus"))
    import _corpus_case as cc

    verdict = {}

    def compile_fn(ep):
        verdict["clean"] = exir_mlir.check(ep).clean
        return exir_mlir.compile(ep)

    result = cc.run_case(case, compile_fn=compile_fn)
    assert "clean" in verdict, result
    assert verdict["clean"] == (result.outcome != cc.COMPILE_ERROR), result
