"""LLVM in this process: an LLVM-dialect module -> object code, its functions split over threads.

The JIT's ExecutionEngine translates, optimizes (O3) and generates code for the whole module on
one thread; that was 60-70% of a compile. Here the same three phases run through LLVM's C API
(the `libLLVM.so` the MLIR bindings already loaded; ctypes releases the GIL around each call):

1. MLIR's translation to LLVM IR (`mlirTranslateModuleToLLVMIR`), once; LLVM's MergeFunctions
   (`mergefunc`) then keeps one body of functions that are identical (the outlined loop nests of
   the repeated blocks of a network: same shapes, same code), the others becoming a tail call to
   it, so that each body is optimized and compiled once; written as bitcode.
2. The module's functions are split into parts of about equal size (every outlined loop nest and
   parallel body is its own `noinline` function: codegen/outline_loops.py, parallel_gomp.py, so
   no call that LLVM would inline crosses a part). Each worker thread reads the bitcode into an
   LLVM context of its own, keeps the bodies of its part's functions (the others become
   declarations, defined globals only in the first part), runs LLVM's O3 module pipeline and
   code generation for this CPU, and returns an object file. The entry function (and an init
   function), which only its C-interface wrapper calls, is internal to the wrapper's part
   (_wrapped): O3 drops its unread arguments and their stack traffic.
3. The objects are linked (codegen/library.py) into a kernel library the runtime loads.

A part's internal functions and globals become external (hidden): another part calls or reads
them. Nothing else changes: per function, LLVM sees the same IR as in one module, except that
interprocedural passes (argument promotion, constant propagation into a private callee) no longer
see a callee in another part. Latency at one thread, interleaved against the ExecutionEngine's
code on a loaded machine: 0.89x-1.01x of it (conv3d_block, unet, mobilenet_v2, transformer_block).
The same code is ~2x less CPU than the ExecutionEngine's even on one thread (mobilenet_v2's
LLVM: 7.8 s there, 4.0 s here), before the parts run in parallel.
"""

from __future__ import annotations

import concurrent.futures
import ctypes
import functools
import os
import time
from dataclasses import dataclass

from exir_mlir import toolchain
from exir_mlir._mlir import ir
from exir_mlir.codegen.host import detect_host
from exir_mlir.errors import ExirInternalError

_c_p = ctypes.c_void_p


@functools.cache
def _llvm() -> ctypes.CDLL:
    lib = ctypes.CDLL(str(toolchain.runtime_library("libLLVM.so")))
    sig = {
        "LLVMContextCreate": (_c_p, []),
        "LLVMContextDispose": (None, [_c_p]),
        "LLVMDisposeModule": (None, [_c_p]),
        "LLVMWriteBitcodeToMemoryBuffer": (_c_p, [_c_p]),
        "LLVMCreateMemoryBufferWithMemoryRange": (_c_p, [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p,
                                                         ctypes.c_int]),
        "LLVMGetBufferStart": (_c_p, [_c_p]),
        "LLVMGetBufferSize": (ctypes.c_size_t, [_c_p]),
        "LLVMDisposeMemoryBuffer": (None, [_c_p]),
        "LLVMParseBitcodeInContext2": (ctypes.c_int, [_c_p, _c_p, ctypes.POINTER(_c_p)]),
        "LLVMGetFirstFunction": (_c_p, [_c_p]),
        "LLVMCountBasicBlocks": (ctypes.c_uint, [_c_p]),
        "LLVMGetFirstBasicBlock": (_c_p, [_c_p]),
        "LLVMGetFirstInstruction": (_c_p, [_c_p]),
        "LLVMGetNextInstruction": (_c_p, [_c_p]),
        "LLVMGetNextFunction": (_c_p, [_c_p]),
        "LLVMGetNamedFunction": (_c_p, [_c_p, ctypes.c_char_p]),
        "LLVMGetFirstUse": (_c_p, [_c_p]),
        "LLVMGetNextUse": (_c_p, [_c_p]),
        "LLVMGetUser": (_c_p, [_c_p]),
        "LLVMIsACallInst": (_c_p, [_c_p]),
        "LLVMGetCalledValue": (_c_p, [_c_p]),
        "LLVMGetInstructionParent": (_c_p, [_c_p]),
        "LLVMGetBasicBlockParent": (_c_p, [_c_p]),
        "LLVMGetFirstGlobal": (_c_p, [_c_p]),
        "LLVMGetNextGlobal": (_c_p, [_c_p]),
        "LLVMGetValueName2": (ctypes.c_char_p, [_c_p, ctypes.POINTER(ctypes.c_size_t)]),
        "LLVMSetValueName2": (None, [_c_p, ctypes.c_char_p, ctypes.c_size_t]),
        "LLVMIsDeclaration": (ctypes.c_int, [_c_p]),
        "LLVMGetLinkage": (ctypes.c_int, [_c_p]),
        "LLVMSetLinkage": (None, [_c_p, ctypes.c_int]),
        "LLVMSetVisibility": (None, [_c_p, ctypes.c_int]),
        "LLVMSetInitializer": (None, [_c_p, _c_p]),
        "LLVMGlobalGetValueType": (_c_p, [_c_p]),
        "LLVMAddFunction": (_c_p, [_c_p, ctypes.c_char_p, _c_p]),
        "LLVMReplaceAllUsesWith": (None, [_c_p, _c_p]),
        "LLVMDeleteFunction": (None, [_c_p]),
        "LLVMDeleteGlobal": (None, [_c_p]),
        "LLVMGetDefaultTargetTriple": (ctypes.c_void_p, []),
        "LLVMGetHostCPUName": (ctypes.c_void_p, []),
        "LLVMGetHostCPUFeatures": (ctypes.c_void_p, []),
        "LLVMDisposeMessage": (None, [_c_p]),
        "LLVMGetTargetFromTriple": (ctypes.c_int, [ctypes.c_char_p, ctypes.POINTER(_c_p), ctypes.POINTER(_c_p)]),
        "LLVMCreateTargetMachine": (_c_p, [_c_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p,
                                           ctypes.c_int, ctypes.c_int, ctypes.c_int]),
        "LLVMDisposeTargetMachine": (None, [_c_p]),
        "LLVMCreateTargetDataLayout": (_c_p, [_c_p]),
        "LLVMSetModuleDataLayout": (None, [_c_p, _c_p]),
        "LLVMDisposeTargetData": (None, [_c_p]),
        "LLVMSetTarget": (None, [_c_p, ctypes.c_char_p]),
        "LLVMCreatePassBuilderOptions": (_c_p, []),
        "LLVMDisposePassBuilderOptions": (None, [_c_p]),
        "LLVMRunPasses": (_c_p, [_c_p, ctypes.c_char_p, _c_p, _c_p]),
        "LLVMGetErrorMessage": (_c_p, [_c_p]),
        "LLVMDisposeErrorMessage": (None, [_c_p]),
        "LLVMTargetMachineEmitToMemoryBuffer": (ctypes.c_int, [_c_p, _c_p, ctypes.c_int, ctypes.POINTER(_c_p),
                                                               ctypes.POINTER(_c_p)]),
    }
    for name, (restype, argtypes) in sig.items():
        fn = getattr(lib, name)
        fn.restype, fn.argtypes = restype, argtypes
    for init in ("LLVMInitializeX86TargetInfo", "LLVMInitializeX86Target", "LLVMInitializeX86TargetMC",
                 "LLVMInitializeX86AsmPrinter"):
        getattr(lib, init)()
    return lib


@functools.cache
def _mlir_capi() -> ctypes.CDLL:
    lib = ctypes.CDLL(str(toolchain.runtime_library("libMLIRPythonCAPI.so")))
    lib.mlirTranslateModuleToLLVMIR.restype = _c_p
    lib.mlirTranslateModuleToLLVMIR.argtypes = [_c_p, _c_p]
    lib.mlirRegisterAllLLVMTranslations.restype = None
    lib.mlirRegisterAllLLVMTranslations.argtypes = [_c_p]
    lib.mlirModuleGetOperation.restype = _c_p
    lib.mlirModuleGetOperation.argtypes = [_c_p]
    return lib


def _capsule_pointer(obj) -> int:
    capsule = obj._CAPIPtr
    get_name = ctypes.pythonapi.PyCapsule_GetName
    get_name.restype, get_name.argtypes = ctypes.c_char_p, [ctypes.py_object]
    get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
    get_pointer.restype, get_pointer.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]
    return get_pointer(capsule, get_name(capsule))


def _message(pointer: int | None) -> str:
    text = ctypes.string_at(pointer).decode(errors="replace") if pointer else ""
    if pointer:
        _llvm().LLVMDisposeMessage(pointer)
    return text


@functools.cache
def _target(cpu: str = "native") -> tuple[bytes, bytes, bytes, int]:
    """(triple, cpu, features, target) to compile for: this host for `cpu="native"` (its CPU and
    every feature it has, as `llc -mcpu=native`), else the named CPU with its own features."""
    lib = _llvm()
    triple = _message(lib.LLVMGetDefaultTargetTriple()).encode()
    if cpu == "native":
        name = _message(lib.LLVMGetHostCPUName()).encode()
        features = _message(lib.LLVMGetHostCPUFeatures()).encode()
    else:
        name, features = cpu.encode(), b""
    target, error = _c_p(), _c_p()
    if lib.LLVMGetTargetFromTriple(triple, ctypes.byref(target), ctypes.byref(error)):
        raise ExirInternalError(f"LLVM has no target for {triple.decode()}: {_message(error.value)}")
    return triple, name, features, target.value


# LLVMCodeGenOptLevel, LLVMRelocMode, LLVMCodeModel, LLVMCodeGenFileType, LLVMLinkage, LLVMVisibility
_CODEGEN_LEVEL = {0: 0, 1: 1, 2: 2, 3: 3}
_RELOC_PIC, _CODE_MODEL_DEFAULT, _OBJECT_FILE = 2, 0, 1
_EXTERNAL_LINKAGE, _INTERNAL_LINKAGE, _PRIVATE_LINKAGE = 0, 8, 9
# LLVMLinkage: linkonce (any, odr) and weak (any, odr). A part may drop a linkonce definition its own
# code no longer calls (inlined), while other parts call it (MLIR's math-to-funcs helpers such as
# __mlir_math_ipowi_i64 are linkonce_odr): the part that keeps the function defines it for all.
_DISCARDABLE_LINKAGES = (2, 3, 5, 6)
_HIDDEN = 1


def _target_machine(opt_level: int, cpu: str) -> int:
    triple, cpu, features, target = _target(cpu)
    return _llvm().LLVMCreateTargetMachine(target, triple, cpu, features, _CODEGEN_LEVEL[opt_level],
                                           _RELOC_PIC, _CODE_MODEL_DEFAULT)


def translate(module: ir.Module) -> tuple[bytes, set[str], set[str]]:
    """The LLVM-dialect `module` as LLVM bitcode (MLIR's translation, in this process), after
    LLVM's MergeFunctions; the names of the functions it turned into a call of an identical one;
    and the wrapped entries (see _wrapped)."""
    lib, capi = _llvm(), _mlir_capi()
    capi.mlirRegisterAllLLVMTranslations(_capsule_pointer(module.context))
    context = lib.LLVMContextCreate()
    try:
        llvm_module = capi.mlirTranslateModuleToLLVMIR(_capsule_pointer(module.operation), context)
        if not llvm_module:
            raise ExirInternalError("MLIR could not translate the LLVM-dialect module to LLVM IR")
        try:
            merged = merge_functions(lib, llvm_module)
            wrapped = {name.decode() for name in _wrapped(lib, llvm_module)}
            buffer = lib.LLVMWriteBitcodeToMemoryBuffer(llvm_module)
            data = ctypes.string_at(lib.LLVMGetBufferStart(buffer), lib.LLVMGetBufferSize(buffer))
            lib.LLVMDisposeMemoryBuffer(buffer)
        finally:
            lib.LLVMDisposeModule(llvm_module)
    finally:
        lib.LLVMContextDispose(context)
    return data, merged, wrapped


def _defined_functions(lib, module: int) -> dict[bytes, int]:
    functions = {}
    function = lib.LLVMGetFirstFunction(module)
    while function:
        if not lib.LLVMIsDeclaration(function):
            functions[_value_name(lib, function)] = function
        function = lib.LLVMGetNextFunction(function)
    return functions


def _instructions(lib, function: int, limit: int) -> int:
    """Instructions of the function's first block, counted up to `limit`."""
    count, inst = 0, lib.LLVMGetFirstInstruction(lib.LLVMGetFirstBasicBlock(function))
    while inst and count < limit:
        count, inst = count + 1, lib.LLVMGetNextInstruction(inst)
    return count


def _is_thunk(lib, function: int) -> bool:
    """One block of at most two instructions: what MergeFunctions leaves of a merged function (a call and
    a return)."""
    return lib.LLVMCountBasicBlocks(function) == 1 and _instructions(lib, function, 3) <= 2


def merge_functions(lib, module: int) -> set[str]:
    """LLVM's MergeFunctions on `module`: of functions with identical bodies one keeps its body, the
    others become a tail call to it (their names, returned; a thunk is one block of a call and a
    return). Its comparison is LLVM's own (types, constants, attributes, callees, metadata that
    matters), so only functions that compute the same thing are merged."""
    before = {name for name, f in _defined_functions(lib, module).items() if not _is_thunk(lib, f)}
    options = lib.LLVMCreatePassBuilderOptions()
    try:
        error = lib.LLVMRunPasses(module, b"mergefunc", None, options)
    finally:
        lib.LLVMDisposePassBuilderOptions(options)
    if error:
        raise ExirInternalError(f"LLVM's MergeFunctions failed: {_error(lib, error)}")
    after = _defined_functions(lib, module)
    return {name.decode() for name in before if name in after and _is_thunk(lib, after[name])}


CIFACE_PREFIX = "_mlir_ciface_"


def _wrapped(lib, module: int) -> dict[bytes, int]:
    """Functions `f` whose only uses are calls from their C-interface wrapper `_mlir_ciface_f`
    (MLIR's `llvm.emit_c_interface`): the entry point and its init function.

    The library calls only the wrapper (library_c.py), so such an `f` need not be visible outside
    its part: compile_part makes it internal, in the wrapper's part (compile_objects keeps the two
    together). The wrapper unpacks every memref descriptor into scalars and calls `f` with all of
    them, ~1,000 arguments for ResNet-18: as an external function, every argument is passed on the
    stack, and LLVM's instruction selection and post-RA scheduler of that one call took ~40% of the
    whole module's code generation. Internal, LLVM's O3 drops the arguments `f` never reads and
    passes the rest in registers (fastcc); `f`'s body is unchanged."""
    found = {}
    for name, function in _defined_functions(lib, module).items():
        if not name.startswith(CIFACE_PREFIX.encode()):
            continue
        inner_name = name[len(CIFACE_PREFIX):]
        inner = lib.LLVMGetNamedFunction(module, inner_name)
        if not inner or lib.LLVMIsDeclaration(inner) or lib.LLVMGetLinkage(inner) != _EXTERNAL_LINKAGE:
            continue
        use, only_calls = lib.LLVMGetFirstUse(inner), True
        while use and only_calls:
            user = lib.LLVMGetUser(use)
            only_calls = bool(lib.LLVMIsACallInst(user)) and lib.LLVMGetCalledValue(user) == inner and \
                lib.LLVMGetBasicBlockParent(lib.LLVMGetInstructionParent(user)) == function
            use = lib.LLVMGetNextUse(use)
        if only_calls:
            found[inner_name] = inner
    return found


def _parse(lib, context: int, bitcode: bytes) -> int:
    buffer = lib.LLVMCreateMemoryBufferWithMemoryRange(bitcode, len(bitcode), b"part", 0)
    parsed = _c_p()
    failed = lib.LLVMParseBitcodeInContext2(context, buffer, ctypes.byref(parsed))
    lib.LLVMDisposeMemoryBuffer(buffer)
    if failed:
        raise ExirInternalError("LLVM could not read back the translated module")
    return parsed.value


def function_sizes(module: ir.Module) -> dict[str, int]:
    """Ops per defined llvm.func (the LLVM dialect is a flat CFG: no walk needed)."""
    sizes = {}
    for op in module.body.operations:
        if op.operation.name == "llvm.func":
            blocks = op.regions[0].blocks
            if len(blocks):
                sizes[ir.StringAttr(op.attributes["sym_name"]).value] = sum(len(b.operations) for b in blocks)
    return sizes


def partition(sizes: dict[str, int], parts: int) -> list[set[str]]:
    """Functions into at most `parts` sets of about equal total size (largest first, to the lightest)."""
    bins: list[tuple[int, set[str]]] = [(0, set()) for _ in range(max(1, min(parts, len(sizes))))]
    for name, size in sorted(sizes.items(), key=lambda kv: -kv[1]):
        i = min(range(len(bins)), key=lambda j: bins[j][0])
        bins[i] = (bins[i][0] + size, bins[i][1] | {name})
    return [names for _, names in bins if names]


@dataclass
class PartResult:
    object_code: bytes
    optimize_seconds: float  # this part's optimization (seconds of its thread, wall)
    machine_code_seconds: float  # its code generation


def _value_name(lib, value) -> bytes:
    size = ctypes.c_size_t()
    return lib.LLVMGetValueName2(value, ctypes.byref(size))


def _keep_only(lib, module: int, keep: set[bytes], *, first: bool) -> None:
    """Declarations instead of the definitions of functions not in `keep`; the part's internal and
    linkonce/weak functions and its internal globals external (hidden: other parts use them, the
    library does not export them); defined globals only in the `first` part."""
    doomed = []
    function = lib.LLVMGetFirstFunction(module)
    while function:
        if not lib.LLVMIsDeclaration(function):
            name = _value_name(lib, function)
            if name in keep:
                if lib.LLVMGetLinkage(function) in (_INTERNAL_LINKAGE, _PRIVATE_LINKAGE, *_DISCARDABLE_LINKAGES):
                    lib.LLVMSetLinkage(function, _EXTERNAL_LINKAGE)
                    lib.LLVMSetVisibility(function, _HIDDEN)
            else:
                doomed.append((function, name))
        function = lib.LLVMGetNextFunction(function)
    for function, name in doomed:
        # Function::~Function drops its body's references: deleting it whole is safe once unused.
        declaration = lib.LLVMAddFunction(module, name + b".declaration", lib.LLVMGlobalGetValueType(function))
        lib.LLVMReplaceAllUsesWith(function, declaration)
        lib.LLVMDeleteFunction(function)
        lib.LLVMSetValueName2(declaration, name, len(name))
    special = []
    glob = lib.LLVMGetFirstGlobal(module)
    while glob:
        if not lib.LLVMIsDeclaration(glob):
            if _value_name(lib, glob).startswith(b"llvm."):  # llvm.used, llvm.global_ctors: the first part's
                special.append(glob)
            else:
                if lib.LLVMGetLinkage(glob) in (_INTERNAL_LINKAGE, _PRIVATE_LINKAGE):
                    lib.LLVMSetLinkage(glob, _EXTERNAL_LINKAGE)
                    lib.LLVMSetVisibility(glob, _HIDDEN)
                if not first:
                    lib.LLVMSetInitializer(glob, None)
        glob = lib.LLVMGetNextGlobal(glob)
    if not first:
        for glob in special:
            lib.LLVMDeleteGlobal(glob)


def compile_part(bitcode: bytes, keep: set[str] | None, *, first: bool = True, opt_level: int = 3,
                 cpu: str = "native", pipeline: str | None = None, internal: frozenset[str] = frozenset()) -> PartResult:
    """Object code of the functions `keep` (None: all) of `bitcode`, the others declared; defined
    globals in the `first` part only. `opt_level`: LLVM's module pipeline (`default<On>`, or
    `pipeline`) and code generation level. The wrapped entries (_wrapped) are internal: of
    the whole module (`keep` None), else those of `internal` that the part keeps, with their
    wrappers (compile_objects keeps the two in one part)."""
    lib = _llvm()
    start = time.perf_counter()
    context = lib.LLVMContextCreate()
    tm = _target_machine(opt_level, cpu)
    module = None
    try:
        module = _parse(lib, context, bitcode)
        if keep is not None:
            _keep_only(lib, module, {n.encode() for n in keep}, first=first)
        # After _keep_only, which makes a kept internal function external (other parts may call it).
        if keep is None:
            wrapped = list(_wrapped(lib, module).values())
        else:  # found on the whole module: here the other parts' callers are declarations
            wrapped = [lib.LLVMGetNamedFunction(module, n.encode()) for n in sorted(internal) if n in keep]
        for function in wrapped:
            lib.LLVMSetLinkage(function, _INTERNAL_LINKAGE)
        lib.LLVMSetTarget(module, _target(cpu)[0])
        layout = lib.LLVMCreateTargetDataLayout(tm)
        lib.LLVMSetModuleDataLayout(module, layout)
        lib.LLVMDisposeTargetData(layout)
        options = lib.LLVMCreatePassBuilderOptions()
        error = lib.LLVMRunPasses(module, (pipeline or f"default<O{opt_level}>").encode(), tm, options)
        lib.LLVMDisposePassBuilderOptions(options)
        if error:
            raise ExirInternalError(f"LLVM's optimization failed: {_error(lib, error)}")
        optimized = time.perf_counter()
        out, message = _c_p(), _c_p()
        if lib.LLVMTargetMachineEmitToMemoryBuffer(tm, module, _OBJECT_FILE, ctypes.byref(message),
                                                   ctypes.byref(out)):
            raise ExirInternalError(f"LLVM's code generation failed: {_message(message.value)}")
        data = ctypes.string_at(lib.LLVMGetBufferStart(out), lib.LLVMGetBufferSize(out))
        lib.LLVMDisposeMemoryBuffer(out)
        return PartResult(data, optimized - start, time.perf_counter() - optimized)
    finally:
        if module:
            lib.LLVMDisposeModule(module)
        lib.LLVMDisposeTargetMachine(tm)
        lib.LLVMContextDispose(context)


def _error(lib, error) -> str:
    pointer = lib.LLVMGetErrorMessage(error)
    text = ctypes.string_at(pointer).decode(errors="replace")
    lib.LLVMDisposeErrorMessage(pointer)
    return text


def default_workers() -> int:
    """Threads that compile parts: `$EXIR_MLIR_COMPILE_THREADS`, else the cores this process may use
    (at most 8: parts below a few functions each are not worth their own copy of the module)."""
    return int(os.environ.get("EXIR_MLIR_COMPILE_THREADS", "0") or 0) or max(1, min(detect_host().cores, 8))


def compile_objects(module: ir.Module, *, workers: int = 0, opt_level: int = 3, cpu: str = "native",
                    timings: dict[str, float] | None = None) -> list[bytes]:
    """Object files of the LLVM-dialect `module` (in its context), its functions compiled on
    `workers` threads (0: default_workers()); the module is not modified. `timings`, when given,
    receives the seconds of "translate", "optimize" (the slowest part's) and "machine code" (the
    rest of the wait for the parts)."""
    workers = workers or default_workers()
    start = time.perf_counter()
    bitcode, merged, wrapped = translate(module)
    # A merged function is a thunk now: it weighs nothing in the balance of the parts.
    sizes = {name: 1 if name in merged else size for name, size in function_sizes(module).items()}
    # A wrapped entry goes where its C-interface wrapper goes: it is internal there (_wrapped).
    entries = {name for name in (wrapped if workers > 1 and len(sizes) > 1 else ())
               if name in sizes and CIFACE_PREFIX + name in sizes}
    for name in entries:
        sizes[CIFACE_PREFIX + name] += sizes.pop(name)
    parts = partition(sizes, workers) if workers > 1 and len(sizes) > 1 else [None]
    for part in parts:
        if part is not None:
            part.update(name for name in entries if CIFACE_PREFIX + name in part)
    translated = time.perf_counter()
    if len(parts) == 1:
        results = [compile_part(bitcode, None, opt_level=opt_level, cpu=cpu)]
    else:
        with concurrent.futures.ThreadPoolExecutor(len(parts), thread_name_prefix="exir-llvm") as pool:
            futures = [pool.submit(compile_part, bitcode, names, first=i == 0, opt_level=opt_level, cpu=cpu,
                                   internal=frozenset(entries))
                       for i, names in enumerate(parts)]
            results = [f.result() for f in futures]
    if timings is not None:
        timings["translate"] = timings.get("translate", 0.0) + translated - start
        optimize = max(r.optimize_seconds for r in results)
        timings["optimize"] = timings.get("optimize", 0.0) + optimize
        timings["machine code"] = timings.get("machine code", 0.0) + time.perf_counter() - translated - optimize
    return [r.object_code for r in results]
