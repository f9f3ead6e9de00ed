"""The registry of example models the project ships: name -> factory of (module, args, dynamic_shapes)."""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

import torch


class ExampleModel(NamedTuple):
    """A model ready for `torch.export.export(module, example_args, dynamic_shapes=...)`."""

    module: torch.nn.Module
    example_args: tuple[Any, ...]
    dynamic_shapes: Any  # None, or the `dynamic_shapes` argument of torch.export.export


MODELS: dict[str, Callable[[], ExampleModel]] = {}

# name -> (rtol, atol) against eager where the f32 default (1e-4, 1e-5) is not the right bar
# (PT2E int8 models: eager's reference rounds in f32 where the compiled program sums integers).
TOLERANCES: dict[str, tuple[float, float]] = {}
DEFAULT_TOLERANCE = (1e-4, 1e-5)


def register_tolerance(name: str, *, rtol: float, atol: float) -> None:
    TOLERANCES[name] = (rtol, atol)


def tolerance(name: str) -> tuple[float, float]:
    """(rtol, atol) a shipped model's compiled output must meet against eager."""
    return TOLERANCES.get(name, DEFAULT_TOLERANCE)


def register_model(name: str) -> Callable[[Callable[[], ExampleModel]], Callable[[], ExampleModel]]:
    """Decorator adding a factory to MODELS under `name` (names are unique)."""

    def add(factory: Callable[[], ExampleModel]) -> Callable[[], ExampleModel]:
        if name in MODELS:
            raise ValueError(f"example model {name!r} is registered twice")
        MODELS[name] = factory
        return factory

    return add


def export_model(name: str, **export_kwargs: Any) -> torch.export.ExportedProgram:
    """torch.export.export of a registered model (its module, example inputs and dynamic shapes)."""
    if name not in MODELS:
        known = ", ".join(sorted(MODELS))
        raise KeyError(f"unknown example model {name!r}; known: {known}")
    module, args, dynamic_shapes = MODELS[name]()
    return torch.export.export(module, args, dynamic_shapes=dynamic_shapes, **export_kwargs)


def seeded(seed: int = 0) -> torch.Generator:
    """Seeds torch's global RNG so factories build the same weights and inputs every time."""
    return torch.manual_seed(seed)
