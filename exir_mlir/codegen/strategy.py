"""Chooses, per linalg op, how to tile it for threads, caches and vector registers."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from exir_mlir._mlir import ir, linalg
from exir_mlir.codegen.host import HostCPU
from exir_mlir.codegen.op_walk import contains_op
from exir_mlir.codegen.pack_matmul import PACKED_MARK
from exir_mlir.codegen.transposed_reads import transposed_read_dims

DYNAMIC = ir.ShapedType.get_dynamic_size()
# On a reduction along a dim known only at run time: the branch for rows shorter than its vector
# tile (codegen/short_rows.py), planned with partial sums one register wide.
SHORT_ROWS = "exir.short_rows"

# Below this many scalar multiply-adds (or elements) an op runs on one thread: waking the OpenMP
# pool's workers costs microseconds (far more when the other cores are busy), more than such an
# op takes. (At 1 << 18, the copies, fills and batch-norm epilogues of a static 8x16x32x32
# residual block ran on one thread while its dynamic-batch build, whose batch counts as 1024,
# split them: the static build was the slower one.)
PARALLEL_MIN_WORK = 1 << 15


@dataclass
class OpPlan:
    """How one linalg op is tiled; tile size 0 leaves a loop dimension untiled."""

    kind: str  # "contraction", "elementwise", "reduction", "convolution" or "loops"
    loop_sizes: list[int]  # static loop bounds (DYNAMIC when unknown)
    iterators: list[str]  # "parallel" / "reduction" per loop
    thread_tiles: list[int]  # scf.forall tiles, one iteration per task
    cache_tiles: list[int] = field(default_factory=list)  # scf.for tiles of reductions (caches)
    vector_tiles: list[int] = field(default_factory=list)  # innermost tiles = vector shape
    split_reduction: bool = False  # partial vector accumulators for a contiguous reduction
    reduction_vector: int = 0  # with split_reduction: lanes of the partial accumulators
    fuse_init: bool = False  # fuse the producer of the init (linalg.fill) into the forall
    # (c, lanes) of a copy by square blocks transposed in registers (plan_transposed_blocks)
    transposed_block: tuple[int, int] | None = None
    # Elements of one vector register: the unit in which a remainder of the lanes (vector_tiles'
    # innermost dim wider than 1) of a size known only at run time is cut (schedule._peeled).
    register_lanes: int = 0
    # The op reads with tensor.extract (a gather; gather_rows.py): vectorized only where unmasked.
    # Upstream's masked vectorization of a contiguous tensor.extract builds a transfer_read whose
    # mask has the op's rank, not the source's (invalid IR: an embedding's row remainder of a width
    # that is not a whole number of vectors); the masked remainder runs scalar instead.
    gathers: bool = False


def element_bits(op: ir.OpView) -> int:
    """Bit width of the widest element the op writes (what its vectors hold)."""
    widest = 8
    for value in op.results:
        elem = value.type.element_type
        width = elem.width if isinstance(elem, (ir.FloatType, ir.IntegerType)) else 32
        widest = max(widest, width)
    return widest


def _operands(op: ir.OpView) -> list[ir.Value]:
    return list(op.operation.operands)


def loop_bounds(op: ir.OpView) -> list[int]:
    """Static bound of every loop of `op`, DYNAMIC where no operand dim pins it."""
    maps = [m.value for m in linalg.get_indexing_maps(op)]
    bounds = [DYNAMIC] * maps[0].n_dims
    for value, amap in zip(_operands(op), maps):
        shape = value.type
        if not isinstance(shape, ir.ShapedType):
            continue
        for pos, expr in enumerate(amap.results):
            if isinstance(expr, ir.AffineDimExpr):
                loop = expr.position
                if not shape.is_dynamic_dim(pos):
                    bounds[loop] = shape.get_dim_size(pos)
    return bounds


def iterator_kinds(op: ir.OpView) -> list[str]:
    """A loop is a reduction iff the (first) init's indexing map does not use it."""
    maps = [m.value for m in linalg.get_indexing_maps(op)]
    out_map = maps[len(maps) - len(op.results)] if op.results else maps[-1]
    used = {e.position for e in out_map.results if isinstance(e, ir.AffineDimExpr)}
    return ["parallel" if d in used else "reduction" for d in range(out_map.n_dims)]


def _serial(bounds: list[int]) -> bool:
    """Whether an op runs on one thread whatever its sizes: known sizes of less than
    PARALLEL_MIN_WORK work. An op with a dynamic size gets thread tiles, and its loop chooses at run
    time (parallel_work.py: serial below PARALLEL_MIN_WORK of its real work). Counting the size as
    1024 here left a 1-D elementwise op of a dynamic length on one thread at any length: 1M
    elements of tanh(relu(x * 1.5 + 0.5) * x) took 0.82 ms at 2 threads against its static build's
    0.47 ms."""
    return DYNAMIC not in bounds and math.prod(bounds) < PARALLEL_MIN_WORK


def _clamp(tile: int, bound: int) -> int:
    return tile if bound == DYNAMIC else max(1, min(tile, bound))


def _round_up(value: int, multiple: int) -> int:
    return -(-value // multiple) * multiple


def _dividing_tile(tile: int, bound: int, multiple: int) -> int:
    """A thread tile that divides a static loop: the largest multiple of `multiple` (the vector tile)
    in [tile / 2, tile] that divides `bound` (3136 = 56 * 56 iterations take 112-wide tiles, not 24
    of 128 and one of 64, whose dynamic size would need masked or peeled vector tiles), else `tile`."""
    if tile <= 1 or bound == DYNAMIC or bound % tile == 0:
        return tile
    multiple = max(1, multiple)
    for t in range(tile - tile % multiple, max(multiple, tile // 2) - 1, -multiple):
        if t > 0 and bound % t == 0:
            return t
    return tile


def _dividing_tiles(thread: list[int], bounds: list[int], vector: list[int]) -> list[int]:
    return [_dividing_tile(t, b, v) for t, b, v in zip(thread, bounds, vector)]


def _reduction_is_contiguous(op: ir.OpView, k_dims: list[int]) -> bool:
    """Both inputs run along k in memory (x @ W^T, the layout of torch's linear weights)."""
    maps = [m.value for m in linalg.get_indexing_maps(op)]
    n_inputs = len(op.operation.operands) - len(op.results)
    for amap in maps[:n_inputs]:
        results = list(amap.results)  # the bindings' sequences take no negative indices
        last = results[-1] if results else None
        if not (isinstance(last, ir.AffineDimExpr) and last.position == k_dims[-1]):
            return False
    return True


def plan_dot_contraction(op: ir.OpView, host: HostCPU, bounds, iters, m_dims, n_dims, k_dims) -> OpPlan:
    """C = A B^T with k contiguous in both: an mr x nr block of lane-wide partial dot products
    (pure vector FMAs in the k loop), reduced across lanes once per block."""
    lanes = host.lanes(element_bits(op))
    # mr x nr accumulators plus the operand vectors of one k step must fit the register file: 4x4
    # with 32 registers; 4x3 with 16 (12 accumulators; FMAs take one operand from memory). On AVX2,
    # 4x3 ran linear layers (256 rows, K 256/1024, N 256-1024) about 1.2x faster than 2x4 (one
    # horizontal combine per 12 outputs instead of per 8, 7 loads per 12 FMAs instead of 6 per 8);
    # 3x4 and 2x6 spill.
    mr, nr = (4, 4) if host.vector_registers >= 32 else (4, 3)
    n = len(bounds)
    thread, vector = [0] * n, [0] * n
    for d in range(n):
        if iters[d] == "parallel":
            thread[d], vector[d] = 1, 1
    m, nn, k = m_dims[-1], n_dims[-1], k_dims[-1]
    vector[m], vector[nn], vector[k] = _clamp(mr, bounds[m]), _clamp(nr, bounds[nn]), _clamp(lanes, bounds[k])
    thread[m], thread[nn] = _clamp(64, bounds[m]), _clamp(64, bounds[nn])
    if _serial(bounds):
        thread = [0] * n
    else:
        _split_for_cores(thread, bounds, [m, nn], host.cores, multiple=4)
        thread = _dividing_tiles(thread, bounds, vector)
    return OpPlan(kind="dot", loop_sizes=bounds, iterators=iters, thread_tiles=thread, vector_tiles=vector,
                  split_reduction=True, reduction_vector=vector[k], fuse_init=True, register_lanes=lanes)


def plan_contraction(op: ir.OpView, host: HostCPU) -> OpPlan:
    """matmul / batch_matmul / contraction generics: a register-blocked outer-product kernel."""
    bounds, iters = loop_bounds(op), iterator_kinds(op)
    dims = linalg.infer_contraction_dimensions(op)
    m_dims, n_dims, k_dims = list(dims.m), list(dims.n), list(dims.k)
    # The dot kernel splits its one reduction loop into lane-wide partial sums; a contraction with
    # further reduction loops (a dim only one operand indexes: `(x[:, None, None, :] * w).sum((2,
    # 3))`) takes the outer-product plan, which runs every other reduction loop as a loop of 1.
    if m_dims and n_dims and len(k_dims) == 1 and iters.count("reduction") == 1 \
            and _reduction_is_contiguous(op, k_dims) and bounds[k_dims[-1]] != DYNAMIC and bounds[k_dims[-1]] >= host.lanes(element_bits(op)):
        return plan_dot_contraction(op, host, bounds, iters, m_dims, n_dims, k_dims)
    lanes = host.lanes(element_bits(op))
    # Register block mr x nr: nr = two vectors along n, mr rows so that the accumulators fill about
    # half the register file (8x32 f32 on AVX-512 = 16 zmm), leaving room for operands.
    nr = 2 * lanes
    mr = max(1, min(8, (host.vector_registers // 2) // 2))
    # Cache blocks: a kc x nc panel of B stays in L2, an mc x kc block of A in L1.
    nc = 256 if host.vector_bits >= 512 else 128
    kc = 64
    mc = 64
    packed = PACKED_MARK in op.operation.attributes
    if packed:
        # B in contiguous panels (pack_matmul.py), nc = 32 columns of them per thread tile.
        nc = 32
        mr = packed_register_rows(host)
        mc, kc = packed_blocks(bounds[k_dims[-1]] if k_dims else DYNAMIC, nr, element_bits(op), host)

    n = len(bounds)
    thread, cache, vector = [0] * n, [0] * n, [0] * n
    for d in range(n):
        if iters[d] == "parallel":
            thread[d], vector[d] = 1, 1  # batch-like dims: one slice per task
        else:
            cache[d], vector[d] = 1, 1
    if m_dims:
        m = m_dims[-1]
        vector[m] = _clamp(mr, bounds[m])
        thread[m] = _clamp(mc, bounds[m])
    if n_dims:
        nn = n_dims[-1]
        vector[nn] = _clamp(nr, bounds[nn])
        thread[nn] = _clamp(nc, bounds[nn])
        if packed:  # the panel dim: as many panels as make nc columns
            thread[n_dims[-2]] = _clamp(max(1, nc // bounds[nn]), bounds[n_dims[-2]])
    if k_dims:
        k = k_dims[-1]
        cache[k] = _clamp(kc, bounds[k])
    if _serial(bounds):
        thread = [0] * n
    elif m_dims and n_dims:
        _split_for_cores(thread, bounds, [m_dims[-1]], host.cores, multiple=vector[m_dims[-1]])
    thread = _dividing_tiles(thread, bounds, vector)
    return OpPlan(
        kind="contraction",
        loop_sizes=bounds,
        iterators=iters,
        thread_tiles=thread,
        cache_tiles=cache,
        vector_tiles=vector,
        fuse_init=True,
        register_lanes=lanes,
    )


def packed_register_rows(host: HostCPU) -> int:
    """Rows of the packed kernel's register block (its columns: two vectors). With 16 registers
    (AVX2), 6 x 16: 12 accumulators, the panel's 2 vectors and a broadcast fill 15 of them (BLIS's
    Haswell/Zen sgemm block). The 4 x 16 block of the unpacked kernel has 8 accumulators, just the
    FMA latency times the FMA ports (4 x 2 on Zen 3), and 6 loads per 8 FMAs: packed, against it,
    in one process (Zen 3, one thread, bench_matmul_ab, against 4 rows in 64-row tiles): x @ W^T + bias +
    ReLU 0.75x the time at 1024^3 and 0.69x at 2048^3, A @ B 0.97x / 0.89x. With 32 registers, 8
    rows (8 x 32 on AVX-512: 16 of them accumulate)."""
    return 8 if host.vector_registers >= 32 else 6


# Rows of A per thread tile of the packed kernel with 32 registers (packed_blocks) ...
PACKED_ROWS = 256
# ... and while this many rows of A and their panel fit half of L2 together, this many.
_PACKED_ROWS_SMALL_K = 64


def packed_blocks(k: int, nr: int, bits: int, host: HostCPU) -> tuple[int, int]:
    """(mc, kc) of the packed outer-product kernel (nr: its register block's columns, one panel;
    `bits`: the element's): mc rows of A per thread tile (of one panel), k blocks of kc steps
    (kc = K: each register block runs its whole k loop, and C's block is read and written once).
    With 32 registers (AVX-512: an 8 x 32 register block, 16 FMAs per k step against 2 cache lines
    of its panel):

    The panel (kc x nr) is read from L2 by every register block of a thread tile but the first,
    which brings it from L3 (or memory): one stream of two cache lines per k step, more than the
    hardware prefetcher keeps up with from there. With 64-row tiles that was 1 block in 8, and
    where the tile's block of A and the panel no longer fit half of L2 together (they compete for
    it), 2048^3 ran at 77-82% of the FMA peak against 84-90% for 512^3 / 1024^3; 256-row tiles (A
    then streams from L3, 8 rows of one line per 16 k steps: that it keeps up with) ran it at
    86-93% (Zen 5, 1 MiB L2, one thread, interleaved with the 64-row build: 0.83-0.91x its time).
    Where they fit (K <= 1365 for f32 at 1 MiB), the 64-row tile keeps its block of A in L2 for
    every panel, and 256-row tiles were no faster (0.97-1.02x at 512^3, 1024^3, 768-deep layers;
    a C model of the kernel slightly slower at 768 and 1024). Blocking k does not help while the
    panel stays in L2: at 2048^3, 256-row tiles ran as fast with the whole k loop as with k blocks
    of 512 or 1024 (the C model); with 64-row tiles, 256-deep blocks ran 512^3 / 1024^3 / 2048^3
    at 81% / 86% / 71% of the peak against 90% / 88% / 82% with the whole k loop (load 5.8). Past half of L2 (K > 4096 for f32 at 1 MiB) it does: k blocks
    whose panel fills a quarter of L2 (2048 f32 steps; 8192-deep k, C model: 224 GFLOP/s against
    206 with the whole k loop and 211 with the 256-deep blocks used before). The C tile
    accumulates across the k blocks in memory (256 x 32 f32: 32 KiB, in L1), and an epilogue then
    runs as its own pass after the last k block (schedule._epilogue_fits). A k that no block
    divides ends in a partial block; a k known only at run time is never packed."""
    if host.vector_registers < 32:
        # With 16 registers (AVX2, nr 16, mr 6) a kc x nc block (2 panels of 256 k steps, 32 KiB
        # of f32) is what the 96 rows of a thread tile (16 register blocks) reuse from L1, and the
        # k loop of a 96-row block of A (96 KiB: in L2) runs in K/256 blocks. Measured on 1024^3
        # and 2048^3 at one thread (AVX2, 32 KiB L1), against kc 32..128 and nc 64..128: ~83% /
        # ~76% of the FMA peak with mr 4 and 64 rows, where kc 64 x nc 128 ran at ~60%. With mr 6
        # (Zen 3, 512 KiB L2, bench_matmul_ab against mr 4 x 64 rows, time ratios at 1024^3 /
        # 2048^3): 96 x 256: A @ B 0.97 / 0.89, linear + ReLU 0.75 / 0.69; 48 x 256: 0.90 / 0.97,
        # 0.85 / 0.79; 144 x 256 and 192 x 256 no better than 96; kc 128 or 512 no better.
        return 96, 256
    elem_bytes = bits // 8
    if k != DYNAMIC and (_PACKED_ROWS_SMALL_K + nr) * k * elem_bytes <= host.l2_bytes // 2:
        return _PACKED_ROWS_SMALL_K, k
    if k != DYNAMIC and k * nr * elem_bytes <= host.l2_bytes // 2:
        return PACKED_ROWS, k
    return PACKED_ROWS, max(1, host.l2_bytes // 4 // (nr * elem_bytes))


def _split_for_cores(thread: list[int], bounds: list[int], dims: list[int], cores: int, *, multiple: int) -> None:
    """Shrink thread tiles on `dims` until there are at least 2 tasks per core."""
    def tasks() -> int:
        return math.prod(
            -(-b // t) if (t and b != DYNAMIC) else (8 if t else 1) for b, t in zip(bounds, thread)
        )

    for d in dims:
        while tasks() < 2 * cores and thread[d] > multiple:
            thread[d] = max(multiple, _round_up(thread[d] // 2, multiple))


def _distribute_parallel(iters: list[int], bounds: list[int], host: HostCPU, inner_vector: int) -> list[int]:
    """Thread tiles for an op whose parallel loops are independent: split the outermost big one."""
    n = len(bounds)
    thread = [0] * n
    if _serial(bounds):
        return thread
    parallel = [d for d in range(n) if iters[d] == "parallel"]
    for d in parallel:
        if bounds[d] == 1:
            continue
        if d == n - 1:
            # The contiguous dim itself: chunks of whole vectors, several per core.
            size = bounds[d] if bounds[d] != DYNAMIC else 1 << 16
            grain = _round_up(max(inner_vector, -(-size // (8 * host.cores))), inner_vector)
            thread[d] = _dividing_tile(grain, bounds[d], inner_vector)
        else:
            thread[d] = 1
        break
    return thread


def plan_elementwise(op: ir.OpView, host: HostCPU) -> OpPlan:
    """All loops parallel: 1-D vectors along the innermost loop, rows across threads."""
    bounds, iters = loop_bounds(op), iterator_kinds(op)
    n = len(bounds)
    width = 4 * host.lanes(element_bits(op))  # 4 vectors in flight hide the FMA/load latency
    vector = [1] * n
    if n:
        vector[-1] = _clamp(width, bounds[-1])
    thread = _distribute_parallel(iters, bounds, host, vector[-1] if n else 1)
    return OpPlan(kind="elementwise", loop_sizes=bounds, iterators=iters, thread_tiles=thread, vector_tiles=vector,
                  register_lanes=host.lanes(element_bits(op)))


# The side of a square register block of a transposing copy: 16 x 16 f32 is one AVX-512 shuffle
# network (schedule.py); other element types and hosts get the same blocks, transposed by the
# generic lowering of vector.transpose (one shuffle of the block).
TRANSPOSE_BLOCK = 16


def plan_transposed_blocks(op: ir.OpView, host: HostCPU, dims: tuple[int, int]) -> OpPlan:
    """An elementwise op that reads an input transposed (transposed_reads.py: `dims` = (c, lanes),
    c the input's contiguous loop), by TRANSPOSE_BLOCK x TRANSPOSE_BLOCK blocks over c and the
    lanes, each read as rows contiguous along c and transposed in registers. With the elementwise
    plan (a vector tile along the lanes only) every vector gathered its elements a row apart: the
    copy of W [N, K] into panels at K = 1024, whose rows share one L1 set, took 0.5 ms of a 1.1 ms
    linear of 64 rows (0.2 ms by 16 x 16 blocks); a K^T copy of a dynamic sequence gathered 64
    lanes under a mask, which LLVM scalarized with a branch per lane.

    A thread tile on c is a whole number of blocks (a tile of 1 row would leave no block)."""
    plan = plan_elementwise(op, host)
    c, lanes = dims
    plan.vector_tiles[c] = _clamp(TRANSPOSE_BLOCK, plan.loop_sizes[c])
    plan.vector_tiles[lanes] = _clamp(TRANSPOSE_BLOCK, plan.loop_sizes[lanes])
    if plan.thread_tiles[c]:
        plan.thread_tiles[c] = _dividing_tile(_round_up(plan.thread_tiles[c], plan.vector_tiles[c]),
                                              plan.loop_sizes[c], plan.vector_tiles[c])
    plan.transposed_block = dims
    return plan


def plan_reduction(op: ir.OpView, host: HostCPU) -> OpPlan:
    """Reductions: vectorize along the innermost loop; a contiguous reduction keeps partial sums."""
    bounds, iters = loop_bounds(op), iterator_kinds(op)
    n = len(bounds)
    width = (1 if SHORT_ROWS in op.operation.attributes else 4) * host.lanes(element_bits(op))
    vector = [1] * n
    vector[-1] = _clamp(width, bounds[-1])
    thread = _distribute_parallel(iters, bounds, host, vector[-1])
    # Partial accumulators need one result combined by one associative op, without loop indices
    # (argmax-like bodies are not splittable). Several reduction loops split too when they are the
    # innermost ones (a group norm's [C/G, H, W] of a dynamic H and W, which torch's decomposition
    # leaves uncollapsed: one vector accumulator is carried through all of them, each step a full
    # vector; reduced one row at a time, every step ended in a horizontal reduction).
    split = (
        iters[-1] == "reduction"
        and all(it == "reduction" for it in iters[iters.index("reduction"):])
        and len(op.results) == 1
        and not _uses_index(op)
        and (bounds[-1] == DYNAMIC or bounds[-1] > width)
    )
    return OpPlan(
        kind="reduction",
        loop_sizes=bounds,
        iterators=iters,
        thread_tiles=thread,
        vector_tiles=vector,
        split_reduction=split,
        register_lanes=host.lanes(element_bits(op)),
    )


def plan_loops(op: ir.OpView, host: HostCPU) -> OpPlan:
    """Anything else (pooling, gathers, ...): threads over parallel loops, scalar code inside."""
    bounds, iters = loop_bounds(op), iterator_kinds(op)
    thread = _distribute_parallel(iters, bounds, host, 1)
    return OpPlan(kind="loops", loop_sizes=bounds, iterators=iters, thread_tiles=thread)


CONV_TO_IM2COL = ("linalg.conv_2d_nchw_fchw", "linalg.conv_2d_nhwc_hwcf")


def plan_op(op: ir.OpView, host: HostCPU) -> OpPlan | None:
    """The plan for one linalg structured op, or None when it is left to the default lowering."""
    name = op.operation.name
    if name in ("linalg.fill",):
        return None  # fused into its consumer's tiles, or lowered as a plain loop nest
    if not name.startswith("linalg.") or name in ("linalg.yield", "linalg.index"):
        return None
    try:
        linalg.get_indexing_maps(op)
    except Exception:  # not a structured op (e.g. linalg.pack): default lowering
        return None
    if not op.results:
        return None  # already on buffers
    if 0 in loop_bounds(op):
        # No iterations: nothing to tile (and upstream tiling asserts on a loop it drops).
        return None
    if touches_unvectorizable_memory(op):
        # LLVM packs vectors of i1 into bits in memory, torch stores one byte per bool: ops that
        # read or write bool tensors keep scalar (byte) accesses; bf16 likewise (see below).
        return plan_loops(op, host)
    maps = [m.value for m in linalg.get_indexing_maps(op)]
    if not all(m.is_projected_permutation for m in maps):
        # Index arithmetic in the maps (im2col's floordiv/mod, strided windows): the vectorizer
        # would treat such accesses as contiguous, so these ops keep scalar loops.
        return plan_loops(op, host)
    if linalg.isa_contraction_op(op):
        return plan_contraction(op, host)
    iters = iterator_kinds(op)
    if name.startswith(("linalg.conv", "linalg.pooling", "linalg.depthwise")):
        return plan_loops(op, host)
    if all(i == "parallel" for i in iters):
        transposed = transposed_read_dims(op)
        # (Along a loop of 1 the "transposed" input is contiguous: no block to transpose.)
        if transposed is not None and all(loop_bounds(op)[d] != 1 for d in transposed):
            plan = plan_transposed_blocks(op, host, transposed)
        else:
            plan = plan_elementwise(op, host)
    else:
        plan = plan_reduction(op, host)
    plan.gathers = name == "linalg.generic" and _has_tensor_extract(op)
    return plan


# Element types whose memory is not read or written as vectors: i1 (bit-packed as LLVM vectors) and bf16
# (LLVM's x86 backend aborts on some bf16 vectors).
UNVECTORIZABLE_ELEMENTS = ("i1", "bf16")


def touches_unvectorizable_memory(op: ir.OpView) -> bool:
    """Whether an operand or result is a shaped value of an UNVECTORIZABLE_ELEMENTS type."""
    for value in list(op.operation.operands) + list(op.results):
        if isinstance(value.type, ir.ShapedType) and str(value.type.element_type) in UNVECTORIZABLE_ELEMENTS:
            return True
    return False


def _uses_index(op: ir.OpView) -> bool:
    return contains_op(op.operation, "linalg.index")


def _has_tensor_extract(op: ir.OpView) -> bool:
    return contains_op(op.operation, "tensor.extract")
