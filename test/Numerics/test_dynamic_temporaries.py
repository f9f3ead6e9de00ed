"""Dynamic-batch programs whose per-call temporaries became fixed-size or arena buffers, against
eager at sizes across the tile boundaries, at 1, 2 and 3 threads.

- `cond`'s matmul branch (exir_mlir/models/control_flow.py, a dynamic batch): the parallel loop's
  64-row tiles, and in each the peeled remainder of the 8-row register blocks, whose temporary is
  a slice of the forall's empty output: a 7-row stack buffer since codegen/bounded_temporaries.py
  follows the forall's shared output to its init. A bound too small, or the remainder's rows
  written where the full blocks' are, shows as wrong rows here. Batches 1, 2, 7, 8, 9 (every
  remainder case of the first tile), 63, 64, 65, 71, 127-129 (a second and third tile, with and
  without a remainder), 200; both branches (the sign of x.sum() picks one), features 8 and 12.
- an audio CNN (exir_mlir/models/convnets.py: strided, dilated and grouped 1-d convolutions, batch
  norm, pooling): the buffers after the grouped convolution, whose batch is `memref.dim` of a
  reshaped view of another temporary, are in the arena since codegen/arena.py reads that size off
  the reshape: an arena slot too small or shared with a live buffer shows as wrong outputs.
"""

from __future__ import annotations

import copy
import functools

import pytest
import torch
from torch.export import Dim

import exir_mlir
from exir_mlir.models.control_flow import CondModel
from exir_mlir.models.convnets import AudioCNN

THREADS = (1, 2, 3)
COND_BATCHES = (1, 2, 7, 8, 9, 63, 64, 65, 71, 127, 128, 129, 200, 9, 1)
AUDIO_BATCHES = (1, 2, 3, 5, 8, 9, 2)
COND_TOLERANCE = dict(rtol=1e-5, atol=1e-5)
AUDIO_TOLERANCE = dict(rtol=1e-4, atol=1e-5)
AUDIO_SAMPLES = 2000


@functools.cache
def _cond(features: int) -> torch.nn.Module:
    torch.manual_seed(features)
    return CondModel(features).eval()


@functools.cache
def _audio() -> torch.nn.Module:
    torch.manual_seed(0)
    model = AudioCNN(classes=10, width=16).eval()
    with torch.no_grad():  # batch norm that does something (fresh statistics are 0 and 1)
        for module in model.modules():
            if isinstance(module, torch.nn.BatchNorm1d):
                module.running_mean.uniform_(-0.5, 0.5)
                module.running_var.uniform_(0.5, 2.0)
                module.weight.uniform_(0.5, 1.5)
                module.bias.uniform_(-0.2, 0.2)
    return model


def _compile(module: torch.nn.Module, example: torch.Tensor, threads: int):
    dims = ({0: Dim("batch", min=1, max=1024)},)
    ep = torch.export.export(copy.deepcopy(module), (example,), dynamic_shapes=dims)
    return exir_mlir.compile(ep, num_threads=threads)


@pytest.mark.parametrize("features", [8, 12])
@pytest.mark.parametrize("threads", THREADS)
def test_cond_matmul_branch_remainders(threads, features):
    module = _cond(features)
    program = _compile(module, torch.randn(4, features), threads)
    gen = torch.Generator().manual_seed(threads * 100 + features)
    for batch in COND_BATCHES:
        for sign in (1.0, -1.0):  # x.sum() > 0: the matmul branch; otherwise sin(2x)
            x = sign * (torch.rand(batch, features, generator=gen) + 0.05)
            with torch.no_grad():
                want = module(x)
            torch.testing.assert_close(program(x), want, **COND_TOLERANCE,
                                       msg=lambda m: f"batch {batch}, sign {sign}: {m}")


@pytest.mark.parametrize("threads", THREADS)
def test_audio_cnn_dynamic_batch(threads):
    module = _audio()
    program = _compile(module, torch.randn(2, 1, AUDIO_SAMPLES), threads)
    gen = torch.Generator().manual_seed(threads)
    for batch in AUDIO_BATCHES:
        x = torch.randn(batch, 1, AUDIO_SAMPLES, generator=gen)
        with torch.no_grad():
            want = module(x)
        torch.testing.assert_close(program(x), want, **AUDIO_TOLERANCE, msg=lambda m: f"batch {batch}: {m}")
