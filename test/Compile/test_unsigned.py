"""uint16/uint32/uint64 programs (issue 12) compile and match bit-exactly: they take uint8's path
(lowering/to_linalg/unsigned.py) at their width. The values straddle 2^15, 2^31 and 2^63, the
sign bits of the signed twins int16/int32/int64 that the lowering computes in, so a signed
compare, division, max/min, sort or float conversion gets them wrong.

Eager implements few ops on these dtypes (casts, mul, eq/ne, bitwise and/or/xor, sum/prod/cumsum,
sort, indexing, cat, any); a sample of them (eager_ops) is compared with eager. The rest (add/sub,
compares, division, max/min and their reductions, shifts, ~, where) export but do not run in
eager: exir computes them as unsigned arithmetic, compared here with Python integers. uint64 with
a dynamic batch run at two sizes, uint16/uint32 with static shapes, a native library with all
three. torch.hash_tensor (uint64 result) matches eager for every dtype eager hashes, and its
documented definition (xor of the 64-bit upcast patterns) for uint16/32/64, which eager does not
hash.
"""

import warnings

import numpy as np
import pytest
import torch

import exir_mlir
from exir_mlir.errors import ExirUserError

warnings.filterwarnings("ignore", category=FutureWarning)

WIDTH = {torch.uint16: 16, torch.uint32: 32, torch.uint64: 64}
EDGES = [0, 1, 2, 2**15 - 1, 2**15, 2**15 + 1, 2**16 - 1, 2**31 - 1, 2**31, 2**31 + 1, 2**32 - 1,
         2**63 - 1, 2**63, 2**63 + 1, 2**64 - 1]
# float -> uintN around every boundary and out of range (eager's x86 conversion, see
# lowering/to_linalg/builders._float_to_unsigned). Not NaN: eager itself converts NaN to uint32
# as 0 or 2^31 depending on the element's position (vectorized body or scalar tail).
FLOATS = [-1.0, -2.5, 0.0, 3.7, 2.0**15, 70000.0, 2.0**31, 2.0**32 - 1, 2.0**32 + 5, 5e9, -3e9,
          2.0**53 + 2, 2.0**63, 2.0**63 + 2**11, 2.0**64, 1e30]


def _values(dtype):
    return [v for v in EDGES if v < 2 ** WIDTH[dtype]]


def _tensor(values, dtype):
    """A uintN tensor of Python ints (two's complement through int64: eager has no other way in)."""
    return torch.tensor([v - 2**64 if v >= 2**63 else v for v in values]).to(dtype)


def _ints(t):
    """A uintN tensor's elements as Python ints."""
    m = 2 ** WIDTH[t.dtype]
    return [v % m for v in t.to(torch.int64).flatten().tolist()]


def _pairs(dtype, rows):
    """a, b of shape (rows, len(values)); the first len(values) rows hold every (a, b) pair."""
    v = _values(dtype)
    n = len(v)
    i = torch.arange(rows * n)
    return (_tensor([v[k] for k in ((i // n) % n).tolist()], dtype).reshape(rows, n),
            _tensor([v[k] for k in (i % n).tolist()], dtype).reshape(rows, n))


def eager_ops(a, b, f, g, idx):
    """What eager runs on uint16/32/64."""
    dt = a.dtype
    s = torch.sort(a ^ b, 1)  # each row of a is one value: a ^ b permutes b's distinct values
    return (a * b, a == b, a ^ b, a.to(torch.int64), a.to(torch.int32), a.float(), a.double(), f.to(dt), g.to(dt),
            a.sum(1), a.cumsum(1), torch.cat([a, b], 1), a[:, idx], s[0], s[1], torch.sort(a, 0, descending=True)[0])


def unsigned_ops(a, b, shift):
    """Exported but not run by eager on these dtypes: compared with Python integers."""
    d = b.clamp(min=1)
    return (a + b, a - b, a < b, a <= b, a > b, a >= b, torch.maximum(a, b), torch.minimum(a, b),
            a // d, a % d, torch.div(a, d, rounding_mode="trunc"), torch.where(a > b, a, b), ~a,
            a << shift, a >> shift, a.amax(1), a.amin(1), a.argmax(1), a.argmin(1))


class Ops(torch.nn.Module):
    def forward(self, a, b, f, idx, shift):
        return eager_ops(a, b, f, f.float(), idx) + unsigned_ops(a, b, shift)


def _reference(dtype, av, bv, shift, n):
    """unsigned_ops on Python ints (rows of n)."""
    m = 2 ** WIDTH[dtype]
    rows = [av[r:r + n] for r in range(0, len(av), n)]
    pair = list(zip(av, bv))
    return [[(x + y) % m for x, y in pair], [(x - y) % m for x, y in pair], [x < y for x, y in pair],
            [x <= y for x, y in pair], [x > y for x, y in pair], [x >= y for x, y in pair],
            [max(x, y) for x, y in pair], [min(x, y) for x, y in pair], [x // max(y, 1) for x, y in pair],
            [x % max(y, 1) for x, y in pair], [x // max(y, 1) for x, y in pair], [max(x, y) for x, y in pair],
            [m - 1 - x for x in av], [(x << shift) % m for x in av], [x >> shift for x in av],
            [max(r) for r in rows], [min(r) for r in rows], [r.index(max(r)) for r in rows],
            [r.index(min(r)) for r in rows]]


def _check(got, dtype, a, b, f, idx, shift, where):
    eager = eager_ops(a, b, f, f.float(), idx)
    for i, (g, w) in enumerate(zip(got, eager)):
        assert g.dtype == w.dtype, (dtype, i, g.dtype, w.dtype)
        assert torch.equal(g, w), f"{dtype} output {i} {where}: {g} != {w}"
    for i, (g, w) in enumerate(zip(got[len(eager):], _reference(dtype, _ints(a), _ints(b), shift, a.shape[1]))):
        assert (_ints(g) if g.dtype == dtype else g.flatten().tolist()) == w, f"{dtype} unsigned output {i} {where}"


def test_uint64_dynamic_rows_match_eager_and_integers():
    """A dynamic batch, run at the sample's rows (every (a, b) pair) and at fewer; two shifts."""
    dtype, n = torch.uint64, torch.export.Dim("n", max=64)
    rows = len(_values(dtype))
    a, b = _pairs(dtype, rows)
    f = torch.tensor(FLOATS, dtype=torch.float64).repeat(rows, 1)
    idx = torch.tensor([rows - 1, 0, rows // 2])
    program = exir_mlir.compile(torch.export.export(Ops(), (a, b, f, idx, torch.tensor(3).to(dtype)),
                                                    dynamic_shapes=({0: n}, {0: n}, {0: n}, None, None)))
    for r, s in ((rows, 63), (3, 3)):
        a, b = _pairs(dtype, r)
        f = torch.tensor(FLOATS, dtype=torch.float64).repeat(r, 1)
        _check(program(a, b, f, idx, torch.tensor(s).to(dtype)), dtype, a, b, f, idx, s, f"at {r} rows")


class Ops16And32(torch.nn.Module):
    """All of Ops on uint32; on uint16 the sign-sensitive ones (unsigned_ops) and float -> uint16."""

    def forward(self, a16, b16, a32, b32, f, idx, s16, s32):
        return Ops()(a32, b32, f, idx, s32) + (f.to(torch.uint16),) + unsigned_ops(a16, b16, s16)


def test_uint16_uint32_static_shapes():
    """Static shapes: 2^15 and 2^31 are int16's and int32's sign bits; float -> uint16 goes
    through int32, float -> uint32 through the unsigned conversion."""
    rows = len(_values(torch.uint32))
    a16, b16 = _pairs(torch.uint16, rows)
    a32, b32 = _pairs(torch.uint32, rows)
    f = torch.tensor(FLOATS, dtype=torch.float64).repeat(rows, 1)
    idx = torch.tensor([rows - 1, 0, 2])
    args = (a16, b16, a32, b32, f, idx, torch.tensor(15).to(torch.uint16), torch.tensor(31).to(torch.uint32))
    got = exir_mlir.compile(torch.export.export(Ops16And32(), args))(*args)
    k = len(eager_ops(a32, b32, f, f.float(), idx)) + len(_reference(torch.uint32, [0], [0], 0, 1))
    _check(got[:k], torch.uint32, a32, b32, f, idx, 31, "")
    assert torch.equal(got[k], f.to(torch.uint16)), (got[k], f.to(torch.uint16))
    for i, (g, w) in enumerate(zip(got[k + 1:], _reference(torch.uint16, _ints(a16), _ints(b16), 15, a16.shape[1]))):
        assert (_ints(g) if g.dtype == torch.uint16 else g.flatten().tolist()) == w, f"uint16 unsigned output {i}"


class UInt64Constant(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("c", _tensor([2**63, 2**64 - 1, 2**63 - 1, 5], torch.uint64))

    def forward(self, a):
        return a & self.c, a == self.c, self.c.double()


def test_uint64_constants_keep_their_bits():
    a = _tensor([2**64 - 1, 2**63, 2**63 - 1, 4], torch.uint64)
    got = exir_mlir.compile(torch.export.export(UInt64Constant(), (a,)))(a)
    for g, w in zip(got, UInt64Constant()(a)):
        assert g.dtype == w.dtype and torch.equal(g, w)


HASHED = (torch.float32, torch.float16, torch.bfloat16, torch.float64, torch.bool, torch.int8, torch.int16,
          torch.int32, torch.int64, torch.uint8, torch.uint16, torch.uint32, torch.uint64)


class Hash(torch.nn.Module):
    def forward(self, *xs):
        out = []
        for x in xs:
            out += [torch.hash_tensor(x), torch.hash_tensor(x, 1), torch.hash_tensor(x, [0], keepdim=True)]
        return tuple(out)


def _hash_input(dtype):
    if dtype.is_floating_point:
        vals = [1.5, -0.0, float("nan"), float("inf"), -2.25, 1e-3, -float("inf"), 3.0, 0.0, 7.0, -1.0, 65504.0]
        return torch.tensor(vals).to(dtype).reshape(3, 4)
    if dtype == torch.bool:
        return torch.tensor([1, 0, 1, 1, 0, 0, 1, 0, 1, 1, 1, 0]).bool().reshape(3, 4)
    if dtype.is_signed:
        info = torch.iinfo(dtype)
        return torch.tensor([0, 1, -1, 5, info.min, info.max, -3, 2, 100, -100, 3, 4]).to(dtype).reshape(3, 4)
    v = _values(dtype) if dtype != torch.uint8 else [0, 1, 127, 128, 255]
    return _tensor([v[i % len(v)] for i in range(5, 17)], dtype).reshape(3, 4)


def _numpy_hash(x, dim=None, keepdim=False):
    """torch's definition (common_methods_invocations.reference_hash_tensor): floats upcast to
    float64 and bitcast, integers converted to uint64, xor-reduced."""
    a = x.float().numpy() if x.dtype in (torch.float16, torch.bfloat16) else x.numpy()
    a = a.astype(np.float64).view(np.uint64) if a.dtype.kind == "f" else a.astype(np.uint64)
    return np.bitwise_xor.reduce(a.flatten() if dim is None else a, axis=None if dim is None else dim,
                                 keepdims=keepdim)


def test_hash_tensor_matches_eager_for_every_dtype():
    xs = [_hash_input(d) for d in HASHED]
    got = exir_mlir.compile(torch.export.export(Hash(), tuple(xs)))(*xs)
    for k, (dtype, x) in enumerate(zip(HASHED, xs)):
        g = got[3 * k:3 * k + 3]
        assert all(t.dtype == torch.uint64 for t in g)
        if dtype in (torch.uint16, torch.uint32, torch.uint64):  # eager: "xor_sum_cpu" not implemented
            want = [_numpy_hash(x), _numpy_hash(x, 1), _numpy_hash(x, 0, True)]
            for t, w in zip(g, want):
                assert np.array_equal(t.numpy(), w), (dtype, t, w)
            continue
        want = [torch.hash_tensor(x), torch.hash_tensor(x, 1), torch.hash_tensor(x, [0], keepdim=True)]
        for t, w in zip(g, want):
            assert torch.equal(t, w), (dtype, t, w)
            assert np.array_equal(t.numpy(), np.asarray(_numpy_hash(x) if w.dim() == 0 else t.numpy()))


class MatmulRelu(torch.nn.Module):
    def forward(self, a):
        return torch.relu(a @ a)  # matmul fused with an activation: no unsigned lowering yet


@pytest.mark.parametrize("dtype, advice", [
    (torch.uint32, r"cast the uint32 tensor to a signed type first \(e.g. x.to\(torch.int64\), which holds every"),
    (torch.uint64, r"no signed type holds every uint64 value: cast to torch.int64 first only if the values are "
                   r"below 2\^63"),
], ids=str)
def test_an_op_without_an_unsigned_lowering_is_a_clear_error(dtype, advice):
    ep = torch.export.export(MatmulRelu(), (torch.ones(3, 3, dtype=dtype),))
    name = str(dtype).removeprefix("torch.")
    with pytest.raises(ExirUserError, match=rf"test_unsigned.py:\d+:\d+ \(node relu\): .*{name} \(unsigned\) "
                                            rf"tensors are not supported by 'backend.matmul' yet; {advice}"):
        exir_mlir.compile(ep)


class Pow(torch.nn.Module):
    def forward(self, a):
        return a ** a


def test_uint64_pow_is_refused():
    # no wider type holds a uint64 exponent (uint8..uint32 exponents widen to i64: test_uint8.py)
    ep = torch.export.export(Pow(), (torch.ones(3, dtype=torch.uint64),))
    with pytest.raises(ExirUserError, match=r"pow with a uint64 exponent is not supported"):
        exir_mlir.compile(ep)


class Promote(torch.nn.Module):
    def forward(self, a):
        return torch.clamp(a, max=2**63 + 3)


def test_a_bound_beyond_int64_is_a_clear_error():
    ep = torch.export.export(Promote(), (torch.ones(3, dtype=torch.uint64),))
    with pytest.raises(ExirUserError, match=r"the integer constant 9223372036854775811 does not fit in int64"):
        exir_mlir.compile(ep)


class Library(torch.nn.Module):
    def forward(self, a, b, c):
        return a * 3, b ^ b[[2, 1, 0]], c > c[[2, 1, 0]], c, torch.hash_tensor(a.float())


def test_native_library_takes_and_returns_uint16_32_64(tmp_path):
    """The AOT library's dtype codes (ui16/ui32/ui64: 13-15, library_api.h) and the runtime's
    marshalling: torch tensors and numpy arrays in and out, values above the signed maximum."""
    from exir_mlir import runtime

    a = _tensor([1, 2**15, 2**16 - 1], torch.uint16)
    b = _tensor([1, 2**31, 2**32 - 1], torch.uint32)
    c = _tensor([1, 2**63, 2**64 - 1], torch.uint64)
    program = runtime.load(exir_mlir.export_library(torch.export.export(Library(), (a, b, c)), tmp_path / "u.so"))
    assert [i.element for i in program.inputs] == ["ui16", "ui32", "ui64"]
    assert [o.element for o in program.outputs] == ["ui16", "ui32", "i1", "ui64", "ui64"]
    want = [a * 3, b ^ b[[2, 1, 0]], torch.tensor([False, False, True]), c, torch.hash_tensor(a.float())]
    for g, w in zip(program(a, b, c), want):
        assert g.dtype == w.dtype and torch.equal(g, w), (g, w)
    for g, w in zip(program(a.numpy(), b.numpy(), c.numpy()), want):
        np.testing.assert_array_equal(g, w.numpy())
