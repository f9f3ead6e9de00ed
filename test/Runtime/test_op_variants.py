"""Call forms of core ops the corpus found refused (op-variant / core-op-fallback classes), end to end
against eager PyTorch, with dynamic dims: one compile per program, run at two or three sizes.

Kept cheap: small tensors, a few programs.
"""

import torch
from torch.export import Dim, export

import exir_mlir
from _function_module import FunctionModule


N = Dim("N", min=1, max=64)


def _check(fn, example, dynamic_shapes, inputs, tol=1e-5):
    program = exir_mlir.compile(export(FunctionModule(fn), example, dynamic_shapes=(dynamic_shapes,)))
    for args in inputs:
        got, want = program(*args), fn(*args)
        want = want if isinstance(want, (tuple, list)) else (want,)
        got = got if isinstance(got, (tuple, list)) else (got,)
        assert len(got) == len(want)
        for k, (g, w) in enumerate(zip(got, want)):
            assert g.shape == w.shape and g.dtype == w.dtype, (k, g.shape, w.shape, g.dtype, w.dtype)
            torch.testing.assert_close(g, w, rtol=tol, atol=tol, msg=lambda m: f"output {k}: {m}")


def test_eval_mode_batch_norm_returns_every_result():
    """native_batch_norm / _native_batch_norm_legit_functional with training=False: the empty
    save_mean/save_invstd and (functional) the unchanged running statistics are results too."""
    def fn(x, w, b, rm, rv):
        a = torch.ops.aten.native_batch_norm(x, w, b, rm, rv, False, 0.1, 1e-3)
        f = torch.ops.aten._native_batch_norm_legit_functional(x, w, b, rm, rv, False, 0.1, 1e-5)
        return (*a, *f)

    def args(n):
        return torch.randn(n, 3, 4), torch.randn(3), torch.randn(3), torch.randn(3), torch.rand(3) + 0.5

    _check(fn, args(2), ({0: N}, None, None, None, None), [args(2), args(5), args(1)])


def test_int_hardtanh_and_split_with_an_empty_last_piece():
    """hardtanh of an int tensor truncates its float bounds as eager does; split_with_sizes' last
    piece of size 0 starts at the end of the dim (a slice past the end is empty, not an error)."""
    def fn(i, x):
        return (torch.nn.functional.hardtanh(i, -1.5, 2.7), torch.nn.functional.hardtanh(i, -0.5, 0.5),
                *torch.split_with_sizes(x, [1, 4, 0], dim=1))

    def args(n):
        return torch.randint(-4, 5, (n, 3)), torch.randn(n, 5)

    _check(fn, args(3), ({0: N}, {0: N}), [args(3), args(6), args(1)], tol=0)
