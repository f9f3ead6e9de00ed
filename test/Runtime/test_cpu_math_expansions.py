"""Math ops that upstream's math-expand-ops got wrong outside a range, against eager (codegen/pipeline.py).

ceil went through an i64 conversion (9.2e18 for NaN, inf and 1e30, +0 for -0.0), asinh/acosh through
log(x + sqrt(x^2 +- 1)) (inf past 1e19): the pipeline now expands only tan/tanh/sinh/cosh/atanh.
"""

import pytest
import torch

import exir_mlir

VALUES = [float("nan"), float("inf"), float("-inf"), 1e30, -1e30, -0.0, 0.0, -0.5, 0.5, 2.5, -2.5, 3e9, -3e9, 1e-8, 20.0]
OPS = {
    "ceil": torch.ceil,
    "asinh": torch.asinh,
    "acosh": lambda x: torch.acosh(x.abs() + 1.0),
    "round": torch.round,
}


@pytest.mark.parametrize("name", sorted(OPS))
def test_special_and_large_values(name):
    fn = OPS[name]

    class Op(torch.nn.Module):
        def forward(self, x):
            return fn(x)

    x = torch.tensor(VALUES * 3)  # 45 elements: vector body and remainder
    got = exir_mlir.compile(torch.export.export(Op(), (x,)))(x)
    want = fn(x)
    torch.testing.assert_close(got, want, rtol=1e-5, atol=1e-6, equal_nan=True)
    assert torch.equal(torch.signbit(got[~want.isnan()]), torch.signbit(want[~want.isnan()]))
