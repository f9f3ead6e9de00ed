"""int8 and int16 programs (issue 12 item 3) compile and match eager exactly, wrap-around included:
one program per dtype holding the arithmetic, comparison, reduction, cast, matmul, indexing and
sort ops a small-integer model uses (full-range values, so sums and products overflow and wrap as
torch's do). uint8 is not lowered by to-linalg yet: a clear error naming it, tested here too.
"""

import warnings

import pytest
import torch

import exir_mlir
from exir_mlir.errors import ExirUserError

warnings.filterwarnings("ignore", category=FutureWarning)


class SmallIntOps(torch.nn.Module):
    def forward(self, a, b, idx):
        return (
            a + b, a - b, a * b, -a, torch.maximum(a, b), torch.minimum(a, b), a < b, a == b,
            torch.div(a, b.clamp(min=1), rounding_mode="floor"), a / b.clamp(min=1), a & b, a | b,
            a.sum(1), a.amax(1), a.argmax(1), a.cumsum(1), (a.float() * 0.7).to(a.dtype), a.float() * 0.5,
            a @ b.t(), torch.cat([a, b], 1), torch.where(a > b, a, b), a[:, idx], torch.sort(a, 1)[0],
            a.abs(), torch.clamp(a, -5, 7),
        )


@pytest.mark.parametrize("dtype", [torch.int8, torch.int16], ids=["int8", "int16"])
def test_small_int_ops_match_eager_exactly(dtype):
    info = torch.iinfo(dtype)
    torch.manual_seed(0)
    a = torch.randint(info.min, info.max + 1, (5, 7), dtype=dtype)
    b = torch.randint(info.min, info.max + 1, (5, 7), dtype=dtype)
    idx = torch.tensor([6, 0, 3])
    m = SmallIntOps()
    ep = torch.export.export(m, (a, b, idx), dynamic_shapes=({0: torch.export.Dim("n", max=64)}, {0: torch.export.Dim("n", max=64)}, None))
    program = exir_mlir.compile(ep)
    for n in (5, 9):
        x = torch.randint(info.min, info.max + 1, (n, 7), dtype=dtype)
        y = torch.randint(info.min, info.max + 1, (n, 7), dtype=dtype)
        got, want = program(x, y, idx), m(x, y, idx)
        assert (x + y != x.to(torch.int32) + y.to(torch.int32)).any()  # the inputs do overflow
        for i, (g, w) in enumerate(zip(got, want)):
            assert g.dtype == w.dtype, (i, g.dtype, w.dtype)
            torch.testing.assert_close(g, w, rtol=0, atol=0, msg=f"output {i}")


def test_uint8_is_a_clear_error():
    class Add(torch.nn.Module):
        def forward(self, a):
            return a + 1

    ep = torch.export.export(Add(), (torch.zeros(3, dtype=torch.uint8),))
    with pytest.raises(ExirUserError, match="unsigned .uint8. tensors are not supported by to-linalg yet"):
        exir_mlir.compile(ep)
