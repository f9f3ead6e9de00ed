"""`compile_to_llvm`: linalg-on-tensors module -> LLVM-dialect module and signature, for the runtime to load."""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

from exir_mlir._mlir import ir
from exir_mlir.abi import Signature
from exir_mlir.codegen import cache
from exir_mlir.codegen.hoist_state import hoisted_signature, mark_read_only_state
from exir_mlir.codegen.host import detect_host
from exir_mlir.codegen.pipeline import CpuOptions, run_cpu_pipeline
from exir_mlir.codegen.signature import read_signature
from exir_mlir.codegen.state_in_place import mark_state_in_place
from exir_mlir.errors import ExirInternalError, ExirUserError
from exir_mlir.tempdirs import reproducer_path

# Dialects the CPU pipeline accepts as input; anything else was not lowered (and would miscompile).
ACCEPTED_DIALECTS = frozenset(
    {"builtin", "func", "linalg", "tensor", "arith", "math", "scf", "bufferization", "memref", "affine",
     "vector", "complex", "ml_program", "cf", "index", "ub"}
)


# An attribute of a dialect other than LLVM in printed LLVM-dialect MLIR (`name = #arith.fastmath<..>`).
_FOREIGN_ATTRIBUTE = re.compile(r"= #(?!llvm\.|loc)[A-Za-z_][\w$]*\.")


class LLVMModule:
    """What codegen hands to the runtime: an LLVM-dialect module with a C-interface entry point.

    `module`: the module itself (in a context of its own), which the JIT takes as it is; `text`,
    printed from it on first use (for mlir-translate: the kernel library, the ahead-of-time
    library, the disk cache), or given instead of a module. Printing and parsing again a module of
    40k lines took as long as a third of the CPU pipeline's passes: the JIT skips both."""

    def __init__(self, text: str | None, entry: str, signature: Signature, uses_openmp: bool,
                 from_disk: bool, seconds: float, module: ir.Module | None = None) -> None:
        if text is None and module is None:
            raise ValueError("an LLVMModule needs its text or its module")
        self._text = text
        self.module = module
        self.entry = entry
        self.signature = signature
        self.uses_openmp = uses_openmp  # parallel loops call GOMP_parallel (the OpenMP runtime must be loaded)
        self.from_disk = from_disk  # read from the disk cache rather than compiled
        self.seconds = seconds

    @property
    def text(self) -> str:
        if self._text is None:
            text = str(self.module)
            if _FOREIGN_ATTRIBUTE.search(text):  # rare (f16/bf16 emulation): walking 40k ops is not
                with self.module.context:
                    _drop_foreign_attributes(self.module)
                text = str(self.module)
            self._text = text
        return self._text


@dataclass(frozen=True)
class CodegenJob:
    """A module to compile, printed, with the options and the key its result is cached under."""

    text: str  # with locations, so that a failing stage names the user's source line
    entry: str
    options: CpuOptions
    opt_level: int
    key: str  # ignores locations: the same program from another file is the same code


def _location_text(loc: ir.Location) -> str:
    return str(loc)


def check_lowered(module: ir.Module) -> None:
    """Every op must be in a dialect the CPU pipeline compiles: name the first one that is not."""
    bad: list[ir.Operation] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name.split(".", 1)[0] not in ACCEPTED_DIALECTS:
            bad.append(op)
            return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    if not bad:
        # A call to a function without a body is an op some lowering left as a placeholder.
        declared = {
            ir.StringAttr(op.attributes["sym_name"]).value: op
            for op in module.body.operations
            if op.operation.name == "func.func" and len(op.regions[0].blocks) == 0
        }

        def find_call(op: ir.Operation) -> ir.WalkResult:
            if op.name == "func.call" and ir.FlatSymbolRefAttr(op.attributes["callee"]).value in declared:
                bad.append(op)
                return ir.WalkResult.INTERRUPT
            return ir.WalkResult.ADVANCE

        module.operation.walk(find_call)
        if bad:
            op = bad[0]
            callee = ir.FlatSymbolRefAttr(op.attributes["callee"]).value
            raise ExirUserError(
                f"'{callee}' at {_location_text(op.location)} is not lowered to linalg (a call to a function "
                "without a body); the CPU pipeline cannot compile it"
            )
    if bad:
        op = bad[0]
        raise ExirUserError(
            f"op '{op.name}' at {_location_text(op.location)} is not lowered to linalg: the CPU pipeline compiles "
            f"only {', '.join(sorted(ACCEPTED_DIALECTS))} ops (run `exir_mlir.lower(module, to=\"linalg\")` first)"
        )


def _find_entry(module: ir.Module, entry: str) -> ir.Operation:
    for op in module.body.operations:
        if op.operation.name == "func.func" and ir.StringAttr(op.attributes["sym_name"]).value == entry:
            return op.operation
    raise ExirUserError(f"the module has no func.func @{entry} to compile")


def _strip_exir_attributes(module: ir.Module, func_op: ir.Operation) -> None:
    # LLVM translation has no use for them (and no translation interface for the exir namespace).
    for name in ("arg_attrs", "res_attrs"):
        if name in func_op.attributes:
            del func_op.attributes[name]
    attributes = module.operation.attributes
    for name in [a if isinstance(a, str) else a.name for a in attributes]:
        if name.startswith("exir."):
            del attributes[name]


def _read_only_arguments(func_op: ir.Operation) -> None:
    # The runtime passes the caller's tensors without copies, and a native library passes its
    # weights from read-only memory: bufferization must never write into an argument's buffer.
    ftype = ir.FunctionType(ir.TypeAttr(func_op.attributes["function_type"]).value)
    read_only = ir.DictAttr.get({"bufferization.writable": ir.BoolAttr.get(False)})
    func_op.attributes["arg_attrs"] = ir.ArrayAttr.get(
        [read_only if isinstance(t, ir.RankedTensorType) else ir.DictAttr.get({}) for t in ftype.inputs])


def _drop_foreign_attributes(module: ir.Module) -> None:
    # Discardable attributes of other dialects left on LLVM ops (e.g. `fastmath = #arith.fastmath`
    # on llvm.fpext from the f16/bf16 emulation): LLVM translation ignores them, but
    # mlir-translate, which knows only the LLVM dialect, cannot parse them.
    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name.startswith("llvm."):
            names = [a if isinstance(a, str) else a.name for a in op.attributes]
            foreign = [n for n in names if str(op.attributes[n]).startswith("#")
                       and not str(op.attributes[n]).startswith(("#llvm.", "#loc"))]
            for name in foreign:
                del op.attributes[name]
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)


def _with_reproducer(error: ExirInternalError, job: CodegenJob) -> ExirInternalError:
    """`error` with the job's linalg module saved as a reproducer and the command that fails on it."""
    path = reproducer_path("cpu-pipeline")
    path.write_text(job.text)
    threads = job.options.num_threads
    checks = " check-bounds=true" if job.options.check_bounds else ""
    command = (f"exir-mlir-opt {path} "
               f"--pass-pipeline='builtin.module(exir-cpu-pipeline{{num-threads={threads}{checks}}})'")
    wrapped = ExirInternalError(f"{error}\nreproducer: {command}")
    wrapped.detail, wrapped.reproducer = error.detail, path
    return wrapped


def _uses_openmp(module: ir.Module) -> bool:
    return any(op.operation.name == "llvm.func" and ir.StringAttr(op.attributes["sym_name"]).value == "GOMP_parallel"
               for op in module.body.operations)


def resolve_threads(num_threads: int) -> int:
    """The worker threads of parallel loops: `num_threads`, else `$EXIR_MLIR_NUM_THREADS`, else every core."""
    return num_threads or int(os.environ.get("EXIR_MLIR_NUM_THREADS", "0") or 0) or detect_host().cores


def prepare(module: ir.Module, *, entry: str = "main", num_threads: int = 0, opt_level: int = 3,
            check_bounds: bool = False, state_in_place: bool = False) -> CodegenJob:
    """Check that `module` is linalg on tensors and fix what its compilation depends on.

    `num_threads`: worker threads of parallel loops (0 = `$EXIR_MLIR_NUM_THREADS` if set, else every
    core this process may use). `opt_level` is LLVM's, used when the runtime JITs the result.
    `check_bounds`: a bounds-checked build (pipeline.insert_bounds_checks).
    `state_in_place`: the caller binds the program's own writable state (buffers): buffer
    mutations are written into the buffer (state_in_place.py).
    """
    check_lowered(module)
    text = module.operation.get_asm(enable_debug_info=True)
    key_text = module.operation.get_asm(enable_debug_info=False)
    options = CpuOptions(num_threads=resolve_threads(num_threads), check_bounds=check_bounds,
                         state_in_place=state_in_place)
    key = cache.cache_key(key_text, entry=entry, options=options, opt_level=opt_level)
    return CodegenJob(text, entry, options, opt_level, key)


def compile_to_llvm(job: CodegenJob, timings: dict[str, float] | None = None) -> LLVMModule:
    """Run the CPU pipeline (fuse, tile + vectorize, bufferize, threads, LLVM dialect) on the job's
    module, in a context of its own (the caller's module is not modified). `timings`, when given,
    receives the seconds of each pipeline stage (exir_mlir.stages.CODEGEN_STEPS)."""
    start = time.perf_counter()
    with ir.Context(), ir.Location.unknown():
        module = ir.Module.parse(job.text)
        func_op = _find_entry(module, job.entry)
        signature = read_signature(func_op, module.operation)
        _strip_exir_attributes(module, func_op)
        _read_only_arguments(func_op)
        if job.options.state_in_place and not job.options.check_bounds:
            mark_state_in_place(module, func_op, signature)
            if job.options.vectorize:
                # What only the state computes (weights packed into panels) runs once, in an init
                # function (hoist_state.py, in the tile stage); the runtime binds this state.
                mark_read_only_state(func_op, signature)
        func_op.attributes["llvm.emit_c_interface"] = ir.UnitAttr.get()
        try:
            run_cpu_pipeline(module.operation, job.options, timings)
        except ExirInternalError as error:
            raise _with_reproducer(error, job) from error.__cause__
        signature = hoisted_signature(module.operation, signature)
    return LLVMModule(None, job.entry, signature, _uses_openmp(module), False, time.perf_counter() - start,
                      module=module)


@dataclass(frozen=True)
class KernelLibrary:
    """Machine code of a job in the disk cache: a kernel library (library.build_kernel)."""

    path: Path
    entry: str
    signature: Signature
    uses_openmp: bool
    from_disk: bool  # found in the cache rather than compiled
    seconds: float


def compile_to_kernel(job: CodegenJob, path: Path, *, timings: dict[str, float] | None = None,
                      llvm_timings: dict[str, float] | None = None) -> KernelLibrary:
    """Compile the job (pipeline, then LLVM on threads, cc links) into the kernel library `path`.
    `timings` / `llvm_timings`, when given, receive the seconds of the pipeline's stages and of
    LLVM's phases (exir_mlir.stages.CODEGEN_STEPS, LLVM_STEPS)."""
    from exir_mlir.codegen.library import build_kernel  # library imports this module

    start = time.perf_counter()
    llvm = compile_to_llvm(job, timings)
    build_kernel(llvm, path, timings=llvm_timings)
    return KernelLibrary(path, job.entry, llvm.signature, llvm.uses_openmp, False, time.perf_counter() - start)


def compile_to_library(job: CodegenJob, *, cache_dir: str | Path, timings: dict[str, float] | None = None,
                       llvm_timings: dict[str, float] | None = None) -> KernelLibrary:
    """The job's machine code as a kernel library in `cache_dir`: read from there when present
    (no MLIR pipeline, no LLVM), else compiled (compile_to_kernel) and written there."""
    start = time.perf_counter()
    directory = Path(cache_dir)
    cached = cache.load(directory, job.key)
    if cached is not None:
        path, signature, uses_openmp = cached
        return KernelLibrary(path, job.entry, signature, uses_openmp, True, time.perf_counter() - start)
    path, _ = cache.paths(directory, job.key)
    kernel = compile_to_kernel(job, path, timings=timings, llvm_timings=llvm_timings)
    cache.store_signature(directory, job.key, kernel.signature, kernel.uses_openmp)
    return kernel
