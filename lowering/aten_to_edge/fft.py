"""aten-to-edge for FFT (`_fft_r2c`, `_fft_c2r`, `_fft_c2c`): not lowered yet, a clear error.

torch.fft.* produce or consume complex tensors, which no stage below edge takes yet (to-linalg
refuses complex element types); each FFT op says so, with what to do, rather than "no lowering".
"""

from __future__ import annotations

from ..conversion import PatternTable
from ..ir_utils import Unsupported

FAMILY = "fft"

_WHAT_TO_DO = ("exir-mlir does not support complex tensors yet, so FFTs cannot be compiled. What to do: "
               "run the torch.fft calls in eager PyTorch outside the exported program (pass their "
               "result in as an input, or post-process the program's output)")


def _refuse(name: str):
    def pattern(op):
        raise Unsupported(f"'{name}' (torch.fft) computes with complex numbers: {_WHAT_TO_DO}")

    return pattern


def _refuse_call(c):
    raise Unsupported(f"'aten::_fft_c2c' (torch.fft) computes with complex numbers: {_WHAT_TO_DO}")


# `_fft_c2c` has no exir op (its operands are complex): it arrives as a fallback call.
FALLBACK_DECOMPOSITIONS = {"aten::_fft_c2c": _refuse_call}


def populate_fft_patterns(table: PatternTable) -> None:
    table.add("exir.priv_fft_r2c", _refuse("aten::_fft_r2c"), family=FAMILY)
    table.add("exir.priv_fft_c2r", _refuse("aten::_fft_c2r"), family=FAMILY)
