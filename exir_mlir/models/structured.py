"""Example models whose inputs and outputs are pytrees rather than single tensors."""

from __future__ import annotations

import torch


class DictInOut(torch.nn.Module):
    """A dict of tensors in, a dict of tensors out: the call path that flattens and rebuilds pytrees."""

    def forward(self, inputs: dict[str, torch.Tensor]) -> dict[str, torch.Tensor]:
        return {"sum": inputs["a"] + inputs["b"], "scaled": inputs["a"] * 2}
