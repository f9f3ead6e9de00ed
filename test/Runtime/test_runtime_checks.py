"""Conditions eager PyTorch checks while it runs are checked at run time, never dropped into a wrong answer.

- `torch._check` on a data-dependent value (`.item()`) and the range asserts export adds for it
  (`_assert_scalar` on u0): lowering/aten_to_edge/symbolic.py lower_assert_scalar;
- `torch.linalg`'s error checks (`_linalg_check_errors` of cholesky/inv/solve):
  importer/decompositions_linalg.py linalg_error_checks_as_asserts, importer/graph.py import_assert_async.
A failing call raises RuntimeCheckError (a RuntimeError) naming the condition and the user's source line;
valid calls match eager, before and after. Static and dynamic shapes."""

import inspect

import pytest
import torch

import exir_mlir
from exir_mlir.errors import RuntimeCheckError


class Take(torch.nn.Module):
    def forward(self, x, n):
        k = n.item()
        torch._check(k >= 0)
        torch._check(k <= x.size(0))
        return x[:k], x * k


# export gives the asserts of u0 (k) the source line of the .item() that made it
ITEM_LINE = inspect.getsourcelines(Take.forward)[1] + 1


@pytest.fixture(scope="module", params=["static", "dynamic"])
def take(request):
    x, n = torch.randn(6, 3), torch.tensor(4)
    shapes = ({0: torch.export.Dim("rows", min=2, max=64)}, None) if request.param == "dynamic" else None
    return exir_mlir.compile(torch.export.export(Take(), (x, n), dynamic_shapes=shapes))


def test_item_check_valid_values_match_eager(take):
    x = torch.randn(6, 3)
    for k in (0, 4, 6):
        for got, want in zip(take(x, torch.tensor(k)), Take()(x, torch.tensor(k))):
            torch.testing.assert_close(got, want)


def test_item_check_failing_raises_with_condition_and_line(take):
    x = torch.randn(6, 3)
    with pytest.raises(RuntimeError):
        Take()(x, torch.tensor(7))  # eager raises too
    with pytest.raises(RuntimeCheckError, match=rf"torch._check failed at .*test_runtime_checks.py:{ITEM_LINE}:.*"
                       r"the condition u0 <= (6|s0|s\d+) is false"):
        take(x, torch.tensor(7))
    with pytest.raises(RuntimeCheckError, match=rf"test_runtime_checks.py:{ITEM_LINE}:.*the condition u0 >= 0 is false"):
        take(x, torch.tensor(-1))
    # The next valid call is right again (the call's error slot was cleared).
    torch.testing.assert_close(take(x, torch.tensor(3))[0], x[:3])


class Cholesky(torch.nn.Module):
    def forward(self, a, b):
        return torch.linalg.cholesky(a), torch.linalg.inv(b)


CHOLESKY_LINE = inspect.getsourcelines(Cholesky.forward)[1] + 1


def _spd(*batch, n=3):
    m = torch.randn(*batch, n, n, dtype=torch.float64)
    return m @ m.mT + n * torch.eye(n, dtype=torch.float64)


@pytest.mark.parametrize("dynamic", [False, True], ids=["static", "dynamic"])
def test_linalg_errors_raise_like_eager(dynamic):
    a, b = _spd(2), _spd(2)
    shapes = ({0: torch.export.Dim("batch", min=1, max=8)},) * 2 if dynamic else None
    program = exir_mlir.compile(torch.export.export(Cholesky(), (a, b), dynamic_shapes=shapes))
    for got, want in zip(program(a, b), Cholesky()(a, b)):
        torch.testing.assert_close(got, want, rtol=1e-9, atol=1e-9)
    not_pd = a.clone()
    not_pd[1] = -not_pd[1]
    with pytest.raises(torch.linalg.LinAlgError, match="not positive-definite"):
        Cholesky()(not_pd, b)
    with pytest.raises(RuntimeCheckError, match=r"linalg.cholesky: The factorization could not "
                       r"be completed because the input is not positive-definite .*"
                       rf"test_runtime_checks.py:{CHOLESKY_LINE}:"):
        program(not_pd, b)
    singular = b.clone()
    singular[0] = 0
    with pytest.raises(torch.linalg.LinAlgError, match="singular"):
        Cholesky()(a, singular)
    with pytest.raises(RuntimeCheckError, match=r"linalg.inv: .*the input matrix is singular"):
        program(a, singular)
    for got, want in zip(program(a, b), Cholesky()(a, b)):
        torch.testing.assert_close(got, want, rtol=1e-9, atol=1e-9)


def test_native_library_raises_the_check(tmp_path):
    from exir_mlir import runtime

    x, n = torch.randn(6, 3), torch.tensor(4)
    program = runtime.load(exir_mlir.export_library(torch.export.export(Take(), (x, n)), tmp_path / "take.so"))
    torch.testing.assert_close(torch.as_tensor(program(x, n)[0]), x[:4])
    with pytest.raises(RuntimeCheckError, match=r"the condition u0 <= 6 is false.*from 'take.so'"):
        program(x, torch.tensor(7))


class AssertAsync(torch.nn.Module):
    def forward(self, x, i):
        torch._assert_async((x > 0).all(), "x must be positive")
        return x * 2, torch.nn.functional.one_hot(i, 5)  # one_hot's decomposition asserts its classes


ASSERT_LINE = inspect.getsourcelines(AssertAsync.forward)[1] + 1


def test_assert_async_and_one_hot_raise_like_eager():
    x, i = torch.rand(4) + 0.5, torch.tensor([0, 4, 2])
    shapes = ({0: torch.export.Dim("n", min=2, max=64)}, {0: torch.export.Dim("m", min=2, max=64)})
    program = exir_mlir.compile(torch.export.export(AssertAsync(), (x, i), dynamic_shapes=shapes))
    for got, want in zip(program(x, i), AssertAsync()(x, i)):
        torch.testing.assert_close(got, want)
    with pytest.raises(RuntimeCheckError, match=rf"x must be positive \(at .*test_runtime_checks.py:{ASSERT_LINE}:"):
        program(-x, i)
    with pytest.raises(RuntimeCheckError, match=r"one_hot: Class values must be smaller than num_classes"):
        program(x, torch.tensor([0, 7, 1, 2]))
    for got, want in zip(program(x[:3], i), AssertAsync()(x[:3], i)):
        torch.testing.assert_close(got, want)
