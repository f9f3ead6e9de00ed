"""Convolutional example models: a CNN with batch norm and max pooling, and a residual block."""

from __future__ import annotations

import torch
from torch import nn

from exir_mlir.models.registry import ExampleModel, register_model, seeded


class SmallCNN(nn.Module):
    """Conv -> BatchNorm -> ReLU -> MaxPool, twice, then flatten -> Linear."""

    def __init__(self, channels: int = 3, num_classes: int = 10):
        super().__init__()
        self.conv1 = nn.Conv2d(channels, 8, kernel_size=3, padding=1)
        self.bn1 = nn.BatchNorm2d(8)
        self.conv2 = nn.Conv2d(8, 16, kernel_size=3, padding=1)
        self.bn2 = nn.BatchNorm2d(16)
        self.pool = nn.MaxPool2d(2)
        self.fc = nn.Linear(16 * 4 * 4, num_classes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.pool(torch.relu(self.bn1(self.conv1(x))))
        x = self.pool(torch.relu(self.bn2(self.conv2(x))))
        return self.fc(torch.flatten(x, 1))


class ResidualBlock(nn.Module):
    """ResNet basic block: conv-bn-relu-conv-bn, plus a 1x1 projection shortcut, then relu."""

    def __init__(self, in_channels: int = 8, out_channels: int = 16, stride: int = 2):
        super().__init__()
        self.conv1 = nn.Conv2d(in_channels, out_channels, 3, stride=stride, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(out_channels)
        self.conv2 = nn.Conv2d(out_channels, out_channels, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(out_channels)
        self.shortcut = nn.Sequential(
            nn.Conv2d(in_channels, out_channels, 1, stride=stride, bias=False),
            nn.BatchNorm2d(out_channels),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = torch.relu(self.bn1(self.conv1(x)))
        y = self.bn2(self.conv2(y))
        return torch.relu(y + self.shortcut(x))


def _randomize_batch_norm_stats(module: nn.Module) -> None:
    # Fresh BatchNorm has mean 0 / var 1, which makes it the identity and hides bugs in its lowering.
    for m in module.modules():
        if isinstance(m, nn.BatchNorm2d):
            with torch.no_grad():
                m.running_mean.uniform_(-0.5, 0.5)
                m.running_var.uniform_(0.5, 1.5)
                m.weight.uniform_(0.5, 1.5)
                m.bias.uniform_(-0.5, 0.5)


@register_model("cnn")
def cnn() -> ExampleModel:
    seeded()
    model = SmallCNN()
    _randomize_batch_norm_stats(model)
    return ExampleModel(model.eval(), (torch.randn(2, 3, 16, 16),), None)


@register_model("residual_block")
def residual_block() -> ExampleModel:
    seeded()
    model = ResidualBlock()
    _randomize_batch_norm_stats(model)
    return ExampleModel(model.eval(), (torch.randn(2, 8, 16, 16),), None)
