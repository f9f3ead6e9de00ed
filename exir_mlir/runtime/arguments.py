"""How a call's arguments map to the flat user inputs of an exported program, prepared once per signature.

`ArgumentBinder(in_spec, out_spec, user_inputs)` looks at the exported calling convention once:
when it is "N positional leaves, no keyword arguments" (the common case) a call is bound with a
length check and no pytree work at all; otherwise the call's (args, kwargs) are flattened and
their structure compared with the exported one. A mismatch is one ExirUserError line that says
what the program takes and what the call passed ("expected 2 inputs (x, mask), got 1"), never a
TreeSpec dump. torch is imported lazily (the runtime imports no torch at module level).
"""

from __future__ import annotations

from typing import Any, Sequence

from exir_mlir.errors import ExirUserError


def _is_leaf(spec) -> bool:
    return spec.is_leaf()


def _spec_text(spec, names) -> str:
    """The exported structure of one argument, its leaves named: `x`, `[a, b]`, `{'k': v}`."""
    if _is_leaf(spec):
        return next(names)
    children = [_spec_text(child, names) for child in spec.children()]
    kind = spec.type
    if kind is dict or (isinstance(kind, type) and issubclass(kind, dict)):
        return "{" + ", ".join(f"{key!r}: {child}" for key, child in zip(spec.context, children)) + "}"
    if kind is list:
        return "[" + ", ".join(children) + "]"
    if kind is tuple:
        return "(" + ", ".join(children) + ("," if len(children) == 1 else "") + ")"
    return f"{getattr(kind, '__name__', kind)}(" + ", ".join(children) + ")"


def _value_text(value) -> str:
    """What the call passed, in a few words: `a tensor`, `a list of 2`, `None`."""
    import torch

    if isinstance(value, torch.Tensor):
        return f"a tensor of shape {list(value.shape)}"
    if isinstance(value, (list, tuple)):
        return f"a {type(value).__name__} of {len(value)}"
    if isinstance(value, dict):
        return f"a dict with keys {', '.join(repr(k) for k in value)}" if value else "an empty dict"
    if value is None:
        return "None"
    return f"{type(value).__name__} {value!r}" if isinstance(value, (int, float, bool)) else type(value).__name__


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


class ArgumentBinder:
    """Flattens a call's (args, kwargs) into the program's flat user inputs, and its flat outputs
    back into the exported output structure."""

    def __init__(self, in_spec, out_spec, names: Sequence[str]) -> None:
        self.in_spec = in_spec
        self.out_spec = out_spec
        self.names = list(names)
        args_spec, kwargs_spec = in_spec.children()
        self._args_spec, self._kwargs_spec = args_spec, kwargs_spec
        # The fast path: every user input is a positional argument of its own, no keywords.
        flat = (kwargs_spec.num_leaves == 0 and not kwargs_spec.context
                and all(_is_leaf(c) for c in args_spec.children()))
        self.positional = len(args_spec.children()) if flat else None
        # The fast form of the outputs: one leaf, or a tuple/list of leaves.
        self._out_kind = None
        if _is_leaf(out_spec):
            self._out_kind = "leaf"
        elif out_spec.type in (tuple, list) and all(_is_leaf(c) for c in out_spec.children()):
            self._out_kind = out_spec.type
        # Nested plain dicts, lists and tuples (dict-in/dict-out programs): code built once that takes
        # a call of exactly the exported structure apart, and puts outputs together, without pytree.
        self._flat_fast = _compile_flattener(in_spec)
        self._unflat_fast = _compile_unflattener(out_spec)

    @property
    def has_fast_outputs(self) -> bool:
        """The outputs are one leaf or a tuple/list of leaves: unflatten needs no pytree."""
        return self._out_kind is not None

    def flatten(self, args: tuple, kwargs: dict) -> list:
        if self.positional is not None and not kwargs and len(args) == self.positional:
            for value in args:  # a list or dict where a tensor was exported
                if type(value) in (list, tuple, dict):
                    raise ExirUserError(self.mismatch(args, kwargs))
            return list(args)
        if self._flat_fast is not None:
            flat = self._flat_fast(args, kwargs)
            if flat is not None:
                return flat
        import torch.utils._pytree as pytree

        flat, spec = pytree.tree_flatten((args, kwargs))
        if spec != self.in_spec:
            raise ExirUserError(self.mismatch(args, kwargs))
        return flat

    def unflatten(self, outputs: list) -> Any:
        kind = self._out_kind
        if kind == "leaf":
            return outputs[0]
        if kind is tuple:
            return tuple(outputs)
        if kind is list:
            return list(outputs)
        if self._unflat_fast is not None:
            return self._unflat_fast(outputs)
        import torch.utils._pytree as pytree

        return pytree.tree_unflatten(outputs, self.out_spec)

    def expected_text(self) -> str:
        names = iter(self.names)
        positional = [_spec_text(c, names) for c in self._args_spec.children()]
        keywords = [f"{key}={_spec_text(c, names)}"
                    for key, c in zip(self._kwargs_spec.context or [], self._kwargs_spec.children())]
        return ", ".join(positional + keywords)

    def mismatch(self, args: tuple, kwargs: dict) -> str:
        """One line: what the program takes and how the call differs."""
        import torch.utils._pytree as pytree

        expected = self.expected_text()
        arg_specs = self._args_spec.children()
        keys = list(self._kwargs_spec.context or [])
        if self.positional is not None and not kwargs and len(args) != self.positional:
            return f"expected {_plural(self.positional, 'input')} ({expected}), got {len(args)}"
        if self.positional is not None and kwargs:
            return (f"expected {_plural(self.positional, 'input')} ({expected}) passed by position, got "
                    f"{len(args)} and keyword argument{'s' if len(kwargs) > 1 else ''} "
                    f"{', '.join(repr(k) for k in kwargs)}: the program was exported with positional "
                    "arguments only")
        if len(args) != len(arg_specs):
            return (f"expected {_plural(len(arg_specs), 'positional argument')}"
                    f"{' and keyword arguments ' + ', '.join(keys) if keys else ''} ({expected}), "
                    f"got {len(args)} positional")
        unexpected = [k for k in kwargs if k not in keys]
        missing = [k for k in keys if k not in kwargs]
        if unexpected or missing:
            parts = []
            if unexpected:
                parts.append(f"unexpected keyword argument{'s' if len(unexpected) > 1 else ''} "
                             f"{', '.join(repr(k) for k in unexpected)}")
            if missing:
                parts.append(f"missing keyword argument{'s' if len(missing) > 1 else ''} "
                             f"{', '.join(repr(k) for k in missing)}")
            return f"{'; '.join(parts)}: the program takes ({expected})"
        names = iter(self.names)
        places = [(f"argument {i}", value, spec) for i, (value, spec) in enumerate(zip(args, arg_specs))]
        places += [(f"keyword argument '{k}'", kwargs[k], spec) for k, spec in zip(keys, self._kwargs_spec.children())]
        for where, value, spec in places:
            wanted = _spec_text(spec, names)
            if pytree.tree_structure(value) != spec:
                shape = "a tensor or number" if _is_leaf(spec) else f"{type_name(spec)} {wanted}"
                return f"{where} ({wanted}) must be {shape}, got {_value_text(value)}: the program takes ({expected})"
        return f"the arguments do not have the structure the program was exported with ({expected})"


def type_name(spec) -> str:
    kind = spec.type
    return {list: "a list", tuple: "a tuple", dict: "a dict"}.get(kind, getattr(kind, "__name__", str(kind)))


_CONTAINERS = (dict, list, tuple)


def _plain(spec) -> bool:
    """Only plain dicts, lists and tuples above the leaves (no namedtuple, OrderedDict, dataclass)."""
    return _is_leaf(spec) or (spec.type in _CONTAINERS and all(_plain(c) for c in spec.children()))


def _compile_flattener(in_spec):
    """fn(args, kwargs) -> the flat leaves when the call has exactly the structure of `in_spec`
    (same container types, lengths, keys in the same order, no container where a leaf was
    exported), else None: pytree then decides (and explains a mismatch)."""
    if not _plain(in_spec):
        return None
    import torch.utils._pytree as pytree

    namespace = {"NODES": pytree.SUPPORTED_NODES}
    lines, leaves = [], []

    def visit(spec, expr: str) -> None:
        if _is_leaf(spec):
            leaves.append(expr)
            lines.append(f"    if type({expr}) in NODES: return None")
            return
        kind = spec.type
        children = spec.children()
        lines.append(f"    if type({expr}) is not {kind.__name__} or len({expr}) != {len(children)}: return None")
        if kind is dict:
            keys = f"K{len(namespace)}"
            namespace[keys] = list(spec.context)
            lines.append(f"    if list({expr}) != {keys}: return None")
            for i, child in enumerate(children):
                visit(child, f"{expr}[{keys}[{i}]]")
        else:
            for i, child in enumerate(children):
                visit(child, f"{expr}[{i}]")

    args_spec, kwargs_spec = in_spec.children()
    visit(args_spec, "args")
    visit(kwargs_spec, "kwargs")
    source = "def flatten(args, kwargs):\n" + "\n".join(lines) + f"\n    return [{', '.join(leaves)}]\n"
    exec(compile(source, "<exir-mlir argument flattener>", "exec"), namespace)  # noqa: S102
    return namespace["flatten"]


def _compile_unflattener(out_spec):
    """fn(flat outputs) -> the exported output structure, for plain containers; else None."""
    if not _plain(out_spec):
        return None
    namespace: dict = {}
    counter = iter(range(out_spec.num_leaves))

    def build(spec) -> str:
        if _is_leaf(spec):
            return f"o[{next(counter)}]"
        children = [build(c) for c in spec.children()]
        if spec.type is dict:
            keys = f"K{len(namespace)}"
            namespace[keys] = list(spec.context)
            return "{" + ", ".join(f"{keys}[{i}]: {c}" for i, c in enumerate(children)) + "}"
        if spec.type is list:
            return "[" + ", ".join(children) + "]"
        return "(" + "".join(f"{c}, " for c in children) + ")"

    source = f"def unflatten(o):\n    return {build(out_spec)}\n"
    exec(compile(source, "<exir-mlir output builder>", "exec"), namespace)  # noqa: S102
    return namespace["unflatten"]
