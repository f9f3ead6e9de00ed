"""aten-to-edge patterns for upsampling: nearest and bilinear 2-d (scales made explicit)."""

from __future__ import annotations

from ..conversion import PatternTable
from ..ir_utils import DYNAMIC, Unsupported, bool_attr, create1, f64_attr, rank_of, shape_of, str_attr
from .args import AtenArgs

FAMILY = "upsample"


def lower_upsample(mode: str):
    def pattern(op):
        args = AtenArgs(op, ["input", "output_size*"])
        x = args.tensor("input")
        ins, outs = shape_of(x), shape_of(op.results[0])
        if rank_of(x) != 4 or DYNAMIC in ins[2:] + outs[2:]:
            raise Unsupported(f"upsample ({mode}) needs an NCHW input with static spatial dims")
        factors = args.attr("scale_factors")
        align = bool(args.attr("align_corners", False))
        scales = []
        for i, d in enumerate((2, 3)):
            if align:
                scales.append((ins[d] - 1) / (outs[d] - 1) if outs[d] > 1 else 0.0)
            elif factors:
                scales.append(1.0 / factors[i])
            else:
                scales.append(ins[d] / outs[d])
        attrs = {"mode": str_attr(mode), "align_corners": bool_attr(align),
                 "scale_h": f64_attr(scales[0]), "scale_w": f64_attr(scales[1])}
        return [create1("edge.upsample2d", [x], op.results[0].type, attrs)]

    return pattern


def populate_upsample_patterns(table: PatternTable) -> None:
    table.add("exir.upsample_nearest2d_vec", lower_upsample("nearest"), family=FAMILY)
    table.add("exir.upsample_bilinear2d_vec", lower_upsample("bilinear"), family=FAMILY)
