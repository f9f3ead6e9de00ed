"""The conversion driver: per-op Python patterns, a set of illegal dialects, failures at op locations."""

from __future__ import annotations

from typing import Callable, Sequence

from exir_mlir._mlir import ir, rewrite
from exir_mlir.errors import internal_error_message
from exir_mlir.passes import PassFailure

from .ir_utils import Unsupported, transfer_sym_shapes, walk_ops

# A pattern gets the op (insertion point: before it, location: its location) and returns the
# replacement values, or None when it does not apply (fusion patterns). It raises Unsupported
# with a reason when the op cannot be lowered at all. Any other exception is a bug in the
# pattern: both drivers report it the same way, as an internal error at the op (see `Failures`).
Pattern = Callable[[ir.Operation], "Sequence[ir.Value] | None"]


class Failures:
    """What the patterns of one conversion could not do, reported once the drivers are done.

    `unsupported`: op -> reason (Unsupported: the program uses something not supported; the op
    stays and is reported if its dialect is illegal). `internal`: op -> the exception a pattern
    raised (a bug in exir-mlir: always reported, as an internal error naming the op).
    """

    def __init__(self) -> None:
        self.unsupported: dict[ir.Operation, str] = {}
        self.internal: dict[ir.Operation, str] = {}

    def get(self, op: ir.Operation, default: str | None = None) -> str | None:
        return self.unsupported.get(op, default)

    def run(self, pattern: Pattern, op: ir.Operation):
        """`pattern(op)`, or None (recorded) when it raised."""
        try:
            return pattern(op)
        except Unsupported as e:
            self.unsupported[op] = str(e)
        except Exception as e:  # noqa: BLE001 - a bug in a pattern: an internal error at the op, not a crash
            self.internal[op] = f"{type(e).__name__}: {e}"
        return None


def replacement_values(replacement) -> list[ir.Value]:
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


def _wrap(pattern: Pattern, failures: Failures) -> Callable:
    def apply(op, rewriter) -> bool:
        op = op.operation
        # Build into a scratch block first, so a pattern that gives up half-way leaves no debris.
        scratch = ir.Module.create(op.location)
        with ir.InsertionPoint(scratch.body), op.location:
            replacement = failures.run(pattern, op)
        if replacement is None:
            return True  # no match
        for new_op in list(scratch.body.operations):
            new_op.move_before(op)
        values = replacement_values(replacement)
        transfer_sym_shapes(op, values)
        rewriter.replace_op(op, values)
        return False

    return apply


def apply_patterns(root: ir.Operation, table: PatternTable) -> Failures:
    """Apply the table's patterns greedily until nothing changes; returns what failed."""
    failures = Failures()
    patterns = rewrite.RewritePatternSet(root.context)
    for name, pattern in table.patterns.items():
        patterns.add(name, _wrap(pattern, failures))
    config = rewrite.GreedyRewriteConfig()
    config.max_iterations = 64
    config.use_top_down_traversal = True
    rewrite.apply_patterns_and_fold_greedily(root, patterns.freeze(), config)
    return failures


def report_illegal(root: ir.Operation, illegal_dialects: Sequence[str], stage: str,
                   failures: Failures) -> None:
    """Emit an error at every op whose pattern raised (an internal error) and at every op of an
    illegal dialect left under `root` (a user error); fail the pass if there is any."""
    failed = False
    for op in walk_ops(root):
        if op in failures.internal:
            op.location.emit_error(internal_error_message(
                f"the {stage} lowering pattern of '{op.name}' raised {failures.internal[op]}"))
            failed = True
        elif op.name.split(".", 1)[0] in illegal_dialects:
            why = failures.get(op, "no lowering for this op")
            op.location.emit_error(f"'{op.name}' cannot be lowered to {stage}: {why}")
            failed = True
    if failed:
        raise PassFailure(stage)


def convert(root: ir.Operation, table: PatternTable, *, illegal_dialects: Sequence[str],
            stage: str) -> None:
    """Partial conversion: patterns, then every op of `illegal_dialects` must be gone."""
    failures = apply_patterns(root, table)
    report_illegal(root, illegal_dialects, stage, failures)


def convert_in_order(root: ir.Operation, table: PatternTable, *, illegal_dialects: Sequence[str],
                     stage: str, on_function: Callable | None = None, keep_sym_shapes: bool = False) -> None:
    """Partial conversion by walking ops in program order (no greedy driver).

    Used where patterns share per-function state (to-linalg's shape symbols) or must see their
    producers already rewritten in order (fusion). `on_function(func_op)` returns a context
    manager entered around each function's conversion. `keep_sym_shapes`: a replacement's
    producer takes the replaced op's `exir.sym_shapes` (as the greedy driver's patterns do).
    """
    failures = Failures()
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
                with ir.InsertionPoint(op), op.location:
                    replacement = failures.run(pattern, op)
                if replacement is None:
                    continue
                if keep_sym_shapes:
                    transfer_sym_shapes(op, replacement_values(replacement))
                for old, new in zip(op.results, replacement_values(replacement)):
                    if old != new:
                        old.replace_all_uses_with(new)
                op.erase()
        finally:
            if scope is not None:
                scope.__exit__(None, None, None)
    report_illegal(root, illegal_dialects, stage, failures)
