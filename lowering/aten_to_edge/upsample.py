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
        if rank_of(x) != 4:
            raise Unsupported(f"upsample ({mode}) needs an NCHW input")
        ins, outs = shape_of(x), shape_of(op.results[0])
        factors = args.attr("scale_factors")
        align = bool(args.attr("align_corners", False))
        scales = []
        for i, d in enumerate((2, 3)):
            dynamic = DYNAMIC in (ins[d], outs[d])
            if align:
                if dynamic:
                    # (in - 1) / (out - 1) is known at run time only
                    raise Unsupported(f"upsample ({mode}, align_corners=True) needs static spatial dims")
                scales.append((ins[d] - 1) / (outs[d] - 1) if outs[d] > 1 else 0.0)
            elif factors:
                scales.append(1.0 / factors[i])  # torch's scale when the program gives the factor
            elif dynamic:
                raise Unsupported(f"upsample ({mode}) to an output_size needs static spatial dims "
                                  "(or give scale_factor)")
            else:
                scales.append(ins[d] / outs[d])
        # dynamic dims of the result: N and C are x's, H and W come from the result's symbolic
        # shape in to-linalg (edge.upsample2d takes no size operands)
        attrs = {"mode": str_attr(mode), "align_corners": bool_attr(align),
                 "scale_h": f64_attr(scales[0]), "scale_w": f64_attr(scales[1])}
        return [create1("edge.upsample2d", [x], op.results[0].type, attrs)]

    return pattern


def populate_upsample_patterns(table: PatternTable) -> None:
    table.add("exir.upsample_nearest2d_vec", lower_upsample("nearest"), family=FAMILY)
    table.add("exir.upsample_bilinear2d_vec", lower_upsample("bilinear"), family=FAMILY)
