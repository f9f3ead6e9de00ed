"""Runs a compiled CUDA program: the host side as a launch plan (exir_mlir.codegen.gpu.host),
interpreted here against the CUDA driver API (driver.py).

`CudaExecutable(plan, images)` is an `Executable` whose `function` takes the same packed
C-interface arguments as the CPU JIT's entry point (a pointer to the results struct, then a
pointer to each memref descriptor or scalar), so `CompiledProgram` binds, checks, writes back
state and returns results for it unchanged. Data movement (documented in README, "GPU"):
every input tensor is copied host -> device on each call, every result device -> host into a
buffer that the returned tensor owns; intermediate buffers are stream-ordered device
allocations (cuMemAllocAsync) freed at the end of the call.
"""

from __future__ import annotations

import ctypes
import itertools
import math
import threading
from typing import Any

from exir_mlir.abi import SCALAR_CTYPES
from exir_mlir.errors import ExirInternalError
from exir_mlir.runtime import memref
from exir_mlir.runtime.cuda import driver as cu
from exir_mlir.runtime.jit import Executable

ITEMSIZE = {"f16": 2, "bf16": 2, "f32": 4, "f64": 8, "i1": 1, "i8": 1, "ui8": 1, "i16": 2, "i32": 4, "i64": 8,
            "complex<f32>": 8, "complex<f64>": 16, "ui16": 2, "ui32": 4, "ui64": 8}
# Scalar kernel parameters: the PTX .param of an index is .u64, an i1 a .u8 (byte).
PARAM_CTYPES = {**{k: getattr(ctypes, v) for k, v in SCALAR_CTYPES.items()}, "i1": ctypes.c_uint8}

_libc = ctypes.CDLL(None)
_libc.malloc.restype = ctypes.c_void_p
_libc.malloc.argtypes = [ctypes.c_size_t]


class Buffer:
    """A memref value on the device: base pointer, offset, sizes, strides (in elements)."""

    __slots__ = ("element", "offset", "ptr", "sizes", "strides")

    def __init__(self, ptr: int, offset: int, sizes, strides, element: str) -> None:
        self.ptr, self.offset, self.sizes, self.strides, self.element = ptr, offset, tuple(sizes), tuple(strides), element

    def contiguous(self) -> bool:
        return self.strides == memref._contiguous_strides(self.sizes)

    def numel(self) -> int:
        return math.prod(self.sizes)


def contiguous_strides(sizes) -> tuple[int, ...]:
    return memref._contiguous_strides(tuple(sizes))


def kernel_parameters(types: list[str], values: list) -> tuple[list, Any]:
    """The cuLaunchKernel parameter array for a kernel's arguments: a memref is expanded as MLIR's
    LLVM lowering expands it ({allocated, aligned} pointers, offset, sizes, strides: .u64 each),
    a scalar is its C type. Returns (the ctypes objects, kept alive; the void*[] array)."""
    slots = []
    for kind, value in zip(types, values):
        if kind.startswith("memref"):
            slots.append(ctypes.c_uint64(value.ptr))
            slots.append(ctypes.c_uint64(value.ptr))
            slots.append(ctypes.c_int64(value.offset))
            slots.extend(ctypes.c_int64(s) for s in value.sizes)
            slots.extend(ctypes.c_int64(s) for s in value.strides)
        else:
            slots.append(PARAM_CTYPES[kind](value))
    array = (ctypes.c_void_p * max(1, len(slots)))(*[ctypes.addressof(s) for s in slots])
    return slots, array


def _arith(name: str, args: list, predicate: str | None):
    a = args[0] if args else None
    b = args[1] if len(args) > 1 else None
    if name == "addi":
        return a + b
    if name == "subi":
        return a - b
    if name == "muli":
        return a * b
    if name in ("divsi", "divui"):
        q = abs(a) // abs(b)
        return q if (a >= 0) == (b > 0) else -q
    if name in ("remsi", "remui"):
        return a - b * _arith("divsi", [a, b], None)
    if name in ("ceildivsi", "ceildivui"):
        return -((-a) // b)
    if name == "floordivsi":
        return a // b
    if name in ("maxsi", "maxui"):
        return max(a, b)
    if name in ("minsi", "minui"):
        return min(a, b)
    if name in ("index_cast", "index_castui", "extsi", "extui", "trunci"):
        return a
    if name == "select":
        return args[1] if args[0] else args[2]
    if name == "cmpi":
        return {"eq": a == b, "ne": a != b, "slt": a < b, "sle": a <= b, "sgt": a > b, "sge": a >= b,
                "ult": a < b, "ule": a <= b, "ugt": a > b, "uge": a >= b}[predicate]
    raise ExirInternalError(f"the CUDA host runtime has no rule for arith.{name}")


class CudaPlan:
    """A loaded plan: its kernels in the current context, run by `__call__(packed)`."""

    def __init__(self, plan: dict, images: dict[str, bytes]) -> None:
        self.plan = plan
        self.images = images
        self._functions: dict[str, ctypes.c_void_p] | None = None
        self._globals: dict[str, Buffer] = {}
        self._lock = threading.Lock()
        self.launches = 0

    def _load(self, ctx: cu.Context) -> dict[str, ctypes.c_void_p]:
        with self._lock:
            if self._functions is None:
                functions = {}
                for name, kernel in self.plan["kernels"].items():
                    image = self.images[name]
                    if kernel["format"] == "ptx" and not image.endswith(b"\0"):
                        image += b"\0"
                    module = ctypes.c_void_p()
                    buf = ctypes.create_string_buffer(image, len(image))
                    ctx.driver.call("cuModuleLoadData", ctypes.byref(module), buf)
                    function = ctypes.c_void_p()
                    ctx.driver.call("cuModuleGetFunction", ctypes.byref(function), module, kernel["function"].encode())
                    functions[name] = function
                # constant buffers (memref.global): uploaded once, kept for the program's life
                self._globals = {}
                for name, info in self.plan.get("globals", {}).items():
                    data = bytes.fromhex(info["data"])
                    ptr = cu.CUdeviceptr()
                    ctx.driver.call("cuMemAlloc_v2", ctypes.byref(ptr), max(1, len(data)))
                    if data:
                        ctx.driver.call("cuMemcpyHtoDAsync_v2", ptr, data, len(data), ctx.stream)
                    shape = tuple(info["shape"])
                    self._globals[name] = Buffer(ptr.value, 0, shape, contiguous_strides(shape), info["element"])
                ctx.driver.call("cuStreamSynchronize", ctx.stream)
                self._functions = functions
            return self._functions

    def __call__(self, packed) -> None:
        ctx = cu.context()
        drv, stream = ctx.driver, ctx.stream
        functions = self._load(ctx)
        plan = self.plan
        vals: list[Any] = [None] * plan["values"]
        owned: list[int] = []  # device allocations of this call

        def alloc(nbytes: int) -> int:
            ptr = cu.CUdeviceptr()
            drv.call("cuMemAllocAsync", ctypes.byref(ptr), max(1, nbytes), stream)
            owned.append(ptr.value)
            return ptr.value

        slots = ctypes.cast(packed, ctypes.POINTER(ctypes.c_void_p))
        first = 1 if plan["outputs"] else 0
        try:
            for i, (vid, spec) in enumerate(zip(plan["arguments"], plan["inputs"])):
                address = slots[first + i]
                if spec["type"] == "memref":
                    rank = spec["rank"]
                    pointer = ctypes.cast(address, ctypes.POINTER(ctypes.c_void_p))[0]
                    desc = ctypes.cast(pointer, ctypes.POINTER(memref.descriptor_type(rank))).contents
                    sizes = tuple(desc.shape) if rank else ()
                    size = ITEMSIZE[spec["element"]]
                    nbytes = math.prod(sizes) * size
                    ptr = alloc(nbytes)
                    if nbytes:
                        # CompiledProgram passes contiguous inputs (memref.as_contiguous)
                        drv.call("cuMemcpyHtoDAsync_v2", ptr, desc.aligned + desc.offset * size, nbytes, stream)
                    vals[vid] = Buffer(ptr, 0, sizes, contiguous_strides(sizes), spec["element"])
                else:
                    ctype = getattr(ctypes, SCALAR_CTYPES[spec["element"]])
                    vals[vid] = ctype.from_address(address).value
            for op in plan["ops"]:
                kind = op[0]
                if kind == "launch":
                    _, kernel, grid, block, smem, args = op
                    g = [vals[v] for v in grid]
                    b = [vals[v] for v in block]
                    if min(g) <= 0:
                        continue  # an empty grid (a dynamic size of 0): nothing to do
                    keep, params = kernel_parameters(plan["kernels"][kernel]["params"], [vals[v] for v in args])
                    drv.call("cuLaunchKernel", functions[kernel], g[0], g[1], g[2], b[0], b[1], b[2],
                             0 if smem is None else vals[smem], stream, params, None)
                    self.launches += 1
                    del keep
                elif kind == "const":
                    vals[op[1]] = op[2]
                elif kind == "arith":
                    _, name, res, operands, predicate = op
                    vals[res] = _arith(name, [vals[v] for v in operands], predicate)
                elif kind == "alloc":
                    _, res, element, shape, dynamic = op
                    it = iter(dynamic)
                    sizes = tuple(vals[next(it)] if s is None else s for s in shape)
                    vals[res] = Buffer(alloc(math.prod(sizes) * ITEMSIZE[element]), 0, sizes,
                                       contiguous_strides(sizes), element)
                elif kind == "global":
                    vals[op[1]] = self._globals[op[2]]
                elif kind == "dim":
                    vals[op[1]] = vals[op[2]].sizes[vals[op[3]]]
                elif kind == "view":
                    vals[op[1]] = _view(vals, op)
                elif kind == "copy":
                    _copy(drv, stream, vals[op[1]], vals[op[2]])
                elif kind == "return":
                    self._return(drv, stream, [vals[v] for v in op[1]], slots[0] if first else None)
                else:
                    raise ExirInternalError(f"unknown launch-plan step '{kind}'")
        finally:
            for ptr in owned:
                drv.functions["cuMemFreeAsync"](ptr, stream)
            drv.call("cuStreamSynchronize", stream)

    def _return(self, drv, stream, values: list, results_address) -> None:
        if results_address is None:
            return
        offset = 0
        # the packed slot holds a pointer to the results struct
        base = ctypes.cast(results_address, ctypes.POINTER(ctypes.c_void_p))[0]
        for value, spec in zip(values, self.plan["outputs"]):
            rank = spec["rank"]
            desc_type = memref.descriptor_type(rank)
            align = ctypes.alignment(desc_type)
            offset = (offset + align - 1) // align * align
            desc = desc_type.from_address(base + offset)
            offset += ctypes.sizeof(desc_type)
            size = ITEMSIZE[spec["element"]]
            if value.numel() == 0:
                host, span = _libc.malloc(1), 0
            else:
                span = 1 + sum((n - 1) * s for n, s in zip(value.sizes, value.strides))
                host = _libc.malloc(span * size)
                drv.call("cuMemcpyDtoHAsync_v2", host, value.ptr + value.offset * size, span * size, stream)
            desc.allocated = desc.aligned = host
            desc.offset = 0
            for i in range(rank):
                desc.shape[i] = value.sizes[i]
                desc.strides[i] = value.strides[i]


def _copy(drv, stream, src: Buffer, dst: Buffer) -> None:
    size = ITEMSIZE[src.element]
    if src.sizes != dst.sizes:
        raise ExirInternalError(f"memref.copy between shapes {src.sizes} and {dst.sizes}")
    if src.numel() == 0:
        return
    if src.contiguous() and dst.contiguous():
        drv.call("cuMemcpyDtoDAsync_v2", dst.ptr + dst.offset * size, src.ptr + src.offset * size,
                 src.numel() * size, stream)
        return
    # Strided (a tensor written into a padded or concatenated buffer): 2-d copies of the inner
    # dims (rows of the innermost dim when it is contiguous in both, else single elements), one
    # per index of the outer dims.
    rank = len(src.sizes)
    if src.strides[-1] == dst.strides[-1] == 1:
        width, inner = src.sizes[-1] * size, 2
        height = src.sizes[-2] if rank >= 2 else 1
        spitch = src.strides[-2] * size if rank >= 2 else width
        dpitch = dst.strides[-2] * size if rank >= 2 else width
    else:
        width, inner, height = size, 1, src.sizes[-1]
        spitch, dpitch = src.strides[-1] * size, dst.strides[-1] * size
    outer = src.sizes[:max(0, rank - inner)]
    copy = cu.CUDA_MEMCPY2D(srcMemoryType=cu.CU_MEMORYTYPE_DEVICE, dstMemoryType=cu.CU_MEMORYTYPE_DEVICE,
                            srcPitch=spitch, dstPitch=dpitch, WidthInBytes=width, Height=height)
    for index in itertools.product(*(range(n) for n in outer)):
        copy.srcDevice = src.ptr + (src.offset + sum(i * s for i, s in zip(index, src.strides))) * size
        copy.dstDevice = dst.ptr + (dst.offset + sum(i * s for i, s in zip(index, dst.strides))) * size
        drv.call("cuMemcpy2DAsync_v2", ctypes.byref(copy), stream)


def _view(vals: list, op: list) -> Buffer:
    _, _res, src_id, kind, data = op
    src: Buffer = vals[src_id]
    if kind == "cast":
        return src
    if kind == "collapse":
        sizes, strides = [], []
        for group in data["reassociation"]:
            sizes.append(math.prod(src.sizes[d] for d in group))
            strides.append(src.strides[group[-1]] if group else 1)
        return Buffer(src.ptr, src.offset, sizes, strides, src.element)
    if kind == "expand":
        it = iter(data["dynamic"])
        shape = [vals[next(it)] if s is None else s for s in data["shape"]]
        sizes, strides = list(shape), [0] * len(shape)
        for d, group in enumerate(data["reassociation"]):
            step = src.strides[d]
            for k in reversed(group):
                strides[k] = step
                step *= shape[k]
        return Buffer(src.ptr, src.offset, sizes, strides, src.element)
    if kind in ("subview", "reinterpret"):
        def resolve(static, dynamic):
            it = iter(dynamic)
            return [vals[next(it)] if s is None else s for s in static]

        offsets = resolve(data["offsets"], data["dyn_offsets"])
        sizes = resolve(data["sizes"], data["dyn_sizes"])
        steps = resolve(data["strides"], data["dyn_strides"])
        if kind == "reinterpret":
            return Buffer(src.ptr, offsets[0], sizes, steps, src.element)
        offset = src.offset + sum(o * s for o, s in zip(offsets, src.strides))
        strides = [s * t for s, t in zip(src.strides, steps)]
        dropped = set(data["dropped"])
        keep = [i for i in range(len(sizes)) if i not in dropped]
        return Buffer(src.ptr, offset, [sizes[i] for i in keep], [strides[i] for i in keep], src.element)
    raise ExirInternalError(f"unknown view '{kind}'")


def load_cuda(plan: dict, images: dict[str, bytes], signature, *, compile_seconds: float = 0.0) -> Executable:
    """An Executable (for CompiledProgram) that runs `plan` on the CUDA device.

    Nothing touches the driver until the first call: without a device, compiling still works and
    the call raises NoCudaDevice.
    """
    runner = CudaPlan(plan, images)
    return Executable(None, plan, runner, runner, plan.get("entry", "main"), signature, compile_seconds, False)
