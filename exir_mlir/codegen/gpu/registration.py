"""Registers the GPU stages with exir_mlir.passes so that exir-mlir-opt can run them by name."""

from __future__ import annotations

from exir_mlir.codegen.gpu import driver, lowering, mapping
from exir_mlir.errors import ExirError
from exir_mlir.passes import PassFailure, PassOption, register_pass


def _reporting(stage):
    def run(module, **options):
        try:
            stage(module, **options)
        except ExirError as exc:
            module.location.emit_error(str(exc))
            raise PassFailure(str(exc)) from exc

    return run


_NVVM = ("builtin.module(gpu-lower-to-nvvm-pipeline{cubin-format=isa})",)


def register_gpu_passes() -> None:
    register_pass("exir-gpu-map", _reporting(mapping.map_to_gpu),
                  description="tile linalg ops into scf.forall nests mapped to GPU blocks and threads "
                  "(elementwise, contraction, block-level reduction kernels)")
    register_pass("exir-gpu-bufferize", _reporting(lowering.bufferize),
                  description="block-local tensors to shared memory, then one-shot bufferization")
    register_pass("exir-gpu-launch", _reporting(lowering.launch),
                  description="mapped foralls -> gpu.launch (thread ids, barriers), shared globals, kernel outlining")
    register_pass("exir-gpu-to-nvvm", _reporting(lowering.to_nvvm),
                  description="gpu-lower-to-nvvm-pipeline: kernels -> PTX (gpu.binary), host -> LLVM",
                  options={"chip": PassOption(str, "sm_90", "target GPU: sm_80 or sm_90")}, preload=_NVVM)
    register_pass("exir-gpu-to-cpu", _reporting(lowering.to_cpu),
                  description="the mapped, bufferized program as sequential CPU loops (shared memory on the stack)")
    register_pass("exir-gpu-pipeline", _reporting(driver.run_gpu_pipeline),
                  description="exir-cpu-fuse, exir-gpu-map, -bufferize, -launch, -to-nvvm",
                  options={"chip": PassOption(str, "sm_90", "target GPU: sm_80 or sm_90")}, preload=_NVVM)
