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
        attrs = {"mode": str_attr(mode), "align_corners": bool_attr(align)}
        for i, (d, name) in enumerate(((2, "scale_h"), (3, "scale_w"))):
            scale = _static_scale(ins[d], outs[d], align, factors[i] if factors else None)
            if scale is not None:  # else to-linalg computes it from the sizes at run time
                attrs[name] = f64_attr(scale)
        # dynamic dims of the result: N and C are x's, H and W come from the result's symbolic
        # shape in to-linalg (edge.upsample2d takes no size operands)
        return [create1("edge.upsample2d", [x], op.results[0].type, attrs)]

    return pattern


def _static_scale(size_in: int, size_out: int, align: bool, factor: float | None) -> float | None:
    """torch's output-to-input scale of one spatial dim (area_pixel_compute_scale), or None where it
    depends on a dynamic size: with align_corners (in - 1) / (out - 1) (0 for one output), else
    1 / scale_factor when the program gave one, else in / out."""
    if not align and factor:
        return 1.0 / factor
    if DYNAMIC in (size_in, size_out):
        return None
    if align:
        return (size_in - 1) / (size_out - 1) if size_out > 1 else 0.0
    return size_in / size_out


def populate_upsample_patterns(table: PatternTable) -> None:
    table.add("exir.upsample_nearest2d_vec", lower_upsample("nearest"), family=FAMILY)
    table.add("exir.upsample_bilinear2d_vec", lower_upsample("bilinear"), family=FAMILY)
