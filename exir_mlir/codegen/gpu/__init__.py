"""GPU code generation: linalg on tensors -> kernels for NVIDIA GPUs (NVVM -> PTX), upstream MLIR only.

Stages (each a pass of `exir-mlir-opt`, in this order; `exir-gpu-pipeline{chip=sm_90}` runs them
all after `exir-cpu-fuse`):

- `exir-gpu-map` (mapping.py): every linalg op -> block-mapped `scf.forall` with thread-mapped
  foralls inside (elementwise, contraction and block-level reduction kernels).
- `exir-gpu-bufferize` (lowering.py): block-local tensors to workgroup (shared) memory, one-shot
  bufferization, kernel copies as `linalg.copy`.
- `exir-gpu-launch`: foralls -> `gpu.launch` with thread ids and `gpu.barrier`s (upstream
  transform ops), shared buffers as workgroup `memref.global`s, `gpu-kernel-outlining`.
- `exir-gpu-to-nvvm{chip=sm_80|sm_90}`: upstream `gpu-lower-to-nvvm-pipeline`, PTX in `gpu.binary`.
- `exir-gpu-to-cpu`: instead of launch, the mapped program as sequential CPU loops (numerics
  without a GPU: `compile_on_cpu` in driver.py feeds it to the CPU runtime).

`compile_cuda` (driver.py) also turns the host side into a launch plan (host.py) that the CUDA
runtime (exir_mlir.runtime.cuda, the driver API through ctypes) runs. Not here: tensor-core
contractions.
"""

from exir_mlir.codegen.gpu.driver import CudaBuild, GpuKernels, compile_cuda, compile_on_cpu, emit_ptx, ptxas_report
from exir_mlir.codegen.gpu.registration import register_gpu_passes

register_gpu_passes()

__all__ = ["CudaBuild", "GpuKernels", "compile_cuda", "compile_on_cpu", "emit_ptx", "ptxas_report", "register_gpu_passes"]
