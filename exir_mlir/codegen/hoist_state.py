"""Computations of the read-only state hoisted out of the call: run once, when the program is loaded.

Parameters and constants are arguments of the entry function, bound from the program's state on
every call (a lifted weight). What the program computes from them alone, never from a user input
or a buffer it mutates, is the same on every call: the copy of a weight into column panels
(pack_matmul.py) above all, and whatever else reads only weights (a transpose, a dequantization,
a product of two weights). As IREE's const-eval ("hoist into initializer") does, this pass moves
those computations into a function of their own, `<entry>__init`, which takes the state arguments
they read and returns their results; the entry function takes those results as arguments instead.
The runtime calls the init function once when it binds the state (exir_mlir.runtime.program; the
native library's exir_create, library_runtime.c) and passes what it returned on every call.

Read-only state is what the caller marks (READ_ONLY_STATE_MARK on the argument: codegen.compile
marks parameters, constants and buffers no result mutates, and only where the runtime binds the
program's own state). An op is hoisted when it is pure (arith, math, tensor and linalg ops on
tensors, their payloads included: anything else, a call, a loop, an assert, stays), reads at least
one marked argument or hoisted value, and reads nothing else but values that depend on no argument
at all (constants, empty tensors, fills), which are copied into the init function. Of the hoisted
values, those the entry function still reads (the roots) become its new arguments; a root is kept
in the entry function (and its operands become roots instead) where hoisting would not pay: it is
only a view of an argument (an expand_shape: nothing computed), or it takes more bytes than the
largest state it reads (a broadcast: memory for nothing saved; int8 weights widened to the f32
integers a quantized contraction takes: the memory quantization saves), or fewer than _MIN_BYTES
(it costs a call more than it saves), or its shape is dynamic.

The result's record, HOISTED_ATTR on the module ({entry, init, arguments: the entry's argument
indices that the init function takes, in order, results: count}), is read and removed by
codegen.compile after the pipeline, which adds the new arguments to the program's signature
(abi.Signature.init).
"""

from __future__ import annotations

import dataclasses

from exir_mlir._mlir import func, ir
from exir_mlir.abi import HOISTED_KIND, Initializer, Signature, TensorSpec
from exir_mlir.codegen.op_walk import replace_operands, values_defined_inside

READ_ONLY_STATE_MARK = "exir.read_only_state"
HOISTED_ATTR = "exir.hoisted_state"
INIT_SUFFIX = "__init"

_PURE_DIALECTS = ("arith", "math", "tensor", "linalg")
# Ops that compute nothing: a root made of them only is not worth an argument of its own.
_VIEWS = ("tensor.expand_shape", "tensor.collapse_shape", "tensor.extract_slice", "tensor.cast",
          "tensor.reshape", "tensor.empty", "tensor.dim", "arith.constant")

_FREE, _STATE, _DYNAMIC = "free", "state", "dynamic"
# Below this size a hoisted value costs a call more (one more argument bound, its source's version
# checked: ~0.5 us) than computing it does: mobilenet_v2_int8, whose 47 small weight conversions
# were hoisted, ran 1.26x slower per call (88 -> 111 us, one thread).
_MIN_BYTES = 16384


def _arg_attrs(func_op: ir.Operation) -> list[ir.DictAttr]:
    n = len(ir.FunctionType(ir.TypeAttr(func_op.attributes["function_type"]).value).inputs)
    if "arg_attrs" not in func_op.attributes:
        return [ir.DictAttr.get({}) for _ in range(n)]
    return [ir.DictAttr(a) for a in ir.ArrayAttr(func_op.attributes["arg_attrs"])]


def _without(attrs: ir.DictAttr, name: str) -> ir.DictAttr:
    return ir.DictAttr.get({attrs[i].name: attrs[i].attr for i in range(len(attrs)) if attrs[i].name != name})


def marked_arguments(func_op: ir.Operation) -> list[int]:
    """Indices of the arguments of `func_op` that carry READ_ONLY_STATE_MARK."""
    return [i for i, attrs in enumerate(_arg_attrs(func_op)) if READ_ONLY_STATE_MARK in attrs]


def is_read_only_state(value: ir.Value) -> bool:
    """`value` is a marked argument of its function (or a view of one: expand/collapse_shape)."""
    while isinstance(value, ir.OpResult) and value.owner.operation.name in ("tensor.expand_shape",
                                                                             "tensor.collapse_shape"):
        value = value.owner.operation.operands[0]
    if not isinstance(value, ir.BlockArgument):
        return False
    owner = value.owner.owner
    owner = owner.operation if owner is not None else None
    if owner is None or owner.name != "func.func" or value.owner != owner.regions[0].blocks[0]:
        return False
    return value.arg_number in marked_arguments(owner)


def _reads(op: ir.Operation) -> list[ir.Value] | None:
    """What a pure op reads from outside it (operands, and values its payload captures), or None for
    an op that is not pure (it stays where it is)."""
    if op.name.split(".", 1)[0] not in _PURE_DIALECTS or not len(op.results):
        return None
    if any(not isinstance(r.type, (ir.RankedTensorType, ir.IntegerType, ir.FloatType, ir.IndexType))
           for r in op.results):
        return None
    reads = list(op.operands)
    if len(op.regions):
        inside = values_defined_inside(op)
        nested, impure = [], []

        def visit(inner: ir.Operation) -> ir.WalkResult:
            if inner != op:
                if inner.name.split(".", 1)[0] not in _PURE_DIALECTS:
                    impure.append(inner.name)
                nested.extend(v for v in inner.operands if v not in inside)
            return ir.WalkResult.ADVANCE

        op.walk(visit)
        if impure:
            return None
        reads += nested
    return reads


def _bytes(value: ir.Value) -> int | None:
    """The size of a ranked tensor of static shape in bytes; None for any other value."""
    if not isinstance(value.type, ir.RankedTensorType):
        return None
    t = ir.RankedTensorType(value.type)
    element = t.element_type
    if not t.has_static_shape or not isinstance(element, (ir.FloatType, ir.IntegerType, ir.IndexType)):
        return None
    count = 1
    for size in t.shape:
        count *= size
    width = 64 if isinstance(element, ir.IndexType) else ir.FloatType(element).width \
        if isinstance(element, ir.FloatType) else ir.IntegerType(element).width
    return count * max(width // 8, 1)


def _slice(root: ir.Value, kind: dict) -> tuple[list[ir.Operation], set]:
    """The ops `root` is computed from (each depends on the state or on nothing: a view of a weight
    that stays in the entry function is computed in both), and the marked arguments they read."""
    ops, arguments, seen, work = [], set(), set(), [root]
    while work:
        value = work.pop()
        if isinstance(value, ir.BlockArgument):
            arguments.add(value)
            continue
        op = value.owner.operation
        if op in seen:
            continue
        seen.add(op)
        if kind.get(op) not in (_FREE, _STATE):
            continue
        ops.append(op)
        work.extend(_reads(op) or [])
    return ops, arguments


def _worth_hoisting(root: ir.Value, ops: list[ir.Operation], arguments: set) -> bool:
    if not any(op.name not in _VIEWS for op in ops):
        return False  # only a view of the state
    size = _bytes(root)
    if size is None or size < _MIN_BYTES:
        return False  # (a scalar or a small tensor: its operands are hoisted instead, if worth it)
    return size <= max((_bytes(a) or 0 for a in arguments), default=0)


def _hoist_function(func_op: ir.Operation, module: ir.Operation) -> int:
    marked = marked_arguments(func_op)
    if not marked:
        return 0
    entry = func_op.regions[0].blocks[0]
    state_args = {entry.arguments[i] for i in marked}
    kind: dict = {}  # op -> _FREE / _STATE / _DYNAMIC
    value_kind: dict = {}
    top = [op.operation for op in entry.operations]
    for op in top:
        reads = _reads(op)
        if reads is None:
            k = _DYNAMIC
        else:
            kinds = set()
            for v in reads:
                if v in state_args:
                    kinds.add(_STATE)
                elif isinstance(v, ir.BlockArgument):
                    kinds.add(_DYNAMIC)  # a user input, a mutated buffer, a nested block's argument
                else:
                    kinds.add(value_kind.get(v, _DYNAMIC))
            k = _DYNAMIC if _DYNAMIC in kinds else _STATE if _STATE in kinds else _FREE
        kind[op] = k
        for r in op.results:
            value_kind[r] = k
    hoisted = {op for op in top if kind[op] == _STATE}
    # Roots: hoisted values that an op staying in the function reads. One that does not pay stays
    # (its op leaves the hoisted set), and its own operands become roots in turn.
    while True:
        roots = []
        for op in top:
            if op not in hoisted:
                continue
            for r in op.results:
                if any(use.owner.operation not in hoisted or use.owner.operation.name == "func.return"
                       for use in r.uses):
                    roots.append(r)
        declined = [r for r in roots if not _worth_hoisting(r, *_slice(r, kind))]
        if not declined:
            break
        for r in declined:
            hoisted.discard(r.owner.operation)
    if not roots:
        return 0
    needed, arguments = set(), set()
    for r in roots:
        ops, args = _slice(r, kind)
        needed.update(ops)
        arguments.update(args)
    init_arguments = [i for i in marked if entry.arguments[i] in arguments]
    # (Decided before the IR changes: Python's handles of ops are not stable keys after it does.)
    cloned = [op for op in top if op in needed]
    state_ops = [op for op in top if kind[op] == _STATE]
    name = ir.StringAttr(func_op.attributes["sym_name"]).value
    init_name = name + INIT_SUFFIX
    location = func_op.location
    arg_types = [entry.arguments[i].type for i in init_arguments]
    root_types = [r.type for r in roots]
    with ir.InsertionPoint.after(func_op), location:
        init = func.FuncOp(init_name, ir.FunctionType.get(arg_types, root_types))
    init_block = init.add_entry_block()
    read_only = ir.DictAttr.get({"bufferization.writable": ir.BoolAttr.get(False)})
    init.attributes["arg_attrs"] = ir.ArrayAttr.get([read_only] * len(arg_types))
    init.attributes["llvm.emit_c_interface"] = ir.UnitAttr.get()
    mapping = {entry.arguments[i]: init_block.arguments[k] for k, i in enumerate(init_arguments)}
    with ir.InsertionPoint(init_block), location:
        for op in cloned:
            clone = op.clone()
            replace_operands(clone, mapping)
            for old, new in zip(op.results, clone.results):
                mapping[old] = new
        func.ReturnOp([mapping[r] for r in roots])
    # The entry function takes the roots as arguments (read-only: the runtime binds them like weights).
    attrs = _arg_attrs(func_op)
    ftype = ir.FunctionType(ir.TypeAttr(func_op.attributes["function_type"]).value)
    for r in roots:
        argument = entry.add_argument(r.type, location)
        r.replace_all_uses_with(argument)
        attrs.append(read_only)
    func_op.attributes["function_type"] = ir.TypeAttr.get(
        ir.FunctionType.get([*ftype.inputs, *root_types], list(ftype.results)))
    func_op.attributes["arg_attrs"] = ir.ArrayAttr.get(attrs)
    for op in reversed(state_ops):
        if all(not list(r.uses) for r in op.results):
            op.erase()
    module.attributes[HOISTED_ATTR] = ir.DictAttr.get({
        "entry": ir.StringAttr.get(name),
        "init": ir.StringAttr.get(init_name),
        "arguments": ir.DenseI64ArrayAttr.get(init_arguments),
        "results": ir.ArrayAttr.get([ir.TypeAttr.get(t) for t in root_types]),
    })
    return len(roots)


def drop_marks(module: ir.Operation) -> None:
    """Remove READ_ONLY_STATE_MARK from every function's arguments (LLVM has no use for it)."""
    for op in module.regions[0].blocks[0].operations:
        op = op.operation
        if op.name != "func.func" or "arg_attrs" not in op.attributes:
            continue
        attrs = _arg_attrs(op)
        if any(READ_ONLY_STATE_MARK in a for a in attrs):
            op.attributes["arg_attrs"] = ir.ArrayAttr.get([_without(a, READ_ONLY_STATE_MARK) for a in attrs])


def hoist_state_computations(module: ir.Operation) -> int:
    """`exir-cpu-hoist-state`: see the module's doc. Returns how many values were hoisted."""
    functions = [op.operation for op in module.regions[0].blocks[0].operations
                 if op.operation.name == "func.func" and len(op.operation.regions[0].blocks)]
    hoisted = sum(_hoist_function(f, module) for f in functions)
    drop_marks(module)
    return hoisted


# Kinds of state that no call changes: what the runtime binds from the program's state, read-only.
_READ_ONLY_KINDS = ("parameter", "constant_tensor", "buffer")
_MUTATIONS = ("buffer_mutation", "parameter_mutation")


def mark_read_only_state(func_op: ir.Operation, signature: Signature) -> int:
    """Marks (READ_ONLY_STATE_MARK) the arguments of the entry function that are state no call
    changes: parameters, constants and buffers that no result mutates, of static shape. Only for a
    caller that binds the program's own state and calls the init function (codegen.compile, with
    `state_in_place`). Returns how many."""
    mutated = {o.name for o in signature.outputs if o.kind in _MUTATIONS}
    attrs = _arg_attrs(func_op)
    marked = 0
    for spec in signature.inputs:
        if spec.kind in _READ_ONLY_KINDS and spec.name not in mutated and not spec.scalar and None not in spec.shape:
            entries = {attrs[spec.index][i].name: attrs[spec.index][i].attr for i in range(len(attrs[spec.index]))}
            entries[READ_ONLY_STATE_MARK] = ir.UnitAttr.get()
            attrs[spec.index] = ir.DictAttr.get(entries)
            marked += 1
    func_op.attributes["arg_attrs"] = ir.ArrayAttr.get(attrs)
    return marked


def hoisted_signature(module: ir.Operation, signature: Signature) -> Signature:
    """`signature` with what the pass hoisted (HOISTED_ATTR, removed from the module here): the
    entry's new arguments (HOISTED_KIND, named `<init>:<k>`) and the init function (Signature.init)."""
    if HOISTED_ATTR not in module.attributes:
        return signature
    record = ir.DictAttr(module.attributes[HOISTED_ATTR])
    del module.attributes[HOISTED_ATTR]
    init = ir.StringAttr(record["init"]).value
    arguments = [signature.inputs[i].name for i in ir.DenseI64ArrayAttr(record["arguments"])]
    inputs = list(signature.inputs)
    names = []
    for k, attr in enumerate(ir.ArrayAttr(record["results"])):
        t = ir.RankedTensorType(ir.TypeAttr(attr).value)
        names.append(f"{init}:{k}")
        inputs.append(TensorSpec(index=len(inputs), element=str(t.element_type), shape=tuple(t.shape),
                                 sym_shape=None, kind=HOISTED_KIND, name=names[-1]))
    return dataclasses.replace(signature, inputs=inputs, init=Initializer(init, arguments, names))
