"""The CUDA driver API (libcuda.so.1, the NVIDIA driver itself) through ctypes: the calls the
host runtime makes, with their C signatures declared, and errors as exceptions.

No CUDA toolkit or runtime library (libcudart, libmlir_cuda_runtime) is needed: only the driver.
Where it cannot be loaded, or it finds no device, `driver()` raises `NoCudaDevice` (an
ExirUserError) saying so.
"""

from __future__ import annotations

import ctypes
import threading

from exir_mlir.errors import ExirUserError

CUresult = ctypes.c_int
CUdeviceptr = ctypes.c_uint64  # unsigned long long
CUdevice = ctypes.c_int
_P = ctypes.c_void_p  # CUcontext, CUmodule, CUfunction, CUstream: opaque handles
_PP = ctypes.POINTER(ctypes.c_void_p)

CUDA_SUCCESS = 0
CUDA_ERROR_NO_DEVICE = 100
CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75
CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76
CU_STREAM_NON_BLOCKING = 1

CU_MEMORYTYPE_DEVICE = 2


class CUDA_MEMCPY2D(ctypes.Structure):
    """cuda.h's CUDA_MEMCPY2D (natural C alignment, as ctypes lays it out)."""

    _fields_ = [("srcXInBytes", ctypes.c_size_t), ("srcY", ctypes.c_size_t), ("srcMemoryType", ctypes.c_int),
                ("srcHost", ctypes.c_void_p), ("srcDevice", CUdeviceptr), ("srcArray", ctypes.c_void_p),
                ("srcPitch", ctypes.c_size_t), ("dstXInBytes", ctypes.c_size_t), ("dstY", ctypes.c_size_t),
                ("dstMemoryType", ctypes.c_int), ("dstHost", ctypes.c_void_p), ("dstDevice", CUdeviceptr),
                ("dstArray", ctypes.c_void_p), ("dstPitch", ctypes.c_size_t), ("WidthInBytes", ctypes.c_size_t),
                ("Height", ctypes.c_size_t)]


# name -> (argument types); every function returns CUresult. The _v2 entry points are the ones
# cuda.h maps the plain names to (64-bit device pointers and sizes).
SIGNATURES: dict[str, list] = {
    "cuInit": [ctypes.c_uint],
    "cuDriverGetVersion": [ctypes.POINTER(ctypes.c_int)],
    "cuDeviceGetCount": [ctypes.POINTER(ctypes.c_int)],
    "cuDeviceGet": [ctypes.POINTER(CUdevice), ctypes.c_int],
    "cuDeviceGetName": [ctypes.c_char_p, ctypes.c_int, CUdevice],
    "cuDeviceGetAttribute": [ctypes.POINTER(ctypes.c_int), ctypes.c_int, CUdevice],
    "cuDevicePrimaryCtxRetain": [_PP, CUdevice],
    "cuCtxSetCurrent": [_P],
    "cuCtxGetCurrent": [_PP],
    "cuModuleLoadData": [_PP, ctypes.c_void_p],
    "cuModuleGetFunction": [_PP, _P, ctypes.c_char_p],
    "cuModuleUnload": [_P],
    "cuStreamCreate": [_PP, ctypes.c_uint],
    "cuStreamSynchronize": [_P],
    "cuStreamDestroy_v2": [_P],
    "cuMemAlloc_v2": [ctypes.POINTER(CUdeviceptr), ctypes.c_size_t],
    "cuMemFree_v2": [CUdeviceptr],
    "cuMemAllocAsync": [ctypes.POINTER(CUdeviceptr), ctypes.c_size_t, _P],
    "cuMemFreeAsync": [CUdeviceptr, _P],
    "cuMemcpyHtoDAsync_v2": [CUdeviceptr, ctypes.c_void_p, ctypes.c_size_t, _P],
    "cuMemcpyDtoHAsync_v2": [ctypes.c_void_p, CUdeviceptr, ctypes.c_size_t, _P],
    "cuMemcpyDtoDAsync_v2": [CUdeviceptr, CUdeviceptr, ctypes.c_size_t, _P],
    "cuMemcpy2DAsync_v2": [ctypes.POINTER(CUDA_MEMCPY2D), _P],
    "cuMemsetD8Async": [CUdeviceptr, ctypes.c_ubyte, ctypes.c_size_t, _P],
    # f, gridDimX..Z, blockDimX..Z, sharedMemBytes, hStream, kernelParams (void**), extra (void**)
    "cuLaunchKernel": [_P, ctypes.c_uint, ctypes.c_uint, ctypes.c_uint, ctypes.c_uint, ctypes.c_uint,
                       ctypes.c_uint, ctypes.c_uint, _P, ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_void_p)],
    "cuGetErrorName": [ctypes.c_int, ctypes.POINTER(ctypes.c_char_p)],
}

LIBRARY = "libcuda.so.1"


class NoCudaDevice(ExirUserError):
    """No CUDA device is present (no NVIDIA driver, or it reports no device)."""


class CudaError(RuntimeError):
    """A CUDA driver call failed on a present device."""


class Driver:
    """libcuda's functions, declared; `call(name, *args)` raises CudaError on a failure."""

    def __init__(self, library: ctypes.CDLL) -> None:
        self.library = library
        self.functions = {}
        for name, argtypes in SIGNATURES.items():
            function = getattr(library, name)
            function.argtypes = argtypes
            function.restype = CUresult
            self.functions[name] = function

    def error_name(self, code: int) -> str:
        text = ctypes.c_char_p()
        if self.functions["cuGetErrorName"](code, ctypes.byref(text)) == CUDA_SUCCESS and text.value:
            return text.value.decode()
        return f"CUDA error {code}"

    def call(self, name: str, *args) -> None:
        code = self.functions[name](*args)
        if code != CUDA_SUCCESS:
            raise CudaError(f"{name} failed: {self.error_name(code)} ({code})")


_lock = threading.Lock()
_driver: Driver | None = None
_context: Context | None = None


def driver(library: str = LIBRARY) -> Driver:
    """The driver, initialised (cuInit) once; NoCudaDevice where there is none."""
    global _driver
    with _lock:
        if _driver is not None:
            return _driver
        try:
            lib = ctypes.CDLL(library)
        except OSError as exc:
            raise NoCudaDevice(
                f"no CUDA device is present: the NVIDIA driver library {library} cannot be loaded ({exc}); "
                "run this program on a machine with an NVIDIA GPU and its driver, or compile with "
                "target=\"cuda-on-cpu\" or \"cpu\" to run it here") from None
        candidate = Driver(lib)
        code = candidate.functions["cuInit"](0)
        count = ctypes.c_int(0)
        if code == CUDA_SUCCESS:
            code = candidate.functions["cuDeviceGetCount"](ctypes.byref(count))
        if code != CUDA_SUCCESS or count.value == 0:
            why = candidate.error_name(code) if code != CUDA_SUCCESS else "0 devices"
            raise NoCudaDevice(
                f"no CUDA device is present: the NVIDIA driver reports {why}; run this program on a machine "
                "with an NVIDIA GPU, or compile with target=\"cuda-on-cpu\" or \"cpu\" to run it here")
        _driver = candidate
        return _driver


class Context:
    """Device 0's primary context (the one torch uses too) made current, and one stream."""

    def __init__(self, drv: Driver) -> None:
        self.driver = drv
        device = CUdevice()
        drv.call("cuDeviceGet", ctypes.byref(device), 0)
        self.device = device
        name = ctypes.create_string_buffer(256)
        drv.call("cuDeviceGetName", name, 256, device)
        self.name = name.value.decode()
        major, minor = ctypes.c_int(), ctypes.c_int()
        drv.call("cuDeviceGetAttribute", ctypes.byref(major), CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device)
        drv.call("cuDeviceGetAttribute", ctypes.byref(minor), CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device)
        self.capability = (major.value, minor.value)
        self.handle = ctypes.c_void_p()
        drv.call("cuDevicePrimaryCtxRetain", ctypes.byref(self.handle), device)
        self.make_current()
        self.stream = ctypes.c_void_p()
        drv.call("cuStreamCreate", ctypes.byref(self.stream), CU_STREAM_NON_BLOCKING)

    def make_current(self) -> None:
        self.driver.call("cuCtxSetCurrent", self.handle)


def context() -> Context:
    """The process's CUDA context (created on first use)."""
    global _context
    drv = driver()
    with _lock:
        if _context is None:
            _context = Context(drv)
        else:
            _context.make_current()
        return _context
