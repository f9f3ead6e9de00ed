"""The tolerances and the comparison the special-function tests (test_special_functions.py,
test_incomplete_gamma.py) hold exir-mlir's decompositions to against eager."""

from __future__ import annotations

import torch

TOLERANCE = {torch.float32: (1e-4, 1e-5), torch.float64: (1e-7, 1e-7)}


def assert_matches(ours: torch.Tensor, eager: torch.Tensor, dtype: torch.dtype, what: str) -> None:
    assert ours.dtype == eager.dtype, what
    rtol, atol = TOLERANCE[dtype]
    close = torch.isclose(ours, eager, rtol=rtol, atol=atol, equal_nan=True)
    # isclose calls inf == inf close; the sign of an infinity must match too (it does with equal values)
    assert bool(close.all()), (what, [(i, ours.flatten()[i].item(), eager.flatten()[i].item())
                                      for i in (~close.flatten()).nonzero().flatten()[:5].tolist()])
