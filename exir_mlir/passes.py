"""Registry of exir-mlir's Python passes, and a pipeline builder that mixes them with upstream ones."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from exir_mlir._mlir import ir, passmanager
from exir_mlir.errors import ExirUserError


@dataclass(frozen=True)
class PassOption:
    """A typed option of a pass, written `name=value` inside `pass-name{...}` in a pipeline."""

    type: type  # bool, int, float or str
    default: Any
    help: str


@dataclass(frozen=True)
class PassInfo:
    """A pass written in Python: `run(module_op, **options)` rewrites the module in place.

    `run` reports failures by emitting errors at the offending op's location and raising
    `PassFailure`; the pipeline then fails with those diagnostics.
    """

    name: str
    run: Callable[..., None]
    description: str
    options: dict[str, PassOption] = field(default_factory=dict)
    # Upstream pipelines the pass runs inside itself whose passes load dialects or extensions
    # (gpu-lower-to-nvvm-pipeline): build_pass_manager runs each once on an empty module first,
    # because a context cannot take new dialects while a multi-threaded pipeline runs.
    preload: tuple[str, ...] = ()


class PassFailure(Exception):
    """Raised by a Python pass after it has emitted its diagnostics."""


# Filled by the modules that define passes when they are imported (exir_mlir.lowering,
# exir_mlir.codegen); this module imports none of them: layers import downward only.
_REGISTRY: dict[str, PassInfo] = {}


def register_pass(
    name: str,
    run: Callable[..., None],
    *,
    description: str,
    options: dict[str, PassOption] | None = None,
    preload: tuple[str, ...] = (),
) -> PassInfo:
    """Register a Python pass under a kebab-case `name` (as it appears in `--pass-pipeline`)."""
    if name in _REGISTRY and _REGISTRY[name].run is not run:
        raise ValueError(f"pass {name!r} is registered twice")
    info = PassInfo(name, run, description, dict(options or {}), tuple(preload))
    _REGISTRY[name] = info
    return info


def registered_passes() -> dict[str, PassInfo]:
    """The passes registered so far (by the modules imported so far), by name."""
    return dict(sorted(_REGISTRY.items()))


def _parse_options(info: PassInfo, text: str) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for item in text.split():
        key, sep, raw = item.partition("=")
        if key not in info.options:
            known = ", ".join(info.options) or "none"
            raise ExirUserError(f"pass '{info.name}' has no option '{key}' (options: {known})")
        opt = info.options[key]
        if opt.type is bool:
            if not sep or raw in ("true", "1"):
                values[key.replace("-", "_")] = True
            elif raw in ("false", "0"):
                values[key.replace("-", "_")] = False
            else:
                raise ExirUserError(f"option '{key}' of pass '{info.name}' takes true or false, not '{raw}'")
        else:
            try:
                values[key.replace("-", "_")] = opt.type(raw)
            except ValueError:
                raise ExirUserError(
                    f"option '{key}' of pass '{info.name}' takes a {opt.type.__name__}, not '{raw}'"
                ) from None
    return values


def _split_top_level(text: str) -> list[str]:
    """Split `a,b{x=1},func.func(c,d)` at the commas that are not nested in () or {}."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "({":
            depth += 1
        elif ch in ")}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    parts.append(text[start:].strip())
    return [p for p in parts if p]


def _python_pass_callable(info: PassInfo, options: dict[str, Any]):
    def run(op: ir.Operation, pass_) -> None:
        try:
            info.run(op, **options)
        except PassFailure:
            pass_.signal_pass_failure()

    run.__name__ = info.name
    return run


def build_pass_manager(pipeline: str, context: ir.Context | None = None) -> passmanager.PassManager:
    """A PassManager for a textual pipeline in which registered Python passes may appear.

    Python passes run on the top-level module, so they may appear only at the top level of
    `builtin.module(...)`; upstream passes may nest as usual (`func.func(cse)`).
    """
    text = pipeline.strip()
    if text.startswith("builtin.module(") and text.endswith(")"):
        text = text[len("builtin.module(") : -1]
    registry = registered_passes()
    pm = passmanager.PassManager("builtin.module", context=context)
    for element in _split_top_level(text):
        name, _, rest = element.partition("{")
        name = name.strip()
        if name in registry:
            info = registry[name]
            options = _parse_options(info, rest[:-1] if rest.endswith("}") else rest)
            for upstream in info.preload:
                ctx = context or ir.Context.current
                empty = ir.Module.create(loc=ir.Location.unknown(context=ctx))
                passmanager.PassManager.parse(upstream, context=ctx).run(empty.operation)
            pm.add(_python_pass_callable(info, options), name=info.name, argument=info.name,
                   description=info.description)
            continue
        for nested in registry:
            if f"({nested}" in element or f",{nested}" in element:
                raise ExirUserError(
                    f"pass '{nested}' runs on the whole module: put it at the top level of the pipeline"
                )
        try:
            pm.add(element)
        except ValueError as e:
            raise ExirUserError(f"cannot parse pipeline element '{element}': {e}") from None
    return pm
