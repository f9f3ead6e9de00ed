"""`choose_unit_rows`: a batched contraction whose rows are a size known only at run time -> a
run-time choice between the op with one row (planned as the static build plans it: the unit dim
folded away) and the op as it is.

Attention that decodes one token has a query of one row; exported with a dynamic sequence length,
the row count is a symbol that is 1 at run time. The static build folds that dim away
(linalg-fold-unit-extent-dims): q·kᵀ becomes a matrix-vector product per head, its k columns on
the vector lanes, one FMA per step of the head dim. The dynamic build planned the general kernel:
q·kᵀ (the head dim contiguous in both operands) as the dot kernel, whose every output is a
horizontal sum of a vector, for a head dim of 16 one FMA and four shuffles and adds each; p·v as
row blocks of 8 whose remainder of one row runs down a chain of seven peeled sizes. An attention
over a KV cache of 6 for one token ran 1.9x slower than its static build.

So each contraction with batch dims (the attention's bmm; a plain matmul or linear layer keeps
one plan, as its rows are usually many and its compile time counts) and a dynamic row dim (its
outermost M dim) is wrapped in `scf.if rows == 1`: the then-branch reads its operands through
`tensor.cast`s that make that dim 1 and casts the result back, the else-branch is the op as it
was. Its zero-fill init (when it feeds only the op) and its elementwise epilogue (the one op that
reads its result, through an identity map) go into both branches with it, so that the schedule
still fuses them. The unit dim of the then-branch is then folded like the static build's
(transform `fold_unit_extent_dims_via_slices`) before the ops are planned.
"""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, linalg, passmanager, scf, tensor
from exir_mlir._mlir import transform_interpreter as interpreter
from exir_mlir.codegen.host import HostCPU
from exir_mlir.codegen.op_walk import collect_ops, inside_forall
from exir_mlir.codegen.strategy import DYNAMIC, loop_bounds, plan_op

# The scf.if of a choice, found again by the transform script that folds its unit dims.
UNIT_ROWS = "exir.unit_rows"


def _single_user(value: ir.Value) -> ir.Operation | None:
    users = [use.owner for use in value.uses]
    return users[0].operation if len(users) == 1 else None


def _dims_of_loop(op: ir.Operation, loop: int) -> dict[int, int]:
    """Operand number -> the dim of that (ranked tensor) operand that loop `loop` of `op` indexes."""
    found = {}
    maps = [m.value for m in linalg.get_indexing_maps(op.opview)]
    for i, (value, amap) in enumerate(zip(op.operands, maps)):
        if not isinstance(value.type, ir.RankedTensorType):
            continue
        for pos, expr in enumerate(amap.results):
            if isinstance(expr, ir.AffineDimExpr) and expr.position == loop:
                found[i] = pos
    return found


def _with_unit_dim(value_type: ir.RankedTensorType, pos: int) -> ir.RankedTensorType:
    shape = list(value_type.shape)
    shape[pos] = 1
    return ir.RankedTensorType.get(shape, value_type.element_type, value_type.encoding)


def _epilogue(op: ir.Operation, result_dims: int) -> ir.Operation | None:
    """The elementwise linalg.generic that alone reads `op`'s result, through an identity map."""
    user = _single_user(op.results[0])
    if user is None or user.name != "linalg.generic" or len(user.results) != 1:
        return None
    iterators = [str(it) for it in ir.ArrayAttr(user.attributes["iterator_types"])]
    if any("parallel" not in it for it in iterators) or len(iterators) != result_dims:
        return None
    maps = [m.value for m in linalg.get_indexing_maps(user.opview)]
    n_inputs = len(user.operands) - len(user.results)
    reads = [i for i, v in enumerate(user.operands) if v == op.results[0]]
    if len(reads) != 1 or reads[0] >= n_inputs or maps[reads[0]] != ir.AffineMap.get_identity(result_dims):
        return None
    return user


def _candidate(op: ir.Operation, host: HostCPU) -> int | None:
    """The row loop of a batched contraction whose rows are dynamic, else None."""
    if inside_forall(op) or len(op.results) != 1 or not linalg.isa_contraction_op(op.opview):
        return None
    plan = plan_op(op.opview, host)
    # (The dot kernel's one-row blocks are what its matrix-vector form would run; the outer-product
    # kernel's rows are cut into a chain of peeled block sizes.)
    if plan is None or plan.kind != "contraction":
        return None
    dims = linalg.infer_contraction_dimensions(op.opview)
    if not list(dims.batch) or not list(dims.m):
        return None
    row = list(dims.m)[-1]
    return row if loop_bounds(op.opview)[row] == DYNAMIC else None


def _wrap(op: ir.Operation, row: int) -> None:
    """Puts `op` (with its sole fill init and its epilogue) into both branches of `rows == 1`."""
    n_inputs = len(op.operands) - len(op.results)
    out_map = [m.value for m in linalg.get_indexing_maps(op.opview)][-1]
    out_pos = [i for i, e in enumerate(out_map.results) if isinstance(e, ir.AffineDimExpr) and e.position == row][0]
    init = op.operands[n_inputs]
    fill = init.owner.operation if isinstance(init, ir.OpResult) else None
    if fill is None or fill.name != "linalg.fill" or _single_user(init) is None:
        fill = None
    epilogue = _epilogue(op, len(out_map.results))
    last = epilogue if epilogue is not None else op
    operand_dims = _dims_of_loop(op, row)
    source, source_pos = next((op.operands[i], pos) for i, pos in operand_dims.items() if i < n_inputs)
    members = [m for m in (fill, op, epilogue) if m is not None]
    index = ir.IndexType.get()
    # At the last member: every operand of the members is defined before it.
    with ir.InsertionPoint(last), op.location:
        rows = tensor.DimOp(source, arith.ConstantOp(index, source_pos).result).result
        one = arith.CmpIOp(arith.CmpIPredicate.eq, rows, arith.ConstantOp(index, 1).result).result
        choice = scf.IfOp(one, [last.results[0].type], has_else=True)
    choice.operation.attributes[UNIT_ROWS] = ir.UnitAttr.get()
    for block, unit in ((choice.then_block, True), (choice.else_block, False)):
        with ir.InsertionPoint(block), op.location:
            mapping: dict = {}
            for member in members:
                clone = member.clone()
                for i, value in enumerate(list(clone.operands)):
                    if value in mapping:
                        clone.operands[i] = mapping[value]
                    elif unit:
                        pos = _unit_dim(member, i, op, row, out_pos, operand_dims)
                        if pos is not None and ir.RankedTensorType(value.type).shape[pos] == DYNAMIC:
                            cast = tensor.CastOp(_with_unit_dim(ir.RankedTensorType(value.type), pos), value).result
                            cast.owner.move_before(clone)
                            clone.operands[i] = cast
                if unit:
                    clone.results[0].set_type(_with_unit_dim(ir.RankedTensorType(member.results[0].type), out_pos))
                    if member == op:  # a named op (linalg.batch_matmul) folds its unit dim as a generic
                        clone.attributes[UNIT_ROWS] = ir.UnitAttr.get()
                mapping[member.results[0]] = clone.results[0]
            result = mapping[last.results[0]]
            if unit:
                result = _into_destination(result, _destination(last, members))
            scf.YieldOp([result])
    last.results[0].replace_all_uses_with(choice.results[0])
    for member in reversed(members):
        member.erase()


def _destination(last: ir.Operation, members: list[ir.Operation]) -> ir.Value:
    """The tensor, defined before the choice, whose buffer the op as it was (the else-branch)
    writes its result into: the init of `last`, followed back through the members' results
    (an epilogue writing into the op's result, the op into its fill's)."""
    n_inputs = len(last.operands) - len(last.results)
    value = last.operands[n_inputs]
    while isinstance(value, ir.OpResult) and value.owner.operation in members:
        owner = value.owner.operation
        value = owner.operands[len(owner.operands) - len(owner.results)]
    return value


def _into_destination(result: ir.Value, destination: ir.Value) -> ir.Value:
    """The one-row branch's `result` (its row dim 1) inserted into `destination` (the same type
    but for that dim): the branch yields the buffer the other branch yields. Its producers' new
    empty tensor then becomes a slice of the destination (eliminate-empty-tensors), the if's
    result is that one buffer, and a returned choice is not copied into a new buffer (two
    buffers, one per branch, made it one of two: the dealloc pipeline cloned it, a copy of the
    attention's whole output per call)."""
    result_type = ir.RankedTensorType(result.type)
    index = ir.IndexType.get()
    sizes = [tensor.DimOp(result, arith.ConstantOp(index, i).result).result
             for i, size in enumerate(result_type.shape) if size == DYNAMIC]
    rank = result_type.rank
    return tensor.InsertSliceOp(result, destination, [], sizes, [], [0] * rank, list(result_type.shape),
                                [1] * rank).result


def _unit_dim(member: ir.Operation, operand: int, op: ir.Operation, row: int, out_pos: int,
              operand_dims: dict[int, int]) -> int | None:
    """The dim of `member`'s operand `operand` that is the row dim (None: none is)."""
    if member == op:
        return operand_dims.get(operand)
    if member.name == "linalg.fill":  # (value, destination): the destination is the op's init
        return out_pos if operand == 1 else None
    # The epilogue iterates the op's result dims in order: its loop out_pos is the row.
    return _dims_of_loop(member, out_pos).get(operand)


_FOLD_UNIT_DIMS = """
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %clones = transform.structured.match interface{LinalgOp} attributes {""" + UNIT_ROWS + """} in %root : (!transform.any_op) -> !transform.any_op
    %generic = transform.structured.generalize %clones : (!transform.any_op) -> !transform.any_op
    %choices = transform.structured.match ops{["scf.if"]} attributes {""" + UNIT_ROWS + """} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %choices {
      transform.apply_patterns.linalg.fold_unit_extent_dims_via_slices
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.yield
  }
}
"""


def choose_unit_rows(module: ir.Operation, host: HostCPU) -> int:
    """Wraps each batched contraction with dynamic rows in the run-time choice (see the module
    docstring) and folds the unit dim of its one-row branch. Returns how many."""
    chosen = 0
    for op in collect_ops(module, lambda o: o.name.startswith("linalg.")):
        row = _candidate(op, host)
        if row is None:
            continue
        _wrap(op, row)
        chosen += 1
    if chosen:
        script = ir.Module.parse(_FOLD_UNIT_DIMS, context=module.context)
        interpreter.apply_named_sequence(module, script.body.operations[0], script)
        for op in collect_ops(module, lambda o: UNIT_ROWS in o.attributes):
            del op.attributes[UNIT_ROWS]
        # The slices of the folded dims' results fold into their readers (an epilogue then reads
        # the contraction's result itself, as the schedule's fusion wants).
        passmanager.PassManager.parse("builtin.module(canonicalize,cse)", context=module.context).run(module)
    return chosen
