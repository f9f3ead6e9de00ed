"""Numerics of hand-written linalg kernels through the whole CPU pipeline, against torch."""

import pytest
import torch

import _linalg_kernels as K
from exir_mlir._mlir import ir
from exir_mlir.compiler import compile_linalg

# f32 accumulations in a different order than torch's: relative 1e-4, absolute 1e-5 (the issue's
# default); contractions over k terms scale the absolute error with sqrt(k).
RTOL, ATOL = 1e-4, 1e-5


def compile_text(text: str, **kwargs):
    with ir.Context():
        return compile_linalg(ir.Module.parse(text), **kwargs)


def close(actual, expected, *, rtol=RTOL, atol=ATOL):
    torch.testing.assert_close(actual, expected, rtol=rtol, atol=atol)


@pytest.mark.parametrize("m,k,n", [(64, 96, 80), (7, 33, 50), (1, 16, 8)])
def test_matmul_static(m, k, n):
    a, b = torch.randn(m, k), torch.randn(k, n)
    (out,) = compile_text(K.matmul(m, k, n))(a, b)
    close(out, a @ b, atol=1e-4)


def test_matmul_dynamic_rows_serves_every_size():
    program = compile_text(K.matmul(None, 40, 72))
    for m in (1, 7, 130):
        a, b = torch.randn(m, 40), torch.randn(40, 72)
        (out,) = program(a, b)
        assert out.shape == (m, 72)
        close(out, a @ b, atol=1e-4)


def test_batch_matmul():
    a, b = torch.randn(3, 33, 17), torch.randn(3, 17, 40)
    (out,) = compile_text(K.batch_matmul(3, 33, 17, 40))(a, b)
    close(out, torch.bmm(a, b), atol=1e-4)


def test_linear_relu_dynamic_batch_1_7_512():
    program = compile_text(K.linear_relu(None, 48, 40))
    w, b = torch.randn(40, 48), torch.randn(40)
    for batch in (1, 7, 512):
        x = torch.randn(batch, 48)
        close(program(x, w, b)[0], torch.relu(torch.nn.functional.linear(x, w, b)), atol=1e-4)


@pytest.mark.parametrize("m", [9, None])
def test_transpose_folded_into_matmul(m):
    program = compile_text(K.torch_style_linear(m, 70, 45))
    w, b = torch.randn(45, 70), torch.randn(45)
    for batch in ([m] if m else [1, 33]):
        x = torch.randn(batch, 70)
        close(program(x, w, b)[0], torch.nn.functional.linear(x, w, b), atol=1e-4)


def test_linear_relu_transposed_weight():
    x, w, b = torch.randn(9, 70), torch.randn(45, 70), torch.randn(45)
    (out,) = compile_text(K.linear_relu(9, 70, 45))(x, w, b)
    close(out, torch.relu(torch.nn.functional.linear(x, w, b)), atol=1e-4)


@pytest.mark.parametrize("n", [1000, None])
def test_elementwise_chain(n):
    x = torch.randn(1000)
    (out,) = compile_text(K.elementwise_chain(n))(x)
    close(out, K.elementwise_chain_reference(x))


def test_elementwise_chain_dynamic_odd_sizes():
    program = compile_text(K.elementwise_chain(None))
    for size in (1, 63, 4097):
        x = torch.randn(size)
        close(program(x)[0], K.elementwise_chain_reference(x))


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_elementwise_chain_dynamic_across_tasks_and_threads(threads):
    # A dynamic length is planned in parallel (strategy._serial) and its loop chooses at run time:
    # serial below 32768 elements, else tasks of 4096 elements split over the threads. Lengths on
    # both sides of the choice, of a task and of the threads' shares, with partial vectors.
    program = compile_text(K.elementwise_chain(None), num_threads=threads)
    for size in (32767, 32768, 32769, 40961, 3 * 4096 * 8 + 17, (1 << 20) + 13):
        x = torch.randn(size)
        close(program(x)[0], K.elementwise_chain_reference(x))


@pytest.mark.parametrize("rows,cols", [(6, 300), (None, 37)])
def test_softmax_last_dim(rows, cols):
    x = torch.randn(5 if rows is None else rows, cols) * 4
    (out,) = compile_text(K.softmax(rows, cols))(x)
    close(out, torch.softmax(x, dim=-1), atol=1e-6)


def test_mean_over_first_dim():
    x = torch.randn(50, 70)
    (out,) = compile_text(K.column_mean(50, 70))(x)
    close(out, x.mean(dim=0), atol=1e-5)


def test_conv2d_nchw():
    x, k = torch.randn(2, 3, 12, 11), torch.randn(5, 3, 3, 3)
    (out,) = compile_text(K.conv2d_nchw(2, 3, 12, 11, 5, 3, 3))(x, k)
    close(out, torch.nn.functional.conv2d(x, k), atol=1e-4)


@pytest.mark.parametrize("stride,dilation", [(2, 1), (1, 2), (2, 2)])
def test_conv2d_nchw_strided_dilated(stride, dilation):
    x, k = torch.randn(2, 3, 13, 12), torch.randn(4, 3, 3, 2)
    (out,) = compile_text(K.conv2d_nchw(2, 3, 13, 12, 4, 3, 2, stride=stride, dilation=dilation))(x, k)
    close(out, torch.nn.functional.conv2d(x, k, stride=stride, dilation=dilation), atol=1e-4)


def test_maxpool():
    x = torch.randn(2, 3, 8, 10)
    (out,) = compile_text(K.maxpool2x2(2, 3, 8, 10))(x)
    close(out, torch.nn.functional.max_pool2d(x, 2), rtol=0, atol=0)


def test_numpy_in_numpy_out():
    import numpy as np

    a, b = np.random.rand(5, 16).astype(np.float32), np.random.rand(16, 8).astype(np.float32)
    (out,) = compile_text(K.matmul(5, 16, 8))(a, b)
    assert isinstance(out, np.ndarray)
    np.testing.assert_allclose(out, a @ b, rtol=RTOL, atol=1e-5)


def test_int32_matmul_exact():
    a = torch.randint(-50, 50, (6, 20), dtype=torch.int32)
    b = torch.randint(-50, 50, (20, 9), dtype=torch.int32)
    (out,) = compile_text(K.matmul(6, 20, 9, dtype="i32"))(a, b)
    assert torch.equal(out, a @ b)


def test_non_contiguous_input_is_made_contiguous():
    a, b = torch.randn(16, 5).t(), torch.randn(16, 8)
    (out,) = compile_text(K.matmul(5, 16, 8))(a, b)
    close(out, a @ b, atol=1e-4)


def test_two_threads_run_tasks_on_worker_threads():
    # In a fresh process: the async runtime starts its worker pool on the first parallel region.
    import subprocess
    import sys
    from pathlib import Path

    script = """
import os, sys, torch
sys.path.insert(0, sys.argv[1])
import _linalg_kernels as K
from exir_mlir._mlir import ir
from exir_mlir.compiler import compile_linalg
with ir.Context():
    program = compile_linalg(ir.Module.parse(K.matmul(256, 256, 256)), num_threads=2)
a, b = torch.randn(256, 256), torch.randn(256, 256)
before = len(os.listdir("/proc/self/task"))
torch.testing.assert_close(program(a, b)[0], a @ b, rtol=1e-4, atol=1e-3)
print(len(os.listdir("/proc/self/task")) - before)
"""
    env = {**__import__("os").environ, "OMP_NUM_THREADS": "1"}
    done = subprocess.run([sys.executable, "-c", script, str(Path(__file__).parent)], capture_output=True,
                          text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout.split()[-1]) >= 1
