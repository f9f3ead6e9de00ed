"""The host side of a GPU program as a launch plan: what the CUDA runtime (exir_mlir.runtime.cuda)
interprets on each call.

After `exir-gpu-launch` the entry function holds only host work: index arithmetic, buffer
allocations and views (expand/collapse_shape, subview), buffer copies and `gpu.launch_func`s.
`launch_plan(module)` turns it into plain data (JSON-able): numbered values, one step per op,
and for every kernel the types of its parameters (a memref is expanded to pointers, offset,
sizes and strides at launch, as MLIR's LLVM lowering of the kernel expects). An op outside
that set is an ExirUserError naming it, at compile time.
"""

from __future__ import annotations

from exir_mlir._mlir import ir
from exir_mlir.errors import ExirUserError

_ARITH = {"addi", "subi", "muli", "divsi", "divui", "remsi", "remui", "ceildivsi", "ceildivui", "floordivsi",
          "maxsi", "maxui", "minsi", "minui", "index_cast", "index_castui", "extsi", "extui", "trunci", "select",
          "cmpi"}
_PREDICATES = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
_DYNAMIC = ir.ShapedType.get_dynamic_size() if hasattr(ir.ShapedType, "get_dynamic_size") else -(2 ** 63)


def type_name(t: ir.Type) -> str:
    """"memref:<rank>" for a memref, else the scalar type as printed ("index", "f32", "i64")."""
    if isinstance(t, ir.MemRefType) or str(t).startswith("memref<"):
        return f"memref:{ir.MemRefType(t).rank}"
    return str(t)


def _static(values) -> list:
    return [None if v == _DYNAMIC or v < -(2 ** 62) else int(v) for v in values]


class _Numbering:
    def __init__(self) -> None:
        self.ids: dict = {}

    def new(self, value: ir.Value) -> int:
        self.ids[value] = len(self.ids)
        return self.ids[value]

    def __getitem__(self, value: ir.Value) -> int:
        return self.ids[value]


def _entry(module: ir.Operation, entry: str) -> ir.Operation:
    for op in module.regions[0].blocks[0].operations:
        if op.operation.name == "func.func" and ir.StringAttr(op.operation.attributes["sym_name"]).value == entry:
            return op.operation
    raise ExirUserError(f"the module has no entry function '{entry}'")


def launch_plan(module: ir.Operation, *, entry: str = "main") -> dict:
    """The entry function (after exir-gpu-launch) as a launch plan; see the module docstring."""
    func = _entry(module, entry)
    block = func.regions[0].blocks[0]
    n = _Numbering()
    inputs, arguments = [], []
    for arg in block.arguments:
        kind = type_name(arg.type)
        if kind.startswith("memref"):
            t = ir.MemRefType(arg.type)
            inputs.append({"type": "memref", "element": str(t.element_type), "rank": t.rank})
        else:
            inputs.append({"type": "scalar", "element": kind})
        arguments.append(n.new(arg))
    ftype = ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value)
    outputs = []
    for t in ftype.results:
        if not type_name(t).startswith("memref"):
            raise ExirUserError(f"a GPU program returning a scalar ({t}) has no CUDA host runtime yet")
        t = ir.MemRefType(t)
        outputs.append({"element": str(t.element_type), "rank": t.rank})
    ops, kernels, globals_ = [], {}, {}
    for op in block.operations:
        op = op.operation
        name = op.name
        if name == "arith.constant":
            attr = op.attributes["value"]
            if isinstance(attr, ir.BoolAttr):
                value = int(ir.BoolAttr(attr).value)
            elif isinstance(attr, ir.IntegerAttr):
                value = ir.IntegerAttr(attr).value
            elif isinstance(attr, ir.FloatAttr):
                value = ir.FloatAttr(attr).value
            else:
                raise ExirUserError(f"the CUDA host runtime has no constant of type {attr.type} (host op {op})")
            ops.append(["const", n.new(op.results[0]), value])
        elif name.startswith("arith.") and name[6:] in _ARITH:
            predicate = _PREDICATES[ir.IntegerAttr(op.attributes["predicate"]).value] if name == "arith.cmpi" else None
            operands = [n[v] for v in op.operands]
            ops.append(["arith", name[6:], n.new(op.results[0]), operands, predicate])
        elif name == "memref.dim":
            ops.append(["dim", n.new(op.results[0]), n[op.operands[0]], n[op.operands[1]]])
        elif name == "memref.alloc":
            t = ir.MemRefType(op.results[0].type)
            if t.layout is not None and "strided" in str(t.layout):
                raise ExirUserError(f"the CUDA host runtime allocates identity-layout buffers only: {op}")
            shape = [None if t.is_dynamic_dim(i) else t.shape[i] for i in range(t.rank)]
            ops.append(["alloc", n.new(op.results[0]), str(t.element_type), shape, [n[v] for v in op.operands]])
        elif name == "memref.collapse_shape":
            groups = [[ir.IntegerAttr(i).value for i in g] for g in ir.ArrayAttr(op.attributes["reassociation"])]
            ops.append(["view", n.new(op.results[0]), n[op.operands[0]], "collapse", {"reassociation": groups}])
        elif name == "memref.expand_shape":
            groups = [[ir.IntegerAttr(i).value for i in g] for g in ir.ArrayAttr(op.attributes["reassociation"])]
            shape = _static(ir.DenseI64ArrayAttr(op.attributes["static_output_shape"]))
            ops.append(["view", n.new(op.results[0]), n[op.operands[0]], "expand",
                        {"reassociation": groups, "shape": shape, "dynamic": [n[v] for v in list(op.operands)[1:]]}])
        elif name in ("memref.subview", "memref.reinterpret_cast"):
            segments = list(ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"]))
            operands = [n[v] for v in op.operands]
            start = segments[0]
            dyn = []
            for count in segments[1:]:
                dyn.append(operands[start:start + count])
                start += count
            data = {"offsets": _static(ir.DenseI64ArrayAttr(op.attributes["static_offsets"])),
                    "sizes": _static(ir.DenseI64ArrayAttr(op.attributes["static_sizes"])),
                    "strides": _static(ir.DenseI64ArrayAttr(op.attributes["static_strides"])),
                    "dyn_offsets": dyn[0], "dyn_sizes": dyn[1], "dyn_strides": dyn[2]}
            if name == "memref.subview":
                data["dropped"] = _dropped_dims(data["sizes"], ir.MemRefType(op.results[0].type))
            ops.append(["view", n.new(op.results[0]), operands[0],
                        "subview" if name == "memref.subview" else "reinterpret", data])
        elif name == "memref.get_global":
            symbol = ir.FlatSymbolRefAttr(op.attributes["name"]).value
            if symbol not in globals_:
                globals_[symbol] = _global_data(module, symbol, op)
            ops.append(["global", n.new(op.results[0]), symbol])
        elif name == "memref.cast":
            ops.append(["view", n.new(op.results[0]), n[op.operands[0]], "cast", {}])
        elif name == "memref.copy":
            ops.append(["copy", n[op.operands[0]], n[op.operands[1]]])
        elif name == "memref.dealloc":
            continue  # buffers of a call are freed when it ends
        elif name == "gpu.launch_func":
            view = op.opview
            kernel = str(op.attributes["kernel"]).split("::")[0].lstrip("@")
            function = str(op.attributes["kernel"]).split("::")[1].lstrip("@")
            args = list(view.kernelOperands)
            kernels[kernel] = {"function": function, "params": [type_name(a.type) for a in args]}
            smem = view.dynamicSharedMemorySize
            ops.append(["launch", kernel, [n[v] for v in (view.gridSizeX, view.gridSizeY, view.gridSizeZ)],
                        [n[v] for v in (view.blockSizeX, view.blockSizeY, view.blockSizeZ)],
                        None if smem is None else n[smem], [n[a] for a in args]])
        elif name == "func.return":
            ops.append(["return", [n[v] for v in op.operands]])
        else:
            where = str(op.location)
            raise ExirUserError(f"the CUDA host runtime cannot run the host-side op '{name}' ({where}); "
                                "compile with target=\"cuda-on-cpu\" or \"cpu\" to run this program")
    for kernel in kernels.values():
        for kind in kernel["params"]:
            if not kind.startswith("memref") and kind not in ("index", "i1", "i8", "i16", "i32", "i64", "f32", "f64"):
                raise ExirUserError(f"a kernel takes a scalar of type {kind}: no CUDA host runtime rule for it")
    return {"entry": entry, "inputs": inputs, "arguments": arguments, "outputs": outputs, "ops": ops,
            "kernels": kernels, "globals": globals_, "values": len(n.ids)}


_NUMPY = {"f32": "float32", "f64": "float64", "f16": "float16", "i64": "int64", "i32": "int32", "i16": "int16",
          "i8": "int8", "ui8": "uint8", "i1": "uint8",
          "ui16": "uint16", "ui32": "uint32", "ui64": "uint64"}


def _global_data(module: ir.Operation, symbol: str, use: ir.Operation) -> dict:
    """A module-level memref.global's contents (what the runtime uploads once per program):
    element type, shape, and the bytes in row-major order (hex)."""
    import numpy as np

    for op in module.regions[0].blocks[0].operations:
        op = op.operation
        if op.name == "memref.global" and ir.StringAttr(op.attributes["sym_name"]).value == symbol:
            t = ir.MemRefType(ir.TypeAttr(op.attributes["type"]).value)
            element = str(t.element_type)
            if element not in _NUMPY or not t.has_static_shape:
                raise ExirUserError(f"the CUDA host runtime has no constant buffer of type {t} ({use.location}); "
                                    "compile with target=\"cpu\"")
            shape = list(t.shape)
            if "initial_value" in op.attributes and not isinstance(op.attributes["initial_value"], ir.UnitAttr):
                values = np.broadcast_to(np.asarray(np.array(op.attributes["initial_value"])), shape)
            else:
                values = np.zeros(shape)
            data = np.ascontiguousarray(values.astype(_NUMPY[element])).tobytes()
            return {"element": element, "shape": shape, "data": data.hex()}
    raise ExirUserError(f"memref.get_global of an unknown symbol @{symbol}")


def _dropped_dims(sizes: list, result: ir.MemRefType) -> list[int]:
    """The unit dims a rank-reducing subview drops: the first static unit dims, as many as the
    ranks differ (which unit dims go does not change addressing: their index is always 0)."""
    need = len(sizes) - result.rank
    return [i for i, size in enumerate(sizes) if size == 1][:need] if need > 0 else []


def expanded_parameters(params: list[str]) -> list[str]:
    """The PTX .param types a kernel with these parameter types has (u64 for pointers, index,
    offset, sizes and strides; the scalar's own type otherwise)."""
    out = []
    for kind in params:
        if kind.startswith("memref"):
            rank = int(kind.split(":")[1])
            out += ["ptr", "ptr"] + ["u64"] * (1 + 2 * rank)
        else:
            out.append({"index": "u64", "i64": "u64", "i32": "u32", "i16": "u16", "i8": "u8", "i1": "u8",
                        "f32": "f32", "f64": "f64"}[kind])
    return out
