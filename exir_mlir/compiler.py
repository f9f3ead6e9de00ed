"""`compile(ep)`: ExportedProgram -> import -> lower -> codegen -> load, called like `ep.module()`.

The stages (exir_mlir.importer, the lowerings, exir_mlir.codegen, and the MLIR bindings they load)
are imported when a compilation runs them, not with this module: a `cache_dir` hit
(exir_mlir.program_cache) loads machine code without importing any of them.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import importlib.util
import os
import threading
import time
import uuid
from collections import OrderedDict
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Mapping

import torch
from torch.export.graph_signature import ConstantArgument, InputKind

from exir_mlir import program_cache, runtime, toolchain
from exir_mlir.errors import ExirError, ExirUserError, ToolchainError
from exir_mlir.runtime import CompiledProgram, Executable, PytreeSignature, UserInput
from exir_mlir.runtime.complex_boundary import ComplexBoundaryProgram
from exir_mlir.stages import COMPILE_STEPS
from exir_mlir.tempdirs import scratch_dir

if TYPE_CHECKING:
    from exir_mlir._mlir import ir
    from exir_mlir.codegen import CodegenJob

# "cuda" / "cuda:sm_80" / "cuda:sm_90": kernels (exir_mlir.codegen.gpu) run by exir_mlir.runtime.cuda;
# "cuda-on-cpu": the same GPU-mapped program run on this CPU (how GPU index math is tested).
TARGETS = ("cpu", "cuda", "cuda:sm_80", "cuda:sm_90", "cuda-on-cpu")

# The in-process cache of loaded native code, most recently used last. Keys: the text of an
# ExportedProgram (graph, signature, shapes, range constraints) and options, for `compile`; the
# codegen key of a linalg module (its text, options, host CPU, versions), for `compile_linalg`.
# Weights are function inputs, not constants of the code, so programs that differ only in
# weight values share native code; each CompiledProgram binds its own state. Programs still
# referenced stay alive when their entry is evicted.
_MEMORY: "OrderedDict[str, Executable]" = OrderedDict()
_MEMORY_LIMIT = 64
_MEMORY_LOCK = threading.Lock()


def _cached(key: str) -> Executable | None:
    with _MEMORY_LOCK:
        executable = _MEMORY.get(key)
        if executable is not None:
            _MEMORY.move_to_end(key)
        return executable


def _remember(key: str, executable: Executable) -> Executable:
    """Store `executable` under `key` unless another thread got there first; returns the one kept."""
    with _MEMORY_LOCK:
        executable = _MEMORY.setdefault(key, executable)
        _MEMORY.move_to_end(key)
        while len(_MEMORY) > _MEMORY_LIMIT:
            _MEMORY.popitem(last=False)
        return executable


def clear_memory_cache() -> None:
    """Forget the in-process compile cache (tests and benchmarks of compile time)."""
    with _MEMORY_LOCK:
        _MEMORY.clear()


def _can_link() -> bool:
    """Whether a C compiler links kernel libraries here (else the ExecutionEngine JITs the code)."""
    try:
        toolchain.c_compiler()
    except ToolchainError:
        return False
    return True


def _codegen_and_load(job: CodegenJob, cache_dir, timings: dict[str, float],
                      details: dict[str, dict[str, float]]) -> Executable:
    """The job's machine code, loaded; `timings` gets the codegen, llvm and load steps' seconds,
    `details` their parts (exir_mlir.stages.CODEGEN_STEPS, LLVM_STEPS).

    The machine code is a kernel library (LLVM in this process, the module's functions compiled
    on every core: codegen/machine_code.py), kept in `cache_dir` when given, else in this
    process's scratch folder until it is loaded. Without a C compiler to link it, MLIR's
    ExecutionEngine JITs the module on one thread."""
    from exir_mlir import codegen

    passes: dict[str, float] = {}
    phases: dict[str, float] = {}
    details["codegen"], details["llvm"] = passes, phases
    start = time.perf_counter()
    if cache_dir is not None or _can_link():
        if cache_dir is not None:
            # Machine code kept on disk (a kernel library): a later process loads it without LLVM.
            kernel = codegen.compile_to_library(job, cache_dir=cache_dir, timings=passes, llvm_timings=phases)
        else:
            path = scratch_dir() / f"kernel-{uuid.uuid4().hex}.so"
            kernel = codegen.compile_to_kernel(job, path, timings=passes, llvm_timings=phases)
        llvm_seconds = sum(phases.values())
        timings["codegen"] = time.perf_counter() - start - llvm_seconds
        timings["llvm"] = llvm_seconds
        start = time.perf_counter()
        try:
            executable = runtime.load_kernel(kernel.path, entry=kernel.entry, signature=kernel.signature,
                                             uses_openmp=kernel.uses_openmp, from_disk=kernel.from_disk,
                                             codegen_seconds=kernel.seconds)
        finally:
            if cache_dir is None:
                kernel.path.unlink(missing_ok=True)  # loaded: its pages stay mapped
        timings["load"] = time.perf_counter() - start
        return executable
    llvm = codegen.compile_to_llvm(job, passes)
    timings["codegen"] = time.perf_counter() - start
    start = time.perf_counter()
    executable = runtime.load_llvm(None, entry=llvm.entry, signature=llvm.signature,
                                   uses_openmp=llvm.uses_openmp, opt_level=job.opt_level,
                                   from_disk=llvm.from_disk, codegen_seconds=llvm.seconds, timings=phases,
                                   module=llvm.module)
    total = time.perf_counter() - start
    timings["llvm"] = sum(phases.values())
    timings["load"] = total - timings["llvm"]
    return executable


def compile_linalg(
    module: ir.Module,
    *,
    entry: str = "main",
    state: Mapping[str, torch.Tensor] | None = None,
    num_threads: int = 0,
    opt_level: int = 3,
    cache_dir: str | Path | None = None,
    check_bounds: bool = False,
) -> CompiledProgram:
    """Compile a linalg-on-tensors module for this CPU (codegen) and load it (runtime).

    `module`: linalg/tensor/arith/math/scf on tensors (what `lower(module, to="linalg")` gives),
    with the attributes of docs/ir-conventions.md (all optional: without them every argument is
    a user input). It is not modified. An op of any other dialect is an ExirUserError naming it
    and its location, before anything runs. The same module text and options compile once per
    process; with `cache_dir`, its machine code is kept on disk (a kernel library) for later processes.
    See exir_mlir.runtime for how the result is called and `state` is bound. `check_bounds`: as for
    `compile`.
    """
    from exir_mlir import codegen
    from exir_mlir._mlir import ir

    if not isinstance(module, ir.Module):
        raise ExirUserError(f"compile_linalg takes an MLIR ir.Module (linalg on tensors), got {type(module).__name__}")
    check_options(num_threads=num_threads, cache_dir=cache_dir, check_bounds=check_bounds)
    job = codegen.prepare(module, entry=entry, num_threads=num_threads, opt_level=opt_level,
                          check_bounds=check_bounds, state_in_place=state is not None)
    key = "linalg:" + job.key
    executable = _cached(key)
    if executable is not None:
        return _checked(CompiledProgram(executable, state=state, reused=True), check_bounds)
    executable = _remember(key, _codegen_and_load(job, cache_dir, {}, {}))
    return _checked(CompiledProgram(executable, state=state, reused=False), check_bounds)


def _checked(program: CompiledProgram, check_bounds: bool, complex_outputs: list[bool] | None = None):
    """With `check_bounds`, the program raises runtime.OutOfBoundsError after a call whose checks failed;
    with complex values at its boundary, it takes and returns complex tensors (complex_to_real)."""
    program = runtime.BoundsCheckedProgram(program) if check_bounds else program
    return ComplexBoundaryProgram(program, complex_outputs) if complex_outputs is not None else program


def _user_inputs(ep: torch.export.ExportedProgram) -> list[UserInput]:
    out = []
    for spec in ep.graph_signature.input_specs:
        if spec.kind != InputKind.USER_INPUT:
            continue
        specialized = isinstance(spec.arg, ConstantArgument)
        out.append(UserInput(spec.arg.name, specialized, spec.arg.value if specialized else None))
    return out


def program_state(ep: torch.export.ExportedProgram, mutated: set[str] = frozenset()) -> dict[str, torch.Tensor]:
    """Parameters, buffers and constant tensors, by state_dict/constants name: the ExportedProgram's
    own tensors (detached: no copy, as `ep.module()` shares them), except those the program mutates
    (`mutated`: buffers and parameters it writes back), which are copies so that the program's
    mutations never write into the ExportedProgram the user holds."""
    def own(name: str, tensor: torch.Tensor) -> torch.Tensor:
        return tensor.detach().clone() if name in mutated else tensor.detach()

    state = {name: own(name, t) for name, t in ep.state_dict.items()}
    for name, c in ep.constants.items():
        if isinstance(c, torch.Tensor):
            state[name] = own(name, c)
    return state


def _timed(timings: dict[str, float], step: str, fn: Callable):
    assert step in COMPILE_STEPS
    start = time.perf_counter()
    result = fn()
    timings[step] = time.perf_counter() - start
    return result


@contextlib.contextmanager
def cyclic_gc_paused():
    """Python's cyclic garbage collector off for the duration (as it was, after).

    A cold compile allocates enough objects (torch's re-trace, the importer's and the passes' Python
    wrappers) that Python ran one full collection during it, over every object of the process
    (torch's and sympy's, ~470k): 0.23-0.24 s of ResNet-18's compile. Paused, the compile's own
    temporaries are freed by reference counting as before, and what it leaves in reference cycles
    stays young and is collected by the next cheap young-generation collection after it; in a
    process that compiled ResNet-18 and mobilenet_v2 (static and dynamic) and then allocated 2M
    objects, the full collections went from 2 to 1 and the peak memory did not change. Process-wide,
    as the collector is: another thread's cycles also wait until the compile ends."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _example_sizes(ep: torch.export.ExportedProgram) -> list:
    """The example size of every input dim, symbolic ones included (their hints).

    `str(ep)` prints a symbolic dim by name only, but `run_decompositions()` may branch on its
    example size: two exports of one program at different example sizes can decompose
    differently, and must not share compiled code.
    """
    sizes = []
    for node in ep.graph.nodes:
        if node.op != "placeholder":
            continue
        val = node.meta.get("val")
        shape = getattr(val, "shape", None)
        if shape is None:
            sizes.append(repr(val))
            continue
        dims = []
        for dim in shape:
            hint = getattr(getattr(dim, "node", None), "hint", None)
            dims.append(int(dim) if hint is None and not hasattr(dim, "node") else (str(dim), hint))
        sizes.append((str(getattr(val, "dtype", "")), tuple(dims)))
    return sizes


def _table_key(table: Mapping | None):
    """What of a user's decomposition table makes compiled code differ (ops and functions)."""
    if not table:
        return None
    return sorted((str(op), f"{getattr(fn, '__module__', '')}.{getattr(fn, '__qualname__', repr(fn))}@{id(fn)}")
                  for op, fn in table.items())


def exported_program(value, caller: str) -> torch.export.ExportedProgram:
    """`value` itself when it is an ExportedProgram, the program of a .pt2 file when it is a path;
    anything else is an ExirUserError saying what to pass."""
    if isinstance(value, torch.export.ExportedProgram):
        return value
    if isinstance(value, (str, Path)) or hasattr(value, "__fspath__"):
        path = Path(value)
        if not path.is_file():
            raise ExirUserError(
                f"{caller}: {str(value)!r} is not a file; pass an ExportedProgram (torch.export.export) "
                "or the path of a .pt2 file (torch.export.save)")
        from exir_mlir import importer

        return importer.load_program(path)
    what = type(value).__name__
    if isinstance(value, torch.nn.Module):
        advice = ("export it first: exir_mlir.compile(torch.export.export(module, example_args))"
                  if not isinstance(value, torch.fx.GraphModule) else
                  "pass the ExportedProgram itself, not ep.module() or a GraphModule")
        raise ExirUserError(f"{caller} takes an ExportedProgram, got a torch.nn.Module ({what}): {advice}")
    if callable(value):
        raise ExirUserError(f"{caller} takes an ExportedProgram, got a function ({what}): wrap it in a "
                            "torch.nn.Module and export it with torch.export.export(module, example_args)")
    raise ExirUserError(f"{caller} takes an ExportedProgram (torch.export.export) or the path of a .pt2 file, "
                        f"got {what}")


def check_options(*, fusion=True, num_threads=0, cache_dir=None, dump_dir=None, check_bounds=False) -> None:
    """ExirUserError for an option of the wrong type or out of range, before anything runs."""
    for name, value in (("fusion", fusion), ("check_bounds", check_bounds)):
        if not isinstance(value, bool):
            raise ExirUserError(f"{name} must be True or False, got {value!r}")
    if check_bounds and cache_dir is not None:
        raise ExirUserError("check_bounds=True builds are not kept in a cache_dir: leave out one of the two")
    if isinstance(num_threads, bool) or not isinstance(num_threads, int) or num_threads < 0:
        raise ExirUserError(f"num_threads must be an int >= 0 (0: every core), got {num_threads!r}")
    for name, value in (("cache_dir", cache_dir), ("dump_dir", dump_dir)):
        if value is not None and not isinstance(value, (str, Path)) and not hasattr(value, "__fspath__"):
            raise ExirUserError(f"{name} must be a path (str or pathlib.Path), got {type(value).__name__}")
        if value is not None and Path(value).exists() and not Path(value).is_dir():
            raise ExirUserError(f"{name} {str(value)!r} exists and is not a directory")


def compile(  # noqa: A001 - the public name mirrors torch.compile
    ep: torch.export.ExportedProgram | str | Path,
    *,
    target: str = "cpu",
    fusion: bool = True,
    num_threads: int = 0,
    cache_dir: str | Path | None = None,
    dump_dir: str | Path | None = None,
    decompositions: Mapping | None = None,
    check_bounds: bool = False,
) -> CompiledProgram:
    """Compile an ExportedProgram for `target` and return a program called like `ep.module()`.

    `target`: "cpu"; "cuda" (= "cuda:sm_90") or "cuda:sm_80" runs the kernels on the CUDA device
    through the driver API (inputs and results copied host <-> device on each call;
    `program.kernels` holds their PTX; without a device the call raises NoCudaDevice); "cuda-on-cpu"
    runs the GPU-mapped program (blocks and threads as loops) on this CPU.

    `ep` may also be the path of a .pt2 file (loaded with exir_mlir.load_program, pickled data
    refused); anything else, a negative `num_threads` or an option of the wrong type is an
    ExirUserError before anything runs.

    `fusion=False` skips the edge-to-backend fusions; `num_threads` (0: every core) sets the
    worker threads of parallel loops; `cache_dir` keeps compiled code across processes;
    `dump_dir` receives the IR after each stage. `stage_seconds` of the result times each step
    of exir_mlir.stages.COMPILE_STEPS (import, aten-to-edge, edge-to-backend, to-linalg, codegen,
    llvm, load) on its own, and `stage_details` the parts of some of them: {"import": {"decompose",
    "import"}, "codegen": the CPU pipeline's stages, "llvm": LLVM's phases}
    (`exir-mlir compile --timings` prints both).

    `decompositions`: the user's own decomposition table, `{torch.ops.aten.foo.bar: fn}` (an
    OpOverloadPacket key means all its overloads), applied with torch's default export table and
    winning over it. Ops left after that which exir-mlir cannot lower are decomposed with
    torch._decomp's table where that gives ops it can lower (exir_mlir.importer.decompositions).

    `check_bounds=True`: a bounds-checked build, for testing the compiler: scalar loops (slow)
    in which every memory access and view is checked at run time (MLIR's runtime verification);
    a call that would read or write outside a buffer skips that access and raises
    `exir_mlir.runtime.OutOfBoundsError` naming it (a bug in exir-mlir, or an index out of range).
    CPU targets only.
    """
    ep = exported_program(ep, "exir_mlir.compile")
    if target not in TARGETS:
        raise ExirUserError(f"unknown target '{target}'; known targets: {', '.join(TARGETS)}")
    check_options(fusion=fusion, num_threads=num_threads, cache_dir=cache_dir, dump_dir=dump_dir,
                  check_bounds=check_bounds)
    if check_bounds and target != "cpu":
        raise ExirUserError(f"check_bounds=True compiles for target 'cpu' only, got target '{target}'")
    if decompositions is not None and not isinstance(decompositions, Mapping):
        raise ExirUserError("decompositions must be a mapping {torch.ops.aten.foo.bar: fn}, "
                            f"got {type(decompositions).__name__}")
    if target.startswith("cuda") and target != "cuda-on-cpu":
        return _checked(_compile_cuda(ep, chip=target.partition(":")[2] or "sm_90", fusion=fusion, dump_dir=dump_dir),
                        False, _complex_boundary(ep))
    user_table = _table_key(decompositions)
    program_text = repr((program_cache.program_text(ep), _example_sizes(ep), fusion, _threads_key(num_threads),
                         target, user_table, check_bounds))
    # This process's cache is per cache_dir too: a program compiled here before without one is
    # compiled again with one, so that its machine code reaches the directory for later processes.
    cache_text = repr((program_text, None if cache_dir is None else str(Path(cache_dir).resolve())))
    key = "program:" + hashlib.sha256(cache_text.encode()).hexdigest()
    previous = _cached(key)
    if previous is not None:
        return _checked(_program(ep, previous, reused=True, seconds=0.0, timings={"reused": 0.0}), check_bounds,
                        _boundary_of(key, ep))
    disk_key = None
    if cache_dir is not None and target == "cpu" and not check_bounds:
        # The whole compilation, keyed on the program: a later process loads its machine code
        # without decomposing, importing, lowering or running LLVM (nor importing what does).
        start = time.perf_counter()
        disk_key = program_cache.program_key(program_text, sources=_sources())
        loaded = _load_compiled_program(ep, Path(cache_dir), disk_key)
        if loaded is not None:
            executable, complex_outputs = loaded
            executable = _remember(key, executable)
            _BOUNDARY[key] = complex_outputs
            seconds = time.perf_counter() - start
            timings = {step: 0.0 for step in COMPILE_STEPS}
            timings["load"] = seconds
            return _checked(_program(ep, executable, reused=False, seconds=seconds, timings=timings), False,
                            complex_outputs)
    with cyclic_gc_paused():
        from exir_mlir import codegen, importer, lowering

        complex_outputs = _boundary_of(key, ep)
        timings: dict[str, float] = {}
        details: dict[str, dict[str, float]] = {"import": {}}
        start = time.perf_counter()

        def import_():
            # Core ATen is the exir dialect's op set: torch's own decomposition table brings every
            # composite op (linear, conv2d, layer_norm, ...) down to it, as ExecuTorch's to_edge does;
            # torch._decomp's wider table then takes the non-core ops that survive it, where it can.
            decompose_start = time.perf_counter()
            try:
                result = importer.decompose(ep, handled=lowering.takes_overload, user_table=decompositions)
            except ExirError:
                raise
            except Exception as e:  # noqa: BLE001 - torch's own failure, before any of ours runs
                if isinstance(e, TypeError) and decompositions is not None:
                    raise ExirUserError(f"decompositions: {e}") from None
                first = next((line for line in str(e).splitlines() if line.strip()), "")
                error = ExirUserError(
                    f"torch's core-ATen decompositions (ep.run_decompositions()) failed on this program: "
                    f"{type(e).__name__}: {first[:300]}; this happens in torch before exir-mlir sees the "
                    "program: check that ep.run_decompositions() works, or rewrite the op it fails on")
                error.detail = str(e)
                raise error from e
            import_start = time.perf_counter()
            details["import"]["decompose"] = import_start - decompose_start
            module = importer.import_program(result.ep, decomposition_notes=result.reasons)
            details["import"]["import"] = time.perf_counter() - import_start
            return result.ep, module

        ep, module = _timed(timings, "import", import_)
        lowering.lower(module, to="linalg", fusion=fusion, dump_dir=dump_dir, timings=timings)
        if target == "cuda-on-cpu":
            executable = _remember(key, _gpu_on_cpu_and_load(module, timings))
        else:
            start_codegen = time.perf_counter()
            # The program's state is its own copy (program_state): buffer mutations are written there.
            job = codegen.prepare(module, num_threads=num_threads, check_bounds=check_bounds, state_in_place=True)
            prepared = time.perf_counter() - start_codegen
            executable = _remember(key, _codegen_and_load(job, cache_dir, timings, details))
            timings["codegen"] += prepared
            if disk_key is not None:
                program_cache.store_program(Path(cache_dir), disk_key, job.key, [u.name for u in _user_inputs(ep)],
                                            sorted(_state_names(ep)), complex_outputs)
        program = _program(ep, executable, reused=False, seconds=time.perf_counter() - start, timings=timings,
                           details=details)
        return _checked(program, check_bounds, complex_outputs)


def _sources() -> tuple[Path, ...]:
    """Folders outside the exir_mlir package whose files a compilation runs (the disk cache's key
    covers them): the lowerings and dialects, found without importing them."""
    return tuple(Path(importlib.util.find_spec(name).submodule_search_locations[0]).resolve()
                 for name in ("exir_mlir.lowering", "exir_mlir.dialects"))


def _threads_key(num_threads: int):
    """What codegen.compile.resolve_threads derives the worker threads from (the option,
    $EXIR_MLIR_NUM_THREADS, the cores this process may use), without importing codegen."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cores = os.cpu_count() or 1
    return (num_threads, os.environ.get("EXIR_MLIR_NUM_THREADS", ""), cores)


# Per program key (as _MEMORY's): which user outputs are complex (complex_boundary), or None.
_BOUNDARY: dict[str, list[bool] | None] = {}


def _complex_boundary(ep: torch.export.ExportedProgram) -> list[bool] | None:
    from exir_mlir.importer.complex_to_real import complex_boundary

    return complex_boundary(ep)


def _boundary_of(key: str, ep: torch.export.ExportedProgram) -> list[bool] | None:
    if key not in _BOUNDARY:
        _BOUNDARY[key] = _complex_boundary(ep)
    return _BOUNDARY[key]


def _load_compiled_program(ep: torch.export.ExportedProgram, directory: Path, disk_key: str):
    """(the machine code `ep` compiled to in an earlier process (cache_dir), loaded; which of its user
    outputs are complex), or None when absent, or when the program as exported does not bind to it
    the way the decomposed program did (user inputs named otherwise, a state tensor that only the
    decompositions made): then it compiles."""
    entry = program_cache.load_program(directory, disk_key)
    if entry is None:
        return None
    _, path, signature, uses_openmp, user_inputs, state, complex_outputs = entry
    if [u.name for u in _user_inputs(ep)] != user_inputs or sorted(_state_names(ep)) != state:
        return None
    executable = runtime.load_kernel(path, entry="main", signature=signature, uses_openmp=uses_openmp,
                                     from_disk=True)
    return executable, complex_outputs


def _state_names(ep: torch.export.ExportedProgram) -> list[str]:
    return [*ep.state_dict, *(name for name, c in ep.constants.items() if isinstance(c, torch.Tensor))]


def _gpu_on_cpu_and_load(module: ir.Module, timings: dict[str, float]) -> Executable:
    from exir_mlir.codegen import gpu

    start = time.perf_counter()
    llvm = gpu.compile_on_cpu(module)
    timings["codegen"] = time.perf_counter() - start
    start = time.perf_counter()
    phases: dict[str, float] = {}
    executable = runtime.load_llvm(llvm.text, entry=llvm.entry, signature=llvm.signature, uses_openmp=False,
                                   opt_level=2, from_disk=False, codegen_seconds=llvm.seconds, timings=phases)
    timings["llvm"] = sum(phases.values())
    timings["load"] = time.perf_counter() - start - timings["llvm"]
    return executable


def _compile_cuda(ep, *, chip: str, fusion: bool, dump_dir) -> CompiledProgram:
    """The CUDA target: kernels (PTX/cubin) and a launch plan, run by exir_mlir.runtime.cuda
    through the CUDA driver API. Compiling needs no GPU; a call without one raises NoCudaDevice."""
    from exir_mlir import importer, lowering
    from exir_mlir.codegen import gpu
    from exir_mlir.runtime.cuda import load_cuda

    start = time.perf_counter()
    decomposed = importer.decompose(ep, handled=lowering.takes_overload)
    module = importer.import_program(decomposed.ep, decomposition_notes=decomposed.reasons)
    lowering.lower(module, to="linalg", fusion=fusion, dump_dir=dump_dir)
    build = gpu.compile_cuda(module, chip=chip)
    seconds = time.perf_counter() - start
    executable = load_cuda(build.plan, build.images, build.signature, compile_seconds=seconds)
    program = _program(decomposed.ep, executable, reused=False, seconds=seconds, timings={})
    program.kernels = build.kernels
    program.cuda_build = build
    return program


def _program(ep, executable: Executable, *, reused: bool, seconds: float, timings: dict[str, float],
             details: dict[str, dict[str, float]] | None = None) -> CompiledProgram:
    pytree = PytreeSignature(ep.call_spec.in_spec, ep.call_spec.out_spec, _user_inputs(ep))
    # In the order of COMPILE_STEPS (a step that did not run, e.g. codegen on a disk-cache hit, is 0).
    ordered = timings if "reused" in timings else {step: timings.get(step, 0.0) for step in COMPILE_STEPS}
    mutated = {o.name for o in executable.signature.outputs if o.kind in ("buffer_mutation", "parameter_mutation")}
    program = CompiledProgram(executable, state=program_state(ep, mutated), reused=reused, pytree=pytree,
                              compile_seconds=seconds, stage_seconds=ordered,
                              guards=_export_guards(ep, executable.signature, pytree))
    program.stage_details = {k: dict(v) for k, v in (details or {}).items() if v}
    return program


def _export_guards(ep: torch.export.ExportedProgram, signature, pytree: PytreeSignature):
    """importer.guards.export_guards(ep), without importing the importer for a program that has no
    guard code (export_guards returns None for it).

    A guard that two input dims are equal (`ids.size()[0] == mask.size()[0]`: a batch shared by
    several inputs, the most common guard) is left to the call's own check when the signature
    names both dims by one symbol: the call plan (runtime/fastcall.py) takes a call only when
    every dim of a symbol has one size, and the general path's input checks refuse it otherwise
    (runtime/inputs.py). A program left with no guard takes the direct call path (no pytree
    flattening, no guard function): those were 0.7 us of scatter_mean_pool's 4.7 us call."""
    if not getattr(ep, "_guards_code", None) or ep.example_inputs is None:
        return None
    from exir_mlir.importer.guards import equal_dims, export_guards

    specs = {s.name: s for s in signature.inputs}
    flat = [specs.get(u.name) for u in pytree.user_inputs]

    def symbol(i: int, d: int) -> str | None:
        spec = flat[i] if i < len(flat) else None
        if spec is None or not spec.sym_shape or d >= len(spec.sym_shape):
            return None
        sym = spec.sym_shape[d]
        return sym if sym.isidentifier() else None  # a symbol, not a number or an expression

    def implied(code: str) -> bool:
        dims = equal_dims(code)
        if dims is None:
            return False
        (i, d), (j, e) = dims
        return symbol(i, d) is not None and symbol(i, d) == symbol(j, e)

    return export_guards(ep, implied)
