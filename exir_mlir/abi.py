"""The calling convention of a compiled entry function: its signature, shared by codegen and runtime.

codegen reads it from the entry function's types and exir.* attributes (docs/ir-conventions.md);
the runtime binds, checks and returns values by it; the disk cache stores it as JSON. Plain data:
no torch or MLIR import at module level.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

# MLIR element types (as printed) that have a torch dtype; memory layouts agree (i1: one byte).
ELEMENT_TYPES = ("f16", "bf16", "f32", "f64", "i1", "i8", "ui8", "i16", "i32", "i64", "complex<f32>", "complex<f64>",
                 "ui16", "ui32", "ui64")

# Scalar argument types -> the ctypes type their value is stored as for the packed call.
SCALAR_CTYPES = {"i1": "c_bool", "i8": "c_int8", "i16": "c_int16", "i32": "c_int32", "i64": "c_int64",
                 "index": "c_int64", "f32": "c_float", "f64": "c_double"}


@functools.cache
def _torch_dtypes() -> dict:
    import torch  # lazily: the loader of compiled code may run where torch is not installed

    return dict(zip(ELEMENT_TYPES, (
        torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.bool, torch.int8, torch.uint8,
        torch.int16, torch.int32, torch.int64, torch.complex64, torch.complex128, torch.uint16, torch.uint32,
        torch.uint64)))


def torch_dtype(element: str):
    """The torch dtype of an MLIR element type in ELEMENT_TYPES."""
    return _torch_dtypes()[element]


@dataclass(frozen=True)
class TensorSpec:
    """One tensor argument or result of the entry function."""

    index: int
    element: str  # MLIR element type, e.g. "f32"
    shape: tuple[int | None, ...]  # None where dynamic
    sym_shape: tuple[str, ...] | None  # exir.sym_shape, one expression per dim
    kind: str  # exir.input_kind / exir.output_kind ("user_input" when absent)
    name: str  # exir.name / exir.target, or "arg<i>" / "result<i>"
    # An argument: an integer/float/index (a SymInt), not a tensor. A result: a 0-d tensor the program
    # returns as a Python int/float/bool (exir.scalar_output), which the runtime gives back as such.
    scalar: bool = False

    @property
    def dtype(self):
        """The torch dtype of the elements."""
        return torch_dtype(self.element)

    @property
    def rank(self) -> int:
        return len(self.shape)


# The argument kind of a value the init function computed from the state (codegen.hoist_state):
# bound from the program's state like a parameter, under the name the init function's results have.
HOISTED_KIND = "hoisted"


@dataclass(frozen=True)
class Initializer:
    """The function that computes, once, what the entry function reads of its state (codegen.hoist_state).

    `arguments`: the names of the state inputs it takes, in order; `results`: the names of the
    entry function's HOISTED_KIND inputs it returns, in order."""

    entry: str
    arguments: list[str]
    results: list[str]


@dataclass
class Signature:
    """What `CompiledProgram` needs to know to bind, check and return values."""

    inputs: list[TensorSpec]
    outputs: list[TensorSpec]
    ranges: dict[str, tuple[int, int | None]] = field(default_factory=dict)  # symbol -> [min, max]
    # Groups of user-input dims that must be equal, as the importer writes them: "x.size(0)".
    equalities: list[list[str]] = field(default_factory=list)
    init: Initializer | None = None

    def to_json(self) -> dict:
        return {
            "inputs": [s.__dict__ for s in self.inputs],
            "outputs": [s.__dict__ for s in self.outputs],
            "ranges": {k: list(v) for k, v in self.ranges.items()},
            "equalities": self.equalities,
            "init": self.init.__dict__ if self.init is not None else None,
        }

    def init_signature(self) -> "Signature":
        """The init function's own signature: the state it takes, the values it returns."""
        by_name = {s.name: s for s in self.inputs}
        inputs = [TensorSpec(**{**by_name[n].__dict__, "index": i}) for i, n in enumerate(self.init.arguments)]
        outputs = [TensorSpec(**{**by_name[n].__dict__, "index": i, "kind": "user_output"})
                   for i, n in enumerate(self.init.results)]
        return Signature(inputs=inputs, outputs=outputs)

    @classmethod
    def from_json(cls, data: dict) -> "Signature":
        def spec(d):
            return TensorSpec(**{**d, "shape": tuple(d["shape"]), "sym_shape": tuple(d["sym_shape"]) if d["sym_shape"] else None})

        return cls(
            inputs=[spec(d) for d in data["inputs"]],
            outputs=[spec(d) for d in data["outputs"]],
            ranges={k: (v[0], v[1]) for k, v in data["ranges"].items()},
            equalities=data["equalities"],
            init=Initializer(**data["init"]) if data.get("init") else None,
        )
