"""Memref descriptors over torch/numpy storage (no copies), and returned memrefs as torch tensors.

torch is imported by the functions that use it: the runtime imports no torch at module level.
"""

from __future__ import annotations

import ctypes
import functools

import numpy as np

# memref.get_global lowers to a descriptor whose allocated pointer is this marker: not freeable.
_GLOBAL_MARKER = 0xDEADBEEF
GLOBAL_MARKER = _GLOBAL_MARKER  # the `allocated` of a memref.get_global: not freeable
_libc = ctypes.CDLL(None)
_libc.free.argtypes = [ctypes.c_void_p]


@functools.cache
def descriptor_type(rank: int) -> type[ctypes.Structure]:
    """The C layout of a ranked memref descriptor: {allocated, aligned, offset, sizes[r], strides[r]}."""
    fields = [("allocated", ctypes.c_void_p), ("aligned", ctypes.c_void_p), ("offset", ctypes.c_int64)]
    if rank:
        fields += [("shape", ctypes.c_int64 * rank), ("strides", ctypes.c_int64 * rank)]
    return type(f"MemRef{rank}D", (ctypes.Structure,), {"_fields_": fields})


@functools.lru_cache(maxsize=1024)
def _contiguous_strides(shape: tuple[int, ...]) -> tuple[int, ...]:
    strides, step = [], 1
    for size in reversed(shape):
        strides.append(step)
        step *= max(size, 1)
    return tuple(strides[::-1])


def matches_static(specs, values) -> bool:
    """Fast path of the input checks for fully static signatures: CPU torch tensors of the exact
    dtype and shape. False sends the call through the full check, which explains any mismatch."""
    import torch

    for spec, value in zip(specs, values):
        if spec.scalar or not (isinstance(value, torch.Tensor) and value.is_cpu and value.dtype == spec.dtype
                and value.shape == spec.shape):
            return False
    return True


def as_contiguous(value):
    """The value itself when its memory is row-major contiguous, else a contiguous copy."""
    import torch

    if isinstance(value, torch.Tensor):
        # data_ptr() needs no detach(): the compiled code never records autograd history.
        return value if value.is_contiguous() else value.detach().contiguous()
    return value if value.flags.c_contiguous else np.ascontiguousarray(value)


def make_descriptor(value) -> ctypes.Structure:
    """A descriptor over a contiguous torch tensor or numpy array (it must outlive the call)."""
    import torch

    if isinstance(value, torch.Tensor):
        pointer, shape = value.data_ptr(), tuple(value.shape)
    else:
        pointer, shape = value.ctypes.data, tuple(value.shape)
    rank = len(shape)
    if not rank:
        return descriptor_type(0)(pointer, pointer, 0)
    array = ctypes.c_int64 * rank
    return descriptor_type(rank)(pointer, pointer, 0, array(*shape), array(*_contiguous_strides(shape)))


@functools.cache
def _typestrs() -> dict:
    """torch dtypes numpy can view directly (array-interface type strings); others go through bytes."""
    import torch

    return {
        torch.float32: "<f4", torch.float64: "<f8", torch.float16: "<f2", torch.int8: "|i1", torch.uint8: "|u1",
        torch.int16: "<i2", torch.int32: "<i4", torch.int64: "<i8", torch.bool: "|b1",
        torch.complex64: "<c8", torch.complex128: "<c16", torch.uint16: "<u2", torch.uint32: "<u4", torch.uint64: "<u8",
    }


class _OwnedAllocation:
    """A buffer malloc'ed by compiled code; freed when the last array/tensor over it goes away."""

    def __init__(self, allocated: int, aligned: int, shape, strides_bytes, typestr: str) -> None:
        self._allocated = allocated
        self.__array_interface__ = {
            "data": (aligned, False),
            "shape": shape,
            "strides": strides_bytes,
            "typestr": typestr,
            "version": 3,
        }

    def __del__(self) -> None:
        _libc.free(self._allocated)


def tensor_from_descriptor(desc: ctypes.Structure, rank: int, dtype, *, owned: bool):
    """A torch tensor over the descriptor's memory: it takes ownership when `owned`, else copies."""
    shape = list(desc.shape) if rank else []
    strides = list(desc.strides) if rank else []
    return tensor_from_parts(desc.allocated or 0, desc.aligned or 0, desc.offset, shape, strides, dtype,
                             dtype.itemsize, _typestrs().get(dtype), owned=owned)


def tensor_from_parts(allocated: int, aligned: int, offset: int, shape: list, strides: list, dtype, itemsize: int,
                      typestr: str | None, *, owned: bool):
    """A torch tensor over a returned memref's memory (its descriptor's fields; `typestr`: the
    numpy array-interface type of `dtype`, None where numpy has none): it takes ownership of the
    allocation when `owned` (torch frees it with the tensor), else copies."""
    import torch

    numel = 1
    for s in shape:
        numel *= s
    if numel == 0:
        if owned and allocated:
            _libc.free(allocated)
        return torch.empty(shape, dtype=dtype)
    aligned += offset * itemsize
    if owned:
        nbytes = numel * itemsize
        if (strides[0] == 1) if len(shape) == 1 else tuple(strides) == _contiguous_strides(tuple(shape)):
            # Row-major (what memref.alloc returns): a ctypes array over the memory that frees it
            # when torch releases the buffer; several times cheaper than the array interface.
            buffer = _owned_bytes(nbytes).from_address(aligned)
            buffer.allocated = allocated
            if len(shape) == 1:
                return torch.frombuffer(buffer, dtype=dtype)
            if typestr is not None:
                return torch.from_numpy(np.frombuffer(buffer, typestr).reshape(shape))
            return torch.frombuffer(buffer, dtype=dtype).view(shape)
        if typestr is not None:
            owner = _OwnedAllocation(allocated, aligned, tuple(shape), tuple([s * itemsize for s in strides]), typestr)
            return torch.from_numpy(np.asarray(owner))
        span = 1 + sum((size - 1) * stride for size, stride in zip(shape, strides))
        owner = _OwnedAllocation(allocated, aligned, (span * itemsize,), None, "|u1")
        return torch.from_numpy(np.asarray(owner)).view(dtype).as_strided(shape, strides)
    span = 1 + sum((size - 1) * stride for size, stride in zip(shape, strides))
    buffer = (ctypes.c_uint8 * (span * itemsize)).from_address(aligned)
    flat = torch.frombuffer(buffer, dtype=torch.uint8).view(dtype)
    return flat.as_strided(shape, strides).clone()


@functools.lru_cache(maxsize=256)
def _owned_bytes(nbytes: int) -> type:
    """A ctypes byte array type of `nbytes` whose instances free `allocated` when they go away."""

    class OwnedBytes(ctypes.c_char * nbytes):
        allocated = 0

        def __del__(self) -> None:
            _libc.free(self.allocated)

    return OwnedBytes


def free(allocated: int) -> None:
    """Free a buffer the compiled code malloc'ed (a returned memref's `allocated` pointer)."""
    _libc.free(allocated)


def is_freeable(allocated: int) -> bool:
    return allocated not in (0, None, _GLOBAL_MARKER)
