"""The edge-to-backend pass (pass_.py) and its fusions, one module per op family (test/Lowering/EdgeToBackend)."""

from exir_mlir.lowering.edge_to_backend.pass_ import backend_patterns, run_edge_to_backend

__all__ = ["backend_patterns", "run_edge_to_backend"]
