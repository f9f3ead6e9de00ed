"""aten-to-edge for random ops (`rand`, `randn`, `randperm`; `bernoulli` decomposes to `rand`):
not lowered yet, a clear error saying what to do.

Bits of a compiled random op cannot match eager's generator; a lowering needs a seed rule (see
README, "Random ops") and a statistical test, which are not done. Until then each op is refused at
the user's line. Dropout in training mode is refused by view.py's native_dropout pattern.
"""

from __future__ import annotations

from ..conversion import PatternTable
from ..ir_utils import Unsupported

FAMILY = "random"


def _refuse(name: str):
    def pattern(op):
        raise Unsupported(f"'{name}' draws random numbers, which exir-mlir does not compile yet. What to do: "
                          "draw the tensor with torch in eager and pass it in as an input of the program "
                          "(for dropout, export the model in eval mode)")

    return pattern


# Non-core random ops reach aten-to-edge as fallback calls when torch has no decomposition.
_RANDOM_CALLS = ("aten::randn_like", "aten::rand_like", "aten::randint", "aten::randint_like",
                 "aten::normal.Tensor_float", "aten::normal.float_Tensor", "aten::normal.Tensor_Tensor",
                 "aten::normal_functional", "aten::uniform", "aten::bernoulli", "aten::bernoulli.p",
                 "aten::multinomial")


def _refuse_call(name: str):
    refuse = _refuse(name)
    return lambda c: refuse(c.op)


FALLBACK_DECOMPOSITIONS = {name: _refuse_call(name) for name in _RANDOM_CALLS}


def populate_random_patterns(table: PatternTable) -> None:
    for name in ("rand", "randn", "randperm"):
        table.add(f"exir.{name}", _refuse(f"aten::{name}"), family=FAMILY)
