"""`compile(ep)`: ExportedProgram -> native code, called like `ep.module()` (pytrees of inputs and outputs)."""

from __future__ import annotations

import hashlib
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import torch
import torch.utils._pytree as pytree
from torch.export.graph_signature import ConstantArgument, InputKind

from exir_mlir.errors import ExirUserError

TARGETS = ("cpu",)

# In-process cache: program text (graph, signature, shapes, range constraints) and options ->
# the first compilation's native program. Weights are function inputs, not constants of the
# code, so programs that differ only in weight values share native code.
_COMPILED: dict[str, Any] = {}
_COMPILED_LOCK = threading.Lock()


@dataclass(frozen=True)
class _UserInput:
    name: str
    specialized: bool  # export turned it into a constant: the call must pass that value again
    value: Any = None


@dataclass
class CompiledProgram:
    """A compiled ExportedProgram; call it with the same arguments as `ep.module()`.

    The native program (exir_mlir.runtime) binds parameters, buffers and constant tensors from
    its own copy of the program's state, writes buffer mutations back into that copy (so
    repeated calls behave like eager) and copies user-input mutations into the caller's
    tensors. This layer maps the caller's pytree onto the flat user inputs and back.
    """

    native: Any
    in_spec: pytree.TreeSpec
    out_spec: pytree.TreeSpec
    user_inputs: list[_UserInput]
    compile_seconds: float = 0.0
    stage_seconds: dict[str, float] = field(default_factory=dict)

    @property
    def state(self) -> dict[str, torch.Tensor]:
        """Parameters, buffers and constants as the program holds them (after its mutations)."""
        return self.native.state

    def __call__(self, *args, **kwargs):
        flat, spec = pytree.tree_flatten((args, kwargs))
        if spec != self.in_spec:
            raise ExirUserError(
                f"the arguments have the structure {spec}, but the program was exported with {self.in_spec}"
            )
        if len(flat) != len(self.user_inputs):
            raise ExirUserError(f"expected {len(self.user_inputs)} inputs, got {len(flat)}")
        native_args = []
        for user_input, value in zip(self.user_inputs, flat):
            if user_input.specialized:
                if not _same_constant(value, user_input.value):
                    raise ExirUserError(
                        f"input '{user_input.name}' was specialized to {user_input.value!r} when the program "
                        f"was exported, but the call passes {value!r}: pass {user_input.value!r}, or export "
                        "again with that input dynamic"
                    )
                continue
            native_args.append(value)
        return pytree.tree_unflatten(list(self.native(native_args)), self.out_spec)


def _same_constant(value, exported) -> bool:
    if isinstance(value, torch.Tensor) or isinstance(exported, torch.Tensor):
        return False
    return type(value) is type(exported) and value == exported


def _user_inputs(ep: torch.export.ExportedProgram) -> list[_UserInput]:
    out = []
    for spec in ep.graph_signature.input_specs:
        if spec.kind != InputKind.USER_INPUT:
            continue
        specialized = isinstance(spec.arg, ConstantArgument)
        out.append(_UserInput(spec.arg.name, specialized, spec.arg.value if specialized else None))
    return out


def program_state(ep: torch.export.ExportedProgram) -> dict[str, torch.Tensor]:
    """Our own copy of parameters, buffers and constant tensors, by state_dict/constants name.

    A copy, so that buffer mutations never write into the ExportedProgram the user holds.
    """
    state = {name: t.detach().clone() for name, t in ep.state_dict.items()}
    for name, c in ep.constants.items():
        if isinstance(c, torch.Tensor):
            state[name] = c.detach().clone()
    return state


def compile(  # noqa: A001 - the public name mirrors torch.compile
    ep: torch.export.ExportedProgram,
    *,
    target: str = "cpu",
    fusion: bool = True,
    num_threads: int = 0,
    cache_dir: str | Path | None = None,
    dump_dir: str | Path | None = None,
) -> CompiledProgram:
    """Compile an ExportedProgram for `target` ("cpu") and return a program called like `ep.module()`.

    `fusion=False` skips the edge-to-backend fusions; `num_threads` (0: every core) sets the
    worker threads of parallel loops; `cache_dir` keeps compiled code across processes;
    `dump_dir` receives the IR after each stage.
    """
    from exir_mlir import importer, lowering, runtime

    if target not in TARGETS:
        raise ExirUserError(f"unknown target '{target}'; known targets: {', '.join(TARGETS)}")
    key = hashlib.sha256(repr((str(ep), fusion, num_threads)).encode()).hexdigest()
    with _COMPILED_LOCK:
        previous = _COMPILED.get(key)
    if previous is not None:
        return _program(ep, previous.with_state(program_state(ep)), 0.0, {"reused": 0.0})
    timings = {}
    start = time.perf_counter()
    # Core ATen is the exir dialect's op set: torch's own decomposition table brings every
    # composite op (linear, conv2d, layer_norm, ...) down to it, as ExecuTorch's to_edge does.
    ep = ep.run_decompositions()
    module = importer.import_program(ep)
    timings["import"] = time.perf_counter() - start
    lowering.lower(module, to="linalg", fusion=fusion, dump_dir=dump_dir)
    timings["lower"] = time.perf_counter() - start - timings["import"]
    native = runtime.compile_linalg(module, state=program_state(ep), num_threads=num_threads, cache_dir=cache_dir)
    total = time.perf_counter() - start
    timings["codegen"] = total - timings["import"] - timings["lower"]
    with _COMPILED_LOCK:
        _COMPILED.setdefault(key, native)
    return _program(ep, native, total, timings)


def _program(ep, native, seconds: float, timings: dict[str, float]) -> CompiledProgram:
    return CompiledProgram(
        native=native,
        in_spec=ep.call_spec.in_spec,
        out_spec=ep.call_spec.out_spec,
        user_inputs=_user_inputs(ep),
        compile_seconds=seconds,
        stage_seconds=timings,
    )
