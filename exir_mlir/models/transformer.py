"""Sequence example models: a pre-norm transformer block and an embedding + mean classifier."""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import nn

from exir_mlir.models.registry import ExampleModel, register_model, seeded


class TransformerBlock(nn.Module):
    """Pre-norm block: layer_norm -> causal self-attention (sdpa) -> residual -> layer_norm -> GELU MLP."""

    def __init__(self, dim: int = 32, heads: int = 4, mlp_ratio: int = 4):
        super().__init__()
        self.heads = heads
        self.norm1 = nn.LayerNorm(dim)
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        self.norm2 = nn.LayerNorm(dim)
        self.fc1 = nn.Linear(dim, mlp_ratio * dim)
        self.fc2 = nn.Linear(mlp_ratio * dim, dim)

    def attention(self, x: torch.Tensor) -> torch.Tensor:
        b, t, d = x.shape
        q, k, v = self.qkv(x).split(d, dim=-1)
        # (b, t, d) -> (b, heads, t, d / heads)
        q, k, v = (y.view(b, t, self.heads, d // self.heads).transpose(1, 2) for y in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.proj(y.transpose(1, 2).reshape(b, t, d))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x + self.attention(self.norm1(x))
        return x + self.fc2(F.gelu(self.fc1(self.norm2(x))))


class SoftmaxAttention(nn.Module):
    """Attention written out: softmax(q k^T / sqrt(d) + causal mask) v (what sdpa decomposes to)."""

    def forward(self, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        t = q.shape[-2]
        scores = q @ k.transpose(-2, -1) / (q.shape[-1] ** 0.5)
        mask = torch.ones(t, t, dtype=torch.bool).tril()
        scores = scores.masked_fill(~mask, float("-inf"))
        return torch.softmax(scores, dim=-1) @ v


class EmbeddingMean(nn.Module):
    """Bag of embeddings: embedding lookup, mean over the sequence, linear classifier."""

    def __init__(self, vocab: int = 100, dim: int = 16, num_classes: int = 4):
        super().__init__()
        self.embedding = nn.Embedding(vocab, dim)
        self.fc = nn.Linear(dim, num_classes)

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        return self.fc(self.embedding(tokens).mean(dim=1))


@register_model("transformer_block")
def transformer_block() -> ExampleModel:
    seeded()
    return ExampleModel(TransformerBlock().eval(), (torch.randn(2, 8, 32),), None)


@register_model("attention")
def attention() -> ExampleModel:
    seeded()
    q, k, v = (torch.randn(2, 4, 8, 16) for _ in range(3))
    return ExampleModel(SoftmaxAttention().eval(), (q, k, v), None)


@register_model("embedding_mean")
def embedding_mean() -> ExampleModel:
    seeded()
    tokens = torch.randint(0, 100, (3, 7), dtype=torch.int64)
    return ExampleModel(EmbeddingMean().eval(), (tokens,), None)
