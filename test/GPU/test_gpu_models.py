"""Numerics without a GPU: every shipped model's GPU-mapped program (after tiling and distribution
to blocks and threads and bufferization, before launch) run on the CPU (`target="cuda-on-cpu"`)
matches eager PyTorch; and every model's kernels compile to PTX that ptxas accepts.

Tolerances: f32 rtol 1e-4, atol 1e-5, as for the CPU target (test/Compile/test_models.py).
"""

import os
import warnings

import pytest
import torch
from torch.utils import _pytree as pytree

import exir_mlir
from exir_mlir import toolchain
from exir_mlir.codegen.gpu import ptxas_report
from exir_mlir.models import MODELS

warnings.filterwarnings("ignore", category=FutureWarning)
RTOL, ATOL = 1e-4, 1e-5


# Every shipped model (unet and conv3d_block aborted in exir-gpu-map on their transposed
# convolutions' weight flips until those became one-thread kernels). conv3d_block (~20 s here)
# only with EXIR_GPU_ALL=1: unet covers the same flip, and CI's time is at its budget.
# mobilenet_v2_int8 (needs torchao) is checked on the CPU by test/Compile/test_quantized.py; its
# tolerance is exir_mlir.models.tolerance's, not this file's f32 one.
SLOW = {"conv3d_block"}
GPU_MODELS = sorted(set(MODELS) - {"mobilenet_v2_int8"} - (set() if os.environ.get("EXIR_GPU_ALL") else SLOW))


def _export(name):
    module, args, dynamic_shapes = MODELS[name]()
    return args, torch.export.export(module, args, dynamic_shapes=dynamic_shapes)


def _fresh(args):
    return tuple(torch.randn_like(a) if isinstance(a, torch.Tensor) and a.is_floating_point() else a for a in args)


def _clone(args):
    return pytree.tree_map(lambda a: a.clone() if isinstance(a, torch.Tensor) else a, args)


@pytest.mark.parametrize("name", GPU_MODELS)
def test_gpu_mapped_program_matches_eager(name):
    args, ep = _export(name)
    program = exir_mlir.compile(ep, target="cuda-on-cpu")
    for inputs in (args, _fresh(args)):
        expected = ep.module()(*_clone(inputs))
        torch.testing.assert_close(program(*_clone(inputs)), expected, rtol=RTOL, atol=ATOL)


# A dynamic batch is split over 64 blocks of 8 row shares each (mapping.DYNAMIC_BLOCKS): sizes
# below, at and across those boundaries, where some blocks and threads get no rows.
@pytest.mark.parametrize("batch", [1, 63, 64, 65, 513, 1024])
def test_dynamic_batch_across_block_and_thread_boundaries(batch):
    _, ep = _export("dynamic_mlp")
    program = exir_mlir.compile(ep, target="cuda-on-cpu")
    x = torch.randn(batch, 16)
    torch.testing.assert_close(program(x), ep.module()(x), rtol=RTOL, atol=ATOL)


@pytest.mark.skipif(toolchain.ptxas() is None, reason="ptxas (CUDA toolkit) is not installed")
@pytest.mark.parametrize("chip", ["sm_80", "sm_90"])
def test_transformer_kernels_assemble_without_spills(chip):
    _, ep = _export("transformer_block")
    program = exir_mlir.compile(ep, target=f"cuda:{chip}")
    kernels = program.kernels
    assert kernels.chip == chip and len(kernels.ptx) == kernels.launches > 10
    for name, ptx in kernels.ptx.items():
        report = ptxas_report(ptx, chip)
        assert report["spill_stores"] == report["spill_loads"] == 0, (name, report)
        assert 0 < report["registers"] <= 64, (name, report)
    # the block-level reductions (layer norms, softmax) stage partials in shared memory
    assert sum(ptxas_report(p, chip)["smem"] > 0 for p in kernels.ptx.values()) >= 4
