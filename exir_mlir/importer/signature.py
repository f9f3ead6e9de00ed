"""The program signature: InputSpec/OutputSpec kinds -> function arguments, results and their attrs."""

from __future__ import annotations

from dataclasses import dataclass

import torch
import torch.fx
from torch.export.graph_signature import ConstantArgument, InputKind, OutputKind

from exir_mlir.errors import ExirUserError

# docs/ir-conventions.md "Program signature": the spelling of each kind in the IR.
INPUT_KIND_NAMES = {
    InputKind.USER_INPUT: "user_input",
    InputKind.PARAMETER: "parameter",
    InputKind.BUFFER: "buffer",
    InputKind.CONSTANT_TENSOR: "constant_tensor",
}
OUTPUT_KIND_NAMES = {
    OutputKind.USER_OUTPUT: "user_output",
    OutputKind.BUFFER_MUTATION: "buffer_mutation",
    OutputKind.USER_INPUT_MUTATION: "user_input_mutation",
    OutputKind.PARAMETER_MUTATION: "parameter_mutation",
}

# What to tell the user for the kinds exir has no representation for.
_UNSUPPORTED_INPUTS = {
    InputKind.CUSTOM_OBJ: "a custom (TorchBind) object; exir programs take only tensors and numbers",
    InputKind.TOKEN: "an effect token (from an op with side effects such as print or a custom "
    "effectful op); remove the side effect from the exported forward",
}
_UNSUPPORTED_OUTPUTS = {
    OutputKind.LOSS_OUTPUT: "a training loss output; export the inference forward instead",
    OutputKind.GRADIENT_TO_PARAMETER: "a gradient (joint training graph); export the inference forward",
    OutputKind.GRADIENT_TO_USER_INPUT: "a gradient (joint training graph); export the inference forward",
    OutputKind.TOKEN: "an effect token (from an op with side effects); remove the side effect",
}


@dataclass
class ProgramInput:
    """One placeholder of the program with what the signature says about it."""

    node: torch.fx.Node
    kind: str  # INPUT_KIND_NAMES value
    name: str  # state_dict / constant name for weights, the user's argument name otherwise
    persistent: bool | None = None  # buffers only
    value: torch.Tensor | None = None  # the tensor of a parameter, buffer or constant
    # A user input export specialized (ConstantArgument: an int/float/bool/str/None baked into
    # the graph) holds `(value,)`; it is not a function argument.
    specialized: tuple | None = None

    @property
    def is_weight(self) -> bool:
        return self.kind in ("parameter", "buffer", "constant_tensor")


@dataclass
class ProgramOutput:
    """One output of the program: a node (or a constant) and its kind."""

    value: object  # torch.fx.Node, or a Python constant/None the graph returns
    kind: str  # OUTPUT_KIND_NAMES value
    target: str | None  # the buffer / parameter / input name a mutation writes


def unsupported_input_reason(kind: InputKind) -> str | None:
    return _UNSUPPORTED_INPUTS.get(kind)


def unsupported_output_reason(kind: OutputKind) -> str | None:
    return _UNSUPPORTED_OUTPUTS.get(kind)


def _weight_value(ep: torch.export.ExportedProgram, spec) -> torch.Tensor | None:
    if spec.kind == InputKind.CONSTANT_TENSOR or (spec.kind == InputKind.BUFFER and spec.persistent is False):
        # Non-persistent buffers and lifted constants are not in the state_dict.
        value = ep.constants.get(spec.target)
    else:
        value = ep.state_dict.get(spec.target)
    return value


def program_inputs(ep: torch.export.ExportedProgram) -> list[ProgramInput]:
    """The placeholders of `ep` in order, classified by the graph signature.

    Raises ExirUserError for input kinds exir cannot represent (custom objects, effect tokens).
    """
    placeholders = [n for n in ep.graph.nodes if n.op == "placeholder"]
    specs = ep.graph_signature.input_specs
    if len(placeholders) != len(specs):
        raise ExirUserError(
            f"the program has {len(placeholders)} placeholders but its signature lists {len(specs)} "
            "inputs; the ExportedProgram is inconsistent (was its graph edited by hand?)"
        )
    inputs = []
    for node, spec in zip(placeholders, specs):
        reason = _UNSUPPORTED_INPUTS.get(spec.kind)
        if reason is not None:
            raise ExirUserError(f"input '{node.name}' is {reason}")
        kind = INPUT_KIND_NAMES[spec.kind]
        if spec.kind == InputKind.USER_INPUT:
            arg = spec.arg
            specialized = (arg.value,) if isinstance(arg, ConstantArgument) else None
            inputs.append(ProgramInput(node, kind, arg.name, specialized=specialized))
            continue
        value = _weight_value(ep, spec)
        if value is None:
            raise ExirUserError(
                f"{kind} '{spec.target}' (input '{node.name}') has no value in the program's "
                "state_dict or constants"
            )
        if not isinstance(value, torch.Tensor):
            raise ExirUserError(f"{kind} '{spec.target}' is a {type(value).__name__}, not a tensor")
        persistent = spec.persistent if spec.kind == InputKind.BUFFER else None
        inputs.append(ProgramInput(node, kind, spec.target, persistent=persistent, value=value))
    return inputs


def program_outputs(ep: torch.export.ExportedProgram) -> list[ProgramOutput]:
    """The values the output node returns, with the signature's kind and mutation target."""
    output_node = next(n for n in reversed(ep.graph.nodes) if n.op == "output")
    values = list(output_node.args[0])
    specs = ep.graph_signature.output_specs
    if len(values) != len(specs):
        raise ExirUserError(
            f"the program returns {len(values)} values but its signature lists {len(specs)} outputs"
        )
    outputs = []
    for value, spec in zip(values, specs):
        reason = _UNSUPPORTED_OUTPUTS.get(spec.kind)
        if reason is not None:
            raise ExirUserError(f"output '{spec.arg.name}' is {reason}")
        target = spec.target if spec.kind != OutputKind.USER_OUTPUT else None
        outputs.append(ProgramOutput(value, OUTPUT_KIND_NAMES[spec.kind], target))
    return outputs
