"""The aten-to-edge pass (pass_.py) and its patterns, one module per op family (test/Lowering/AtenToEdge)."""

from exir_mlir.lowering.aten_to_edge.pass_ import edge_patterns, run_aten_to_edge

__all__ = ["edge_patterns", "run_aten_to_edge"]
