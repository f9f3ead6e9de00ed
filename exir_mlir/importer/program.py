"""import_program: ExportedProgram -> MLIR module with func.func @main in the exir dialect."""

from __future__ import annotations

import torch
import torch.fx

from exir_mlir._mlir import func, ir
from exir_mlir.dialects import load_dialects, verify_module
from exir_mlir.errors import ExirInternalError, ExirUserError
from exir_mlir.importer import control_flow  # noqa: F401  (registers the cond/while_loop builders)
from exir_mlir.importer import ops
from exir_mlir.importer.graph import GraphImporter, ImportState, node_error
from exir_mlir.importer.literals import constant_attr
from exir_mlir.importer.signature import ProgramInput, ProgramOutput, program_inputs, program_outputs
from exir_mlir.importer.symbolic import (
    SymbolNames,
    dim_equalities,
    has_symbolic_dims,
    range_constraints_attr,
    shape_attr,
)
from exir_mlir.importer.types import element_type, is_supported_dtype, sparse_layout_message, type_of_value


def _all_graphs(gm: torch.fx.GraphModule):
    yield gm.graph
    for child in gm.children():
        if isinstance(child, torch.fx.GraphModule):
            yield from _all_graphs(child)


def mutates_in_place(ep: torch.export.ExportedProgram) -> bool:
    """Whether any graph of the program calls an op that writes one of its arguments."""
    for graph in _all_graphs(ep.graph_module):
        for node in graph.nodes:
            if node.op == "call_function" and isinstance(node.target, torch._ops.OpOverload):
                if node.target._schema.is_mutable:
                    return True
    return False


def functional_program(ep: torch.export.ExportedProgram) -> torch.export.ExportedProgram:
    """The program itself, or, when it mutates in place (training IR), torch's functionalization
    of it: run_decompositions with an empty table decomposes nothing, it only moves the writes
    into the signature as *_MUTATION outputs."""
    if not mutates_in_place(ep):
        return ep
    return ep.run_decompositions({})


def check_dtypes(ep: torch.export.ExportedProgram) -> None:
    """Rejects the first value (in program order, branches included) whose dtype exir lacks, or
    whose layout is sparse, naming its node and source line: function types are built before the
    nodes are visited."""
    for graph in _all_graphs(ep.graph_module):
        for node in graph.nodes:
            val = node.meta.get("val")
            for v in val if isinstance(val, (list, tuple)) else [val]:
                if isinstance(v, torch.Tensor) and v.layout != torch.strided:
                    raise node_error(node, sparse_layout_message(v.layout))
                if isinstance(v, torch.Tensor) and not is_supported_dtype(v.dtype):
                    try:
                        element_type(v.dtype)
                    except ExirUserError as e:
                        raise node_error(node, str(e)) from None


def _check_nothing_frozen_is_mutated(outputs: list[ProgramOutput]) -> None:
    # A frozen buffer is a constant: the next call would not see this call's write.
    mutated = [o.target for o in outputs if o.kind in ("buffer_mutation", "parameter_mutation")]
    if mutated:
        raise ExirUserError(
            f"the program writes {', '.join(repr(t) for t in mutated)} on every call, so its weights cannot be "
            "frozen into the module; import with freeze_weights=False (they stay function arguments)"
        )


def _input_type(inp: ProgramInput) -> ir.Type:
    return type_of_value(inp.node.meta.get("val"))


def _specialized_inputs_attr(inputs: list[ProgramInput]) -> ir.DictAttr | None:
    """`exir.specialized_inputs = {n = 3 : i64, mode = "a", bias = unit}` (unit: None): the user
    inputs export baked into the program, which the caller must pass with exactly these values."""
    entries = {}
    for inp in inputs:
        if inp.specialized is None:
            continue
        (value,) = inp.specialized
        attr = constant_attr(value) if isinstance(value, (bool, int, float, str)) else None
        if value is not None and attr is None:
            raise ExirUserError(f"input '{inp.name}' was specialized to a {type(value).__name__}, which exir cannot record")
        entries[inp.name] = ir.UnitAttr.get() if attr is None else attr
    return ir.DictAttr.get(entries) if entries else None


def _arg_attrs(inp: ProgramInput, names: SymbolNames) -> ir.DictAttr:
    attrs: dict[str, ir.Attribute] = {
        "exir.input_kind": ir.StringAttr.get(inp.kind),
        "exir.name": ir.StringAttr.get(inp.name),
    }
    if inp.persistent is not None:
        attrs["exir.persistent"] = ir.BoolAttr.get(inp.persistent)
    val = inp.node.meta.get("val")
    if has_symbolic_dims(val):
        attrs["exir.sym_shape"] = shape_attr(names, val)
    if isinstance(val, (torch.SymInt, torch.SymFloat, torch.SymBool)):
        attrs["exir.sym_expr"] = ir.StringAttr.get(names.format_sym(val))
    return ir.DictAttr.get(attrs)


def _result_attrs(kind: str, target: str | None, val: object, names: SymbolNames) -> ir.DictAttr:
    attrs: dict[str, ir.Attribute] = {"exir.output_kind": ir.StringAttr.get(kind)}
    if target is not None:
        attrs["exir.target"] = ir.StringAttr.get(target)
    if has_symbolic_dims(val):
        attrs["exir.sym_shape"] = shape_attr(names, val)
    return ir.DictAttr.get(attrs)


def _output_type(index: int, value: object) -> ir.Type:
    if isinstance(value, torch.fx.Node):
        return type_of_value(value.meta.get("val"))
    if not isinstance(value, (bool, int, float)):
        raise ExirUserError(
            f"output {index} of the program is the constant {value!r}; exir functions return tensors and "
            "numbers: leave it out of the model's outputs"
        )
    return type_of_value(value)


def import_program(
    ep: torch.export.ExportedProgram,
    *,
    func_name: str = "main",
    freeze_weights: bool = False,
    context: ir.Context | None = None,
    decomposition_notes: dict[str, str] | None = None,
) -> ir.Module:
    """Translate an ExportedProgram (as torch.export.export returns it, or after
    run_decompositions) into a module holding `func.func @<func_name>` in the exir dialect.

    freeze_weights=False keeps parameters, buffers and lifted constants as function arguments
    (tagged with their kind and state_dict name); True makes them `exir.literal` ops.
    The module is verified (IRDL + exir_mlir.dialects.verify_module) before it is returned.
    Raises ExirUserError naming the node and source line for anything it cannot translate.
    `decomposition_notes` (from importer.decompositions.decompose) say per ATen overload why it
    was left undecomposed; the declarations of their fallback calls carry it for the lowering's error.
    """
    if not isinstance(ep, torch.export.ExportedProgram):
        raise ExirUserError(f"import_program expects a torch.export.ExportedProgram, got {type(ep).__name__}")
    ep = functional_program(ep)
    check_dtypes(ep)
    inputs = program_inputs(ep)
    outputs = program_outputs(ep)
    if freeze_weights:
        _check_nothing_frozen_is_mutated(outputs)

    context = context or ir.Context()
    load_dialects(context)
    with context, ir.Location.unknown():
        names = SymbolNames()
        for inp in inputs:
            names.add_value(inp.node.meta.get("val"))
        module = ir.Module.create()
        state = ImportState(names, module, decomposition_notes=dict(decomposition_notes or {}))
        args = [inp for inp in inputs
                if inp.specialized is None and not (freeze_weights and inp.is_weight)]
        arg_types = [_input_type(inp) for inp in args]
        result_types = [_output_type(i, out.value) for i, out in enumerate(outputs)]
        with ir.InsertionPoint(module.body):
            fn = func.FuncOp(func_name, (arg_types, result_types))
        state.declarations_before = fn.operation
        fn.arg_attrs = ir.ArrayAttr.get([_arg_attrs(inp, names) for inp in args])
        specialized = _specialized_inputs_attr(inputs)
        if specialized is not None:
            fn.attributes["exir.specialized_inputs"] = specialized
        fn.res_attrs = ir.ArrayAttr.get([
            _result_attrs(out.kind, out.target,
                          out.value.meta.get("val") if isinstance(out.value, torch.fx.Node) else None, names)
            for out in outputs
        ])
        entry = fn.add_entry_block(arg_locs=[ir.Location.name(inp.name) for inp in args])
        importer = GraphImporter(state, ep.graph_module)
        arg_iter = iter(entry.arguments)
        with ir.InsertionPoint(entry):
            for inp in inputs:
                if inp.specialized is not None:
                    (value,) = inp.specialized
                    if inp.node.users and isinstance(value, (bool, int, float)):  # rarely used; then a constant
                        importer.bind(inp.node, ops.sym_constant(value, ir.Location.name(inp.name)))
                elif freeze_weights and inp.is_weight:
                    loc = ir.Location.name(inp.name)
                    importer.bind(inp.node, ops.literal(inp.value, inp.name, loc, weight=inp.kind != "constant_tensor"))
                else:
                    importer.bind(inp.node, next(arg_iter))
            returned = importer.import_nodes()
            loc = ir.Location.name("output")
            func.ReturnOp(importer.output_values(returned, loc), loc=loc)

        module.operation.attributes["exir.range_constraints"] = range_constraints_attr(
            names, ep.range_constraints
        )
        equal = dim_equalities(names, [(i.name, i.node.meta.get("val")) for i in inputs if i.kind == "user_input"])
        if equal:
            module.operation.attributes["exir.dim_equalities"] = ir.ArrayAttr.get(
                [ir.ArrayAttr.get([ir.StringAttr.get(d) for d in group]) for group in equal]
            )
        _verify(module)
    return module


def _verify(module: ir.Module) -> None:
    # IR that fails verification here is the importer's bug, not the user's: say so, with the
    # diagnostics MLIR gives.
    diagnostics: list[str] = []

    def collect(d: ir.Diagnostic) -> bool:
        diagnostics.append(f"{d.location}: {d.message}")
        return True

    handler = module.context.attach_diagnostic_handler(collect)
    try:
        ok = module.operation.verify()
    except ir.MLIRError as e:
        ok = False
        diagnostics.append(str(e))
    finally:
        handler.detach()
    if not ok:
        raise ExirInternalError("the imported module does not verify:\n" + "\n".join(diagnostics))
    errors = verify_module(module, emit=False)
    if errors:
        raise ExirInternalError(
            "the imported module breaks the exir op contract:\n"
            + "\n".join(f"{loc}: {msg}" for loc, msg in errors)
        )
