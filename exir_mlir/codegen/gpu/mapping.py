"""`exir-gpu-map`: linalg on tensors -> scf.forall nests mapped to GPU blocks and threads.

Each linalg op (after `exir-cpu-fuse` has fused elementwise chains into single generics) becomes
one kernel: an outer `scf.forall` mapped to `#gpu.block<...>` and, inside it, `scf.forall`s
mapped to `#gpu.thread<...>`. What a kernel looks like depends on the op's loops:

- elementwise (parallel loops only): blocks of `ELEMENTWISE_BLOCK` elements over the last
  two dims, one element per thread (x = innermost dim: consecutive threads touch consecutive
  addresses).
- contraction (every reduction dim indexes two or more inputs: matmul, batch_matmul, conv,
  pooling): `CONTRACTION_TILE` output tiles per block, `CONTRACTION_THREADS` threads each
  computing a 4x1 sub-tile, the reduction sequential in each thread. Its init (a fill or a
  broadcast bias) is fused into the same kernel. A two-operand contraction in full tiles steps
  through k by `STAGE_K`, its threads first copying both operand tiles into block-local tensors
  (shared memory after bufferization). A reduction that is not splittable (below) is planned
  like a contraction ("serial-reduction").
- row reduction (the reduction dims index one input: sum, mean, max, the statistics of
  softmax and layer norm) whose partial results combine with its own body
  (`splittable_reduction`): one block per output element (row); `REDUCTION_THREADS` threads
  each reduce a strided share of the row into a partial-result tensor (shared memory after
  bufferization), then one thread combines the partials: a block-level reduction
  (`transform.structured.tile_reduction_using_forall`).

Static extents tile by size; a dynamic parallel extent is split over a fixed number of blocks
(`DYNAMIC_BLOCKS`, each block looping over its share), because the GPU mapping needs a static
grid. Ops a thread forall does not cover after this (fills of reduction partials and inits,
combining ops) are tiled over the block's threads too, so that no code runs redundantly on
every thread. The transform dialect does the tiling (upstream), this module only chooses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from exir_mlir._mlir import ir, passmanager
from exir_mlir.codegen.op_walk import collect_ops
from exir_mlir._mlir import transform_interpreter as interpreter
from exir_mlir.errors import ExirInternalError, ExirUserError

TAG = "exir.gpu_kernel"
KERNEL_KIND = "exir.gpu_kind"
BLOCK_DIMS = "exir.gpu_block_dims"
_ANY = "!transform.any_op"

ELEMENTWISE_THREADS = 256  # threads of an elementwise block, one element each
CONTRACTION_TILE = (32, 32)  # output rows x cols of a contraction block
CONTRACTION_THREADS = (8, 32)  # threads of a contraction block (y, x): 4x1 outputs each
STAGE_K = 32  # reduction step of a contraction whose operand tiles are staged in shared memory
REDUCTION_THREADS = 128  # threads sharing one row of a reduction
DYNAMIC_BLOCKS = 64  # blocks a dynamic parallel extent is split over
_BLOCK_IDS = ("x", "y", "z")


def _pow2_at_most(n: int, cap: int) -> int:
    p = 1
    while p * 2 <= min(n, cap):
        p *= 2
    return p


@dataclass
class KernelPlan:
    """How one linalg op is distributed (loop dims are the op's own loop dims)."""

    kind: str  # "elementwise", "contraction", "reduction"
    block_tiles: list[int]  # per loop dim: block tile size (0: not tiled)
    block_counts: list[int]  # per loop dim: number of blocks for dynamic dims (0: use block_tiles)
    block_mapping: list[str]  # per distributed dim, outermost first
    thread_counts: list[int]  # per loop dim: threads (0: not distributed)
    thread_mapping: list[str]
    reduction_dim: int = -1  # for "reduction": the loop dim split over threads
    stage_k: list[int] = field(default_factory=list)  # contraction: tile_using_for sizes of the staged k loop
    block_dims: tuple[int, int, int] = (1, 1, 1)
    row_loop: list[int] = field(default_factory=list)  # tile_using_for sizes inside the block


def _loop_ranges(op: ir.OpView) -> list[int | None]:
    """Static extent of each loop dim (None: dynamic), from the shapes of the operands."""
    maps = [ir.AffineMapAttr(m).value for m in ir.ArrayAttr(op.attributes["indexing_maps"])]
    n = maps[0].n_dims
    ranges: list[int | None] = [None] * n
    known = [False] * n
    for value, amap in zip(list(op.operands), maps):
        t = value.type
        if not isinstance(t, ir.ShapedType):
            continue
        shape = t.shape
        for i, expr in enumerate(amap.results):
            if isinstance(expr, ir.AffineDimExpr):
                d = expr.position
                if known[d]:
                    continue
                known[d] = True
                ranges[d] = None if t.is_dynamic_dim(i) else shape[i]
    return ranges


def _iterators(op: ir.OpView) -> list[str]:
    return [str(ir.Attribute(a)).split("<")[-1].rstrip(">") for a in ir.ArrayAttr(op.attributes["iterator_types"])]


def _dims_of(expr: ir.AffineExpr) -> set[int]:
    if isinstance(expr, ir.AffineDimExpr):
        return {expr.position}
    if isinstance(expr, ir.AffineBinaryExpr):
        return _dims_of(expr.lhs) | _dims_of(expr.rhs)
    return set()


def _is_contraction(op: ir.OpView, iterators: list[str]) -> bool:
    """Every reduction dim indexes two or more inputs (matmul, conv, pooling with its window)."""
    maps = [ir.AffineMapAttr(m).value for m in ir.ArrayAttr(op.attributes["indexing_maps"])]
    inputs = maps[: len(op.inputs)]
    for d, it in enumerate(iterators):
        if it == "reduction" and sum(1 for m in inputs if any(d in _dims_of(e) for e in m.results)) < 2:
            return False
    return True


# Combiners a reduction may be split over threads with: partial results combine with the same op.
_COMBINERS = ("arith.addf", "arith.addi", "arith.mulf", "arith.muli", "arith.maximumf", "arith.minimumf",
              "arith.maxnumf", "arith.minnumf", "arith.maxsi", "arith.minsi", "arith.maxui", "arith.minui",
              "arith.ori", "arith.andi", "arith.xori")


def splittable_reduction(op: ir.OpView) -> bool:
    """A reduction whose partial results over thread shares combine with its own body: one result,
    yielded by one associative op of the accumulator and a value, no `linalg.index` in the body
    (argmax-like selections and index-dependent bodies are not combinable that way)."""
    if len(op.results) != 1:
        return False
    block = op.regions[0].blocks[0]
    body = list(block.operations)
    if any(o.operation.name == "linalg.index" for o in body):
        return False
    yielded = body[-1].operands[0]
    owner = yielded.owner
    if isinstance(owner, ir.Block) or owner.name not in _COMBINERS:
        return False
    acc = block.arguments[len(block.arguments) - 1]
    uses_of_acc = [u for u in acc.uses]
    return len(uses_of_acc) == 1 and uses_of_acc[0].owner == owner


def plan_kernel(op: ir.OpView) -> KernelPlan:
    ranges = _loop_ranges(op)
    iterators = _iterators(op)
    parallel = [d for d, it in enumerate(iterators) if it == "parallel"]
    reductions = [d for d, it in enumerate(iterators) if it == "reduction"]
    n = len(iterators)
    mapped = parallel[-3:]  # x = innermost parallel dim
    block_tiles, block_counts, thread_counts = [0] * n, [0] * n, [0] * n
    if not reductions:
        kind = "elementwise"
        inner = mapped[-1] if mapped else None
        bx = _pow2_at_most(ranges[inner] or ELEMENTWISE_THREADS, ELEMENTWISE_THREADS) if inner is not None else 1
        by = ELEMENTWISE_THREADS // bx
        sizes = {}
        if len(mapped) >= 1:
            sizes[mapped[-1]] = bx
        if len(mapped) >= 2:
            sizes[mapped[-2]] = _pow2_at_most(ranges[mapped[-2]] or by, by)
        if len(mapped) >= 3:
            sizes[mapped[-3]] = 1
    elif _is_contraction(op, iterators) or not splittable_reduction(op):
        # Contractions, and reductions whose partials cannot be combined: each thread computes
        # whole outputs, the reduction sequential in the thread.
        kind = "contraction" if _is_contraction(op, iterators) else "serial-reduction"
        sizes = {}
        if len(mapped) >= 1:
            sizes[mapped[-1]] = CONTRACTION_TILE[1]
        if len(mapped) >= 2:
            sizes[mapped[-2]] = CONTRACTION_TILE[0]
        if len(mapped) >= 3:
            sizes[mapped[-3]] = 1
    else:
        kind = "reduction"
        sizes = {d: 1 for d in mapped}
    for d, size in sizes.items():
        if ranges[d] is None:
            block_counts[d] = DYNAMIC_BLOCKS
        else:
            block_tiles[d] = min(size, ranges[d])
    # Threads: x, y over the two innermost mapped dims.
    if kind == "elementwise":
        for d in mapped[-2:]:
            thread_counts[d] = sizes[d] if ranges[d] is not None else sizes[d]
    elif kind in ("contraction", "serial-reduction"):
        for d, t in zip(mapped[-2:][::-1], CONTRACTION_THREADS[::-1]):
            thread_counts[d] = t if ranges[d] is None else min(t, block_tiles[d])
    plan = KernelPlan(kind, block_tiles, block_counts, [], thread_counts, [])
    distributed = [d for d in range(n) if block_tiles[d] or block_counts[d]]
    plan.block_mapping = [f"#gpu.block<{_BLOCK_IDS[len(distributed) - 1 - i]}>" for i in range(len(distributed))]
    threaded = [d for d in range(n) if thread_counts[d]]
    plan.thread_mapping = [f"#gpu.thread<{_BLOCK_IDS[len(threaded) - 1 - i]}>" for i in range(len(threaded))]
    dims = [thread_counts[d] for d in threaded][::-1] + [1, 1, 1]
    if kind == "reduction":
        red = reductions[-1]
        plan.reduction_dim = red
        extent = ranges[red]
        threads = REDUCTION_THREADS if extent is None else max(32, _pow2_at_most(extent, REDUCTION_THREADS))
        plan.thread_counts = [0] * n
        plan.thread_counts[red] = threads
        plan.thread_mapping = ["#gpu.thread<x>"]
        dims = [threads, 1, 1]
        # Parallel dims left to the block (unmapped, or a dynamic share): one row at a time.
        plan.row_loop = [1 if it == "parallel" else 0 for it in iterators]
    plan.block_dims = (dims[0], dims[1], dims[2])
    if kind == "contraction" and len(op.inputs) == 2 and len(reductions) == 1 and None not in ranges:
        # Full tiles only (static operand tiles): A and B tiles of each k step go to shared memory.
        k = ranges[reductions[0]]
        step = min(STAGE_K, k)
        if k % step == 0 and all(not t or ranges[d] % t == 0 for d, t in enumerate(block_tiles)):
            plan.stage_k = [step if d == reductions[0] else 0 for d in range(n)]
    return plan


def _tile_list(sizes: list[int]) -> str:
    return "[" + ", ".join(str(s) for s in sizes) + "]"


class _Script:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self._next = 0

    def fresh(self, stem: str) -> str:
        self._next += 1
        return f"%{stem}{self._next}"

    def emit(self, line: str) -> None:
        self.lines.append("    " + line)

    def match_tag(self, tag: int) -> str:
        h = self.fresh("op")
        self.emit(f"{h} = transform.structured.match attributes {{{TAG} = {tag} : i64}} in %root : ({_ANY}) -> {_ANY}")
        return h

    def text(self) -> str:
        return (
            "module attributes {transform.with_named_sequence} {\n"
            "  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {\n"
            + "\n".join(self.lines)
            + "\n    transform.yield\n  }\n}\n"
        )


def _forall(script: _Script, handle: str, *, tiles: list[int] | None = None, counts: list[int] | None = None,
            mapping: list[str]) -> tuple[str, str]:
    tiled, loop = script.fresh("t"), script.fresh("forall")
    spec = f"tile_sizes {_tile_list(tiles)}" if tiles is not None else f"num_threads {_tile_list(counts)}"
    script.emit(f"{tiled}, {loop} = transform.structured.tile_using_forall {handle} {spec} "
                f"(mapping = [{', '.join(mapping)}]) : ({_ANY}) -> ({_ANY}, {_ANY})")
    return tiled, loop


def _is_linalg(op: ir.Operation) -> bool:
    return op.name.startswith("linalg.") and "indexing_maps" in op.attributes and "iterator_types" in op.attributes


def _in_mapped_forall(op: ir.Operation, kind: str) -> bool:
    parent = op.parent
    while parent is not None and parent.name != "func.func":
        if parent.name == "scf.forall" and "mapping" in parent.attributes and f"#gpu.{kind}" in str(parent.attributes["mapping"]):
            return True
        parent = parent.parent
    return False


def _apply(module: ir.Operation, script: _Script, what: str) -> None:
    parsed = ir.Module.parse(script.text(), context=module.context)
    try:
        interpreter.apply_named_sequence(module, parsed.body.operations[0], parsed)
    except Exception as exc:  # the interpreter raises MLIRError with the diagnostics
        raise ExirInternalError(f"GPU stage 'exir-gpu-map' failed to {what}: {exc}") from exc


def _canonicalize(module: ir.Operation) -> None:
    passmanager.PassManager.parse("builtin.module(canonicalize,cse)", context=module.context).run(module)


def _init_producer(op: ir.OpView) -> ir.Operation | None:
    """The fill or broadcast producing the op's init, when nothing else uses it (fused into the kernel)."""
    outs = list(op.outputs)
    if len(outs) != 1:
        return None
    value = outs[0]
    owner = value.owner
    if not isinstance(owner, ir.Operation) and hasattr(owner, "operation"):
        owner = owner.operation
    if not isinstance(owner, ir.Operation) or not _is_linalg(owner):
        return None
    if "reduction" in str(owner.attributes["iterator_types"]):
        return None
    if len(list(value.uses)) != 1:
        return None
    return owner


def _stage_operands(op: ir.Operation) -> None:
    """Copy each statically shaped input tile of `op` into a fresh tensor (block-local: shared memory)."""
    from exir_mlir._mlir import linalg  # noqa: PLC0415 - dialect modules load lazily

    for i in range(len(op.opview.inputs)):
        value = op.operands[i]
        if not isinstance(value.type, ir.RankedTensorType) or not value.type.has_static_shape:
            continue
        with ir.InsertionPoint(op), op.location:
            # an allocation (not tensor.empty, which CSE would merge with the other operand's)
            shared = ir.Operation.create(
                "bufferization.alloc_tensor", results=[value.type], operands=[],
                attributes={"memory_space": ir.Attribute.parse("#gpu.address_space<workgroup>"),
                            "operandSegmentSizes": ir.DenseI32ArrayAttr.get([0, 0, 0])})
            copy = linalg.copy(value, outs=[shared.results[0]])
        op.operands[i] = copy


def _generalize(module: ir.Operation) -> None:
    # Named ops (matmul, conv, fill, reduce, ...) as linalg.generic: one way to read their loops.
    passmanager.PassManager.parse("builtin.module(func.func(linalg-generalize-named-ops))",
                                  context=module.context).run(module)


def check_distributed(module: ir.Operation) -> None:
    """Every linalg op in a kernel runs inside a thread forall: code between thread foralls runs
    on every thread of a block (and once per block in the CPU twin, which would hide a race)."""
    _generalize(module)
    for op in collect_ops(module, _is_linalg):
        if _in_mapped_forall(op, "block") and not _in_mapped_forall(op, "thread"):
            raise ExirInternalError(f"exir-gpu-map left {op.name} at {op.location} outside the threads of its block")


def _wrap_in_forall(op: ir.Operation, mapping: str) -> ir.Operation:
    """Wrap a linalg op without parallel loops (a full reduction, a scalar op) in a forall of one
    iteration mapped to `mapping`: in a one-block forall, a full reduction is then split over the
    block's threads like a row's; in a one-thread forall, an op runs on one thread."""
    from exir_mlir._mlir import scf, tensor  # noqa: PLC0415 - dialect modules load lazily

    view = op.opview
    inits = list(view.outputs)
    n_in = len(op.operands) - len(inits)
    with ir.InsertionPoint(op), op.location:
        forall = scf.ForallOp([0], [1], [1], inits, mapping=ir.Attribute.parse(f"[{mapping}]"))
        args = list(forall.body.arguments)[1:]
        with ir.InsertionPoint(forall.body):
            inner = op.clone()
            for i, arg in enumerate(args):
                inner.operands[n_in + i] = arg
            in_parallel = scf.InParallelOp()
        with ir.InsertionPoint(in_parallel.region.blocks[0] if in_parallel.region.blocks else
                               in_parallel.region.blocks.append()):
            for result, arg, init in zip(inner.results, args, inits):
                rank = init.type.rank
                tensor.ParallelInsertSliceOp(result, arg, [], [], [], ir.DenseI64ArrayAttr.get([0] * rank),
                                             ir.DenseI64ArrayAttr.get(init.type.shape),
                                             ir.DenseI64ArrayAttr.get([1] * rank))
    for old, new in zip(op.results, forall.results):
        old.replace_all_uses_with(new)
    op.erase()
    return inner


_NONPOSITIVE_COEFFICIENT = re.compile(r"-d\d|\* -|\* 0\b|\(-")


def _has_nonpositive_coefficient(op: ir.Operation) -> bool:
    """An indexing map reading a dim backwards (`-d2 + 1`: the flip of a transposed convolution's
    weight): upstream tiling asserts (aborts the process) on such maps."""
    return bool(_NONPOSITIVE_COEFFICIENT.search(str(op.attributes["indexing_maps"])))


def _one_thread_kernels(module: ir.Operation) -> None:
    """Ops that cannot be tiled (_has_nonpositive_coefficient) run as a kernel of one block of
    one thread: correct, not fast (such ops are weight flips, small and off the hot path)."""
    for op in collect_ops(module, _is_linalg):
        if not _has_nonpositive_coefficient(op) or _in_mapped_forall(op, "block"):
            continue
        if any(not ir.ShapedType(init.type).has_static_shape for init in op.opview.outputs):
            raise ExirUserError(f"{op.name} at {op.location} reads a dim backwards and has a dynamic shape: the GPU "
                                "mapping cannot tile it; compile with target=\"cpu\"")
        inner = _wrap_in_forall(op, "#gpu.block<x>")
        _wrap_in_forall(inner, "#gpu.thread<x>")


def map_to_gpu(module: ir.Operation) -> int:
    """Tile and distribute every linalg op of the module; returns the number of kernels."""
    _generalize(module)
    _one_thread_kernels(module)
    for op in collect_ops(module, _is_linalg):
        if ("parallel" not in _iterators(op.opview) and not _in_mapped_forall(op, "block")
                and 0 not in _loop_ranges(op.opview)):
            _wrap_in_forall(op, "#gpu.block<x>")
    # An op with an empty loop does nothing (and upstream tiling aborts on it): no kernel.
    ops = [op for op in collect_ops(module, _is_linalg)
           if 0 not in _loop_ranges(op.opview) and not _in_mapped_forall(op, "thread")]
    # Inits fused into their consumer's kernel are not kernels of their own.
    fused: dict[int, ir.Operation] = {}
    kernels = []
    for op in ops:
        view = op.opview
        if "reduction" not in str(op.attributes["iterator_types"]):
            continue
        producer = _init_producer(view)
        if producer is not None:
            fused[len(kernels)] = producer
        kernels.append(op)
    fused_ids = {id(p) for p in fused.values()}
    fused_set = list(fused.values())
    for op in ops:
        if "reduction" in str(op.attributes["iterator_types"]):
            continue
        if any(op == p for p in fused_set):
            continue
        kernels.append(op)
    del fused_ids
    plans: list[KernelPlan] = []
    i64 = ir.IntegerType.get_signless(64, context=module.context)
    for tag, op in enumerate(kernels):
        plan = plan_kernel(op.opview)
        plans.append(plan)
        op.attributes[TAG] = ir.IntegerAttr.get(i64, tag)
    fill_tags = {}
    for tag, producer in fused.items():
        producer.attributes[TAG + "_init"] = ir.IntegerAttr.get(i64, tag)
        fill_tags[tag] = True
    if not kernels:
        return 0

    # Phase 1: blocks (and the fused init), then threads for elementwise and contraction kernels,
    # and the split of reductions over a block's threads.
    script = _Script()
    for tag, (op, plan) in enumerate(zip(kernels, plans)):
        handle = script.match_tag(tag)
        fused_init = None
        if plan.block_mapping:
            if any(plan.block_counts):
                counts = [c or (0 if not t else -t) for c, t in zip(plan.block_counts, plan.block_tiles)]
                # Static dims of a kernel with a dynamic one: blocks = ceil(extent / tile).
                ranges = _loop_ranges(op.opview)
                counts = [c if c >= 0 else -(-ranges[d] // -c) for d, c in enumerate(counts)]
                tiled, block = _forall(script, handle, counts=counts, mapping=plan.block_mapping)
            else:
                tiled, block = _forall(script, handle, tiles=plan.block_tiles, mapping=plan.block_mapping)
            if tag in fill_tags:
                init = script.fresh("init")
                script.emit(f"{init} = transform.structured.match attributes {{{TAG}_init = {tag} : i64}} in %root "
                            f": ({_ANY}) -> {_ANY}")
                fused_init = script.fresh("f")
                script.emit(f"{fused_init}, %_{fused_init[1:]} = transform.structured.fuse_into_containing_op "
                            f"{init} into {block} : ({_ANY}, {_ANY}) -> ({_ANY}, {_ANY})")
            handle = tiled
        if plan.kind == "reduction":
            if any(plan.row_loop):
                tiled, _loops = script.fresh("t"), script.fresh("rows")
                n_loops = sum(1 for s in plan.row_loop if s)
                results = ", ".join([_ANY] * (n_loops + 1))
                count = f":{n_loops}" if n_loops > 1 else ""
                script.emit(f"{tiled}, {_loops}{count} = transform.structured.tile_using_for {handle} "
                            f"tile_sizes {_tile_list(plan.row_loop)} : ({_ANY}) -> ({results})")
                handle = tiled
            outs = [script.fresh(s) for s in ("fill", "split", "combine", "threads")]
            script.emit(f"{outs[0]}, {outs[1]}, {outs[2]}, {outs[3]} = transform.structured.tile_reduction_using_forall "
                        f"{handle} by num_threads = {_tile_list(plan.thread_counts)} "
                        f"mapping = [#gpu.thread<x>] : ({_ANY}) -> ({_ANY}, {_ANY}, {_ANY}, {_ANY})")
        elif plan.stage_k:
            script.emit(f"%_{script.fresh('k')[1:]}, %_{script.fresh('kloop')[1:]} = transform.structured.tile_using_for "
                        f"{handle} tile_sizes {_tile_list(plan.stage_k)} : ({_ANY}) -> ({_ANY}, {_ANY})")
        elif plan.thread_mapping:
            _tiled, threads = _forall(script, handle, counts=plan.thread_counts, mapping=plan.thread_mapping)
            if fused_init is not None:
                script.emit(f"%_{script.fresh('g')[1:]}, %_{script.fresh('g')[1:]} = transform.structured.fuse_into_containing_op "
                            f"{fused_init} into {threads} : ({_ANY}, {_ANY}) -> ({_ANY}, {_ANY})")
    _apply(module, script, "distribute linalg ops over blocks and threads")
    _canonicalize(module)

    # Phase 1b: staged contractions copy their operand tiles into block-local tensors (shared
    # memory after exir-gpu-bufferize) at each k step, then their threads are distributed.
    staged = [tag for tag, plan in enumerate(plans) if plan.stage_k]
    if staged:
        for op in collect_ops(module, lambda o: TAG in o.attributes and o.name.startswith("linalg.")):
            tag = ir.IntegerAttr(op.attributes[TAG]).value
            if tag in staged and op.parent.name == "scf.for":
                _stage_operands(op)
        script = _Script()
        for tag in staged:
            handle = script.match_tag(tag)
            _forall(script, handle, counts=plans[tag].thread_counts, mapping=plans[tag].thread_mapping)
        _apply(module, script, "distribute staged contractions over threads")
        _canonicalize(module)

    # Phase 2: linalg ops inside a block forall that no thread forall covers (the fills of
    # reduction partials and inits, the ops combining partials) are split over the threads too.
    _generalize(module)
    leftovers = [op for op in collect_ops(module, _is_linalg)
                 if _in_mapped_forall(op, "block") and not _in_mapped_forall(op, "thread")]
    script = _Script()
    for i, op in enumerate(leftovers):
        op.attributes[TAG + "_rest"] = ir.IntegerAttr.get(i64, i)
        iterators = _iterators(op.opview)
        ranges = _loop_ranges(op.opview)
        parallel = [d for d, it in enumerate(iterators) if it == "parallel"]
        counts = [0] * len(iterators)
        mapping_ = ["#gpu.thread<x>"]
        if parallel:
            inner = parallel[-1]
            if ranges[inner] is None:
                raise ExirInternalError(f"GPU mapping left a dynamically sized {op.name} outside thread loops")
            if len(parallel) >= 2 and ranges[parallel[-2]] is not None and ranges[parallel[-2]] > 1:
                # a 2-D tile (staged operands): 8 x 32 threads, x along the contiguous dim
                counts[inner] = min(ranges[inner], 32)
                counts[parallel[-2]] = min(ranges[parallel[-2]], 8)
                mapping_ = ["#gpu.thread<y>", "#gpu.thread<x>"]
            else:
                counts[inner] = ranges[inner] if ranges[inner] <= 1024 else 1
        handle = script.fresh("rest")
        script.emit(f"{handle} = transform.structured.match attributes {{{TAG}_rest = {i} : i64}} in %root "
                    f": ({_ANY}) -> {_ANY}")
        if parallel:
            _forall(script, handle, counts=counts, mapping=mapping_)
        else:
            _wrap_in_forall(op, "#gpu.thread<x>")
    if leftovers:
        _apply(module, script, "distribute the fills and combining ops of reductions over threads")
        _canonicalize(module)
    for op in collect_ops(module, lambda o: any(a in o.attributes for a in (TAG, TAG + "_init", TAG + "_rest"))):
        for a in (TAG, TAG + "_init", TAG + "_rest"):
            if a in op.attributes:
                del op.attributes[a]
    check_distributed(module)
    return len(kernels)
