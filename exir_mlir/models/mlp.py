"""Fully connected example models: an MLP, a dynamic-batch MLP and an elementwise chain."""

from __future__ import annotations

import torch
from torch import nn
from torch.export import Dim

from exir_mlir.models.registry import ExampleModel, register_model, seeded


class MLP(nn.Module):
    """Linear -> ReLU -> Linear -> ReLU -> Linear."""

    def __init__(self, in_features: int = 16, hidden: int = 32, out_features: int = 8):
        super().__init__()
        self.fc1 = nn.Linear(in_features, hidden)
        self.fc2 = nn.Linear(hidden, hidden)
        self.fc3 = nn.Linear(hidden, out_features)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = torch.relu(self.fc1(x))
        x = torch.relu(self.fc2(x))
        return self.fc3(x)


class ElementwiseChain(nn.Module):
    """A chain of pointwise ops (fusion material): ((x * y + 1).sigmoid() - x).tanh() * 0.5."""

    def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        return torch.tanh(torch.sigmoid(x * y + 1.0) - x) * 0.5


@register_model("mlp")
def mlp() -> ExampleModel:
    seeded()
    return ExampleModel(MLP().eval(), (torch.randn(4, 16),), None)


@register_model("dynamic_mlp")
def dynamic_mlp() -> ExampleModel:
    seeded()
    batch = Dim("batch", min=1, max=1024)
    return ExampleModel(MLP().eval(), (torch.randn(8, 16),), ({0: batch},))


@register_model("elementwise_chain")
def elementwise_chain() -> ExampleModel:
    seeded()
    n = 1 << 20
    return ExampleModel(ElementwiseChain().eval(), (torch.randn(n), torch.randn(n)), None)
