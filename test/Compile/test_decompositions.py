"""compile() decomposes the non-core ops run_decompositions() leaves (torch._decomp), takes a user's
table, says the truth about ops it cannot take, and refuses as_strided where it would read other values."""

from __future__ import annotations

import warnings

import pytest
import torch
from _user_ops import user_scale
from torch._decomp import decomposition_table
from torch.export import Dim

import exir_mlir
from exir_mlir.errors import ExirUserError

warnings.filterwarnings("ignore", category=FutureWarning)


def _export(fn, *args, dynamic=True):
    class M(torch.nn.Module):
        def forward(self, *xs):
            return fn(*xs)

    shapes = tuple({d: Dim.AUTO for d in range(a.dim())} for a in args) if dynamic else None
    return M(), torch.export.export(M(), args, dynamic_shapes=(shapes,) if shapes else None, strict=False)


def _check(fn, *inputs_list, dynamic=True, **options):
    m, ep = _export(fn, *inputs_list[0], dynamic=dynamic)
    program = exir_mlir.compile(ep, **options)
    for inputs in inputs_list:
        got, want = program(*inputs), m(*inputs)
        got = got if isinstance(got, (tuple, list)) else (got,)
        want = want if isinstance(want, (tuple, list)) else (want,)
        for g, w in zip(got, want, strict=True):
            torch.testing.assert_close(g, w, rtol=1e-5, atol=1e-5)


def test_torch_decomp_takes_ops_the_default_table_leaves():
    # linalg_vector_norm, cumprod, round.decimals and dist survive run_decompositions(); torch._decomp
    # brings them to core ops (cumprod and round.decimals through prims that have core equivalents,
    # dist through linalg_vector_norm). Dynamic shapes, checked at the export size and at another one.
    def f(x):
        return (torch.linalg.vector_norm(x, 3.0, dim=1), torch.cumprod(x, 1), torch.round(x, decimals=2),
                torch.dist(x, 2 * x), torch.exp2(x), torch.fmax(x, x.flip(0)))

    _check(f, (torch.randn(4, 6),), (torch.randn(3, 9),))


def test_torch_decomp_static():
    def f(x):
        var, mean = torch.var_mean(x, dim=1, keepdim=True)
        return var + mean, x.unfold(1, 2, 1)

    _check(f, (torch.randn(4, 6),), dynamic=False)


def test_a_decomposition_to_prims_is_not_applied_and_the_error_says_why(monkeypatch):
    # torch._decomp's entries that give prims exir-mlir cannot lower (igamma gave prims::igamma)
    # gained decompositions of exir-mlir's own; a user's op with such an entry stands for them.
    monkeypatch.setitem(decomposition_table, torch.ops.exir_test.user_scale.default,
                        lambda x: torch.ops.prims.igamma(x, x))
    _, ep = _export(user_scale, torch.rand(4) + 0.5)
    with pytest.raises(ExirUserError) as info:
        exir_mlir.compile(ep)
    text = str(info.value)
    assert "'exir_test::user_scale' is not a core ATen op and exir-mlir has no lowering for it" in text
    assert "produces prims::igamma" in text
    assert "decompositions={torch.ops.exir_test.user_scale.default: fn}" in text
    assert "run_decompositions" not in text  # compile already ran them: never advise it


def test_an_op_torch_cannot_decompose_says_so():
    _, ep = _export(user_scale, torch.rand(4, 3))
    with pytest.raises(ExirUserError, match=r"'exir_test::user_scale' is not a core ATen op .*"
                                            r"torch has no decomposition for it"):
        exir_mlir.compile(ep)


def test_user_decomposition_table():
    # histogram has no lowering and no torch decomposition: the user's table supplies one (the counts of
    # equal-width bins over [min, max]; the edges are not used here).
    def histogram(x, bins=100, *, range=None, weight=None, density=False):
        lo, hi = x.min(), x.max()
        pos = ((x - lo) * bins / (hi - lo)).to(torch.int64).clamp(max=bins - 1)
        counts = (pos.unsqueeze(-1) == torch.arange(bins)).sum(0).to(x.dtype)
        return counts, torch.zeros(bins + 1, dtype=x.dtype)

    def f(x):
        return torch.histogram(x, 4)[0]

    _, ep = _export(f, torch.randn(16), dynamic=False)  # histogram has no fake kernel for symbolic sizes
    with pytest.raises(ExirUserError, match="'aten::histogram.bin_ct' is not a core ATen op"):
        exir_mlir.compile(ep)
    _check(f, (torch.randn(16),), dynamic=False, decompositions={torch.ops.aten.histogram.bin_ct: histogram})
    # An OpOverloadPacket key stands for all of its overloads.
    _check(f, (torch.randn(16),), dynamic=False, decompositions={torch.ops.aten.histogram: histogram})
    with pytest.raises(ExirUserError, match="decompositions"):
        exir_mlir.compile(ep, decompositions={"histogram": histogram})


def test_a_symint_scalar_takes_the_tensor_overload():
    # torch.roll's decomposition calls fmod.Scalar with a SymInt (the dim size): it imports as
    # fmod.Tensor of a wrapped number instead of an unlowerable fallback call.
    # clamp(x, 0, <SymInt>) (replicate padding's index clamp) takes clamp.Tensor the same way.
    _check(lambda x: (torch.roll(x, 2, 0), torch.fmod(x, x.shape[1]),
                      torch.clamp(torch.arange(10) - 3, 0, x.shape[0] - 1)),
           (torch.randn(5, 3) * 10,), (torch.randn(7, 4) * 10,))


@pytest.mark.parametrize("fn, reason", [
    (lambda x: torch.as_strided(x.t(), (2, 2), (1, 2)), "non-contiguous view"),
    (lambda x: torch.as_strided(torch.diagonal(x), (2,), (1,)), "non-contiguous view"),
    (lambda x: torch.as_strided(x[1:], (2, 2), (1, 2), 0), "explicit storage_offset"),
    (lambda x: torch.as_strided(x[:2], (4, 4), (4, 1)), "reads element 15 of its input"),
])
def test_as_strided_over_a_view_is_refused(fn, reason):
    _, ep = _export(fn, torch.randn(4, 4), dynamic=False)
    with pytest.raises(ExirUserError, match=reason):
        exir_mlir.compile(ep)


def test_as_strided_over_a_contiguous_input_still_compiles():
    _check(lambda x: (torch.as_strided(x, (2, 2), (1, 2)), torch.as_strided(x[1:], (2, 2), (1, 2))),
           (torch.randn(4, 4),), dynamic=False)


def test_own_decompositions_of_ops_torch_has_none_for():
    # nn.Bilinear's _trilinear and empty_permuted (empty_like of a permuted tensor) survive
    # run_decompositions() and torch._decomp has no entry for them; its var_mean/std_mean divide by
    # a SymFloat count when a reduced dim is symbolic: exir-mlir's own table
    # (importer.decompositions.own_table) writes them with core ops. Dynamic dims, two sizes.
    torch.manual_seed(0)
    bilinear = torch.nn.Bilinear(3, 4, 5)

    def f(x, y):
        filled = torch.empty_permuted((x.shape[0], 2, 3), (2, 0, 1)).fill_(1.5)
        var, mean = torch.var_mean(x, dim=1, keepdim=True)
        return bilinear(x, y), filled * x.sum(), var + mean, *torch.std_mean(y, unbiased=False)

    _check(f, (torch.randn(6, 3), torch.randn(6, 4)), (torch.randn(2, 3), torch.randn(2, 4)))


def test_decomposed_nodes_keep_the_users_line_and_the_tracer_setting_is_restored():
    # decompose() turns off torch's recording of the re-tracer's own stack (half of its time on a
    # GPT-2 block); the nodes an op decomposes into must still name the user's line, and the
    # setting must be the user's again afterwards.
    import torch.fx.config as fx_config

    from exir_mlir import lowering
    from exir_mlir.importer import decompose

    class M(torch.nn.Module):
        def forward(self, x):
            return torch.nn.functional.hardswish(x) + torch.var_mean(x, dim=1)[0][:, None]  # USER-LINE

    ep = torch.export.export(M(), (torch.randn(3, 4),), dynamic_shapes=({0: Dim.AUTO, 1: Dim.AUTO},), strict=False)
    decomposed = decompose(ep, handled=lowering.takes_overload).ep
    assert fx_config.do_not_emit_stack_traces is False
    computing = [n for n in decomposed.graph.nodes if n.op == "call_function" and "sym_size" not in str(n.target)]
    assert len(computing) > 3  # hardswish and var_mean were decomposed into several ops
    for node in computing:
        assert "USER-LINE" in (node.meta.get("stack_trace") or ""), node.format_node()
