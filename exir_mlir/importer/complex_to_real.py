"""Complex tensors -> real ones: decomposition entries for complex ATen ops, then a graph cleanup.

Below the importer nothing takes complex element types. A program with complex values is
decomposed with `complex_table()` over torch's tables: every op that sees a complex tensor is
written with real ops on its real view (torch.view_as_real's layout, a trailing dim of 2 holding
re and im), between `view_as_real` and `view_as_complex`; the entries return NotImplemented for
real operands, so real code is traced as before. `to_real_program` then cancels each
`view_as_real(view_as_complex(r))` to `r`. What is left complex is the program's boundary: a complex
user input becomes its real view ([..., 2]) and a complex output is returned as its real view;
exir_mlir.runtime.complex_boundary converts at the call (view_as_real / view_as_complex, no copy).
An op that still computes with complex values is an ExirUserError naming it at the user's line.
"""

from __future__ import annotations

import math

import torch
from torch.export.graph_signature import InputKind, OutputKind, TensorArgument

from exir_mlir.errors import ExirUserError
from exir_mlir.importer.decompositions_fft import as_complex, fft_table, fmod, real_view
from exir_mlir.importer.locations import describe

aten = torch.ops.aten

# Ops whose decompositions make complex intermediates from real operands (irfft of a real signal).
_FFT_OPS = ("_fft_", "fft_", "stft", "istft")


def _is_c(x) -> bool:
    return isinstance(x, torch.Tensor) and x.is_complex()


def has_complex(ep: torch.export.ExportedProgram) -> bool:
    """Whether any value of the program is complex (or an FFT op makes one)."""
    for node in ep.graph.nodes:
        val = node.meta.get("val")
        for v in val if isinstance(val, (list, tuple)) else [val]:
            if _is_c(v):
                return True
        if node.op == "call_function" and getattr(node.target, "__name__", "").startswith(_FFT_OPS):
            return True
    return False


# -- complex values as (re, im) pairs; im None means zero ---------------------------------------
def _parts(x):
    if _is_c(x):
        r = real_view(x)
        return aten.select.int(r, -1, 0), aten.select.int(r, -1, 1)
    if isinstance(x, complex):
        return x.real, x.imag
    return x, None


def _add(a, b):
    if a is None:
        return b
    if b is None:
        return a
    return a + b


def _sub(a, b):
    if b is None:
        return a
    if a is None:
        return -b
    return a - b


def _mul(a, b):
    return None if a is None or b is None else a * b


def _real_dtype(dtype: torch.dtype) -> torch.dtype:
    return dtype.to_real() if dtype.is_complex else dtype


def _pack(re, im, dtype: torch.dtype) -> torch.Tensor:
    """(re, im) as a complex tensor of `dtype` (re or im may be a Python number, im None is zero)."""
    real = _real_dtype(dtype)
    if not isinstance(re, torch.Tensor):
        re = aten.full_like.default(im, re)
    if im is None or not isinstance(im, torch.Tensor):
        im = aten.full_like.default(re, 0.0 if im is None else im)
    re, im = torch.broadcast_tensors(re, im)
    r = aten.stack.default([re, im], -1)
    if r.dtype != real:
        r = aten._to_copy.default(r, dtype=real)
    return as_complex(r)


def _result_dtype(*args) -> torch.dtype:
    dtype = torch.result_type(*args) if len(args) == 2 else args[0].dtype
    return dtype if dtype.is_complex else {torch.float64: torch.complex128, torch.float16: torch.complex32}.get(
        dtype, torch.complex64)


def _binary(fn):
    def entry(a, b, *rest, **kw):
        if not (_is_c(a) or _is_c(b) or isinstance(b, complex)):
            return NotImplemented
        return fn(a, b, *rest, **kw)

    return entry


def _add_op(a, b, alpha=1):
    (ar, ai), (br, bi) = _parts(a), _parts(b)
    if alpha != 1:
        br, bi = _mul(br, alpha), _mul(bi, alpha)
    return _pack(_add(ar, br), _add(ai, bi), _result_dtype(a, b))


def _sub_op(a, b, alpha=1):
    (ar, ai), (br, bi) = _parts(a), _parts(b)
    if alpha != 1:
        br, bi = _mul(br, alpha), _mul(bi, alpha)
    return _pack(_sub(ar, br), _sub(ai, bi), _result_dtype(a, b))


def _mul_op(a, b):
    (ar, ai), (br, bi) = _parts(a), _parts(b)
    return _pack(_sub(_mul(ar, br), _mul(ai, bi)), _add(_mul(ar, bi), _mul(ai, br)), _result_dtype(a, b))


def _div_op(a, b, rounding_mode=None):
    if rounding_mode is not None:
        return NotImplemented
    (ar, ai), (br, bi) = _parts(a), _parts(b)
    if bi is None:
        return _pack(ar / br, None if ai is None else ai / br, _result_dtype(a, b))
    den = br * br + bi * bi
    return _pack(_add(_mul(ar, br), _mul(ai, bi)) / den, _sub(_mul(ai, br), _mul(ar, bi)) / den,
                 _result_dtype(a, b))


def _unary(fn):
    def entry(x, *rest, **kw):
        return fn(x, *rest, **kw) if _is_c(x) else NotImplemented

    return entry


def _abs(x):
    re, im = _parts(x)
    return aten.sqrt.default(re * re + im * im)


def _angle(x):
    if _is_c(x):
        re, im = _parts(x)
        return aten.atan2.default(im, re)
    # A real number's angle: pi below zero, 0 at or above, NaN stays NaN (an integer becomes a float).
    xf = x if x.dtype.is_floating_point else aten._to_copy.default(x, dtype=torch.get_default_dtype())
    angle = aten.where.self(aten.lt.Scalar(xf, 0), aten.full_like.default(xf, math.pi), aten.zeros_like.default(xf))
    return aten.where.self(aten.isnan.default(xf), xf, angle)


def _conj(x):
    re, im = _parts(x)
    return _pack(re, -im, x.dtype)


def _neg(x):
    re, im = _parts(x)
    return _pack(-re, -im, x.dtype)


def _same(x):
    return as_complex(aten.clone.default(real_view(x)))


def _to_copy(x, *, dtype=None, **kw):
    if _is_c(x):
        r = real_view(x)
        if dtype is None or dtype.is_complex:
            target = _real_dtype(dtype or x.dtype)
            return as_complex(r if r.dtype == target else aten._to_copy.default(r, dtype=target))
        return aten._to_copy.default(aten.select.int(r, -1, 0), dtype=dtype)  # ATen drops the imaginary part
    if dtype is not None and dtype.is_complex:
        return _pack(aten._to_copy.default(x, dtype=_real_dtype(dtype)), None, dtype)
    return NotImplemented


def _dim(d: int, rank: int) -> int:
    """A complex tensor's dim as a dim of its real view (which has one more, last)."""
    return d % rank if rank else 0


def _view_like(op):
    """An op reshaping a complex tensor: the same op on the real view, sizes with a trailing 2."""
    def entry(x, size, *rest):
        if not _is_c(x):
            return NotImplemented
        return as_complex(op(real_view(x), [*size, 2], *rest))

    return entry


def _on_dim(op):
    def entry(x, dim, *rest):
        if not _is_c(x):
            return NotImplemented
        return as_complex(op(real_view(x), _dim(dim, x.dim()), *rest))

    return entry


def _permute(x, dims):
    if not _is_c(x):
        return NotImplemented
    return as_complex(aten.permute.default(real_view(x), [*(_dim(d, x.dim()) for d in dims), x.dim()]))


def _unsqueeze(x, dim):
    if not _is_c(x):
        return NotImplemented
    return as_complex(aten.unsqueeze.default(real_view(x), dim % (x.dim() + 1)))


def _squeeze_dims(x, dims):
    if not _is_c(x):
        return NotImplemented
    return as_complex(aten.squeeze.dims(real_view(x), [_dim(d, x.dim()) for d in dims]))


def _flip(x, dims):
    if not _is_c(x):
        return NotImplemented
    return as_complex(aten.flip.default(real_view(x), [_dim(d, x.dim()) for d in dims]))


def _cat(tensors, dim=0):
    if not any(_is_c(t) for t in tensors):
        return NotImplemented
    dtype = tensors[0].dtype
    for t in tensors[1:]:
        dtype = torch.promote_types(dtype, t.dtype)
    real = _real_dtype(dtype)
    views = []
    for t in tensors:
        if t.dim() == 1 and t.shape[0] == 0 and not _is_c(t):
            continue  # cat skips legacy empty 1-d tensors
        r = real_view(t) if _is_c(t) else real_view(_pack(t, None, t.dtype))
        views.append(r if r.dtype == real else aten._to_copy.default(r, dtype=real))
    rank = next(t.dim() for t in tensors if _is_c(t))
    return as_complex(aten.cat.default(views, _dim(dim, rank)))


def _grow(x, pad, value):
    """constant_pad_nd of a real tensor by symbolic amounts (torch.fft pads a signal up to the length
    `n` it is given), as a cat with filled blocks; the amounts must be >= 0 (checked by torch)."""
    out = x
    for i in range(len(pad) // 2):
        d = x.dim() - 1 - i
        for amount, first in ((pad[2 * i], True), (pad[2 * i + 1], False)):
            if isinstance(amount, int) and amount == 0:
                continue
            torch._check(amount >= 0, lambda: "a symbolic pad by a negative amount is not supported")
            shape = list(out.shape)
            shape[d] = amount
            block = aten.full.default(shape, value, dtype=x.dtype)
            out = aten.cat.default([block, out] if first else [out, block], d)
    return out


def _constant_pad_nd(x, pad, value=0):
    if not _is_c(x):
        if all(isinstance(p, int) for p in pad):
            return NotImplemented
        return _grow(x, pad, value)
    re, im = _parts(x)
    vr, vi = (value.real, value.imag) if isinstance(value, complex) else (value, 0)
    pad_real = _grow if not all(isinstance(p, int) for p in pad) else aten.constant_pad_nd.default
    return _pack(pad_real(re, pad, vr), pad_real(im, pad, vi), x.dtype)


def _sum(x, dim=None, keepdim=False, *, dtype=None):
    if not _is_c(x):
        return NotImplemented
    dims = list(range(x.dim())) if not dim else [_dim(d, x.dim()) for d in dim]
    r = aten.sum.dim_IntList(real_view(x), dims, keepdim)
    return as_complex(r if dtype is None else aten._to_copy.default(r, dtype=_real_dtype(dtype)))


def _mean(x, dim=None, keepdim=False, *, dtype=None):
    if not _is_c(x):
        return NotImplemented
    dims = list(range(x.dim())) if not dim else [_dim(d, x.dim()) for d in dim]
    return as_complex(aten.mean.dim(real_view(x), dims, keepdim))


def _where(cond, a, b):
    if not (_is_c(a) or _is_c(b)):
        return NotImplemented
    (ar, ai), (br, bi) = _parts(a), _parts(b)
    ai = aten.zeros_like.default(ar) if ai is None else ai
    bi = aten.zeros_like.default(br) if bi is None else bi
    return _pack(aten.where.self(cond, ar, br), aten.where.self(cond, ai, bi), _result_dtype(a, b))


def _mm(a, b):
    if not (_is_c(a) or _is_c(b)):
        return NotImplemented
    (ar, ai), (br, bi) = _parts(a), _parts(b)
    op = aten.mm.default if a.dim() == 2 else aten.bmm.default
    m = lambda p, q: None if p is None or q is None else op(p, q)  # noqa: E731
    return _pack(_sub(m(ar, br), m(ai, bi)), _add(m(ar, bi), m(ai, br)), _result_dtype(a, b))


def _real(x):
    return aten.select.int(real_view(x), -1, 0) if _is_c(x) else NotImplemented


def _imag(x):
    return aten.select.int(real_view(x), -1, 1) if _is_c(x) else NotImplemented


def _full(size, fill_value, *, dtype=None, **kw):
    if not ((dtype is not None and dtype.is_complex) or isinstance(fill_value, complex)):
        return NotImplemented
    dtype = dtype or torch.complex64
    v = complex(fill_value)
    re = aten.full.default(size, v.real, dtype=_real_dtype(dtype))
    return _pack(re, aten.full.default(size, v.imag, dtype=_real_dtype(dtype)), dtype)


def _complex(re, im):
    dtype = torch.promote_types(re.dtype, im.dtype)
    return _pack(re, im, {torch.float64: torch.complex128, torch.float16: torch.complex32}.get(dtype, torch.complex64))


def _polar(magnitude, angle):
    return _complex(magnitude * aten.cos.default(angle), magnitude * aten.sin.default(angle))


def complex_table() -> dict:
    """Decompositions of the ATen ops a complex program uses, for complex operands only."""
    table = {
        aten.add.Tensor: _binary(_add_op), aten.add.Scalar: _binary(_add_op),
        aten.sub.Tensor: _binary(_sub_op), aten.sub.Scalar: _binary(_sub_op),
        aten.mul.Tensor: _binary(_mul_op), aten.mul.Scalar: _binary(_mul_op),
        aten.div.Tensor: _binary(_div_op), aten.div.Scalar: _binary(_div_op),
        aten.div.Tensor_mode: _binary(_div_op),
        aten.abs.default: _unary(_abs),
        aten.angle.default: _angle,
        aten.neg.default: _unary(_neg),
        aten._conj.default: _unary(_conj), aten.conj_physical.default: _unary(_conj),
        aten._conj_physical.default: _unary(_conj), aten.conj.default: _unary(_conj),
        aten.resolve_conj.default: _unary(_same), aten.resolve_neg.default: _unary(_same),
        aten.clone.default: _unary(lambda x, **kw: _same(x)),
        aten.alias.default: _unary(_same),
        aten._to_copy.default: _to_copy,
        aten.view.default: _view_like(aten.view.default),
        aten._unsafe_view.default: _view_like(aten._unsafe_view.default),
        aten.reshape.default: _view_like(aten.reshape.default),
        aten.expand.default: _view_like(aten.expand.default),
        aten.permute.default: _permute,
        aten.unsqueeze.default: _unsqueeze,
        aten.squeeze.dims: _squeeze_dims,
        aten.squeeze.dim: lambda x, d: _squeeze_dims(x, [d]),
        aten.flip.default: _flip,
        aten.select.int: _on_dim(aten.select.int),
        aten.slice.Tensor: _on_dim(aten.slice.Tensor),
        aten.index_select.default: _on_dim(aten.index_select.default),
        aten.cat.default: _cat,
        aten.constant_pad_nd.default: _constant_pad_nd,
        aten.sum.dim_IntList: _sum,
        aten.sum.default: lambda x, *, dtype=None: _sum(x, None, False, dtype=dtype),
        aten.mean.dim: _mean,
        aten.where.self: _where,
        aten.mm.default: _mm, aten.bmm.default: _mm,
        aten.real.default: _real, aten.imag.default: _imag,
        aten.full.default: _full,
        aten.complex.default: _complex, aten.polar.default: _polar,
    }
    table.update(fft_table())
    return table


def complex_boundary(ep: torch.export.ExportedProgram) -> list[bool] | None:
    """Per user output of `ep` (as exported), whether it is complex; None when no user input or
    output is complex (the compiled program then needs no conversion at its boundary)."""
    user_inputs = {s.arg.name for s in ep.graph_signature.input_specs
                   if s.kind == InputKind.USER_INPUT and isinstance(s.arg, TensorArgument)}
    inputs = any(_is_c(n.meta.get("val")) for n in ep.graph.nodes if n.op == "placeholder" and n.name in user_inputs)
    values = list(ep.graph.output_node().args[0])
    outputs = [_is_c(v.meta.get("val")) if isinstance(v, torch.fx.Node) else False
               for v, s in zip(values, ep.graph_signature.output_specs) if s.kind == OutputKind.USER_OUTPUT]
    return outputs if inputs or any(outputs) else None


def real_table() -> dict:
    """Entries for real operands of ops this family meets (torch.fft.fftshift's fmod, angle)."""
    return {aten.angle.default: _angle, aten.fmod.Scalar: fmod, aten.fmod.Tensor: fmod}


# -- after the decomposition ----------------------------------------------------------------------
def _is(node, op) -> bool:
    return isinstance(node, torch.fx.Node) and node.op == "call_function" and node.target is op


def _complex_source(node: torch.fx.Node) -> torch.fx.Node | None:
    """r for `view_as_complex(r)` or `view_as_complex(clone(r))`."""
    if not _is(node, aten.view_as_complex.default):
        return None
    inner = node.args[0]
    if _is(inner, aten.clone.default):
        inner = inner.args[0]
    return inner


def _error(node: torch.fx.Node, what: str) -> ExirUserError:
    return ExirUserError(f"{describe(node)}: node '{node.name}' ({node.target}): {what}")


def to_real_program(ep: torch.export.ExportedProgram) -> torch.export.ExportedProgram:
    """`ep` (decomposed with complex_table) with no complex value left inside: pairs cancelled,
    complex user inputs and outputs as their real views. Changes `ep` in place and returns it."""
    graph = ep.graph
    for node in list(graph.nodes):
        if _is(node, aten.view_as_real.default):
            source = _complex_source(node.args[0])
            if source is not None:
                node.replace_all_uses_with(source)
    graph.eliminate_dead_code()
    kinds = {s.arg.name: s.kind for s in ep.graph_signature.input_specs if isinstance(s.arg, TensorArgument)}
    for node in graph.nodes:
        if node.op != "placeholder" or not _is_c(node.meta.get("val")):
            continue
        if kinds.get(node.name) != InputKind.USER_INPUT:
            raise _error(node, "a complex parameter, buffer or constant is not supported yet: make it a real "
                               "tensor (torch.view_as_real) and use torch.view_as_complex in forward")
        val = node.meta["val"]
        for user in list(node.users):
            if _is(user, aten.sym_size.int):  # the real view has the same leading dims
                user.args = (node, user.args[1] % val.dim())
                continue
            if not _is(user, aten.view_as_real.default):
                raise _error(user, f"the complex input '{node.name}' is used by an op exir-mlir cannot compute "
                                   "with complex numbers")
            user.replace_all_uses_with(node)
            graph.erase_node(user)
        with val.fake_mode:
            node.meta["val"] = torch.view_as_real(val)
    output = graph.output_node()
    results = list(output.args[0])
    specs = ep.graph_signature.output_specs
    for i, value in enumerate(results):
        source = _complex_source(value)
        if source is None:
            continue
        if specs[i].kind != OutputKind.USER_OUTPUT:
            raise _error(value, "a complex buffer written by the program is not supported yet")
        results[i] = source
        specs[i].arg = TensorArgument(name=source.name)
    output.args = (tuple(results),)
    graph.eliminate_dead_code()
    for node in graph.nodes:
        if node.op != "call_function":
            continue
        val = node.meta.get("val")
        if any(_is_c(v) for v in (val if isinstance(val, (list, tuple)) else [val])) or any(
                _is_c(a.meta.get("val")) for a in node.all_input_nodes):
            if _is(node, aten.view_as_complex.default) or _is(node, aten.view_as_real.default):
                continue  # only between ops reported below
            raise _error(node, "this op computes with complex numbers, which exir-mlir rewrites to real "
                               "ones only for the ops it knows (arithmetic, abs, angle, conj, casts, views, cat, "
                               "pad, sum, mm and torch.fft): compute it in eager PyTorch outside the program, or "
                               "write it with torch.view_as_real and real ops")
    ep.graph_module.recompile()
    return ep
