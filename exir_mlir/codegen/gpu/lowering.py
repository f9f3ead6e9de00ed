"""The GPU stages after `exir-gpu-map`: bufferize, launch, outline, NVVM/PTX (and the CPU twin).

- `exir-gpu-bufferize`: tensors that live inside a block (reduction partials, staged operand
  tiles) become workgroup (shared) memory, then one-shot bufferization; copies are
  `linalg.copy` (the default `memref.copy` would become a host-only runtime call in a kernel).
- `exir-gpu-launch`: each block-mapped `scf.forall` -> `gpu.launch` (upstream
  `transform.gpu.map_forall_to_blocks`), its thread-mapped foralls -> thread ids with
  `gpu.barrier` between them (`map_nested_forall_to_threads`); shared buffers become
  `memref.global`s in the workgroup address space; linalg in kernels -> loops;
  `gpu-kernel-outlining`.
- `exir-gpu-to-nvvm{chip=sm_90}`: upstream `gpu-lower-to-nvvm-pipeline`; the PTX of every
  kernel module is the `assembly` of the resulting `gpu.binary` (`ptx_of`).
- `exir-gpu-to-cpu`: the program after `exir-gpu-bufferize` (mapped, not yet launched) run on
  the CPU: every forall a sequential loop, block loops outermost, sibling thread loops one
  after another (so everything before a barrier has happened before anything after it), shared
  buffers as stack buffers; then the CPU pipeline's deallocation and LLVM lowering.
"""

from __future__ import annotations

from exir_mlir._mlir import ir, linalg, passmanager
from exir_mlir.codegen.op_walk import collect_ops
from exir_mlir._mlir import transform_interpreter as interpreter
from exir_mlir.codegen import pipeline as cpu
from exir_mlir.errors import ExirInternalError

WORKGROUP = "#gpu.address_space<workgroup>"
_ANY = "!transform.any_op"
LAUNCH_TAG = "exir.gpu_launch"


def _run(module: ir.Operation, pipeline: str, stage: str) -> None:
    try:
        passmanager.PassManager.parse(pipeline, context=module.context).run(module)
    except ir.MLIRError as exc:
        raise ExirInternalError(f"GPU stage '{stage}' failed: {exc}\npipeline: {pipeline}") from exc


def _mapping(op: ir.Operation) -> str:
    return str(op.attributes["mapping"]) if op.name == "scf.forall" and "mapping" in op.attributes else ""


def is_block_forall(op: ir.Operation) -> bool:
    return "#gpu.block" in _mapping(op)


def is_thread_forall(op: ir.Operation) -> bool:
    return "#gpu.thread" in _mapping(op)


def _inside(op: ir.Operation, pred) -> bool:
    parent = op.parent
    while parent is not None:
        if pred(parent):
            return True
        parent = parent.parent
    return False


def _apply_script(module: ir.Operation, body: str, stage: str) -> None:
    text = ("module attributes {transform.with_named_sequence} {\n"
            "  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {\n"
            f"{body}    transform.yield\n  }}\n}}\n")
    script = ir.Module.parse(text, context=module.context)
    try:
        interpreter.apply_named_sequence(module, script.body.operations[0], script)
    except Exception as exc:
        raise ExirInternalError(f"GPU stage '{stage}' failed: {exc}") from exc


# --- exir-gpu-bufferize ---------------------------------------------------------------------


def _shared_tensors(module: ir.Operation) -> int:
    """tensor.empty inside a block forall -> bufferization.alloc_tensor in workgroup memory."""
    count = 0
    for op in collect_ops(module, lambda o: o.name == "tensor.empty"):
        if not _inside(op, is_block_forall):
            continue
        result_type = op.results[0].type
        if not result_type.has_static_shape:
            raise ExirInternalError(f"a block-local tensor of dynamic shape {result_type} cannot live in shared memory")
        with ir.InsertionPoint(op), op.location:
            alloc = ir.Operation.create(
                "bufferization.alloc_tensor", results=[result_type], operands=[],
                attributes={"memory_space": ir.Attribute.parse(WORKGROUP),
                            "operandSegmentSizes": ir.DenseI32ArrayAttr.get([0, 0, 0])})
        op.results[0].replace_all_uses_with(alloc.results[0])
        op.erase()
        count += 1
    return count


GPU_BUFFERIZE = (
    "one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map "
    "allow-return-allocs-from-loops},"
    "canonicalize,cse"
)


def bufferize(module: ir.Operation) -> None:
    """`exir-gpu-bufferize`: block-local tensors to shared memory, then one-shot bufferization."""
    _shared_tensors(module)
    _run(module, f"builtin.module({GPU_BUFFERIZE})", "exir-gpu-bufferize")
    # A memref.copy in a kernel would become a call of the host runtime's memrefCopy.
    for op in collect_ops(module, lambda o: o.name == "memref.copy" and _inside(o, is_block_forall)):
        source, target = op.operands
        if source == target:  # a result written in place, "copied" onto itself
            op.erase()
            continue
        with ir.InsertionPoint(op), op.location:
            linalg.copy(source, outs=[target])
        op.erase()
    # Code of a block outside its thread loops runs on every thread of the block on the GPU (and
    # once per block in the CPU twin): a write there would race on the GPU, unseen by the twin.
    for op in collect_ops(module, lambda o: (o.name.startswith("linalg.") or o.name in ("memref.store", "memref.copy"))
                    and _inside(o, is_block_forall) and not _inside(o, is_thread_forall)):
        if op.name not in ("linalg.yield", "linalg.index") and not _inside(op, lambda p: p.name.startswith("linalg.")):
            raise ExirInternalError(f"bufferization left a write outside the threads of a kernel: {op.name} at {op.location}")
    for op in collect_ops(module, lambda o: o.name in ("memref.alloc", "memref.alloca")):
        if _inside(op, is_thread_forall):
            continue  # per-thread scratch: private memory
        if _inside(op, is_block_forall) and WORKGROUP not in str(op.results[0].type):
            raise ExirInternalError(f"bufferization left a global-memory allocation inside a kernel: {op}")


# --- exir-gpu-launch ------------------------------------------------------------------------


def _static_trip_counts(forall: ir.Operation) -> list[int]:
    counts = []
    for attr_name in ("staticUpperBound",):
        values = ir.DenseI64ArrayAttr(forall.attributes[attr_name])
        counts = list(values)
    if any(c < 0 for c in counts):
        raise ExirInternalError("a thread forall with a dynamic trip count cannot be mapped to threads")
    return counts


def _block_dims(block: ir.Operation) -> list[int]:
    """The largest trip count of the block's thread foralls, per thread id (x, y, z)."""
    dims = [1, 1, 1]
    for forall in collect_ops(block, is_thread_forall):
        counts = _static_trip_counts(forall)
        ids = [str(a) for a in ir.ArrayAttr(forall.attributes["mapping"])]
        for count, mapping in zip(counts, ids):
            axis = "xyz".index(mapping.split("<")[1].rstrip(">"))
            dims[axis] = max(dims[axis], count)
    return dims


def _shared_to_globals(module: ir.Operation) -> int:
    """Workgroup `memref.alloc`s -> `memref.global`s in the workgroup address space (what
    NVVM's shared memory is); `gpu-kernel-outlining` clones them into the kernel module."""
    body = ir.Module(module).body if False else module.regions[0].blocks[0]
    count = 0
    for op in collect_ops(module, lambda o: o.name == "memref.alloc" and WORKGROUP in str(o.results[0].type)):
        memref_type = op.results[0].type
        name = f"__exir_shared_{count}"
        with ir.InsertionPoint.at_block_begin(body), op.location:
            ir.Operation.create("memref.global", attributes={
                "sym_name": ir.StringAttr.get(name), "sym_visibility": ir.StringAttr.get("private"),
                "type": ir.TypeAttr.get(memref_type), "alignment": ir.IntegerAttr.get(ir.IntegerType.get_signless(64), 16)})
        with ir.InsertionPoint(op), op.location:
            get = ir.Operation.create("memref.get_global", results=[memref_type],
                                      attributes={"name": ir.FlatSymbolRefAttr.get(name)})
        op.results[0].replace_all_uses_with(get.results[0])
        op.erase()
        count += 1
    for op in collect_ops(module, lambda o: o.name == "memref.dealloc" and WORKGROUP in str(o.operands[0].type)):
        op.erase()
    return count


def launch(module: ir.Operation) -> int:
    """`exir-gpu-launch`: foralls -> gpu.launch with thread ids and barriers, then outlining."""
    blocks = [op for op in collect_ops(module, is_block_forall) if not _inside(op, is_block_forall)]
    i64 = ir.IntegerType.get_signless(64, context=module.context)
    body = ""
    for i, block in enumerate(blocks):
        block.attributes[LAUNCH_TAG] = ir.IntegerAttr.get(i64, i)
        dims = _block_dims(block)
        body += (
            f"    %f{i} = transform.structured.match attributes {{{LAUNCH_TAG} = {i} : i64}} in %root : ({_ANY}) -> {_ANY}\n"
            f"    %l{i} = transform.gpu.map_forall_to_blocks %f{i} generate_gpu_launch : ({_ANY}) -> {_ANY}\n"
            f"    %t{i} = transform.gpu.map_nested_forall_to_threads %l{i} block_dims = {dims} : ({_ANY}) -> {_ANY}\n"
        )
    if blocks:
        _apply_script(module, body, "exir-gpu-launch")
    left = collect_ops(module, lambda o: o.name == "scf.forall")
    if left:
        raise ExirInternalError(f"GPU stage 'exir-gpu-launch' left {len(left)} scf.forall unmapped")
    _shared_to_globals(module)
    _run(module, "builtin.module(func.func(convert-linalg-to-loops),canonicalize,cse,gpu-kernel-outlining,"
         "canonicalize,cse)", "exir-gpu-launch")
    _occupancy_hints(module)
    # The outliner cloned the shared-memory globals into the kernel modules; the host has no use
    # for them (and no workgroup address space).
    for op in list(module.regions[0].blocks[0].operations):
        if op.operation.name == "memref.global" and WORKGROUP in str(op.operation.attributes["type"]):
            op.operation.erase()
    return len(blocks)


# Threads per SM the register budget is planned for: ptxas otherwise plans for a full SM (2048
# threads, 32 registers each) and spills (checked: an 8x8 contraction kernel spilled 8 bytes on
# sm_80 under `.maxntid 8, 8, 1` alone, none with `.minnctapersm 16`).
TARGET_THREADS_PER_SM = 1024


def _occupancy_hints(module: ir.Operation) -> None:
    """`nvvm.minctasm` (PTX `.minnctapersm`) on every kernel: the blocks per SM that fill
    TARGET_THREADS_PER_SM threads, so that ptxas budgets 64 registers per thread, not 32."""
    i32 = ir.IntegerType.get_signless(32, context=module.context)
    for func in collect_ops(module, lambda o: o.name == "gpu.func" and "gpu.kernel" in o.attributes):
        threads = 1
        if "known_block_size" in func.attributes:
            for size in ir.DenseI32ArrayAttr(func.attributes["known_block_size"]):
                threads *= size
        func.attributes["nvvm.minctasm"] = ir.IntegerAttr.get(i32, max(1, TARGET_THREADS_PER_SM // threads))


# --- exir-gpu-to-nvvm -----------------------------------------------------------------------

CHIPS = {"sm_80": "+ptx70", "sm_90": "+ptx80"}


def to_nvvm(module: ir.Operation, *, chip: str = "sm_90") -> None:
    """`exir-gpu-to-nvvm{chip=sm_90}`: kernels -> NVVM -> PTX in `gpu.binary` ops (host code -> LLVM)."""
    if chip not in CHIPS:
        raise ExirInternalError(f"unknown GPU chip '{chip}'; known: {', '.join(CHIPS)}")
    for op in collect_ops(module, lambda o: o.name in ("memref.load", "memref.store")):
        target = op.operands[1] if op.name == "memref.store" else op.operands[0]
        if WORKGROUP in str(target.type) and str(target.type.element_type) == "i1":
            raise ExirInternalError("a bool buffer in shared memory has no NVVM lowering here")
    _remf_as_libdevice(module)
    # memref-to-llvm asserts on sub-byte scalar accesses: bools are bytes, as torch stores them
    # (the CPU pipeline's rewrite, through generic pointers, which address global memory too).
    cpu.bool_accesses_as_bytes(module)
    _run(module, f"builtin.module(gpu-lower-to-nvvm-pipeline{{cubin-chip={chip} cubin-features={CHIPS[chip]} "
                 "cubin-format=isa opt-level=3})", "exir-gpu-to-nvvm")


_FMOD = {"f32": "__nv_fmodf", "f64": "__nv_fmod"}


def _remf_as_libdevice(module: ir.Operation) -> int:
    """`arith.remf` in a kernel -> a call of libdevice's fmod (`__nv_fmodf`/`__nv_fmod`, C fmod:
    the sign of the dividend, as arith.remf and torch.fmod). The NVVM lowering has no rule for it:
    arith-to-llvm makes it `llvm.frem`, which NVVM marks illegal (`aten::fmod`, `remainder`
    failed to compile)."""
    from exir_mlir._mlir import func  # dialect modules load lazily

    count = 0
    declared: set[tuple[int, str]] = set()
    for op in collect_ops(module, lambda o: o.name == "arith.remf" and _inside(o, lambda p: p.name == "gpu.module")):
        element = str(op.results[0].type)
        if element not in _FMOD:
            raise ExirInternalError(f"arith.remf on {element} has no GPU lowering here ({op.location})")
        name = _FMOD[element]
        gpu_module = op.parent
        while gpu_module.name != "gpu.module":
            gpu_module = gpu_module.parent
        key = (id(gpu_module), name)
        body = gpu_module.regions[0].blocks[0]
        if key not in declared and not any(
                o.operation.name == "func.func" and ir.StringAttr(o.operation.attributes["sym_name"]).value == name
                for o in body.operations):
            with ir.InsertionPoint.at_block_begin(body), op.location:
                decl = func.FuncOp(name, ([op.results[0].type] * 2, [op.results[0].type]))
                decl.sym_visibility = ir.StringAttr.get("private")
        declared.add(key)
        with ir.InsertionPoint(op), op.location:
            call = func.CallOp([op.results[0].type], ir.FlatSymbolRefAttr.get(name), list(op.operands))
        op.results[0].replace_all_uses_with(call.results[0])
        op.erase()
        count += 1
    return count


def ptx_of(module: ir.Operation) -> dict[str, str]:
    """The PTX of every `gpu.binary` of the module, by binary name."""
    out = {}
    for op in collect_ops(module, lambda o: o.name == "gpu.binary"):
        name = ir.StringAttr(op.attributes["sym_name"]).value
        for obj in ir.ArrayAttr(op.attributes["objects"]):
            out[name] = _object_bytes(obj)
    return out


def _object_bytes(obj: ir.Attribute) -> str:
    text = str(obj)
    # #gpu.object<#nvvm.target<...>, properties = {...}, assembly = "...escaped PTX...">
    start = text.index('assembly = "') + len("assembly = ")
    quoted = text[start + 1:text.rindex('"')]
    out, i = bytearray(), 0
    while i < len(quoted):
        ch = quoted[i]
        if ch == "\\":
            nxt = quoted[i + 1]
            if nxt in "\\\"":
                out.append(ord(nxt))
                i += 2
                continue
            out.append(int(quoted[i + 1:i + 3], 16))
            i += 3
            continue
        out.extend(ch.encode())
        i += 1
    return out.decode()


# --- exir-gpu-to-cpu ------------------------------------------------------------------------


def to_cpu(module: ir.Operation) -> None:
    """`exir-gpu-to-cpu`: the mapped, bufferized program as sequential CPU loops (see above)."""
    funcs = collect_ops(module, lambda o: o.name == "func.func")
    for op in collect_ops(module, lambda o: o.name == "memref.alloc" and WORKGROUP in str(o.results[0].type)):
        memref_type = op.results[0].type
        local = ir.MemRefType.get(memref_type.shape, memref_type.element_type, memref_type.layout)
        func = op.parent
        while func.name != "func.func":
            func = func.parent
        entry = func.regions[0].blocks[0]
        # Stack buffers at the function's entry: every block loop iteration reuses them, as every
        # block of a launch has its own copy of shared memory.
        with ir.InsertionPoint.at_block_begin(entry), op.location:
            alloca = ir.Operation.create("memref.alloca", results=[local],
                                         attributes={"operandSegmentSizes": ir.DenseI32ArrayAttr.get([0, 0])})
        _retype_uses(op.results[0], alloca.results[0])
        op.erase()
    del funcs
    for op in collect_ops(module, lambda o: o.name == "memref.dealloc" and "alloca" in str(o.operands[0].owner)):
        op.erase()
    for op in collect_ops(module, lambda o: o.name == "scf.forall" and "mapping" in o.attributes):
        del op.attributes["mapping"]
    _run(module, "builtin.module(func.func(scf-forall-to-for),canonicalize,cse,"
         "buffer-deallocation-pipeline,convert-bufferization-to-memref,canonicalize,cse)", "exir-gpu-to-cpu")


def _retype_uses(old: ir.Value, new: ir.Value) -> None:
    """Replace `old` (workgroup memref) by `new` (default memory space), re-typing the views
    (subview, collapse/expand_shape, cast) derived from it."""
    for use in list(old.uses):
        user = use.owner
        if user.name in ("memref.subview", "memref.collapse_shape", "memref.expand_shape", "memref.cast",
                         "memref.reinterpret_cast"):
            t = user.results[0].type
            new_t = ir.MemRefType.get(t.shape, t.element_type, t.layout)
            user.operands[use.operand_number] = new
            derived = user.results[0]
            clone_text = None
            del clone_text
            user.results[0].set_type(new_t)
            _retype_uses(derived, derived)
        else:
            user.operands[use.operand_number] = new
