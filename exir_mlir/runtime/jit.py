"""Loads compiled code into this process: a kernel library (codegen's machine code, linked into a
shared library: what every compile makes where a C compiler links, and what the disk cache keeps),
or an LLVM-dialect module with MLIR's ExecutionEngine (without a C compiler; the GPU-on-CPU path)."""

from __future__ import annotations

import ctypes
import os
import time
from dataclasses import dataclass
from typing import Any

from exir_mlir import toolchain
from exir_mlir.abi import Signature
from exir_mlir.errors import ExirInternalError

# exir_mlir.codegen.buffer_pool's exported functions (the runtime imports no codegen).
POOL_MALLOCS_SYMBOL = "_mlir_exir_pool_mallocs"
POOL_RELEASE_SYMBOL = "_mlir_exir_pool_release"
POOL_ALLOCS_SYMBOL = "_mlir_exir_pool_allocs"


@dataclass
class Executable:
    """Loaded native code of one entry function, shared by every CompiledProgram bound to it."""

    context: Any  # the MLIR context and module the engine was made from: they live as long as it
    module: Any
    engine: Any  # mlir.execution_engine.ExecutionEngine, or the ctypes.CDLL of a cached kernel library
    function: Any  # the packed C-interface entry point
    entry: str
    signature: Signature
    compile_seconds: float  # codegen and load
    from_disk: bool  # the compiled code came from the disk cache
    # The packed entry point of the init function (signature.init: what the entry reads of the
    # state, computed once per bound state by CompiledProgram), or None.
    init_function: Any = None

    def _pool_function(self, symbol: str, restype):
        """The compiled code's buffer-pool function `symbol` (exir_mlir.codegen.buffer_pool), or None."""
        engine = self.engine
        if isinstance(engine, ctypes.CDLL):
            address = ctypes.cast(getattr(engine, symbol, None) or 0, ctypes.c_void_p).value
        elif hasattr(engine, "raw_lookup"):
            address = engine.raw_lookup(symbol.removeprefix("_mlir_"))
        else:
            return None
        return ctypes.CFUNCTYPE(restype)(address) if address else None

    def pool_mallocs(self) -> int | None:
        """How many buffers the compiled code had to malloc so far (its pool had none that fit);
        None for code without a buffer pool."""
        function = self._pool_function(POOL_MALLOCS_SYMBOL, ctypes.c_int64)
        return None if function is None else function()

    def pool_allocs(self) -> int | None:
        """How many buffers the compiled code asked for so far (from its pool or from malloc);
        None for code without a buffer pool."""
        function = self._pool_function(POOL_ALLOCS_SYMBOL, ctypes.c_int64)
        return None if function is None else function()

    def __del__(self) -> None:
        # The idle buffers the code's pool keeps, freed while the code is still loaded.
        try:
            release = self._pool_function(POOL_RELEASE_SYMBOL, None)
            if release is not None:
                release()
        except Exception:  # noqa: BLE001 - interpreter shutdown: the process frees everything anyway
            pass


def _shared_libraries(uses_openmp: bool) -> list[str]:
    libs = [str(toolchain.runtime_library("libmlir_c_runner_utils.so"))]
    if uses_openmp:
        libs.append(str(toolchain.openmp_library()))
    return libs


def load_llvm(llvm_text: str | None, *, entry: str, signature: Signature, uses_openmp: bool,
         opt_level: int = 3, from_disk: bool = False, codegen_seconds: float = 0.0,
         timings: dict[str, float] | None = None, module: Any = None) -> Executable:
    """JIT-compile `llvm_text` (LLVM-dialect MLIR whose `entry` has a C interface) for this CPU;
    or `module`, that module already parsed (codegen's, in its own context: not parsed again).

    `timings`, when given, receives the seconds of "optimize" (parsing, translation to LLVM IR
    and LLVM's optimization: the engine's construction) and "machine code" (code generation,
    which the engine runs at the first lookup)."""
    # Lazily: the runtime imports no MLIR bindings at module level, so that a loader of
    # ahead-of-time libraries can live beside it where the bindings are not installed.
    from exir_mlir._mlir import execution_engine, ir

    start = time.perf_counter()
    context = ir.Context() if module is None else module.context
    with context, ir.Location.unknown():
        if module is None:
            module = ir.Module.parse(llvm_text)
        try:
            engine = execution_engine.ExecutionEngine(module, opt_level=opt_level,
                                                      shared_libs=_shared_libraries(uses_openmp))
        except RuntimeError as exc:
            raise ExirInternalError(f"LLVM could not JIT the lowered module: {exc}") from exc
    optimized = time.perf_counter()
    function = engine.lookup(entry)
    init_function = engine.lookup(signature.init.entry) if signature.init is not None else None
    if timings is not None:
        timings["optimize"] = optimized - start
        timings["machine code"] = time.perf_counter() - optimized
    return Executable(context, module, engine, function, entry, signature,
                      codegen_seconds + time.perf_counter() - start, from_disk, init_function)


def load_kernel(path: str | os.PathLike, *, entry: str, signature: Signature, uses_openmp: bool,
                from_disk: bool = False, codegen_seconds: float = 0.0) -> Executable:
    """Load a kernel library (exir_mlir.codegen.library.build_kernel: the compiled function and its
    packed entry point) without MLIR or LLVM: what the JIT's cache_dir keeps."""
    start = time.perf_counter()
    if uses_openmp:
        # The library leaves GOMP_parallel undefined: it binds to this (torch's) OpenMP runtime,
        # so that compiled loops share torch's pool of threads.
        ctypes.CDLL(str(toolchain.openmp_library()), mode=os.RTLD_NOW | os.RTLD_GLOBAL)
    try:
        library = ctypes.CDLL(os.fspath(path), mode=os.RTLD_NOW | os.RTLD_LOCAL)
        function = ctypes.CFUNCTYPE(None, ctypes.c_void_p)(("exir_packed_entry", library))
        init_function = (ctypes.CFUNCTYPE(None, ctypes.c_void_p)(("exir_packed_init", library))
                         if signature.init is not None else None)
    except (OSError, AttributeError) as exc:
        raise ExirInternalError(f"cannot load the cached kernel library '{path}': {exc}") from exc
    return Executable(None, None, library, function, entry, signature,
                      codegen_seconds + time.perf_counter() - start, from_disk, init_function)
