"""The CPU pipeline stages, linalg-on-tensors -> LLVM dialect, each runnable on its own."""

from __future__ import annotations

import contextlib
import dataclasses
import math
import time
from dataclasses import dataclass

from exir_mlir._mlir import arith, cf, func, ir, linalg, llvm, passmanager, scf, vector
from exir_mlir.codegen.op_walk import collect_ops
from exir_mlir._mlir import memref as memref_d
from exir_mlir._mlir import transform_interpreter as interpreter
from exir_mlir.codegen import fusion_barrier
from exir_mlir.codegen.arena import plan_arenas
from exir_mlir.codegen.branch_inserts import sink_inserts_into_branches
from exir_mlir.codegen.buffer_pool import install_buffer_pool
from exir_mlir.codegen.carried_in_place import carry_in_place
from exir_mlir.codegen.loop_buffers import hoist_loop_buffers
from exir_mlir.codegen.state_in_place import materialize_state_in_place, return_state_arguments
from exir_mlir.codegen.error_exit_frees import ExitFrees, functions_freeing_foreign_buffers
from exir_mlir.codegen.contract_operands import broadcast_one_sided_reductions
from exir_mlir.codegen.host import detect_host
from exir_mlir.codegen.deinterleave_reads import deinterleave_strided_reads
from exir_mlir.codegen.expand_powf import expand_powf
from exir_mlir.codegen.math_approx import approximate_math
from exir_mlir.codegen.bounded_temporaries import bound_remainder_buffers, bound_tile_temporaries
from exir_mlir.codegen.opaque_loop_bounds import hide_loop_bounds
from exir_mlir.codegen.outline_loops import outline_loops
from exir_mlir.codegen.parallel_gomp import THREADS_ATTR, dispatch_with_gomp, outline_foralls
from exir_mlir.codegen.stack_vectors import unmask_stack_vectors
from exir_mlir.codegen.parallel_work import drop_work_hints
from exir_mlir.codegen.schedule import EMPTY_TENSORS_ELIMINATED, NO_UNROLL, apply_cpu_schedule, walk_ops
from exir_mlir.codegen.strategy import UNVECTORIZABLE_ELEMENTS
from exir_mlir.codegen.transpose_folding import fold_transposes_into_contractions
from exir_mlir.errors import ExirInternalError, describe_location

# Named elementwise ops are generalized first so that linalg-fuse-elementwise-ops (which fuses
# only linalg.generic) can merge them with their producers and consumers.
_ELEMENTWISE_NAMED = (
    "linalg.elementwise",
    "linalg.map",
    "linalg.add",
    "linalg.sub",
    "linalg.mul",
    "linalg.div",
    "linalg.div_unsigned",
    "linalg.max",
    "linalg.min",
    "linalg.powf",
    "linalg.exp",
    "linalg.log",
    "linalg.abs",
    "linalg.ceil",
    "linalg.floor",
    "linalg.negf",
    "linalg.reciprocal",
    "linalg.round",
    "linalg.sqrt",
    "linalg.rsqrt",
    "linalg.square",
    "linalg.tanh",
    "linalg.erf",
    "linalg.select",
    "linalg.broadcast",
    "linalg.transpose",
)


def _run(module: ir.Operation, pipeline: str, stage: str) -> None:
    try:
        passmanager.PassManager.parse(pipeline, context=module.context).run(module)
    except ir.MLIRError as exc:
        # One line per error at the user's source line; MLIR's full text (notes, the failing op
        # printed) is the error's detail (`exir-mlir --verbose`).
        lines = [f"{describe_location(d.location)}: {d.message}" for d in exc.error_diagnostics] or [str(exc)]
        error = ExirInternalError(f"CPU stage '{stage}' failed: {'; '.join(lines)}")
        error.detail = f"{exc}\npipeline: {pipeline}"
        raise error from exc


def fuse_elementwise(module: ir.Operation) -> None:
    """`exir-cpu-fuse`: generalize named elementwise ops, then fuse producer/consumer chains."""
    names = ", ".join(f'"{n}"' for n in _ELEMENTWISE_NAMED)
    generalize = (
        f"    %ops = transform.structured.match ops{{[{names}]}} in %root : (!transform.any_op) -> !transform.any_op\n"
        "    %g = transform.structured.generalize %ops : (!transform.any_op) -> !transform.any_op\n"
        if walk_ops(module, _ELEMENTWISE_NAMED) else ""
    )
    # tensor.pad -> fill + insert_slice: the fill then tiles and vectorizes like any elementwise
    # op instead of becoming a scalar loop over the padded buffer at bufferization.
    script = ir.Module.parse(
        "module attributes {transform.with_named_sequence} {\n"
        "  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {\n"
        f"{generalize}"
        "    %funcs = transform.structured.match ops{[\"func.func\"]} in %root : (!transform.any_op) -> !transform.any_op\n"
        "    transform.apply_patterns to %funcs {\n"
        "      transform.apply_patterns.linalg.decompose_pad\n"
        "    } : !transform.any_op\n"
        "    transform.yield\n  }\n}\n",
        context=module.context,
    )
    interpreter.apply_named_sequence(module, script.body.operations[0], script)
    fold_transposes_into_contractions(module)
    fusion_barrier.outline(module)
    _run(
        module,
        "builtin.module(func.func(linalg-fuse-elementwise-ops,canonicalize,cse),"
        "func.func(linalg-fold-unit-extent-dims{use-rank-reducing-slices},canonicalize,cse),"
        "inline,symbol-dce,canonicalize,cse)",
        "exir-cpu-fuse",
    )


def tile_and_vectorize(module: ir.Operation, *, vector_bits: int = 0, cores: int = 0, l1_bytes: int = 0,
                       l2_bytes: int = 0) -> None:
    """`exir-cpu-tile`: per-op transform-dialect schedule (threads, caches, vector registers).

    `vector_bits` / `cores` / `l1_bytes` / `l2_bytes` replace the host's values (0 keeps them): tests
    pin them so that their expected tiles do not depend on the machine that runs them.
    """
    host = detect_host()
    if vector_bits:
        host = dataclasses.replace(host, vector_bits=vector_bits, vector_registers=32 if vector_bits >= 512 else 16)
    if cores:
        host = dataclasses.replace(host, cores=cores)
    if l1_bytes:
        host = dataclasses.replace(host, l1d_bytes=l1_bytes)
    if l2_bytes:
        host = dataclasses.replace(host, l2_bytes=l2_bytes)
    # What an scf.while carries is computed into its block argument (carried_in_place.py): on the
    # fused linalg ops (the body's last elementwise ops are one generic with one init), before the
    # schedule tiles them. Here, not in exir-cpu-fuse, which the CUDA pipeline runs too.
    carry_in_place(module)
    apply_cpu_schedule(module, host)
    # A size read off a reshape (`tensor.dim` of a collapse_shape: transposed_rhs's copy of a dynamic
    # K^T, sized from the heads-collapsed keys) becomes arithmetic on its source's sizes, which
    # reach back to the function's arguments: bufferized as read off the reshape, the copy's size
    # was not computable where the arena is allocated (arena._dim_source follows allocs, views and
    # expand_shapes), so it kept a pool take of its own per call (AVX2: 4 takes per call of a
    # dynamic transformer stack instead of 2).
    _run(module, "builtin.module(func.func(resolve-ranked-shaped-type-result-dims),canonicalize,cse)",
         "exir-cpu-tile")


# tensor.empty feeding an insert into a destination becomes that destination: no temporary.
ELIMINATE_EMPTY_TENSORS = "eliminate-empty-tensors"
# A new buffer (a tensor.empty's) is predicted with the identity layout, as it is allocated: with
# the default (fully dynamic strides) an scf.if whose branches yield a new buffer and a collapse_shape
# of one (pack_matmul's run-time choice) had branch types that differ (the collapse of an unknown
# layout is a new identity buffer), so the if's result got strides and offset known only at run
# time, copied into a new buffer to be returned, and every op reading it, once outlined into a
# parallel body (no constant strides to see), read it element by element: a dynamic-batch MLP at
# 2 threads ran 2.5-3x slower than its static build (1 thread, with the loops inline, was not).
ONE_SHOT_BUFFERIZE = (
    "one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map "
    "allow-return-allocs-from-loops unknown-type-conversion=identity-layout-map},"
    "canonicalize,cse"
)
# After bounded_temporaries.bound_remainder_buffers (the buffers the analysis made).
BUFFERIZE = (
    # Small temporaries live on the stack; allocations leave loops they do not depend on.
    "func.func(buffer-hoisting,buffer-loop-hoisting,promote-buffers-to-stack{max-alloc-size-in-bytes=4096}),"
    "buffer-deallocation-pipeline,convert-bufferization-to-memref,canonicalize,cse"
)


TO_SCF = (
    "func.func(convert-linalg-to-loops),"
    "func.func(convert-vector-to-scf{full-unroll target-rank=1})"
)
TO_CF = "lower-affine,convert-scf-to-cf"
TO_LOOPS = f"{TO_SCF},{TO_CF}"

# Compile time (named so: not tiling): the conversions that work on one function at a time run
# nested in func.func, so that MLIR runs them on every core, one function per thread (with
# outlined loop nests and parallel bodies there are hundreds); the ones that add declarations
# to the module (math-to-funcs/libm, memref's allocation functions, func-to-llvm) or are
# restricted to it (cf-to-llvm) stay module passes. The output is the same as in one sequence.
TO_LLVM = (
    # Polynomial forms of tan/tanh/sinh/cosh/atanh vectorize; libm calls would scalarize every
    # vector. Only those: upstream's other expansions are wrong outside a range (ceil through
    # an i64 conversion gave 9.2e18 for NaN, inf and 1e30; asinh/acosh as log(x + sqrt(x^2 +- 1))
    # overflow past 1e19), and LLVM has exact vector intrinsics for ceil, round, exp2, fma, ...
    "func.func(math-expand-ops{ops=tan,tanh,sinh,cosh,atanh},arith-expand{include-bf16}),"
    # What LLVM has no intrinsic for (erf, ...) becomes libm calls, unrolled over vector lanes:
    # before vector-to-llvm, which lowers the resulting vector.extract/insert.
    "convert-math-to-funcs,func.func(convert-math-to-llvm),convert-math-to-libm,"
    "convert-vector-to-llvm{vector-contract-lowering=outerproduct vector-transpose-lowering=shuffle1d "
    "reassociate-fp-reductions},"
    "func.func(expand-strided-metadata,lower-affine),"
    # Heap buffers through _mlir_memref_to_llvm_alloc/free, which buffer_pool.py defines.
    "finalize-memref-to-llvm{use-generic-functions},"
    "func.func(convert-arith-to-llvm,convert-index-to-llvm,convert-ub-to-llvm),"
    "convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts"
)


def bufferize(module: ir.Operation) -> None:
    """`exir-cpu-bufferize`: one-shot bufferization (in place where legal) and deallocation."""
    # A run-time choice's result inserted into a larger tensor: inserted in each branch, so that
    # the empty-tensor elimination finds each branch's producer (branch_inserts.py).
    sink_inserts_into_branches(module)
    if EMPTY_TENSORS_ELIMINATED in module.attributes:  # by exir-cpu-tile, before tiling (cheaper)
        del module.attributes[EMPTY_TENSORS_ELIMINATED]
    else:
        _run(module, f"builtin.module({ELIMINATE_EMPTY_TENSORS})", "exir-cpu-bufferize")
    # Buffer mutations into their buffers (state_in_place.py): after the empty-tensor elimination.
    materialize_state_in_place(module)
    # Remainder tiles' temporaries of a bounded size on the stack (bounded_temporaries.py): before
    # the loop bounds it reads are hidden.
    bound_tile_temporaries(module)
    # What the analysis need not see (opaque_loop_bounds.py); its canonicalization removes the casts.
    hide_loop_bounds(module)
    _run(module, f"builtin.module({ONE_SHOT_BUFFERIZE})", "exir-cpu-bufferize")
    # Copies of remainder tiles that the analysis made, of a bounded size: on the stack too.
    bound_remainder_buffers(module)
    _run(module, f"builtin.module({BUFFERIZE})", "exir-cpu-bufferize")
    unmask_stack_vectors(module)
    return_state_arguments(module)
    strided_copies_as_loops(module)


def _is_identity_layout(memref_type: ir.Type) -> bool:
    layout = memref_type.layout
    return isinstance(layout, ir.AffineMapAttr) and layout.value == ir.AffineMap.get_identity(memref_type.rank)


def strided_copies_as_loops(module: ir.Operation) -> int:
    """`memref.copy` between non-contiguous views (padding, slices, concatenation) becomes loops.

    Such copies would otherwise call the runner library's generic `memrefCopy`, one element at a
    time through index arithmetic. A small one whose rows are contiguous in both views is one
    vector read and write (_vector_copy). Where both views have a static block of trailing dims
    that is contiguous in each (the rows of a pad's interior, a channel slice of a concatenation),
    loops over the leading dims copy one block each with `memref.copy` of static, contiguous views,
    which finalize-memref-to-llvm makes an `llvm.memcpy` of constant size (expanded into vector
    moves, or a libc call for large blocks); the whole copy, when it is one such block, stays a
    memref.copy. Any other copy becomes `linalg.copy` loops, whose contiguous innermost dim LLVM
    vectorizes. (As element loops, LLVM vectorized and unrolled each of the pad and concatenation
    copies behind run-time alias checks: 40-50 ms of LLVM's time each, a third of unet's.)
    """
    copies = collect_ops(module, lambda op: op.name == "memref.copy" and (
        not all(_is_identity_layout(v.type) for v in op.operands)
        # memcpy of i1 memrefs would count bits, not bytes: copy bools element by element.
        or str(op.operands[0].type.element_type) == "i1"))
    rewritten = 0
    for op in copies:
        source, target = op.operands
        small = _small_contiguous_rows(source.type, target.type)
        block = None if small else _contiguous_block_start(source.type, target.type)
        if block == 0:
            continue  # one contiguous block in both: already a memcpy
        with ir.InsertionPoint(op), op.location:
            if small:
                _vector_copy(source, target)
            elif block is not None:
                _block_copies(source, target, block)
            else:
                linalg.copy(source, outs=[target])
        op.erase()
        rewritten += 1
    return rewritten


def _contiguous_block_start(source_type: ir.Type, target_type: ir.Type) -> int | None:
    """The first of the trailing dims that are static and laid out contiguously (row-major, innermost
    stride 1) in both views, so that each index of the dims before it addresses one contiguous
    block of bytes in each; None where there is no such dim or the element is not whole bytes
    (i1 is a bit to LLVM's memcpy), or where a block would be empty."""
    types = [ir.MemRefType(source_type), ir.MemRefType(target_type)]
    rank = types[0].rank
    elem = types[0].element_type
    if rank == 0 or not isinstance(elem, (ir.FloatType, ir.IntegerType)) or elem.width % 8:
        return None
    strides = [t.get_strides_and_offset()[0] for t in types]
    shape = types[0].shape
    # Row-major strides in both, as memref.copy's lowering wants them for a memcpy
    # (memref::isStaticShapeAndContiguousRowMajor: only the block's leading unit dims may differ).
    start, expected = rank, 1
    while start > 0:
        d = start - 1
        if ir.ShapedType.is_dynamic_size(shape[d]) or shape[d] == 0 or any(s[d] != expected for s in strides):
            break
        expected *= shape[d]
        start = d
    # A block of one element is an element loop either way: left to linalg.copy.
    return start if start < rank and expected > 1 else None


def _block_copies(source: ir.Value, target: ir.Value, block: int) -> None:
    """Loops over dims [0, block) of the two views (of one shape), each copying the contiguous
    static block of the dims after them with a memref.copy of unit-leading-dim subviews."""
    index = ir.IndexType.get()
    zero, one = arith.constant(index, 0), arith.constant(index, 1)
    shape = ir.MemRefType(source.type).shape
    no_unroll = ir.Attribute.parse(NO_UNROLL)
    uppers = [memref_d.dim(source, arith.constant(index, d)) if ir.ShapedType.is_dynamic_size(shape[d])
              else arith.constant(index, shape[d]) for d in range(block)]
    ivs = []
    with contextlib.ExitStack() as loops:
        for upper in uppers:
            loop = scf.ForOp(zero, upper, one)
            # Unrolled, a loop of 64 inline 256-byte copies cost LLVM more than the element loop did.
            loop.operation.attributes["llvm.loop_annotation"] = no_unroll
            with ir.InsertionPoint(loop.body):
                scf.YieldOp([])
            loops.enter_context(ir.InsertionPoint.at_block_terminator(loop.body))
            ivs.append(loop.induction_variable)
        sizes = [1] * block + list(shape[block:])
        offsets = ivs + [0] * (len(shape) - block)
        views = [memref_d.subview(v, offsets, sizes, [1] * len(shape), result_type=_block_view_type(v.type, sizes))
                 for v in (source, target)]
        memref_d.copy(*views)


def _block_view_type(view_type: ir.Type, sizes: list[int]) -> ir.MemRefType:
    """The type of a unit-stride subview of `sizes` at run-time offsets: the view's strides (dynamic
    ones too: the leading dims of a view may have them), a dynamic offset."""
    view = ir.MemRefType(view_type)
    layout = ir.StridedLayoutAttr.get(ir.ShapedType.get_dynamic_stride_or_offset(), view.get_strides_and_offset()[0])
    return ir.MemRefType.get(sizes, view.element_type, layout, view.memory_space)


# A copy of at most this many elements whose rows are contiguous in both views becomes one
# vector read and write (im2col's column rows, 32 floats): as a loop LLVM unrolled it into
# scalar moves (it cannot tell the two views apart), over a quarter of conv3d_block's time.
_VECTOR_COPY_ELEMENTS = 256


def _small_contiguous_rows(source_type: ir.Type, target_type: ir.Type) -> bool:
    types = [ir.MemRefType(source_type), ir.MemRefType(target_type)]
    if not all(t.has_static_shape for t in types) or types[0].rank == 0:
        return False
    elem = types[0].element_type
    if not isinstance(elem, (ir.FloatType, ir.IntegerType)) or str(elem) in UNVECTORIZABLE_ELEMENTS or elem.width % 8:
        return False
    if math.prod(types[0].shape) > _VECTOR_COPY_ELEMENTS:
        return False
    return all(t.get_strides_and_offset()[0][-1] == 1 for t in types)


def _vector_copy(source: ir.Value, target: ir.Value) -> None:
    source_type = ir.MemRefType(source.type)
    rank = source_type.rank
    vector_type = ir.VectorType.get(source_type.shape, source_type.element_type)
    zero = arith.constant(ir.IndexType.get(), 0)
    identity = ir.AffineMapAttr.get(ir.AffineMap.get_minor_identity(rank, rank))
    in_bounds = ir.ArrayAttr.get([ir.BoolAttr.get(True)] * rank)
    elem = source_type.element_type
    # (never read: every access is in bounds)
    padding = arith.constant(elem, 0.0 if isinstance(elem, ir.FloatType) else 0)
    value = vector.TransferReadOp(vector_type, source, [zero] * rank, identity, padding, in_bounds).result
    vector.TransferWriteOp(None, value, target, [zero] * rank, identity, in_bounds)


def parallelize(module: ir.Operation, *, num_threads: int = 0) -> None:
    """`exir-cpu-parallelize`: outermost forall loops -> outlined bodies that `GOMP_parallel` runs
    on torch's OpenMP pool (parallel_gomp.py); with one thread, plain loops."""
    if num_threads == 1:
        _run(module, "builtin.module(func.func(scf-forall-to-for))", "exir-cpu-parallelize")
    elif outline_foralls(module):
        # Read by exir-cpu-to-llvm, which emits the GOMP_parallel launches (0: the pool's size).
        module.attributes[THREADS_ATTR] = ir.IntegerAttr.get(ir.IntegerType.get_signless(32), num_threads)
    drop_work_hints(module)  # (those of foralls that folded away, or of a one-thread build)
    # Each thread now runs its iterations one after another: a fixed-size tile temporary is
    # allocated once per loop (per thread's chunk), not per iteration.
    hoist_loop_buffers(module)


# n-D vector ops that convert-vector-to-llvm does not take are rewritten into 1-D ones first.
_VECTOR_LOWERING = """
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %funcs = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %funcs {
      transform.apply_patterns.vector.cast_away_vector_leading_one_dim
      transform.apply_patterns.vector.lower_masked_transfers
      transform.apply_patterns.vector.transfer_permutation_patterns
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.apply_patterns to %funcs {
      transform.apply_patterns.vector.lower_multi_reduction lowering_strategy = "innerreduction"
    } : !transform.any_op
    transform.apply_patterns to %funcs {
      transform.apply_patterns.vector.lower_contraction lowering_strategy = "outerproduct"
      transform.apply_patterns.vector.lower_outerproduct
      transform.apply_patterns.vector.lower_broadcast
      transform.apply_patterns.vector.lower_transpose lowering_strategy = "shuffle_1d"
      transform.apply_patterns.vector.lower_create_mask
      transform.apply_patterns.vector.lower_masks
      transform.apply_patterns.vector.lower_shape_cast
    } : !transform.any_op
    transform.yield
  }
}
"""


def lower_vectors(module: ir.Operation) -> None:
    """n-D vector ops (multi-reductions, masks, broadcasts, transposes) to 1-D ones."""
    # The contraction lowerings abort on a reduction dim that one operand lacks.
    broadcast_one_sided_reductions(module)
    script = ir.Module.parse(_VECTOR_LOWERING, context=module.context)
    try:
        interpreter.apply_named_sequence(module, script.body.operations[0], script)
    except Exception as exc:
        raise ExirInternalError(f"CPU stage 'exir-cpu-to-llvm' failed to lower vector ops: {exc}") from exc


def lower_to_llvm(module: ir.Operation, *, check_bounds: bool = False) -> None:
    """`exir-cpu-to-llvm`: vectors, loops, memrefs, async and math down to the LLVM dialect.

    `check_bounds`: every memref access and view is checked at run time (insert_bounds_checks)."""
    lower_vectors(module)
    deinterleave_strided_reads(module)
    # f16/bf16 math and arithmetic compute in f32 (what LLVM would do, but its x86 backend aborts on
    # some bf16 vector operations); math then gets the f32 polynomials. Within one fused loop the
    # intermediate results stay f32 (the pass marks its extf/truncf pairs `contract`, and MLIR folds
    # such a pair away), as Inductor's fused kernels do: `a + 3 * b` in f16 differs from eager's
    # op-by-op rounding by one unit in the last place in about a quarter of the elements.
    _run(module, "builtin.module(func.func(math-extend-to-supported-types,"
         "arith-emulate-unsupported-floats{source-types=bf16,f16 target-type=f32}))", "exir-cpu-to-llvm")
    # Before approximate_math: the expansion's exp/log then get the f32 polynomials too.
    expand_powf(module)
    approximate_math(module)
    _run(module, f"builtin.module({TO_SCF})", "exir-cpu-to-llvm")
    if check_bounds:
        insert_bounds_checks(module)
    else:
        # The run-time checks of every build (index ranges, torch._check on data-dependent values):
        # reports into the call's error slot and early exits; lowers scf to cf first.
        report_failed_asserts(module)
    bool_accesses_as_bytes(module)
    _run(module, f"builtin.module({TO_LLVM})", "exir-cpu-to-llvm")
    loop_annotations_to_llvm(module)
    install_buffer_pool(module)
    if THREADS_ATTR in module.attributes:
        dispatch_with_gomp(module, num_threads=ir.IntegerAttr(module.attributes[THREADS_ATTR]).value)
        del module.attributes[THREADS_ATTR]


def loop_annotations_to_llvm(module: ir.Operation) -> int:
    """The `llvm.loop_annotation` of an scf.for (schedule.py marks loops LLVM must not unroll)
    reaches its latch branch through scf-to-cf and cf-to-llvm as a discardable attribute, which
    the translation to LLVM IR ignores: moved to the branch's own `loop_annotation` (the loop's
    `!llvm.loop` metadata). Returns how many branches carry one.

    Only the last op of each block of an llvm.func is looked at: a branch ends its block, and the
    LLVM dialect has no op with regions inside a function (its control flow is the CFG). (A walk of
    every op, a Python call each, was 40 ms of ResNet-18's dynamic build.)"""
    branches = []
    for top in module.regions[0].blocks[0].operations:
        if top.operation.name != "llvm.func":
            continue
        for block in top.operation.regions[0].blocks:
            ops = block.operations
            last = ops[len(ops) - 1].operation if len(ops) else None
            if last is not None and last.name in ("llvm.br", "llvm.cond_br") and "llvm.loop_annotation" in last.attributes:
                branches.append(last)
    for op in branches:
        annotation = op.attributes["llvm.loop_annotation"]
        del op.attributes["llvm.loop_annotation"]
        op.attributes["loop_annotation"] = annotation
    return len(branches)


def bool_accesses_as_bytes(module: ir.Operation) -> int:
    """Rewrite scalar `memref.load`/`store` of i1 as byte loads/stores through the buffer's address.

    This MLIR's memref-to-LLVM lowering asserts on scalar accesses narrower than a byte, and LLVM
    vectors of i1 are bit-packed in memory; torch stores one byte (0 or 1) per bool, so each access
    becomes an `llvm.load`/`llvm.store` of i8 at base + (offset + sum(index * stride)).
    """
    accesses = collect_ops(module, lambda op: (op.name == "memref.store" and str(op.operands[0].type) == "i1")
                           or (op.name == "memref.load" and str(op.results[0].type) == "i1"))
    ctx = module.context
    i1, i8, i64 = (ir.IntegerType.get_signless(w, context=ctx) for w in (1, 8, 64))
    for op in accesses:
        is_store = op.name == "memref.store"
        operands = list(op.operands)
        target, indices = (operands[1], operands[2:]) if is_store else (operands[0], operands[1:])
        with ir.InsertionPoint(op), op.location:
            meta = memref_d.ExtractStridedMetadataOp(target)
            base = memref_d.extract_aligned_pointer_as_index(meta.base_buffer)
            linear = meta.offset
            for i, idx in enumerate(indices):
                linear = arith.addi(linear, arith.muli(idx, meta.strides[i]))
            address = arith.index_cast(i64, arith.addi(base, linear))
            pointer = llvm.inttoptr(ir.Type.parse("!llvm.ptr", ctx), address)
            if is_store:
                llvm.store(arith.extui(i8, operands[0]), pointer)
            else:
                op.results[0].replace_all_uses_with(arith.trunci(i1, llvm.load(i8, pointer)))
        op.erase()
    return len(accesses)


@dataclass(frozen=True)
class CpuOptions:
    """Options of the whole CPU pipeline."""

    num_threads: int = 0  # 0: every core this process may use
    vectorize: bool = True
    # Bounds-checked build (insert_bounds_checks): scalar loops, every memref access checked.
    check_bounds: bool = False
    # The runtime binds the program's own (writable) state: buffer mutations are written into the
    # buffer's argument (state_in_place.py), not into a new allocation per call.
    state_in_place: bool = False


def run_cpu_pipeline(module: ir.Operation, options: CpuOptions = CpuOptions(),
                     timings: dict[str, float] | None = None) -> None:
    """`exir-cpu-pipeline`: every stage above, in order; the module ends in the LLVM dialect.

    `timings`, when given, receives the seconds of each stage (exir_mlir.stages.CODEGEN_STEPS)."""
    stages = [("fuse", fuse_elementwise)]
    # Vector loads and stores are not checked by MLIR's runtime verification: a bounds-checked
    # build runs the scalar loops of convert-linalg-to-loops, whose every access is.
    if options.vectorize and not options.check_bounds:
        stages.append(("tile", tile_and_vectorize))
    stages += [("bufferize", bufferize),
               ("parallelize", lambda m: parallelize(m, num_threads=options.num_threads)),
               # After the loop buffers left their loops (parallelize): they are top-level now.
               ("plan-arena", plan_arenas),
               ("outline-loops", outline_loops),
               ("to-llvm", lambda m: lower_to_llvm(m, check_bounds=options.check_bounds))]
    for name, stage in stages:
        start = time.perf_counter()
        stage(module)
        if timings is not None:
            timings[name] = time.perf_counter() - start


# The message of a failed check goes to a slot of the CALL, not of the program: every function
# with a body takes one more argument, a pointer to that slot (`!llvm.ptr` to a `const char *`,
# null while every check held), and passes it on to every function it calls. The caller of the
# entry point (exir_mlir.runtime: one slot per call frame; the ahead-of-time library: a local of
# exir_run) owns the slot, so concurrent calls of one program never see each other's failure; the
# parallel loop bodies get the pointer like any other live-in, so OpenMP's workers write the slot
# of the call they work for (atomically: the first failure wins).
ERROR_SLOT_ARGUMENT = "exir.error_slot"


def _blocks(op: ir.Operation):
    for region in op.regions:
        for block in region.blocks:
            yield block
            for inner in block.operations:
                yield from _blocks(inner.operation)


def insert_bounds_checks(module: ir.Operation) -> int:
    """`exir-cpu-check-bounds`: MLIR's runtime verification of memref ops, failures reported, not aborted.

    `generate-runtime-verification` puts a `cf.assert` before every memref access and view it can
    check (load/store indices against the dims; subview, expand/collapse_shape and cast against
    their source; this MLIR does not check reinterpret_cast). report_failed_asserts then makes each
    one a report and an early exit: the access it guards never runs with a failed check, and
    exir_mlir.runtime.bounds raises the message as a Python error. Returns the number of checks.
    Runs on buffers with scalar loops (after convert-linalg-to-loops): vector loads and stores are
    not checked.
    """
    _run(module, "builtin.module(generate-runtime-verification)", "exir-cpu-check-bounds")
    return report_failed_asserts(module)


def _defined_functions(module: ir.Operation) -> dict[str, ir.Operation]:
    body = module.regions[0].blocks[0]
    return {ir.StringAttr(op.operation.attributes["sym_name"]).value: op.operation for op in body.operations
            if op.operation.name == "func.func" and len(op.operation.regions[0].blocks)}


def _add_slot_argument(func_op: ir.Operation, ptr: ir.Type) -> ir.Value:
    """The error-slot pointer as the last argument of `func_op` (its type and argument attributes too)."""
    entry = func_op.regions[0].blocks[0]
    for i, arg in enumerate(entry.arguments):
        if "arg_attrs" in func_op.attributes:
            attrs = ir.ArrayAttr(func_op.attributes["arg_attrs"])
            if i < len(attrs) and ERROR_SLOT_ARGUMENT in ir.DictAttr(attrs[i]):
                return arg  # run before (exir-cpu-check-bounds, then exir-cpu-to-llvm)
    ftype = ir.FunctionType(ir.TypeAttr(func_op.attributes["function_type"]).value)
    slot = entry.add_argument(ptr, func_op.location)
    func_op.attributes["function_type"] = ir.TypeAttr.get(
        ir.FunctionType.get([*ftype.inputs, ptr], list(ftype.results)))
    n = len(ftype.inputs)
    attrs = (list(ir.ArrayAttr(func_op.attributes["arg_attrs"])) if "arg_attrs" in func_op.attributes
             else [ir.DictAttr.get({}) for _ in range(n)])
    attrs.append(ir.DictAttr.get({ERROR_SLOT_ARGUMENT: ir.UnitAttr.get()}))
    func_op.attributes["arg_attrs"] = ir.ArrayAttr.get(attrs)
    return slot


def _split_after(op: ir.Operation) -> ir.Block:
    """Move everything after `op` in its block into a new block right after it; returns that block."""
    block = op.block
    rest = ir.Block.create_after(block)
    ops = [o.operation for o in block.operations]
    for moved in ops[ops.index(op) + 1:]:
        moved.detach_from_parent()
        rest.append(moved)
    return rest


def _exit_block(func_op: ir.Operation) -> ir.Block:
    """A block at the end of `func_op` that returns at once (poison results: the caller reads none
    of them when the error slot is set)."""
    region = func_op.regions[0]
    last = None
    for b in region.blocks:
        last = b
    exit_block = ir.Block.create_after(last)
    ftype = ir.FunctionType(ir.TypeAttr(func_op.attributes["function_type"]).value)
    with ir.InsertionPoint(exit_block), func_op.location:
        values = [ir.Operation.create("ub.poison", results=[t], attributes={"value": ir.Attribute.parse("#ub.poison")}).result
                  for t in ftype.results]
        func.ReturnOp(values)
    return exit_block


def report_failed_asserts(module: ir.Operation) -> int:
    """`cf.assert`s -> reports into the call's error slot and an early exit, never an abort.

    Every function with a body takes the slot pointer as its last argument (ERROR_SLOT_ARGUMENT;
    the entry point too: its callers pass one per call) and hands it to every function it calls.
    A failing `cf.assert` stores a pointer to its message into the slot (a compare-and-swap from
    null: the first failure wins) and RETURNS from its function at once (poison results); after
    each call of a function of the module the caller reads the slot and returns too when it is
    set. So no op after a failed check runs: a size computed from a data-dependent value whose
    `torch._check` failed (a negative `.item()` reaching an allocation), a gather whose index check
    failed, an access whose bounds check failed. A parallel loop body's chunk stops; its launch
    returns when every chunk has, and the caller's read of the slot stops the rest. Each exit frees
    the buffers its function had allocated by then (exir_mlir.codegen.error_exit_frees: those it
    can prove live and unfreed; anything else would leak, never be freed twice). Runs on the CFG (scf lowered to cf first). Returns the number of asserts.

    Run in every build: the index-range checks of gather/scatter ops (lowering/to_linalg/index_checks.py)
    and the data-dependent checks (lowering/aten_to_edge/symbolic.py) are `cf.assert`s, and
    exir_mlir.runtime raises their message after the call."""
    _run(module, f"builtin.module({TO_CF})", "exir-cpu-to-llvm")
    ctx = module.context
    ptr = ir.Type.parse("!llvm.ptr", ctx)
    body = module.regions[0].blocks[0]
    functions = _defined_functions(module)
    existing = {ir.StringAttr(o.attributes["sym_name"]).value for o in body.operations
                if "sym_name" in o.attributes}
    first_message = sum(name.startswith("__exir_bounds_message_") for name in existing)
    messages: dict[str, str] = {}
    count = 0
    slots = {name: _add_slot_argument(func_op, ptr) for name, func_op in functions.items()}
    foreign_freeing = functions_freeing_foreign_buffers(functions)
    for name, func_op in functions.items():
        slot = slots[name]
        asserts, calls = [], []
        for block in func_op.regions[0].blocks:
            for op in block.operations:
                op = op.operation
                if op.name == "cf.assert":
                    asserts.append(op)
                elif op.name == "func.call" and ir.FlatSymbolRefAttr(op.attributes["callee"]).value in functions:
                    callee = functions[ir.FlatSymbolRefAttr(op.attributes["callee"]).value]
                    # (a call that passes the slot already was handled by an earlier run)
                    if len(op.operands) < len(ir.FunctionType(ir.TypeAttr(callee.attributes["function_type"]).value).inputs):
                        calls.append(op)
        if not asserts and not calls:
            continue
        # What each exit frees, from the CFG as it is before the exits split its blocks.
        frees = ExitFrees(func_op, foreign_freeing)
        call_frees = [frees.buffers_live_at(call) for call in calls]
        assert_frees = [frees.buffers_live_at(op) for op in asserts]
        exit_block = _exit_block(func_op)
        for call, buffers in zip(calls, call_frees):
            callee = ir.FlatSymbolRefAttr(call.attributes["callee"]).value
            where = call.location
            with ir.InsertionPoint(call), where:
                new = func.CallOp([r.type for r in call.results], ir.FlatSymbolRefAttr.get(callee),
                                  [*call.operands, slot])
            for old, value in zip(call.results, new.results):
                old.replace_all_uses_with(value)
            call.erase()
            rest = _split_after(new.operation)
            target = exit_block
            if buffers:
                target = ir.Block.create_after(rest)
                with ir.InsertionPoint(target), where:
                    for buffer in buffers:
                        memref_d.DeallocOp(buffer)
                    cf.BranchOp([], exit_block)
            with ir.InsertionPoint(new.operation.block), where:
                failed = llvm.icmp(llvm.ICmpPredicate.ne, llvm.load(ptr, slot), llvm.mlir_zero(ptr))
                cf.CondBranchOp(failed, [], [], target, rest)
        for op, buffers in zip(asserts, assert_frees):
            count += 1
            text = ir.StringAttr(op.attributes["msg"]).value
            if text not in messages:
                messages[text] = f"__exir_bounds_message_{first_message + len(messages)}"
                data = (text + "\0").encode()
                literal = "".join(chr(b) if 32 <= b < 127 and chr(b) not in '"\\' else f"\\{b:02X}" for b in data)
                with ir.Location.unknown(ctx):
                    ir.InsertionPoint.at_block_begin(body).insert(ir.Operation.parse(
                        f'llvm.mlir.global internal constant @{messages[text]}("{literal}") {{addr_space = 0 : i32}}'
                        f" : !llvm.array<{len(data)} x i8>", context=ctx))
            ok = op.operands[0]
            rest = _split_after(op)
            failed = ir.Block.create_after(op.block)
            with ir.InsertionPoint(failed), op.location:
                message = llvm.mlir_addressof(ptr, messages[text])
                llvm.AtomicCmpXchgOp(slot, llvm.mlir_zero(ptr), message, llvm.AtomicOrdering.acq_rel,
                                     llvm.AtomicOrdering.monotonic)
                for buffer in buffers:
                    memref_d.DeallocOp(buffer)
                cf.BranchOp([], exit_block)
            with ir.InsertionPoint(op), op.location:
                cf.CondBranchOp(ok, [], [], rest, failed)
            op.erase()
    return count


# The scf.if of a gather into a dim that may be empty at run time (zeros without a read, else the
# gather): lowering/to_linalg/index_checks.py gather_guarded sets it.
EMPTY_DIM_GUARD = "exir.empty_dim_guard"


def drop_failed_assert_reports(module: ir.Operation, *, keep_empty_dim_guards: bool = False) -> int:
    """Erase every `cf.assert` (and, by canonicalization, what only it used): for targets whose host
    code cannot report a failed check (the CUDA launch plan). The index-range checks' clamps stay,
    so an index out of range reads element 0 there instead of an error. The CUDA launch plan cannot
    run an `scf.if` on the host either: unless `keep_empty_dim_guards`, the empty-dim guards of
    gathers (EMPTY_DIM_GUARD) keep only their gather, so a CUDA gather into a dim of size 0 at run
    time still reads element 0 of an empty buffer (the executor allocates at least one byte; no
    report). Returns the number of asserts erased."""
    asserts, guards = [], []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name == "cf.assert":
            asserts.append(op)
        elif op.name == "scf.if" and EMPTY_DIM_GUARD in op.attributes:
            guards.append(op)
        return ir.WalkResult.ADVANCE

    module.walk(visit)
    for op in asserts:
        op.erase()
    if not keep_empty_dim_guards:
        for guard in guards:
            gather_branch = guard.regions[1].blocks[0]
            ops = [o.operation for o in gather_branch.operations]
            for inner in ops[:-1]:
                inner.move_before(guard)
            for result, value in zip(guard.results, ops[-1].operands):
                result.replace_all_uses_with(value)
            guard.erase()
    if asserts or guards:
        _run(module, "builtin.module(canonicalize)", "exir-gpu-pipeline")
    return len(asserts)