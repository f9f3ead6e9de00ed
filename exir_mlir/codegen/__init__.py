"""CPU code generation: linalg on tensors -> tiled, vectorized, bufferized, threaded LLVM dialect.

Stages (each a pass of `exir-mlir-opt`, in this order; `exir-cpu-pipeline` runs them all):

- `exir-cpu-fuse`: generalize named elementwise ops, fuse elementwise producer/consumer chains.
- `exir-cpu-tile`: per-op transform-dialect schedule: convolutions to im2col + contraction;
  contractions tiled for threads (scf.forall), caches and an outer-product register block;
  elementwise ops and reductions tiled to host-width vectors; then vectorized.
- `exir-cpu-bufferize`: one-shot bufferization (in place where legal), buffer hoisting, small
  buffers to the stack, ownership-based deallocation.
- `exir-cpu-parallelize{num-threads=N}`: scf.forall -> scf.parallel -> async runtime tasks.
- `exir-cpu-to-llvm`: vector/scf/memref/async/math -> LLVM dialect.
"""

from exir_mlir.codegen.host import HostCPU, detect_host
from exir_mlir.codegen.pipeline import (
    CpuOptions,
    bufferize,
    fuse_elementwise,
    lower_to_llvm,
    parallelize,
    run_cpu_pipeline,
    tile_and_vectorize,
)
from exir_mlir.codegen.registration import register_cpu_passes

register_cpu_passes()

__all__ = [
    "CpuOptions",
    "HostCPU",
    "bufferize",
    "detect_host",
    "fuse_elementwise",
    "lower_to_llvm",
    "parallelize",
    "run_cpu_pipeline",
    "tile_and_vectorize",
]
