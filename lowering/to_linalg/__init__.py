"""The to-linalg pass (pass_.py) and its patterns, one module per op family (test/Lowering/ToLinalg)."""

from exir_mlir.lowering.to_linalg.pass_ import linalg_patterns, run_to_linalg

__all__ = ["linalg_patterns", "run_to_linalg"]
