"""Core-ATen decomposition of an ExportedProgram, and of the ops torch's default table leaves.

`ep.run_decompositions()` (torch's default table, what ExecuTorch's to_edge runs) brings composite
ops down to core ATen, but not every op torch.export emits: `linalg_vector_norm`, `cumprod`,
`var_mean.correction`, `unfold`, `exp2`, ... survive it. torch has decompositions for many of them
in `torch._decomp.decomposition_table` (its own and torch._refs' registrations), only not in the
default export table. `decompose` applies those to the ops that remain, keeping one only when its
result is made of ops the caller can take: a decomposition to prims (`prims::lgamma`, what a
torch._refs entry of an elementwise op often is) leaves the op as it was, with the reason noted,
so that its error says what is true.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import Callable, Mapping

import torch

from exir_mlir.importer import complex_to_real
from exir_mlir.importer import decompositions_linalg, decompositions_misc, decompositions_structural
from exir_mlir.errors import ExirInternalError
from exir_mlir.importer.torch_workarounds import run_decompositions
from exir_mlir.schema import aten_overload_text

# At most this many rounds of "apply the candidates, check what they produced" (each re-traces).
_MAX_ROUNDS = 6

DecompositionTable = Mapping[object, Callable]

# On the declaration of a fallback call of a non-core op: why it is still in the program.
NOT_DECOMPOSED = "exir.not_decomposed"


@dataclass
class Decomposed:
    """The decomposed program and, per ATen overload left in it, why it was not decomposed."""

    ep: torch.export.ExportedProgram
    applied: list[str] = field(default_factory=list)  # overloads decomposed by torch._decomp beyond the default table
    reasons: dict[str, str] = field(default_factory=dict)


def _overloads(table: DecompositionTable | None) -> dict[torch._ops.OpOverload, Callable]:
    """A user's table with OpOverloadPackets expanded to their overloads."""
    out: dict[torch._ops.OpOverload, Callable] = {}
    for op, fn in (table or {}).items():
        if isinstance(op, torch._ops.OpOverloadPacket):
            for name in op.overloads():
                out[getattr(op, name)] = fn
        elif isinstance(op, torch._ops.OpOverload):
            out[op] = fn
        else:
            raise TypeError(f"decomposition table key {op!r} is not a torch.ops OpOverload or OpOverloadPacket")
        if not callable(fn):
            raise TypeError(f"decomposition table value for {op!r} is not callable")
    return out


def _graphs(gm: torch.fx.GraphModule):
    yield gm.graph
    for child in gm.children():
        if isinstance(child, torch.fx.GraphModule):
            yield from _graphs(child)


_IMPORTED_AS_CHECKS = (torch.ops.aten._assert_async.default, torch.ops.aten._assert_async.msg)


def leftover_nodes(ep: torch.export.ExportedProgram, handled: Callable[[str], bool]) -> list[torch.fx.Node]:
    """The call nodes of ATen/prims ops that `handled` ("aten::foo.bar" -> bool) does not take."""
    out = []
    for graph in _graphs(ep.graph_module):
        for node in graph.nodes:
            if node.op == "call_function" and isinstance(node.target, torch._ops.OpOverload):
                if node.target in _IMPORTED_AS_CHECKS:
                    continue  # the importer makes run-time checks of them (graph.py import_assert_async)
                if not handled(aten_overload_text(node.target)):
                    out.append(node)
    return out


def _torch_table() -> dict[torch._ops.OpOverload, Callable]:
    """torch._decomp's table, and exir-mlir's own entries for ops it has none for (`own_table`)."""
    from torch._decomp import decomposition_table

    table = dict(decomposition_table)
    table.update(own_table())
    return table


def own_table() -> dict[torch._ops.OpOverload, Callable]:
    """Decompositions of non-core ops that survive run_decompositions(), written with core ATen ops
    (tried like torch._decomp's, after the default table): ops torch._decomp has no entry for, and
    ones whose torch._decomp entry gives what exir-mlir cannot lower (these win over torch's)."""
    aten = torch.ops.aten

    def var_mean(x, dim=None, *, correction=None, keepdim=False):
        # torch._decomp divides by the element count as a SymFloat (sym_float) when a reduced dim is
        # symbolic; core var.correction and mean.dim count the elements themselves.
        return (aten.var.correction(x, dim, correction=correction, keepdim=keepdim),
                aten.mean.dim(x, dim, keepdim))

    def std_mean(x, dim=None, *, correction=None, keepdim=False):
        var, mean = var_mean(x, dim, correction=correction, keepdim=keepdim)
        return aten.sqrt.default(var), mean

    def empty_permuted(size, physical_layout, *, dtype=None, layout=None, device=None, pin_memory=None):
        # The memory of `empty` laid out in `physical_layout`'s order, viewed in the logical order.
        physical = aten.empty.memory_format([size[p] for p in physical_layout], dtype=dtype, layout=layout,
                                            device=device, pin_memory=pin_memory)
        if list(physical_layout) == list(range(len(size))):
            return physical  # already in the logical order (and rank 0 has nothing to permute)
        return aten.permute.default(physical, [list(physical_layout).index(d) for d in range(len(size))])

    def trilinear(i1, i2, i3, expand1, expand2, expand3, sumdim, unroll_dim=1):
        # ATen's definition: each input unsqueezed at its expand dims, multiplied, summed over sumdim
        # (nn.Bilinear: (N,1,in1,1) * (1,out,in1,in2) * (N,1,1,in2) summed over in1, in2). The
        # product is materialized: memory N*out*in1*in2, slow for large layers.
        def grow(t, dims):
            for d in sorted(dims):
                t = aten.unsqueeze.default(t, d)
            return t

        out = aten.mul.Tensor(aten.mul.Tensor(grow(i1, expand1), grow(i2, expand2)), grow(i3, expand3))
        # One dim at a time: the CPU pipeline's vectorizer aborts on this product reduced over two
        # dims at once (a crash of the tile/vectorize stage, reported; sums over one dim are fine).
        # The sums keep the product's dtype: a plain sum of uint8/int8/int16 would promote to int64, while
        # eager's _trilinear returns the input dtype (wrapping, which the sum modulo 2^bits reproduces).
        for d in sorted(sumdim, reverse=True):
            out = aten.sum.dim_IntList(out, [d], False, dtype=out.dtype)
        return out

    from exir_mlir.importer.decompositions_bitwise import table as bitwise_table
    from exir_mlir.importer.decompositions_float import table as float_table
    from exir_mlir.importer.decompositions_scan import table as scan_table
    from exir_mlir.importer.decompositions_special import table as special_table

    tables = {
        "decompositions_special": special_table(),
        "decompositions_bitwise": bitwise_table(),
        "decompositions_scan": scan_table(),
        "decompositions_float": float_table(),
        "complex_to_real": complex_to_real.real_table(),
        "decompositions": {
            aten.empty_permuted.default: empty_permuted,
            aten._trilinear.default: trilinear,
            aten.var_mean.correction: var_mean,
            aten.std_mean.correction: std_mean,
        },
        "decompositions_misc": decompositions_misc.own_table(),
        "decompositions_structural": decompositions_structural.own_table(),
        "decompositions_linalg": decompositions_linalg.table(),
    }
    # One owner per op: merged as dicts, a second module's entry would silently replace the first's
    # (histc and logcumsumexp were once written twice).
    merged: dict[torch._ops.OpOverload, Callable] = {}
    owner: dict[torch._ops.OpOverload, str] = {}
    for module, table in tables.items():
        for op, fn in table.items():
            if op in merged:
                raise ExirInternalError(f"{op} is decomposed by both importer/{owner[op]}.py and importer/{module}.py")
            merged[op], owner[op] = fn, module
    return merged


@contextlib.contextmanager
def _no_tracer_stack_traces():
    """Torch's re-trace records the tracer's own Python stack on every node it creates that carries
    no stack trace from the node it replays: about half of `run_decompositions`' time on a GPT-2
    block. Those frames are torch's and ours, never the user's (a replayed node keeps the user's
    line, which is what our locations read), so nothing is lost by not recording them."""
    import torch.fx.config as fx_config

    before = fx_config.do_not_emit_stack_traces
    fx_config.do_not_emit_stack_traces = True
    try:
        yield
    finally:
        fx_config.do_not_emit_stack_traces = before


def decompose(
    ep: torch.export.ExportedProgram,
    *,
    handled: Callable[[str], bool],
    user_table: DecompositionTable | None = None,
    extra_table: DecompositionTable | None = None,
) -> Decomposed:
    """`ep` decomposed to what `handled` takes, as far as torch's tables allow.

    First torch's default export table with `user_table` over it (a user's entry wins, for any op,
    core ones included). Then, for every op left that `handled` does not take, the entry of
    `extra_table` (default: torch._decomp.decomposition_table) is tried; an entry whose result
    still holds ops `handled` does not take is dropped again, and the op is left for the caller's
    error (its reason is in `Decomposed.reasons`).
    """
    with _no_tracer_stack_traces():
        return _decompose(ep, handled=handled, user_table=user_table, extra_table=extra_table)


def _decompose(ep, *, handled, user_table, extra_table) -> Decomposed:
    user = _overloads(user_table)
    decompositions_structural.refuse_uint8_resampling(ep, user)
    base_table = torch.export.default_decompositions()
    base_table.update(decompositions_misc.base_table())
    base_table.update(decompositions_structural.base_table())
    complex_values = complex_to_real.has_complex(ep)
    if complex_values:  # complex ops as real ones (complex_to_real); real programs trace as before
        base_table.update(complex_to_real.complex_table())
    base_table.update(user)
    # torch_workarounds: torch's re-trace can reject a view the program ran (sdpa's strides).
    base = decompositions_linalg.linalg_error_checks_as_asserts(run_decompositions(ep, base_table))
    extra = _overloads(extra_table) if extra_table is not None else _torch_table()
    accepted: dict[torch._ops.OpOverload, Callable] = {}
    rejected: dict[torch._ops.OpOverload, str] = {}
    current = base
    for _ in range(_MAX_ROUNDS):
        left = {node.target for node in leftover_nodes(current, handled)}
        candidates = {op: extra[op] for op in left
                      if op in extra and op not in rejected and op not in accepted and op not in user}
        if not candidates:
            break
        trial = _run(base, base_table, accepted, candidates)
        if isinstance(trial, Exception):
            # One entry that fails on this program must not take the others with it: alone each.
            for op in list(candidates):
                alone = _run(base, base_table, accepted, {op: candidates[op]})
                if isinstance(alone, Exception):
                    rejected[op] = (f"{_whose(op)} fails on this call "
                                    f"({type(alone).__name__}: {str(alone).splitlines()[0][:200] if str(alone) else ''})")
                    del candidates[op]
            if not candidates:
                continue
            trial = _run(base, base_table, accepted, candidates)
            if isinstance(trial, Exception):
                for op in candidates:
                    rejected[op] = "torch's decomposition of it (torch._decomp) fails on this program"
                continue
        # `original_aten` names the op a node was decomposed from (a copy of the OpOverload:
        # compare by name).
        by_name = {aten_overload_text(op): op for op in candidates}
        bad: dict[torch._ops.OpOverload, set[str]] = {}
        for node in leftover_nodes(trial, handled):
            if node.target in extra and node.target not in rejected and node.target not in user:
                continue  # decomposable itself: a candidate of the next round
            origin = node.meta.get("original_aten")
            origin = by_name.get(aten_overload_text(origin)) if isinstance(origin, torch._ops.OpOverload) else None
            if origin is not None and node.target is not origin:
                bad.setdefault(origin, set()).add(aten_overload_text(node.target))
        for op, produced in bad.items():
            rejected[op] = ("torch's decomposition of it (torch._decomp) produces "
                            f"{', '.join(sorted(produced))}, which exir-mlir cannot lower either")
        good = {op: fn for op, fn in candidates.items() if op not in bad}
        if not bad:
            accepted.update(good)
            current = trial
            continue
        # Re-run without the rejected entries (their prims must not stay in the program).
        again = _run(base, base_table, accepted, good) if good else base
        if isinstance(again, Exception):
            for op in good:
                rejected[op] = "torch's decomposition of it (torch._decomp) fails on this program"
            again = _run(base, base_table, accepted, {}) if accepted else base
        else:
            accepted.update(good)
        current = again
    if complex_values:
        current = complex_to_real.to_real_program(current)
    reasons = {aten_overload_text(op): why for op, why in rejected.items()}
    for node in leftover_nodes(current, handled):
        name = aten_overload_text(node.target)
        if name not in reasons:
            reasons[name] = (f"{_whose(node.target)} leaves this call as it is"
                             if node.target in extra else "torch has no decomposition for it (torch._decomp)")
    return Decomposed(current, sorted(aten_overload_text(op) for op in accepted), reasons)


def _whose(op) -> str:
    """Whose decomposition an entry of the extra table is, for the error that rejects it."""
    for module, table in ((decompositions_misc, decompositions_misc.own_table),
                          (decompositions_structural, decompositions_structural.own_table),
                          (decompositions_linalg, decompositions_linalg.table)):
        if op in table():
            return f"exir-mlir's decomposition of it ({module.__name__.replace('.', '/')}.py)"
    return "torch's decomposition of it (torch._decomp)"


def _run(base, base_table, accepted, candidates):
    """`base` decomposed with the tables, or the exception torch raised."""
    table = dict(base_table)
    table.update(_prims_to_aten())
    table.update(accepted)
    table.update(candidates)
    try:
        return base.run_decompositions(table)
    except Exception as e:  # noqa: BLE001 - any failure of torch's tracing rejects the entries
        return e


def _prims_to_aten() -> dict:
    """prims ops that torch._refs decompositions produce, as the core ATen ops of the same meaning
    (for the dtypes each entry states; others stay prims and reject the decomposition)."""
    aten, prims = torch.ops.aten, torch.ops.prims

    def div(a, b):
        a_t = a if isinstance(a, torch.Tensor) else b
        if a_t.dtype.is_floating_point or a_t.dtype.is_complex:
            return aten.div.Tensor(a, b)
        return aten.div.Tensor_mode(a, b, rounding_mode="trunc")  # prims.div truncates integers

    def prod(a, dims, *, output_dtype=None):
        out = a
        for d in sorted(dims, reverse=True):
            out = aten.prod.dim_int(out, d, False, dtype=output_dtype)
        return out if dims else out.clone()

    def sum_(a, dims, *, output_dtype=None):
        return aten.sum.dim_IntList(a, list(dims), False, dtype=output_dtype)

    def broadcast_in_dim(a, shape, broadcast_dimensions):
        out = a
        for i in range(len(shape)):
            if i not in broadcast_dimensions:
                out = aten.unsqueeze.default(out, i)
        return aten.expand.default(out, list(shape))

    def fmax_fmin(pick):
        def fn(a, b):  # NaN only where both are NaN (the other operand wins)
            if not a.dtype.is_floating_point:
                return pick(a, b)
            return aten.where.self(aten.isnan.default(a), b,
                                   aten.where.self(aten.isnan.default(b), a, pick(a, b)))
        return fn

    return {
        prims.fmax.default: fmax_fmin(aten.maximum.default),
        prims.fmin.default: fmax_fmin(aten.minimum.default),
        prims.broadcast_in_dim.default: broadcast_in_dim,
        prims.abs.default: lambda a: aten.abs.default(a),
        prims.neg.default: lambda a: aten.neg.default(a),
        prims.div.default: div,
        prims.prod.default: prod,
        prims.sum.default: sum_,
        prims.round.default: lambda a: aten.round.default(a),
        # (a ref's cast, e.g. cumprod(x, dtype=torch.int8)'s): the same conversion as a tensor's .to(dtype)
        prims.convert_element_type.default: lambda a, dtype: aten._to_copy.default(a, dtype=dtype),
        prims.exp2.default: lambda a: aten.pow.Scalar(2.0, a),
        prims.erfc.default: lambda a: aten.sub.Tensor(aten.ones_like.default(a), aten.erf.default(a)),
        # Elementwise prims take operands of one dtype (the ref promoted them): the aten op is the same.
        prims.add.default: lambda a, b: aten.add.Tensor(a, b),
        prims.sub.default: lambda a, b: aten.sub.Tensor(a, b),
        prims.mul.default: lambda a, b: aten.mul.Tensor(a, b),
        prims.where.default: lambda c, a, b: aten.where.self(c, a, b),
        prims.var.default: lambda a, dims, correction, *, output_dtype=None: aten.var.correction(
            a, list(dims) if dims is not None else None, correction=correction, keepdim=False),
    }


def no_decomposition_reason(overload: str) -> str:
    """What torch's tables say about a non-core op in a program that `decompose` did not see
    ("" for a core op)."""
    op = overload_object(overload)
    if op is not None and torch.Tag.core in op.tags:
        return ""
    if op is not None and op in _torch_table():
        return ("torch._decomp has a decomposition of it, which this import did not apply "
                "(exir_mlir.compile and `exir-mlir import --decompose` try it)")
    return "torch has no decomposition for it (torch._decomp)"


def overload_object(overload: str) -> torch._ops.OpOverload | None:
    """torch.ops.aten.foo.bar for "aten::foo.bar", or None."""
    namespace, _, rest = overload.partition("::")
    name, _, variant = rest.partition(".")
    try:
        return getattr(getattr(getattr(torch.ops, namespace), name), variant or "default")
    except (AttributeError, RuntimeError):
        return None
