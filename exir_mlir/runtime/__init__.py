"""JIT execution of linalg-on-tensors modules on the CPU (MLIR ExecutionEngine).

The interface the compiler driver calls::

    compile_linalg(module: ir.Module, *, entry="main", state=None, num_threads=0,
                   opt_level=3, cache_dir=None) -> CompiledProgram

- `module`: linalg/tensor/arith/math/scf on tensors (what `lower(module, to="linalg")` gives),
  with the attributes of docs/ir-conventions.md: on `func.func @entry` the argument attributes
  `exir.input_kind`, `exir.name`, `exir.sym_shape` and result attributes `exir.output_kind`,
  `exir.target`; on the module `exir.range_constraints` and `exir.dim_equalities`. All are
  optional (a hand-written module without them works; its inputs are then all user inputs).
  The module is not modified: it is printed and compiled in a context of its own. An op of any
  other dialect is an `ExirUserError` naming it and its location, before anything runs.
- Compiles through `exir_mlir.codegen` (fuse, tile + vectorize, bufferize, threads, LLVM -O3
  for the host CPU) and JITs with the ExecutionEngine.
- Cache: the same module text and options compile once per process; with `cache_dir`, the
  lowered LLVM-dialect module is kept on disk and later processes skip the MLIR pipeline.
- `num_threads`: worker threads of parallel loops (0 = `$EXIR_MLIR_NUM_THREADS` if set, else every
  core this process may use). Parallel loops run on GNU OpenMP's pool (`GOMP_parallel`, torch's
  own libgomp), the threads torch's ops run on: the two never compete for the cores.

`CompiledProgram(args)` or `CompiledProgram(*args)` takes flat positional tensors (torch or
numpy), in function-argument order, and returns a list with one torch tensor per function
result (numpy arrays when every input was a numpy array). Inputs are checked first: device,
dtype, rank, static sizes, symbolic dims against `exir.range_constraints`, repeated symbols
and `exir.dim_equalities`, derived dims like `s0 + 1`; a violation is an `ExirUserError`
naming the input, the dim, its size and the allowed range. Contiguous inputs are passed
without copies; results are handed to torch without copies (the tensor frees the buffer).

With `state={exir.name: tensor}`, the program binds parameters, buffers and constant tensors
itself: it is then called with the user inputs only, writes `buffer_mutation` results into
`state` and `user_input_mutation` results into the caller's tensors, and returns only the
`user_output` results.
"""

from exir_mlir.runtime.program import CompiledProgram, clear_memory_cache, compile_linalg
from exir_mlir.runtime.signature import Signature, TensorSpec

__all__ = ["CompiledProgram", "Signature", "TensorSpec", "clear_memory_cache", "compile_linalg"]
