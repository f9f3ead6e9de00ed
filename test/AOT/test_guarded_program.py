"""A program with shape guards beyond its dims' ranges is refused by export_library (the C wrapper
cannot check them yet; the JIT does: test/Runtime/test_export_guards.py)."""

import pytest
import torch

import exir_mlir
from exir_mlir.errors import ExirUserError


class FirstThird(torch.nn.Module):
    def forward(self, x):
        return torch.tensor_split(x, 3, dim=1)[0] * 2.0


def test_guarded_program_is_refused_naming_the_guard(tmp_path):
    ep = torch.export.export(FirstThird(), (torch.randn(2, 6),),
                             dynamic_shapes=({0: torch.export.Dim.AUTO, 1: torch.export.Dim.AUTO},))
    with pytest.raises(ExirUserError, match=r"x.size\(\)\[1\] % 3"):
        exir_mlir.export_library(ep, tmp_path / "first_third.so")
    assert not (tmp_path / "first_third.so").exists()
