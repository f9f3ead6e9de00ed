"""int8 and int16 programs (issue 12 item 3) compile and match eager exactly, wrap-around included:
one program per dtype holding the arithmetic, comparison, reduction, cast, matmul, indexing and
sort ops a small-integer model uses (full-range values, so sums and products overflow and wrap as
torch's do). uint8: test_uint8.py.
"""

import warnings

import torch

import exir_mlir

warnings.filterwarnings("ignore", category=FutureWarning)


def _ops(a, b, idx):
    return (
        a + b, a - b, a * b, -a, torch.maximum(a, b), torch.minimum(a, b), a < b, a == b,
        torch.div(a, b.clamp(min=1), rounding_mode="floor"), a / b.clamp(min=1), a & b, a | b,
        a.sum(1), a.amax(1), a.argmax(1), a.cumsum(1), (a.float() * 0.7).to(a.dtype), a.float() * 0.5,
        a @ b.t(), torch.cat([a, b], 1), torch.where(a > b, a, b), a[:, idx], torch.sort(a, 1)[0],
        a.abs(), torch.clamp(a, -5, 7),
        torch.addbmm(a @ b.t(), a.expand(2, -1, -1), b.t().expand(2, -1, -1)),  # stays int8/int16 (wraps)
        torch.nn.functional.bilinear(a, b, (torch.arange(98) - 49).to(a.dtype).reshape(2, 7, 7)),  # likewise
        torch.cumprod(a, 1, dtype=a.dtype),  # torch's decomposition casts with prims.convert_element_type
    )


class SmallIntOps(torch.nn.Module):
    """The same ops on an int8 pair and an int16 pair: one program, one compile."""

    def forward(self, a8, b8, a16, b16, idx):
        return _ops(a8, b8, idx) + _ops(a16, b16, idx)


def _full_range(dtype, n):
    info = torch.iinfo(dtype)
    return torch.randint(info.min, info.max + 1, (n, 7), dtype=dtype)


def test_int8_and_int16_ops_match_eager_exactly():
    torch.manual_seed(0)
    idx = torch.tensor([6, 0, 3])
    m = SmallIntOps()
    args = (*(_full_range(torch.int8, 5) for _ in range(2)), *(_full_range(torch.int16, 5) for _ in range(2)), idx)
    n = torch.export.Dim("n", max=64)
    ep = torch.export.export(m, args, dynamic_shapes=({0: n}, {0: n}, {0: n}, {0: n}, None))
    program = exir_mlir.compile(ep)
    for rows in (5, 9):
        x8, y8 = _full_range(torch.int8, rows), _full_range(torch.int8, rows)
        x16, y16 = _full_range(torch.int16, rows), _full_range(torch.int16, rows)
        assert (x8 + y8 != x8.to(torch.int32) + y8.to(torch.int32)).any()  # the inputs do overflow
        got, want = program(x8, y8, x16, y16, idx), m(x8, y8, x16, y16, idx)
        assert len(got) == len(want)
        for i, (g, w) in enumerate(zip(got, want)):
            assert g.dtype == w.dtype, (i, g.dtype, w.dtype)
            torch.testing.assert_close(g, w, rtol=0, atol=0, msg=f"output {i}")

