"""A rotating slice of the GPU-mapping numerics sweep (docs/gpu-numerics.json) in CI.

Each selected core ATen op's f32 OpInfo program is compiled with `target="cuda-on-cpu"` (tiled and
distributed to GPU blocks and threads, shared memory, then run on the CPU) and compared with eager by
test/Numerics' check and tolerances. The full sweep: `python test/GPU/_gen_gpu_numerics.py`.
`EXIR_GPU_NUMERICS_ROTATION=K` picks another slice; `EXIR_GPU_NUMERICS_ALL=1` runs every pair.
"""

import json
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "test" / "Numerics"))

from _numerics_check import MATCHES, check, core_ops_by_name  # noqa: E402

SLICE = 8
RECORDED = {r["overload"]: r for r in json.loads((ROOT / "docs" / "gpu-numerics.json").read_text())["results"]}
MATCHING = sorted(op for op, r in RECORDED.items() if r["result"] == MATCHES)


def _selected() -> list[str]:
    if os.environ.get("EXIR_GPU_NUMERICS_ALL") == "1":
        return MATCHING
    rotation = int(os.environ.get("EXIR_GPU_NUMERICS_ROTATION", "0"))
    step = max(1, len(MATCHING) // SLICE)
    return [MATCHING[(i * step + rotation) % len(MATCHING)] for i in range(SLICE)]


@pytest.fixture(scope="module")
def core_ops():
    return core_ops_by_name()


@pytest.mark.parametrize("overload", _selected())
def test_gpu_mapped_op_matches_eager(overload, core_ops):
    outcome = check(core_ops[overload], "f32", target="cuda-on-cpu")
    assert outcome.result == MATCHES, outcome.detail


def test_every_recorded_pair_matches():
    """The sweep's record has no silent wrong result and no crash: a pair that does not match is a bug
    to fix (or an op to reject with an error) before the record is regenerated."""
    assert [op for op, r in RECORDED.items() if r["result"] != MATCHES] == []
