"""torch bugs in run_decompositions() that stop programs users really export (importer/torch_workarounds.py)."""

import torch
import torch.nn.functional as F

import exir_mlir
from exir_mlir.importer import run_decompositions
from exir_mlir.importer.torch_workarounds import _views_as_reshapes


class AttentionThenView(torch.nn.Module):
    """The tail of Hugging Face GPT-2's attention: sdpa, transpose(1, 2), then a .view over the heads."""

    def forward(self, q, k, v):
        b, h, s, d = q.shape
        out = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        merged = out.transpose(1, 2).reshape(b, s, h * d)
        return merged.view(-1, h * d) * 2.0


class ViewThenMutate(torch.nn.Module):
    def forward(self, x):
        y = x.transpose(0, 1).contiguous().view(-1)
        y.add_(1.0)
        return y


def _inputs(batch=2, seq=5):
    torch.manual_seed(0)
    return tuple(torch.randn(batch, 4, seq, 8) for _ in range(3))


def test_torch_alone_rejects_the_view():
    ep = torch.export.export(AttentionThenView(), _inputs())
    try:
        ep.run_decompositions()
    except (RuntimeError, ValueError) as exc:
        assert "Cannot view a tensor with shape" in str(exc)
    else:  # torch fixed its decomposition: the workaround can go (this test then says so)
        raise AssertionError("torch's run_decompositions() now accepts the view: remove torch_workarounds.py")


def test_decomposed_program_matches_eager_and_leaves_the_original_alone():
    ep = torch.export.export(AttentionThenView(), _inputs())
    before = str(ep.graph)
    decomposed = run_decompositions(ep)
    assert str(ep.graph) == before
    args = _inputs()
    torch.testing.assert_close(decomposed.module()(*args), AttentionThenView()(*args))


def test_compiles_with_dynamic_batch_and_sequence():
    batch, seq = torch.export.Dim("batch", min=1, max=8), torch.export.Dim("seq", min=2, max=64)
    dims = ({0: batch, 2: seq},) * 3
    program = exir_mlir.compile(torch.export.export(AttentionThenView(), _inputs(), dynamic_shapes=dims))
    for b, s in ((2, 5), (3, 17)):
        args = _inputs(b, s)
        torch.testing.assert_close(program(*args), AttentionThenView()(*args), rtol=1e-4, atol=1e-5)


def test_only_views_nobody_mutates_become_reshapes():
    mutated = torch.export.export(ViewThenMutate(), (torch.randn(3, 4),))
    assert any(n.target is torch.ops.aten.view.default for n in mutated.graph.nodes)
    assert _views_as_reshapes(mutated) == 0
    attention = torch.export.export(AttentionThenView(), _inputs())
    assert _views_as_reshapes(attention) == 1
    assert not any(n.target is torch.ops.aten.view.default for n in attention.graph.nodes)
