"""A lowering pattern that raises (a bug, not `Unsupported`) is an internal error at the op, the same
way from both pattern drivers, and distinct from a user error all the way to the exit code."""

import pytest

from exir_mlir._mlir import ir
from exir_mlir.dialects import load_dialects
from exir_mlir.errors import EXIT_INTERNAL_ERROR, EXIT_USER_ERROR, ExirInternalError, ExirUserError, exit_code
from exir_mlir.lowering import lower
from exir_mlir.lowering.aten_to_edge import edge_patterns
from exir_mlir.lowering.conversion import PatternTable, convert, convert_in_order
from exir_mlir.lowering.ir_utils import Unsupported
from exir_mlir.passes import PassFailure
from exir_mlir.tools import opt

PROGRAM = """
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "exir.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32> loc(fused["model.py":12:8, "relu_1"])
  %1 = "exir.neg"(%0) : (tensor<4xf32>) -> tensor<4xf32> loc(fused["model.py":13:8, "neg_1"])
  return %1 : tensor<4xf32>
}
"""


def buggy(op):
    return [op.operands[0]][1]  # IndexError: a bug in the pattern


def unsupported(op):
    raise Unsupported("not today")


def _diagnostics(driver) -> list[str]:
    """Messages of the errors `driver` emits on PROGRAM, with their locations."""
    table = PatternTable()
    table.add("exir.relu", buggy, family="test")
    table.add("exir.neg", unsupported, family="test")
    with ir.Context() as ctx, ir.Location.unknown():
        load_dialects(ctx)
        module = ir.Module.parse(PROGRAM)
        seen = []

        def handler(d):
            seen.append(f"{d.location}: {d.message}")
            return True

        ctx.attach_diagnostic_handler(handler)
        with pytest.raises(PassFailure):
            driver(module.operation, table, illegal_dialects=["exir"], stage="edge")
    return seen


def test_both_drivers_report_a_pattern_bug_as_an_internal_error_at_the_op():
    greedy, in_order = _diagnostics(convert), _diagnostics(convert_in_order)
    assert greedy == in_order
    internal, user = greedy
    assert '"model.py":12:8' in internal and internal.endswith(
        "internal error: the edge lowering pattern of 'exir.relu' raised IndexError: list index out of range "
        "(a bug in exir-mlir; please report it with the reproducer)")
    assert '"model.py":13:8' in user and user.endswith("'exir.neg' cannot be lowered to edge: not today")


@pytest.fixture
def buggy_relu(monkeypatch):
    monkeypatch.setitem(edge_patterns().patterns, "exir.relu", buggy)


def test_lower_raises_an_internal_error_naming_the_op_and_its_line(buggy_relu):
    with ir.Context() as ctx, ir.Location.unknown():
        load_dialects(ctx)
        module = ir.Module.parse(PROGRAM)
        with pytest.raises(ExirInternalError) as info:
            lower(module, to="edge")
    assert not isinstance(info.value, ExirUserError)
    assert "model.py:12:8 (node relu_1): internal error: the edge lowering pattern of 'exir.relu' raised IndexError" \
        in str(info.value)
    assert exit_code(info.value) == EXIT_INTERNAL_ERROR


def test_an_unsupported_op_stays_a_user_error():
    with ir.Context() as ctx, ir.Location.unknown():
        load_dialects(ctx)
        # `_pdist_forward` has no lowering yet (nonzero, used here before, now has one)
        module = ir.Module.parse(PROGRAM.replace('"exir.relu"(%x) :', '"exir.priv_pdist_forward"(%x) {p = 2.0 : f64} :'))
        with pytest.raises(ExirUserError) as info:
            lower(module, to="edge")
    assert exit_code(info.value) == EXIT_USER_ERROR


def test_exir_mlir_opt_exits_with_the_internal_error_code(buggy_relu, tmp_path, capsys):
    source = tmp_path / "in.mlir"
    source.write_text(PROGRAM)
    assert opt.main([str(source), "-p", "builtin.module(aten-to-edge)"]) == EXIT_INTERNAL_ERROR
    assert "internal error: the edge lowering pattern of 'exir.relu'" in capsys.readouterr().err
