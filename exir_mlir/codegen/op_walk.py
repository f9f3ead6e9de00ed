"""Collecting the ops a rewrite pass wants, and rewriting them one at a time.

Every Python rewrite pass in codegen has the same first step: a rewrite changes the IR it walks, so
the pass collects the ops it wants (in MLIR's post-order walk) before it touches any. Most then
rewrite each op at its own insertion point and location, keep an op whose rewrite declines, and
return how many they rewrote; `rewrite_each` is that loop.
"""

from __future__ import annotations

from typing import Callable

from exir_mlir._mlir import ir

OpFilter = Callable[[ir.Operation], bool]


def collect_ops(root: ir.Operation, wanted: OpFilter | tuple[str, ...] | str) -> list[ir.Operation]:
    """The ops under `root` (itself included) that `wanted` accepts: a predicate, an op name or a
    tuple of names. Collected before any rewrite, so rewriting them cannot disturb the walk."""
    if isinstance(wanted, str):
        name = wanted
        wanted = lambda op: op.name == name  # noqa: E731
    elif isinstance(wanted, tuple):
        names = wanted
        wanted = lambda op: op.name in names  # noqa: E731
    found: list[ir.Operation] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if wanted(op):
            found.append(op)
        return ir.WalkResult.ADVANCE

    root.walk(visit)
    return found


def inside_forall(op: ir.Operation | ir.OpView) -> bool:
    """Whether an scf.forall encloses `op` within its function: the ops of a thread's task, which
    get no thread tiles, packing or run-time choices of their own."""
    parent = op.operation.parent
    while parent is not None and parent.name != "func.func":
        if parent.name == "scf.forall":
            return True
        parent = parent.parent
    return False


def contains_op(root: ir.Operation, name: str) -> bool:
    """Whether an op named `name` is under `root` (itself included); the walk stops at the first."""
    found = False

    def visit(op: ir.Operation) -> ir.WalkResult:
        nonlocal found
        if op.name == name:
            found = True
            return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    root.walk(visit)
    return found


def rewrite_each(root: ir.Operation, wanted: OpFilter | tuple[str, ...] | str,
                 rewrite: Callable[[ir.Operation], None],
                 declines: tuple[type[Exception], ...] = ()) -> int:
    """Calls `rewrite(op)` for every op `collect_ops` finds, with the insertion point before the op
    and its location. A rewrite that raises one of `declines` leaves its op as it was (it must
    raise before it builds anything) and is not counted. Returns how many ops were rewritten."""
    done = 0
    for op in collect_ops(root, wanted):
        try:
            with ir.InsertionPoint(op), op.location:
                rewrite(op)
        except declines:
            continue
        done += 1
    return done


def values_defined_inside(op: ir.Operation) -> set[ir.Value]:
    """Every value `op` and the ops in its regions define: block arguments and results (its own too)."""
    defined: set[ir.Value] = set()

    def visit(inner: ir.Operation) -> ir.WalkResult:
        for region in inner.regions:
            for block in region.blocks:
                defined.update(block.arguments)
        defined.update(inner.results)
        return ir.WalkResult.ADVANCE

    op.walk(visit, ir.WalkOrder.PRE_ORDER)
    return defined


def as_operation(owner) -> ir.Operation:
    """The ir.Operation of an op or its OpView (a use's owner, a block's op, a value's owner)."""
    return owner.operation if hasattr(owner, "operation") else owner


def replace_operands(op: ir.Operation, mapping: dict) -> None:
    """Replace every operand of `op` and of the ops in its regions that `mapping` maps."""

    def visit(inner: ir.Operation) -> ir.WalkResult:
        for index, operand in enumerate(inner.operands):
            if operand in mapping:
                inner.operands[index] = mapping[operand]
        return ir.WalkResult.ADVANCE

    op.walk(visit)
