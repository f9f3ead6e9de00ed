"""Generates dialects/generated/ExirAtenOps.td: one exir op per core ATen overload of torch."""

# The mapping from schema to op parts is exir_mlir.schema (shared with the importer); this file
# only enumerates the overloads and prints ODS. Regenerate with
# `python -m exir_mlir.tools.gen_dialects` (which runs this, then the IRDL generator).

from __future__ import annotations

import re
import textwrap
from typing import Any, Iterable

from exir_mlir import schema as S

BANNER = """\
//===- ExirAtenOps.td - GENERATED: one exir op per core ATen overload -----===//
//
// GENERATED FILE, DO NOT EDIT. Regenerate with: python -m exir_mlir.tools.gen_dialects
// Source: the schemas of torch {torch_version} (overloads tagged torch.Tag.core, plus
// exir_mlir.schema.EXPORT_EXTRA_OVERLOADS), mapped by exir_mlir.schema.
//
//===----------------------------------------------------------------------===//
"""

_ODS_ATTR = {
    S.AttrKind.I64: "I64Attr",
    S.AttrKind.F64: "F64Attr",
    S.AttrKind.BOOL: "BoolAttr",
    S.AttrKind.STR: "StrAttr",
    S.AttrKind.TYPED: "TypedAttrInterface",
    S.AttrKind.TYPE: "TypeAttr",
    S.AttrKind.I64_ARRAY: "DenseI64ArrayAttr",
    S.AttrKind.F64_ARRAY: "DenseF64ArrayAttr",
    S.AttrKind.BOOL_ARRAY: "DenseBoolArrayAttr",
}

_TENSOR = "AnyRankedTensor"
_SYMINT = "Exir_SymIntType"


def core_overloads() -> list[Any]:
    """torch's core ATen OpOverloads plus the export extras, sorted by overload name."""
    import torch

    ops = S.core_aten_overloads()
    for name in S.EXPORT_EXTRA_OVERLOADS:
        _, packet, overload = S.split_overload_name(name)
        ops.append(getattr(getattr(torch.ops.aten, packet), overload))
    return sorted(ops, key=S.aten_overload_text)


def _record_name(op_name: str) -> str:
    return "Exir_" + "".join(part.capitalize() for part in op_name.split("_")) + "Op"


def _optional_attr(kind: str, optional: bool) -> str:
    return f"OptionalAttr<{kind}>" if optional else kind


def _arguments(spec: S.ExirOpSpec) -> list[str]:
    parts = []
    for arg in spec.args:
        k = arg.kind
        if k is S.ArgKind.TENSOR:
            parts.append(f"{_TENSOR}:${arg.operand}")
        elif k is S.ArgKind.OPTIONAL_TENSOR:
            parts.append(f"Optional<{_TENSOR}>:${arg.operand}")
        elif k is S.ArgKind.TENSOR_LIST:
            parts.append(f"Variadic<{_TENSOR}>:${arg.operand}")
        elif k is S.ArgKind.OPTIONAL_TENSOR_LIST:
            parts.append(f"Variadic<{_TENSOR}>:${arg.operand}")
            parts.append(f"DenseBoolArrayAttr:${arg.present_attr}")
        elif k is S.ArgKind.SYMINT:
            parts.append(f"{_optional_attr('I64Attr', arg.optional)}:${arg.attr}")
            parts.append(f"Optional<{_SYMINT}>:${arg.operand}")
        elif k is S.ArgKind.SYMINT_LIST:
            parts.append(f"{_optional_attr('DenseI64ArrayAttr', arg.optional)}:${arg.attr}")
            parts.append(f"Variadic<{_SYMINT}>:${arg.operand}")
        elif k is S.ArgKind.SYM_SCALAR:
            constraint = "Exir_SymScalar"
            parts.append(f"{f'Optional<{constraint}>' if arg.optional else constraint}:${arg.operand}")
        elif k is S.ArgKind.ATTRIBUTE:
            parts.append(f"{_optional_attr(_ODS_ATTR[arg.attr_kind], arg.optional)}:${arg.attr}")
        else:  # pragma: no cover - the enum is closed
            raise AssertionError(k)
    return parts


def _results(spec: S.ExirOpSpec) -> list[str]:
    out = []
    for res in spec.results:
        constraint = {
            S.ResultKind.TENSOR: _TENSOR,
            S.ResultKind.TENSOR_LIST: f"Variadic<{_TENSOR}>",
            S.ResultKind.SYMINT: _SYMINT,
            S.ResultKind.SYM_SCALAR: "Exir_SymScalar",
            S.ResultKind.SYMBOOL: "Exir_SymBoolType",
        }[res.kind]
        out.append(f"{constraint}:${res.name}")
    return out


# ----------------------------------------------------------------------------------------------
# Documentation: a summary from torch's docstring, the schema, an IR example
# ----------------------------------------------------------------------------------------------


def _clean_rst(text: str) -> str:
    text = re.sub(r":(?:attr|func|meth|class|ref|math):`~?([^`<]*?)(?:\s*<[^>]*>)?`", r"\1", text)
    text = text.replace("``", "`").replace("\\", "")
    return " ".join(text.split())


# Summaries for packets whose torch docstring has no usable first sentence.
SUMMARIES = {
    "_adaptive_avg_pool2d_backward": "gradient of 2-d adaptive average pooling",
    "_assert_scalar": "fail at run time with assert_msg unless the symbolic condition holds",
    "_cdist_forward": "p-norm distances between each pair of rows of x1 and x2",
    "_fft_c2r": "inverse real FFT (complex to real) over the given dims",
    "_fft_r2c": "real-to-complex FFT over the given dims",
    "_local_scalar_dense": "the single element of a tensor as a symbolic scalar (Tensor.item())",
    "_native_batch_norm_legit": "batch normalization in training mode, updating the running statistics",
    "_native_batch_norm_legit_no_training": "batch normalization with running statistics (inference)",
    "_pdist_forward": "p-norm distances between all pairs of rows of a matrix",
    "_to_copy": "a copy with another dtype, layout, device or memory format",
    "alias": "the same tensor (a view of all of it)",
    "arange": "values from start to end (exclusive) by step",
    "avg_pool2d_backward": "gradient of 2-d average pooling",
    "avg_pool3d": "3-d average pooling",
    "ceil": "elementwise ceiling",
    "col2im": "sum sliding local blocks back into a tensor (inverse of im2col)",
    "constant_pad_nd": "pad the last dims with a constant value",
    "convolution": "N-d convolution or transposed convolution, with optional bias",
    "convolution_backward": "gradients of convolution with respect to input, weight and bias",
    "copy": "the values of src, broadcast to the shape and dtype of self",
    "diagonal": "a view of the diagonal with respect to dim1 and dim2",
    "embedding_dense_backward": "gradient of embedding with respect to its weight",
    "fill": "a tensor of self's shape filled with value",
    "floor": "elementwise floor",
    "gelu": "Gaussian error linear unit, exact (erf) or tanh approximation",
    "grid_sampler_2d": "sample the input at the grid's locations (bilinear/nearest/bicubic)",
    "index_put": "a copy of self with values written (or accumulated) at indices",
    "masked_scatter": "a copy of self with source values written where mask is true, in order",
    "max_pool2d_with_indices_backward": "gradient of 2-d max pooling",
    "mean": "mean of the elements, over all or the given dims",
    "native_dropout": "dropout in training mode: the output and the keep mask",
    "native_group_norm": "group normalization: output, mean and reciprocal standard deviation",
    "native_group_norm_backward": "gradients of group normalization",
    "native_layer_norm": "layer normalization over the trailing dims: output, mean and rstd",
    "native_layer_norm_backward": "gradients of layer normalization",
    "nonzero": "indices of the nonzero elements (one row per element; data-dependent size)",
    "randn": "a tensor of samples from the standard normal distribution",
    "reflection_pad1d": "pad the last dim by reflection",
    "reflection_pad2d": "pad the last 2 dims by reflection",
    "reflection_pad3d": "pad the last 3 dims by reflection",
    "remainder": "elementwise remainder with the sign of the divisor (Python %)",
    "replication_pad2d": "pad the last 2 dims by repeating the edge values",
    "replication_pad3d": "pad the last 3 dims by repeating the edge values",
    "scalar_tensor": "a 0-d tensor holding a scalar",
    "scatter": "a copy of self with src (or value) written at index along dim",
    "scatter_add": "a copy of self with src added at index along dim",
    "scatter_reduce": "a copy of self with src reduced (sum/prod/mean/amax/amin) at index along dim",
    "sin": "elementwise sine",
    "slice": "a view of self from start to end by step along dim",
    "split_with_sizes": "views of consecutive pieces of the given sizes along dim",
    "sym_constrain_range": "assert that a symbolic integer lies in [min, max]",
    "sym_constrain_range_for_size": "assert that a symbolic integer is a valid size in [min, max]",
    "sym_numel": "the number of elements, as a symbolic integer",
    "sym_size": "the size of dim, as a symbolic integer",
    "sym_storage_offset": "the storage offset, as a symbolic integer",
    "sym_stride": "the stride of dim, as a symbolic integer",
    "tan": "elementwise tangent",
    "upsample_bilinear2d": "bilinear 2-d upsampling to an output size or by scale factors",
    "upsample_nearest2d": "nearest-neighbour 2-d upsampling to an output size or by scale factors",
}


def _torch_summary(packet: str) -> str | None:
    """First sentence of torch's docstring for the op, when it says something on its own."""
    import torch

    if packet in SUMMARIES:
        return SUMMARIES[packet]

    name = packet.lstrip("_")
    for namespace in (torch, torch.nn.functional, torch.special, torch.Tensor):
        fn = getattr(namespace, name, None)
        doc = getattr(fn, "__doc__", None) if fn is not None else None
        if not doc:
            continue
        paragraphs = [p.strip() for p in textwrap.dedent(doc).strip().split("\n\n") if p.strip()]
        # The first paragraph is often the Python signature: skip it.
        for paragraph in paragraphs[:3]:
            if re.match(r"^[\w.]+\(.*\)(\s*->.*)?$", " ".join(paragraph.split())):
                continue
            sentence = _clean_rst(paragraph).split(". ")[0].rstrip(".")
            if 10 <= len(sentence) <= 100 and not sentence.lower().startswith(("alias", "see ", "out-of-place", "out-place", "this ")):
                return sentence
            break
    return None


_SAMPLE_TENSOR = "tensor<2x3xf32>"


def _attr_literal(arg: S.ArgSpec, kind: S.AttrKind) -> str | None:
    """A valid attribute value for the IR example (the schema default when there is one)."""
    default = arg.default if arg.has_default else None
    if arg.optional and arg.has_default and default is None:
        return None  # None: the attribute is absent
    if kind is S.AttrKind.I64:
        return f"{int(default) if isinstance(default, (int, bool)) else 1} : i64"
    if kind is S.AttrKind.F64:
        return f"{float(default) if isinstance(default, (int, float)) else 1.0} : f64"
    if kind is S.AttrKind.BOOL:
        return "true" if default is True else "false"
    if kind is S.AttrKind.STR:
        if isinstance(default, str):
            return f'"{default}"'
        return {"Layout": '"strided"', "Device": '"cpu"', "MemoryFormat": '"contiguous_format"'}.get(
            arg.enum_type or "", '"none"')
    if kind is S.AttrKind.TYPED:
        if isinstance(default, bool):
            return "true" if default else "false"
        if isinstance(default, float):
            return f"{default} : f64"
        return f"{int(default) if isinstance(default, int) else 1} : i64"
    if kind is S.AttrKind.TYPE:
        return "f32"
    if kind is S.AttrKind.I64_ARRAY:
        values = default if isinstance(default, (list, tuple)) and default else [1] * (arg.length or 1)
        return f"array<i64: {', '.join(str(int(v)) for v in values)}>"
    if kind is S.AttrKind.F64_ARRAY:
        values = default if isinstance(default, (list, tuple)) and default else [1.0] * (arg.length or 1)
        return f"array<f64: {', '.join(str(float(v)) for v in values)}>"
    if kind is S.AttrKind.BOOL_ARRAY:
        values = default if isinstance(default, (list, tuple)) and default else [True] * (arg.length or 1)
        return f"array<i1: {', '.join('true' if v else 'false' for v in values)}>"
    raise AssertionError(kind)


def ir_example(spec: S.ExirOpSpec) -> str:
    """One valid use of the op in generic form (operands as %names, all tensors 2x3xf32)."""
    operands: list[tuple[str, str]] = []
    segments: list[int] = []
    attrs: list[str] = []
    for arg in spec.args:
        k = arg.kind
        if k is S.ArgKind.TENSOR:
            operands.append((f"%{arg.operand}", _SAMPLE_TENSOR))
            segments.append(1)
        elif k is S.ArgKind.OPTIONAL_TENSOR:
            operands.append((f"%{arg.operand}", _SAMPLE_TENSOR))
            segments.append(1)
        elif k in (S.ArgKind.TENSOR_LIST, S.ArgKind.OPTIONAL_TENSOR_LIST):
            member = "tensor<2xi64>" if k is S.ArgKind.OPTIONAL_TENSOR_LIST else _SAMPLE_TENSOR  # indices
            operands += [(f"%{arg.operand}0", member), (f"%{arg.operand}1", member)]
            segments.append(2)
            if k is S.ArgKind.OPTIONAL_TENSOR_LIST:
                attrs.append(f"{arg.present_attr} = array<i1: true, false, true>")
        elif k is S.ArgKind.SYMINT:
            # Symbolic: the static part says kDynamic, the operand holds the value.
            attrs.append(f"{arg.attr} = {S.K_DYNAMIC} : i64")
            operands.append((f"%{arg.operand}", "!exir.symint"))
            segments.append(1)
        elif k is S.ArgKind.SYMINT_LIST:
            n = arg.length or 2
            attrs.append(f"{arg.attr} = array<i64: {S.K_DYNAMIC}{', 3' * (n - 1)}>")
            operands.append((f"%{arg.operand}0", "!exir.symint"))
            segments.append(1)
        elif k is S.ArgKind.SYM_SCALAR:
            operands.append((f"%{arg.operand}", "!exir.symbool" if arg.name == "self" else "!exir.symint"))
            segments.append(1)
        elif k is S.ArgKind.ATTRIBUTE:
            value = _attr_literal(arg, arg.attr_kind)
            if value is not None:
                attrs.append(f"{arg.attr} = {value}")
    if spec.attr_sizes_operand_segments:
        attrs.append(f"operandSegmentSizes = array<i32: {', '.join(map(str, segments))}>")
    results = []
    for res in spec.results:
        if res.kind is S.ResultKind.TENSOR:
            results.append(_SAMPLE_TENSOR)
        elif res.kind is S.ResultKind.TENSOR_LIST:
            results += [_SAMPLE_TENSOR, _SAMPLE_TENSOR]
        elif res.kind is S.ResultKind.SYMBOOL:
            results.append("!exir.symbool")
        else:
            results.append("!exir.symint")
    lhs = ""
    if results:
        lhs = (f"%{spec.results[0].name}" if len(results) == 1 else f"%r:{len(results)}") + " = "
    attr_text = f" {{{', '.join(attrs)}}}" if attrs else ""
    result_text = results[0] if len(results) == 1 else f"({', '.join(results)})"
    return (f'{lhs}"exir.{spec.op_name}"({", ".join(n for n, _ in operands)}){attr_text}\n'
            f'    : ({", ".join(t for _, t in operands)}) -> {result_text}')


def _describe_args(spec: S.ExirOpSpec) -> list[str]:
    lines = []
    for arg in spec.args:
        k = arg.kind
        extra = " (written by the op)" if arg.mutable else ""
        if k in (S.ArgKind.SYMINT, S.ArgKind.SYMINT_LIST):
            lines.append(f"* `{arg.name}` ({arg.schema_type}): `{arg.attr}`, symbolic entries in `{arg.operand}`{extra}")
        elif k is S.ArgKind.OPTIONAL_TENSOR_LIST:
            lines.append(f"* `{arg.name}` ({arg.schema_type}): operand `{arg.operand}` (present entries, "
                         f"all of their join type), `{arg.present_attr}`{extra}")
        elif k is S.ArgKind.TENSOR_LIST:
            lines.append(f"* `{arg.name}` ({arg.schema_type}): operands, all of their join type{extra}")
        elif arg.operand:
            lines.append(f"* `{arg.name}` ({arg.schema_type}): operand{extra}")
        else:
            absent = ", absent = None" if arg.optional else ""
            lines.append(f"* `{arg.name}` ({arg.schema_type}): attribute{absent}")
    for res in spec.results:
        if res.kind is S.ResultKind.TENSOR_LIST:
            lines.append(f"* result `{res.name}` ({res.schema_type}): results, all of their join type")
    return lines


def op_ods(spec: S.ExirOpSpec, summary: str | None) -> str:
    traits = "[AttrSizedOperandSegments]" if spec.attr_sizes_operand_segments else ""
    header = f'def {_record_name(spec.op_name)} : Exir_AtenOp<"{spec.op_name}", "{spec.aten_overload}"'
    header += f", {traits}>" if traits else ">"
    summary_text = f"`{spec.aten_overload}`" + (f": {summary}" if summary else "")
    description = "\n".join([
        f"`{spec.schema}`",
        "",
        *_describe_args(spec),
        "",
        "```mlir",
        ir_example(spec),
        "```",
    ])
    if "}]" in description or "[{" in description:
        raise ValueError(f"{spec.aten_overload}: description would break the ODS code block")
    args = ",\n      ".join(_arguments(spec))
    results = ",\n      ".join(_results(spec))
    return "\n".join([
        header + " {",
        f'  let summary = "{summary_text.replace(chr(34), chr(39))}";',
        "  let description = [{",
        textwrap.indent(description, "    "),
        "  }];",
        f"  let arguments = (ins{chr(10) + '      ' + args if args else ''});",
        f"  let results = (outs{chr(10) + '      ' + results if results else ''});",
        "}",
    ])


def specs(ops: Iterable[Any]) -> list[S.ExirOpSpec]:
    out, seen = [], {}
    for op in ops:
        spec = S.op_spec(op)
        if spec.op_name in seen:
            raise ValueError(f"op name {spec.op_name!r} is used by both {seen[spec.op_name]} and "
                             f"{spec.aten_overload}: exir_op_name must be injective")
        seen[spec.op_name] = spec.aten_overload
        out.append(spec)
    return out


def generate() -> str:
    """The text of dialects/generated/ExirAtenOps.td."""
    import torch

    chunks = [BANNER.format(torch_version=torch.__version__.split("+")[0]),
              "#ifndef EXIR_ATEN_OPS_TD", "#define EXIR_ATEN_OPS_TD", "",
              'include "ExirBase.td"', ""]
    for spec in specs(core_overloads()):
        packet = S.split_overload_name(spec.aten_overload)[1]
        chunks.append(op_ods(spec, _torch_summary(packet)))
        chunks.append("")
    chunks.append("#endif // EXIR_ATEN_OPS_TD")
    return "\n".join(chunks) + "\n"
