"""`outline_kernels` / `inline_kernels`: the repeated layers of a network are tiled and vectorized once.

Why (compile time): the tiling schedule (schedule.py) runs the transform interpreter once per
linalg op, and its peels, row blocks and vectorizations of a dynamic-shape op are the largest part
of a compile: a 4-layer decoder's schedule tiled every kernel four times (Llama-shaped decode
program: 2.6 s of transform interpreter). The copies were merged only after bufferization
(outline_loops.py's duplicate-function-elimination) or by LLVM.

Before the schedule, the linalg ops of every function body are cut into groups -- an op with the
ops the schedule may fuse with it (a contraction with the fill or bias of its init and its
elementwise epilogue, a reduction with its fill) -- and each group becomes a private function called where the group was, on tensors. Constants
and `tensor.empty` destinations are rebuilt inside; every other value the group uses is an
argument, every value used after it a result. MLIR's `duplicate-function-elimination` then keeps
one function of each set whose ops, types and attributes are identical (a constant's value, an
attribute of an op, a static size all count: two layers with different constant weights stay two
functions). The schedule tiles each function once; `inline_kernels` then inlines every call, so
bufferization and everything after see the program as if each copy had been tiled in place.

A group's edges are results used exactly once, by another op of the group: no value outside the
group depends on one inside but its last op's results, so the group's ops can run together where
its last op was.
"""

from __future__ import annotations

from exir_mlir._mlir import func, ir, passmanager
from exir_mlir.codegen.op_walk import values_defined_inside
from exir_mlir.errors import ExirInternalError

PREFIX = "__exir_kernel_"
# Live-ins made by these ops are rebuilt inside the kernel (constants fold; a destination stays
# a tensor.empty that the schedule and bufferization recognize).
_REBUILT = ("arith.constant", "ub.poison", "tensor.empty")
# Named linalg ops with a reduction loop (their iterators are not an attribute).
_NAMED_REDUCTIONS = ("linalg.matmul", "linalg.batch_matmul", "linalg.batch_reduce_matmul", "linalg.matvec",
                     "linalg.vecmat", "linalg.batch_matvec", "linalg.batch_vecmat", "linalg.dot", "linalg.contract",
                     "linalg.reduce", "linalg.mmt4d", "linalg.batch_mmt4d")


def _is_unit(op: ir.Operation) -> bool:
    """A top-level op the schedule tiles: a linalg op on tensors, or a run-time choice between
    two plans of one (short_rows.py's scf.if)."""
    if not len(op.results):
        return False
    if op.name.startswith("linalg."):
        return True
    if op.name == "scf.if":
        found = False

        def visit(inner: ir.Operation) -> ir.WalkResult:
            nonlocal found
            if inner.name.startswith("linalg."):
                found = True
                return ir.WalkResult.INTERRUPT
            return ir.WalkResult.ADVANCE

        op.walk(visit)
        return found
    return False


def _fused_user(op: ir.Operation) -> ir.Operation | None:
    """The op the schedule may tile together with `op` (schedule._attach_epilogues, fills fused into
    their contraction): the one user of `op`'s one result when it takes that result as its
    destination (a fill, a broadcast bias), or when `op` is a contraction and the user a linalg op
    (its elementwise epilogue). None otherwise: other edges stay between groups, so that the ops
    keep their order in the function (a group runs where its last op was)."""
    if len(op.results) != 1:
        return None
    uses = list(op.results[0].uses)
    if len(uses) != 1:
        return None
    user = uses[0].owner.operation
    if not user.name.startswith("linalg."):
        return None
    if uses[0].operand_number >= len(user.operands) - len(user.results):
        return user
    if op.name.startswith("linalg.") and _has_reduction(op):
        return user
    return None


def _has_reduction(op: ir.Operation) -> bool:
    if "iterator_types" in op.attributes:  # linalg.generic
        return "reduction" in str(op.attributes["iterator_types"])
    return op.name in _NAMED_REDUCTIONS


def _groups(block: ir.Block) -> list[list[ir.Operation]]:
    """The units of `block` in groups (in block order), joined along `_fused_user`."""
    units = [op.operation for op in block.operations if _is_unit(op.operation)]
    index = {op: i for i, op in enumerate(units)}
    parent = list(range(len(units)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, op in enumerate(units):
        user = _fused_user(op)
        if user is not None and user in index:
            parent[find(i)] = find(index[user])
    groups: dict[int, list[ir.Operation]] = {}
    for i, op in enumerate(units):
        groups.setdefault(find(i), []).append(op)
    return list(groups.values())


def _live_ins(group: list[ir.Operation]) -> list[ir.Value]:
    """Values the group's ops (and their regions) use that none of them defines, in first-use order."""
    defined: set[ir.Value] = set()
    for op in group:
        defined |= values_defined_inside(op)
    used: dict[ir.Value, None] = {}

    def collect(op: ir.Operation) -> ir.WalkResult:
        for value in op.operands:
            if value not in defined:
                used.setdefault(value, None)
        return ir.WalkResult.ADVANCE

    for op in group:
        op.walk(collect, ir.WalkOrder.PRE_ORDER)
    return list(used)


def _is_rebuilt(value: ir.Value) -> bool:
    owner = value.owner
    return isinstance(owner, (ir.Operation, ir.OpView)) and owner.name in _REBUILT


def _outline(group: list[ir.Operation], name: str, module_block: ir.Block, after: ir.Operation) -> ir.Operation:
    live_ins = _live_ins(group)
    # A tensor.empty's dynamic sizes are live-ins too (its clone inside uses them).
    rebuilt = [v for v in live_ins if _is_rebuilt(v)]
    sizes = [s for v in rebuilt for s in v.owner.operands]
    passed = list(dict.fromkeys([v for v in live_ins if not _is_rebuilt(v)]
                                + [s for s in sizes if not _is_rebuilt(s)]))
    # Only the last op's results are used outside (_groups joins along results used once).
    last = group[-1]
    outputs = list(last.results)
    with ir.InsertionPoint.after(after), last.location:
        kernel = func.FuncOp(name, ([v.type for v in passed], [r.type for r in outputs]), visibility="private")
        entry = kernel.add_entry_block()
    mapping: dict[ir.Value, ir.Value] = dict(zip(passed, entry.arguments))
    with ir.InsertionPoint(entry), last.location:
        # Constants that sizes use first, then the destinations.
        for value in [s for s in sizes if _is_rebuilt(s)] + rebuilt:
            if value in mapping:
                continue
            clone = value.owner.clone()
            for i, operand in enumerate(clone.operands):
                if operand in mapping:
                    clone.operands[i] = mapping[operand]
            mapping[value] = clone.results[0]
        ret = func.ReturnOp(outputs)
    with ir.InsertionPoint(last), last.location:
        call = func.CallOp([r.type for r in outputs], ir.FlatSymbolRefAttr.get(name), passed)
    for result, replacement in zip(outputs, call.results):
        result.replace_all_uses_with(replacement)
    # The return took the outputs as operands before the replacement: give them back.
    for i, result in enumerate(outputs):
        ret.operation.operands[i] = result
    for op in group:
        op.move_before(ret)

    def remap(inner: ir.Operation) -> ir.WalkResult:
        for i, operand in enumerate(inner.operands):
            if operand in mapping:
                inner.operands[i] = mapping[operand]
        return ir.WalkResult.ADVANCE

    for op in group:
        op.walk(remap)
    return kernel.operation


def outline_kernels(module: ir.Operation) -> int:
    """Each group of linalg ops of every function -> a private kernel function, identical kernels
    kept once (see the module docstring). Returns how many calls share a kernel with another."""
    block = module.regions[0].blocks[0]
    count = 0
    for func_op in list(block.operations):
        op = func_op.operation
        if op.name != "func.func" or not op.regions[0].blocks:
            continue
        after = op
        for group in _groups(op.regions[0].blocks[0]):
            after = _outline(group, f"{PREFIX}{count}", block, after)
            count += 1
    if not count:
        return 0
    passmanager.PassManager.parse("builtin.module(duplicate-function-elimination)",
                                  context=module.context).run(module)
    return count - len(_kernels(module))


def inline_kernels(module: ir.Operation) -> None:
    """Every call of a kernel inlined where it was, the kernels erased."""
    if not _kernels(module):
        return
    # No other call of a function with a body is left at this point (exir-cpu-fuse inlined them),
    # and the inliner's default pipeline (canonicalize) is the stage's own canonicalize after it.
    # The inliner erases the private functions it leaves without a call: all of the kernels.
    passmanager.PassManager.parse("builtin.module(inline{default-pipeline=})", context=module.context).run(module)
    left = _kernels(module)
    if left:
        raise ExirInternalError(f"share_kernels: {len(left)} kernel(s) not inlined")


def _kernels(module: ir.Operation) -> list[ir.Operation]:
    return [f.operation for f in module.regions[0].blocks[0].operations if f.operation.name == "func.func"
            and ir.StringAttr(f.operation.attributes["sym_name"]).value.startswith(PREFIX)]
