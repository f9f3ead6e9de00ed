"""`CompiledProgram`: loaded native code bound to its state, called like the exported program."""

from __future__ import annotations

import ctypes
import threading
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

import numpy as np

from exir_mlir.abi import HOISTED_KIND, SCALAR_CTYPES
from exir_mlir.errors import ExirUserError
from exir_mlir.runtime import memref
from exir_mlir.runtime.arguments import ArgumentBinder
from exir_mlir.runtime.bounds import raise_failed_check
from exir_mlir.runtime.fastcall import CallPlan
from exir_mlir.runtime.inputs import check_inputs
from exir_mlir.runtime.jit import Executable

# HOISTED_KIND: what the init function computed from the state (exir_mlir.codegen.hoist_state),
# kept in `state` beside it.
STATE_KINDS = ("parameter", "buffer", "constant_tensor", "rng_seed", HOISTED_KIND)


@dataclass(frozen=True)
class UserInput:
    """One user input of an exported program, in the flattened order of its arguments."""

    name: str
    specialized: bool  # export turned it into a constant: the call must pass that value again
    value: Any = None


@dataclass(frozen=True)
class PytreeSignature:
    """How the exported program takes and returns values: pytrees (torch.utils._pytree specs)."""

    in_spec: Any
    out_spec: Any
    user_inputs: list[UserInput] = field(default_factory=list)


def _version(tensor) -> int | None:
    """torch's count of in-place changes of `tensor`; None for an inference-mode tensor, which has
    none (changed in place under inference mode, it is not noticed)."""
    try:
        return tensor._version
    except RuntimeError:
        return None


def _same_constant(value, exported) -> bool:
    import torch

    if isinstance(value, torch.Tensor) or isinstance(exported, torch.Tensor):
        return False
    return type(value) is type(exported) and value == exported


class CompiledProgram:
    """Native code for one entry function, bound to its state and calling convention.

    Without `pytree` (a linalg module compiled on its own): `program(args)` / `program(*args)`
    takes flat tensors (torch or numpy) in argument order and returns a list with one tensor per
    result (numpy arrays when every input was numpy). Without `state`, every function argument
    is passed; with `state`, only the `user_input` arguments are, and parameters, buffers and
    constant tensors come from `state[exir.name]`, into which buffer mutations are written back.

    With `pytree` (an ExportedProgram compiled by exir_mlir.compile): called like `ep.module()`,
    with the same pytrees of arguments and results; an input that export specialized must be
    passed with the value it had.
    """

    def __init__(self, executable: Executable, *, state: Mapping[str, Any] | None, reused: bool,
                 pytree: PytreeSignature | None = None, compile_seconds: float | None = None,
                 stage_seconds: Mapping[str, float] | None = None,
                 guards: Callable[[Sequence], None] | None = None) -> None:
        self.executable = executable
        # torch.export's shape guards beyond the dims' ranges (exir_mlir.importer.guards), checked
        # on the call's flat user inputs: the compiled code is only valid where they hold.
        self._guards = guards
        self.signature = executable.signature
        self.state = dict(state) if state is not None else None
        self.pytree = pytree
        self.reused_compilation = reused
        self.loaded_from_disk = executable.from_disk and not reused
        if compile_seconds is None:
            compile_seconds = 0.0 if reused else executable.compile_seconds
        self.compile_seconds = compile_seconds
        self.stage_seconds = dict(stage_seconds or {})
        # Parts of some steps (exir_mlir.compile fills it: the codegen pipeline's stages, LLVM's phases).
        self.stage_details: dict[str, dict[str, float]] = {}
        self._function = executable.function
        # The results struct of the C interface: each result's descriptor, one after another.
        self._result_words = sum(ctypes.sizeof(memref.descriptor_type(o.rank)) // 8 for o in self.signature.outputs)
        # A program with random ops takes an rng_seed input (README, "Random ops"): with state, a
        # 0-d int64 tensor held here and redrawn from torch's default generator before each call.
        self._seed = None
        seed_name = next((s.name for s in self.signature.inputs if s.kind == "rng_seed"), None)
        if seed_name is not None and self.state is not None:
            import torch

            self._seed = self.state[seed_name] = torch.zeros((), dtype=torch.int64)
        # The init function's sources, each with the version it had when the init function read it:
        # a source changed in place since (an optimizer step on the exported program's parameters,
        # load_state_dict) makes the next call run the init function again (_initialize).
        self._init_sources: list | None = None
        self._init_plan: CallPlan | None = None
        if self.state is not None and self.signature.init is not None:
            self._initialize()
        if self.state is not None:
            missing = [s.name for s in self.signature.inputs if s.kind in STATE_KINDS and s.name not in self.state]
            if missing:
                raise ExirUserError(f"state has no tensor for {', '.join(repr(m) for m in missing)}")

        self.user_inputs = [s for s in self.signature.inputs if self.state is None or s.kind not in STATE_KINDS]
        self._binder = None
        self._specialized = False
        if pytree is not None:
            self._binder = ArgumentBinder(pytree.in_spec, pytree.out_spec, [u.name for u in pytree.user_inputs])
            self._specialized = any(u.specialized for u in pytree.user_inputs)
        # Calls from several threads: the native code is reentrant, but a program whose state it
        # mutates (a buffer or parameter written back) reads and writes `state` in one call; such
        # calls are serialised so that no update is lost. Programs without mutated state run
        # concurrently.
        mutates = any(o.kind in ("buffer_mutation", "parameter_mutation") for o in self.signature.outputs)
        self._state_lock = threading.Lock() if (mutates or self._seed is not None) and self.state is not None else None
        # The hot path (exir_mlir.runtime.fastcall): built on the first call, frames reused.
        self._plan: CallPlan | None = None
        self._frames: list = []
        self._direct = (self._binder is not None and self._binder.positional is not None
                        and self._binder.has_fast_outputs and guards is None and not self._specialized)
        self._checked_dynamically = any(s.sym_shape or None in s.shape for s in self.user_inputs) or bool(
            self.signature.equalities)

    def _initialize(self) -> None:
        """Run the init function on the state: its results, the values the entry function reads in
        place of computing them from the state on every call, go into `state` under their names
        (signature.init.results). Run again when a source changed: into the same tensors, which a
        concurrent call may be reading (as it would read a weight being changed)."""
        init = self.signature.init
        missing = [n for n in init.arguments if n not in self.state]
        if missing:
            raise ExirUserError(f"state has no tensor for {', '.join(repr(m) for m in missing)}")
        plan = self._init_plan
        if plan is None:
            plan = self._init_plan = CallPlan(self.signature.init_signature(), [], init.arguments)
        sources = {n: memref.as_contiguous(self.state[n]) for n in init.arguments}
        frame = plan.new_frame()
        pointers = plan.bind([], sources, frame.words, frame.scalars)
        if pointers is None:
            raise ExirUserError("the program's state does not have the dtypes and shapes it was compiled for: "
                                + ", ".join(f"{n}: {tuple(self.state[n].shape)} {self.state[n].dtype}"
                                            for n in init.arguments))
        self.executable.init_function(frame.address)
        if frame.error.value:
            raise_failed_check(frame.error)
        values = plan.finish(frame.words, pointers, sources, [])
        for name, value in zip(init.results, values):
            held = self.state.get(name) if self._init_sources is not None else None
            if held is None:
                self.state[name] = value
            else:
                held.copy_(value)
        self._init_sources = [(n, self.state[n], _version(self.state[n])) for n in init.arguments]

    def _refresh(self) -> None:
        """Run the init function again when one of its sources is another tensor or changed in place."""
        state = self.state
        for name, tensor, version in self._init_sources:
            if state[name] is not tensor or (version is not None and tensor._version != version):
                self._initialize()
                return

    def __call__(self, *args, **kwargs):
        if self._direct and not kwargs:
            # Plain tensors in, one leaf or a tuple/list out, no guards: the call plan decides alone
            # (a list, dict or anything else where a tensor was exported makes bind say no).
            lock = self._state_lock
            if lock is None:
                outputs = self._fast(args)
            else:
                with lock:
                    if self._seed is not None:
                        self._seed.random_()
                    outputs = self._fast(args)
            if outputs is not None:
                return self._binder.unflatten(outputs)
        if self.pytree is not None:
            return self._call_pytree(args, kwargs)
        if len(args) == 1 and isinstance(args[0], (list, tuple)):
            args = tuple(args[0])
        return self.run(args)

    def _call_pytree(self, args, kwargs):
        binder = self._binder
        flat = binder.flatten(args, kwargs)
        guard_failure = None
        if self._guards is not None:
            try:
                self._guards(flat)
            except Exception as error:  # noqa: BLE001 - a non-tensor input fails inside the guard code
                guard_failure = error
                if any(isinstance(v, np.ndarray) for v in flat):
                    # The guards are torch's code over tensors (x.size()[0]): numpy inputs as tensors.
                    guard_failure = self._guards_on_tensors(flat)
        if self._specialized:
            native_args = []
            for user_input, value in zip(self.pytree.user_inputs, flat):
                if user_input.specialized:
                    if not _same_constant(value, user_input.value):
                        raise ExirUserError(
                            f"input '{user_input.name}' was specialized to {user_input.value!r} when the program "
                            f"was exported, but the call passes {value!r}: pass {user_input.value!r}, or export "
                            "again with that input dynamic"
                        )
                    continue
                native_args.append(value)
            flat = native_args
        if guard_failure is not None:
            # The input checks name a wrong dim, dtype or range more precisely: they speak first.
            self._check_arguments(flat)
            if isinstance(guard_failure, ExirUserError):
                raise guard_failure
            raise ExirUserError(f"the inputs do not fit the program's shape conditions: {guard_failure}") from guard_failure
        return binder.unflatten(self.run(flat))

    def _guards_on_tensors(self, flat: list) -> Exception | None:
        import torch

        try:
            self._guards([torch.from_numpy(v) if isinstance(v, np.ndarray) else v for v in flat])
        except Exception as error:  # noqa: BLE001 - as above
            return error
        return None

    def _check_arguments(self, args: Sequence) -> None:
        specs = self.user_inputs
        if len(args) != len(specs):
            names = ", ".join(s.name for s in specs)
            raise ExirUserError(f"the program takes {len(specs)} inputs ({names}), got {len(args)}")
        check_inputs(self.signature, specs, list(args))

    def run(self, args: Sequence) -> list:
        """Call with the flat user inputs; returns the flat user outputs."""
        lock = self._state_lock
        if lock is None:
            return self._run(args)
        with lock:
            if self._seed is not None:
                self._seed.random_()  # one draw from torch's default generator per call
            return self._run(args)

    def _run(self, args: Sequence) -> list:
        outputs = self._fast(args)
        if outputs is None:
            return self._run_general(args)
        return outputs

    def _call_plan(self) -> CallPlan:
        plan = self._plan
        if plan is None:
            plan = self._plan = CallPlan(self.signature, self.user_inputs,
                                         [s.name for s in self.signature.inputs if self._from_state(s)],
                                         write_back=self.state is not None)
        return plan

    def _fast(self, args: Sequence) -> list | None:
        """The call through the plan, or None (nothing ran) when the plan does not take these inputs."""
        if self._init_sources is not None:
            self._refresh()
        plan = self._plan or self._call_plan()
        if len(args) != len(self.user_inputs):
            return None
        frames = self._frames
        frame = frames.pop() if frames else plan.new_frame()
        pointers = plan.bind(args, self.state, frame.words, frame.scalars)
        if pointers is None:
            frames.append(frame)
            return None
        self._function(frame.address)
        # [error slot] The call's own slot (exir_mlir.runtime.bounds): set by a failed run-time check,
        # after which the compiled code returned early and left the results unset: none is read.
        error = frame.error
        if error.value:
            frames.append(frame)
            raise_failed_check(error)  # clears the slot: the frame is reused
        # Buffer and parameter mutations go straight from the result memory into the state tensor
        # where they can (one memmove, the allocation freed): no tensor is made for them (the plan's
        # generated `finish`).
        outputs = plan.finish(frame.words, pointers, self.state, args)
        frames.append(frame)
        return outputs

    def _from_state(self, spec) -> bool:
        return self.state is not None and spec.kind in STATE_KINDS

    @staticmethod
    def _collect_words(plan: CallPlan, words, input_pointers) -> list:
        """The results the entry point wrote into `words` (the results struct), as torch tensors; a
        Python number for a scalar result (exir.scalar_output). A result aliasing an input, a
        constant or another result is copied; the rest is handed to torch, which frees it with the
        tensor. The general path's collector (the fast path's is the plan's generated `finish`,
        which does the same per result)."""
        outputs = []
        if not plan.output_layout:
            return outputs
        values = plan.unpack_results(words)
        seen = None  # the allocations handed to torch so far (a second result over one is copied)
        for index, (offset, rank, dtype, itemsize, typestr) in enumerate(plan.output_layout):
            allocated = values[offset]
            sizes = offset + 3 + rank
            owned = (allocated and allocated != memref.GLOBAL_MARKER and allocated not in input_pointers
                     and (seen is None or allocated not in seen))
            outputs.append(memref.tensor_from_parts(allocated, values[offset + 1], values[offset + 2],
                                                    values[offset + 3:sizes], values[sizes:sizes + rank], dtype,
                                                    itemsize, typestr, owned=bool(owned)))
            if owned:
                seen = {allocated} if seen is None else seen | {allocated}
        for index in plan.scalar_outputs:
            outputs[index] = outputs[index].item()
        return outputs

    def _run_general(self, args: Sequence) -> list:
        """Any input the compiled code can take (numpy, strided views, subclasses): checked, copied to
        contiguous memory where needed, descriptors built for this call."""
        import torch  # lazily: the runtime imports no torch at module level

        specs = self.user_inputs
        if len(args) != len(specs) or self._checked_dynamically or not memref.matches_static(specs, args):
            self._check_arguments(args)
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
        results = (ctypes.c_int64 * max(1, self._result_words))()
        if self.signature.outputs:
            slots.insert(0, ctypes.pointer(results))
        # [error slot] last: a pointer to this call's error slot (exir_mlir.runtime.bounds).
        error = ctypes.c_void_p()
        slots.append(ctypes.pointer(error))
        packed = (ctypes.c_void_p * max(1, len(slots)))(*[ctypes.addressof(p) for p in slots])
        self._function(packed)
        if error.value:
            raise_failed_check(error)  # the results were left unset: none is read
        outputs = self._collect_words(self._call_plan(), results, tensor_pointers)
        if self.state is not None:
            outputs = self._write_back(outputs, list(args))
        if returns_numpy:
            return [o if type(o) in (int, float, bool) else o.numpy() for o in outputs]
        return outputs

    def _all_arguments(self, user_args: list) -> list:
        if self.state is None:
            return user_args
        it = iter(user_args)
        return [self.state[s.name] if s.kind in STATE_KINDS else next(it) for s in self.signature.inputs]

    def _write_back(self, outputs: list, user_args: list) -> list:
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
