"""Own decompositions of torch.linalg's factorizations and solvers (torch._decomp has none), with core ATen ops.

Each algorithm is a while_loop (torch.ops.higher_order.while_loop) over the matrix dim (one column, row or rotation per iteration), so the
matrix size may stay symbolic (the corpus exports every dim `Dim.AUTO`) and the program does not grow with n.
Rows and columns are picked with `where(arange == j, ...)` reductions, not `select` (j is a loop-carried 0-d
tensor): O(n^2) work per step, so the factorizations are O(n^3) and vectorized over the batch and the row.

- Cholesky (right-looking), triangular solves (substitution), LU with partial pivoting (LAPACK getrf's
  pivots: the first largest |value| of the column), det/slogdet/inv/solve/lu_solve/lu_unpack from it.
- LDL^T with Bunch-Kaufman pivoting (LAPACK sytf2's 1x1/2x2 blocks and pivots, its compact LD) and
  ldl_solve (sytrs); each batch element carries its own step k (its block sizes differ).
- Householder QR (LAPACK geqrf's reflectors: beta = -sign(alpha) * norm, so R and Q equal LAPACK's),
  householder_product (orgqr) and ormqr.
- eigh: cyclic Jacobi rotations (sweeps until the off-diagonal part is below eps * ||A||, at most
  _MAX_SWEEPS); svd: one-sided Jacobi (Hestenes) on the columns. Eigen- and singular vectors are unique only
  up to sign (LAPACK's signs are not reproduced); values are sorted as torch returns them.
- matrix_exp: Taylor series of degree 18 after scaling by 2^-s (s from the 1-norm, data-dependent), then s
  squarings (a while_loop).

Slow: the Jacobi methods cost O(n^4) per sweep (one rotation per loop step, each O(n^2) with the masked
updates); fine for the small matrices these ops usually see. Real dtypes only: a complex input, and linalg.eig
(complex results), leave the op with a reason that names it.
"""

from __future__ import annotations

from collections.abc import Callable

import torch
from torch._higher_order_ops.while_loop import while_loop_op
from torch.export._remove_effect_tokens_pass import _remove_effect_tokens
from torch.fx.experimental.symbolic_shapes import statically_known_true

aten = torch.ops.aten

_MAX_SWEEPS = 30  # Jacobi sweeps at most; f32/f64 converge in well under 15 for the sizes seen


# ----------------------------------------------------------------------------------------- helpers


def _real(a: torch.Tensor, what: str) -> None:
    if a.dtype.is_complex:
        raise NotImplementedError(f"exir-mlir decomposes {what} for real dtypes only, not {a.dtype}")


def _ar(n, like):
    return torch.arange(n, dtype=torch.int64, device=like.device)


def _count(ar):
    """The length of a 1-d arange as a 0-d int64 tensor (a symbolic size stays a tensor operand)."""
    return torch.ones_like(ar).sum()


def _loop(count, body: Callable, init: tuple, like, consts: tuple = ()) -> tuple:
    """`for j in range(count): state = body(j, *state, *consts)` with j a 0-d int64 tensor, count a 0-d
    tensor. Every tensor the body reads comes as an argument (`consts`: the loop's additional inputs): a
    tensor it closed over would become a constant of the traced body. With no elements (an empty batch), the
    state stays as it is."""
    if statically_known_true(like.numel() == 0):
        return tuple(init)
    k = len(init)

    def cond(j, *state):
        return j < state[-1]

    def step(j, *state):
        return (j + 1, *body(j, *state[:-1]))

    zero = torch.zeros((), dtype=torch.int64, device=like.device)
    return tuple(_while(cond, step, (zero, *init), (*consts, count))[1:k + 1])


def _while(cond, body, carried: tuple, additional: tuple) -> tuple:
    """torch.ops.higher_order.while_loop itself: torch.while_loop() would trace it with dynamo, whose cache
    keyed by these functions' code returns the first program's loop for the next one (its symbolic sizes
    then lack their metadata). cond and body take (*carried, *additional); body returns the carried."""
    return while_loop_op(cond, lambda *args: tuple(body(*args)), carried, additional)


def _col(a, j, arn):
    """Column j of a [..., m, n] as [..., m] (j a 0-d tensor)."""
    return torch.where(arn == j, a, 0).sum(-1)


def _row(a, j, arm):
    """Row j of a [..., m, n] as [..., n]."""
    return torch.where((arm == j).unsqueeze(-1), a, 0).sum(-2)


def _pick(v, j, ar):
    """v[..., j] as [...]."""
    return torch.where(ar == j, v, 0).sum(-1)


def _eye(m, n, like):
    return (_ar(m, like).unsqueeze(-1) == _ar(n, like)).to(like.dtype)


def _mT(a):
    return a.transpose(-2, -1)


def _outer(u, v):
    return u.unsqueeze(-1) * v.unsqueeze(-2)


def _batch(*ts):
    return list(torch.broadcast_shapes(*(tuple(t.shape[:-2]) for t in ts)))


def _zeros(shape, dtype, like):
    return torch.zeros(shape, dtype=dtype, device=like.device)


def _first_bad(info, bad, j):
    """info (int32) with j + 1 where it is still 0 and `bad` holds."""
    return torch.where((info == 0) & bad, (j + 1).to(torch.int32), info)


# ---------------------------------------------------------------------------------------- cholesky


def _cholesky_lower(a):
    """L with A = L L^T from A's lower triangle, and LAPACK's info (first non-positive pivot + 1)."""
    n = a.shape[-1]
    ar = _ar(n, a)

    def body(j, rest, low, info, ar):
        cj = _col(rest, j, ar)
        piv = _pick(cj, j, ar)
        info = _first_bad(info, ~(piv > 0), j)
        # LAPACK's potrf stops at the first pivot that is not positive: that column and the ones after keep
        # the values reached so far (the pivot itself not square-rooted), nothing is updated any more.
        stopped = (info != 0).unsqueeze(-1)
        col = torch.where(ar >= j, cj / piv.sqrt().unsqueeze(-1), 0)
        col = torch.where(stopped, torch.where(ar >= j, cj, 0), col)
        rest = rest - torch.where(stopped.unsqueeze(-1), 0, _outer(col, col))
        low = torch.where(ar == j, col.unsqueeze(-1), low)
        return rest, low, info

    lower = torch.where(ar.unsqueeze(-1) >= ar, a, 0)
    full = lower + _mT(torch.where(ar.unsqueeze(-1) > ar, a, 0))
    init = (full, torch.zeros_like(a), _zeros(list(a.shape[:-2]), torch.int32, a))
    _, low, info = _loop(_count(ar), body, init, a, (ar,))
    return low, info


def cholesky_ex(a, upper=False, check_errors=False):
    _real(a, "linalg.cholesky")
    if upper:  # LAPACK reads A's upper triangle: the lower one of A^T
        low, info = _cholesky_lower(_mT(a))
        return _mT(low), info
    return _cholesky_lower(a)


def cholesky(a, upper=False):
    return cholesky_ex(a, upper)[0]


# ------------------------------------------------------------------------------- triangular solves


def _trsolve(a, b, upper: bool, unit: bool):
    """X with A X = B, A [..., n, n] triangular (the other triangle ignored), B [..., n, k]."""
    batch = _batch(a, b)
    a = a.expand(batch + list(a.shape[-2:]))
    b = b.expand(batch + list(b.shape[-2:]))
    n = a.shape[-1]
    ar = _ar(n, a)
    nt = _count(ar)
    diag = torch.where(ar.unsqueeze(-1) == ar, a, 0).sum(-1)  # [..., n]

    def body(t, rest, x, a, diag, ar, nt):
        i = nt - 1 - t if upper else t
        xi = _row(rest, i, ar)  # [..., k]
        if not unit:
            xi = xi / _pick(diag, i, ar).unsqueeze(-1)
        ci = torch.where((ar < i) if upper else (ar > i), _col(a, i, ar), 0)  # [..., n]
        rest = rest - _outer(ci, xi)
        x = torch.where((ar == i).unsqueeze(-1), xi.unsqueeze(-2), x)
        return rest, x

    return _loop(nt, body, (b.clone(), torch.zeros_like(b)), a, (a, diag, ar, nt))[1]


def solve_triangular(a, b, *, upper, left=True, unitriangular=False):
    _real(a, "linalg.solve_triangular")
    if left:
        return _trsolve(a, b, upper, unitriangular)
    return _mT(_trsolve(_mT(a), _mT(b), not upper, unitriangular))


def triangular_solve(b, a, upper=True, transpose=False, unitriangular=False):
    _real(a, "triangular_solve")
    if transpose:
        x = _trsolve(_mT(a), b, not upper, unitriangular)
    else:
        x = _trsolve(a, b, upper, unitriangular)
    return x, a.clone()


def cholesky_solve(b, l, upper=False):
    _real(l, "cholesky_solve")
    low = _mT(l) if upper else l
    return _trsolve(_mT(low), _trsolve(low, b, False, False), True, False)


def cholesky_inverse(l, upper=False):
    _real(l, "cholesky_inverse")
    n = l.shape[-1]
    return cholesky_solve(_eye(n, n, l).expand(list(l.shape)), l, upper)


# --------------------------------------------------------------------------------------------- LU


def lu_factor_ex(a, pivot=True, check_errors=False):
    """linalg_lu_factor_ex: Gaussian elimination with partial pivoting (the first largest |A[i, j]|, i >= j, as
    LAPACK's getrf picks), one column per step; pivots 1-based int32; info the first zero pivot + 1."""
    _real(a, "linalg.lu_factor")
    if not pivot:
        raise NotImplementedError("exir-mlir decomposes linalg.lu_factor with pivot=True only (as CPU torch)")
    m, n = a.shape[-2], a.shape[-1]
    k = torch.sym_min(m, n)
    arm, arn, ark = _ar(m, a), _ar(n, a), _ar(k, a)
    batch = list(a.shape[:-2])

    def body(j, lu, piv, info, arm, arn, ark):
        mag = torch.where(arm >= j, _col(lu, j, arn).abs(), -1)
        p = mag.argmax(-1, keepdim=True)  # [..., 1]
        at_p = (arm == p).unsqueeze(-1)  # [..., m, 1]; no gather: its index shape would be symbolic here
        at_j = (arm == j).unsqueeze(-1)
        row_p = torch.where(at_p, lu, 0).sum(-2, keepdim=True)
        row_j = torch.where(at_j, lu, 0).sum(-2, keepdim=True)
        lu = torch.where(at_j, row_p, torch.where(at_p, row_j, lu))
        col = _col(lu, j, arn)
        pv = _pick(col, j, arm)
        below = arm > j
        lcol = torch.where(below, col / torch.where(pv == 0, 1, pv).unsqueeze(-1), 0)
        urow = torch.where(arn > j, _row(lu, j, arm), 0)
        lu = lu - _outer(lcol, urow)
        lu = torch.where(below.unsqueeze(-1) & (arn == j), lcol.unsqueeze(-1), lu)
        piv = torch.where(ark == j, (p + 1).to(torch.int32), piv)
        return lu, piv, _first_bad(info, pv == 0, j)

    init = (a.clone(), _zeros(batch + [k], torch.int32, a), _zeros(batch, torch.int32, a))
    return _loop(_count(ark), body, init, a, (arm, arn, ark))


def lu_factor(a, *, pivot=True):
    lu, piv, _ = lu_factor_ex(a, pivot)
    return lu, piv


def _permutation(piv, m, like):
    """P [..., m, m] with A = P L U from getrf's 1-based sequential row swaps `piv` [..., k]."""
    arm = _ar(m, like)
    ark = _ar(piv.shape[-1], like)
    piv = piv.to(torch.int64) - 1

    def body(i, perm, piv, ark, arm):
        p = _pick(piv, i, ark).unsqueeze(-1)
        vi = _pick(perm, i, arm).unsqueeze(-1)
        vp = _pick(perm, p, arm).unsqueeze(-1)
        return (torch.where(arm == i, vp, torch.where(arm == p, vi, perm)),)

    perm0 = arm.expand(list(piv.shape[:-1]) + [m]).clone()
    (perm,) = _loop(_count(ark), body, (perm0,), like, (piv, ark, arm))
    return (perm.unsqueeze(-2) == arm.unsqueeze(-1)).to(like.dtype)  # P[i, r] = (perm[r] == i)


def lu_unpack(lu, piv, unpack_data=True, unpack_pivots=True):
    m, n = lu.shape[-2], lu.shape[-1]
    k = torch.sym_min(m, n)
    empty = torch.empty([0], dtype=lu.dtype, device=lu.device)
    p = _permutation(piv, m, lu) if unpack_pivots else empty
    if not unpack_data:
        return p, empty, empty
    arm, arn = _ar(m, lu), _ar(n, lu)
    strict = arm.unsqueeze(-1) > arn
    low = torch.where(strict, lu, 0) + _eye(m, n, lu)
    up = torch.where(strict, 0, lu)
    return p, low[..., :, :k], up[..., :k, :]


def linalg_lu(a, pivot=True):
    lu, piv, _ = lu_factor_ex(a, pivot)
    return lu_unpack(lu, piv)


def _lu_solve(lu, piv, b, adjoint=False):
    """X with A X = B (or A^T X = B), A = P L U."""
    p = _permutation(piv, lu.shape[-1], lu)
    if not adjoint:
        y = _trsolve(lu, torch.matmul(_mT(p), b), False, True)
        return _trsolve(lu, y, True, False)
    z = _trsolve(_mT(lu), b, False, False)  # U^T z = B
    w = _trsolve(_mT(lu), z, True, True)  # L^T w = z
    return torch.matmul(p, w)


def lu_solve(lu, pivots, b, *, left=True, adjoint=False):
    _real(lu, "linalg.lu_solve")
    if left:
        return _lu_solve(lu, pivots, b, adjoint)
    return _mT(_lu_solve(lu, pivots, _mT(b), not adjoint))


def lu_solve_legacy(b, lu, pivots):
    return lu_solve(lu, pivots, b)


def inv_ex(a, *, check_errors=False):
    _real(a, "linalg.inv")
    lu, piv, info = lu_factor_ex(a)
    n = a.shape[-1]
    return _lu_solve(lu, piv, _eye(n, n, a).expand(list(a.shape))), info


def linalg_solve_ex(a, b, *, left=True, check_errors=False):
    """_linalg_solve_ex: (X, LU, pivots, info) with A X = B (left) or X A = B; B a batch of vectors when it is
    1-d or A's shape without the last dim (torch's rule)."""
    _real(a, "linalg.solve")
    vector = b.dim() == 1 or (b.dim() == a.dim() - 1 and list(b.shape) == list(a.shape[:-1]))
    rhs = b.unsqueeze(-1) if vector else b
    lu, piv, info = lu_factor_ex(a)
    x = _lu_solve(lu, piv, rhs) if left else _mT(_lu_solve(lu, piv, _mT(rhs), True))
    return (x.squeeze(-1) if vector else x), lu, piv, info


def _diag(a):
    ar = _ar(a.shape[-1], a)
    return torch.where(ar.unsqueeze(-1) == ar, a, 0).sum(-1)


def _perm_sign(piv, like):
    ar = _ar(piv.shape[-1], like)
    swaps = (piv.to(torch.int64) != ar + 1).sum(-1)
    return (1 - 2 * (swaps % 2)).to(like.dtype)


def linalg_det(a):
    _real(a, "linalg.det")
    lu, piv, _ = lu_factor_ex(a)
    return _perm_sign(piv, a) * _diag(lu).prod(-1), lu, piv


def linalg_slogdet(a):
    _real(a, "linalg.slogdet")
    lu, piv, _ = lu_factor_ex(a)
    d = _diag(lu)
    sign = _perm_sign(piv, a) * torch.sign(d).prod(-1)
    return sign, d.abs().log().sum(-1), lu, piv


# -------------------------------------------------------------------------------------------- LDL


_BK_ALPHA = (1 + 17 ** 0.5) / 8  # Bunch-Kaufman's growth bound constant (LAPACK sytf2's ALPHA)


def ldl_factor_ex(a, *, hermitian=False, check_errors=False):
    """linalg_ldl_factor_ex: LAPACK sytf2 (lower) with Bunch-Kaufman diagonal pivoting, 1x1 and 2x2 blocks.
    LD holds D's blocks on the diagonal (a 2x2 block's off-diagonal element below it) and L's columns below
    them, unpermuted (A = P1 L1 P2 L2 ... D ... as LAPACK stores it); pivots 1-based int32: kp > 0 a 1x1 block
    after swapping k and kp, -kp twice a 2x2 block after swapping k + 1 and kp; info the first zero column + 1
    (that column left as it is, as sytf2 does). One step per loop iteration; the step (1 or 2) differs between
    batch elements, so each carries its own k (a [...] tensor) and the loop runs n times, idle once k >= n.
    A real matrix is symmetric and hermitian alike."""
    _real(a, "linalg.ldl_factor")
    n = a.shape[-1]
    ar = _ar(n, a)
    batch = list(a.shape[:-2])
    lower = ar.unsqueeze(-1) >= ar  # [n, n]
    full = torch.where(lower, a, _mT(a))  # symmetric from A's lower triangle (the only one LAPACK reads)

    def body(t, s, ld, piv, info, k, ar, nt):
        lower = ar.unsqueeze(-1) >= ar
        active = k < nt  # [...]
        kv = k.unsqueeze(-1)  # [..., 1]
        kc = kv.unsqueeze(-1)  # [..., 1, 1]
        col = _col(s, kc, ar)  # [..., n]: S[:, k]
        akk = _pick(col, kv, ar)
        absakk = akk.abs()
        below = torch.where(ar > kv, col.abs(), -1)
        imax = below.argmax(-1, keepdim=True)  # [..., 1]; the first largest, as LAPACK's idamax
        colmax = below.amax(-1).clamp(min=0)
        rowi = _col(s, imax.unsqueeze(-1), ar)  # row imax = column imax (S symmetric)
        rowmax = torch.where((ar >= kv) & (ar != imax), rowi.abs(), -1).amax(-1).clamp(min=0)
        aii = _pick(rowi, imax, ar).abs()
        zero = (torch.maximum(absakk, colmax) == 0) | absakk.isnan()
        no_swap = (absakk >= _BK_ALPHA * colmax) | (
            absakk >= _BK_ALPHA * colmax * (colmax / torch.where(rowmax == 0, 1, rowmax)))
        one = zero | no_swap | (aii >= _BK_ALPHA * rowmax)
        two = ~one & active
        kp = torch.where((zero | no_swap).unsqueeze(-1), kv, imax)  # [..., 1]
        kk = torch.where(two.unsqueeze(-1), kv + 1, kv)
        # Interchange kk and kp in the trailing matrix: a symmetric permutation of S (rows, then columns).
        at_kk, at_kp = ar == kk, ar == kp  # [..., n]
        row_kk, row_kp = _row(s, kk, ar), _row(s, kp, ar)  # _row takes j as [..., 1], _col as [..., 1, 1]
        s = torch.where(at_kk.unsqueeze(-1), row_kp.unsqueeze(-2),
                        torch.where(at_kp.unsqueeze(-1), row_kk.unsqueeze(-2), s))
        col_kk, col_kp = _col(s, kk.unsqueeze(-1), ar), _col(s, kp.unsqueeze(-1), ar)
        s = torch.where(at_kk.unsqueeze(-2), col_kp.unsqueeze(-1),
                        torch.where(at_kp.unsqueeze(-2), col_kk.unsqueeze(-1), s))
        # 1x1 block: W = S[k+1:, k], L = W / d, S -= W (1/d) W^T (dsyr: S[i, j] + W[i] * (-W[j] / d), i >= j).
        w = _col(s, kc, ar)
        d = _pick(w, kv, ar)
        d11 = 1 / torch.where(d == 0, 1, d)
        w1 = torch.where(ar > kv, w, 0)
        upd1 = _outer(w1, -d11.unsqueeze(-1) * w1)
        s1 = s + torch.where(lower, upd1, _mT(upd1))
        ld1 = torch.where(ar > kv, w1 * d11.unsqueeze(-1), w)  # column k of LD (rows >= k; S[k, k] at k)
        # 2x2 block on k, k + 1 (dsytf2's rank-2 update with its own rounding order).
        wk1 = _col(s, kc + 1, ar)
        d21 = _pick(w, kv + 1, ar)
        d21s = torch.where(d21 == 0, 1, d21)
        e11 = _pick(wk1, kv + 1, ar) / d21s
        e22 = d / d21s
        tt = 1 / (e11 * e22 - 1)
        f21 = (tt / d21s).unsqueeze(-1)
        rest = ar >= kv + 2
        wk = torch.where(rest, f21 * (e11.unsqueeze(-1) * w - wk1), 0)
        wkp1 = torch.where(rest, f21 * (e22.unsqueeze(-1) * wk1 - w), 0)
        wr, wr1 = torch.where(rest, w, 0), torch.where(rest, wk1, 0)
        full2 = s - _outer(wr, wk) - _outer(wr1, wkp1)
        s2 = torch.where(lower, full2, _mT(full2))
        ld2k = torch.where(rest, wk, w)
        ld2k1 = torch.where(rest, wkp1, torch.where(ar == kv + 1, wk1, 0))
        # Commit: zero columns stay as they are (no update); inactive batch elements keep everything.
        upd = (active & ~zero).unsqueeze(-1).unsqueeze(-1)
        two_m = two.unsqueeze(-1).unsqueeze(-1)
        act = active.unsqueeze(-1).unsqueeze(-1)
        s_new = torch.where(two_m, s2, s1)
        s = torch.where(upd, s_new, s)  # s was swapped only where kp != kk, which needs active & ~zero
        ldcol_k = torch.where(two.unsqueeze(-1), ld2k, torch.where(zero.unsqueeze(-1), w, ld1))
        ldcol_k = torch.where(ar >= kv, ldcol_k, 0)
        ld = torch.where(act & (ar == kc), ldcol_k.unsqueeze(-1), ld)
        ld = torch.where(two_m & (ar == kc + 1), torch.where(ar >= kv + 1, ld2k1, 0).unsqueeze(-1), ld)
        pv = torch.where(two.unsqueeze(-1), -(kp + 1), kp + 1).to(torch.int32)
        piv = torch.where(active.unsqueeze(-1) & (ar == kv), pv, piv)
        piv = torch.where(two.unsqueeze(-1) & (ar == kv + 1), pv, piv)
        info = torch.where(active, _first_bad(info, zero, k), info)
        k = torch.where(active, k + torch.where(two, 2, 1), k)
        return s, ld, piv, info, k

    nt = _count(ar)
    init = (full, torch.zeros_like(a), _zeros(batch + [n], torch.int32, a), _zeros(batch, torch.int32, a),
            _zeros(batch, torch.int64, a))
    _, ld, piv, info, _ = _loop(nt, body, init, a, (ar, nt))
    return ld, piv, info


def ldl_factor(a, *, hermitian=False):
    ld, piv, _ = ldl_factor_ex(a, hermitian=hermitian)
    return ld, piv


def ldl_solve(ld, pivots, b, *, hermitian=False):
    """linalg_ldl_solve: LAPACK sytrs (lower) on sytrf's factor: X with A X = B. Forward: the interchange,
    L's column(s) and D's block, k increasing by the block size; backward: L^T's column(s), then the
    interchange, k decreasing. Each batch element carries its own k (its blocks differ)."""
    _real(ld, "linalg.ldl_solve")
    batch = _batch(ld, b)
    batch = list(torch.broadcast_shapes(tuple(batch), tuple(pivots.shape[:-1])))
    ld = ld.expand(batch + list(ld.shape[-2:]))
    b = b.expand(batch + list(b.shape[-2:]))
    piv = pivots.to(torch.int64).expand(batch + list(pivots.shape[-1:]))
    n = ld.shape[-1]
    ar = _ar(n, ld)
    nt = _count(ar)

    def swap(x, i, p, ar):  # rows i and p of x [..., n, r] (i, p [..., 1])
        ri, rp = _row(x, i, ar), _row(x, p, ar)
        return torch.where((ar == i).unsqueeze(-1), rp.unsqueeze(-2),
                           torch.where((ar == p).unsqueeze(-1), ri.unsqueeze(-2), x))

    def forward(t, x, k, ld, piv, ar, nt):
        active = k < nt
        kv = k.unsqueeze(-1)
        pk = _pick(piv, kv, ar).unsqueeze(-1)  # [..., 1]
        two = (pk < 0).squeeze(-1) & active
        two_v = two.unsqueeze(-1)
        kp = torch.where(pk < 0, -pk, pk) - 1
        x_sw = swap(x, torch.where(two_v, kv + 1, kv), kp, ar)
        lk = _col(ld, kv.unsqueeze(-1), ar)  # [..., n]
        lk1 = _col(ld, kv.unsqueeze(-1) + 1, ar)
        xk = _row(x_sw, kv, ar)  # [..., r]
        xk1 = _row(x_sw, kv + 1, ar)
        # 1x1
        x1 = x_sw - _outer(torch.where(ar > kv, lk, 0), xk)
        d = _pick(lk, kv, ar).unsqueeze(-1)
        x1 = torch.where((ar == kv).unsqueeze(-1), (xk * (1 / d)).unsqueeze(-2), x1)
        # 2x2
        rest = ar >= kv + 2
        x2 = x_sw - _outer(torch.where(rest, lk, 0), xk) - _outer(torch.where(rest, lk1, 0), xk1)
        akm1k = _pick(lk, kv + 1, ar).unsqueeze(-1)
        akm1k = torch.where(two_v, akm1k, 1)
        akm1 = d / akm1k
        ak = _pick(lk1, kv + 1, ar).unsqueeze(-1) / akm1k
        denom = akm1 * ak - 1
        bkm1, bk = xk / akm1k, xk1 / akm1k
        x2 = torch.where((ar == kv).unsqueeze(-1), ((ak * bkm1 - bk) / denom).unsqueeze(-2), x2)
        x2 = torch.where((ar == kv + 1).unsqueeze(-1), ((akm1 * bk - bkm1) / denom).unsqueeze(-2), x2)
        m = active.unsqueeze(-1).unsqueeze(-1)
        x = torch.where(m, torch.where(two_v.unsqueeze(-1), x2, x1), x)
        k = torch.where(active, k + torch.where(two, 2, 1), k)
        return x, k

    def backward(t, x, k, ld, piv, ar, nt):
        active = k >= 0
        kv = k.unsqueeze(-1)
        pk = _pick(piv, kv, ar).unsqueeze(-1)
        two = (pk < 0).squeeze(-1) & active
        two_v = two.unsqueeze(-1)
        kp = torch.where(pk < 0, -pk, pk) - 1
        lk = torch.where(ar > kv, _col(ld, kv.unsqueeze(-1), ar), 0)
        lkm1 = torch.where(ar > kv, _col(ld, kv.unsqueeze(-1) - 1, ar), 0)
        xk = _row(x, kv, ar) - (lk.unsqueeze(-1) * x).sum(-2)
        xkm1 = _row(x, kv - 1, ar) - (lkm1.unsqueeze(-1) * x).sum(-2)
        x_new = torch.where((ar == kv).unsqueeze(-1), xk.unsqueeze(-2), x)
        x_new = torch.where(two_v.unsqueeze(-1) & (ar == kv - 1).unsqueeze(-1), xkm1.unsqueeze(-2), x_new)
        x_new = swap(x_new, kv, kp, ar)
        x = torch.where(active.unsqueeze(-1).unsqueeze(-1), x_new, x)
        k = torch.where(active, k - torch.where(two, 2, 1), k)
        return x, k

    k0 = _zeros(batch, torch.int64, ld)
    x, _ = _loop(nt, forward, (b.clone(), k0), ld, (ld, piv, ar, nt))
    x, _ = _loop(nt, backward, (x, k0 + nt - 1), ld, (ld, piv, ar, nt))
    return x


# ------------------------------------------------------------------------------------------- QR


def _geqrf(a):
    """LAPACK geqrf: R in the upper triangle, the Householder vectors (v[j] = 1 implied) below, and tau."""
    m, n = a.shape[-2], a.shape[-1]
    k = torch.sym_min(m, n)
    arm, arn, ark = _ar(m, a), _ar(n, a), _ar(k, a)

    def body(j, r, tau, arm, arn, ark):
        col = _col(r, j, arn)
        alpha = _pick(col, j, arm)
        x = torch.where(arm > j, col, 0)
        xnorm = (x * x).sum(-1).sqrt()
        nz = xnorm != 0
        h = (alpha * alpha + xnorm * xnorm).sqrt()
        beta = torch.where(alpha >= 0, -h, h)
        t = torch.where(nz, (beta - alpha) / torch.where(nz, beta, 1), 0)
        v = torch.where(arm == j, 1, x / torch.where(nz, alpha - beta, 1).unsqueeze(-1))
        w = (v.unsqueeze(-1) * r).sum(-2)  # v^T R
        r = torch.where(arn > j, r - t.unsqueeze(-1).unsqueeze(-1) * _outer(v, w), r)
        newcol = torch.where(arm == j, torch.where(nz, beta, alpha).unsqueeze(-1), torch.where(arm > j, v, col))
        r = torch.where(arn == j, newcol.unsqueeze(-1), r)
        return r, torch.where(ark == j, t.unsqueeze(-1), tau)

    init = (a.clone(), _zeros(list(a.shape[:-2]) + [k], a.dtype, a))
    return _loop(_count(ark), body, init, a, (arm, arn, ark))


def _reflect(v_src, tau, c, *, left: bool, reverse: bool):
    """c multiplied by the reflectors H_i = I - tau_i v_i v_i^T of v_src's columns (geqrf's storage):
    left: H_0 ... H_{k-1} c if reverse (the last applied first) else H_{k-1} ... H_0 c; right: c H_0 ... H_{k-1}
    if not reverse else c H_{k-1} ... H_0."""
    m, n = v_src.shape[-2], v_src.shape[-1]
    arm, arn = _ar(m, v_src), _ar(n, v_src)
    ark = _ar(tau.shape[-1], v_src)
    kt = _count(ark)
    batch = _batch(v_src, c)
    c = c.expand(batch + list(c.shape[-2:])).clone()

    def body(t, c, v_src, tau, arm, arn, ark, kt):
        i = kt - 1 - t if reverse else t
        v = torch.where(arm == i, 1, torch.where(arm > i, _col(v_src, i, arn), 0))  # [..., m]
        ti = _pick(tau, i, ark).unsqueeze(-1).unsqueeze(-1)
        if left:
            w = (v.unsqueeze(-1) * c).sum(-2)  # v^T c
            return (c - ti * _outer(v, w),)
        w = (c * v.unsqueeze(-2)).sum(-1)  # c v
        return (c - ti * _outer(w, v),)

    return _loop(kt, body, (c,), v_src, (v_src, tau, arm, arn, ark, kt))[0]


def geqrf(a):
    _real(a, "geqrf")
    return _geqrf(a)


def householder_product(a, tau):
    _real(a, "linalg.householder_product")
    m, n = a.shape[-2], a.shape[-1]
    return _reflect(a, tau, _eye(m, n, a), left=True, reverse=True)


def ormqr(a, tau, c, left=True, transpose=False):
    _real(a, "ormqr")
    return _reflect(a, tau, c, left=left, reverse=(left != transpose))


def linalg_qr(a, mode="reduced"):
    _real(a, "linalg.qr")
    m, n = a.shape[-2], a.shape[-1]
    k = torch.sym_min(m, n)
    rv, tau = _geqrf(a)
    arm, arn = _ar(m, a), _ar(n, a)
    r = torch.where(arm.unsqueeze(-1) > arn, 0, rv)
    if mode == "complete":
        return _reflect(rv, tau, _eye(m, m, a), left=True, reverse=True), r
    r = r[..., :k, :]
    if mode == "r":
        return torch.empty([0], dtype=a.dtype, device=a.device), r
    return _reflect(rv, tau, _eye(m, k, a), left=True, reverse=True), r


# -------------------------------------------------------------------------------- eigh (Jacobi)


def _rotate_cols(x, p, q, c, s, arn):
    """x J with J the rotation of columns p, q: x_p' = c x_p - s x_q, x_q' = s x_p + c x_q."""
    xp, xq = _col(x, p, arn), _col(x, q, arn)
    c, s = c.unsqueeze(-1), s.unsqueeze(-1)
    newp, newq = c * xp - s * xq, s * xp + c * xq
    return torch.where(arn == p, newp.unsqueeze(-1), torch.where(arn == q, newq.unsqueeze(-1), x))


def _pairs(body_pair, n_t, state, like, consts):
    """One sweep: state = body_pair(p, q, *state, *consts) for every p < q (row by row), p, q 0-d tensors."""
    npairs = n_t * (n_t - 1) // 2

    def body(t, p, q, *rest):
        n_t = rest[-1]
        state = body_pair(p, q, *rest[:-1])
        q1 = q + 1
        wrap = q1 >= n_t
        p1 = torch.where(wrap, p + 1, p)
        return (p1, torch.where(wrap, p1 + 1, q1), *state)

    zero = torch.zeros((), dtype=torch.int64, device=like.device)
    return _loop(npairs, body, (zero, zero + 1, *state), like, (*consts, n_t))[2:]


def _sweeps(sweep, converged, state, like, consts=()):
    """Sweeps of Jacobi rotations until `converged(*state, *consts)` or _MAX_SWEEPS."""
    if statically_known_true(like.numel() == 0):
        return tuple(state)
    k = len(state)

    def cond(i, *state):
        return (i < _MAX_SWEEPS) & ~converged(*state)

    def step(i, *state):
        return (i + 1, *sweep(*state))

    zero = torch.zeros((), dtype=torch.int64, device=like.device)
    return tuple(_while(cond, step, (zero, *state), tuple(consts))[1:k + 1])


def _jacobi_eigh(s):
    """Eigenvalues (unsorted) and eigenvectors of the symmetric s [..., n, n]."""
    n = s.shape[-1]
    ar = _ar(n, s)
    n_t = _count(ar)
    eps = torch.finfo(s.dtype).eps
    tol = eps * (s * s).sum((-2, -1)).sqrt()  # [...]
    offdiag = ar.unsqueeze(-1) != ar

    def pair(p, q, a, v, ar):
        app = _pick(_col(a, p, ar), p, ar)
        aqq = _pick(_col(a, q, ar), q, ar)
        apq = _pick(_col(a, q, ar), p, ar)
        nz = apq != 0
        theta = (aqq - app) / (2 * torch.where(nz, apq, 1))
        t = torch.where(theta >= 0, 1.0, -1.0) / (theta.abs() + (theta * theta + 1).sqrt())
        t = torch.where(nz, t, 0)
        c = 1 / (t * t + 1).sqrt()
        sn = t * c
        a = _rotate_cols(a, p, q, c, sn, ar)
        a = _mT(_rotate_cols(_mT(a), p, q, c, sn, ar))
        return a, _rotate_cols(v, p, q, c, sn, ar)

    def converged(a, v, tol, ar, n_t, offdiag):
        off = torch.where(offdiag, a, 0).abs().amax((-2, -1))
        return (off <= tol).all()

    def sweep(a, v, tol, ar, n_t, offdiag):
        return _pairs(pair, n_t, (a, v), a, (ar,))

    init = (s.clone(), _eye(n, n, s).expand(list(s.shape)).clone())
    a, v = _sweeps(sweep, converged, init, s, (tol, ar, n_t, offdiag))
    return _diag(a), v


def linalg_eigh(a, UPLO="L", compute_v=True):
    _real(a, "linalg.eigh")
    ar = _ar(a.shape[-1], a)
    tri = torch.where(ar.unsqueeze(-1) > ar, a, 0) if UPLO == "L" else torch.where(ar.unsqueeze(-1) < ar, a, 0)
    s = tri + _mT(tri) + torch.where(ar.unsqueeze(-1) == ar, a, 0)
    w, v = _jacobi_eigh(s)
    w, order = torch.sort(w, -1)
    if not compute_v:
        return w, torch.empty([0], dtype=a.dtype, device=a.device)
    return w, v.gather(-1, order.unsqueeze(-2).expand(v.shape))


# --------------------------------------------------------------------------------- svd (Jacobi)


def _jacobi_svd_tall(a):
    """One-sided Jacobi for a [..., m, n], m >= n: (U [..., m, n], S [..., n], V [..., n, n]), S descending;
    U's columns of zero singular values complete the others to an orthonormal set (as LAPACK's)."""
    n = a.shape[-1]
    arn = _ar(n, a)
    n_t = _count(arn)
    eps = torch.finfo(a.dtype).eps
    offdiag = arn.unsqueeze(-1) != arn

    def pair(p, q, u, v, arn):
        up, uq = _col(u, p, arn), _col(u, q, arn)
        alpha, beta, gamma = (up * up).sum(-1), (uq * uq).sum(-1), (up * uq).sum(-1)
        nz = gamma.abs() > eps * (alpha * beta).sqrt()
        zeta = (beta - alpha) / (2 * torch.where(nz, gamma, 1))
        t = torch.where(zeta >= 0, 1.0, -1.0) / (zeta.abs() + (zeta * zeta + 1).sqrt())
        t = torch.where(nz, t, 0)
        c = 1 / (t * t + 1).sqrt()
        sn = t * c
        return _rotate_cols(u, p, q, c, sn, arn), _rotate_cols(v, p, q, c, sn, arn)

    def converged(u, v, arn, n_t, offdiag):
        g = torch.matmul(_mT(u), u)
        d = torch.where(offdiag, 0, g).sum(-1)
        scale = (d.unsqueeze(-1) * d.unsqueeze(-2)).sqrt()
        return (torch.where(offdiag, g.abs() - 4 * eps * scale, 0) <= 0).all()

    def sweep(u, v, arn, n_t, offdiag):
        return _pairs(pair, n_t, (u, v), u, (arn,))

    init = (a.clone(), _eye(n, n, a).expand(_batch(a) + [n, n]).clone())
    u, v = _sweeps(sweep, converged, init, a, (arn, n_t, offdiag))
    s = (u * u).sum(-2).sqrt()
    s, order = torch.sort(s, -1, descending=True)
    u = u.gather(-1, order.unsqueeze(-2).expand(u.shape))
    v = v.gather(-1, order.unsqueeze(-2).expand(v.shape))
    u = u / torch.where(s == 0, 1, s).unsqueeze(-2)
    # A zero singular value leaves its column of u at 0; U must still have orthonormal columns. The
    # zeros sort last, so the reduced Householder Q of u keeps the span of the nonzero columns in its
    # first ones and completes it with unit vectors orthogonal to them (a zero column gets tau = 0).
    q, _ = linalg_qr(u)
    u = torch.where((s == 0).unsqueeze(-2), q, u)
    return u, s, v


def linalg_svd(a, full_matrices=False, compute_uv=True, driver=None):
    _real(a, "linalg.svd")
    m, n = a.shape[-2], a.shape[-1]
    wide = bool(m < n)  # for symbolic sizes a guard: the program is specialized to wide or tall matrices
    u, s, v = _jacobi_svd_tall(_mT(a) if wide else a)
    if wide:
        u, v = v, u
    if not compute_uv:
        empty = torch.empty([0], dtype=a.dtype, device=a.device)
        return s, empty, empty
    if full_matrices and m != n:
        raise NotImplementedError("exir-mlir decomposes linalg.svd of a non-square matrix with "
                                  "full_matrices=False only: pass full_matrices=False")
    return u, s, _mT(v)


def svd_legacy(a, some=True, compute_uv=True):
    u, s, vh = linalg_svd(a, not some, compute_uv)
    return u, s, _mT(vh)


# --------------------------------------------------------------------------------------- pinv etc.


def _tolerance(s_max, atol, rtol, like):
    """linalg.pinv/matrix_rank's cut-off max(atol, rtol * s_max); rtol defaults to eps * max(m, n) when atol is
    not given (or 0), else to 0. The size is a tensor operand (a symbolic one is no constant)."""
    eps = torch.finfo(like.dtype).eps
    size = torch.maximum(_count(_ar(like.shape[-2], like)), _count(_ar(like.shape[-1], like))).to(like.dtype)
    atol_t = torch.zeros_like(s_max) if atol is None else atol.to(like.dtype)
    if rtol is not None:
        rtol_t = rtol.to(like.dtype)
    elif atol is not None:
        rtol_t = torch.where(atol_t > 0, 0.0, eps * size)
    else:
        rtol_t = eps * size
    return torch.maximum(atol_t, rtol_t * s_max)


def linalg_pinv(a, atol=None, rtol=None, hermitian=False):
    _real(a, "linalg.pinv")
    atol = atol if atol is None else atol.unsqueeze(-1)
    rtol = rtol if rtol is None else rtol.unsqueeze(-1)
    if hermitian:
        w, v = linalg_eigh(a)
        tol = _tolerance(w.abs().amax(-1, keepdim=True), atol, rtol, a)
        inv = torch.where(w.abs() > tol, 1 / torch.where(w == 0, 1, w), 0)
        return torch.matmul(v * inv.unsqueeze(-2), _mT(v))
    u, s, vh = linalg_svd(a, False)
    tol = _tolerance(s.amax(-1, keepdim=True), atol, rtol, a)
    inv = torch.where(s > tol, 1 / torch.where(s == 0, 1, s), 0)
    return torch.matmul(_mT(vh) * inv.unsqueeze(-2), _mT(u))


# ------------------------------------------------------------------------------------- matrix_exp


_EXP_DEGREE = 18


def matrix_exp(a):
    """exp(A) = (T(A / 2^s))^(2^s), T the Taylor polynomial of degree 18 (Horner), s = ceil(log2 ||A||_1)
    (at least 0): the series' remainder is below f64's eps for ||A / 2^s||_1 <= 1."""
    _real(a, "matrix_exp")
    n = a.shape[-1]
    norm = a.abs().sum(-2).amax(-1)  # 1-norm [...]
    s = torch.clamp(torch.ceil(torch.log2(torch.where(norm > 0, norm, 1))), min=0)  # [...]
    smax = s.amax() if s.dim() else s
    x = a / torch.pow(2.0, s).to(a.dtype).unsqueeze(-1).unsqueeze(-1)
    eye = _eye(n, n, a)
    t = eye + x / _EXP_DEGREE
    for k in range(_EXP_DEGREE - 1, 0, -1):
        t = eye + torch.matmul(x, t) / k
    t = t.expand(list(a.shape)).clone()

    def body(i, t, s):
        sq = torch.matmul(t, t)
        return (torch.where((i.to(s.dtype) < s).unsqueeze(-1).unsqueeze(-1), sq, t),)

    return _loop(smax.to(torch.int64), body, (t,), a, (s.clone(),))[0]


# ---------------------------------------------------------------------------------------- eig


def linalg_eig(a):
    raise NotImplementedError("linalg.eig/eigvals return complex eigenvalues and eigenvectors, which exir-mlir "
                              "does not compute; for a symmetric matrix use torch.linalg.eigh/eigvalsh")


def linalg_error_message(api_name: str) -> str:
    """Eager's message of `_linalg_check_errors(info, api_name)` for a nonzero `info` (ATen's
    BatchLinearAlgebra.cpp), without the run-time values it names (the order of the minor, the element,
    the batch element): the compiled check knows only that some `info` is nonzero."""
    prefix = f"{api_name}: "
    if "inv" in api_name:
        return (prefix + "The diagonal element k is zero, the inversion could not be completed because the "
                "input matrix is singular.")
    if "solve" in api_name:
        return prefix + "The solver failed because the input matrix is singular."
    if "cholesky" in api_name:
        return (prefix + "The factorization could not be completed because the input is not positive-definite "
                "(the leading minor of order k is not positive-definite).")
    if "svd" in api_name or "eig" in api_name:
        return (prefix + "The algorithm failed to converge because the input matrix is ill-conditioned or has "
                "too many repeated values.")
    if "ldl" in api_name:  # eager raises an internal assert, "Unknown error code", for sytrf's info > 0
        return (prefix + "The factorization could not be completed because the input matrix is singular (D has a "
                "zero diagonal block; eager torch reports this as an unknown error code).")
    if "lstsq" in api_name:
        return (prefix + "The least squares solution could not be computed because the input matrix does not "
                "have full rank.")
    return (prefix + "U[k,k] is zero and using it on lu_solve would result in a division by zero. If you "
            "still want to perform the factorization, consider calling linalg.lu(A, pivot) or "
            "linalg.lu_factor_ex(A, pivot)")


def linalg_error_checks_as_asserts(ep: torch.export.ExportedProgram) -> torch.export.ExportedProgram:
    """`ep` with each `_linalg_check_errors(info, api_name)` call that torch.linalg's composites (cholesky,
    inv, solve, lu_factor, ...) add after their `*_ex` op replaced by `_assert_async.msg(not any(info != 0),
    eager's message)`: the check is effectful (an effect token threads through the program), the assert
    is a plain side-effecting node that the importer turns into a run-time check (RuntimeCheckError where
    eager raises torch.linalg.LinAlgError), and the effect tokens go."""
    checks = [n for n in ep.graph.nodes if n.op == "call_function"
              and n.target is torch.ops.higher_order.with_effects and len(n.args) > 1
              and n.args[1] is aten._linalg_check_errors.default]
    if not checks:
        return ep
    ep = _remove_effect_tokens(ep)
    graph = ep.graph
    for node in list(graph.nodes):
        if node.op != "call_function" or node.target is not aten._linalg_check_errors.default or node.users:
            continue
        info = node.args[0]
        api_name = node.args[1] if len(node.args) > 1 else node.kwargs.get("api_name", "linalg")
        info_val = info.meta.get("val")
        message = linalg_error_message(str(api_name))
        kept = {k: v for k, v in node.meta.items() if k in ("stack_trace", "nn_module_stack", "source_fn_stack")}
        with graph.inserting_before(node):
            args = (info, 0)
            for target in (aten.ne.Scalar, aten.any.default, aten.logical_not.default):
                made = graph.call_function(target, args)
                made.meta.update(kept)
                if info_val is not None:
                    with info_val.fake_mode:
                        made.meta["val"] = target(*[a.meta["val"] if isinstance(a, torch.fx.Node) else a
                                                    for a in args])
                args = (made,)
            check = graph.call_function(aten._assert_async.msg, (args[0], message))
            check.meta.update(kept)
            check.meta["val"] = None
        graph.erase_node(node)
    graph.eliminate_dead_code()
    ep.graph_module.recompile()
    return ep


def table() -> dict[torch._ops.OpOverload, Callable]:
    return {
        aten.linalg_cholesky_ex.default: cholesky_ex,
        aten.cholesky.default: cholesky,
        aten.linalg_solve_triangular.default: solve_triangular,
        aten.triangular_solve.default: triangular_solve,
        aten.linalg_lu_factor_ex.default: lu_factor_ex,
        aten.linalg_lu_factor.default: lu_factor,
        aten.linalg_lu.default: linalg_lu,
        aten.lu_unpack.default: lu_unpack,
        aten.linalg_lu_solve.default: lu_solve,
        aten.lu_solve.default: lu_solve_legacy,
        aten.linalg_inv_ex.default: inv_ex,
        aten._linalg_solve_ex.default: linalg_solve_ex,
        aten.cholesky_solve.default: cholesky_solve,
        aten.cholesky_inverse.default: cholesky_inverse,
        aten._linalg_det.default: linalg_det,
        aten._linalg_slogdet.default: linalg_slogdet,
        aten.linalg_ldl_factor_ex.default: ldl_factor_ex,
        aten.linalg_ldl_factor.default: ldl_factor,
        aten.linalg_ldl_solve.default: ldl_solve,
        aten.geqrf.default: geqrf,
        aten.linalg_householder_product.default: householder_product,
        aten.ormqr.default: ormqr,
        aten.linalg_qr.default: linalg_qr,
        aten._linalg_eigh.default: linalg_eigh,
        aten._linalg_svd.default: linalg_svd,
        aten.linalg_pinv.atol_rtol_tensor: linalg_pinv,
        aten.linalg_matrix_exp.default: matrix_exp,
        aten.linalg_eig.default: linalg_eig,
    }
