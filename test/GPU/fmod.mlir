// REQUIRES: ptxas
// RUN: exir-mlir-opt %s -p 'builtin.module(exir-gpu-pipeline{chip=sm_90})' | %python -m exir_mlir.tools.gpu_kernels --ptxas sm_90 | FileCheck %s

// arith.remf (torch.fmod, remainder) in a kernel becomes libdevice's fmod (__nv_fmodf, inlined by
// the libdevice link): NVVM has no lowering for the llvm.frem that arith-to-llvm would make of it
// (exir-gpu-to-nvvm failed with "failed to legalize operation 'llvm.frem'").
// CHECK: kernel fmod_kernel: {{.*}}; ptxas sm_90: {{[0-9]+}} registers, 0 bytes spill stores, 0 bytes spill loads

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @fmod(%a: tensor<64x100xf32>, %b: tensor<64x100xf32>) -> tensor<64x100xf32> {
  %e = tensor.empty() : tensor<64x100xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<64x100xf32>, tensor<64x100xf32>) outs(%e : tensor<64x100xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.remf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<64x100xf32>
  return %r : tensor<64x100xf32>
}
