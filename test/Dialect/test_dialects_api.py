"""exir_mlir.dialects: loading, Python verification of built IR, rules, join types."""

import pytest

from exir_mlir._mlir import ir
from exir_mlir.dialects import (join_tensor_type, load_dialects, register_verifier, unregister_verifier,
                                verify_module)
from exir_mlir.errors import ExirUserError


def _module(text):
    ctx = ir.Context()
    load_dialects(ctx)
    return ctx, ir.Module.parse(text, context=ctx)


def test_load_dialects_is_idempotent_and_per_context():
    with ir.Context() as ctx:
        assert not ctx.is_registered_operation("exir.add_tensor")
        load_dialects()  # the current context
        load_dialects(ctx)  # a second load would abort inside MLIR if it were not skipped
        assert ctx.is_registered_operation("exir.add_tensor")
        assert ctx.is_registered_operation("edge.add") and ctx.is_registered_operation("backend.matmul")
    with ir.Context() as other:
        assert not other.is_registered_operation("exir.add_tensor")


def _edge_add(lhs_type, rhs_type, result_type):
    """An edge.add built from Python: nothing verifies it until someone asks."""
    ctx = ir.Context()
    load_dialects(ctx)
    with ctx, ir.Location.name("user.py:3"):
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            types = [ir.Type.parse(t) for t in (lhs_type, rhs_type)]
            from exir_mlir._mlir import func

            f = func.FuncOp("f", (types, []))
            with ir.InsertionPoint(f.add_entry_block()):
                ir.Operation.create("edge.add", results=[ir.Type.parse(result_type)], operands=list(f.arguments))
                func.ReturnOp([])
    return ctx, module


def test_verify_module_names_op_and_operands_of_built_ir():
    ctx, module = _edge_add("tensor<4xf32>", "tensor<4xi64>", "tensor<4xf32>")
    with ctx:
        errors = verify_module(module, emit=False)
    assert [m for _, m in errors] == [
        "'edge.add' op SameOperandsAndResultElementType: operand and result element types must agree, "
        "but 'lhs' has f32, 'rhs' has i64, 'result' has f32"]
    assert str(errors[0][0]) == 'loc("user.py:3")'


def test_verify_module_checks_kinds_too():
    ctx, module = _edge_add("tensor<4xf32>", "!exir.symint", "tensor<4xf32>")
    with ctx:
        messages = [m for _, m in verify_module(module, emit=False)]
    assert "'edge.add' op operand 'rhs' must be AnyRankedTensor, got !exir.symint" in messages


def test_verify_module_emits_diagnostics():
    ctx, module = _edge_add("tensor<4xf32>", "tensor<4xi64>", "tensor<4xf32>")
    seen = []
    handler = ctx.attach_diagnostic_handler(lambda d: seen.append((d.severity, d.message)) or True)
    with ctx:
        verify_module(module)
    handler.detach()
    assert seen and seen[0][0] == ir.DiagnosticSeverity.ERROR and "'edge.add' op" in seen[0][1]


def test_registered_rule_runs_and_can_be_removed():
    ctx, module = _module('func.func @f(%x: tensor<4xf32>) {\n'
                          '  %0 = "exir.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>\n  return\n}')

    def no_relu(op, entry):
        assert entry["aten"] == "aten::relu"
        return [f"rule saw {len(op.operands)} operand"]

    register_verifier("exir.relu", no_relu)
    try:
        with ctx:
            assert [m for _, m in verify_module(module, emit=False)] == ["'exir.relu' op rule saw 1 operand"]
    finally:
        unregister_verifier("exir.relu", no_relu)
    with ctx:
        assert verify_module(module, emit=False) == []


def test_join_tensor_type():
    with ir.Context():
        t = [ir.Type.parse(s) for s in ("tensor<2x4xf32>", "tensor<3x4xf32>", "tensor<?x4xf32>")]
        assert str(join_tensor_type(t)) == "tensor<?x4xf32>"
        assert str(join_tensor_type(t[:1])) == "tensor<2x4xf32>"
        with pytest.raises(ExirUserError, match="different element types"):
            join_tensor_type([t[0], ir.Type.parse("tensor<2x4xi64>")])
        with pytest.raises(ExirUserError, match="different ranks"):
            join_tensor_type([t[0], ir.Type.parse("tensor<8xf32>")])


def test_aten_fallback_call_declares_once_per_signature():
    from exir_mlir._mlir import func
    from exir_mlir.dialects import aten_fallback_overload, build_aten_call

    with ir.Context() as ctx, ir.Location.unknown():
        load_dialects(ctx)
        module = ir.Module.create()
        f32 = ir.F32Type.get()
        t4, t8, scalar = (ir.RankedTensorType.get(s, f32) for s in ([4], [8], []))
        with ir.InsertionPoint(module.body):
            f = func.FuncOp("main", ([t4, t8], [scalar]))
            with ir.InsertionPoint(f.add_entry_block()):
                x, y = f.arguments
                two = ir.FloatAttr.get(ir.F64Type.get(), 2.0)
                a = build_aten_call(module, "aten::linalg_vector_norm", [x], [scalar], args={"ord": two},
                                    operand_args=["self"])
                b = build_aten_call(module, "aten::linalg_vector_norm", [x], [scalar], args={"ord": two},
                                    operand_args=["self"])
                c = build_aten_call(module, "aten::linalg_vector_norm", [y], [scalar], args={},
                                    operand_args=["self"])
                func.ReturnOp([c.results[0]])
        module.operation.verify()
        assert verify_module(module, emit=False) == []
        text = str(module)
        assert text.count("func.func private") == 2
        assert '@"aten::linalg_vector_norm$1"(tensor<8xf32>)' in text
        assert [aten_fallback_overload(op) for op in (a, b, c)] == ["aten::linalg_vector_norm"] * 3
        assert aten_fallback_overload(f) is None
        with pytest.raises(ValueError, match="1 operands but 2 operand_args"):
            with ir.InsertionPoint(f.entry_block.operations[0]):
                build_aten_call(module, "aten::foo", [x], [], args={}, operand_args=["self", "other"])
