"""`transpose_rhs`: a batched C = A B^T whose B is an input of the call (attention's q k^T) reads
B through a transposed copy, so that it runs on the outer-product kernel instead of the dot kernel.

With k contiguous in both operands, strategy.plan_contraction picks the dot kernel: a 4 x 4 block
of lane-wide partial sums, each reduced across its lanes once the k loop ends. For attention's
q k^T the k loop is the head dim (64): four FMAs per accumulator, then a horizontal sum of each
of the 16 (four shuffles and adds each, and an insert): more instructions in the reductions than
in the FMAs. Causal attention (4 x 4 heads, 128 x 64, one thread, Sapphire Rapids) spent 0.58 ms
in q k^T against 0.19 ms for torch's bmm.

B [..., N, K] copied to B^T [..., K, N] (a transposing copy: strategy.plan_transposed_blocks moves
it in 16 x 16 register blocks) makes the op C[.., i, j] += A[.., i, k] B^T[.., k, j], which
plan_contraction gives the outer-product kernel (rows of B^T on the lanes, one broadcast of A per
row of the register block). The copy reads B once per call: N K elements against M N K
multiply-adds, so it is done where the rows are static and at least _MIN_ROWS, or dynamic (a
batched contraction's dynamic rows are first split by unit_rows.py: a single row keeps the plan of
a matrix-vector product there, so the copy is made for more rows only).

Not rewritten: weights (read-only state: pack_matmul.py packs them once, in the init function),
contractions without batch dims (pack_matmul's choice), and a K known only at run time (the
dot kernel is not planned for it either).
"""

from __future__ import annotations

from exir_mlir._mlir import ir, linalg
from exir_mlir.codegen.hoist_state import is_read_only_state
from exir_mlir.codegen.host import HostCPU
from exir_mlir.codegen.op_walk import inside_forall, rewrite_each
from exir_mlir.codegen.pack_matmul import is_multiply_add, multiply_add, transposed
from exir_mlir.codegen.transposed_reads import loop_dims

_DYNAMIC = ir.ShapedType.get_dynamic_size()
# Rows of A below which the copy of B costs more than the outer-product kernel saves.
_MIN_ROWS = 4


def _plan(op: ir.Operation, host: HostCPU) -> tuple[list[ir.AffineMap], list[str]] | None:
    """(indexing maps, iterator kinds) of a batched A B^T this rewrite applies to, else None."""
    if op.name not in ("linalg.generic", "linalg.batch_matmul") or len(op.operands) != 3 or len(op.results) != 1:
        return None
    if inside_forall(op) or not linalg.isa_contraction_op(op.opview):
        return None
    if op.name == "linalg.generic" and not is_multiply_add(op):
        return None
    a, b, c = op.operands
    types = [v.type for v in (a, b, c)]
    if not all(isinstance(t, ir.RankedTensorType) for t in types):
        return None
    elem = ir.RankedTensorType(types[2]).element_type
    if not isinstance(elem, (ir.F32Type, ir.F64Type)):
        return None
    if any(ir.RankedTensorType(t).element_type != elem for t in types):
        return None
    dims = linalg.infer_contraction_dimensions(op.opview)
    batch, m, n, k = list(dims.batch), list(dims.m), list(dims.n), list(dims.k)
    if not batch or len(m) != 1 or len(n) != 1 or len(k) != 1:
        return None
    maps = [x.value for x in linalg.get_indexing_maps(op.opview)]
    a_dims, b_dims = loop_dims(maps[0]), loop_dims(maps[1])
    if a_dims is None or b_dims is None or len(b_dims) < 2:
        return None
    # k innermost in both (the dot kernel's case), n just outside it in B.
    if a_dims[-1] != k[0] or b_dims[-1] != k[0] or b_dims[-2] != n[0]:
        return None
    k_size = ir.RankedTensorType(types[1]).shape[-1]
    if k_size == _DYNAMIC or k_size < host.lanes(ir.FloatType(elem).width):
        return None
    rows = ir.RankedTensorType(types[0]).shape[a_dims.index(m[0])]
    if rows != _DYNAMIC and rows < _MIN_ROWS:
        return None
    if is_read_only_state(b):
        return None
    # A contraction's loops are parallel but for its reduction dims.
    return maps, ["reduction" if d in k else "parallel" for d in range(maps[0].n_dims)]


def _rewrite(op: ir.Operation, host: HostCPU) -> None:
    plan = _plan(op, host)
    if plan is None:
        raise ValueError("not a batched A B^T of a per-call B")
    maps, iterators = plan
    a, b, c = op.operands
    rank = ir.RankedTensorType(b.type).rank
    b_transposed = transposed(b, list(range(rank - 2)) + [rank - 1, rank - 2])
    b_results = list(maps[1].results)
    b_results[-1], b_results[-2] = b_results[-2], b_results[-1]
    b_map = ir.AffineMap.get(maps[1].n_dims, 0, b_results)
    gen = multiply_add(c.type, a, b_transposed, c, [maps[0], b_map, maps[2]], iterators)
    op.results[0].replace_all_uses_with(gen.results[0])
    op.erase()


def transpose_rhs(module: ir.Operation, host: HostCPU) -> int:
    """Rewrites every batched contraction that qualifies (see the module's doc); returns how many."""
    return rewrite_each(module, lambda op: op.name in ("linalg.generic", "linalg.batch_matmul"),
                        lambda op: _rewrite(op, host), declines=(ValueError,))
