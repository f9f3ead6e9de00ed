"""A sample of core ATen ops per dtype through exir_mlir.compile, and docs/op-runs.md kept in sync."""

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _gen_op_runs import DOCS, DTYPES, render_markdown  # noqa: E402
from _op_runs import OpRun, overload_name, run_op  # noqa: E402

SAMPLE = [
    ("aten::add.Tensor", "f32"), ("aten::add.Tensor", "i64"), ("aten::mul.Tensor", "bf16"),
    ("aten::exp", "f16"), ("aten::eq.Tensor", "bool"), ("aten::sum.dim_IntList", "f32"),
    ("aten::where.self", "i32"), ("aten::amax", "f32"),
]


@pytest.mark.parametrize("overload,dtype", SAMPLE)
def test_op_runs_and_matches_eager(overload, dtype):
    from exir_mlir import schema

    op = next(o for o in schema.core_aten_overloads() if overload_name(o) == overload)
    result = run_op(op, dtype)
    assert result.result == "matches", result


def test_generated_table_matches_its_json():
    data = json.loads((DOCS / "op-runs.json").read_text())
    results = [OpRun(**r) for r in data["results"]]
    dtypes = tuple(d for d in DTYPES if any(r.dtype == d for r in results))
    assert (DOCS / "op-runs.md").read_text() == render_markdown(results, dtypes), (
        "docs/op-runs.md is stale: run python test/Runtime/_gen_op_runs.py"
    )
