"""Native shared libraries from an LLVM-dialect module: the ahead-of-time artifact and the JIT's disk cache.

LLVM-dialect MLIR -> LLVM IR -> LLVM's O3 pipeline -> position-independent object code for the host
CPU (machine_code.py: in process, the functions split over threads) -> linked by the machine's C compiler with a generated C
wrapper (library_c.py) into a `.so` that needs only libc, libm and the OpenMP runtime (libgomp).

- `build_library(llvm, output, state=..., weights="embedded"|"external")`: the deployable
  library with the C ABI of library_api.h (and its header, `<name>.h`, beside it). Weights are embedded in
  its read-only data (`.incbin` of the blob), or written to `<output>.weights`, which the
  library maps at exir_create.
- `build_kernel(llvm, output)`: the compiled function and one packed entry point
  (`exir_packed_entry(void **args)`, the ExecutionEngine's convention) for the JIT's cache_dir.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from exir_mlir import toolchain
from exir_mlir._mlir import ir
from exir_mlir.codegen.buffer_pool import ALLOC_COUNT_SYMBOL, MALLOC_COUNT_SYMBOL, RELEASE_SYMBOL
from exir_mlir.codegen.compile import LLVMModule
from exir_mlir.codegen.host import detect_host
from exir_mlir.codegen.library_c import (
    header_source,
    packed_entry_source,
    state_layout,
    wrapper_source,
)
from exir_mlir.codegen.machine_code import compile_objects
from exir_mlir.errors import ExirInternalError, ExirUserError
from exir_mlir.program_cache import llc_cpu  # noqa: F401 - also this module's public name

WEIGHTS_MODES = ("embedded", "external")
WEIGHTS_MAGIC = b"EXIRWGT1"
ABI_VERSION = 1


def _run(command: list[str], what: str, timings: dict[str, float] | None = None, step: str = "") -> None:
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True)
    if timings is not None:
        timings[step] = timings.get(step, 0.0) + time.perf_counter() - start
    if result.returncode != 0:
        raise ExirInternalError(f"{what} failed ({' '.join(map(str, command[:2]))} ...):\n{result.stderr[-4000:]}")




def required_cpu_features() -> list[str]:
    """The x86 extensions the code may use: this host's, when llc compiles for the host (`native`)."""
    from exir_mlir.codegen.host import _cpu_flags
    from exir_mlir.codegen.library_c import CPU_FEATURES

    if llc_cpu() != "native":
        return []
    flags = _cpu_flags()
    return [name for flag, name in CPU_FEATURES.items() if flag in flags]


def _cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def object_files(llvm: LLVMModule, directory: Path, timings: dict[str, float] | None = None) -> list[Path]:
    """The LLVM-dialect module as position-independent object files for this CPU (llc_cpu()).

    As the JIT's ExecutionEngine at opt_level 3 (LLVM's O3 module pipeline and code generation for
    this target), in this process and with the module's functions split over threads
    (machine_code.py). `timings`, when given, receives the seconds of "translate", "optimize" and
    "machine code"."""
    if llvm.module is not None:
        codes = compile_objects(llvm.module, cpu=llc_cpu(), timings=timings)
    else:
        with ir.Context():
            codes = compile_objects(ir.Module.parse(llvm.text), cpu=llc_cpu(), timings=timings)
    objects = []
    for i, code in enumerate(codes):
        objects.append(directory / f"program.{i}.o")
        objects[-1].write_bytes(code)
    return objects


def _link(objects: list[Path], output: Path, *, exported: str, uses_openmp: bool, link_openmp: bool,
          directory: Path, timings: dict[str, float] | None = None) -> None:
    cc = toolchain.c_compiler()
    script = directory / "exports.map"
    script.write_text(f"{{ global: {exported}; local: *; }};\n")
    command = [str(cc), "-shared", "-fPIC", "-O2", "-o", str(output), *map(str, objects),
               f"-Wl,--version-script={script}", "-Wl,-z,noexecstack", "-lm"]
    if uses_openmp and link_openmp:
        command.append("-lgomp")
    _run(command, "linking the native library", timings, "link")


def _compile_c(source: Path, directory: Path, timings: dict[str, float] | None = None) -> Path:
    obj = source.with_suffix(".o")
    _run([str(toolchain.c_compiler()), "-c", "-O2", "-fPIC", "-std=gnu11",
          "-Wall", "-Wno-unused-function", f"-I{directory}", str(source), "-o", str(obj)],
         f"compiling {source.name}", timings, "link")
    return obj


def _write_atomically(path: Path, write) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    os.close(fd)
    try:
        write(Path(tmp))
        # mkstemp makes the file private (0600): give it the mode a new file of the user gets.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, (0o777 if path.suffix == ".so" else 0o666) & ~umask)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


# The packed entry point, and the buffer pool's count and release (buffer_pool.py), which the
# runtime calls.
KERNEL_EXPORTS = f"exir_packed_entry; exir_packed_init; {MALLOC_COUNT_SYMBOL}; {ALLOC_COUNT_SYMBOL}; {RELEASE_SYMBOL}"


def build_kernel(llvm: LLVMModule, output: Path, timings: dict[str, float] | None = None) -> Path:
    """The compiled function with a packed entry point (`exir_packed_entry`), for the JIT's cache.

    GOMP_parallel is left undefined: the loader resolves it against the OpenMP runtime it loaded
    first (torch's), so that compiled loops and torch's ops share one pool of threads. The packed
    entry takes the call's error slot last (pipeline.report_failed_asserts). `timings`, when
    given, receives the seconds of each phase (exir_mlir.stages.LLVM_STEPS)."""
    with tempfile.TemporaryDirectory(prefix="exir-kernel-") as tmp:
        directory = Path(tmp)
        objs = object_files(llvm, directory, timings)
        wrapper = directory / "entry.c"
        wrapper.write_text(packed_entry_source(llvm.signature, llvm.entry))
        objects = [*objs, _compile_c(wrapper, directory, timings)]
        _write_atomically(output, lambda path: _link(objects, path, exported=KERNEL_EXPORTS,
                                                     uses_openmp=llvm.uses_openmp, link_openmp=False,
                                                     directory=directory, timings=timings))
    return output


def _weights_blob(layout, state: dict[str, bytes]) -> bytes:
    blob = bytearray(layout[-1].offset + layout[-1].nbytes if layout else 0)
    for entry in layout:
        blob[entry.offset:entry.offset + entry.nbytes] = state[entry.name]
    return bytes(blob)


def build_library(llvm: LLVMModule, output: str | Path, *, state: dict[str, bytes], model_name: str,
                  weights: str = "embedded") -> Path:
    """The deployable library at `output` (and its header `<stem>.h` beside it; `<output>.weights` with
    `weights="external"`). `state`: the raw bytes (row-major) of every parameter, buffer and
    constant tensor of the signature, by name."""
    if weights not in WEIGHTS_MODES:
        raise ExirUserError(f"weights must be one of {', '.join(WEIGHTS_MODES)}, got {weights!r}")
    output = Path(output)
    if output.suffix != ".so":
        raise ExirUserError(f"the output of a native library is a .so file, got '{output}'")
    missing = [s.name for s in llvm.signature.inputs if s.kind in ("parameter", "buffer", "constant_tensor")
               and s.name not in state]
    if missing:
        raise ExirUserError(f"no value for the state tensor(s) {', '.join(missing)}")
    layout = state_layout(llvm.signature, {k: len(v) for k, v in state.items()})
    blob = _weights_blob(layout, state)
    external = weights == "external"
    build_id = os.urandom(16)
    with tempfile.TemporaryDirectory(prefix="exir-library-") as tmp:
        directory = Path(tmp)
        objs = object_files(llvm, directory)
        header = header_source(llvm.signature, model_name)
        (directory / "model.h").write_text(header)
        wrapper = directory / "wrapper.c"
        wrapper.write_text(wrapper_source(llvm.signature, llvm.entry, model_name=model_name, state=layout,
                                          weights_bytes=len(blob), external=external, build_id=build_id,
                                          cpu_features=required_cpu_features(),
                                          built_for=f"{_cpu_name()}, llc -mcpu={llc_cpu()}"))
        objects = [*objs, _compile_c(wrapper, directory)]
        if blob and not external:
            (directory / "weights.bin").write_bytes(blob)
            assembly = directory / "weights.S"
            assembly.write_text(
                '\t.section .rodata.exir_weights,"a"\n\t.balign 64\n\t.globl exir_weights_blob\n'
                "\t.hidden exir_weights_blob\n\t.type exir_weights_blob, @object\nexir_weights_blob:\n"
                f'\t.incbin "{directory / "weights.bin"}"\n\t.size exir_weights_blob, {len(blob)}\n'
                '\t.section .note.GNU-stack,"",@progbits\n')
            weights_obj = directory / "weights.o"
            _run([str(toolchain.c_compiler()), "-c", str(assembly), "-o", str(weights_obj)], "assembling the weights")
            objects.append(weights_obj)
        _write_atomically(output, lambda path: _link(objects, path, exported="exir_*", uses_openmp=llvm.uses_openmp,
                                                     link_openmp=True, directory=directory))
        shutil.copyfile(directory / "model.h", output.with_suffix(".h"))
    if external:
        header_bytes = WEIGHTS_MAGIC + ABI_VERSION.to_bytes(4, "little") + bytes(4) + build_id
        header_bytes += bytes(64 - len(header_bytes))

        def write_weights(path: Path) -> None:
            with open(path, "wb") as f:
                f.write(header_bytes)
                f.write(blob)

        _write_atomically(Path(str(output) + ".weights"), write_weights)
    return output


def host_description() -> str:
    """What the library was compiled for, for messages."""
    return f"{llc_cpu()} ({detect_host().fingerprint})"
