"""A user's own op (torch.library) that exir-mlir will never take, for the tests of its errors.

Those tests used ATen ops that had no lowering yet (pdist, geqrf, igamma); each broke them when it
gained one. Where a test needs a core ATen op without a lowering it calls
`aten::avg_pool2d_backward` (a training op; exir-mlir compiles inference programs)."""

import torch


@torch.library.custom_op("exir_test::user_scale", mutates_args=())
def user_scale(x: torch.Tensor) -> torch.Tensor:
    """A user's op: exir-mlir has no lowering and torch no decomposition for it."""
    return x * 3.0


@user_scale.register_fake
def _(x):
    return torch.empty_like(x)

