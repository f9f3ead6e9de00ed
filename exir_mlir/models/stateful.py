"""Example models that mutate state: buffers updated in place on every call."""

from __future__ import annotations

import torch
from torch import nn

from exir_mlir.models.registry import ExampleModel, register_model, seeded


class RunningStats(nn.Module):
    """Counts calls and keeps an exponential moving average of the input (two buffer mutations)."""

    def __init__(self, features: int = 8, momentum: float = 0.1):
        super().__init__()
        self.momentum = momentum
        self.register_buffer("calls", torch.zeros((), dtype=torch.int64))
        self.register_buffer("running_mean", torch.zeros(features))
        self.scale = nn.Parameter(torch.ones(features))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        self.calls.add_(1)
        self.running_mean.mul_(1.0 - self.momentum).add_(x.mean(dim=0), alpha=self.momentum)
        return (x - self.running_mean) * self.scale


class CountCalls(nn.Module):
    """Accumulates its input into a buffer and returns it doubled: the smallest buffer mutation."""

    def __init__(self, features: int = 16):
        super().__init__()
        self.register_buffer("total", torch.zeros(features))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        self.total.add_(x)
        return x * 2


@register_model("buffer_mutation")
def buffer_mutation() -> ExampleModel:
    seeded()
    return ExampleModel(RunningStats().eval(), (torch.randn(4, 8),), None)
