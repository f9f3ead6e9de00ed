"""The conversion driver: per-op Python patterns, a set of illegal dialects, failures at op locations."""

from __future__ import annotations

from typing import Callable, Sequence

from exir_mlir._mlir import ir, rewrite
from exir_mlir.passes import PassFailure

from .ir_utils import Unsupported, transfer_sym_shapes, walk_ops

# A pattern gets the op (insertion point: before it, location: its location) and returns the
# replacement values, or None when it does not apply (fusion patterns). It raises Unsupported
# with a reason when the op cannot be lowered at all.
Pattern = Callable[[ir.Operation], "Sequence[ir.Value] | None"]


def _values(replacement) -> list[ir.Value]:
    """Pattern results as Values (builders of ops with regions return the op, not its result)."""
    if isinstance(replacement, ir.Value) or not isinstance(replacement, (list, tuple)):
        replacement = [replacement]
    out = []
    for r in replacement:
        if isinstance(r, ir.Value):
            out.append(r)
        else:  # an op (builders of ops with regions return the op)
            out.extend(list(r.operation.results))
    return out


class PatternTable:
    """op name -> pattern, filled by the `populate_<family>_patterns` functions of a stage."""

    def __init__(self) -> None:
        self.patterns: dict[str, Pattern] = {}
        self.families: dict[str, str] = {}

    def add(self, op_name: str, pattern: Pattern, *, family: str) -> None:
        if op_name in self.patterns:
            raise ValueError(f"two patterns for {op_name}")
        self.patterns[op_name] = pattern
        self.families[op_name] = family

    def __contains__(self, op_name: str) -> bool:
        return op_name in self.patterns


def _wrap(pattern: Pattern, reasons: dict) -> Callable:
    def apply(op, rewriter) -> bool:
        op = op.operation
        # Build into a scratch block first, so a pattern that gives up half-way leaves no debris.
        scratch = ir.Module.create(op.location)
        try:
            with ir.InsertionPoint(scratch.body), op.location:
                replacement = pattern(op)
        except Unsupported as e:
            reasons[op] = str(e)
            return True  # no match
        except Exception as e:  # noqa: BLE001 - a bug in a pattern: reported at the op, not a crash
            reasons[op] = f"internal error in its lowering pattern: {type(e).__name__}: {e}"
            return True
        if replacement is None:
            return True
        for new_op in list(scratch.body.operations):
            new_op.move_before(op)
        values = _values(replacement)
        transfer_sym_shapes(op, values)
        rewriter.replace_op(op, values)
        return False

    return apply


def apply_patterns(root: ir.Operation, table: PatternTable, reasons: dict | None = None) -> dict:
    """Apply the table's patterns greedily until nothing changes; returns op -> failure reason."""
    reasons = {} if reasons is None else reasons
    patterns = rewrite.RewritePatternSet(root.context)
    for name, pattern in table.patterns.items():
        patterns.add(name, _wrap(pattern, reasons))
    config = rewrite.GreedyRewriteConfig()
    config.max_iterations = 64
    config.use_top_down_traversal = True
    rewrite.apply_patterns_and_fold_greedily(root, patterns.freeze(), config)
    return reasons


def report_illegal(root: ir.Operation, illegal_dialects: Sequence[str], stage: str,
                   reasons: dict) -> None:
    """Emit an error at every op of an illegal dialect left under `root`; fail the pass if any."""
    failed = False
    for op in walk_ops(root):
        dialect = op.name.split(".", 1)[0]
        if dialect in illegal_dialects:
            why = reasons.get(op, "no lowering for this op")
            op.location.emit_error(f"'{op.name}' cannot be lowered to {stage}: {why}")
            failed = True
    if failed:
        raise PassFailure(stage)


def convert(root: ir.Operation, table: PatternTable, *, illegal_dialects: Sequence[str],
            stage: str) -> None:
    """Partial conversion: patterns, then every op of `illegal_dialects` must be gone."""
    reasons = apply_patterns(root, table)
    report_illegal(root, illegal_dialects, stage, reasons)


def convert_in_order(root: ir.Operation, table: PatternTable, *, illegal_dialects: Sequence[str],
                     stage: str, on_function: Callable | None = None) -> None:
    """Partial conversion by walking ops in program order (no greedy driver).

    Used where patterns share per-function state (to-linalg's shape symbols) or must see their
    producers already rewritten in order (fusion). `on_function(func_op)` returns a context
    manager entered around each function's conversion.
    """
    reasons: dict = {}
    funcs = [op for op in walk_ops(root) if op.name == "func.func"] or [root]
    for func in funcs:
        scope = on_function(func) if on_function is not None else None
        if scope is not None:
            scope.__enter__()
        try:
            for op in walk_ops(func):
                pattern = table.patterns.get(op.name)
                if pattern is None:
                    continue
                try:
                    with ir.InsertionPoint(op), op.location:
                        replacement = pattern(op)
                except Unsupported as e:
                    reasons[op] = str(e)
                    continue
                except Exception as e:  # noqa: BLE001 - a pattern bug: an error at the op, not a crash
                    op.location.emit_error(f"'{op.name}': internal error in the {stage} lowering "
                                           f"pattern: {type(e).__name__}: {e}")
                    raise PassFailure(stage) from e
                if replacement is None:
                    continue
                for old, new in zip(op.results, _values(replacement)):
                    if old != new:
                        old.replace_all_uses_with(new)
                op.erase()
        finally:
            if scope is not None:
                scope.__exit__(None, None, None)
    report_illegal(root, illegal_dialects, stage, reasons)
