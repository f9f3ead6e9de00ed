"""CPU code generation: linalg on tensors -> tiled, vectorized, bufferized, threaded LLVM dialect.

Stages (each a pass of `exir-mlir-opt`, in this order; `exir-cpu-pipeline` runs them all):

- `exir-cpu-fuse`: generalize named elementwise ops, fold single-use transposes into matmul
  indexing maps, fuse elementwise producer/consumer chains (contractions and convolutions are
  kept out of the fusion, see fusion_barrier.py).
- `exir-cpu-tile{vector-bits=N cores=N l2-bytes=N}`: per-op transform-dialect schedule chosen from the host's
  vector width, register count, caches and cores (strategy.py): first, the values an `scf.while`
  body yields are computed into its block arguments (`exir-cpu-carry-in-place`,
  carried_in_place.py: bufferization then carries one buffer each); convolutions to im2col + a
  contraction per block of output rows (one scf.forall task each, with the elementwise op that
  alone reads the result; with a symbolic batch, two blockings chosen at run time, im2col.py); each op writing
  into a zero fill gets a fill of its own (schedule.own_init_fills); a `linalg.matmul` whose
  row-major B exceeds L1 reads B from a copy in contiguous column panels (pack_matmul.py), made
  once when B is a weight: what only read-only state computes (arguments marked
  `exir.read_only_state`) moves into an init function `<entry>__init` that the runtime runs once
  (`exir-cpu-hoist-state`, hoist_state.py); `A @ B` contractions tiled for threads (scf.forall), caches and an outer-product
  register block; `x @ W^T` (k contiguous) as blocks of lane-wide partial dot products; the
  elementwise op that alone reads a contraction (bias, relu/gelu, residual) and the producer of
  its init fused into the same register blocks (one loop nest, one store per block);
  elementwise ops to host-width vectors; contiguous reductions with partial vector accumulators
  (a row length known only at run time: a run-time choice between partial sums one register wide
  for rows shorter than the tile and the full plan, short_rows.py). A dim marked `Dim` runs the
  static kernel on its full tiles (peeled); a remainder of the lanes is cut into one-register
  vectors and one masked register.
- `exir-cpu-bufferize`: a run-time choice's result inserted into a larger tensor is inserted in
  each branch (`exir-cpu-sink-inserts-into-branches`, branch_inserts.py: the empty-tensor
  elimination then finds each branch's producer); one-shot bufferization (in place where legal), buffer hoisting, small
  buffers to the stack (their masked vector accesses made whole, `exir-cpu-unmask-stack-vectors`,
  stack_vectors.py), ownership-based deallocation.
- `exir-cpu-parallelize{num-threads=N}`: each outermost scf.forall (linearized to one dimension
  first, `exir-cpu-linearize-forall`) becomes a call of an outlined body over a [lo, hi) chunk;
  `exir-cpu-to-llvm` turns the call into a `GOMP_parallel` launch on torch's OpenMP pool
  (parallel_gomp.py). With one thread, plain loops.
- `exir-cpu-plan-arena`: the temporaries of a function (buffers freed unconditionally in the
  block that allocates them, at top level or in scf.if/for/while bodies; not results) become
  views of one arena allocated once per call, at offsets planned from their live ranges:
  constant offsets by first fit for fixed sizes, run-time slot offsets computed once for dynamic
  ones (arena.py). A parallel body's are its thread's slice of a scratch buffer its caller
  allocates (in the caller's arena); an scf.if result's two branch buffers become one first
  (branch_buffers.py).
- `exir-cpu-outline-loops`: each top-level loop nest of a function that has several becomes a
  private `noinline` function (outline_loops.py): LLVM's loop analyses are quadratic in the size
  of one function, not of the module. Identical private functions (a network's repeated blocks)
  then become one (MLIR's duplicate-function-elimination).
- `exir-cpu-to-llvm`: contractions with every reduction dim in both operands
  (`exir-cpu-contract-operands`), n-D vector ops to 1-D, f32 exp/log/tanh/erf to vectorizable polynomials
  (math_approx.py), bool scalars through byte-sized accesses, then vector/scf/memref/
  math -> LLVM dialect.

`prepare(module, ...)` checks a linalg module and fixes its options and cache key;
`compile_to_llvm(job)` runs the pipeline and returns an `LLVMModule` (LLVM-dialect text and the
entry function's signature). `compile_to_kernel(job, path)` makes its machine code (LLVM in
process, the functions split over threads: machine_code.py) a kernel library that
`exir_mlir.runtime` loads; `compile_to_library(job, cache_dir=...)` keeps it in `cache_dir`
(library.py; read back without running MLIR or LLVM), and
library.build_library makes the ahead-of-time library with its C ABI. codegen never imports the
runtime.
"""

from exir_mlir.codegen.compile import (
    ACCEPTED_DIALECTS,
    CodegenJob,
    KernelLibrary,
    LLVMModule,
    check_lowered,
    compile_to_kernel,
    compile_to_library,
    compile_to_llvm,
    prepare,
)
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
    "ACCEPTED_DIALECTS",
    "CodegenJob",
    "CpuOptions",
    "HostCPU",
    "KernelLibrary",
    "LLVMModule",
    "bufferize",
    "check_lowered",
    "compile_to_kernel",
    "compile_to_library",
    "compile_to_llvm",
    "detect_host",
    "fuse_elementwise",
    "lower_to_llvm",
    "parallelize",
    "prepare",
    "run_cpu_pipeline",
    "tile_and_vectorize",
]

# GPU stages register their passes too (exir_mlir.codegen.gpu imports the CPU stages it reuses).
from exir_mlir.codegen import gpu  # noqa: E402,F401
