"""Turns per-op tiling plans into a transform-dialect script and applies it to a module."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from exir_mlir._mlir import bufferization, ir, linalg, passmanager
from exir_mlir.codegen.op_walk import collect_ops, inside_forall
from exir_mlir._mlir import transform_interpreter as interpreter
from exir_mlir.codegen.host import HostCPU, detect_host
from exir_mlir.codegen.conv1d import one_d_as_two_d
from exir_mlir.codegen.depthwise import depthwise_to_taps
from exir_mlir.codegen.im2col import convolutions_to_im2col
from exir_mlir.codegen.hoist_state import hoist_state_computations
from exir_mlir.codegen.gather_rows import read_gather_indices_in_body
from exir_mlir.codegen.pack_matmul import PACKED_MARK, pack_matmul_b
from exir_mlir.codegen.transposed_rhs import transpose_rhs
from exir_mlir.codegen.parallel_work import mark_run_time_work
from exir_mlir.codegen.window_taps import windows_to_taps
from exir_mlir.codegen.share_kernels import inline_kernels, outline_kernels
from exir_mlir.codegen.unit_rows import choose_unit_rows
from exir_mlir.codegen.short_rows import choose_row_width
from exir_mlir.codegen.strategy import (CONV_TO_IM2COL, DYNAMIC, SHORT_ROWS, OpPlan, element_bits,
                                        plan_elementwise, plan_op, touches_unvectorizable_memory)
from exir_mlir.errors import ExirInternalError

TAG = "exir.codegen_id"
_ANY = "!transform.any_op"


@dataclass
class _Tagged:
    tag: int
    op: ir.OpView
    plan: OpPlan
    init_fill: bool  # the op's init comes from a linalg.fill used only by planned contractions
    # A contraction's elementwise consumer (bias, activation, residual) computed in its register
    # tiles, and the producer of its init (a fill or a broadcast bias) fused likewise.
    epilogue: "_Tagged | None" = None
    init_producer: "_Tagged | None" = None
    fused: bool = False  # emitted with the contraction it belongs to


def walk_ops(root: ir.Operation, names: tuple[str, ...] | None = None) -> list[ir.OpView]:
    return [op.opview for op in collect_ops(root, names if names is not None else (lambda op: True))]


def _tile_list(sizes: list[int]) -> str:
    return "[" + ", ".join(str(s) for s in sizes) + "]"


class _Script:
    """Accumulates the body of `@__transform_main` with fresh SSA names."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self._next = 0
        # tag -> the handle of its one op, inside the `transform.foreach` over the tag's matches
        self.bound: dict[int, str] = {}

    def fresh(self, stem: str) -> str:
        self._next += 1
        return f"%{stem}{self._next}"

    def emit(self, line: str) -> None:
        self.lines.append("    " + line)

    def match_tag(self, tag: int) -> str:
        if tag in self.bound:
            return self.bound[tag]
        handle = self.fresh("op")
        self.emit(f"{handle} = transform.structured.match attributes {{{TAG} = {tag} : i64}} in %root : ({_ANY}) -> {_ANY}")
        return handle

    def tile_forall(self, handle: str, tiles: list[int]) -> tuple[str, str | None]:
        if not any(tiles):
            return handle, None
        tiled, forall = self.fresh("t"), self.fresh("forall")
        self.emit(
            f"{tiled}, {forall} = transform.structured.tile_using_forall {handle} tile_sizes {_tile_list(tiles)}"
            f" : ({_ANY}) -> ({_ANY}, {_ANY})"
        )
        return tiled, forall

    def tile_for(self, handle: str, tiles: list[int]) -> str:
        return self.tile_for_loops(handle, tiles)[0]

    def tile_for_loops(self, handle: str, tiles: list[int]) -> tuple[str, dict[int, str]]:
        """Tiles with scf.for loops; returns the tiled op and, per tiled dim, its loop's handle."""
        tiled_dims = [d for d, t in enumerate(tiles) if t]
        if not tiled_dims:
            return handle, {}
        tiled, loop = self.fresh("t"), self.fresh("loop")
        results = ", ".join([_ANY] * (len(tiled_dims) + 1))
        count = f":{len(tiled_dims)}" if len(tiled_dims) > 1 else ""
        self.emit(
            f"{tiled}, {loop}{count} = transform.structured.tile_using_for {handle} tile_sizes {_tile_list(tiles)}"
            f" : ({_ANY}) -> ({results})"
        )
        if len(tiled_dims) == 1:
            return tiled, {tiled_dims[0]: loop}
        return tiled, {d: f"{loop}#{i}" for i, d in enumerate(tiled_dims)}

    def peel(self, loop: str) -> tuple[str, str]:
        """Splits an scf.for into the iterations of full tiles and the partial remainder."""
        cast, main, rest = self.fresh("for"), self.fresh("main"), self.fresh("rest")
        self.emit(f'{cast} = transform.cast {loop} : {_ANY} to !transform.op<"scf.for">')
        self.emit(f'{main}, {rest} = transform.loop.peel {cast} : (!transform.op<"scf.for">) -> ({_ANY}, {_ANY})')
        return main, rest

    def canonicalize(self, target: str | None = None) -> None:
        """Tiling canonicalization and canonicalization in `target` (a handle), or in every function."""
        if target is None:
            target = self.fresh("func")
            self.emit(f"{target} = transform.structured.match ops{{[\"func.func\"]}} in %root : ({_ANY}) -> {_ANY}")
        self.emit(f"transform.apply_patterns to {target} {{")
        self.emit("  transform.apply_patterns.linalg.tiling_canonicalization")
        self.emit("  transform.apply_patterns.canonicalization")
        self.emit(f"}} : {_ANY}")

    def annotate(self, handle: str, name: str, attribute: str) -> None:
        """Sets the attribute `name` (MLIR attribute text) on each op of `handle`."""
        value = self.fresh("attr")
        self.emit(f"{value} = transform.param.constant {attribute} -> !transform.any_param")
        self.emit(f'transform.annotate {handle} "{name}" = {value} : {_ANY}, !transform.any_param')

    def annotate_linalg_in(self, handle: str, name: str, value: int) -> None:
        """Marks the linalg ops nested in each op of `handle`, which may hold none (a loop the tiling
        did not materialize, a peel with no remainder) or several (an op cloned by a fusion)."""
        each, found, mark = self.fresh("part"), self.fresh("inner"), self.fresh("mark")
        self.emit(f"transform.foreach {handle} : {_ANY} {{")
        self.emit(f"^bb0({each}: {_ANY}):")
        self.emit(f"  {found} = transform.structured.match interface{{LinalgOp}} in {each} : ({_ANY}) -> {_ANY}")
        self.emit(f"  {mark} = transform.param.constant {value} : i64 -> !transform.param<i64>")
        self.emit(f'  transform.annotate {found} "{name}" = {mark} : {_ANY}, !transform.param<i64>')
        self.emit("}")

    def vectorize(self, handle: str, sizes: list[int] | None, *, contraction: bool = False,
                  transposes_16x16: bool = False) -> None:
        # A tile that cannot be vectorized (an unusual body, a gather) stays scalar: the silenceable
        # failure is suppressed instead of failing the whole compilation.
        sizes_text = f" vector_sizes {_tile_list(sizes)}" if sizes else ""
        inner = self.fresh("v")
        self.emit(f"transform.sequence {handle} : {_ANY} failures(suppress) {{")
        self.emit(f"^bb0({inner}: {_ANY}):")
        parent = None
        if contraction or transposes_16x16:
            parent = self.fresh("around")
            self.emit(f"  {parent} = transform.get_parent_op {inner} : ({_ANY}) -> {_ANY}")
        self.emit(f"  transform.structured.vectorize {inner}{sizes_text} {{vectorize_nd_extract}} : {_ANY}")
        if transposes_16x16:
            # The 16 x 16 transposes of a transposing copy (strategy.plan_transposed_blocks) as
            # AVX-512's network of 16-wide shuffles. The pipeline's lowering of other transposes
            # (shuffle_1d: one 256-element shuffle) left LLVM a sequence 1.5x slower here.
            # (A partial block's transfers are masked: given their masks as operands first, they
            # lower like full ones; a remainder of a dynamic size is one such block.)
            self.emit(f"  transform.apply_patterns to {parent} {{")
            self.emit("    transform.apply_patterns.vector.lower_masked_transfers")
            self.emit("    transform.apply_patterns.vector.transfer_permutation_patterns")
            self.emit("    transform.apply_patterns.vector.cast_away_vector_leading_one_dim")
            self.emit('    transform.apply_patterns.vector.lower_transpose lowering_strategy = "shuffle_16x16"')
            self.emit(f"  }} : {_ANY}")
        elif parent is not None:
            # A contraction tile with a unit k step vectorizes to broadcast, mulf and a
            # multi_reduction over that unit dim. The next canonicalization (any later op's peel)
            # folds that reduction into a shape_cast and an addf, which reduction_to_contract at the
            # end no longer matches: the k loop then ran vmulps + vaddps instead of FMAs (measured
            # on conv3d_block's im2col contraction). Made a vector.contract here, right away, it
            # lowers to outer products, i.e. FMAs.
            self.emit(f"  transform.apply_patterns to {parent} {{")
            self.emit("    transform.apply_patterns.vector.reduction_to_contract")
            self.emit(f"  }} : {_ANY}")
        self.emit("}")

    def text(self) -> str:
        body = "\n".join(self.lines)
        return (
            "module attributes {transform.with_named_sequence} {\n"
            f"  transform.named_sequence @__transform_main(%root: {_ANY} {{transform.readonly}}) {{\n"
            f"{body}\n"
            "    transform.yield\n"
            "  }\n"
            "}\n"
        )


def _masked_dims(plan: OpPlan) -> list[int]:
    """Dims whose vector tile may be partial: wider than 1 on a dynamic loop, or not dividing
    the loop or its thread tile, or under a thread tile that does not divide the loop (the last
    thread's tile then has a dynamic size, which only a masked or peeled vector tile handles).
    (A tile of 1 is always full, on a symbolic dim too.)"""
    return [
        d for d, (bound, vec, thr) in enumerate(zip(plan.loop_sizes, plan.vector_tiles, plan.thread_tiles))
        if vec > 1 and (bound == DYNAMIC or bound % vec or (thr and (thr % vec or bound % thr)))
    ]


def _needs_masks(plan: OpPlan) -> bool:
    """Whether some vector tile can be partial (then vectorization needs masks)."""
    return bool(_masked_dims(plan))


PEEL_MARK = "exir.peel"
_MAIN, _REMAINDER = 1, 2


def _group_sizes(sizes: list[int], groups: dict[int, int]) -> list[int]:
    """Vector sizes with the dims in `groups` (tiled to that many rows or columns) at that size."""
    return [groups.get(d, v) for d, v in enumerate(sizes)]


def _row_groups(tile: int) -> list[int]:
    """The static sizes of the register blocks a dynamic remainder of fewer than `tile` rows (or
    columns) may take, largest first: every size below `tile`. Tiled by each in turn and peeled,
    the remainder runs exactly one block, of its own size: the kernel a static size would get."""
    return list(range(tile - 1, 0, -1))


def _dynamic_remainder(plan: OpPlan, d: int) -> bool:
    """Whether the remainder of dim d's vector tile loop has a size known only at run time (a
    symbolic dim, or under a thread or cache tile that does not divide what it tiles). A static
    remainder's masks are constants, which fold away."""
    extent = plan.loop_sizes[d]
    if extent == DYNAMIC:
        return True
    for tiles in (plan.thread_tiles, plan.cache_tiles):
        tile = tiles[d] if d < len(tiles) else 0
        if tile and tile < extent:
            if extent % tile:
                return True
            extent = tile
    return False


def _cut_in_registers(plan: OpPlan, d: int) -> bool:
    """Whether the remainder of dim d (the lanes) is cut into vectors of one register, its size being
    known only at run time and its vector tile several registers wide. As one masked vector of the
    whole tile, a remainder of one register's worth (a sequence of 16 f32 under a 64-wide tile)
    computed all four registers, and a split reduction's partial sums went through memory with
    masked moves, whose stores loads cannot forward from (a softmax over a dynamic sequence of 16
    ran 5x slower than its static build, where the tile is one 16-wide register)."""
    return bool(plan.register_lanes) and plan.vector_tiles[d] > plan.register_lanes \
        and _dynamic_remainder(plan, d)


def _lane_dims(plan: OpPlan) -> set[int]:
    """The dim whose vector tile is the vectors' lanes (the innermost one wider than 1)."""
    wide = [d for d, v in enumerate(plan.vector_tiles) if v > 1]
    return {wide[-1]} if wide else set()


def _simplify_group_size(script: _Script, loop: str) -> None:
    """Folds the size of the full groups in the peeled main part `loop` to its constant.

    The peel rewrites a tile's `min(size, ub - iv)` only where it is written over the loop's bound
    itself; inside a remainder, tiling composes that bound's affine.apply (over the iv and the
    bound of the loop around) into the min. Value-bounds analysis (upstream's min/max
    simplification) still proves it constant. (A silenceable failure: no min to simplify.)"""
    mins = script.fresh("mins")
    script.emit(f"transform.sequence {loop} : {_ANY} failures(suppress) {{")
    script.emit(f"^bb0({script.fresh('in')}: {_ANY}):")
    script.emit(f'  {mins} = transform.structured.match ops{{["affine.min"]}} in {loop} : ({_ANY}) -> {_ANY}')
    script.emit(f"  transform.affine.simplify_min_max_affine_ops {mins} : {_ANY}")
    script.emit("}")


def _emit_row_groups(script: _Script, op: str, dims: list[tuple[int, list[int], bool]], chosen: dict[int, int],
                     n_dims: int, finish, masked: bool) -> None:
    """Cuts the remainder dims of `op` into blocks of static sizes and finishes each block
    (`finish(op_handle, masked, groups)`, groups: op dim -> block size).

    `dims`: (op dim, block sizes, masked tail) of each dim still to cut. For each size but a last
    1, the dim is tiled by it and the loop peeled: the main part (full blocks) is made static and
    finished, the rest is cut further; a last size of 1 tiles what is left to 1. With a masked tail
    (the lanes), what the last size leaves is one partial block of that size, finished masked.
    Only the main part is canonicalized (the whole function, once per block size of every
    contraction, took seconds)."""
    if not dims:
        finish(op, masked, chosen)
        return
    (op_dim, sizes, tail), later = dims[0], dims[1:]
    current = op
    for size in sizes:
        tiles = [0] * n_dims
        tiles[op_dim] = size
        tiled, loops = script.tile_for_loops(current, tiles)
        if size == 1 and not tail:
            _emit_row_groups(script, tiled, later, {**chosen, op_dim: 1}, n_dims, finish, masked)
            return
        main, rest = script.peel(loops[op_dim])
        _simplify_group_size(script, main)
        _simplify_group_size(script, rest)
        script.emit(f"transform.apply_patterns to {main} {{")
        script.emit("  transform.apply_patterns.linalg.tiling_canonicalization")
        script.emit("  transform.apply_patterns.canonicalization")
        script.emit(f"}} : {_ANY}")
        for part, part_chosen in ((main, {**chosen, op_dim: size}), (rest, None)):
            found = script.fresh("inner")
            script.emit(f"{found} = transform.structured.match interface{{LinalgOp}} in {part}"
                        f" : ({_ANY}) -> {_ANY}")
            if part_chosen is None:
                current = found
                continue
            each = script.fresh("block")
            script.emit(f"transform.foreach {found} : {_ANY} {{")
            script.emit(f"^bb0({each}: {_ANY}):")
            _emit_row_groups(script, each, later, part_chosen, n_dims, finish, masked)
            script.emit("}")
    if tail:
        each = script.fresh("tail")
        script.emit(f"transform.foreach {current} : {_ANY} {{")
        script.emit(f"^bb0({each}: {_ANY}):")
        _emit_row_groups(script, each, later, {**chosen, op_dim: sizes[-1]}, n_dims, finish, True)
        script.emit("}")


def _peeled(script: _Script, tag: int, tiled: str, loops: dict[int, str], plan: OpPlan, finish,
            fused: tuple[tuple[int, object, object], ...] = (), lanes: set[int] | None = None,
            contraction: int | None = None, cut_lanes: bool = True) -> None:
    """Peels the vector-tile loops of every dim that can be partial, so that the full tiles (almost
    all of the work, and all of it for sizes the tiles divide) are static and vectorize without
    masks. `finish(op_handle, masked, groups)` tiles the reduction and vectorizes one op (`groups`:
    its dims cut here into register blocks of a static size, dim -> that size, its vector size
    there). A dynamic dim (a batch or a sequence marked `Dim`) thus runs the static-shape code: the
    main part is the same kernel a static size would get.

    In the remainders, a partial dim that is not the vectors' lanes (`lanes`, default the innermost
    dim with a vector tile wider than 1), a register block's rows or columns, gets blocks of static
    sizes before vectorizing. Masked, a remainder of a symbolic size there became vectors of dynamic
    masks: the split dot product's accumulator a heap buffer of dynamic size, read and written with
    masked moves at every k step, and its combine a scalar loop (a third of q·kᵀ's time in a causal
    attention with a dynamic sequence length, where 64-column thread tiles leave one column of a
    4x3 block). In its outermost such dim (the rows), the contraction (`contraction`: its tag, if
    one is among the ops) takes, of every size below the vector tile, the one block the remainder
    fills (_row_groups): the static kernel of that many rows, its k loop inside and the accumulators
    in registers across it. Tiled to 1 row, each row streamed the operand tiles again as one chain
    of dependent FMAs (x @ W of a dynamic batch of 3 rows ran 1.7x slower than its static build;
    blocks of powers of two, 2 + 1 rows, still 1.5x). Its other dims (the dot kernel's columns) and
    the other ops (a fill, an epilogue: no reduction) are tiled to 1 there: every further dim would
    multiply the blocks to compile, and each level of the chain of peels costs bufferization's
    analysis more than the last (its slice checks grew with the loops around them: ~0.06 s for
    the 7 levels of one 8-row block; about half since they stop at loop bounds:
    opaque_loop_bounds.py). Only the lanes keep masks (one masked load or store per vector). `fused`: (tag, finish, to_op_tiles) of the ops fused into the
    same loops, `to_op_tiles` mapping tile sizes over `plan`'s dims to the op's."""
    lanes = _lane_dims(plan) if lanes is None else lanes
    partial = [d for d in _masked_dims(plan) if d in loops]
    if not partial:
        finish(tiled, _needs_masks(plan), {})
        for other, other_finish, _ in fused:  # (tag, finish, to_op_tiles) of ops fused into the same loops
            ops, each = script.fresh("fused"), script.fresh("each")
            script.emit(f"{ops} = transform.structured.match attributes {{{TAG} = {other} : i64}} in %root"
                        f" : ({_ANY}) -> {_ANY}")
            script.emit(f"transform.foreach {ops} : {_ANY} {{")
            script.emit(f"^bb0({each}: {_ANY}):")
            other_finish(each, _needs_masks(plan), {})
            script.emit("}")
        return
    # Innermost loop first: peeling consumes the loop's handle and the handles nested in it, not
    # those of the loops around it. Peeling an outer loop then clones both parts of the inner one.
    # Canonicalization folds the main part's tile sizes to constants, replacing its ops and loops
    # (handles do not always follow): mark each part's ops, then match them again by mark. Each
    # peeled dim d has its own mark (PEEL_MARK_d: _MAIN or _REMAINDER), so an op's marks say in
    # which dims it is a remainder. A peel whose loop the tile divides has no remainder (an empty
    # match).
    for d in sorted(partial, reverse=True):
        main, rest = script.peel(loops[d])
        for part, mark in ((main, _MAIN), (rest, _REMAINDER)):
            script.annotate_linalg_in(part, f"{PEEL_MARK}_{d}", mark)
    # The two parts of the outermost peel hold every part of the inner ones: canonicalized there,
    # not in the whole function (once per op with a partial tile, the function's canonicalization
    # grew with the model: a third of the tiling schedule's time in a dynamic-batch 2-layer
    # nn.TransformerEncoder).
    around = script.fresh("around")
    script.emit(f"{around} = transform.get_parent_op {main} : ({_ANY}) -> {_ANY}")
    script.canonicalize(around)
    # A part keeps masks where a partial dim has no loop to peel (the reduction of a split dot
    # product, whose tiles the vectorizer makes) and where it is a remainder not cut into blocks
    # (the lanes; a static remainder, whose masks are constants).
    unpeeled = set(_masked_dims(plan)) - set(partial)
    parts = []  # (peel marks' attribute text, the remainder dims cut into blocks, lanes cut, masked)
    for marks in itertools.product((_MAIN, _REMAINDER), repeat=len(partial)):
        rest = {d for d, m in zip(partial, marks) if m == _REMAINDER}
        grouped = sorted(d for d in rest - lanes if _dynamic_remainder(plan, d))
        cut = sorted(d for d in rest & lanes if cut_lanes and _cut_in_registers(plan, d))
        masked = bool(unpeeled | (rest - set(grouped) - set(cut)))
        attributes = ", ".join(f"{PEEL_MARK}_{d} = {m} : i64" for d, m in zip(partial, marks))
        parts.append((attributes, grouped, cut, masked))

    def matched(each_tag: int, attributes: str, body) -> None:
        ops, each = script.fresh("peeled"), script.fresh("each")
        script.emit(f"{ops} = transform.structured.match attributes {{{TAG} = {each_tag} : i64, "
                    f"{attributes}}} in %root : ({_ANY}) -> {_ANY}")
        script.emit(f"transform.foreach {ops} : {_ANY} {{")
        script.emit(f"^bb0({each}: {_ANY}):")
        body(each)
        script.emit("}")

    def op_dim(to_op_tiles, d: int) -> int:
        tiles = [1 if i == d else 0 for i in range(len(plan.vector_tiles))]
        return (to_op_tiles(tiles) if to_op_tiles else tiles).index(1)

    def block_sizes(each_tag: int, d: int, grouped: list[int]) -> list[int]:
        # Exact blocks for the contraction's rows (its outermost grouped dim); its other dims (the
        # dot kernel's columns) and the other ops are tiled to 1: every further dim multiplies the
        # blocks to compile (a 4x4 dot kernel's corner: 9 instead of 3).
        return _row_groups(plan.vector_tiles[d]) if each_tag == contraction and d == grouped[0] else [1]

    for attributes, grouped, cut, masked in parts:
        for each_tag, each_finish, to_op_tiles in ((tag, finish, None), *fused):
            if not grouped and not cut:
                matched(each_tag, attributes, lambda each, f=each_finish, m=masked: f(each, m, {}))
                continue
            dims = [(op_dim(to_op_tiles, d), block_sizes(each_tag, d, grouped), False) for d in grouped]
            dims += [(op_dim(to_op_tiles, d), [plan.register_lanes], True) for d in cut]
            n_op = len(to_op_tiles([0] * len(plan.vector_tiles))) if to_op_tiles else len(plan.vector_tiles)
            matched(each_tag, attributes, lambda each, f=each_finish, m=masked, dims=dims, n_op=n_op:
                    _emit_row_groups(script, each, dims, {}, n_op, f, m))


def _tile_for_threads(script: _Script, entry: _Tagged) -> tuple[str, str | None]:
    """Thread tiles of a contraction, with its zero-fill init fused into each tile.

    Returns the tiled op's handle and the fill's (fused, or whole when there are no thread
    tiles; None when the init is not such a fill)."""
    handle = script.match_tag(entry.tag)
    fill = None
    if entry.init_fill:
        fill = script.fresh("fill")
        n_inputs = len(entry.op.operation.operands) - len(entry.op.results)
        script.emit(f"{fill} = transform.get_producer_of_operand {handle}[{n_inputs}] : ({_ANY}) -> {_ANY}")
    tiled, forall = script.tile_forall(handle, entry.plan.thread_tiles)
    if fill is None or forall is None:
        # No thread loop to fuse into (one thread's work): the fill is tiled and vectorized
        # on its own, whole (else it would stay a scalar loop).
        return tiled, fill
    fused, new_forall = script.fresh("fused"), script.fresh("forall")
    script.emit(
        f"{fused}, {new_forall} = transform.structured.fuse_into_containing_op {fill} into {forall}"
        f" : ({_ANY}, {_ANY}) -> ({_ANY}, {_ANY})"
    )
    return tiled, fused


# LLVM loop metadata: no unrolling of the loop (llvm.loop.unroll.disable).
NO_UNROLL = "#llvm.loop_annotation<unroll = #llvm.loop_unroll<disable = true>>"


def _no_unroll_outer(script: _Script, loops: dict[int, str]) -> None:
    """Marks every vector-tile loop of an op but the innermost for LLVM not to unroll.

    Compile time: tile loops with constant trip counts and a small body (a vector store, a copy
    of one 32-float row) were unrolled by LLVM, nest and all, into one block of ~1000 vector
    loads and stores (a zero fill of a 64x128 thread tile; im2col's column copy, 3 channels x 16
    rows x 2 vectors), whose machine schedulers are quadratic in the block: 0.1-0.5 s of LLVM
    per convolution. The innermost loop still unrolls; the memory accesses are the same, in
    loops of a few dozen."""
    inner = max(loops, default=None)
    for dim, loop in loops.items():
        if dim != inner:
            script.annotate(loop, "llvm.loop_annotation", NO_UNROLL)


def _vectorize_fill(script: _Script, plan: OpPlan, fill: str | None) -> None:
    if fill is None:
        return
    # The init's tile is indexed like the op's parallel loops only.
    par_dims = [d for d, it in enumerate(plan.iterators) if it == "parallel"]
    par = [plan.vector_tiles[d] for d in par_dims]
    # A row of the register block that may be partial is tiled to 1 (as _peeled does with a
    # remainder's rows): masked, each store of the fill was a masked move (vmaskmovps), a sixth of
    # p·v's time in a causal attention with a dynamic sequence length. Only the lanes keep masks.
    masked = set(_masked_dims(plan))
    lanes = _lane_dims(OpPlan(kind=plan.kind, loop_sizes=[], iterators=[], thread_tiles=[], vector_tiles=par))
    par = [1 if d in masked and i not in lanes and _dynamic_remainder(plan, d) else v
           for i, (d, v) in enumerate(zip(par_dims, par))]
    tiled, loops = script.tile_for_loops(fill, par)
    _no_unroll_outer(script, loops)
    script.vectorize(tiled, par if masked else None)


def _split_parallel(plan: OpPlan, tiles: list[int]) -> tuple[list[int], list[int]]:
    """`tiles` on the parallel dims only, and on the reduction dims only."""
    parallel = [t if it == "parallel" else 0 for t, it in zip(tiles, plan.iterators)]
    reduction = [0 if it == "parallel" else t for t, it in zip(tiles, plan.iterators)]
    return parallel, reduction


def _emit_contraction(script: _Script, entry: _Tagged) -> None:
    plan = entry.plan
    tiled, fill = _tile_for_threads(script, entry)
    tiled = script.tile_for(tiled, plan.cache_tiles)
    # The register-block loops (parallel dims) first, their partial blocks peeled; the reduction's
    # unit-step loop is tiled in each part afterwards, so that it is the innermost loop everywhere.
    # Tiled together with the parallel dims, k came out between the peeled remainder's row loop and
    # its rows tiled to 1: each k step then looped over the remainder rows, loading and storing every
    # row's accumulator (x @ W of a dynamic batch below 8 rows ran 2.2x slower than its static build).
    # Where a remainder gets a chain of row blocks (_peeled: a dynamic remainder of a dim that is not
    # the lanes), the register-block dims inside it whose blocks are all full (the columns) are
    # tiled there too, in each part: the chain then runs once around the column loop, not once per
    # 32 columns (at 1 row, 24 column blocks x 12 k blocks walked the 7 levels of the chain: x @ W
    # ran 1.18x its static build, against 1.02x with 1-row tiles). Elsewhere the loop order is
    # the dims' order, as before.
    parallel, k_tiles = _split_parallel(plan, plan.vector_tiles)
    partial = [d for d in _masked_dims(plan) if parallel[d]]
    chained = [d for d in partial if _dynamic_remainder(plan, d) and d not in _lane_dims(plan)]
    deferred = {d for d, t in enumerate(parallel) if t > 1 and chained and d > max(partial)}
    outer = [0 if d in deferred else t for d, t in enumerate(parallel)]
    inner = [t if d in deferred else k for d, (t, k) in enumerate(zip(parallel, k_tiles))]
    tiled, loops = script.tile_for_loops(tiled, outer)
    _vectorize_fill(script, plan, fill)  # before peeling, whose canonicalization may replace the fill

    def finish(op: str, masked: bool, groups: dict[int, int]) -> None:
        sizes = _group_sizes(plan.vector_tiles, groups) if masked else None
        script.vectorize(script.tile_for(op, inner), sizes, contraction=True)

    # B packed into panels: a run-time branch takes this kernel from 128 rows on, where a remainder
    # of under 8 rows is little of the work; its rows are tiled to 1 (each level of the chain of
    # row blocks costs compile time, bufferization's analysis most: see _peeled).
    packed = PACKED_MARK in entry.op.operation.attributes
    _peeled(script, entry.tag, tiled, loops, plan, finish, contraction=None if packed else entry.tag)


def _allow_contraction(script: _Script, op: str) -> None:
    """Marks the multiply and the add of a split dot product's partial step `fastmath<contract>`.

    Its k step is elementwise (`acc + a * b` on lane-wide partial sums, every dim parallel), so no
    reduction_to_contract applies, and without the flag LLVM must keep the product rounded apart
    from the sum: the k loop ran vmulps + vaddps instead of FMAs (nn.Linear(512, 256): 0 vfmadd).
    The flag lets LLVM fuse each pair into one FMA, as torch's own matmul kernels compute it; the
    vectorizer carries the op's attributes onto its vector ops."""
    ops, flag = script.fresh("madd"), script.fresh("contract")
    script.emit(f'{ops} = transform.structured.match ops{{["arith.mulf", "arith.addf"]}} in {op}'
                f" : ({_ANY}) -> {_ANY}")
    script.emit(f"{flag} = transform.param.constant #arith.fastmath<contract> -> !transform.any_param")
    script.emit(f'transform.annotate {ops} "fastmath" = {flag} : {_ANY}, !transform.any_param')


def _split_reduction(script: _Script, op: str, red: list[int], vector_sizes: list[int] | None) -> None:
    """Partial vector accumulators over the reduction tiles `red` (a split, then one combine)."""
    init, split, combine, loop = (script.fresh(s) for s in ("init", "split", "combine", "rloop"))
    script.emit(
        f"{init}, {split}, {combine}, {loop} = transform.structured.tile_reduction_using_for {op}"
        f" by tile_sizes = {_tile_list(red)} : ({_ANY}) -> ({_ANY}, {_ANY}, {_ANY}, {_ANY})"
    )
    _allow_contraction(script, split)
    script.vectorize(split, vector_sizes)
    script.vectorize(init, None)
    script.vectorize(combine, None)


def _emit_dot(script: _Script, entry: _Tagged) -> None:
    plan = entry.plan
    tiled, fill = _tile_for_threads(script, entry)
    parallel = [v if it == "parallel" else 0 for v, it in zip(plan.vector_tiles, plan.iterators)]
    tiled, loops = script.tile_for_loops(tiled, parallel)
    red = [0 if it == "parallel" else plan.reduction_vector for it in plan.iterators]

    _vectorize_fill(script, plan, fill)  # before peeling, whose canonicalization may replace the fill
    _peeled(script, entry.tag, tiled, loops, plan,
            lambda op, masked, groups: _split_reduction(script, op, red,
                                                        _group_sizes(plan.vector_tiles, groups) if masked else None),
            contraction=entry.tag)


def _fuse_into(script: _Script, producer: str, container: str) -> tuple[str, str]:
    fused, new = script.fresh("fused"), script.fresh("into")
    script.emit(f"{fused}, {new} = transform.structured.fuse_into_containing_op {producer} into {container}"
                f" : ({_ANY}, {_ANY}) -> ({_ANY}, {_ANY})")
    return fused, new


def _emit_with_epilogue(script: _Script, entry: _Tagged) -> None:
    """A contraction whose result only an elementwise op E reads (bias, activation, residual):
    E is tiled for threads and register blocks, and the contraction (with its init's producer)
    is fused into E's innermost tile loop. Each register block then reads its init (zeros or the
    broadcast bias), accumulates over k in registers, applies E to the accumulators and stores
    the result once: one loop nest, no pass over memory between the matmul and its epilogue."""
    plan, epi = entry.plan, entry.epilogue
    par = [d for d, it in enumerate(plan.iterators) if it == "parallel"]
    e_plan = OpPlan(kind="elementwise", loop_sizes=[plan.loop_sizes[d] for d in par],
                    iterators=["parallel"] * len(par), thread_tiles=[plan.thread_tiles[d] for d in par],
                    vector_tiles=[plan.vector_tiles[d] for d in par], register_lanes=plan.register_lanes)
    producers = [script.match_tag(entry.tag)]
    if entry.init_producer is not None:
        producers.append(script.match_tag(entry.init_producer.tag))
    tiled, forall = script.tile_forall(script.match_tag(epi.tag), e_plan.thread_tiles)
    if forall is not None:
        for i, producer in enumerate(producers):
            producers[i], forall = _fuse_into(script, producer, forall)
    tiled, loops = script.tile_for_loops(tiled, e_plan.vector_tiles)
    if loops:
        inner = loops[max(loops)]
        for i, producer in enumerate(producers):
            producers[i], inner = _fuse_into(script, producer, inner)

    # A k tile that may be partial (the dot kernel's lane-wide split of k) needs masks everywhere.
    k_masked = bool(set(_masked_dims(plan)) - set(par))

    def finish_contraction(op: str, masked: bool, groups: dict[int, int]) -> None:
        sizes = _group_sizes(plan.vector_tiles, groups) if masked or k_masked else None
        if plan.kind == "dot":
            red = [0 if it == "parallel" else plan.reduction_vector for it in plan.iterators]
            _split_reduction(script, op, red, sizes)
        else:
            k_tiles = [0 if it == "parallel" else v for v, it in zip(plan.vector_tiles, plan.iterators)]
            script.vectorize(script.tile_for(op, k_tiles), sizes, contraction=True)

    def finish_elementwise(op: str, masked: bool, groups: dict[int, int]) -> None:
        script.vectorize(op, _group_sizes(e_plan.vector_tiles, groups) if masked else None)

    def contraction_tiles(tiles: list[int]) -> list[int]:  # over E's dims -> over the contraction's
        out = [0] * len(plan.iterators)
        for e_dim, d in enumerate(par):
            out[d] = tiles[e_dim]
        return out

    fused = [(entry.tag, finish_contraction, contraction_tiles)]
    if entry.init_producer is not None:
        fused.append((entry.init_producer.tag, finish_elementwise, None))
    # A dot kernel's lanes are along k: each of E's dims is a register block's rows or columns.
    _peeled(script, epi.tag, tiled, loops, e_plan, finish_elementwise, tuple(fused),
            lanes=set() if plan.kind == "dot" else None, contraction=entry.tag)


def _emit_generic(script: _Script, entry: _Tagged) -> None:
    plan = entry.plan
    handle = script.match_tag(entry.tag)
    tiled, _ = script.tile_forall(handle, plan.thread_tiles)
    if plan.kind == "loops" or not plan.vector_tiles:
        return

    # (The shuffle network is a permutation of 16-element rows, right for any element type; 8 and
    # 16-bit blocks ran as fast or faster through one shuffle of the block, 64-bit ones 1.3x slower.)
    transposes_16x16 = plan.transposed_block is not None and element_bits(entry.op) in (32, 64) \
        and [plan.vector_tiles[d] for d in plan.transposed_block] == [16, 16]

    def vectorize(op: str, masked: bool, groups: dict[int, int]) -> None:
        if masked and plan.gathers:
            return  # (strategy.OpPlan.gathers: a masked gather stays scalar)
        script.vectorize(op, _group_sizes(plan.vector_tiles, groups) if masked else None,
                         transposes_16x16=transposes_16x16)

    if plan.split_reduction:
        # Tile every parallel loop to 1 first, then split the contiguous reduction into vector-wide
        # partial accumulators (no horizontal reduction per iteration) and a final combine.
        outer = [1 if it == "parallel" and b != 1 else 0 for it, b in zip(plan.iterators, plan.loop_sizes)]
        tiled = script.tile_for(tiled, outer)
        last = len(plan.vector_tiles) - 1
        # Outer reduction loops (all reduction loops are innermost: strategy.plan_reduction) step by
        # 1, the innermost by the vector: the partial accumulator is one vector, combined once.
        red = [0 if it == "parallel" else 1 for it in plan.iterators[:last]] + [plan.vector_tiles[-1]]
        init, split, combine, outer_loop = (script.fresh(s) for s in ("init", "split", "combine", "rloop"))
        script.emit(
            f"{init}, {split}, {combine}, {outer_loop} = transform.structured.tile_reduction_using_for {tiled}"
            f" by tile_sizes = {_tile_list(red)} : ({_ANY}) -> ({_ANY}, {_ANY}, {_ANY}, {_ANY})"
        )
        # The loop to peel is the innermost one, around the partial step.
        loop = script.fresh("rloop")
        script.emit(f'{loop} = transform.get_parent_op {split} {{op_name = "scf.for"}} : ({_ANY}) -> {_ANY}')
        script.vectorize(init, None)
        script.vectorize(combine, None)
        # The partial step is peeled like any vector tile loop (a dynamic reduction length: the
        # full steps are unmasked); it is found again by its tag.
        tag = script.fresh("tag")
        script.emit(f"{tag} = transform.param.constant {entry.tag} : i64 -> !transform.param<i64>")
        script.emit(f'transform.annotate {split} "{TAG}" = {tag} : {_ANY}, !transform.param<i64>')
        _peeled(script, entry.tag, split, {last: loop}, plan, vectorize, cut_lanes=False)
        return
    tiled, loops = script.tile_for_loops(tiled, plan.vector_tiles)
    _no_unroll_outer(script, loops)
    # A transposed block cut by a dynamic size stays one block, masked in both of its dims. Its rows
    # one at a time (_peeled's default for a remainder that is not the lanes) gathered 16 elements a
    # row apart per row: [8, 256, s] -> [8, s, 256] at s = 7 / 36 / 45 (remainders of 7, 4, 13 rows)
    # ran 1.19x / 1.03x / 1.15x the masked block's time; at remainders of 1 row (s = 33, 65) 0.9x.
    # Nor is it cut into one-register vectors (_cut_in_registers): a 16 x 16 block of i64 is two
    # registers a row, and cut to 8 of them it is no longer the square the shuffle network transposes.
    transposed = plan.transposed_block is not None
    _peeled(script, entry.tag, tiled, loops, plan, vectorize,
            lanes=set(plan.transposed_block) if transposed else None, cut_lanes=not transposed)


def _cleanup(script: _Script) -> None:
    func = script.fresh("func")
    script.emit(f"{func} = transform.structured.match ops{{[\"func.func\"]}} in %root : ({_ANY}) -> {_ANY}")
    # Masked transfers become transfers with a mask operand before canonicalization, which
    # would otherwise move constants into vector.mask regions (one op only).
    script.emit(f"transform.apply_patterns to {func} {{")
    script.emit("  transform.apply_patterns.vector.lower_masked_transfers")
    script.emit(f"}} : {_ANY}")
    script.emit(f"transform.apply_patterns to {func} {{")
    script.emit("  transform.apply_patterns.vector.reduction_to_contract")
    script.emit("  transform.apply_patterns.vector.transfer_permutation_patterns")
    script.emit("  transform.apply_patterns.vector.sink_ops")
    script.emit("  transform.apply_patterns.linalg.tiling_canonicalization")
    script.emit("  transform.apply_patterns.canonicalization")
    script.emit(f"}} : {_ANY}")
    script.emit(f"transform.apply_cse to {func} : {_ANY}")
    loops = script.fresh("loops")
    script.emit(f"{loops} = transform.structured.match ops{{[\"scf.for\"]}} in %root : ({_ANY}) -> {_ANY}")
    # The masks of a remainder tile are created next to the masked ops, inside the reduction loop:
    # with the loop-invariant code of the loops around masks moved out first, the masked
    # accumulator's read and write are loop-invariant subsets too.
    # (Left in, a dynamic-width remainder reloaded and stored its accumulators at every k step, a
    # masked store then a masked load of the same address: the 2-column remainder of a 3x3
    # convolution's 66-pixel rows took most of a dynamic build's time, 2x its static one.)
    masks, masked_loops = script.fresh("masks"), script.fresh("masked_loops")
    script.emit(f"{masks} = transform.structured.match ops{{[\"vector.create_mask\"]}} in %root"
                f" : ({_ANY}) -> {_ANY}")
    script.emit(f"{masked_loops} = transform.get_parent_op {masks} {{allow_empty_results, deduplicate, op_name = \"scf.for\"}}"
                f" : ({_ANY}) -> {_ANY}")
    script.emit(f"transform.apply_licm to {masked_loops} : {_ANY}")
    # Keeps the accumulator tile of a contraction in registers across its reduction loop.
    script.emit(f"transform.loop.hoist_loop_invariant_subsets {loops} : {_ANY}")


def _only_feeds_contractions(fill: ir.OpView, contractions: list[ir.Operation]) -> bool:
    for use in fill.results[0].uses:
        owner = use.owner.operation
        if not any(owner == c for c in contractions):
            return False
    return True


def _tag(ops: list[ir.OpView]) -> None:
    for i, op in enumerate(ops):
        op.operation.attributes[TAG] = ir.IntegerAttr.get(ir.IntegerType.get_signless(64), i)


def _strip_tags(module: ir.Operation) -> None:
    for op in walk_ops(module.operation):
        attributes = op.operation.attributes
        for name in [a for a in attributes if a in (TAG, PACKED_MARK, SHORT_ROWS) or a.startswith(PEEL_MARK)]:
            del attributes[name]


def _run_script(module: ir.Operation, text: str) -> None:
    script = ir.Module.parse(text, context=module.context)
    try:
        interpreter.apply_named_sequence(module.operation, script.body.operations[0], script)
    except Exception as exc:  # the bindings raise a bare MLIRError with the diagnostics
        raise ExirInternalError(f"the CPU tiling schedule failed to apply:\n{exc}\nschedule:\n{text}") from exc


def convert_convolutions(module: ir.Operation, host: HostCPU | None = None) -> int:
    """Rewrites NCHW/NHWC 2-D convolutions as im2col + a contraction (which then tiles like matmul),
    NCHW depthwise ones and 2-d pooling as an elementwise sum / max over the kernel taps; 1-d ones
    first become their 2-d forms (H = 1); other sliding-window ops (3-d pooling and depthwise) go
    through window_taps.py."""
    one_d_as_two_d(module)
    rewritten = convolutions_to_im2col(module, host) + depthwise_to_taps(module) + windows_to_taps(module)
    convs = [c for c in walk_ops(module.operation, CONV_TO_IM2COL)
             if all(ir.ShapedType(v.type).has_static_shape for v in c.operation.operands)]
    if not convs:  # (upstream's rewrite needs static shapes; others keep the convolution's own loops)
        return rewritten
    _tag(convs)
    script = _Script()
    for i in range(len(convs)):
        handle = script.match_tag(i)
        script.emit(
            f"{script.fresh('im2col')}, {script.fresh('mm')} = transform.structured.convert_conv2d_to_img2col"
            f" {handle} : ({_ANY}) -> ({_ANY}, {_ANY})"
        )
    _run_script(module, script.text())
    _strip_tags(module)
    return rewritten + len(convs)


def _single_user(value: ir.Value) -> ir.Operation | None:
    users = [use.owner for use in value.uses]
    return users[0].operation if len(users) == 1 else None


def _identity(amap: ir.AffineMap) -> bool:
    return amap == ir.AffineMap.get_identity(amap.n_dims)


def _epilogue_fits(op: ir.OpView, plan: OpPlan, host: HostCPU, bits: int) -> bool:
    """The dot kernel keeps whole k rows per register block anyway. The outer-product kernel
    blocks k for the caches; fused with an epilogue its k loop runs whole inside each register
    block, so only where the B panel of a block (k x nr) stays in half of L1 -- or, B packed into
    contiguous panels (pack_matmul.py), where the plan runs k whole (in half of L2: the panel is
    then one stream, which the hardware prefetcher brings from L2 ahead of the FMAs; 2048^3 + bias
    + relu at one thread, Zen 5: 83% of the FMA peak fused, whole k, against 52% for the dot kernel
    with a separate pass)."""
    if plan.kind == "dot":
        return True
    red = [b for b, it in zip(plan.loop_sizes, plan.iterators) if it == "reduction"]
    if not red or DYNAMIC in red:
        return False
    if PACKED_MARK in op.operation.attributes:
        # Fused, the k loop runs whole in each register block: only where the plan does not block
        # k (strategy.packed_blocks). A blocked k accumulates C across its blocks, and the epilogue
        # then runs once, after the last block, as its own pass.
        return all(c == 0 or c >= b for b, c, it in zip(plan.loop_sizes, plan.cache_tiles, plan.iterators)
                   if it == "reduction")
    return math.prod(red) * max(plan.vector_tiles) * bits // 8 <= host.l1d_bytes // 2


def _attach_epilogues(entries: list[_Tagged], host: HostCPU) -> None:
    """Pairs each planned contraction C with the elementwise op that alone reads its result
    (iterating C's parallel loops in order, reading C's result through an identity map), and with
    the producer of C's init when only C reads it (a zero fill or the broadcast bias)."""
    by_op = {e.op.operation: e for e in entries}
    for entry in entries:
        plan = entry.plan
        if plan.kind not in ("contraction", "dot") or len(entry.op.results) != 1:
            continue
        op = entry.op.operation
        par = [d for d, it in enumerate(plan.iterators) if it == "parallel"]
        maps = [m.value for m in linalg.get_indexing_maps(entry.op)]
        out_map = maps[-1]
        if [e.position if isinstance(e, ir.AffineDimExpr) else -1 for e in out_map.results] != par:
            continue
        user = _single_user(entry.op.results[0])
        epi = by_op.get(user) if user is not None else None
        if epi is None or epi.plan.kind != "elementwise" or epi.fused or len(epi.op.results) != 1:
            continue
        if len(epi.plan.loop_sizes) != len(par) \
                or not _epilogue_fits(entry.op, plan, host, element_bits(entry.op)):
            continue
        n_inputs = len(user.operands) - len(user.results)
        e_maps = [m.value for m in linalg.get_indexing_maps(epi.op)]
        reads = [i for i, v in enumerate(user.operands) if v == entry.op.results[0]]
        if len(reads) != 1 or reads[0] >= n_inputs or not _identity(e_maps[reads[0]]):
            continue
        entry.epilogue, epi.fused = epi, True
        init = op.operands[len(op.operands) - 1]
        owner = init.owner.operation if isinstance(init, ir.OpResult) else None
        if owner is None or _single_user(init) is None:
            continue
        producer = by_op.get(owner)
        if owner.name == "linalg.fill" and entry.init_fill:
            producer = _Tagged(tag=-1, op=owner.opview, plan=epi.plan, init_fill=False)
            entries.append(producer)
            _own_empty(owner)
        if producer is not None and producer.plan.kind == "elementwise" and not producer.fused:
            entry.init_producer, producer.fused = producer, True
            entry.init_fill = False


def _own_empty(fill: ir.Operation) -> None:
    """Gives a fused zero fill a tensor.empty of its own when CSE merged its destination with the
    epilogue's. Otherwise the fill, fused into the epilogue's tile loops, writes a slice of the very
    tile those loops update: on a peeled remainder (a dynamic or non-dividing size) it reads the
    tile's value from before the loop, and bufferization copies every thread tile out and back."""
    dest = fill.operands[len(fill.operands) - 1]
    owner = dest.owner.operation if isinstance(dest, ir.OpResult) else None
    if owner is None or owner.name != "tensor.empty" or _single_user(dest) is not None:
        return
    clone = owner.clone(ir.InsertionPoint(fill))
    fill.operands[len(fill.operands) - 1] = clone.results[0]


def build_schedule(module: ir.Operation, host: HostCPU | None = None) -> str | None:
    """Tags the module's linalg ops and returns the transform script that tiles them (None: nothing to do)."""
    host = host or detect_host()
    entries: list[_Tagged] = []
    for op in walk_ops(module.operation):
        if not op.operation.name.startswith("linalg."):
            continue
        plan = plan_op(op, host)
        if plan is not None and inside_forall(op):
            # Already one task of a parallel loop (im2col's blocks of output pixels): no nested
            # thread tiles.
            plan.thread_tiles = [0] * len(plan.thread_tiles)
        if plan is not None:
            entries.append(_Tagged(tag=-1, op=op, plan=plan, init_fill=False))
    contractions = [e.op.operation for e in entries if e.plan.kind in ("contraction", "dot")]
    for entry in entries:
        if entry.plan.kind not in ("contraction", "dot"):
            continue
        n_inputs = len(entry.op.operation.operands) - len(entry.op.results)
        init = entry.op.operation.operands[n_inputs]
        owner = init.owner.operation if isinstance(init, ir.OpResult) else None
        if owner is not None and owner.name == "linalg.fill" and _only_feeds_contractions(owner.opview, contractions):
            entry.init_fill = True
    # Fills that only initialise contractions are fused into them; the others tile on their own.
    for op in walk_ops(module.operation, ("linalg.fill",)):
        if op.results and not _only_feeds_contractions(op, contractions):
            if not touches_unvectorizable_memory(op):
                entries.append(_Tagged(tag=-1, op=op, plan=plan_elementwise(op, host), init_fill=False))
    _attach_epilogues(entries, host)
    if not entries:
        return None
    for i, entry in enumerate(entries):
        entry.tag = i
        entry.op.operation.attributes[TAG] = ir.IntegerAttr.get(ir.IntegerType.get_signless(64), i)
    for entry in entries:
        # A parallel loop over dynamic sizes chooses at run time to run serially when the op is
        # small, as a static plan does at compile time (parallel_work.py).
        threaded = any(entry.plan.thread_tiles) or (entry.epilogue is not None and any(entry.epilogue.plan.thread_tiles))
        if not entry.fused and threaded and DYNAMIC in entry.plan.loop_sizes:
            primary = entry.epilogue.op if entry.epilogue is not None else entry.op
            mark_run_time_work(module, entry.op, entry.plan.loop_sizes, DYNAMIC, before=primary)
    script = _Script()
    emitters = {"contraction": _emit_contraction, "dot": _emit_dot}
    for entry in entries:
        if entry.fused:
            continue
        # The op that the schedule tiles first (an epilogue's contraction is fused into it) is
        # found by its tag when its turn comes, after the schedules of the ops before it. Their
        # canonicalizations may have folded it away (a fill into the reshape it feeds: the new op
        # has no tag) or a fusion may have cloned it: the schedule runs once per op the tag
        # matches, on a handle of exactly that op, and not at all when none is left.
        primary = entry.epilogue.tag if entry.epilogue is not None else entry.tag
        ops, one = script.match_tag(primary), script.fresh("one")
        script.emit(f"transform.foreach {ops} : {_ANY} {{")
        script.emit(f"^bb0({one}: {_ANY}):")
        script.bound = {primary: one}
        # An op whose schedule fails part-way (a tiling the op does not support) keeps what
        # succeeded: every step preserves semantics, so the result is slower, never wrong.
        script.emit(f"transform.sequence {one} : {_ANY} failures(suppress) {{")
        script.emit(f"^bb0({script.fresh('r')}: {_ANY}):")
        if entry.epilogue is not None:
            _emit_with_epilogue(script, entry)
        else:
            emitters.get(entry.plan.kind, _emit_generic)(script, entry)
        script.emit("}")
        script.emit("}")
        script.bound = {}
    _cleanup(script)
    return script.text()


def own_init_fills(module: ir.Operation) -> int:
    """Gives every op that writes into a linalg.fill's result (its DPS init) a fill of its own.

    CSE merges identical zero fills: in mobilenet_v2, one 8x16x32x32 zero tensor was the init of
    three convolutions. Each writes its init in place, so bufferization kept the shared fill intact
    by copying it whole before each of them: a memcpy of the full output per convolution (10% of
    the model's time at one thread, with 7% in the memsets of the fills). A fill per init
    bufferizes to the op's own buffer, filled in place (and fusable into its tiles). The same for
    the destination of a tensor.insert_slice: two paddings of one shape (a decomposed tensor.pad is
    a fill and the insertion of its interior) shared one zero tensor, and the second was a copy of
    the whole padded buffer (mobilenet_v2's two 128-channel depthwise inputs: 1.3 MB per call).
    Returns how many fills were added."""
    added = 0
    for fill in walk_ops(module, ("linalg.fill",)):
        if len(fill.results) != 1:
            continue
        inits = []
        for use in fill.results[0].uses:
            owner = use.owner.operation
            n_inits = len(owner.results)
            if owner.name.startswith("linalg.") and n_inits and use.operand_number >= len(owner.operands) - n_inits:
                inits.append((owner, use.operand_number))
            elif owner.name == "tensor.insert_slice" and use.operand_number == 1:
                inits.append((owner, use.operand_number))  # a pad's interior written into its fill
        uses = sum(1 for _ in fill.results[0].uses)
        for owner, number in inits[1:] if len(inits) == uses else inits:
            clone = fill.operation.clone(ir.InsertionPoint(fill.operation))
            dest = clone.operands[len(clone.operands) - 1]
            producer = dest.owner.operation if isinstance(dest, ir.OpResult) else None
            if producer is not None and producer.name == "tensor.empty":
                if owner.name == "tensor.insert_slice":
                    # An allocation, which CSE does not merge: the fill of a padding stays a whole
                    # op until bufferization (an init's fill is fused into its op's tiles), and
                    # the canonicalizations between would make the two fills one again.
                    with ir.InsertionPoint(clone), producer.location:
                        own = bufferization.AllocTensorOp(dest.type, list(producer.operands)).result
                else:
                    own = producer.clone(ir.InsertionPoint(clone)).results[0]
                clone.operands[len(clone.operands) - 1] = own
            owner.operands[number] = clone.results[0]
            added += 1
    return added


# Set on the module by apply_cpu_schedule when it ran upstream's empty-tensor elimination itself
# (exir-cpu-bufferize then does not run it again).
EMPTY_TENSORS_ELIMINATED = "exir.empty_tensors_eliminated"


def eliminate_empty_tensors_untiled(module: ir.Operation) -> None:
    """Upstream's `eliminate-empty-tensors` (a tensor.empty that is inserted into a destination
    becomes that destination's slice: no temporary) on the untiled ops, marking the module.

    Its one-shot analysis grows faster than linearly with the ops of a function: after tiling (the
    peeled parts and remainder blocks of every op of a dynamic-shape model) it took 0.5-1.4 s of a
    dynamic transformer block's or nn.TransformerEncoder's build, 1.7 s of an nn.LSTM's, against
    0.00-0.03 s here, with the same allocations and copies after bufferization in every such
    benchmark build. Not where convolutions became im2col: there it ran after tiling as before
    (run here instead, ResNet-18's dynamic build bufferized with 6 more whole-activation copies)."""
    passmanager.PassManager.parse("builtin.module(eliminate-empty-tensors)", context=module.context).run(module)
    module.attributes[EMPTY_TENSORS_ELIMINATED] = ir.UnitAttr.get(module.context)


def apply_cpu_schedule(module: ir.Operation, host: HostCPU | None = None) -> None:
    """The `exir-cpu-tile` stage: im2col for convolutions, then tile + vectorize every linalg op."""
    own_init_fills(module)
    converted = convert_convolutions(module, host)
    if not converted:
        eliminate_empty_tensors_untiled(module)
    if converted:
        # The rewrites leave reshapes of fills (the convolution's zero init, collapsed for the
        # contraction): folded now, the fill is the contraction's own init and is planned with it,
        # instead of being folded (its tag lost) by the first schedule's canonicalization.
        passmanager.PassManager.parse("builtin.module(canonicalize)", context=module.context).run(module)
    if pack_matmul_b(module, host):
        # The zero fill of C, expanded to the panels' shape, folds back into a fill of its own
        # (the contraction's init, fused into its tiles).
        passmanager.PassManager.parse("builtin.module(canonicalize)", context=module.context).run(module)
    # The panels of weights (and anything else computed from read-only state alone) move into an
    # init function run once (hoist_state.py); scheduled below like the entry function.
    hoist_state_computations(module)
    # Gathers read whole rows where their index inputs are the same across the lanes (gather_rows.py).
    read_gather_indices_in_body(module)
    # A batched contraction of dynamic rows: one plan for a single row (decoding), one for more.
    choose_unit_rows(module, host or detect_host())
    # A batched A B^T of a per-call B (attention's q k^T) reads B through a transposed copy
    # (transposed_rhs.py): the outer-product kernel instead of the dot kernel.
    transpose_rhs(module, host or detect_host())
    # A row reduction of a length known only at run time: one plan for short rows, one for long.
    choose_row_width(module, host or detect_host())
    # The repeated layers of a network: each distinct group of ops tiled once (share_kernels.py).
    outline_kernels(module)
    text = build_schedule(module, host)
    if text is not None:
        _run_script(module, text)
    _strip_tags(module)
    inline_kernels(module)
