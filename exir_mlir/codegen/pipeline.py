"""The CPU pipeline stages, linalg-on-tensors -> LLVM dialect, each runnable on its own."""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass

from exir_mlir._mlir import arith, ir, linalg, llvm, passmanager, scf
from exir_mlir.codegen.op_walk import collect_ops
from exir_mlir._mlir import memref as memref_d
from exir_mlir._mlir import transform_interpreter as interpreter
from exir_mlir.codegen import fusion_barrier
from exir_mlir.codegen.buffer_pool import install_buffer_pool
from exir_mlir.codegen.contract_operands import broadcast_one_sided_reductions
from exir_mlir.codegen.host import detect_host
from exir_mlir.codegen.expand_powf import expand_powf
from exir_mlir.codegen.math_approx import approximate_math
from exir_mlir.codegen.outline_loops import outline_loops
from exir_mlir.codegen.parallel_gomp import dispatch_with_gomp, outline_foralls
from exir_mlir.codegen.schedule import apply_cpu_schedule, walk_ops
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


def tile_and_vectorize(module: ir.Operation, *, vector_bits: int = 0, cores: int = 0) -> None:
    """`exir-cpu-tile`: per-op transform-dialect schedule (threads, caches, vector registers).

    `vector_bits` / `cores` replace the host's values (0 keeps them): tests pin them so that
    their expected tiles do not depend on the machine that runs them.
    """
    host = detect_host()
    if vector_bits:
        host = dataclasses.replace(host, vector_bits=vector_bits, vector_registers=32 if vector_bits >= 512 else 16)
    if cores:
        host = dataclasses.replace(host, cores=cores)
    apply_cpu_schedule(module, host)
    _run(module, "builtin.module(canonicalize,cse)", "exir-cpu-tile")


BUFFERIZE = (
    # tensor.empty feeding an insert into a destination becomes that destination: no temporary.
    "eliminate-empty-tensors,"
    "one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map "
    "allow-return-allocs-from-loops},"
    "canonicalize,cse,"
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

TO_LLVM = (
    # Polynomial forms of tan/tanh/sinh/cosh/atanh vectorize; libm calls would scalarize every
    # vector. Only those: upstream's other expansions are wrong outside a range (ceil through
    # an i64 conversion gave 9.2e18 for NaN, inf and 1e30; asinh/acosh as log(x + sqrt(x^2 +- 1))
    # overflow past 1e19), and LLVM has exact vector intrinsics for ceil, round, exp2, fma, ...
    "func.func(math-expand-ops{ops=tan,tanh,sinh,cosh,atanh}),arith-expand{include-bf16},"
    # What LLVM has no intrinsic for (erf, ...) becomes libm calls, unrolled over vector lanes:
    # before vector-to-llvm, which lowers the resulting vector.extract/insert.
    "convert-math-to-funcs,convert-math-to-llvm,convert-math-to-libm,"
    "convert-vector-to-llvm{vector-contract-lowering=outerproduct vector-transpose-lowering=shuffle1d "
    "reassociate-fp-reductions},"
    "expand-strided-metadata,lower-affine,"
    # Heap buffers through _mlir_memref_to_llvm_alloc/free, which buffer_pool.py defines.
    "finalize-memref-to-llvm{use-generic-functions},"
    "convert-arith-to-llvm,convert-index-to-llvm,"
    "convert-cf-to-llvm,convert-ub-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts"
)


def bufferize(module: ir.Operation) -> None:
    """`exir-cpu-bufferize`: one-shot bufferization (in place where legal) and deallocation."""
    _run(module, f"builtin.module({BUFFERIZE})", "exir-cpu-bufferize")
    strided_copies_as_loops(module)


def _is_identity_layout(memref_type: ir.Type) -> bool:
    layout = memref_type.layout
    return isinstance(layout, ir.AffineMapAttr) and layout.value == ir.AffineMap.get_identity(memref_type.rank)


def strided_copies_as_loops(module: ir.Operation) -> int:
    """`memref.copy` between non-contiguous views (padding, slices) becomes `linalg.copy`.

    Such copies would otherwise call the runner library's generic `memrefCopy`, one element at a
    time through index arithmetic; as loops, LLVM vectorizes the contiguous innermost dim.
    """
    copies = collect_ops(module, lambda op: op.name == "memref.copy" and (
        not all(_is_identity_layout(v.type) for v in op.operands)
        # memcpy of i1 memrefs would count bits, not bytes: copy bools element by element.
        or str(op.operands[0].type.element_type) == "i1"))
    for op in copies:
        source, target = op.operands
        with ir.InsertionPoint(op), op.location:
            linalg.copy(source, outs=[target])
        op.erase()
    return len(copies)


THREADS_ATTR = "exir.parallel_threads"


def parallelize(module: ir.Operation, *, num_threads: int = 0) -> None:
    """`exir-cpu-parallelize`: outermost forall loops -> outlined bodies that `GOMP_parallel` runs
    on torch's OpenMP pool (parallel_gomp.py); with one thread, plain loops."""
    if num_threads == 1:
        _run(module, "builtin.module(func.func(scf-forall-to-for))", "exir-cpu-parallelize")
        return
    if outline_foralls(module):
        # Read by exir-cpu-to-llvm, which emits the GOMP_parallel launches (0: the pool's size).
        module.attributes[THREADS_ATTR] = ir.IntegerAttr.get(ir.IntegerType.get_signless(32), num_threads)


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
    # f16/bf16 math and arithmetic compute in f32, rounding each result (what LLVM would do, but
    # its x86 backend aborts on some bf16 vector operations); math then gets the f32 polynomials.
    _run(module, "builtin.module(func.func(math-extend-to-supported-types,"
         "arith-emulate-unsupported-floats{source-types=bf16,f16 target-type=f32}))", "exir-cpu-to-llvm")
    # Before approximate_math: the expansion's exp/log then get the f32 polynomials too.
    expand_powf(module)
    approximate_math(module)
    _run(module, f"builtin.module({TO_SCF})", "exir-cpu-to-llvm")
    if check_bounds:
        insert_bounds_checks(module)
    else:
        # The index-range checks of every build (lowering/to_linalg/index_checks.py).
        report_failed_asserts(module)
    _run(module, f"builtin.module({TO_CF})", "exir-cpu-to-llvm")
    bool_accesses_as_bytes(module)
    _run(module, f"builtin.module({TO_LLVM})", "exir-cpu-to-llvm")
    install_buffer_pool(module)
    if THREADS_ATTR in module.attributes:
        dispatch_with_gomp(module, num_threads=ir.IntegerAttr(module.attributes[THREADS_ATTR]).value)
        del module.attributes[THREADS_ATTR]


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
               ("outline-loops", outline_loops),
               ("to-llvm", lambda m: lower_to_llvm(m, check_bounds=options.check_bounds))]
    for name, stage in stages:
        start = time.perf_counter()
        stage(module)
        if timings is not None:
            timings[name] = time.perf_counter() - start


# The global a bounds-checked build writes the message of its first failed check to (a pointer
# to a NUL-terminated string; null while every check held). exir_mlir.runtime.bounds reads it.
BOUNDS_ERROR_SYMBOL = "_mlir_exir_bounds_error"


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
    their source; this MLIR does not check reinterpret_cast). A failing `cf.assert` would print
    and abort the process; instead each one writes its message to the global `_mlir_exir_bounds_error` (the first failure wins), and
    the load or store it guards is skipped (a load then yields 0): the program runs to its end
    without touching memory outside its buffers, and exir_mlir.runtime.bounds raises the message
    as a Python error (the global is there even without checks). Returns the number of checks. Runs on buffers with scalar loops (after
    convert-linalg-to-loops): vector loads and stores are not checked.
    """
    _run(module, "builtin.module(generate-runtime-verification)", "exir-cpu-check-bounds")
    return report_failed_asserts(module)


def report_failed_asserts(module: ir.Operation) -> int:
    """Every `cf.assert` of `module` stores its message into `_mlir_exir_bounds_error` when it fails
    (the first failure wins) instead of aborting; the access that directly follows an assert naming
    it is skipped. Adds the global (null) even when there is no assert. Returns the number of asserts.

    Run in every build: the index-range checks of gather/scatter ops (lowering/to_linalg/index_checks.py)
    are `cf.assert`s, and exir_mlir.runtime raises their message after the call."""
    pairs: list[tuple[ir.Operation, ir.Operation | None]] = []
    for block in _blocks(module):
        ops = [o.operation for o in block.operations]
        for i, op in enumerate(ops):
            if op.name == "cf.assert":
                pairs.append((op, ops[i + 1] if i + 1 < len(ops) else None))
    ctx = module.context
    ptr = ir.Type.parse("!llvm.ptr", ctx)
    body = module.regions[0].blocks[0]
    messages: dict[str, str] = {}
    # Run twice (exir-cpu-check-bounds, then the pipeline): the global and earlier messages stay.
    existing = {ir.StringAttr(o.attributes["sym_name"]).value for o in body.operations
                if "sym_name" in o.attributes}
    first_message = sum(name.startswith("__exir_bounds_message_") for name in existing)
    start = ir.InsertionPoint.at_block_begin(body)
    with ir.Location.unknown(ctx):
        if BOUNDS_ERROR_SYMBOL not in existing:
            start.insert(ir.Operation.parse(
                f"llvm.mlir.global external @{BOUNDS_ERROR_SYMBOL}() {{addr_space = 0 : i32}} : !llvm.ptr {{\n"
                "  %0 = llvm.mlir.zero : !llvm.ptr\n  llvm.return %0 : !llvm.ptr\n}", context=ctx))
        for op, _ in pairs:
            text = ir.StringAttr(op.attributes["msg"]).value
            if text not in messages:
                messages[text] = f"__exir_bounds_message_{first_message + len(messages)}"
                data = (text + "\0").encode()
                literal = "".join(chr(b) if 32 <= b < 127 and chr(b) not in '"\\' else f"\\{b:02X}" for b in data)
                start.insert(ir.Operation.parse(
                    f'llvm.mlir.global internal constant @{messages[text]}("{literal}") {{addr_space = 0 : i32}}'
                    f" : !llvm.array<{len(data)} x i8>", context=ctx))
    for op, guarded in pairs:
        ok = op.operands[0]
        text = ir.StringAttr(op.attributes["msg"]).value
        with ir.InsertionPoint(op), op.location:
            failed = scf.IfOp(arith.xori(ok, arith.constant(ok.type, 1)))
            with ir.InsertionPoint(failed.then_block):
                error = llvm.mlir_addressof(ptr, BOUNDS_ERROR_SYMBOL)
                previous = llvm.load(ptr, error)
                first = llvm.icmp(llvm.ICmpPredicate.eq, previous, llvm.mlir_zero(ptr))
                message = llvm.mlir_addressof(ptr, messages[text])
                llvm.store(arith.select(first, message, previous), error)
                scf.yield_([])
        if guarded is not None and guarded.name in ("memref.load", "memref.store") and guarded.name in text:
            with ir.InsertionPoint(guarded), guarded.location:
                if guarded.name == "memref.store":
                    guard = scf.IfOp(ok)
                    with ir.InsertionPoint(guard.then_block):
                        end = scf.yield_([])
                    guarded.move_before(end)
                else:
                    result = guarded.results[0]
                    guard = scf.IfOp(ok, [result.type], has_else=True)
                    with ir.InsertionPoint(guard.then_block):
                        end = scf.yield_([result])
                    with ir.InsertionPoint(guard.else_block):
                        scf.yield_([_zero(result.type)])
                    result.replace_all_uses_with(guard.results[0])
                    # the yield inside the guard was rewritten too: it yields the load again
                    end.operands[0] = result
                    guarded.move_before(end)
        op.erase()
    return len(pairs)


def drop_failed_assert_reports(module: ir.Operation) -> int:
    """Erase every `cf.assert` (and, by canonicalization, what only it used): for targets whose host
    code cannot report a failed check (the CUDA launch plan). The index-range checks' clamps stay,
    so an index out of range reads element 0 there instead of an error. Returns the number erased."""
    asserts = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name == "cf.assert":
            asserts.append(op)
        return ir.WalkResult.ADVANCE

    module.walk(visit)
    for op in asserts:
        op.erase()
    if asserts:
        _run(module, "builtin.module(canonicalize)", "exir-gpu-pipeline")
    return len(asserts)


def _zero(t: ir.Type) -> ir.Value:
    if isinstance(t, (ir.F16Type, ir.BF16Type, ir.F32Type, ir.F64Type)):
        return arith.constant(t, 0.0)
    return arith.constant(t, 0)
