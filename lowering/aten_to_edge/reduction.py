"""aten-to-edge patterns for reductions: sum, mean, prod, amax/amin, any, var, arg/max/min, cumsum,
and the fallback call aten::hash_tensor."""

from __future__ import annotations

from exir_mlir._mlir import ir

from ..conversion import PatternTable
from ..ir_utils import (
    DYNAMIC,
    Unsupported,
    bool_attr,
    create1,
    element_type,
    f64_attr,
    i1,
    i64_array,
    i64_attr,
    is_complex,
    is_float,
    is_unsigned,
    rank_of,
    ranked,
    shape_of,
    with_element,
)
from .args import AtenArgs
from .builders import cast, full, normalize_dim, numel_index

FAMILY = "reduction"


def _reduce_dims(args, rank: int, name: str = "dim") -> list[int]:
    if rank == 0:
        return []  # torch lets dim 0 / -1 name the single element of a 0-d tensor
    dims = args.attr(name)
    if dims is None or dims == []:
        return list(range(rank))
    if isinstance(dims, int):
        dims = [dims]
    return sorted({normalize_dim(d, rank) for d in dims})


def lower_reduce(edge_name: str, *, dims_arg: str | None = "dim"):
    def pattern(op):
        args = AtenArgs(op, ["self"])
        x = args.tensor("self")
        rank = rank_of(x)
        dims = _reduce_dims(args, rank, dims_arg) if dims_arg else list(range(rank))
        keepdim = bool(args.attr("keepdim", False))
        out = element_type(op.results[0])
        if edge_name == "any":
            x = cast(x, i1())
        elif edge_name == "mean" and not is_float(out):
            raise Unsupported(f"mean of {element_type(x)} needs a float dtype (pass dtype=)")
        else:
            x = cast(x, out)  # dtype= or the int -> i64 accumulation rule, made explicit
        attrs = {"dims": i64_array(dims), "keepdim": bool_attr(keepdim)}
        if edge_name == "any" and out != i1():
            # torch's any of a uint8 tensor is uint8 (0/1): edge.any is i1 -> i1, then a cast
            return [cast(create1("edge.any", [x], with_element(op.results[0].type, i1()), attrs), out)]
        return [create1(f"edge.{edge_name}", [x], op.results[0].type, attrs)]

    return pattern


def lower_var(op):
    args = AtenArgs(op, ["self"])
    x = args.tensor("self")
    dims = _reduce_dims(args, rank_of(x))
    if op.name == "exir.var_dim":
        correction = 1.0 if args.attr("unbiased", True) else 0.0
    else:
        correction = float(args.attr("correction", 1.0))
    out = element_type(op.results[0])
    if not is_float(out):
        raise Unsupported("var needs a float input")
    attrs = {"dims": i64_array(dims), "keepdim": bool_attr(bool(args.attr("keepdim", False))),
             "correction": f64_attr(correction)}
    return [create1("edge.var", [cast(x, out)], op.results[0].type, attrs)]


def lower_arg_reduce(edge_name: str):
    def pattern(op):
        args = AtenArgs(op, ["self"])
        x = args.tensor("self")
        dim = args.attr("dim")
        keepdim = bool(args.attr("keepdim", False))
        if dim is None:  # over the flattened input
            n = 1
            for s in shape_of(x):
                n = DYNAMIC if (s == DYNAMIC or n == DYNAMIC) else n * s
            # A dynamic numel is the product of the dims (tensor.dim): the view takes it.
            x = create1("edge.view", [x, *([numel_index(x)] if n == DYNAMIC else [])], ranked([n], element_type(x)))
            rt = op.results[0].type
            scalar = ranked([], element_type(rt))
            r = create1(f"edge.{edge_name}", [x], scalar, {"dim": i64_attr(0), "keepdim": bool_attr(False)})
            if rank_of(rt) != 0:  # keepdim: every dim of the result is 1
                r = create1("edge.view", [r], rt)
            return [r]
        if rank_of(x) == 0:
            return [full(0, op.results[0].type)]
        attrs = {"dim": i64_attr(normalize_dim(dim, rank_of(x))), "keepdim": bool_attr(keepdim)}
        return [create1(f"edge.{edge_name}", [x], op.results[0].type, attrs)]

    return pattern


def lower_max_min_dim(value_op: str, index_op: str):
    def pattern(op):
        args = AtenArgs(op, ["self"])
        x = args.tensor("self")
        if rank_of(x) == 0:
            return [x, full(0, op.results[1].type)]
        dim = normalize_dim(args.attr("dim"), rank_of(x))
        keepdim = bool(args.attr("keepdim", False))
        values = create1(f"edge.{value_op}", [x], op.results[0].type,
                         {"dims": i64_array([dim]), "keepdim": bool_attr(keepdim)})
        indices = create1(f"edge.{index_op}", [x], op.results[1].type,
                          {"dim": i64_attr(dim), "keepdim": bool_attr(keepdim)})
        return [values, indices]

    return pattern


def lower_cumsum(op):
    args = AtenArgs(op, ["self"])
    x = args.tensor("self")
    out = element_type(op.results[0])
    if rank_of(x) == 0:
        return [cast(x, out)]
    dim = normalize_dim(args.attr("dim"), rank_of(x))
    return [create1("edge.cumsum", [cast(x, out)], op.results[0].type, {"dim": i64_attr(dim)})]


def populate_reduction_patterns(table: PatternTable) -> None:
    table.add("exir.sum_dim_intlist", lower_reduce("sum"), family=FAMILY)
    table.add("exir.mean_dim", lower_reduce("mean"), family=FAMILY)
    table.add("exir.mean", lower_reduce("mean", dims_arg=None), family=FAMILY)
    table.add("exir.prod", lower_reduce("prod", dims_arg=None), family=FAMILY)
    table.add("exir.prod_dim_int", lower_reduce("prod"), family=FAMILY)
    table.add("exir.amax", lower_reduce("amax"), family=FAMILY)
    table.add("exir.amin", lower_reduce("amin"), family=FAMILY)
    table.add("exir.any", lower_reduce("any", dims_arg=None), family=FAMILY)
    table.add("exir.any_dim", lower_reduce("any"), family=FAMILY)
    table.add("exir.any_dims", lower_reduce("any"), family=FAMILY)
    table.add("exir.var_correction", lower_var, family=FAMILY)
    table.add("exir.var_dim", lower_var, family=FAMILY)
    table.add("exir.argmax", lower_arg_reduce("argmax"), family=FAMILY)
    table.add("exir.argmin", lower_arg_reduce("argmin"), family=FAMILY)
    table.add("exir.max_dim", lower_max_min_dim("amax", "argmax"), family=FAMILY)
    table.add("exir.min_dim", lower_max_min_dim("amin", "argmin"), family=FAMILY)
    table.add("exir.cumsum", lower_cumsum, family=FAMILY)


def hash_tensor(c):
    """aten::hash_tensor (mode 0, the only one torch has), a fallback `func.call` (`c`: decompose.Call).
    Eager upcasts each element to its 64-bit float/integer twin and xors the 64-bit patterns
    (torch/_torch_docs.py; common_methods_invocations.reference_hash_tensor): floats -> f64,
    bool and signed integers -> int64 (sign-extended), unsigned -> uint64; edge.hash_tensor
    bitcasts and xors. (Eager refuses an empty reduction; export specializes the input's shape,
    so none reaches here.)"""
    x = c.t("self")
    mode = int(c.a("mode", 0))
    if mode != 0:
        raise Unsupported(f"hash_tensor mode={mode}: torch defines only mode=0 (xor of the 64-bit patterns)")
    elem = element_type(x)
    if is_complex(elem):
        raise Unsupported(f"hash_tensor of a {elem} tensor: eager has no hash for complex dtypes")
    if is_float(elem):
        wide = ir.F64Type.get()
    elif is_unsigned(elem):
        wide = ir.IntegerType.get_unsigned(64)
    else:
        wide = ir.IntegerType.get_signless(64)  # bool is 0/1, signed integers sign-extend
    rank = rank_of(x)
    dims = c.a("dim", [])
    dims = list(range(rank)) if rank == 0 or not dims else sorted({normalize_dim(d, rank) for d in
                                                                   ([dims] if isinstance(dims, int) else dims)})
    attrs = {"dims": i64_array(dims), "keepdim": bool_attr(bool(c.a("keepdim", False)))}
    return [create1("edge.hash_tensor", [cast(x, wide)], c.result.type, attrs)]


FALLBACK_DECOMPOSITIONS = {"aten::hash_tensor": hash_tensor}
