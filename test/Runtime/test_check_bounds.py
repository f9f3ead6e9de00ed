"""Bounds-checked builds (`check_bounds=True`): an access outside a buffer is a Python error, not a wrong answer.

Each test plants an out-of-bounds access the normal build would perform silently (a gather or scatter whose
index data point outside the buffer) and checks that the checked build skips it and raises OutOfBoundsError
naming the access, and that in-bounds calls give the right values before and after."""

import pytest
import torch

import exir_mlir
from exir_mlir._mlir import ir
from exir_mlir.compiler import compile_linalg
from exir_mlir.errors import ExirUserError, IndexOutOfRangeError
from exir_mlir.runtime import OutOfBoundsError

# out[k] = x[idx[k]]: a gather whose indices come from the data (memref.load of x).
GATHER = """
#id = affine_map<(d0) -> (d0)>
func.func @main(%x: tensor<?xf32>, %idx: tensor<?xi64>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %idx, %c0 : tensor<?xi64>
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%idx : tensor<?xi64>) outs(%e : tensor<?xf32>) {
  ^bb0(%i: i64, %o: f32):
    %j = arith.index_cast %i : i64 to index
    %v = tensor.extract %x[%j] : tensor<?xf32>
    linalg.yield %v : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}
"""

# out = zeros(4); out[idx[k]] = x[k]: a scatter (memref.store of out).
SCATTER = """
func.func @main(%x: tensor<?xf32>, %idx: tensor<?xi64>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %idx, %c0 : tensor<?xi64>
  %e = tensor.empty() : tensor<4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<4xf32>) {
    %i = tensor.extract %idx[%k] : tensor<?xi64>
    %j = arith.index_cast %i : i64 to index
    %v = tensor.extract %x[%k] : tensor<?xf32>
    %u = tensor.insert %v into %acc[%j] : tensor<4xf32>
    scf.yield %u : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
"""


def _compile(text, **options):
    with ir.Context():
        return compile_linalg(ir.Module.parse(text), num_threads=1, **options)


def test_gather_out_of_bounds_is_an_error():
    program = _compile(GATHER, check_bounds=True)
    x = torch.arange(5, dtype=torch.float32) + 10
    assert torch.equal(program(x, torch.tensor([4, 0, 2]))[0], torch.tensor([14.0, 10.0, 12.0]))
    for bad in ([1, 5, 2], [-1, 0, 0]):
        with pytest.raises(OutOfBoundsError, match=r"memref.load .*\n\^ out-of-bounds access"):
            program(x, torch.tensor(bad))
    # the error is cleared: the next in-bounds call returns normally
    assert torch.equal(program(x, torch.tensor([3]))[0], torch.tensor([13.0]))


def test_scatter_out_of_bounds_is_skipped_and_an_error():
    program = _compile(SCATTER, check_bounds=True)
    x = torch.tensor([1.0, 2.0, 3.0])
    assert torch.equal(program(x, torch.tensor([3, 0, 1]))[0], torch.tensor([2.0, 3.0, 0.0, 1.0]))
    with pytest.raises(OutOfBoundsError, match=r"memref.store .*\n\^ out-of-bounds access"):
        program(x, torch.tensor([0, 4, 1]))


def test_unchecked_build_does_not_raise():
    # What the check is for: the normal build reads past the buffer without a word.
    program = _compile(GATHER)
    program(torch.arange(5, dtype=torch.float32), torch.tensor([0, 5]))


class _Index(torch.nn.Module):
    def forward(self, x, i):
        return x[i] * 2


def test_compiled_program_names_the_user_line():
    x, i = torch.randn(6, 4), torch.tensor([0, 5, 2])
    ep = torch.export.export(_Index(), (x, i))
    program = exir_mlir.compile(ep, check_bounds=True)
    assert torch.equal(program(x, i), _Index()(x, i))
    # An index out of range is caught by the index-range check of every build (clamped, then
    # IndexOutOfRangeError) before the bounds check sees an access outside x.
    with pytest.raises(IndexOutOfRangeError, match=r"test_check_bounds.py:\d+"):
        program(x, torch.tensor([0, 9, 2]))


def test_options():
    ep = torch.export.export(_Index(), (torch.randn(6, 4), torch.tensor([0])))
    with pytest.raises(ExirUserError, match="check_bounds must be True or False"):
        exir_mlir.compile(ep, check_bounds="yes")
    with pytest.raises(ExirUserError, match="not kept in a cache_dir"):
        exir_mlir.compile(ep, check_bounds=True, cache_dir="/tmp")
    with pytest.raises(ExirUserError, match="target 'cpu' only"):
        exir_mlir.compile(ep, check_bounds=True, target="cuda-on-cpu")
