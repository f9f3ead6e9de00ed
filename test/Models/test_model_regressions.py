"""The smallest programs that show what the model corpus (test/Models) found broken, each compared with eager at
several batch sizes and at 1 and 2 threads. Each names the model it came from."""

from __future__ import annotations

import pytest
import torch
from torch import nn
from torch.export import Dim

import exir_mlir


def _check(module: nn.Module, make, dims, sizes, rtol=1e-5, atol=1e-5):
    module.eval()
    ep = torch.export.export(module, make(2), dynamic_shapes=dims)
    for threads in (1, 2):
        program = exir_mlir.compile(ep, num_threads=threads)
        for b in sizes:
            torch.manual_seed(b)
            inputs = make(b)
            with torch.no_grad():
                expected = module(*inputs)
            torch.testing.assert_close(program(*inputs), expected, rtol=rtol, atol=atol)


# torchvision's resnet18/resnet50/resnext50 on a 32x32 image: layer4's stride-2 convs (3x3 and the 1x1
# downsample) take 2x2 to one pixel; the CPU pipeline aborted (memref.subview getDroppedDims).
@pytest.mark.parametrize("layer", [
    nn.Conv2d(8, 8, 1, stride=2),
    nn.Conv2d(8, 8, 3, stride=2, padding=1),
    nn.Conv2d(8, 8, 3, stride=2, padding=1, groups=8),
    nn.Conv1d(8, 8, 3, stride=2, padding=1),
    nn.MaxPool2d(3, stride=2, padding=1),
    nn.AvgPool2d(2, stride=2),
], ids=["conv1x1_s2", "conv3x3_s2", "depthwise_s2", "conv1d_s2", "maxpool_s2", "avgpool_s2"])
def test_strided_window_to_one_output_pixel(layer):
    spatial = (2,) if isinstance(layer, nn.Conv1d) else (2, 2)
    _check(layer, lambda b: (torch.randn(b, 8, *spatial),), ({0: Dim("batch", min=1, max=64)},), [1, 3, 8])


class _PermutedPoolHead(nn.Module):
    """torchvision's Swin head: (B, H, W, C) -> permute -> AdaptiveAvgPool2d(1) -> flatten -> Linear."""

    def __init__(self):
        super().__init__()
        self.pool, self.head = nn.AdaptiveAvgPool2d(1), nn.Linear(16, 4)

    def forward(self, x):
        return self.head(self.pool(x.permute(0, 3, 1, 2)).flatten(1))


def test_adaptive_pool_of_a_permuted_input_with_a_dynamic_batch():
    """torch's decomposition ends in as_strided(mean, (s0, 16, 1, 1), (16, 1, 16, 16)): a restride of its input
    in place; it was refused for its symbolic size (torchvision SwinTransformer V2)."""
    _check(_PermutedPoolHead(), lambda b: (torch.randn(b, 4, 4, 16),), ({0: Dim("batch", min=1, max=64)},), [1, 3, 8])
