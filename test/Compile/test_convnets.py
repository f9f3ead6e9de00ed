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
