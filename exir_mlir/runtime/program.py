"""`compile_linalg`: linalg-on-tensors module -> JIT-compiled `CompiledProgram` (ExecutionEngine)."""

from __future__ import annotations

import ctypes
import os
import threading
from collections import OrderedDict
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

import numpy as np
import torch

from exir_mlir import toolchain
from exir_mlir._mlir import ir
from exir_mlir.codegen.host import detect_host
from exir_mlir.codegen.pipeline import CpuOptions, run_cpu_pipeline
from exir_mlir.errors import ExirInternalError, ExirUserError
from exir_mlir.runtime import cache, memref
from exir_mlir.runtime.signature import SCALAR_CTYPES, Signature, check_inputs, read_signature

# Dialects the CPU pipeline accepts as input; anything else was not lowered (and would miscompile).
ACCEPTED_DIALECTS = frozenset(
    {"builtin", "func", "linalg", "tensor", "arith", "math", "scf", "bufferization", "memref", "affine",
     "vector", "complex", "ml_program", "cf", "index", "ub"}
)
STATE_KINDS = ("parameter", "buffer", "constant_tensor")


@dataclass
class _Executable:
    """The JIT'ed code of one module, shared by every CompiledProgram compiled from the same text."""

    context: ir.Context
    engine: Any  # mlir.execution_engine.ExecutionEngine
    entry: str
    signature: Signature
    compile_seconds: float
    from_disk: bool


def _shared_libraries(uses_openmp: bool) -> list[str]:
    libs = [str(toolchain.runtime_library("libmlir_c_runner_utils.so"))]
    if uses_openmp:
        libs.append(str(toolchain.openmp_library()))
    return libs


def _location_text(loc: ir.Location) -> str:
    return str(loc)


def _check_lowered(module: ir.Module) -> None:
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


def _uses_openmp(module: ir.Module) -> bool:
    return "GOMP_parallel" in str(module)


def _jit(module: ir.Module, opt_level: int) -> Any:
    from mlir.execution_engine import ExecutionEngine

    try:
        engine = ExecutionEngine(module, opt_level=opt_level, shared_libs=_shared_libraries(_uses_openmp(module)))
    except RuntimeError as exc:
        raise ExirInternalError(f"LLVM could not JIT the lowered module: {exc}") from exc
    return engine


# Most recently compiled programs first out last; programs still referenced stay alive anyway.
_MEMORY: "OrderedDict[str, _Executable]" = OrderedDict()
_MEMORY_LIMIT = 64
_MEMORY_LOCK = threading.Lock()


def _build(text: str, *, entry: str, options: CpuOptions, opt_level: int, cache_dir: Path | None, key: str) -> _Executable:
    start = time.perf_counter()
    context = ir.Context()
    with context, ir.Location.unknown():
        if cache_dir is not None:
            cached = cache.load(cache_dir, key)
            if cached is not None:
                llvm_text, signature = cached
                module = ir.Module.parse(llvm_text)
                engine = _jit(module, opt_level)
                return _Executable(context, engine, entry, signature, time.perf_counter() - start, True)
        module = ir.Module.parse(text)
        func_op = _find_entry(module, entry)
        signature = read_signature(func_op, module.operation)
        _strip_exir_attributes(module, func_op)
        func_op.attributes["llvm.emit_c_interface"] = ir.UnitAttr.get()
        run_cpu_pipeline(module.operation, options)
        llvm_text = str(module)
        engine = _jit(module, opt_level)
        if cache_dir is not None:
            cache.store(cache_dir, key, llvm_text, signature)
        return _Executable(context, engine, entry, signature, time.perf_counter() - start, False)


def compile_linalg(
    module: ir.Module,
    *,
    entry: str = "main",
    state: Mapping[str, torch.Tensor] | None = None,
    num_threads: int = 0,
    opt_level: int = 3,
    cache_dir: str | Path | None = None,
) -> "CompiledProgram":
    """Compile a linalg-on-tensors module to native code for this CPU; see `exir_mlir.runtime`."""
    _check_lowered(module)
    # The key ignores locations (the same program from another file is the same code); the
    # compiled text keeps them so that a failing stage names the user's source line.
    text = module.operation.get_asm(enable_debug_info=True)
    key_text = module.operation.get_asm(enable_debug_info=False)
    threads = num_threads or int(os.environ.get("EXIR_MLIR_NUM_THREADS", "0") or 0) or detect_host().cores
    options = CpuOptions(num_threads=threads)
    key = cache.cache_key(key_text, entry=entry, options=options, opt_level=opt_level)
    with _MEMORY_LOCK:
        executable = _MEMORY.get(key)
        if executable is not None:
            _MEMORY.move_to_end(key)
    if executable is None:
        executable = _build(text, entry=entry, options=options, opt_level=opt_level,
                            cache_dir=Path(cache_dir) if cache_dir else None, key=key)
        with _MEMORY_LOCK:
            executable = _MEMORY.setdefault(key, executable)
            while len(_MEMORY) > _MEMORY_LIMIT:
                _MEMORY.popitem(last=False)
        reused = False
    else:
        reused = True
    return CompiledProgram(executable, state=state, reused=reused)


def clear_memory_cache() -> None:
    """Forget the in-process compile cache (tests and benchmarks of compile time)."""
    with _MEMORY_LOCK:
        _MEMORY.clear()


class CompiledProgram:
    """Native code for one entry function, called with flat tensors in argument order.

    `program(args)` / `program(*args)`: without `state`, every function argument is passed;
    with `state`, only the `user_input` arguments are, and parameters, buffers and constant
    tensors come from `state[exir.name]`, into which buffer mutations are written back.
    Returns a list of torch tensors, one per result (numpy arrays when every input was numpy).
    """

    def __init__(self, executable: _Executable, *, state: Mapping[str, torch.Tensor] | None, reused: bool) -> None:
        self._exe = executable
        self.signature = executable.signature
        self.state = dict(state) if state is not None else None
        self.reused_compilation = reused
        self.compile_seconds = 0.0 if reused else executable.compile_seconds
        self.loaded_from_disk = executable.from_disk and not reused
        self._function = executable.engine.lookup(executable.entry)
        outs = self.signature.outputs
        fields = [(f"r{i}", memref.descriptor_type(o.rank)) for i, o in enumerate(outs)]
        self._results_type = type("Results", (ctypes.Structure,), {"_fields_": fields})
        if self.state is not None:
            missing = [s.name for s in self.signature.inputs if s.kind in STATE_KINDS and s.name not in self.state]
            if missing:
                raise ExirUserError(f"state has no tensor for {', '.join(repr(m) for m in missing)}")

        self.user_inputs = [s for s in self.signature.inputs if self.state is None or s.kind not in STATE_KINDS]
        self._checked_dynamically = any(s.sym_shape or None in s.shape for s in self.user_inputs) or bool(
            self.signature.equalities)

    def with_state(self, state: Mapping[str, torch.Tensor] | None) -> "CompiledProgram":
        """The same native code bound to other state (a second compile of the same program)."""
        return CompiledProgram(self._exe, state=state, reused=True)

    def __call__(self, *args):
        if len(args) == 1 and isinstance(args[0], (list, tuple)):
            args = tuple(args[0])
        return self.run(args)

    def run(self, args: Sequence) -> list:
        specs = self.user_inputs
        if len(args) != len(specs):
            names = ", ".join(s.name for s in specs)
            raise ExirUserError(f"the program takes {len(specs)} inputs ({names}), got {len(args)}")
        if self._checked_dynamically or not memref.matches_static(specs, args):
            check_inputs(self.signature, specs, list(args))
        tensors = [a for a, s in zip(args, specs) if not s.scalar]
        returns_numpy = bool(tensors) and all(isinstance(a, np.ndarray) for a in tensors)
        values = self._all_arguments(list(args))
        keep_alive, slots, tensor_pointers = [], [], set()
        for spec, value in zip(self.signature.inputs, values):
            if spec.scalar:
                number = value.item() if isinstance(value, (torch.Tensor, np.ndarray)) else value
                slot = getattr(ctypes, SCALAR_CTYPES[spec.element])(number)
            else:
                value = memref.as_contiguous(value)
                keep_alive.append(value)
                slot = ctypes.pointer(memref.make_descriptor(value))
                tensor_pointers.add(slot.contents.allocated)
            slots.append(slot)
        # The C interface takes a pointer to the results struct (when there are results), then a
        # pointer per memref argument and scalars by value; the packed wrapper takes a pointer to
        # each of those.
        results = self._results_type()
        if self.signature.outputs:
            slots.insert(0, ctypes.pointer(results))
        packed = (ctypes.c_void_p * max(1, len(slots)))(*[ctypes.addressof(p) for p in slots])
        self._function(packed)
        outputs = self._collect(results, tensor_pointers)
        if self.state is not None:
            outputs = self._write_back(outputs, list(args))
        if returns_numpy:
            return [o.numpy() for o in outputs]
        return outputs

    def _all_arguments(self, user_args: list) -> list:
        if self.state is None:
            return user_args
        it = iter(user_args)
        return [self.state[s.name] if s.kind in STATE_KINDS else next(it) for s in self.signature.inputs]

    def _collect(self, results: ctypes.Structure, input_pointers: set[int]) -> list[torch.Tensor]:
        seen: set[int] = set()
        outputs = []
        for i, spec in enumerate(self.signature.outputs):
            desc = getattr(results, f"r{i}")
            # A result aliasing an input, a constant or another result is copied; the rest is
            # handed to torch, which frees it with the tensor.
            owned = memref.is_freeable(desc.allocated) and desc.allocated not in input_pointers \
                and desc.allocated not in seen
            outputs.append(memref.tensor_from_descriptor(desc, spec.rank, spec.dtype, owned=owned))
            if owned:
                seen.add(desc.allocated)
        return outputs

    def _write_back(self, outputs: list[torch.Tensor], user_args: list) -> list[torch.Tensor]:
        user = {s.name: a for s, a in zip(self.user_inputs, user_args)}
        returned = []
        for spec, value in zip(self.signature.outputs, outputs):
            if spec.kind in ("buffer_mutation", "parameter_mutation"):
                self.state[spec.name].copy_(value)
            elif spec.kind == "user_input_mutation":
                target = user[spec.name]
                if isinstance(target, np.ndarray):
                    np.copyto(target, value.numpy())
                else:
                    target.copy_(value)
            else:
                returned.append(value)
        return returned
