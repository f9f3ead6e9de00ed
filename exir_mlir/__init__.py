"""exir-mlir: compile PyTorch torch.export programs to native code through MLIR.

The public API, re-exported lazily so that `import exir_mlir` (and the opt driver) does not
import torch:

- `load_program(path, *, trust_pickle=False) -> ExportedProgram` (a checked torch.export.load)
- `import_program(ep, *, func_name="main", freeze_weights=False) -> mlir.ir.Module`
- `lower(module, *, to="edge" | "backend" | "linalg")`
- `compile(ep, *, target="cpu", ...) -> CompiledProgram`
- `compile_linalg(module, *, entry="main", ...) -> CompiledProgram` (a linalg-on-tensors module)
- `export_library(ep, "model.so", *, weights="embedded") -> Path` (a native library, ahead of time)
- `load_library("model.so") -> NativeProgram` (= `exir_mlir.runtime.load`: numpy only, no torch or MLIR)
- `check(ep, *, codegen=False) -> CheckReport`: every construct `compile` would reject, without
  building code (`exir-mlir import --report`)
"""

import importlib

_EXPORTS = {
    "import_program": "exir_mlir.importer",
    "load_program": "exir_mlir.importer",
    "lower": "exir_mlir.lowering",
    "compile": "exir_mlir.compiler",
    "compile_linalg": "exir_mlir.compiler",
    "check": "exir_mlir.checking",
    "CompiledProgram": "exir_mlir.runtime",
    "export_library": "exir_mlir.aot",
}

__all__ = sorted([*_EXPORTS, "load_library"])


def __getattr__(name):
    if name == "load_library":
        return importlib.import_module("exir_mlir.runtime.native").load
    if name in _EXPORTS:
        return getattr(importlib.import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'exir_mlir' has no attribute {name!r}")
