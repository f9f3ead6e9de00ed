"""Control-flow example models: torch.cond on a data-dependent predicate and torch.while_loop."""

from __future__ import annotations

import torch
from torch import nn
from torch._higher_order_ops.while_loop import while_loop

from exir_mlir.models.registry import ExampleModel, register_model, seeded


class CondModel(nn.Module):
    """Branches on the sign of x.sum(): positive -> linear(x).relu(), else -> (x * 2).sin()."""

    def __init__(self, features: int = 8):
        super().__init__()
        self.fc = nn.Linear(features, features)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        def positive(x: torch.Tensor) -> torch.Tensor:
            return torch.relu(self.fc(x))

        def non_positive(x: torch.Tensor) -> torch.Tensor:
            return torch.sin(x * 2.0)

        return torch.cond(x.sum() > 0, positive, non_positive, (x,))


class WhileLoopModel(nn.Module):
    """Iterates x <- tanh(x @ w) + x until the loop counter reaches n (a tensor input)."""

    def __init__(self, features: int = 8):
        super().__init__()
        self.w = nn.Parameter(torch.randn(features, features) * 0.1)

    def forward(self, n: torch.Tensor, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        w = self.w

        def cond_fn(i: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
            return i < n

        def body_fn(i: torch.Tensor, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
            return i + 1, torch.tanh(x @ w) + x

        return while_loop(cond_fn, body_fn, (torch.zeros((), dtype=torch.int64), x))


@register_model("cond")
def cond() -> ExampleModel:
    seeded()
    return ExampleModel(CondModel().eval(), (torch.randn(4, 8),), None)


@register_model("while_loop")
def while_loop_model() -> ExampleModel:
    seeded()
    n = torch.tensor(3, dtype=torch.int64)
    return ExampleModel(WhileLoopModel().eval(), (n, torch.randn(4, 8)), None)
