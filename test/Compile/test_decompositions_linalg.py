"""compile() takes torch.linalg's factorizations and solvers through exir_mlir/importer/decompositions_linalg.py
(while_loops over the matrix dim): end to end against eager, with every dim symbolic (batch and matrix size),
checked at the export sizes and at other ones. One program per family: each compile costs seconds."""

from __future__ import annotations

import warnings

import pytest
import torch
from torch.export import Dim

import exir_mlir
from exir_mlir.errors import ExirUserError

warnings.filterwarnings("ignore", category=FutureWarning)


def _program(fn, inputs):
    class M(torch.nn.Module):
        def forward(self, *xs):
            return fn(*xs)

    shapes = tuple({d: Dim.AUTO for d in range(a.dim())} for a in inputs)
    ep = torch.export.export(M(), inputs, dynamic_shapes=(shapes,), strict=False)
    placeholders = [n.meta["val"] for n in ep.graph.nodes if n.op == "placeholder"]
    assert not isinstance(placeholders[0].shape[-1], int)  # the matrix size stayed symbolic
    return exir_mlir.compile(ep)


def _spd(b, n, g, dtype=torch.float32):
    m = torch.randn(b, n, n, generator=g, dtype=dtype)
    return m @ m.mT + n * torch.eye(n, dtype=dtype)


def _lu_family(spd, a, b, t):
    p, l, u = torch.linalg.lu(a)
    return (torch.linalg.cholesky(spd), torch.linalg.solve(a, b), torch.linalg.solve_triangular(t, b, upper=True),
            p, l, u, torch.linalg.det(a))


@pytest.mark.parametrize("dtype", [torch.float64])
def test_lu_cholesky_and_solves_dynamic(dtype):
    # LU with partial pivoting: a zero first pivot needs the swap, and a column of equal |values| must take the
    # first of them (LAPACK's getrf); every output is compared, pivots included.
    g = torch.Generator().manual_seed(0)

    def inputs(batch, n):
        a = torch.randn(batch, n, n, generator=g, dtype=dtype)
        a[:, 0, 0] = 0.0
        a[:, 1, 1] = a[:, 2, 1] = -a[:, 3, 1]  # a tie for the second pivot (after the first elimination)
        return (_spd(batch, n, g, dtype), a, torch.randn(batch, n, 3, generator=g, dtype=dtype),
                torch.randn(batch, n, n, generator=g, dtype=dtype).triu() + 3 * torch.eye(n, dtype=dtype))

    program = _program(_lu_family, inputs(2, 5))
    for batch, n in ((2, 5), (3, 7)):
        args = inputs(batch, n)
        got, want = program(*args), _lu_family(*args)
        assert len(got) == len(want)
        for i, (x, y) in enumerate(zip(got, want)):
            torch.testing.assert_close(x, y, rtol=1e-9, atol=1e-9, msg=lambda m, i=i: f"output {i}: {m}")


def _qr_eig_svd(a, s):
    q, r = torch.linalg.qr(a)
    w, v = torch.linalg.eigh(s)
    return q, r, w, v, *torch.linalg.svd(a, full_matrices=False)


def test_qr_eigh_svd_dynamic():
    # QR equals LAPACK's (geqrf's reflector signs); eigenvectors are unique up to sign only: compared through
    # |V^T V_eager| = I (distinct eigenvalues) and the reconstruction V diag(w) V^T = S. An ill-conditioned
    # (but valid) matrix: singular values from 1 to 1e-6; and a rank-deficient one for the SVD.
    g = torch.Generator().manual_seed(1)

    def inputs(batch, m, n):
        u, _ = torch.linalg.qr(torch.randn(batch, m, n, generator=g, dtype=torch.float64))
        vt, _ = torch.linalg.qr(torch.randn(batch, n, n, generator=g, dtype=torch.float64))
        a = u @ torch.diag_embed(torch.logspace(0, -6, n, dtype=torch.float64)) @ vt.mT
        return a, _spd(batch, n, g, torch.float64)

    program = _program(_qr_eig_svd, inputs(2, 6, 4))
    for sizes in ((2, 6, 4), (3, 7, 5), "rank-deficient"):
        if sizes == "rank-deficient":  # two zero columns: two exact zero singular values
            args = inputs(2, 6, 4)
            args[0][..., 1:3] = 0
        else:
            args = inputs(*sizes)
        got, want = program(*args), _qr_eig_svd(*args)
        # Singular values equal LAPACK's; U has orthonormal columns (also those of zero singular values,
        # which LAPACK completes arbitrarily) and U diag(S) Vh rebuilds the matrix.
        u, sv, vh = got[4:]
        torch.testing.assert_close(sv, want[5], rtol=1e-7, atol=1e-7)
        eye_n = torch.eye(u.shape[-1], dtype=u.dtype)
        torch.testing.assert_close(u.mT @ u, eye_n.expand(u.shape[:-2] + eye_n.shape), rtol=0, atol=1e-10)
        torch.testing.assert_close(u @ torch.diag_embed(sv) @ vh, args[0], rtol=1e-10, atol=1e-10)
        if sizes == "rank-deficient":
            continue
        for i in (0, 1, 2):
            torch.testing.assert_close(got[i], want[i], rtol=1e-7, atol=1e-7, msg=lambda m, i=i: f"output {i}: {m}")
        w, v = got[2], got[3]
        eye = torch.eye(v.shape[-1], dtype=v.dtype)
        torch.testing.assert_close((v.mT @ want[3]).abs(), eye.expand_as(v), rtol=0, atol=1e-8)
        torch.testing.assert_close(v @ torch.diag_embed(w) @ v.mT, args[1], rtol=1e-10, atol=1e-10)


def test_eig_is_a_clear_error():
    class M(torch.nn.Module):
        def forward(self, a):
            return torch.linalg.eigvals(a)

    ep = torch.export.export(M(), (torch.randn(3, 3),), strict=False)
    with pytest.raises(ExirUserError) as info:
        exir_mlir.compile(ep)
    text = str(info.value)
    assert "linalg_eig" in text and "complex" in text  # the op and why (its results are complex)
    assert "test_decompositions_linalg.py" in text  # the user's line


def _ldl_family(a, b):
    ld, piv, info = torch.linalg.ldl_factor_ex(a)
    return ld, piv, info, torch.linalg.ldl_solve(ld, piv, b)


def test_ldl_factor_and_solve_dynamic():
    # Bunch-Kaufman pivoting equals LAPACK sytrf's: symmetric indefinite matrices with small integer entries
    # (ties, zero diagonals: 1x1 pivots with and without interchange and 2x2 blocks, different per batch
    # element); LD, pivots and info compared exactly, the solve against eager's. The last batch element is
    # singular (a zero row and column): info names the step that met it, LD and pivots still equal LAPACK's.
    g = torch.Generator().manual_seed(2)

    def inputs(batch, n):
        a = torch.randint(-3, 4, (batch, n, n), generator=g).to(torch.float64)
        a = a + a.mT
        a[0].fill_diagonal_(0)
        a[-1, :, 2] = a[-1, 2, :] = 0
        return a, torch.randn(batch, n, 2, generator=g, dtype=torch.float64)

    program = _program(_ldl_family, inputs(3, 5))
    for batch, n in ((3, 5), (4, 8)):
        args = inputs(batch, n)
        got, want = program(*args), _ldl_family(*args)
        assert (want[1] < 0).any() and (want[1][0] < 0).any()  # 2x2 blocks are exercised
        assert want[2][-1] > 0 and (want[2][:-1] == 0).all()
        torch.testing.assert_close(got[0], want[0], rtol=1e-12, atol=1e-12)
        assert torch.equal(got[1], want[1]) and torch.equal(got[2], want[2])
        torch.testing.assert_close(got[3][:-1], want[3][:-1], rtol=1e-9, atol=1e-9)
