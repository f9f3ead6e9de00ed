"""Dynamic-shape forms of the view, pad, update, sort, indexing, normalization and upsample families end to end, against eager.

Each program is exported once with its dims dynamic (`Dim`), compiled once, and run at two (or
three) sizes, compared exactly with eager PyTorch (these ops move values, they compute nothing
that rounds; `nansum`/`trace` sum a few small values: a tight tolerance). Sizes where a symbolic
amount changes sign (a pad that grows at one size and crops at the other) are among them. Kept
cheap: three programs, small tensors.
"""

import pytest
import torch
from torch.export import Dim, export

import exir_mlir
from exir_mlir.errors import RuntimeCheckError
from _function_module import FunctionModule


A = Dim.AUTO  # every dim dynamic unless the program's guards pin it (checked below: none may)


def _check(fn, example, inputs):
    dynamic_shapes = tuple({d: A for d in range(t.dim())} for t in example)
    ep = export(FunctionModule(fn), example, dynamic_shapes=(dynamic_shapes,))  # forward(*args): one entry
    user = set(ep.graph_signature.user_inputs)
    placeholders = [n.meta["val"] for n in ep.graph.nodes if n.op == "placeholder" and n.name in user]
    assert all(not isinstance(s, int) for p in placeholders for s in p.shape), \
        f"a dim was specialized: {[tuple(p.shape) for p in placeholders]}"
    compiled = exir_mlir.compile(ep)
    for args in inputs:
        got, want = compiled(*args), fn(*args)
        assert len(got) == len(want)
        for k, (g, w) in enumerate(zip(got, want)):
            assert g.shape == w.shape and g.dtype == w.dtype, (k, g.shape, w.shape)
            torch.testing.assert_close(g, w, rtol=1e-6, atol=1e-6, equal_nan=True, msg=lambda m: f"output {k}: {m}")


def _pads(x, s):
    n = x.shape[-1]
    return (
        # a symbolic amount: grows (n < 6) or crops (n > 6) the last dim; a symbolic low side on dim 0
        torch.nn.functional.pad(x, (0, 6 - n, n - 5, 1), value=2.5),
        torch.nn.functional.pad(x, (-1, 2)),  # a static crop on a dynamic dim
        torch.nn.functional.pad(x, (2, 1), mode="circular"),
        torch.slice_scatter(x, s, 1, n - s.shape[1], n),  # a symbolic start
    )


def test_pads_and_slice_scatter_at_two_sizes():
    inputs = [(torch.randn(3, 4), torch.randn(3, 2)), (torch.randn(5, 9), torch.randn(5, 3))]
    _check(_pads, inputs[0], inputs)


def _views(x, v, i):
    n = x.shape[1]
    return (
        torch.diagonal(x, 1), torch.trace(x),
        *torch.sort(x, dim=1), torch.argsort(x, dim=0, descending=True), *torch.topk(x, 2, dim=1),
        *torch.split(x, [2, n - 2], dim=1), *torch.chunk(v, 3),
        x[:, n // 2:], x[1:-1],
        x.repeat(2, 1), torch.tile(v, (2,)),
        x.select(1, n - 1), x[-1], *torch.topk(x, i.shape[0], dim=1),  # symbolic index, negative on a dynamic dim, symbolic k
        torch.take(x, i), x[i.clamp(max=1)],
        torch.argmax(x), torch.argmin(v),
        torch.isnan(v), torch.nansum(torch.where(v > 0, v, float("nan"))),
    )


def test_views_sort_select_repeat_at_two_sizes():
    inputs = [(torch.randn(4, 5), torch.randn(7), torch.tensor([0, 4, 2])),
              (torch.randn(5, 7), torch.randn(5), torch.tensor([1, 3, 5, 0, 2]))]
    _check(_views, inputs[0], inputs)


def _updates(x, i, v, w):
    return (
        x.index_add(0, i, v), x.index_copy(0, i, v), x.index_fill(1, torch.tensor([0, 2]), -1.0),
        torch.index_put(x, (i,), v, accumulate=True), torch.index_put(x, (i,), w),
        torch.select_scatter(x, w, 0, -1), torch.select_scatter(x, x[:, 0], 1, x.shape[1] - 1),
    )


def test_index_updates_at_two_sizes():
    inputs = [(torch.randn(5, 3), torch.tensor([4, 0]), torch.randn(2, 3), torch.randn(3)),
              (torch.randn(8, 6), torch.tensor([7, 1, 3]), torch.randn(3, 6), torch.randn(6))]
    _check(_updates, inputs[0], inputs)


def test_as_strided_of_a_dynamic_input():
    """Lowered as it is when the range constraints prove every read lies inside the input (here >= 9
    elements; the last read of the 3 x 3 view with strides (2, 1) from 1 is element 7); with a run-time
    check of the input's size when they allow an input too small (eager raises for it: so does the
    call, instead of reading past the input)."""
    fn = lambda x: (torch.as_strided(x, (3, 3), (2, 1), 1),)  # noqa: E731
    ep = export(FunctionModule(fn), (torch.randn(3, 4),), dynamic_shapes=(({0: Dim("a", min=3), 1: Dim("b", min=3, max=9)},),))
    compiled = exir_mlir.compile(ep)
    for x in (torch.randn(3, 4), torch.randn(5, 7)):
        torch.testing.assert_close(compiled(x)[0], fn(x)[0], rtol=0, atol=0)
    window = lambda x: torch.as_strided(x, (3, 3), (3, 1), 1)  # noqa: E731  reads element 9
    ep = export(FunctionModule(window), (torch.randn(5, 3),), dynamic_shapes=(({0: Dim("a", min=2), 1: Dim("b", min=3, max=9)},),))
    compiled = exir_mlir.compile(ep)
    for x in (torch.randn(5, 3), torch.randn(2, 5)):  # 15 and 10 elements
        torch.testing.assert_close(compiled(x), window(x), rtol=0, atol=0)
    with pytest.raises(RuntimeCheckError, match=r"as_strided at .* reads element 9 of its input"):
        compiled(torch.randn(3, 3))
    with pytest.raises(RuntimeError):
        window(torch.randn(3, 3))


def _norms_and_resizes(x, w, f, s):
    F = torch.nn.functional
    return (
        F.batch_norm(x, None, None, w, w, training=True),  # batch statistics over dynamic N, H, W
        F.group_norm(x, 2, w, w),  # [N, G, C/G, H, W]: the channel dim splits, H and W stay dynamic
        F.instance_norm(x),  # batch norm of the [1, N*C, H, W] view: a dynamic channel count
        F.interpolate(x, scale_factor=2, mode="bilinear"),
        F.interpolate(x, scale_factor=(2, 3), mode="nearest"),
        F.pad(x, (2, 1, 1, 2), mode="reflect"),
        f.masked_scatter(f > 0, s),  # flattens two dynamic dims and reshapes them back
    )


def test_norms_resizes_and_flattens_at_two_sizes():
    """Dynamic N, H, W (C = 4 static, as weights pin it) and a [?, ?] masked_scatter: statistics,
    group views, resize clamps and reflection bounds are index arithmetic on the run's sizes."""
    example = (torch.randn(2, 4, 3, 5), torch.randn(4), torch.randn(3, 4), torch.randn(12))
    n, h, w, r, c, k = (Dim(name, min=3 if name in "hw" else 2, max=64) for name in ("n", "h", "w", "r", "c", "k"))
    ep = export(FunctionModule(_norms_and_resizes), example, dynamic_shapes=(({0: n, 2: h, 3: w}, None, {0: r, 1: c}, {0: k}),))
    compiled = exir_mlir.compile(ep)
    for args in (example, (torch.randn(3, 4, 5, 4), torch.randn(4), torch.randn(5, 3), torch.randn(15))):
        got, want = compiled(*args), _norms_and_resizes(*args)
        for i, (g, e) in enumerate(zip(got, want)):
            assert g.shape == e.shape, (i, g.shape, e.shape)
            torch.testing.assert_close(g, e, rtol=1e-5, atol=1e-5, msg=lambda m: f"output {i}: {m}")


def _resizes_of_dynamic_scale(x):
    F = torch.nn.functional
    h = x.shape[2]
    return (
        F.interpolate(x, scale_factor=2, mode="bilinear", align_corners=True),  # (in - 1) / (out - 1)
        F.interpolate(x, size=(2 * h + 1, 1), mode="bilinear", align_corners=True),  # out 1: scale 0
        F.interpolate(x, scale_factor=1.7, mode="bilinear", align_corners=True),  # out = trunc(1.7 * in)
        F.interpolate(x, size=(h + 3, 5), mode="nearest"),  # in / out, from the sizes
        F.interpolate(x, size=(h - 1, 7), mode="bilinear"),  # in / out, half-pixel centers
    )


def test_resizes_whose_scale_depends_on_dynamic_sizes():
    """align_corners and output_size resizes of dynamic H and W: the scale, known only at run time, is
    computed there as eager computes it (f32; 0 where the output has one row)."""
    example = (torch.randn(2, 3, 5, 6),)
    h, w = Dim("h", min=3, max=64), Dim("w", min=2, max=64)
    ep = export(FunctionModule(_resizes_of_dynamic_scale), example, dynamic_shapes=(({0: Dim("n", max=8), 2: h, 3: w},),))
    compiled = exir_mlir.compile(ep)
    for args in (example, (torch.randn(3, 3, 9, 4),)):
        got, want = compiled(*args), _resizes_of_dynamic_scale(*args)
        for i, (g, e) in enumerate(zip(got, want)):
            assert g.shape == e.shape, (i, g.shape, e.shape)
            torch.testing.assert_close(g, e, rtol=1e-5, atol=1e-5, msg=lambda m: f"output {i}: {m}")
