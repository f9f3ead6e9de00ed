"""uint8/16/32/64 in to-linalg: ops on unsigned tensors are lowered as their signless twins.

The edge dialect types a uint8 tensor as `tensor<...xui8>` (uint16/32/64: ui16, ui32, ui64);
linalg bodies and arith ops take signless integers only. So, for an edge op with unsigned
operands or results, `lower_unsigned` builds a twin of the op whose uiN types are iN (operands go through
`builtin.unrealized_conversion_cast`), lowers the twin with the op's own pattern while
`builders.unsigned_op` records which operands/results were unsigned (the scalar bodies then
choose uitofp, cmpi ult, divui, remui, maxui/minui, ...), and casts the results back to uiN, so
the ops after it still see which values are unsigned. Once the function is lowered,
`erase_signedness` makes every remaining uiN type iN (values, constants, the function type),
drops the casts, which have become iN -> iN, and marks the entry function's unsigned arguments
and results `exir.unsigned` (codegen/signature.py reads them back as torch.uint8 ... uint64).

Only the ops listed here are lowered on unsigned tensors: the ones whose lowering does not depend
on the sign (data movement, add/mul/bitwise with wrap-around, sum/prod) and the ones whose
patterns read the flags. Any other op on an unsigned tensor is an error naming the op and the
dtype, never a signed guess. The width does not matter to any of them: uint64 values >= 2^63
compare, divide, convert and reduce as unsigned exactly as uint8 values >= 128 do.
"""

from __future__ import annotations

import array

from exir_mlir._mlir import arith, ir

from ..conversion import replacement_values
from ..ir_utils import Unsupported, attr_names, is_unsigned, isa, walk_ops
from .builders import unsigned_op
from .shapes import ShapeContext

# Lowered the same for signed and unsigned bytes (two's-complement wrap-around, bit patterns).
SIGN_AGNOSTIC = {
    "view", "expand", "permute", "slice", "cat", "pad", "border_pad", "flip", "diagonal", "as_strided",
    "embedding", "index_select", "gather", "index", "slice_scatter", "index_put", "nonzero", "arange",
    "where", "add", "sub", "mul", "neg", "ceil", "floor", "round", "trunc", "bitwise_not", "bitwise_and",
    "bitwise_or", "bitwise_xor", "logical_and", "logical_or", "logical_xor", "logical_not", "eq", "ne",
    "sum", "prod", "cumsum", "any", "hash_tensor",
}
# Patterns that read builders.unsigned_operand/unsigned_result.
SIGN_AWARE = {
    "cast", "abs", "relu", "sign", "floor_divide", "trunc_divide", "remainder", "fmod", "maximum", "minimum",
    "clamp", "lt", "le", "gt", "ge", "amax", "amin", "argmax", "argmin", "sort", "topk", "max_pool", "pow",
    "max_pool_with_indices",
}
# Backend ops, sign-agnostic where their attributes say so: a matmul's products and sums wrap
# around alike (eager's uint8 mm and convolution keep the low 8 bits too; a convolution pads with 0),
# and its bias add; not an activation.
# And edge ops whose attributes decide: a scatter that stores, adds or multiplies (sign-agnostic) or
# takes amax/amin (update.py's combine is elementwise.BINARY's maximum/minimum, which read the flags).
ATTRIBUTE_SIGN_AGNOSTIC = {
    "backend.matmul": lambda op: ir.StringAttr(op.attributes["activation"]).value == "none",
    "backend.conv2d": lambda op: ir.StringAttr(op.attributes["activation"]).value == "none",
    "edge.convolution": lambda op: True,
    "edge.upsample2d": lambda op: True,  # nearest moves data; bilinear of an integer: the pattern's own error
    "edge.scatter": lambda op: ir.StringAttr(op.attributes["reduce"]).value in ("none", "sum", "prod", "amax",
                                                                               "amin"),
}
UNSIGNED_OPS = {f"edge.{n}" for n in SIGN_AGNOSTIC | SIGN_AWARE}


def _takes_unsigned(name: str, op: ir.Operation) -> bool:
    if name in ATTRIBUTE_SIGN_AGNOSTIC:
        return ATTRIBUTE_SIGN_AGNOSTIC[name](op)
    return name in UNSIGNED_OPS


def _refusal(name: str, width: int) -> str:
    """The error for an op without an unsigned lowering: names the dtype and a cast that keeps
    every value (none does for uint64)."""
    dtype = f"uint{width}"
    if width < 64:
        wider = {8: 16, 16: 32, 32: 64}[width]
        advice = (f"cast the {dtype} tensor to a signed type first (e.g. x.to(torch.int{wider}), which holds every "
                  f"{dtype} value)")
    else:
        advice = ("no signed type holds every uint64 value: cast to torch.int64 first only if the values are "
                  "below 2^63 (x.to(torch.int64)), or to torch.float64 if rounding above 2^53 is acceptable")
    return f"{dtype} (unsigned) tensors are not supported by '{name}' yet; {advice}"


def _unsigned_type(t: ir.Type) -> bool:
    if isa(ir.RankedTensorType, t):
        return is_unsigned(ir.RankedTensorType(t).element_type)
    return is_unsigned(t)


def signless(t: ir.Type) -> ir.Type:
    """`t` with an unsigned integer element (or scalar) type made signless of the same width."""
    if isa(ir.RankedTensorType, t):
        rt = ir.RankedTensorType(t)
        if is_unsigned(rt.element_type):
            width = ir.IntegerType(rt.element_type).width
            return ir.RankedTensorType.get(list(rt.shape), ir.IntegerType.get_signless(width), rt.encoding)
        return t
    if is_unsigned(t):
        return ir.IntegerType.get_signless(ir.IntegerType(t).width)
    return t


def _cast(value: ir.Value, to: ir.Type, exprs=None) -> ir.Value:
    """`value` as type `to`; `exprs`: its symbolic dims, kept for the shape logic of later ops."""
    attrs = {}
    if exprs:
        attrs["exir.sym_shapes"] = ir.ArrayAttr.get([ir.ArrayAttr.get([ir.StringAttr.get(str(e)) for e in exprs])])
    return ir.Operation.create("builtin.unrealized_conversion_cast", results=[to], operands=[value],
                               attributes=attrs).results[0]


def lower_unsigned(name: str, pattern):
    """`pattern` for ops on signed/float tensors; the signless twin (see the module doc) for ops
    on unsigned tensors, and a clear error for ops not in UNSIGNED_OPS."""

    def wrapped(op):
        uo = frozenset(i for i, v in enumerate(op.operands) if _unsigned_type(v.type))
        ur = frozenset(i for i, r in enumerate(op.results) if _unsigned_type(r.type))
        if not uo and not ur:
            return pattern(op)
        if not _takes_unsigned(name, op):
            t = next(v.type for v in list(op.operands) + list(op.results) if _unsigned_type(v.type))
            raise Unsupported(_refusal(name, ir.IntegerType(ir.RankedTensorType(t).element_type
                                                            if isa(ir.RankedTensorType, t) else t).width))
        ctx = ShapeContext.current()
        operands = [_cast(v, signless(v.type), ctx.symbolic_shape(v)) if i in uo else v
                    for i, v in enumerate(op.operands)]
        attrs = {n: op.attributes[n] for n in attr_names(op)}
        twin = ir.Operation.create(op.name, results=[signless(r.type) for r in op.results], operands=operands,
                                   attributes=attrs)
        try:
            with unsigned_op(uo, ur):
                replacement = pattern(twin)
            if replacement is None:
                return None
            values = replacement_values(replacement)
        finally:
            twin.erase()
        return [_cast(v, r.type, ctx.symbolic_shape(r)) if i in ur else v
                for i, (v, r) in enumerate(zip(values, op.results))]

    return wrapped


def _signless_constant(op: ir.Operation) -> None:
    """An `arith.constant` of a uiN tensor rebuilt as the same bits in iN."""
    result = op.results[0]
    new_type = signless(result.type)
    attr = ir.DenseElementsAttr(op.attributes["value"])
    elem = ir.RankedTensorType(new_type).element_type
    width = ir.IntegerType(elem).width
    if attr.is_splat:
        v = ir.IntegerAttr(attr.get_splat_value()).value
        v = v - (1 << width) if v >= 1 << (width - 1) else v  # the same bits, as a signed number
        new_attr = ir.DenseElementsAttr.get_splat(new_type, ir.IntegerAttr.get(elem, v))
    else:
        ints = ir.DenseIntElementsAttr(attr)
        half = 1 << (width - 1)
        values = array.array({8: "b", 16: "h", 32: "i", 64: "q"}[width],
                             [v - 2 * half if v >= half else v for v in (int(ints[i]) for i in range(len(ints)))])
        new_attr = ir.DenseElementsAttr.get(values, signless=True, type=elem,
                                            shape=list(ir.RankedTensorType(new_type).shape))
    with ir.InsertionPoint(op), op.location:
        new = arith.ConstantOp(new_type, new_attr)
    for name in attr_names(op):
        if name != "value":
            new.operation.attributes[name] = op.attributes[name]
    result.replace_all_uses_with(new.result)
    op.erase()


def _mark(attrs_name: str, func_op: ir.Operation, types, count: int) -> None:
    """Adds `exir.unsigned` to the arg/res attribute dictionaries of the unsigned positions."""
    if not any(_unsigned_type(t) for t in types):
        return
    old = ir.ArrayAttr(func_op.attributes[attrs_name]) if attrs_name in func_op.attributes else None
    dicts = []
    for i in range(count):
        entries = {}
        if old is not None:
            d = ir.DictAttr(old[i])
            for k in range(len(d)):
                entries[d[k].name] = d[k].attr
        if _unsigned_type(types[i]):
            entries["exir.unsigned"] = ir.UnitAttr.get()
        dicts.append(ir.DictAttr.get(entries))
    func_op.attributes[attrs_name] = ir.ArrayAttr.get(dicts)


def erase_signedness(root: ir.Operation) -> None:
    """Every uiN type below `root` becomes iN (see the module doc)."""
    with root.context, root.location:
        for op in walk_ops(root):
            if op.name == "func.func":
                ftype = ir.FunctionType(ir.TypeAttr(op.attributes["function_type"]).value)
                ins, outs = list(ftype.inputs), list(ftype.results)
                if not any(_unsigned_type(t) for t in ins + outs):
                    continue
                _mark("arg_attrs", op, ins, len(ins))
                _mark("res_attrs", op, outs, len(outs))
                op.attributes["function_type"] = ir.TypeAttr.get(
                    ir.FunctionType.get([signless(t) for t in ins], [signless(t) for t in outs]))
        for op in walk_ops(root):
            for region in op.regions:
                for block in region.blocks:
                    for arg in block.arguments:
                        if _unsigned_type(arg.type):
                            arg.set_type(signless(arg.type))
            if op.name == "arith.constant" and op.results and _unsigned_type(op.results[0].type):
                _signless_constant(op)
                continue
            for r in op.results:
                if _unsigned_type(r.type):
                    r.set_type(signless(r.type))
        for op in walk_ops(root):
            if (op.name == "builtin.unrealized_conversion_cast" and len(op.operands) == 1
                    and op.operands[0].type == op.results[0].type):
                op.results[0].replace_all_uses_with(op.operands[0])
                op.erase()
