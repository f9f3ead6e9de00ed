"""The staged lowering exir -> edge -> backend -> linalg; importing it registers the passes."""

from exir_mlir.lowering import aten_to_edge as _aten_to_edge  # noqa: F401  (registers the pass)
from exir_mlir.lowering import edge_to_backend as _edge_to_backend  # noqa: F401  (registers the pass)
from exir_mlir.lowering import to_linalg as _to_linalg  # noqa: F401  (registers the pass)
from exir_mlir.lowering.edge_contract import register_edge_rules as _register_edge_rules
from exir_mlir.lowering.pipeline import STAGES, lower

_register_edge_rules()  # the Edge contract's dtype rules join exir_mlir.dialects.verify_module

__all__ = ["STAGES", "lower"]
