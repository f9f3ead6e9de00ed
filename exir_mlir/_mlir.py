"""The one place that imports the MLIR Python bindings; everything else imports from here."""

# The bindings come from the `xtc-mlir-python-bindings` wheel, which installs the upstream
# `mlir` package. Keeping every import here means a change of wheel touches one file.
import importlib

from mlir import ir, passmanager  # noqa: F401

# Dialect modules (and `rewrite`) load on first use: `mlir.dialects.linalg` alone pulls in
# numpy and the OpDSL tables (~0.3 s), which exir-mlir-opt's start-up should not pay for
# unless a pass uses them.
_LAZY = {
    "rewrite": "mlir.rewrite",
    "execution_engine": "mlir.execution_engine",
    "transform_interpreter": "mlir.dialects.transform.interpreter",
    **{name: f"mlir.dialects.{name}" for name in (
        "affine", "arith", "bufferization", "builtin", "cf", "func", "irdl", "linalg", "llvm", "math", "memref", "scf",
        "tensor", "transform", "vector",
    )},
}

__all__ = ["ir", "passmanager", *_LAZY]


def __getattr__(name):
    if name in _LAZY:
        module = importlib.import_module(_LAZY[name])
        globals()[name] = module
        return module
    raise AttributeError(f"module 'exir_mlir._mlir' has no attribute {name!r}")
