"""The staged lowering exir -> edge -> backend -> linalg; importing it registers the three passes."""

from exir_mlir.lowering.aten_to_edge import pass_ as _aten_to_edge  # noqa: F401  (registers the pass)
from exir_mlir.lowering.aten_to_edge.pass_ import takes_overload
from exir_mlir.lowering.edge_to_backend import pass_ as _edge_to_backend  # noqa: F401  (registers the pass)
from exir_mlir.lowering.pipeline import STAGES, lower
from exir_mlir.lowering.to_linalg import pass_ as _to_linalg  # noqa: F401  (registers the pass)

__all__ = ["STAGES", "lower", "takes_overload"]
