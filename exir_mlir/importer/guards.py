"""The conditions torch.export assumed about input sizes beyond each dim's range, as a fast check.

`ep._guards_code` holds the shape guards the tracer recorded (`x.size()[1] % 3 == 0` for
`tensor_split(x, 3, dim=1)`, `(s0 // 3) != 1`, ...): Python expressions over the inputs that
`ep.module()` asserts before running. The compiled code is only right where they hold: with
`x` of 7 columns, `tensor_split(x, 3, dim=1)[0]` compiled at 6 columns returns 2 columns where
eager returns 3. The range constraints and dim equalities do not say this, so the runtime checks
these guards too.

torch's own check (`ep.module()._guards_fn`) costs ~30 us a call (a module call and one
`torch._assert` per guard); this builds the same expressions into one plain function over the
call's flat user inputs, which costs a few microseconds, and is built only when there are guards.
"""

from __future__ import annotations

import inspect
import math
import re
from typing import Callable, Sequence

import torch
import torch.utils._pytree as pytree

from exir_mlir.errors import ExirUserError

GuardCheck = Callable[[Sequence], None]


def guard_sources(ep: torch.export.ExportedProgram) -> list[tuple[str, str]]:
    """(code over `args[i]`, the guard as the user reads it) for each guard, as torch's ep.module() builds them."""
    from torch.export import _unlift

    signature = inspect.signature(ep.module().forward)
    paths = _unlift._get_input_paths(ep.example_inputs, signature)
    code = _unlift._force_gm_signature_match(_unlift._force_ep_signature_match(ep._guards_code, paths), signature)
    out = []
    for guard in code:
        actual, shown = guard, guard
        for index, path in enumerate(paths):
            actual = actual.replace("L" + pytree.keystr(path), f"args[{index}]")
            shown = shown.replace("L" + pytree.keystr(path), path[0].key + pytree.keystr(path[1:]))
        out.append((actual, " ".join(shown.split())))
    return out


# A guard that two input dims are equal: `args[0].size()[1] == args[1].size()[1]`.
_DIM_EQUALITY = re.compile(r"^args\[(\d+)\]\.size\(\)\[(\d+)\] == args\[(\d+)\]\.size\(\)\[(\d+)\]$")


def equal_dims(code: str) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """((input, dim), (input, dim)) of a guard that only says two dims of the flat user inputs are
    equal; None for any other guard."""
    match = _DIM_EQUALITY.match(code.strip())
    if match is None:
        return None
    i, d, j, e = (int(g) for g in match.groups())
    return (i, d), (j, e)


def export_guards(ep: torch.export.ExportedProgram,
                  implied: Callable[[str], bool] | None = None) -> GuardCheck | None:
    """A function raising ExirUserError when a call's flat user inputs break one of `ep`'s shape
    guards; None when `ep` has none (or none whose inputs can be named). A guard whose code
    `implied` says the call's own checks already enforce (each call refuses inputs that break it)
    is left out."""
    if not getattr(ep, "_guards_code", None) or ep.example_inputs is None:
        return None
    from torch.fx.experimental.symbolic_shapes import SYMPY_INTERP

    guards = [g for g in guard_sources(ep) if implied is None or not implied(g[0])]
    if not guards:
        return None
    namespace = {**SYMPY_INTERP, "math": math, "inf": float("inf")}
    conditions = [eval(f"lambda args: {actual}", namespace) for actual, _ in guards]  # noqa: S307 - torch's own guard code
    all_hold = eval("lambda args: " + " and ".join(f"({actual})" for actual, _ in guards), namespace)  # noqa: S307

    def check(args: Sequence) -> None:
        if all_hold(args):
            return
        for condition, (_, shown) in zip(conditions, guards):
            if not condition(args):
                raise ExirUserError(
                    f"the inputs break a condition the program was exported under: {shown}; the compiled "
                    "code is only valid where it holds (torch.export recorded it from the code). Pass sizes "
                    "that satisfy it, or export with example inputs and dynamic_shapes that do not need it")

    return check
