"""Loads a native library made by exir-mlir (`exir-mlir compile -o model.so`) through its C ABI.

Imports only the standard library and numpy: no torch, no MLIR. `load("model.so")` returns a
`NativeProgram`, called with the user inputs in order (numpy arrays, Python numbers for scalar
inputs, or torch tensors) and returning a list of outputs: numpy arrays, or torch tensors when an
input was a torch tensor. Torch tensors go in and out through DLPack, without copies (a
non-contiguous input is copied to a contiguous one first, as the JIT does). Inputs are checked by
the library itself (dtype, rank, static sizes, symbolic dims against their ranges, repeated
symbols, dim equalities, derived dims): a violation is an ExirUserError with the library's message.

Threads: each NativeProgram owns one instance of the library (its buffers: mutations persist
across calls). Calls of one NativeProgram from several threads are serialized by a lock; load the
library once per thread (`program.clone()`) to run concurrently.
"""

from __future__ import annotations

import ctypes
import os
import threading
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from exir_mlir.errors import ExirUserError, failed_check_error

ABI_VERSION = 1
LIBRARY_KIND = b"exir-mlir native library"

# exir_dtype codes (library_api.h) -> MLIR element type and numpy dtype; bf16 travels as uint16.
ELEMENTS = {1: "f16", 2: "bf16", 3: "f32", 4: "f64", 5: "i1", 6: "i8", 7: "ui8", 8: "i16", 9: "i32", 10: "i64",
            11: "complex<f32>", 12: "complex<f64>", 13: "ui16", 14: "ui32", 15: "ui64"}
NUMPY_DTYPES = {1: np.float16, 2: np.uint16, 3: np.float32, 4: np.float64, 5: np.bool_, 6: np.int8, 7: np.uint8,
                8: np.int16, 9: np.int32, 10: np.int64, 11: np.complex64, 12: np.complex128, 13: np.uint16, 14: np.uint32,
                15: np.uint64}
_CODE_OF_NUMPY = {np.dtype(t): c for c, t in NUMPY_DTYPES.items() if c != 2}
_STATUS = {1: "argument", 2: "dtype", 3: "shape", 4: "layout", 5: "state", 6: "busy", 7: "memory", 8: "weights",
           9: "cpu", 10: "index"}

_p64 = ctypes.POINTER(ctypes.c_int64)


@dataclass(frozen=True)
class TensorInfo:
    """One input or output of a native library."""

    name: str
    element: str  # MLIR element type, e.g. "f32"
    dtype_code: int  # exir_dtype
    dims: tuple  # per dim: its static size (int) or its symbolic expression (str)

    @property
    def rank(self) -> int:
        return len(self.dims)

    @property
    def numpy_dtype(self) -> np.dtype:
        return np.dtype(NUMPY_DTYPES[self.dtype_code])


def _declare(lib: ctypes.CDLL) -> None:
    c_int, c_char_p, c_void_p, c_i64 = ctypes.c_int, ctypes.c_char_p, ctypes.c_void_p, ctypes.c_int64
    signatures = {
        "exir_abi_version": (ctypes.c_uint32, []),
        "exir_library_kind": (c_char_p, []),
        "exir_model_name": (c_char_p, []),
        "exir_num_inputs": (c_int, []), "exir_num_outputs": (c_int, []), "exir_num_symbols": (c_int, []),
        "exir_symbol_name": (c_char_p, [c_int]), "exir_symbol_min": (c_i64, [c_int]),
        "exir_symbol_max": (c_i64, [c_int]),
        "exir_create": (c_int, [c_char_p, ctypes.POINTER(c_void_p)]),
        "exir_destroy": (None, [c_void_p]),
        "exir_set_input": (c_int, [c_void_p, c_int, c_void_p, c_int, c_int, _p64, _p64]),
        "exir_run": (c_int, [c_void_p]),
        "exir_take_output": (c_int, [c_void_p, c_int, ctypes.POINTER(c_void_p), _p64, _p64]),
        "exir_free": (None, [c_void_p]),
        "exir_last_error": (c_char_p, [c_void_p]),
    }
    for kind in ("input", "output"):
        signatures[f"exir_{kind}_name"] = (c_char_p, [c_int])
        signatures[f"exir_{kind}_dtype"] = (c_int, [c_int])
        signatures[f"exir_{kind}_rank"] = (c_int, [c_int])
        signatures[f"exir_{kind}_dim"] = (c_i64, [c_int, c_int])
        signatures[f"exir_{kind}_dim_expr"] = (c_char_p, [c_int, c_int])
    for name, (restype, argtypes) in signatures.items():
        function = getattr(lib, name)
        function.restype, function.argtypes = restype, argtypes


# Libraries this process has loaded: resolved path -> (device, inode, mtime) of the file then.
_LOADED: dict[str, tuple[int, int, int]] = {}
_LOADED_LOCK = threading.Lock()


def _open(path: Path) -> ctypes.CDLL:
    if not path.is_file():
        raise ExirUserError(f"no native library at '{path}'")
    resolved = str(path.resolve())
    stat = os.stat(resolved)
    identity = (stat.st_dev, stat.st_ino, stat.st_mtime_ns)
    with _LOADED_LOCK:
        if _LOADED.setdefault(resolved, identity) != identity:
            # dlopen of a path already loaded returns the library loaded first: the old code.
            raise ExirUserError(f"'{path}' was replaced after this process loaded it, and the dynamic loader would "
                                "give the old library again: load the new one in a new process, or under another name")
    try:
        lib = ctypes.CDLL(resolved, mode=os.RTLD_NOW | os.RTLD_LOCAL)
    except OSError as exc:
        raise ExirUserError(f"'{path}' is not a loadable shared library: {exc}") from exc
    try:
        kind = ctypes.CFUNCTYPE(ctypes.c_char_p)(("exir_library_kind", lib))()
        version = ctypes.CFUNCTYPE(ctypes.c_uint32)(("exir_abi_version", lib))()
    except AttributeError:
        raise ExirUserError(f"'{path}' is not a native library made by exir-mlir (it has no exir_library_kind); "
                            "build one with `exir-mlir compile model.pt2 -o model.so`") from None
    if kind != LIBRARY_KIND:
        raise ExirUserError(f"'{path}' is not a native library made by exir-mlir")
    if version != ABI_VERSION:
        raise ExirUserError(f"'{path}' has ABI version {version}, this loader reads version {ABI_VERSION}: "
                            "rebuild the library with this exir-mlir, or load it with the exir-mlir that built it")
    _declare(lib)
    return lib


def _infos(lib: ctypes.CDLL, kind: str) -> list[TensorInfo]:
    count = getattr(lib, f"exir_num_{kind}s")()
    infos = []
    for i in range(count):
        rank = getattr(lib, f"exir_{kind}_rank")(i)
        dims = []
        for d in range(rank):
            size = getattr(lib, f"exir_{kind}_dim")(i, d)
            dims.append(size if size >= 0 else getattr(lib, f"exir_{kind}_dim_expr")(i, d).decode())
        code = getattr(lib, f"exir_{kind}_dtype")(i)
        infos.append(TensorInfo(getattr(lib, f"exir_{kind}_name")(i).decode(), ELEMENTS[code], code, tuple(dims)))
    return infos


class _Owned:
    """An output buffer the library handed over; freed with exir_free when the last view goes."""

    def __init__(self, lib: ctypes.CDLL, pointer: int, shape: tuple, dtype: np.dtype) -> None:
        self._free = lib.exir_free
        self._pointer = pointer
        self.__array_interface__ = {"data": (pointer, False), "shape": shape, "typestr": dtype.str, "version": 3}

    def __del__(self) -> None:
        self._free(self._pointer)


def _is_torch(value) -> bool:
    return type(value).__module__.split(".", 1)[0] == "torch"


class NativeProgram:
    """One instance of a native library: `program(*inputs) -> list of outputs`."""

    def __init__(self, path: str | os.PathLike, *, weights: str | os.PathLike | None = None) -> None:
        self.path = Path(path)
        self._weights = weights
        self._lib = _open(self.path)
        lib = self._lib
        self.abi_version = lib.exir_abi_version()
        self.name = lib.exir_model_name().decode()
        self.inputs = _infos(lib, "input")
        self.outputs = _infos(lib, "output")
        self.symbols = {}
        for k in range(lib.exir_num_symbols()):
            high = lib.exir_symbol_max(k)
            self.symbols[lib.exir_symbol_name(k).decode()] = (lib.exir_symbol_min(k), None if high < 0 else high)
        handle = ctypes.c_void_p()
        status = lib.exir_create(None if weights is None else os.fsencode(weights), ctypes.byref(handle))
        if status != 0:
            raise ExirUserError(f"cannot create an instance of '{self.path}': {lib.exir_last_error(None).decode()}")
        self._instance = handle
        self._lock = threading.Lock()

    def allocation_counts(self) -> tuple[int, int] | None:
        """(allocations, mallocs) of the library's compiled code so far (exir_allocation_counts),
        or None for a library built before it had them."""
        function = getattr(self._lib, "exir_allocation_counts", None)
        if function is None:
            return None
        allocs, mallocs = ctypes.c_int64(), ctypes.c_int64()
        function.restype = None
        function(ctypes.byref(allocs), ctypes.byref(mallocs))
        return allocs.value, mallocs.value

    def clone(self) -> "NativeProgram":
        """Another instance of the same library (buffers as built), to run in another thread."""
        return NativeProgram(self.path, weights=self._weights)

    def close(self) -> None:
        if getattr(self, "_instance", None):
            self._lib.exir_destroy(self._instance)
            self._instance = None

    def __del__(self) -> None:
        self.close()

    def __enter__(self) -> "NativeProgram":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _error(self, status: int) -> ExirUserError:
        message = self._lib.exir_last_error(self._instance).decode()
        if status == 10:  # EXIR_ERR_INDEX: a run-time check failed (index range, torch._check, linalg error)
            return failed_check_error(message, f" (from '{self.path.name}')")
        return ExirUserError(f"{message} ({_STATUS.get(status, status)} error from '{self.path.name}')")

    def _as_array(self, info: TensorInfo, position: int, value):
        """A numpy array over the value's memory (a copy only for non-contiguous values)."""
        if isinstance(value, np.ndarray):
            array = value
        elif _is_torch(value):
            tensor = value.detach()
            if tensor.device.type != "cpu":
                raise ExirUserError(f"input '{info.name}' (argument {position}) is on device '{tensor.device}'; "
                                    "this library runs on the CPU: pass a CPU tensor")
            if str(tensor.dtype) == "torch.bfloat16":
                import torch  # present: the value is a torch tensor

                tensor = tensor.contiguous().view(torch.uint16)
                return np.from_dlpack(tensor), 2
            array = np.from_dlpack(tensor.contiguous() if not tensor.is_contiguous() else tensor)
        elif isinstance(value, (bool, int, float, np.generic)) and info.rank == 0:
            if isinstance(value, float) and info.numpy_dtype.kind in "iub":
                raise ExirUserError(f"input '{info.name}' (argument {position}) takes an int ({info.element}), "
                                    f"got {value!r}")
            array = np.array(value, dtype=info.numpy_dtype)
        else:
            raise ExirUserError(f"input '{info.name}' (argument {position}) must be a numpy array or torch tensor, "
                                f"got {type(value).__name__}")
        code = _CODE_OF_NUMPY.get(array.dtype)
        if info.dtype_code == 2 and array.dtype == np.uint16:
            code = 2  # numpy has no bfloat16: bf16 values travel as their uint16 bits
        if code is None:
            raise ExirUserError(f"input '{info.name}' (argument {position}) has dtype {array.dtype}, but the program "
                                f"was compiled for {info.element}")
        if not array.flags.c_contiguous:
            array = np.ascontiguousarray(array)
        return array, code

    def __call__(self, *args):
        if len(args) == 1 and isinstance(args[0], (list, tuple)):
            args = tuple(args[0])
        return self.run(args)

    def run(self, args) -> list:
        """Run on the user inputs (in order); returns the outputs."""
        if len(args) != len(self.inputs):
            names = ", ".join(i.name for i in self.inputs)
            raise ExirUserError(f"the program takes {len(self.inputs)} inputs ({names}), got {len(args)}")
        as_torch = any(_is_torch(a) for a in args)
        arrays = [self._as_array(info, i, value) for i, (info, value) in enumerate(zip(self.inputs, args))]
        lib = self._lib
        with self._lock:
            if self._instance is None:
                raise ExirUserError(f"the program '{self.path.name}' was closed")
            for i, (array, code) in enumerate(arrays):
                shape = (ctypes.c_int64 * max(1, array.ndim))(*array.shape)
                status = lib.exir_set_input(self._instance, i, array.ctypes.data, code, array.ndim, shape, None)
                if status:
                    raise self._error(status)
            status = lib.exir_run(self._instance)
            if status:
                raise self._error(status)
            outputs = []
            for i, info in enumerate(self.outputs):
                pointer = ctypes.c_void_p()
                shape = (ctypes.c_int64 * max(1, info.rank))()
                status = lib.exir_take_output(self._instance, i, ctypes.byref(pointer), shape, None)
                if status:
                    raise self._error(status)
                dims = tuple(shape[:info.rank])
                owner = _Owned(lib, pointer.value or 0, dims, info.numpy_dtype)
                outputs.append(np.asarray(owner) if pointer.value else np.empty(dims, info.numpy_dtype))
        del arrays  # the inputs were used in place until exir_run returned
        if as_torch:
            return [self._to_torch(info, out) for info, out in zip(self.outputs, outputs)]
        return outputs

    @staticmethod
    def _to_torch(info: TensorInfo, array: np.ndarray):
        import torch  # an input was a torch tensor: torch is there

        tensor = torch.from_dlpack(array) if array.size else torch.from_numpy(array.copy())
        return tensor.view(torch.bfloat16) if info.dtype_code == 2 else tensor


def load(path: str | os.PathLike, *, weights: str | os.PathLike | None = None) -> NativeProgram:
    """Load a native library made by `exir-mlir compile -o model.so` (or `exir_mlir.export_library`).

    `weights`: the side file of a library built with `weights="external"` (default: the
    `<library>.weights` file next to it)."""
    return NativeProgram(path, weights=weights)
