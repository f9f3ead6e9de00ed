"""NC-first convolutions (1-d via conv1d.py, 2-d, 3-d, grouped 2-d) as an im2col copy plus a
contraction that tiles like a matmul, one block of output pixels at a time.

Upstream's `convert_conv2d_to_img2col` indexes the flattened (c*kh*kw, oh*ow) column with
floordiv/mod per element, which stays scalar. Here the column is a (c, k_0.., b_0.., ow) tensor
filled by a `linalg.copy` per kernel tap (k_0, ..) from the strided window
`x[n, [g,] :, row_0*s_0 + k_0*d_0 .., k_last*d_last :: s_last]`, in a loop nest over the taps:
plain copies that tile and vectorize like elementwise ops; reshaping the column to
(c*prod(k), prod(b)*ow) is free.

Blocks: the column of a whole convolution (n * c*prod(k) * prod(o) elements: 56 MB for
conv3d_block's second 3x3x3 convolution) was built, then read back from memory by the contraction.
Instead the rewrite emits an `scf.forall` over (n, [g,] o_0 .. o_{r-2} in blocks): each task
builds only its block's column (one row of every outer output dim, `_block_rows` rows of the
one just outside the last, the last whole) of at most twice L1 (and a quarter of L2), and
contracts it at once into its output tile, while the column is in cache. The tasks are the convolution's thread
parallelism: the schedule gives the ops inside a forall no thread tiles of their own
(op_walk.inside_forall). Block sizes divide the output (a symbolic size takes blocks of one row),
so there is no remainder block; the contraction's own register tiles peel or mask as usual.
A zero-filled init (the usual case) is filled per task, in its tile; grouped convolutions
(`conv_2d_ngchw_gfchw`) take the group as a forall dim and contract one group's weight.

With static output sizes a block's column is stored as (c, k_0.., P + pad), P = prod(b)*ow, when
P elements span a multiple of 4 KiB: the contraction reads kc rows of the column at one column
offset per k step, and rows 2^j * 4 KiB apart all fall into the same L1 and L2 sets (8 ways),
so each k block was refetched from further out (a 3x3x3 convolution over 16x32x32 outputs, built
whole: P = 16384 floats, a 64 KiB row stride; over half of its contraction's time was that one
load). One cache line of padding per row spreads the rows over the sets.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from exir_mlir._mlir import arith, ir, linalg, scf, tensor
from exir_mlir.codegen.host import HostCPU, detect_host
from exir_mlir.codegen.op_walk import as_operation, replace_operands, rewrite_each
from exir_mlir.codegen.strategy import PARALLEL_MIN_WORK

_DYNAMIC = ir.ShapedType.get_dynamic_size()
# A symbolic batch counts as this large for a convolution's work (strategy.PARALLEL_MIN_WORK).
_LARGE_BATCH = 1024
# named op -> (spatial rank, grouped)
CONVOLUTIONS = {
    "linalg.conv_2d_nchw_fchw": (2, False),
    "linalg.conv_3d_ncdhw_fcdhw": (3, False),
    "linalg.conv_2d_ngchw_gfchw": (2, True),
}


def _affine_dims(n: int) -> list[ir.AffineExpr]:
    return [ir.AffineDimExpr.get(i) for i in range(n)]


def _groups(groups: list[list[int]]) -> ir.ArrayAttr:
    i64 = ir.IntegerType.get_signless(64)
    return ir.ArrayAttr.get([ir.ArrayAttr.get([ir.IntegerAttr.get(i64, i) for i in g]) for g in groups])


def _attr(op: ir.Operation, name: str, rank: int) -> list[int]:
    if name not in op.attributes:
        return [1] * rank
    return [int(v) for v in ir.DenseIntElementsAttr(op.attributes[name])]


def _generic(result_type, inputs, init, maps, iterators, body) -> ir.Value:
    op = linalg.GenericOp(
        [result_type], inputs, [init],
        ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in maps]),
        ir.ArrayAttr.get([ir.Attribute.parse(f"#linalg.iterator_type<{it}>") for it in iterators]),
    )
    element_types = [ir.ShapedType(v.type).element_type for v in [*inputs, init]]
    block = op.regions[0].blocks.append(*element_types)
    with ir.InsertionPoint(block):
        linalg.YieldOp([body(*block.arguments)])
    return op.results[0]


# Row strides that are a multiple of this many bytes alias in the caches' sets (see above).
_ALIASING_STRIDE = 4096
_CACHE_LINE = 64


def _row_padding(p: int | None, elem: ir.Type) -> int:
    """Elements of padding after each column row of `p` elements (0: none needed)."""
    if p is None or not isinstance(elem, (ir.FloatType, ir.IntegerType)):
        return 0
    width = elem.width
    if width % 8 or (p * width // 8) % _ALIASING_STRIDE:
        return 0
    return _CACHE_LINE * 8 // width


def _block_rows(out_spatial: list[int], k: int, f: int, nbytes: int, lead: list[int | None], host: HostCPU) -> list[int]:
    """The forall's step on each output spatial dim but the last (which a block holds whole): 1,
    except on the dim just outside the last, which takes the most rows whose column block
    (k rows of b * ow elements) fits in twice L1 (and a quarter of L2) while the blocks still make
    two tasks per core. The contraction then reads the block back mostly from L1, where its copy
    wrote it; blocks of a quarter of L2 (512 KiB on Sapphire Rapids) went through L2 both ways,
    and their copy took 40% of a 16-channel 3x3 convolution's time. U-Net at one thread: 3.56 ms
    with quarter-of-L2 blocks, 3.31 with 2 x L1, 3.34 with L1; a residual block 0.52 / 0.48 /
    0.46 ms. At 2 threads the dynamic-batch build of U-Net lost a little (2.31 ms with
    quarter-of-L2 blocks, 2.38 with 2 x L1, 2.41 with L1; why is not known) while its static
    build gained (2.22 / 2.18 / 2.15): 2 x L1 keeps the dynamic one within 1.1x of the static.
    A block is at least one vector register wide (b * ow >= lanes) where the image allows: the
    contraction's register block spans the block's pixels, so splitting a narrow output (a
    4x4 patch grid) into single rows would run it at a quarter of the vector width (with a
    symbolic batch, which counts as one task, it did: ViT's patch embedding 2.1x its static
    build). A symbolic size takes 1 row (no remainder block). A convolution too small to share
    between threads (strategy.PARALLEL_MIN_WORK multiply-adds) is one block per (n [, g])."""
    rank = len(out_spatial)
    blocks = [1] * (rank - 1)
    oh, ow = out_spatial[-2], out_spatial[-1]
    if _DYNAMIC in out_spatial:
        return blocks
    # A symbolic batch (None) counts as large for the work, as one for the tasks.
    if math.prod(v or _LARGE_BATCH for v in lead) * f * k * math.prod(out_spatial) < PARALLEL_MIN_WORK:
        return out_spatial[:-1]
    outer = math.prod(v or 1 for v in lead) * math.prod(out_spatial[:-2])
    budget = min(host.l2_bytes // 4, 2 * host.l1d_bytes)
    fits = [d for d in range(oh, 0, -1) if oh % d == 0 and k * d * ow * nbytes <= budget] or [1]
    fits = [d for d in fits if d * ow >= host.lanes(8 * nbytes)] or fits[:1]
    blocks[-1] = next((d for d in fits if outer * (oh // d) >= 2 * host.cores), fits[-1])
    return blocks


def _index(v) -> ir.Value:
    return arith.constant(ir.IndexType.get(), v) if isinstance(v, int) else v


def _rewrite(conv: ir.Operation, host: HostCPU) -> None:
    rank, grouped = CONVOLUTIONS[conv.name]
    x, w, init = conv.operands
    xt, wt, ot = (ir.RankedTensorType(v.type) for v in (x, w, init))
    lead = 2 if grouped else 1  # dims before the channel dim in x and the output: (n) or (n, g)
    xs, ws, os_ = list(xt.shape), list(wt.shape), list(ot.shape)
    c = xs[lead]
    f = ws[lead - 1]  # (f, c, k..) or (g, f, c, k..)
    g = ws[0] if grouped else None
    kernel = ws[lead + 1:]
    out_spatial = os_[lead + 1:]
    strides, dilations = _attr(conv, "strides", rank), _attr(conv, "dilations", rank)
    elem = xt.element_type
    if any(d == _DYNAMIC for d in [c, f, *kernel] + ([g] if grouped else [])):
        raise ValueError("dynamic channel/kernel sizes")
    index = ir.IndexType.get()

    def size(v, d, s):  # a static size, else its tensor.dim
        return tensor.dim(v, arith.constant(index, d)) if s == _DYNAMIC else s

    # The zero init (a fill only the convolution reads) is filled per block, into the block's
    # slice of the fill's destination; any other init is accumulated into. (Decided before the
    # tensor.dim ops below add uses of the init.)
    owner = init.owner if isinstance(init, ir.OpResult) else None
    fill_value = None
    dest = init
    if owner is not None and owner.name == "linalg.fill" and len(list(init.uses)) == 1:
        fill_value, dest = owner.operands[0], owner.operands[1]

    batch = size(x, 0, xs[0])
    out_v = [size(dest, lead + 1 + i, s) for i, s in enumerate(out_spatial)]
    lead_vals = [batch] + ([g] if grouped else [])
    k = c * math.prod(kernel)
    nbytes = max(1, elem.width // 8) if isinstance(elem, (ir.FloatType, ir.IntegerType)) else 4
    lead_tasks = [v if isinstance(v, int) else None for v in lead_vals]
    blocks = _block_rows(out_spatial, k, f, nbytes, lead_tasks, host)
    # weight (f, c, k..) -> (f, K); grouped (g, f, c, k..) -> (g, f, K), one group's (f, K) per block
    w_lead = [[i] for i in range(lead)]
    w2 = tensor.collapse_shape(ir.RankedTensorType.get([*([g] if grouped else []), f, k], elem), w,
                               _groups(w_lead + [list(range(lead, lead + 1 + rank))]))
    epilogue, epilogue_input = _epilogue(conv) if not grouped else (None, -1)
    shared = _Conv(x=x, dest=dest, fill_value=fill_value, w2=w2, lead=lead, lead_vals=lead_vals,
                   out_spatial=out_spatial, out_v=out_v, c=c, f=f, k=k, kernel=kernel, strides=strides,
                   dilations=dilations, elem=elem, grouped=grouped, epilogue=epilogue,
                   epilogue_input=epilogue_input)
    final = epilogue if epilogue is not None else conv
    choice = _batch_choice(out_spatial, k, f, nbytes, lead_tasks, host, blocks)
    # Built where the epilogue was (its other inputs may be defined after the convolution).
    with ir.InsertionPoint(final):
        if choice is None:
            result = _block_forall(shared, blocks)
        else:
            wide, min_batch = choice
            big = arith.cmpi(arith.CmpIPredicate.sge, batch, _index(min_batch))
            branch = scf.IfOp(big, [final.results[0].type], has_else=True)
            for block, rows in ((branch.then_block, wide), (branch.else_block, blocks)):
                with ir.InsertionPoint(block):
                    scf.YieldOp([_block_forall(shared, rows)])
            result = branch.results[0]
    final.results[0].replace_all_uses_with(result)
    if epilogue is not None:
        epilogue.erase()
    conv.erase()


def _epilogue(conv: ir.Operation) -> tuple[ir.Operation | None, int]:
    """The elementwise op that alone reads the convolution's result, when it can be computed per
    block inside the block's task (fused, as a matmul's epilogue is): a linalg.generic of parallel
    loops over the output's dims, reading the result through the identity map, writing a fresh
    tensor.empty through the identity map without reading it, its other inputs read whole (the
    identity: a residual) or along the batch and channel dims only (a bias, batch norm's
    per-channel vectors), and a payload of plain ops. A batch norm and activation after a
    convolution then run on its block while it is in cache, not as one more pass over the
    output (mobilenet_v2: a fifth of its time). Returns (the op, its operand that is the result),
    or (None, -1)."""
    none = (None, -1)
    uses = list(conv.results[0].uses)
    if len(uses) != 1:
        return none
    user = as_operation(uses[0].owner)
    if user.name != "linalg.generic" or len(user.results) != 1:
        return none
    rank = ir.RankedTensorType(conv.results[0].type).rank
    iterators = [str(a) for a in ir.ArrayAttr(user.attributes["iterator_types"])]
    maps = [ir.AffineMapAttr(a).value for a in ir.ArrayAttr(user.attributes["indexing_maps"])]
    if len(iterators) != rank or any("parallel" not in it for it in iterators):
        return none
    n_inputs = len(user.operands) - 1
    identity = ir.AffineMap.get_identity(rank)
    init = user.operands[n_inputs]
    init_owner = as_operation(init.owner) if isinstance(init, ir.OpResult) else None
    if maps[-1] != identity or init_owner is None or init_owner.name != "tensor.empty":
        return none
    if ir.RankedTensorType(init.type).shape != ir.RankedTensorType(conv.results[0].type).shape:
        return none
    reads = [i for i in range(n_inputs) if user.operands[i] == conv.results[0]]
    if len(reads) != 1 or maps[reads[0]] != identity:
        return none
    for i in range(n_inputs):
        if i == reads[0] or maps[i] == identity:
            continue
        dims = [e.position if isinstance(e, ir.AffineDimExpr) else -1 for e in maps[i].results]
        if maps[i].n_symbols or dims != sorted(set(dims)) or any(d < 0 or d > 1 for d in dims):
            return none  # only (n), (f), (n, f) or () besides the identity
        value_type = user.operands[i].type
        if not isinstance(value_type, ir.RankedTensorType) or _DYNAMIC in ir.RankedTensorType(value_type).shape[1:]:
            return none
    if user.block != conv.block:
        return none
    body = user.regions[0].blocks[0]
    if list(body.arguments[-1].uses):
        return none  # the payload reads the init
    if any(len(op.regions) or op.operation.name == "linalg.index" for op in body.operations):
        return none  # (the block's loops are not the output's: linalg.index would change meaning)
    return user, reads[0]


def _batch_choice(out_spatial: list[int], k: int, f: int, nbytes: int, lead: list[int | None], host: HostCPU,
                  blocks: list[int]) -> tuple[list[int], int] | None:
    """With a symbolic batch, which counts as one task, `blocks` are small enough for one image
    to make two tasks per core. A batch that makes them by itself takes the blocks a large static
    batch takes (fewer, larger blocks: the weight is read once per block, the init filled in
    longer runs): mobilenet_v2 with a dynamic batch of 8 split each 16x16 image of a 1x1
    convolution into 4 blocks of 4 rows (its static build: 1 block of 16), 1.11x its static build.
    Returns (those blocks, the least batch that takes them), or None (no symbolic batch, or the
    same blocks either way): the convolution is then built once for both and chosen at run time."""
    if lead[0] is not None:
        return None
    wide = _block_rows(out_spatial, k, f, nbytes, [_LARGE_BATCH, *lead[1:]], host)
    if wide == blocks:
        return None
    # The least batch n whose blocks make two tasks per core: n * (tasks of one image) >= 2 * cores.
    per_image = math.prod(v or 1 for v in lead[1:]) * math.prod(out_spatial[:-2]) * (out_spatial[-2] // wide[-1])
    return wide, max(2, -(-2 * host.cores // per_image))


@dataclass(frozen=True)
class _Conv:
    """What every block forall of one convolution shares: its operands (the weight as (f, K)),
    sizes (static ints, or index values where symbolic) and attributes."""

    x: ir.Value
    dest: ir.Value
    fill_value: ir.Value | None
    w2: ir.Value
    lead: int  # dims before the channel dim: (n) or (n, g)
    lead_vals: list
    out_spatial: list[int]
    out_v: list
    c: int
    f: int
    k: int
    kernel: list[int]
    strides: list[int]
    dilations: list[int]
    elem: ir.Type
    grouped: bool
    epilogue: ir.Operation | None = None  # the elementwise op that alone reads the result (_epilogue)
    epilogue_input: int = -1  # its operand that is the result


def _block_forall(conv: _Conv, blocks: list[int]) -> ir.Value:
    """The scf.forall over (n [, g], blocks of output rows) that builds each block's column and
    contracts it into the block's output tile."""
    x, dest, fill_value, w2, lead, lead_vals = conv.x, conv.dest, conv.fill_value, conv.w2, conv.lead, conv.lead_vals
    out_spatial, out_v, c, f, k, kernel = conv.out_spatial, conv.out_v, conv.c, conv.f, conv.k, conv.kernel
    strides, dilations, elem, grouped = conv.strides, conv.dilations, conv.elem, conv.grouped
    rank = len(out_spatial)
    index = ir.IndexType.get()
    block_shape = [*blocks, out_spatial[-1]]  # one block of output pixels: (b.., ow)
    # The block's tiles keep its dims larger than 1 (and ow): with the unit ones kept, the
    # result's expand_shape gave them other strides than the output's slice, and bufferization
    # copied every block's result onto itself.
    kept = [b for b in blocks if b != 1] + [out_spatial[-1]]
    kept_vals = [b for b in blocks if b != 1] + [out_v[-1]]
    nb = len(kept)
    dyn_ow = [] if isinstance(out_v[-1], int) else [out_v[-1]]
    p = math.prod(block_shape) if out_spatial[-1] != _DYNAMIC else None
    pad = _row_padding(p, elem)

    epilogue = conv.epilogue
    # With an epilogue, the task writes the epilogue's result; the convolution's block is a tile of
    # its own (a filled empty one, or the block of its init).
    target = epilogue.operands[len(epilogue.operands) - 1] if epilogue is not None else dest
    forall = scf.ForallOp([0] * (lead + rank - 1), [*lead_vals, *out_v[:-1]], [1] * lead + blocks,
                          shared_outs=[target])
    with ir.InsertionPoint(forall.body):
        ivs = list(forall.induction_variables)
        acc = forall.inner_iter_args[0]
        lead_iv, rows = ivs[:lead], ivs[lead:]
        # The block's output tile (f, b.., ow) at (n [, g], 0, rows.., 0).
        out_offsets = [*lead_iv, *rows]
        out_static_offsets = [_DYNAMIC] * lead + [0] + [_DYNAMIC] * (rank - 1) + [0]
        out_sizes = [1] * lead + [f] + block_shape
        out_type = ir.RankedTensorType.get([f, *kept], elem)
        ones_out = [1] * (lead + 1 + rank)
        if epilogue is None:
            out_tile = tensor.ExtractSliceOp(out_type, acc, out_offsets, dyn_ow, [], out_static_offsets,
                                             out_sizes, ones_out).result
        elif fill_value is not None:
            out_tile = tensor.empty([f, *kept_vals], elem)
        else:
            out_tile = tensor.ExtractSliceOp(out_type, dest, out_offsets, dyn_ow, [], out_static_offsets,
                                             out_sizes, ones_out).result
        if fill_value is not None:
            out_tile = linalg.fill(fill_value, outs=[out_tile])

        def block_of(value: ir.Value) -> ir.Value:
            """The block's (f, b.., ow) slice of a tensor shaped like the output."""
            value_type = ir.RankedTensorType.get([f, *kept], ir.RankedTensorType(value.type).element_type)
            return tensor.ExtractSliceOp(value_type, value, out_offsets, dyn_ow, [], out_static_offsets,
                                         out_sizes, ones_out).result

        window_type = ir.RankedTensorType.get([c, *kept], elem)
        ones = [1] * rank
        if pad:
            col = tensor.empty([c, *kernel, p + pad], elem)
        else:
            col = tensor.empty([c, *kernel, *kept_vals], elem)

        def copy_tap(col: ir.Value, tap: list[ir.Value]) -> ir.Value:
            # x[n [, g], :, row_i * s_i + tap_i * d_i .., tap_last * d_last ::s_last] for the block's
            # rows; `tap` holds the kernel dims' indices (a constant 0 for a kernel dim of 1).
            starts = []
            for i in range(rank):
                start = arith.muli(tap[i], _index(dilations[i])) if dilations[i] != 1 else tap[i]
                if i < rank - 1:
                    row = arith.muli(rows[i], _index(strides[i])) if strides[i] != 1 else rows[i]
                    start = arith.addi(row, start)
                starts.append(start)
            # A dim of one element takes stride 1: with its conv stride (2 for a 1x1 output of a strided
            # conv), bufferization gave the rank-reduced view a unit dim stride no source dim has, and
            # MLIR aborted finding which dims the subview dropped (memref.subview getDroppedDims).
            window_strides = [1 if n == 1 else s for n, s in zip(block_shape, strides)]
            window = tensor.ExtractSliceOp(
                window_type, x, [*lead_iv, *starts], dyn_ow, [], [_DYNAMIC] * lead + [0] + [_DYNAMIC] * rank,
                [1] * lead + [c] + block_shape, [1] * (lead + 1) + window_strides).result
            if pad:
                # The tap's row segment [0, P) of the padded column, viewed as the block's shape.
                flat_type = ir.RankedTensorType.get([c, p], elem)
                flat_offsets = [0] + [_DYNAMIC] * rank + [0]
                flat_sizes = [c, *ones, p]
                flat = tensor.ExtractSliceOp(flat_type, col, tap, [], [], flat_offsets, flat_sizes,
                                             [1] * len(flat_sizes)).result
                groups = _groups([[0], list(range(1, 1 + nb))])
                slot = tensor.ExpandShapeOp(window_type, flat, groups, [],
                                            ir.DenseI64ArrayAttr.get([c, *kept])).result
                copied = linalg.copy(window, outs=[slot])
                back = tensor.collapse_shape(flat_type, copied, groups)
                return tensor.InsertSliceOp(back, col, tap, [], [], flat_offsets, flat_sizes,
                                            [1] * len(flat_sizes)).result
            col_offsets = [0] + [_DYNAMIC] * rank + [0] * nb
            col_sizes = [c, *ones, *kept]
            slot = tensor.ExtractSliceOp(window_type, col, tap, dyn_ow, [], col_offsets, col_sizes,
                                         [1] * len(col_sizes)).result
            copied = linalg.copy(window, outs=[slot])
            return tensor.InsertSliceOp(copied, col, tap, dyn_ow, [], col_offsets, col_sizes,
                                        [1] * len(col_sizes)).result

        # Compile time: one copy in a loop nest over the kernel taps (scf.for, one loop per kernel
        # dim larger than 1), not one copy per tap: each copy tiles, vectorizes and is outlined into
        # code of its own, so 27 taps of a 3x3x3 kernel were 27 times the code of one.
        def nest(level: int, col: ir.Value, tap: list[ir.Value]) -> ir.Value:
            if level == rank:
                return copy_tap(col, tap)
            if kernel[level] == 1:
                return nest(level + 1, col, [*tap, arith.constant(index, 0)])
            loop = scf.ForOp(arith.constant(index, 0), arith.constant(index, kernel[level]),
                             arith.constant(index, 1), [col])
            with ir.InsertionPoint(loop.body):
                scf.YieldOp([nest(level + 1, loop.inner_iter_args[0], [*tap, loop.induction_variable])])
            return loop.results[0]

        col = nest(0, col, [])
        if grouped:
            wg = tensor.ExtractSliceOp(ir.RankedTensorType.get([f, k], elem), w2, [lead_iv[1]], [], [],
                                       [_DYNAMIC, 0, 0], [1, f, k], [1, 1, 1]).result
        else:
            wg = w2
        is_float = isinstance(elem, ir.FloatType)
        mul, add = (arith.mulf, arith.addf) if is_float else (arith.muli, arith.addi)
        k_group = list(range(0, 1 + rank))
        # Loops: f, p (one collapsed dim when static, else the block's spatial dims), k.
        np_ = 1 if p is not None else nb
        nd = 1 + np_ + 1
        e = _affine_dims(nd)
        f_e, p_e, k_e = e[0], e[1:1 + np_], e[-1]
        maps = [ir.AffineMap.get(nd, 0, [f_e, k_e]), ir.AffineMap.get(nd, 0, [k_e, *p_e]),
                ir.AffineMap.get(nd, 0, [f_e, *p_e])]
        iterators = ["parallel"] * (nd - 1) + ["reduction"]
        body = lambda a, b, accum: add(accum, mul(a, b))  # noqa: E731
        if p is not None:
            if pad:
                # (c, k.., P + pad) -> (K, P + pad), then its rows' first P columns.
                padded = tensor.collapse_shape(ir.RankedTensorType.get([k, p + pad], elem), col,
                                               _groups([k_group, [1 + rank]]))
                col2 = tensor.ExtractSliceOp(ir.RankedTensorType.get([k, p], elem), padded, [], [], [],
                                             [0, 0], [k, p], [1, 1]).result
            else:
                col2 = tensor.collapse_shape(ir.RankedTensorType.get([k, p], elem), col,
                                             _groups([k_group, list(range(1 + rank, 1 + rank + nb))]))
            out_groups = _groups([[0], list(range(1, 1 + nb))])
            init2 = tensor.collapse_shape(ir.RankedTensorType.get([f, p], elem), out_tile, out_groups)
            product = _generic(init2.type, [wg, col2], init2, maps, iterators, body)
            # The epilogue fused into the contraction's register tiles, on the collapsed (f, P) block;
            # or, when its result is the interior of a padded buffer (the next convolution's input),
            # after the block is expanded: its block there is not contiguous, and the collapsed
            # form's init became a copy of the block into a temporary and its result a copy back,
            # per block (mobilenet_v2's dynamic build: 2 x 8 x 256 KiB per call for one
            # convolution). On the block's own dims it writes the padded buffer directly, one pass
            # over the block in cache instead of being fused into the contraction's tiles.
            into_padding = epilogue is not None and _into_padding(epilogue)
            if epilogue is not None and not into_padding:
                def flat(tile):  # (f, b.., ow) -> (f, P), as the contraction's result
                    flat_type = ir.RankedTensorType.get([f, p], ir.RankedTensorType(tile.type).element_type)
                    return tensor.collapse_shape(flat_type, tile, out_groups)
                product = _block_epilogue(epilogue, conv.epilogue_input, product, lambda v: flat(block_of(v)),
                                          flat(block_of(acc)), lead_iv)
            result_type = ir.RankedTensorType.get([f, *kept], ir.RankedTensorType(product.type).element_type)
            result = tensor.expand_shape(result_type, product, out_groups, [], ir.DenseI64ArrayAttr.get([f, *kept]))
            if into_padding:
                result = _block_epilogue(epilogue, conv.epilogue_input, result, block_of, block_of(acc), lead_iv)
        else:
            # A symbolic width: the block's spatial dims stay separate (a collapsed dynamic size
            # could not be expanded back: at most one dynamic size per reassociation group).
            spatial = [[i] for i in range(1 + rank, 1 + rank + nb)]
            col2 = tensor.collapse_shape(ir.RankedTensorType.get([k, *kept], elem), col,
                                         _groups([k_group] + spatial))
            result = _generic(out_type, [wg, col2], out_tile, maps, iterators, body)
            if epilogue is not None:
                result = _block_epilogue(epilogue, conv.epilogue_input, result, block_of, block_of(acc), lead_iv)
        with ir.InsertionPoint(forall.terminator().block):
            tensor.ParallelInsertSliceOp(result, acc, out_offsets, dyn_ow, [], out_static_offsets, out_sizes,
                                         ones_out)
    return forall.results[0]


def _into_padding(epilogue: ir.Operation) -> bool:
    """Whether `epilogue`'s result is only inserted into a larger tensor (the interior of a padding)."""
    uses = list(epilogue.results[0].uses)
    if len(uses) != 1:
        return False
    user = as_operation(uses[0].owner)
    return (user.name == "tensor.insert_slice" and uses[0].operand_number == 0
            and user.results[0].type != epilogue.results[0].type)


def _block_epilogue(epilogue: ir.Operation, result_input: int, product: ir.Value, tile_of, init: ir.Value,
                    lead_iv: list) -> ir.Value:
    """`epilogue` (see _epilogue) computed on the block's result `product` ((f, P), or (f, b.., ow)
    for a symbolic width) into `init`: its inputs read whole take their block (`tile_of`), those
    read along (n, f) take their row at the block's image; the payload is cloned."""
    n_inputs = len(epilogue.operands) - 1
    maps = [ir.AffineMapAttr(a).value for a in ir.ArrayAttr(epilogue.attributes["indexing_maps"])]
    rank = maps[-1].n_dims
    tile_rank = ir.RankedTensorType(product.type).rank
    d = _affine_dims(tile_rank)
    whole = ir.AffineMap.get(tile_rank, 0, d)
    inputs, tile_maps = [], []
    for i in range(n_inputs):
        value = epilogue.operands[i]
        if maps[i] == ir.AffineMap.get_identity(rank):
            inputs.append(product if i == result_input else tile_of(value))
            tile_maps.append(whole)
            continue
        dims = [e.position for e in maps[i].results]
        vt = ir.RankedTensorType(value.type)
        if 0 in dims:  # its image's row: (n, f) -> (f), (n) -> ()
            channels = [vt.shape[1]] if 1 in dims else []
            value = tensor.ExtractSliceOp(ir.RankedTensorType.get(channels, vt.element_type), value, [lead_iv[0]],
                                          [], [], [_DYNAMIC] + [0] * len(channels), [1, *channels],
                                          [1] * (1 + len(channels))).result
        inputs.append(value)
        tile_maps.append(ir.AffineMap.get(tile_rank, 0, [d[0]] if 1 in dims else []))
    result_type = ir.RankedTensorType.get(list(ir.RankedTensorType(product.type).shape),
                                          ir.RankedTensorType(init.type).element_type)
    op = linalg.GenericOp([result_type], inputs, [init],
                          ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in [*tile_maps, whole]]),
                          ir.ArrayAttr.get([ir.Attribute.parse("#linalg.iterator_type<parallel>")] * tile_rank))
    source = epilogue.regions[0].blocks[0]
    block = op.regions[0].blocks.append(*[a.type for a in source.arguments])
    mapping = dict(zip(source.arguments, block.arguments))
    with ir.InsertionPoint(block):
        for inner in source.operations:
            clone = inner.operation.clone()
            replace_operands(clone, mapping)
            mapping.update(zip(inner.operation.results, clone.results))
    return op.results[0]


def convolutions_to_im2col(module: ir.Operation, host: HostCPU | None = None) -> int:
    """Rewrite every NC-first 2-d / 3-d / grouped 2-d linalg convolution with static channels and
    kernel (batch and spatial sizes may be dynamic); returns how many were rewritten."""
    # A declined convolution is left to the generic path (scalar loops), which handles any size.
    host = host or detect_host()
    return rewrite_each(module, lambda op: op.name in CONVOLUTIONS and bool(op.results),
                        lambda op: _rewrite(op, host), declines=(ValueError,))
