"""The one place that imports the MLIR Python bindings; everything else imports from here."""

# The bindings come from the `xtc-mlir-python-bindings` wheel, which installs the upstream
# `mlir` package. Keeping every import here means a change of wheel touches one file.
from mlir import ir, passmanager, rewrite  # noqa: F401
from mlir.dialects import (  # noqa: F401
    arith,
    builtin,
    func,
    irdl,
    linalg,
    math,
    scf,
    tensor,
)

__all__ = [
    "ir",
    "passmanager",
    "rewrite",
    "arith",
    "builtin",
    "func",
    "irdl",
    "linalg",
    "math",
    "scf",
    "tensor",
]
