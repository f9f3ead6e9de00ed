"""A decoder block with a static KV cache, as users write one: index_copy_ into cache buffers at the
positions of this call, attention over the cache with a position mask. Exported once with a dynamic
number of new tokens; prefill then decode steps must match eager, the cache persisting across calls."""

import torch
import torch.nn.functional as F

import exir_mlir


class CachedBlock(torch.nn.Module):
    def __init__(self, d=32, heads=4, max_len=64, batch=2):
        super().__init__()
        self.heads = heads
        self.qkv = torch.nn.Linear(d, 3 * d)
        self.out = torch.nn.Linear(d, d)
        self.register_buffer("k_cache", torch.zeros(batch, heads, max_len, d // heads))
        self.register_buffer("v_cache", torch.zeros(batch, heads, max_len, d // heads))

    def forward(self, x, pos):
        b, t, d = x.shape
        q, k, v = self.qkv(x).split(d, dim=-1)
        q, k, v = (z.view(b, t, self.heads, -1).transpose(1, 2) for z in (q, k, v))
        self.k_cache.index_copy_(2, pos, k)
        self.v_cache.index_copy_(2, pos, v)
        mask = torch.arange(self.k_cache.shape[2]) <= pos[:, None]
        y = F.scaled_dot_product_attention(q, self.k_cache, self.v_cache, attn_mask=mask)
        return x + self.out(y.transpose(1, 2).reshape(b, t, d))


def test_prefill_then_decode_with_a_dynamic_token_count():
    torch.manual_seed(0)
    eager = CachedBlock().eval()
    exported = CachedBlock().eval()
    exported.load_state_dict(eager.state_dict())
    tokens = torch.export.Dim("tokens", min=1, max=32)
    ep = torch.export.export(exported, (torch.randn(2, 5, 32), torch.arange(5)), dynamic_shapes=({1: tokens}, {0: tokens}))
    program = exir_mlir.compile(ep)
    steps = [(torch.randn(2, 5, 32), torch.arange(5)), (torch.randn(2, 1, 32), torch.tensor([5])),
             (torch.randn(2, 1, 32), torch.tensor([6]))]
    for x, pos in steps:
        torch.testing.assert_close(program(x, pos), eager(x, pos), rtol=1e-4, atol=1e-5)
