"""The attention fusion (edge-to-backend) looks through views that regroup batch dims only: a view
that reshapes a bmm operand's matrix dims stays in front of backend.sdpa. It used to be skipped, and
the fused op then multiplied the unviewed operand (to-linalg rejected its shapes with an error that
called a valid program unsupported). Tolerance: f32, 1e-5."""

import pytest
import torch
from _function_module import FunctionModule

import exir_mlir


def _q_regrouped(q0, k, v):  # q [B, 2, 8] -> [B, 4, 4]
    s = torch.bmm(q0.reshape(q0.shape[0], 4, 4), k.transpose(1, 2)) * 0.5
    return torch.bmm(s.softmax(-1), v)


def _v_regrouped(q, k, v0):  # v [B, 3, 8] -> [B, 6, 4]
    s = torch.bmm(q, k.transpose(1, 2)) * 0.5
    return torch.bmm(s.softmax(-1), v0.reshape(v0.shape[0], 6, 4))


@pytest.mark.parametrize("fn, shapes", [
    (_q_regrouped, ((2, 2, 8), (2, 6, 4), (2, 6, 5))),
    (_v_regrouped, ((2, 4, 4), (2, 6, 4), (2, 3, 8))),
])
def test_a_view_of_the_matrix_dims_is_kept(fn, shapes):
    args = tuple(torch.randn(*s) for s in shapes)
    program = exir_mlir.compile(torch.export.export(FunctionModule(fn), args))
    torch.testing.assert_close(program(*args), fn(*args), rtol=1e-5, atol=1e-5)
