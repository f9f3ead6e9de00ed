"""Checks of a call's inputs against the entry function's signature, before anything runs.

torch is imported by the functions that look at tensors (the runtime imports no torch at module level).
"""

from __future__ import annotations

import functools
import re

import numpy as np

from exir_mlir.abi import Signature, TensorSpec
from exir_mlir.errors import ExirUserError

_DIM_REF = re.compile(r"(.+)\.size\((\d+)\)")


@functools.cache
def _expression(text: str):
    import sympy

    return sympy.sympify(text)


def _dtype_of(value):
    import torch

    if isinstance(value, torch.Tensor):
        return value.dtype
    return torch.from_numpy(np.empty(0, dtype=value.dtype)).dtype


def _check_scalar(spec: TensorSpec, value, who: str) -> None:
    import torch

    if isinstance(value, (torch.Tensor, np.ndarray)):
        if value.ndim != 0:
            raise ExirUserError(f"{who} is a scalar ({spec.element}); got a tensor of shape {list(value.shape)}")
        value = value.item()
    is_float = spec.element.startswith("f")
    if isinstance(value, bool) and spec.element != "i1":
        raise ExirUserError(f"{who} takes a {spec.element} number, got a bool")
    if not isinstance(value, (int, float, np.number)) or (not is_float and isinstance(value, (float, np.floating))):
        raise ExirUserError(f"{who} takes {'a float' if is_float else 'an int'} ({spec.element}), got {value!r}")


def _range_text(low: int, high: int | None) -> str:
    return f"[{low}, {high if high is not None else 'inf'}]"


def check_inputs(signature: Signature, specs: list[TensorSpec], values: list) -> None:
    """Raise ExirUserError naming the input, dim, value and range for anything the program cannot take."""
    import torch

    bound: dict[str, tuple[int, str]] = {}  # symbol -> (value, "input 'x' dim 0")
    # Positions among the values the caller passed (parameters bound from state are not counted).
    position = {spec.name: i for i, spec in enumerate(specs)}
    for spec, value in zip(specs, values):
        who = f"input '{spec.name}' (argument {position[spec.name]})"
        if spec.scalar:
            _check_scalar(spec, value, who)
            continue
        if isinstance(value, torch.Tensor):
            if value.device.type != "cpu":
                raise ExirUserError(f"{who} is on device '{value.device}'; this program runs on the CPU: pass a CPU tensor")
        elif not isinstance(value, np.ndarray):
            raise ExirUserError(f"{who} must be a torch.Tensor or numpy array, got {type(value).__name__}")
        dtype = _dtype_of(value)
        if dtype != spec.dtype:
            raise ExirUserError(f"{who} has dtype {dtype}, but the program was compiled for {spec.dtype}")
        shape = tuple(value.shape)
        if len(shape) != spec.rank:
            raise ExirUserError(f"{who} has rank {len(shape)} (shape {list(shape)}), expected rank {spec.rank}")
        for d, (size, static) in enumerate(zip(shape, spec.shape)):
            if static is not None and size != static:
                raise ExirUserError(f"{who} dim {d} has size {size}, but the program was compiled for size {static}")
            sym = spec.sym_shape[d] if spec.sym_shape else None
            if sym is None or sym.lstrip("-").isdigit():
                continue
            if sym in signature.ranges or sym.isidentifier():
                low, high = signature.ranges.get(sym, (0, None))
                if size < low or (high is not None and size > high):
                    raise ExirUserError(
                        f"{who} dim {d} has size {size}, outside the range {_range_text(low, high)} of '{sym}' "
                        "the program was exported with"
                    )
                if sym in bound and bound[sym][0] != size:
                    raise ExirUserError(
                        f"{who} dim {d} has size {size}, but {bound[sym][1]} has size {bound[sym][0]} "
                        f"and both are '{sym}'"
                    )
                bound.setdefault(sym, (size, f"{who} dim {d}"))
    by_name = {spec.name: (spec, value) for spec, value in zip(specs, values) if not spec.scalar}
    for group in signature.equalities:
        sizes = []
        for ref in group:
            match = _DIM_REF.fullmatch(ref.strip())
            if match is None or match.group(1) not in by_name:
                continue  # a dim of an input bound from state, or a form we do not know
            spec, value = by_name[match.group(1)]
            dim = int(match.group(2))
            if dim < len(value.shape):
                sizes.append((f"input '{spec.name}' (argument {position[spec.name]}) dim {dim}", value.shape[dim]))
        if len({size for _, size in sizes}) > 1:
            details = ", ".join(f"{where} has size {size}" for where, size in sizes)
            raise ExirUserError(f"dims that the program was exported with as equal differ: {details}")
    # Derived dims ("s0 + 1", "2*s0") once their symbols are known.
    values_of = {s: v for s, (v, _) in bound.items()}
    for spec, value in zip(specs, values):
        if spec.scalar or not spec.sym_shape:
            continue
        for d, sym in enumerate(spec.sym_shape):
            if sym.lstrip("-").isdigit() or sym.isidentifier():
                continue
            expr = _expression(sym)
            names = {str(s) for s in expr.free_symbols}
            if not names <= values_of.keys():
                continue
            expected = int(expr.subs(values_of))
            if value.shape[d] != expected:
                raise ExirUserError(
                    f"input '{spec.name}' (argument {position[spec.name]}) dim {d} has size {value.shape[d]}, but it must be "
                    f"{sym} = {expected} given {', '.join(f'{n}={values_of[n]}' for n in sorted(names))}"
                )
