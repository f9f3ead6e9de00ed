"""The issue-12 shipped convolutional models (exir_mlir/models/convnets.py) compile and match eager:
MobileNetV2-style (depthwise separable, hardswish, batch norm), U-Net (conv_transpose2d, upsample,
cat), 1-d audio CNN (dilated and grouped conv1d, 1-d pooling), 3-d CNN block (conv3d, max_pool3d,
conv_transpose3d). Models with a dynamic batch are run at the example batch and two others.

Tolerances: f32 rtol 1e-4, atol 1e-4 (a dozen layers of convolutions summing hundreds of products,
in another order than torch's).
"""

import warnings

import pytest
import torch

import exir_mlir
from exir_mlir.errors import ExirUserError
from exir_mlir.models import MODELS, export_model

warnings.filterwarnings("ignore", category=FutureWarning)
RTOL, ATOL = 1e-4, 1e-4


@pytest.mark.parametrize("name", ["mobilenet_v2", "unet", "audio_cnn", "conv3d_block"])
def test_convnet_matches_eager(name):
    module, args, dynamic_shapes = MODELS[name]()
    program = exir_mlir.compile(export_model(name))
    x = args[0]
    batches = [x.shape[0]] + ([1, 3] if dynamic_shapes else [])
    torch.manual_seed(1)
    with torch.no_grad():
        for batch in batches:
            inp = torch.randn(batch, *x.shape[1:])
            torch.testing.assert_close(program(inp), module(inp), rtol=RTOL, atol=ATOL)


def test_convnets_are_listed_by_demo(capsys):
    from exir_mlir.cli.main import main

    assert main(["demo", "--list"]) == 0
    listed = capsys.readouterr().out.split()
    for name in ("mobilenet_v2", "unet", "audio_cnn", "conv3d_block"):
        assert name in listed


class _BasicBlock(torch.nn.Module):
    """ResNet's basic block: 3x3 conv, batch norm, relu, 3x3 conv, batch norm, residual add, relu."""

    def __init__(self, channels):
        super().__init__()
        self.conv1 = torch.nn.Conv2d(channels, channels, 3, 1, 1, bias=False)
        self.bn1 = torch.nn.BatchNorm2d(channels)
        self.conv2 = torch.nn.Conv2d(channels, channels, 3, 1, 1, bias=False)
        self.bn2 = torch.nn.BatchNorm2d(channels)

    def forward(self, x):
        y = torch.relu(self.bn1(self.conv1(x)))
        return torch.relu(self.bn2(self.conv2(y)) + x)


class _ResNetStem(torch.nn.Module):
    """ResNet-18's stem (7x7/2 conv, batch norm, relu, 3x3/2 max pool) and one 64-channel basic
    block; their convolutions failed the CPU tiling schedule (an im2col init fill folded by an
    earlier schedule's canonicalization: 'requires exactly one target handle')."""

    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 64, 7, 2, 3, bias=False)
        self.bn = torch.nn.BatchNorm2d(64)
        self.pool = torch.nn.MaxPool2d(3, 2, 1)
        self.block = _BasicBlock(64)

    def forward(self, x):
        return self.block(self.pool(torch.relu(self.bn(self.conv(x)))))


@pytest.mark.parametrize("dynamic", [False, True], ids=["static", "dynamic_batch"])
def test_resnet_stem_and_basic_block_match_eager(dynamic):
    # 56x56 input: a 14x14 stage (the thread and vector tiles do not divide 196 or 14).
    torch.manual_seed(0)
    module = _ResNetStem().eval()
    with torch.no_grad():  # non-trivial batch norm statistics
        for bn in (module.bn, module.block.bn1, module.block.bn2):
            bn.running_mean.uniform_(-0.5, 0.5)
            bn.running_var.uniform_(0.5, 1.5)
    x = torch.randn(2 if dynamic else 1, 3, 56, 56)  # (an example batch of 1 would specialize)
    shapes = ({0: torch.export.Dim("batch", max=64)},) if dynamic else None
    program = exir_mlir.compile(torch.export.export(module, (x,), dynamic_shapes=shapes))
    with torch.no_grad():
        for batch in [2, 1, 3] if dynamic else [1]:
            inp = torch.randn(batch, 3, 56, 56)
            torch.testing.assert_close(program(inp), module(inp), rtol=RTOL, atol=ATOL)


def test_schedule_skips_an_op_an_earlier_schedule_folded_away():
    """The guard behind the fix, without the canonicalization that now precedes planning: the im2col
    init fill feeds a collapse_shape, is planned on its own, and the column copy's peeled schedule
    canonicalizes it away (the folded fill has no tag). Its schedule must then do nothing (it
    peeled a loop of no op: 'requires exactly one target handle')."""
    import dataclasses
    from pathlib import Path

    from exir_mlir._mlir import ir
    from exir_mlir.codegen import schedule
    from exir_mlir.codegen.host import detect_host

    source = (Path(__file__).parents[1] / "Codegen" / "tile-conv-init.mlir").read_text().split("// -----")[0]
    with ir.Context():
        module = ir.Module.parse(source)
        assert schedule.convert_convolutions(module.operation) == 1
        host = dataclasses.replace(detect_host(), vector_bits=256, vector_registers=16, cores=2)
        text = schedule.build_schedule(module.operation, host)
        assert text.count("linalg.fill") == 0 and "transform.loop.peel" in text
        schedule._run_script(module.operation, text)
        # full register blocks only: the 80-wide thread tiles divide oh*ow = 1600 (strategy._dividing_tile)
        assert str(module).count("vector.contract") == 1 and "vector.mask" not in str(module).split("scf.forall")[1]


class _DownUp(torch.nn.Module):
    """A U-Net level: conv, 2x2 max pool down, 2x2 transposed conv up, skip concatenation, 1x1 conv."""

    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.pool = torch.nn.MaxPool2d(2)
        self.up = torch.nn.ConvTranspose2d(8, 8, 2, stride=2)
        self.out = torch.nn.Conv2d(16, 1, 1)

    def forward(self, x):
        a = torch.relu(self.conv(x))
        return self.out(torch.cat([a, self.up(self.pool(a))], 1))


def test_image_size_exported_as_a_multiple_of_a_dim():
    # How segmentation models are exported: height and width 2*Dim (the pooling needs even sizes),
    # so the pooled size is a symbol no input dim names alone (to-linalg recovers it as dim // 2).
    torch.manual_seed(0)
    model = _DownUp().eval()
    h, w = torch.export.Dim("h", min=1, max=32), torch.export.Dim("w", min=1, max=32)
    ep = torch.export.export(model, (torch.randn(2, 3, 8, 12),),
                             dynamic_shapes=({0: torch.export.Dim("batch", min=1, max=8), 2: 2 * h, 3: 2 * w},))
    program = exir_mlir.compile(ep)
    with torch.no_grad():
        for shape in [(2, 3, 8, 12), (1, 3, 4, 4), (3, 3, 18, 6), (1, 3, 64, 34)]:
            x = torch.randn(*shape)
            torch.testing.assert_close(program(x), model(x), rtol=RTOL, atol=ATOL)
    with pytest.raises(ExirUserError, match=r"x\.size\(\)\[2\]"):
        program(torch.randn(1, 3, 9, 12))  # an odd height breaks the export's 2*h
