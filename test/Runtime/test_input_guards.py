"""Input guards, one test per kind of input error, on a program exported with torch.export.Dim:

    x: [s0, 3]      y: [2*s0, 3] (derived)      z: [s0 + 1] (derived)      w: [s0, 3] (equal to x's dim 0)
    k: [4] int64 (a static dim)                 s0 in [2, 16]

Each wrong input must raise ExirUserError naming the input, its dim and what was expected, before
anything runs (a wrong size that ran would read or write out of bounds). The right inputs at two sizes
run and match eager. tools/mutation_check.py plants a bug in each guard (M51-M53) to check these fail.
"""

from __future__ import annotations

import pytest
import torch

import exir_mlir
from exir_mlir.errors import ExirUserError


class Guarded(torch.nn.Module):
    def forward(self, x, y, z, w, k):
        return x * 2 + w, y - 1, z + 1, k + 1


def _inputs(s0: int):
    return (torch.randn(s0, 3), torch.randn(2 * s0, 3), torch.randn(s0 + 1), torch.randn(s0, 3),
            torch.arange(4, dtype=torch.int64))


@pytest.fixture(scope="module")
def program():
    s0 = torch.export.Dim("s0", min=2, max=16)
    shapes = {"x": {0: s0}, "y": {0: 2 * s0}, "z": {0: s0 + 1}, "w": {0: s0}, "k": None}
    ep = torch.export.export(Guarded(), _inputs(4), dynamic_shapes=shapes)
    return exir_mlir.compile(ep, num_threads=1)


@pytest.mark.parametrize("s0", [2, 7])
def test_right_inputs_at_two_sizes_match_eager(program, s0):
    inputs = _inputs(s0)
    for ours, eager in zip(program(*inputs), Guarded()(*inputs)):
        torch.testing.assert_close(ours, eager, rtol=0, atol=0)


def _with(s0: int, position: int, value):
    inputs = list(_inputs(s0))
    inputs[position] = value
    return inputs


# (what is wrong, inputs, the message expected)
CASES = [
    # each dim of each input
    ("x dim 0 above the range", _with(17, 0, torch.randn(17, 3)), r"input 'x' \(argument 0\) dim 0 has size 17, outside the range \[2, 16\] of 's0'"),
    ("x dim 0 below the range", [torch.randn(1, 3)] + list(_inputs(4)[1:]), r"input 'x' \(argument 0\) dim 0 has size 1, outside the range \[2, 16\]"),
    ("x dim 1 static", _with(4, 0, torch.randn(4, 5)), r"input 'x' \(argument 0\) dim 1 has size 5, but the program was compiled for size 3"),
    ("y dim 1 static", _with(4, 1, torch.randn(8, 2)), r"input 'y' \(argument 1\) dim 1 has size 2, but the program was compiled for size 3"),
    ("w dim 1 static", _with(4, 3, torch.randn(4, 4)), r"input 'w' \(argument 3\) dim 1 has size 4, but the program was compiled for size 3"),
    # derived dims
    ("y dim 0 is 2*s0", _with(4, 1, torch.randn(9, 3)), r"input 'y' \(argument 1\) dim 0 has size 9, but it must be 2\*s0 = 8 given s0=4"),
    ("y dim 0 is 2*s0, not s0", _with(4, 1, torch.randn(4, 3)), r"input 'y' \(argument 1\) dim 0 has size 4, but it must be 2\*s0 = 8"),
    ("z dim 0 is s0 + 1", _with(4, 2, torch.randn(4)), r"input 'z' \(argument 2\) dim 0 has size 4, but it must be s0 \+ 1 = 5 given s0=4"),
    ("z dim 0 is s0 + 1, not s0 + 2", _with(4, 2, torch.randn(6)), r"input 'z' \(argument 2\) dim 0 has size 6, but it must be s0 \+ 1 = 5"),
    # equal dims across inputs
    ("w dim 0 equals x dim 0", _with(4, 3, torch.randn(5, 3)), r"input 'w' \(argument 3\) dim 0 has size 5, but input 'x' \(argument 0\) dim 0 has size 4"),
    # specialized (static) values
    ("k dim 0 static", _with(4, 4, torch.arange(5)), r"input 'k' \(argument 4\) dim 0 has size 5, but the program was compiled for size 4"),
    # dtype, rank, device
    ("x dtype", _with(4, 0, torch.randn(4, 3, dtype=torch.float64)), r"input 'x' \(argument 0\) has dtype torch.float64, but the program was compiled for torch.float32"),
    ("k dtype", _with(4, 4, torch.arange(4, dtype=torch.int32)), r"input 'k' \(argument 4\) has dtype torch.int32, but the program was compiled for torch.int64"),
    ("z rank above", _with(4, 2, torch.randn(5, 1)), r"input 'z' \(argument 2\) has rank 2 \(shape \[5, 1\]\), expected rank 1"),
    ("x rank below", _with(4, 0, torch.randn(4)), r"input 'x' \(argument 0\) has rank 1 \(shape \[4\]\), expected rank 2"),
    ("x device", _with(4, 0, torch.randn(4, 3, device="meta")), r"input 'x' \(argument 0\) is on device 'meta'; this program runs on the CPU"),
    ("x not a tensor", _with(4, 0, 2.0), r"input 'x' \(argument 0\) must be a torch.Tensor or numpy array, got float"),
]


@pytest.mark.parametrize("inputs,message", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_wrong_input_is_a_clear_error(program, inputs, message):
    with pytest.raises(ExirUserError, match=message):
        program(*inputs)
