"""edge-to-backend: relu/gelu/silu (and x * sigmoid(x)) of a backend.matmul/conv2d become its epilogue."""

from __future__ import annotations

from exir_mlir._mlir import ir

from ..conversion import PatternTable
from ..ir_utils import attr_dict, create1, producer, single_use, str_attr

FAMILY = "activation"


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


def populate_activation_patterns(table: PatternTable) -> None:
    table.add("edge.relu", fuse_activation("relu"), family=FAMILY)
    table.add("edge.gelu", fuse_activation("gelu"), family=FAMILY)
    table.add("edge.silu", fuse_activation("silu"), family=FAMILY)
    table.add("edge.mul", fuse_silu, family=FAMILY)
