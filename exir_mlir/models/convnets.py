"""Convolutional networks of the common kinds (issue 12): a MobileNetV2-style network (depthwise
separable convolutions, hardswish, batch norm in eval), a small U-Net (conv_transpose2d, upsample,
cat), a 1-d audio CNN and a 3-d (medical-imaging) CNN block. Small sizes: they compile in seconds
and run in the tests; benchmarks/bench_models.py builds larger instances of the same classes."""

from __future__ import annotations

import torch
from torch import nn
from torch.export import Dim

from exir_mlir.models.registry import ExampleModel, register_model, seeded


def randomize_batch_norm_stats(module: nn.Module) -> None:
    """Fresh batch norm is the identity (mean 0, var 1), which would hide bugs in its lowering."""
    for m in module.modules():
        if isinstance(m, (nn.BatchNorm1d, nn.BatchNorm2d, nn.BatchNorm3d)):
            with torch.no_grad():
                m.running_mean.uniform_(-0.5, 0.5)
                m.running_var.uniform_(0.5, 1.5)
                m.weight.uniform_(0.5, 1.5)
                m.bias.uniform_(-0.5, 0.5)


def _conv_bn_act(cin: int, cout: int, kernel: int, stride: int = 1, groups: int = 1,
                 act: type[nn.Module] | None = nn.Hardswish) -> nn.Sequential:
    layers = [nn.Conv2d(cin, cout, kernel, stride, kernel // 2, groups=groups, bias=False), nn.BatchNorm2d(cout)]
    if act is not None:
        layers.append(act())
    return nn.Sequential(*layers)


class InvertedResidual(nn.Module):
    """MobileNetV2 block: 1x1 expand, 3x3 depthwise, 1x1 linear projection; residual when shapes agree."""

    def __init__(self, cin: int, cout: int, stride: int, expand: int):
        super().__init__()
        hidden = cin * expand
        self.use_residual = stride == 1 and cin == cout
        self.block = nn.Sequential(
            _conv_bn_act(cin, hidden, 1),
            _conv_bn_act(hidden, hidden, 3, stride, groups=hidden),  # depthwise
            _conv_bn_act(hidden, cout, 1, act=None),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = self.block(x)
        return x + y if self.use_residual else y


class MobileNetV2(nn.Module):
    """Stem conv, inverted residual blocks (depthwise separable), 1x1 head, global average pool, linear."""

    def __init__(self, num_classes: int = 10, width: int = 8,
                 blocks: tuple[tuple[int, int, int], ...] = ((1, 1, 1), (2, 2, 4), (2, 1, 4), (3, 2, 4))):
        super().__init__()
        layers = [_conv_bn_act(3, width, 3, stride=2)]
        cin = width
        for mult, stride, expand in blocks:  # (output width multiplier, stride, expansion)
            cout = width * mult
            layers.append(InvertedResidual(cin, cout, stride, expand))
            cin = cout
        layers.append(_conv_bn_act(cin, cin * 4, 1))
        self.features = nn.Sequential(*layers)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.classifier = nn.Linear(cin * 4, num_classes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.classifier(torch.flatten(self.pool(self.features(x)), 1))


class UNet(nn.Module):
    """Two-level U-Net: conv blocks, max-pool down, one conv_transpose2d up and one bilinear
    upsample up, skip connections by concatenation, 1x1 output conv."""

    def __init__(self, channels: int = 3, classes: int = 2, width: int = 8):
        super().__init__()

        def block(cin, cout):
            return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU(),
                                 nn.Conv2d(cout, cout, 3, padding=1), nn.ReLU())

        self.enc1, self.enc2 = block(channels, width), block(width, 2 * width)
        self.bottom = block(2 * width, 4 * width)
        self.pool = nn.MaxPool2d(2)
        self.up2 = nn.ConvTranspose2d(4 * width, 2 * width, 2, stride=2)
        self.dec2 = block(4 * width, 2 * width)
        self.up1 = nn.Upsample(scale_factor=2, mode="bilinear", align_corners=False)
        self.reduce1 = nn.Conv2d(2 * width, width, 1)
        self.dec1 = block(2 * width, width)
        self.out = nn.Conv2d(width, classes, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        e1 = self.enc1(x)
        e2 = self.enc2(self.pool(e1))
        b = self.bottom(self.pool(e2))
        d2 = self.dec2(torch.cat([self.up2(b), e2], dim=1))
        d1 = self.dec1(torch.cat([self.reduce1(self.up1(d2)), e1], dim=1))
        return self.out(d1)


class AudioCNN(nn.Module):
    """1-d CNN over a waveform: strided conv front end, dilated and grouped conv1d blocks with batch
    norm, max/avg pooling, global average pooling, linear classifier."""

    def __init__(self, classes: int = 10, width: int = 16):
        super().__init__()
        self.front = nn.Sequential(nn.Conv1d(1, width, 9, stride=4, padding=4), nn.BatchNorm1d(width), nn.ReLU(),
                                   nn.MaxPool1d(3, stride=2, padding=1))
        self.block1 = nn.Sequential(nn.Conv1d(width, 2 * width, 5, padding=4, dilation=2), nn.BatchNorm1d(2 * width),
                                    nn.ReLU(), nn.AvgPool1d(2))
        self.block2 = nn.Sequential(nn.Conv1d(2 * width, 2 * width, 3, padding=1, groups=4),
                                    nn.BatchNorm1d(2 * width), nn.ReLU())
        self.pool = nn.AdaptiveAvgPool1d(1)
        self.fc = nn.Linear(2 * width, classes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.block2(self.block1(self.front(x)))
        return self.fc(torch.flatten(self.pool(x), 1))


class Conv3dBlock(nn.Module):
    """A 3-d CNN block as in volumetric segmentation networks: two conv3d-batchnorm-relu layers with a
    residual 1x1x1 projection, a strided 3-d max pool down and a conv_transpose3d back up."""

    def __init__(self, cin: int = 1, width: int = 8):
        super().__init__()
        self.conv1 = nn.Sequential(nn.Conv3d(cin, width, 3, padding=1, bias=False), nn.BatchNorm3d(width), nn.ReLU())
        self.conv2 = nn.Sequential(nn.Conv3d(width, width, 3, padding=1, bias=False), nn.BatchNorm3d(width))
        self.project = nn.Conv3d(cin, width, 1)
        self.down = nn.MaxPool3d(2)
        self.up = nn.ConvTranspose3d(width, width, 2, stride=2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = torch.relu(self.conv2(self.conv1(x)) + self.project(x))
        return self.up(self.down(y)) + y


class BasicBlock(nn.Module):
    """ResNet basic block: two 3x3 conv-bn (relu between), identity or 1x1 conv-bn shortcut, relu."""

    def __init__(self, cin: int, cout: int, stride: int):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(),
            nn.Conv2d(cout, cout, 3, 1, 1, bias=False), nn.BatchNorm2d(cout))
        self.shortcut = (nn.Identity() if stride == 1 and cin == cout else
                         nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False), nn.BatchNorm2d(cout)))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.relu(self.body(x) + self.shortcut(x))


class ResNet18(nn.Module):
    """ResNet-18 as torchvision builds it (11.7 M parameters at 1000 classes): 7x7/2 stem conv, batch
    norm, relu, 3x3/2 max pool, four stages of two basic blocks (64, 128, 256, 512 channels; the
    first block of stages 2-4 strided, with a 1x1 projection), global average pool, linear."""

    def __init__(self, num_classes: int = 1000, width: int = 64):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, width, 7, 2, 3, bias=False), nn.BatchNorm2d(width), nn.ReLU(),
                                  nn.MaxPool2d(3, 2, 1))
        stages, cin = [], width
        for i in range(4):
            cout = width << i
            stages += [BasicBlock(cin, cout, 1 if i == 0 else 2), BasicBlock(cout, cout, 1)]
            cin = cout
        self.stages = nn.Sequential(*stages)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(cin, num_classes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc(torch.flatten(self.pool(self.stages(self.stem(x))), 1))


def _batch_dim() -> dict[int, Dim]:
    return {0: Dim("batch", min=1, max=64)}


@register_model("mobilenet_v2")
def mobilenet_v2() -> ExampleModel:
    seeded()
    model = MobileNetV2()
    randomize_batch_norm_stats(model)
    return ExampleModel(model.eval(), (torch.randn(2, 3, 32, 32),), (_batch_dim(),))


@register_model("unet")
def unet() -> ExampleModel:
    seeded()
    model = UNet()
    randomize_batch_norm_stats(model)
    # Static here (the shipped-model sweeps, GPU mapping included, run it at one size);
    # benchmarks/bench_models.py and test_convnets.py also build it with dynamic dims.
    return ExampleModel(model.eval(), (torch.randn(2, 3, 32, 32),), None)


@register_model("audio_cnn")
def audio_cnn() -> ExampleModel:
    seeded()
    model = AudioCNN()
    randomize_batch_norm_stats(model)
    return ExampleModel(model.eval(), (torch.randn(2, 1, 1024),), (_batch_dim(),))


@register_model("conv3d_block")
def conv3d_block() -> ExampleModel:
    seeded()
    model = Conv3dBlock()
    randomize_batch_norm_stats(model)
    return ExampleModel(model.eval(), (torch.randn(2, 1, 8, 16, 16),), (_batch_dim(),))
