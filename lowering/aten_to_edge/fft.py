"""aten-to-edge for FFT (`_fft_r2c`, `_fft_c2r`, `_fft_c2c`) met in exir IR: a clear error.

torch.fft.* produce or consume complex tensors, which no stage below exir takes (to-linalg refuses
complex element types). exir_mlir.compile and `exir-mlir import --decompose` rewrite complex values
and the FFT ops to real ones before import (exir_mlir.importer.complex_to_real), so these ops only
reach the lowering in IR imported without that step; each says so, rather than "no lowering".
"""

from __future__ import annotations

from ..conversion import PatternTable
from ..ir_utils import Unsupported

FAMILY = "fft"

_WHAT_TO_DO = ("the lowering takes real tensors only. What to do: compile with exir_mlir.compile or import "
               "with `exir-mlir import --decompose`, which rewrite complex values and FFTs to real ops first")


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
