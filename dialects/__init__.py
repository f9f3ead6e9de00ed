"""The exir, edge and backend dialects: ODS sources, generated IRDL, loading and Python verification."""

from exir_mlir.dialects.fallback import aten_fallback_overload, build_aten_call
from exir_mlir.dialects.join import join_tensor_type
from exir_mlir.dialects.loader import DIALECTS, generated_dir, load_dialects, op_table, op_table_path
from exir_mlir.dialects.verify import explain_parse_failure, register_verifier, unregister_verifier, verify_module, verify_op

__all__ = [
    "DIALECTS",
    "aten_fallback_overload",
    "build_aten_call",
    "explain_parse_failure",
    "generated_dir",
    "join_tensor_type",
    "load_dialects",
    "op_table",
    "op_table_path",
    "register_verifier",
    "unregister_verifier",
    "verify_module",
    "verify_op",
]
