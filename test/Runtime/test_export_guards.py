"""torch.export's shape guards beyond the dims' ranges are checked on every call (importer/guards.py).

tensor_split(x, 3, dim=1) exported at 6 columns holds only where columns % 3 == 0: at 7 columns the
compiled code returned 2 columns where eager returns 3, without an error.
"""

import pytest
import torch

import exir_mlir
from exir_mlir.errors import ExirUserError

AUTO = torch.export.Dim.AUTO


class FirstThird(torch.nn.Module):
    def forward(self, x):
        return torch.tensor_split(x, 3, dim=1)[0] * 2.0


class Doubled(torch.nn.Module):
    def forward(self, x):
        return x * 2.0


def test_sizes_that_keep_the_guards_match_eager():
    program = exir_mlir.compile(torch.export.export(FirstThird(), (torch.randn(2, 6),), dynamic_shapes=({0: AUTO, 1: AUTO},)))
    for shape in ((2, 6), (5, 9), (3, 30)):
        x = torch.randn(*shape)
        torch.testing.assert_close(program(x), FirstThird()(x))


def test_a_size_that_breaks_a_guard_is_refused_naming_it():
    program = exir_mlir.compile(torch.export.export(FirstThird(), (torch.randn(2, 6),), dynamic_shapes=({0: AUTO, 1: AUTO},)))
    with pytest.raises(ExirUserError, match=r"exported under: \(x.size\(\)\[1\] % 3\) <= 0"):
        program(torch.randn(2, 7))


def test_a_program_without_guards_checks_nothing_extra():
    program = exir_mlir.compile(torch.export.export(Doubled(), (torch.randn(2, 6),), dynamic_shapes=({0: AUTO, 1: AUTO},)))
    assert program._guards is None
    x = torch.randn(3, 7)
    torch.testing.assert_close(program(x), x * 2.0)


class SharedBatch(torch.nn.Module):
    def forward(self, x, mask):
        return x * mask.to(x.dtype)


def test_an_equality_of_dims_is_the_call_plans_check():
    """The guard x.size()[0] == mask.size()[0] names two dims the signature gives one symbol: it
    is left to the call's own check (compiler._export_guards), so that the call takes the direct
    path. A call that breaks it is still refused, never run on mismatched sizes."""
    ep = torch.export.export(SharedBatch(), (torch.randn(2, 6), torch.ones(2, 6, dtype=torch.bool)),
                             dynamic_shapes=({0: AUTO, 1: AUTO}, {0: AUTO, 1: AUTO}))
    assert any("==" in code for code, _ in exir_mlir.importer.guards.guard_sources(ep))
    program = exir_mlir.compile(ep)
    assert program._guards is None and program._direct
    for rows, cols in ((2, 6), (5, 9), (3, 2)):
        x, mask = torch.randn(rows, cols), torch.rand(rows, cols) > 0.5
        torch.testing.assert_close(program(x, mask), SharedBatch()(x, mask))
    for x, mask in ((torch.randn(3, 6), torch.ones(2, 6, dtype=torch.bool)),
                    (torch.randn(2, 6), torch.ones(2, 7, dtype=torch.bool))):
        with pytest.raises(ExirUserError):
            program(x, mask)
