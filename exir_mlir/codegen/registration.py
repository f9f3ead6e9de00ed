"""Registers the CPU stages with exir_mlir.passes so that exir-mlir-opt can run them by name."""

from __future__ import annotations

from exir_mlir.codegen import (arena, bounded_temporaries, branch_inserts, carried_in_place, contract_operands, deinterleave_reads,
                                expand_powf, gather_rows, hoist_state, linearize_forall, outline_loops, pipeline,
                                share_kernels, stack_vectors, transposed_rhs, unit_rows)
from exir_mlir.codegen.host import detect_host
from exir_mlir.errors import ExirError
from exir_mlir.passes import PassFailure, PassOption, register_pass


def _reporting(stage):
    """Wrap a stage so that its failure becomes an error diagnostic on the module and a pass failure."""

    def run(module, **options):
        try:
            stage(module, **options)
        except ExirError as exc:
            module.location.emit_error(str(exc))
            raise PassFailure(str(exc)) from exc

    return run


def register_cpu_passes() -> None:
    register_pass(
        "exir-cpu-fuse",
        _reporting(pipeline.fuse_elementwise),
        description="generalize named elementwise linalg ops and fuse elementwise chains",
    )
    register_pass(
        "exir-cpu-carry-in-place",
        _reporting(carried_in_place.carry_in_place),
        description="a tensor an scf.while body yields, computed by a linalg op into a tensor.empty, is computed "
                    "into the body's block argument (bufferization can then carry one buffer; part of exir-cpu-tile)",
    )
    register_pass(
        "exir-cpu-tile",
        _reporting(pipeline.tile_and_vectorize),
        description="tile linalg ops for threads, caches and vector registers, then vectorize",
        options={
            "vector-bits": PassOption(int, 0, "SIMD width to tile for (0: the host's; 512 = AVX-512, 256 = AVX2)"),
            "cores": PassOption(int, 0, "cores to split work over (0: the host's)"),
            "l1-bytes": PassOption(int, 0, "L1 data cache size per core to block for (0: the host's)"),
            "l2-bytes": PassOption(int, 0, "L2 cache size per core to block for (0: the host's)"),
        },
    )
    register_pass(
        "exir-cpu-hoist-state",
        _reporting(hoist_state.hoist_state_computations),
        description="computations of read-only state (arguments marked exir.read_only_state) -> a function "
                    "<entry>__init that the runtime runs once; the entry takes its results (part of exir-cpu-tile)",
    )
    register_pass(
        "exir-cpu-read-gather-indices",
        _reporting(gather_rows.read_gather_indices_in_body),
        description="a gather's index input that is the same across the vector lanes is read in the op's body "
                    "(the vectorizer then reads gathered rows as contiguous vectors; part of exir-cpu-tile)",
    )
    register_pass(
        "exir-cpu-bufferize",
        _reporting(pipeline.bufferize),
        description="one-shot bufferization with in-place reuse, hoisting and deallocation",
    )
    register_pass(
        "exir-cpu-unit-rows",
        _reporting(lambda module: unit_rows.choose_unit_rows(module, detect_host())),
        description="a batched outer-product contraction with dynamic rows -> scf.if rows == 1 between a clone "
                    "with the unit dim folded and the op (part of exir-cpu-tile)",
    )
    register_pass(
        "exir-cpu-transpose-rhs",
        _reporting(lambda module: transposed_rhs.transpose_rhs(module, detect_host())),
        description="a batched A B^T whose B is not read-only state (attention's q k^T) -> a transposed copy of "
                    "B and A B, for the outer-product kernel (part of exir-cpu-tile)",
    )
    register_pass(
        "exir-cpu-sink-inserts-into-branches",
        _reporting(branch_inserts.sink_inserts_into_branches),
        description="an scf.if result inserted into a larger tensor -> the insertion in each branch (its "
                    "producers then write into the destination; part of exir-cpu-bufferize)",
    )
    register_pass(
        "exir-cpu-bound-tile-temporaries",
        _reporting(bounded_temporaries.bound_tile_temporaries),
        description="a slice of an empty tensor whose dynamic sizes have constant bounds -> the slice of a static "
                    "empty tensor of the bounds (a stack buffer; part of exir-cpu-bufferize)",
    )
    register_pass(
        "exir-cpu-bound-remainder-buffers",
        _reporting(bounded_temporaries.bound_remainder_buffers),
        description="a memref.alloc whose dynamic sizes have constant bounds (a remainder tile's copy made by "
                    "one-shot bufferization) -> a view of a static byte buffer of the bounds (a stack buffer; "
                    "part of exir-cpu-bufferize)",
    )
    register_pass(
        "exir-cpu-unmask-stack-vectors",
        _reporting(stack_vectors.unmask_stack_vectors),
        description="masked vector reads and writes of a static stack buffer -> whole ones with a select "
                    "(LLVM keeps the buffer in registers; part of exir-cpu-bufferize)",
    )
    register_pass(
        "exir-cpu-expand-powf",
        _reporting(expand_powf.expand_powf),
        description="math.powf as exp(b*log|a|) with C's special cases (part of exir-cpu-to-llvm)",
    )
    register_pass(
        "exir-cpu-deinterleave-reads",
        _reporting(deinterleave_reads.deinterleave_strided_reads),
        description="a 1-D vector read of every s-th element (s <= 4) as one contiguous load and a shuffle "
                    "(part of exir-cpu-to-llvm)",
    )
    register_pass(
        "exir-cpu-contract-operands",
        _reporting(contract_operands.broadcast_one_sided_reductions),
        description="vector.contract: an operand that lacks a reduction dim is broadcast over it "
                    "(the contraction lowerings need every reduction dim in both; part of exir-cpu-to-llvm)",
    )
    register_pass(
        "exir-cpu-linearize-forall",
        _reporting(linearize_forall.linearize_foralls),
        description="multi-dimensional scf.forall on buffers to one dimension over the linear index",
    )
    register_pass(
        "exir-cpu-parallelize",
        _reporting(pipeline.parallelize),
        description="outermost scf.forall loops -> outlined bodies for GOMP_parallel (torch's OpenMP pool)",
        options={"num-threads": PassOption(int, 0, "worker threads (0: every core available)")},
    )
    register_pass(
        "exir-cpu-plan-arena",
        _reporting(arena.plan_arenas),
        description="a function's temporaries -> views of one arena per call, at offsets planned from their "
                    "live ranges; a parallel body's -> its thread's slice of a scratch buffer in its caller's arena",
    )
    register_pass(
        "exir-cpu-share-kernels",
        _reporting(share_kernels.outline_kernels),
        description="each group of linalg ops the tiling schedule handles together -> a private function "
                    "on tensors, identical ones kept once (part of exir-cpu-tile, which tiles each once "
                    "and inlines them back)",
    )
    register_pass(
        "exir-cpu-outline-loops",
        _reporting(outline_loops.outline_loops),
        description="each top-level loop nest of a function with several -> a private noinline function "
                    "(keeps LLVM's per-function analyses linear in the model's size); identical "
                    "private functions become one",
        options={"min-nests": PassOption(int, outline_loops.MIN_NESTS,
                                         "outline only in functions with at least this many loop nests")},
    )
    register_pass(
        "exir-cpu-to-llvm",
        _reporting(pipeline.lower_to_llvm),
        description="vector, scf, memref and math to the LLVM dialect; GOMP_parallel launches of outlined loop bodies",
    )
    register_pass(
        "exir-cpu-check-bounds",
        _reporting(pipeline.insert_bounds_checks),
        description="runtime checks of every memref access and view; a failure is recorded in "
                    "the call's error slot and the function returns before the access (part of "
                    "exir-cpu-pipeline{check-bounds=true})",
    )
    register_pass(
        "exir-cpu-report-failed-asserts",
        _reporting(pipeline.report_failed_asserts),
        description="cf.asserts -> a report into the call's error slot and an early exit that frees the "
                    "buffers allocated so far (part of exir-cpu-to-llvm)",
    )
    register_pass(
        "exir-cpu-pipeline",
        _reporting(lambda module, num_threads=0, check_bounds=False: pipeline.run_cpu_pipeline(
            module, pipeline.CpuOptions(num_threads=num_threads, check_bounds=check_bounds))),
        description="every CPU stage: fuse, tile, bufferize, parallelize, plan-arena, outline-loops, to-llvm",
        options={"num-threads": PassOption(int, 0, "worker threads (0: every core available)"),
                 "check-bounds": PassOption(bool, False, "scalar loops with every memref access checked")},
    )
