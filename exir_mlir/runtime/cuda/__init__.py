"""The CUDA host runtime: compiled GPU programs run through the CUDA driver API (libcuda via
ctypes), with no CUDA toolkit, libcudart or MLIR runtime library at run time.

- driver.py: libcuda's functions with their C signatures; `driver()` raises `NoCudaDevice`
  (an ExirUserError) where no driver or device is present; `context()` is device 0's primary
  context (shared with torch) and one non-blocking stream.
- executor.py: `load_cuda(plan, images, signature)` -> an `Executable` for `CompiledProgram`:
  the launch plan (exir_mlir.codegen.gpu.host) interpreted on the host, kernels launched with
  cuLaunchKernel; inputs and results copied between host and device on each call.
"""

from exir_mlir.runtime.cuda.driver import CudaError, NoCudaDevice
from exir_mlir.runtime.cuda.executor import CudaPlan, kernel_parameters, load_cuda

__all__ = ["CudaError", "CudaPlan", "NoCudaDevice", "kernel_parameters", "load_cuda"]
