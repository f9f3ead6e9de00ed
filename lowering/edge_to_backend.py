"""The edge-to-backend pass: fuse edge op patterns into backend ops; `no-fusion` skips it."""

from __future__ import annotations

from exir_mlir._mlir import ir
from exir_mlir.passes import PassOption, register_pass

from .conversion import PatternTable, convert_in_order
from .fusion_attention import erase_dead_edge_ops, populate_attention_patterns
from .ir_utils import attr_dict, create1, rank_of, segment_sizes, str_attr

STAGE = "backend"
FAMILY_MM = "matmul-conv"
FAMILY_ACT = "activation-epilogue"
FAMILY_NORM = "softmax-norm"


def producer(value: ir.Value):
    owner = value.owner
    return owner.operation if hasattr(owner, "operation") and not isinstance(owner, ir.Block) else None


def single_use(value: ir.Value) -> bool:
    return len(list(value.uses)) == 1


# ----------------------------------------------------------------------------- matmul and conv


def fuse_mm(op):
    a, b = op.operands
    return [create1("backend.matmul", [a, b], op.results[0].type, {"activation": str_attr("none")})]


def fuse_addmm(op):
    bias, a, b = op.operands
    return [create1("backend.matmul", [a, b, bias], op.results[0].type, {"activation": str_attr("none")})]


def fuse_convolution(op):
    attrs = attr_dict(op)
    if rank_of(op.operands[0]) != 4 or attrs["groups"] != 1:
        return None  # stays edge.convolution (lowered on its own)
    named = {n: op.attributes[n] for n in ("stride", "padding", "dilation", "groups")}
    named["activation"] = str_attr("none")
    return [create1("backend.conv2d", list(op.operands), op.results[0].type, named)]


def _with_activation(target: ir.Operation, activation: str, result_type: ir.Type) -> ir.Value:
    attrs = {n: target.attributes[n] for n in attr_dict(target) if n != "activation"}
    attrs["activation"] = str_attr(activation)
    fused = create1(target.name, list(target.operands), result_type, attrs)
    return fused


def fuse_activation(kind: str):
    """relu/gelu/silu of a backend.matmul/conv2d result (its only use) becomes its epilogue."""

    def pattern(op):
        x = op.operands[0]
        target = producer(x)
        if target is None or target.name not in ("backend.matmul", "backend.conv2d"):
            return None
        if attr_dict(target).get("activation") != "none" or not single_use(x):
            return None
        activation = kind
        if kind == "gelu" and attr_dict(op).get("approximate") == "tanh":
            activation = "gelu_tanh"
        fused = _with_activation(target, activation, op.results[0].type)
        op.replace_uses_of_with(x, fused)  # `op` was the only user: `target` is now dead
        target.erase()
        return [fused]

    return pattern


def fuse_silu(op):
    """x * sigmoid(x) with x a backend.matmul/conv2d result used only by these two ops."""
    lhs, rhs = op.operands
    for x, s in ((lhs, rhs), (rhs, lhs)):
        sig = producer(s)
        target = producer(x)
        if sig is None or sig.name != "edge.sigmoid" or sig.operands[0] != x or target is None:
            continue
        if target.name not in ("backend.matmul", "backend.conv2d") or attr_dict(target).get("activation") != "none":
            continue
        if len(list(x.uses)) != 2 or not single_use(s) or op.results[0].type != x.type:
            continue
        fused = _with_activation(target, "silu", op.results[0].type)
        op.replace_uses_of_with(s, fused)
        op.replace_uses_of_with(x, fused)
        sig.erase()
        target.erase()
        return [fused]
    return None


# ----------------------------------------------------------------------------- softmax and norms


def fuse_softmax(log: bool):
    def pattern(op):
        attrs = {"dim": op.attributes["dim"], "log": ir.BoolAttr.get(log)}
        return [create1("backend.softmax", [op.operands[0]], op.results[0].type, attrs)]

    return pattern


def fuse_layer_norm(op):
    if any(len(list(r.uses)) for r in op.results[1:]):
        return None  # mean/rstd are used: keep edge.layer_norm
    attrs = {n: op.attributes[n] for n in ("axis", "eps", "operandSegmentSizes")}
    out = create1("backend.layer_norm", list(op.operands), op.results[0].type, attrs)
    return [out, out, out]  # results #1 and #2 have no uses


def populate_matmul_conv_patterns(table: PatternTable) -> None:
    table.add("edge.mm", fuse_mm, family=FAMILY_MM)
    table.add("edge.bmm", fuse_mm, family=FAMILY_MM)
    table.add("edge.addmm", fuse_addmm, family=FAMILY_MM)
    table.add("edge.convolution", fuse_convolution, family=FAMILY_MM)


def populate_activation_patterns(table: PatternTable) -> None:
    table.add("edge.relu", fuse_activation("relu"), family=FAMILY_ACT)
    table.add("edge.gelu", fuse_activation("gelu"), family=FAMILY_ACT)
    table.add("edge.silu", fuse_activation("silu"), family=FAMILY_ACT)
    table.add("edge.mul", fuse_silu, family=FAMILY_ACT)


def populate_norm_patterns(table: PatternTable) -> None:
    table.add("edge.softmax", fuse_softmax(False), family=FAMILY_NORM)
    table.add("edge.log_softmax", fuse_softmax(True), family=FAMILY_NORM)
    table.add("edge.layer_norm", fuse_layer_norm, family=FAMILY_NORM)


_TABLE: PatternTable | None = None


def backend_patterns() -> PatternTable:
    global _TABLE
    if _TABLE is None:
        table = PatternTable()
        # attention first: it must see the bmm/softmax chain before they become backend ops
        for populate in (populate_matmul_conv_patterns, populate_activation_patterns,
                         populate_norm_patterns):
            populate(table)
        _TABLE = table
    return _TABLE


def run_edge_to_backend(module_op: ir.Operation, *, no_fusion: bool = False) -> None:
    """Form backend ops where a pattern matches; everything else stays edge."""
    if no_fusion:
        return
    with module_op.context, module_op.location:
        attention = PatternTable()
        populate_attention_patterns(attention)
        convert_in_order(module_op, attention, illegal_dialects=[], stage=STAGE)
        erase_dead_edge_ops(module_op)
        convert_in_order(module_op, backend_patterns(), illegal_dialects=["exir"], stage=STAGE)


register_pass(
    "edge-to-backend",
    run_edge_to_backend,
    description="Fuse edge ops into backend ops: matmul/addmm/conv + bias + relu/gelu/silu, softmax, "
    "layer_norm, and the decomposed scaled-dot-product-attention pattern",
    options={"no-fusion": PassOption(bool, False, "leave the module in edge (no backend ops)")},
)

__all__ = ["segment_sizes"]
