"""Packs B of a row-major `C = A B` into column panels, so that the register kernel reads it in order.

The outer-product kernel (strategy.plan_contraction) keeps an mr x nr block of C in registers and
steps along k, reading one nr-wide row piece of B per step: with B row-major [K, N], consecutive
steps are N elements apart. For a power-of-two N those rows fall in the same few L1 sets (4 KiB
apart: 8 ways for the 64 rows of a k block), on a different page each, and the hardware prefetcher
does not follow them: 1024^3 ran at 46% of the FMA peak, 2048^3 at 43%, where the same kernel on
512^3 ran at 64%.

Here B [K, N] is viewed as [K, N/P, P] (a free expand_shape, P = the kernel's nr) and copied once
per call into panels Bp [N/P, K, P] (`linalg.transpose` of the two outer dims: the inner P elements
stay contiguous, so the copy is whole vectors), and the matmul becomes the contraction
C[i, j, l] += A[i, k] * Bp[j, k, l] on C viewed as [M, N/P, P]. Each register block then reads
its B panel as one contiguous stream. The copy is K*N elements against M*N*K multiply-adds.
The contraction carries PACKED_MARK; strategy.plan_contraction gives it cache blocks sized for
the packed panels.

B given transposed, W [N, K] with C = A W^T (torch's linear: `linalg.matmul` with the maps that
transpose_folding gives it, or the equivalent contraction generic), is packed into the same panels:
W viewed as [N/P, P, K] and each P x K block transposed (a transposing copy, which
strategy.plan_transposed_blocks copies by 16 x 16 blocks transposed in registers). Its
alternative, the dot kernel, keeps 4x4 blocks of lane-wide partial sums and streams 8 rows of k
per block from L2: linear + ReLU at 2048^3 ran at 52% of the FMA peak there, at 84% packed.
(Zen 5, one thread: packed against the dot kernel 0.94x at 64 x 768 x 768, 0.98x at 64 x 1024^2,
0.91x at 128 x 1024^2, 0.61x at 2048^3.)

Only float operands of one type, static K and N with N a multiple of P, and B larger than L1. When
B is a weight (read-only state: hoist_state.is_read_only_state), the copy into panels is made once,
in the init function that hoist_state.py moves it to, not per call: the packed form is then the
choice at any row count, static or dynamic (linear 768 x 768, dynamic batch, against the per-call
choice below, one thread: 0.77x at 8 rows, 0.81x at 64, 0.82x at 128, 0.89x at 1024, 1.01x at 1 row;
benchmarks/bench_hoist.py). Any other B: a static M of at least _MIN_ROWS. The copy of B costs about as much as a few rows of the product (768 x 768 f32: ~75 us, one thread), so for few rows it is a
loss: x @ W of a dynamic batch at 8 rows ran 1.4x slower packed, at 128 rows 0.88x, at 1024 0.81x.
A dynamic M is packed at run time: `scf.if M >= _MIN_ROWS_AT_RUN_TIME[form]` chooses between the packed
form and the matmul as it was (_choose_at_run_time), with its elementwise reader in both branches.
(The if's result must bufferize to a buffer of known strides: pipeline.ONE_SHOT_BUFFERIZE.)

The panels' view of C would stand between the contraction and the elementwise op that reads it
(a bias, an activation) as a reshape, which the schedule cannot fuse through: that op is rewritten
onto the [M, N/P, P] view as well (_epilogue_in_panels), and schedule._attach_epilogues then
computes it in the contraction's register blocks like any matmul's epilogue.
"""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, linalg, scf, tensor
from exir_mlir.codegen.hoist_state import is_read_only_state
from exir_mlir.codegen.host import HostCPU
from exir_mlir.codegen.op_walk import inside_forall, rewrite_each

PACKED_MARK = "exir.packed_b"
_MIN_K = 16  # below, the k loop is too short for the panel copy to pay
_MIN_ROWS = 64  # below, the per-call copy of B costs more than the panels save (see above)
# A dynamic row count packs at run time from this many rows on, per form. x @ W: against the
# unpacked kernel, 768 x 768, one thread, 1.07x at 64, 0.99x at 128, 0.98x at 1024 (load 11);
# the static build's packed kernel against this choice at 64-127 rows (Zen 5, one thread,
# interleaved): unpacked 0.85-0.98x its time at 768, 0.86-1.03x at 512, 1.00-1.09x at 1024: 128.
# x @ W^T (+ bias + ReLU; the unpacked kernel is then the dot kernel): at 128 rows, unpacked was
# 1.13-1.18x the packed kernel's time at 768 x 768, 1.09-1.21x at 1024, 1.15-1.25x at 512 over
# 64-127 rows (Zen 5), and 1.01x at 8 rows (earlier: 0.99x at 64, 0.91x at 128): 64, as static.
_MIN_ROWS_AT_RUN_TIME = {"ab": 128, "abt": _MIN_ROWS}
_DYNAMIC = ir.ShapedType.get_dynamic_size()


def _operand_maps(op: ir.Operation) -> str | None:
    """"ab" for C[i, j] += A[i, k] B[k, j] (B row-major), "abt" for C[i, j] += A[i, k] B[j, k] (B
    given as its transpose: torch's linear weights, x @ W^T), None for any other map."""
    if op.name == "linalg.matmul" and "indexing_maps" not in op.attributes:
        return "ab"
    if "indexing_maps" not in op.attributes:
        return None
    d = [ir.AffineDimExpr.get(i) for i in range(3)]
    maps = [ir.AffineMapAttr(a).value for a in ir.ArrayAttr(op.attributes["indexing_maps"])]
    a_c = [ir.AffineMap.get(3, 0, [d[0], d[2]]), ir.AffineMap.get(3, 0, [d[0], d[1]])]
    if len(maps) != 3 or [maps[0], maps[2]] != a_c:
        return None
    if maps[1] == ir.AffineMap.get(3, 0, [d[2], d[1]]):
        return "ab"
    if maps[1] == ir.AffineMap.get(3, 0, [d[1], d[2]]):
        return "abt"
    return None


def panel_width(host: HostCPU, elem: ir.Type) -> int:
    """P: the outer-product kernel's nr, two vectors of `elem`."""
    return 2 * host.lanes(ir.FloatType(elem).width)


def is_multiply_add(op: ir.Operation) -> bool:
    """A linalg.generic contraction of two inputs whose body is `acc + a * b` (floats)."""
    if len(op.operands) != 3 or not linalg.isa_contraction_op(op.opview):
        return False
    body = [o.operation.name for o in op.regions[0].blocks[0].operations]
    return body == ["arith.mulf", "arith.addf", "linalg.yield"]


def multiply_add(result_type: ir.Type, a: ir.Value, b: ir.Value, init: ir.Value, maps: list[ir.AffineMap],
                 iterators: list[str]) -> ir.Operation:
    """The linalg.generic C += A * B over `maps` (A's, B's, C's) and `iterators`."""
    gen = linalg.GenericOp([result_type], [a, b], [init],
                           ir.ArrayAttr.get([ir.AffineMapAttr.get(x) for x in maps]),
                           ir.ArrayAttr.get([ir.Attribute.parse(f"#linalg.iterator_type<{t}>") for t in iterators]))
    elem = ir.ShapedType(result_type).element_type
    block = gen.regions[0].blocks.append(elem, elem, elem)
    with ir.InsertionPoint(block):
        x, y, acc = block.arguments
        linalg.YieldOp([arith.addf(acc, arith.mulf(x, y))])
    return gen


def transposed(value: ir.Value, perm: list[int]) -> ir.Value:
    """`value` copied with its dims permuted by `perm` (linalg.transpose into a new tensor)."""
    vt = ir.RankedTensorType(value.type)
    sizes = [tensor.DimOp(value, arith.ConstantOp(ir.IndexType.get(), p).result).result
             if vt.shape[p] == _DYNAMIC else vt.shape[p] for p in perm]
    empty = tensor.EmptyOp(sizes, vt.element_type).result
    copy = linalg.TransposeOp([empty.type], value, empty, ir.DenseI64ArrayAttr.get(perm))
    copy.regions[0].blocks.append(vt.element_type, vt.element_type)
    with ir.InsertionPoint(copy.regions[0].blocks[0]):
        linalg.YieldOp([copy.regions[0].blocks[0].arguments[0]])
    return copy.results[0]


def _contraction(op: ir.Operation) -> str | None:
    """The form of a plain f32/f64 matmul (see _operand_maps), None for anything else."""
    if op.name == "linalg.generic":
        if not is_multiply_add(op):
            return None
    elif op.name != "linalg.matmul" or "cast" in op.attributes:
        return None
    if len(op.operands) != 3 or len(op.results) != 1 or inside_forall(op):
        return None
    form = _operand_maps(op)
    if op.name == "linalg.generic" and form == "ab":
        # (im2col's contractions and other generics of this form keep the unpacked kernel: the
        # copy of B per call is measured for matmuls and linear layers only.)
        return None
    return form


def _panels(b: ir.Value, form: str, k: int, j: int, p: int, elem: ir.Type) -> ir.Value:
    """Bp [J, K, P] with Bp[j, k, l] = B[k, j P + l] (or W[j P + l, k] for the transposed form)."""
    if form == "ab":  # [K, N] -> [K, J, P] -> [J, K, P]: whole P-wide rows move
        viewed = tensor.ExpandShapeOp(ir.RankedTensorType.get([k, j, p], elem), b, [[0], [1, 2]], [], [k, j, p])
        perm = [1, 0, 2]
    else:  # [N, K] -> [J, P, K] -> [J, K, P]: a transpose of each P x K block
        viewed = tensor.ExpandShapeOp(ir.RankedTensorType.get([j, p, k], elem), b, [[0, 1], [2]], [], [j, p, k])
        perm = [0, 2, 1]
    return transposed(viewed.result, perm)


def _sizes(op: ir.Operation, host: HostCPU) -> tuple[str, int, int, int]:
    """(form, K, N, P) of a matmul the panels fit (M aside); ValueError for any other op."""
    form = _contraction(op)
    if form is None:
        raise ValueError("not a plain matmul")
    a, b, init = op.operands
    at, bt, ct = (ir.RankedTensorType(v.type) for v in (a, b, init))
    elem = ct.element_type
    if not isinstance(elem, (ir.F32Type, ir.F64Type)) or at.element_type != elem or bt.element_type != elem:
        raise ValueError("not one float type")
    k, n = bt.shape if form == "ab" else reversed(bt.shape)
    p = panel_width(host, elem)
    if _DYNAMIC in (k, n) or n % p or n < 2 * p or k < _MIN_K:
        raise ValueError("sizes the panels do not fit")
    if k * n * ir.FloatType(elem).width // 8 <= host.l1d_bytes:
        # B stays in L1 whole: no conflicts to avoid, nor rows of k streamed from L2.
        raise ValueError("B fits in L1")
    return form, k, n, p


def _rewrite(op: ir.Operation, host: HostCPU) -> None:
    form, k, n, p = _sizes(op, host)
    m = ir.RankedTensorType(op.operands[2].type).shape[0]
    if is_read_only_state(op.operands[1]) and op.parent.name == "func.func":
        # A weight: its panels are computed once, in the init function (hoist_state.py), not per
        # call, so the packed kernel is the choice at any row count. (Inside a branch or a loop
        # body the copy would stay there: hoist_state moves only the function's top-level ops.)
        _pack(op, form, k, n, p)
    elif m == _DYNAMIC:
        _choose_at_run_time(op, form, k, n, p)
    elif m >= _MIN_ROWS:
        _pack(op, form, k, n, p)
    else:
        raise ValueError("too few rows")


def _dims(value: ir.Value, shape: list[int]) -> list[ir.Value]:
    """The run-time sizes of `value`'s dynamic dims, for an expand_shape's output_shape."""
    return [tensor.DimOp(value, arith.ConstantOp(ir.IndexType.get(), d).result).result
            for d, size in enumerate(shape) if size == _DYNAMIC]


def _pack(op: ir.Operation, form: str, k: int, n: int, p: int) -> None:
    a, b, init = op.operands
    ct = ir.RankedTensorType(init.type)
    elem = ct.element_type
    m = ct.shape[0]
    j = n // p
    packed = _panels(b, form, k, j, p, elem)
    c3_type = ir.RankedTensorType.get([m, j, p], elem)
    c3 = _init_in_panels(init, j, p)
    if c3 is None:
        c3 = tensor.ExpandShapeOp(c3_type, init, [[0], [1, 2]], _dims(init, [m]), [m, j, p]).result
    i_, j_, l_, k_ = (ir.AffineDimExpr.get(x) for x in range(4))
    maps = [ir.AffineMap.get(4, 0, [i_, k_]), ir.AffineMap.get(4, 0, [j_, k_, l_]),
            ir.AffineMap.get(4, 0, [i_, j_, l_])]
    gen = multiply_add(c3_type, a, packed, c3, maps, ["parallel"] * 3 + ["reduction"])
    gen.operation.attributes[PACKED_MARK] = ir.UnitAttr.get()
    out = tensor.CollapseShapeOp(ct, gen.results[0], [[0], [1, 2]]).result
    op.results[0].replace_all_uses_with(out)
    op.erase()
    _epilogue_in_panels(out.owner, j, p)


def _elementwise(op: ir.Operation) -> bool:
    """A linalg.generic of one result whose loops are all parallel."""
    return op.name == "linalg.generic" and len(op.results) == 1 \
        and all("parallel" in str(t) for t in ir.ArrayAttr(op.attributes["iterator_types"]))


def _elementwise_reader(value: ir.Value) -> ir.Operation | None:
    """The elementwise generic that alone reads `value` (an epilogue), if any."""
    users = list(value.uses)
    if len(users) != 1:
        return None
    user = users[0].owner.operation
    return user if _elementwise(user) else None


def _own_init(op: ir.Operation) -> None:
    """Gives `op` (a clone) its own copy of the producers of its init (a fill, or the generic that
    broadcasts a bias, and their tensor.empty), next to it: each branch fuses them into its tiles."""
    init = op.operands[len(op.operands) - 1]
    chain = []
    while isinstance(init, ir.OpResult) and (init.owner.operation.name in ("linalg.fill", "tensor.empty")
                                             or _elementwise(init.owner.operation)):
        chain.append(init.owner.operation)
        if init.owner.operation.name == "tensor.empty":
            break
        init = init.owner.operation.operands[len(init.owner.operation.operands) - 1]
    value_of = {}
    for producer in reversed(chain):
        clone = producer.clone(ir.InsertionPoint(op))
        for index, operand in enumerate(clone.operands):
            if operand in value_of:
                clone.operands[index] = value_of[operand]
        value_of[producer.results[0]] = clone.results[0]
    if chain:
        op.operands[len(op.operands) - 1] = value_of[chain[0].results[0]]


def _choose_at_run_time(op: ir.Operation, form: str, k: int, n: int, p: int) -> None:
    """A dynamic row count: `scf.if M >= _MIN_ROWS_AT_RUN_TIME[form]` between the packed form and the matmul as it is.

    A call with few rows (a batch of 8) skips the copy of B, which would cost more than the panels
    save; one with many (1024) gets the packed kernel. The matmul's elementwise reader (bias,
    activation), if any, is computed in both branches, so that each fuses it into its own tiles."""
    reader = _elementwise_reader(op.results[0])
    last = reader if reader is not None else op
    result_type = last.results[0].type
    with ir.InsertionPoint(last), last.location:
        rows = tensor.DimOp(op.operands[0], arith.ConstantOp(ir.IndexType.get(), 0).result).result
        enough = arith.CmpIOp(arith.CmpIPredicate.sge, rows,
                              arith.ConstantOp(ir.IndexType.get(), _MIN_ROWS_AT_RUN_TIME[form]).result).result
        choice = scf.IfOp(enough, [result_type], has_else=True)
    branches = []
    for block in (choice.then_block, choice.else_block):
        with ir.InsertionPoint(block), last.location:
            contraction = op.clone()
            result = contraction.results[0]
            if reader is not None:
                epilogue = reader.clone()
                for index, operand in enumerate(epilogue.operands):
                    if operand == op.results[0]:
                        epilogue.operands[index] = contraction.results[0]
                _own_init(epilogue)
                result = epilogue.results[0]
            scf.YieldOp([result])
            _own_init(contraction)
        branches.append(contraction)
    last.results[0].replace_all_uses_with(choice.results[0])
    if reader is not None:
        reader.erase()
    op.erase()
    with ir.InsertionPoint(branches[0]), branches[0].location:
        _pack(branches[0], form, k, n, p)


def _in_panels(op: ir.Operation, j: int, p: int, c_index: int | None, c3: ir.Value | None) -> bool:
    """Rewrites the elementwise generic `op` over [M, N] to run on the panel view [M, J, P] (J P =
    N), in place: each operand indexed by the columns is expanded along that dim (a free
    expand_shape), operand `c_index` (if any) replaced by `c3`, already in that view, and the
    result's type is [M, J, P]. The caller reshapes what reads the result. False (nothing changed)
    for an op that is not a plain elementwise generic over two dims (or that reads the index)."""
    if op.name != "linalg.generic" or len(op.results) != 1 or inside_forall(op):
        return False
    iterators = [str(t) for t in ir.ArrayAttr(op.attributes["iterator_types"])]
    if len(iterators) != 2 or any("parallel" not in t for t in iterators):
        return False
    if any(o.operation.name == "linalg.index" for o in op.regions[0].blocks[0].operations):
        return False
    maps = [ir.AffineMapAttr(a).value for a in ir.ArrayAttr(op.attributes["indexing_maps"])]
    identity = ir.AffineMap.get_identity(2)
    if maps[-1] != identity or (c_index is not None and maps[c_index] != identity):
        return False
    new_maps, new_operands = [], []
    i_, j_, l_ = (ir.AffineDimExpr.get(x) for x in range(3))
    with ir.InsertionPoint(op), op.location:
        for index, (value, amap) in enumerate(zip(op.operands, maps)):
            dims = [e.position if isinstance(e, ir.AffineDimExpr) else None for e in amap.results]
            if index == c_index:
                new_operands.append(c3)
                new_maps.append(ir.AffineMap.get_identity(3))
                continue
            if None in dims or len(set(dims)) != len(dims) or not isinstance(value.type, ir.RankedTensorType):
                return False
            vt = ir.RankedTensorType(value.type)
            if 1 not in dims:
                new_operands.append(value)
                new_maps.append(ir.AffineMap.get(3, 0, [i_] * len(dims)))  # (only the row dim, or none)
                continue
            pos = dims.index(1)
            if vt.shape[pos] != j * p:
                return False  # (a broadcast unit dim along the columns: not expanded)
            shape = list(vt.shape[:pos]) + [j, p] + list(vt.shape[pos + 1:])
            groups = [[x] for x in range(pos)] + [[pos, pos + 1]] + [[x + 1] for x in range(pos + 1, vt.rank)]
            new_operands.append(tensor.ExpandShapeOp(ir.RankedTensorType.get(shape, vt.element_type), value,
                                                     groups, _dims(value, shape), shape).result)
            exprs = []
            for d in dims:
                exprs += [i_] if d == 0 else [j_, l_]
            new_maps.append(ir.AffineMap.get(3, 0, exprs))
        # (an expand_shape built before a later check declined is dead: canonicalize drops it)
    result_type = ir.RankedTensorType(op.results[0].type)
    for index, value in enumerate(new_operands):
        op.operands[index] = value
    op.attributes["indexing_maps"] = ir.ArrayAttr.get([ir.AffineMapAttr.get(x) for x in new_maps])
    op.attributes["iterator_types"] = ir.ArrayAttr.get(
        [ir.Attribute.parse("#linalg.iterator_type<parallel>")] * 3)
    op.results[0].set_type(ir.RankedTensorType.get([result_type.shape[0], j, p], result_type.element_type))
    return True


def _init_in_panels(init: ir.Value, j: int, p: int) -> ir.Value | None:
    """The packed contraction's init in the panel view when it is the result of an elementwise
    generic that only the contraction reads (the broadcast bias of torch's addmm): that generic is
    rewritten onto the view (_in_panels), so that the schedule fuses it into the contraction's
    tiles like any init producer. None otherwise (the caller expands the init)."""
    if not isinstance(init, ir.OpResult) or len(list(init.uses)) != 1:
        return None
    producer = init.owner.operation
    return producer.results[0] if _in_panels(producer, j, p, None, None) else None


def _epilogue_in_panels(collapse: ir.Operation, j: int, p: int) -> None:
    """Rewrites the elementwise op E that alone reads the packed product C (a bias, an activation)
    to run on C's panel view [M, J, P], as the contraction does: E(collapse(C3)) becomes
    collapse(E3(C3, ...)). The reshape then no longer stands between the contraction and E, which
    the schedule fuses into the contraction's tiles (schedule._attach_epilogues)."""
    users = list(collapse.results[0].uses)
    if len(users) != 1:
        return
    user = users[0].owner.operation
    result_type = user.results[0].type if user.results else None
    if not _in_panels(user, j, p, users[0].operand_number, collapse.operands[0]):
        return
    with ir.InsertionPoint.after(user), user.location:
        out = tensor.CollapseShapeOp(result_type, user.results[0], [[0], [1, 2]])
    user.results[0].replace_all_uses_except(out.result, out.operation)
    collapse.erase()


def pack_matmul_b(module: ir.Operation, host: HostCPU) -> int:
    """Rewrites every `linalg.matmul` that qualifies (see the module's doc); returns how many."""
    # (Only contractions are collected: a rewrite may erase the elementwise op that reads one.)
    return rewrite_each(module, lambda op: op.name in ("linalg.matmul", "linalg.generic") and _contraction(op),
                        lambda op: _rewrite(op, host), declines=(ValueError,))
