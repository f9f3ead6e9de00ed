// REQUIRES: ptxas
// RUN: exir-mlir-opt %s -p 'builtin.module(exir-gpu-pipeline{chip=sm_80})' | %python -m exir_mlir.tools.gpu_kernels --ptxas sm_80 | FileCheck %s --check-prefix=SM80
// RUN: exir-mlir-opt %s -p 'builtin.module(exir-gpu-pipeline{chip=sm_90})' | %python -m exir_mlir.tools.gpu_kernels --ptxas sm_90 | FileCheck %s --check-prefix=SM90
// RUN: exir-mlir-opt %s -p 'builtin.module(exir-gpu-pipeline{chip=sm_90})' | FileCheck %s --check-prefix=IR

// A softmax over rows (max, exp-sum, divide) and a matmul + bias + relu through the whole GPU
// pipeline: the PTX of every kernel assembles with ptxas for sm_80 and sm_90 without spills. The two
// row reductions keep their 128 partials in shared memory (512 bytes) behind barriers (init,
// partial fill, partial sums, combine: 4 bar.sync); the bias is fused into the matmul's kernel, whose
// 32x32 tiles of both operands are staged in shared memory at each k step (2 x 4096 bytes).
// SM80: kernel softmax_kernel: {{.*}} 4 bar.sync; ptxas sm_80: {{[0-9]+}} registers, 0 bytes spill stores, 0 bytes spill loads, 512 bytes smem
// SM80: kernel softmax_kernel_0: {{.*}} 4 bar.sync; ptxas sm_80: {{[0-9]+}} registers, 0 bytes spill stores, 0 bytes spill loads, 512 bytes smem
// SM80: kernel softmax_kernel_1: {{.*}}; ptxas sm_80: {{[0-9]+}} registers, 0 bytes spill stores, 0 bytes spill loads, 0 bytes smem
// SM80: kernel linear_relu_kernel: {{.*}} 4 bar.sync; ptxas sm_80: {{[0-9]+}} registers, 0 bytes spill stores, 0 bytes spill loads, 8192 bytes smem
// SM80: kernel linear_relu_kernel_{{[0-9]+}}: {{.*}}; ptxas sm_80: {{[0-9]+}} registers, 0 bytes spill stores, 0 bytes spill loads, 0 bytes smem
// SM80-NOT: kernel
// SM90-COUNT-5: kernel {{.*}}; ptxas sm_90: {{[0-9]+}} registers, 0 bytes spill stores, 0 bytes spill loads
// SM90-NOT: kernel
// IR: gpu.binary @softmax_kernel [#gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">
// IR-SAME: .target sm_90
// IR-SAME: .shared .align 16 .b8 __exir_shared_0[512]

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#bias = affine_map<(d0, d1) -> (d1)>
func.func @softmax(%x: tensor<64x1000xf32>) -> tensor<64x1000xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64xf32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x1000xf32>) outs(%m0 : tensor<64xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.maximumf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %s = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %m : tensor<64x1000xf32>, tensor<64xf32>) outs(%s0 : tensor<64xf32>) {
  ^bb0(%a: f32, %mx: f32, %acc: f32):
    %d = arith.subf %a, %mx : f32
    %x2 = math.exp %d : f32
    %r = arith.addf %x2, %acc : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  %o = tensor.empty() : tensor<64x1000xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %m, %s : tensor<64x1000xf32>, tensor<64xf32>, tensor<64xf32>) outs(%o : tensor<64x1000xf32>) {
  ^bb0(%a: f32, %mx: f32, %sum: f32, %out: f32):
    %d = arith.subf %a, %mx : f32
    %x2 = math.exp %d : f32
    %r = arith.divf %x2, %sum : f32
    linalg.yield %r : f32
  } -> tensor<64x1000xf32>
  return %y : tensor<64x1000xf32>
}

func.func @linear_relu(%a: tensor<128x256xf32>, %w: tensor<256x64xf32>, %b: tensor<64xf32>) -> tensor<128x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x64xf32>
  %init = linalg.generic {indexing_maps = [#bias, #id], iterator_types = ["parallel", "parallel"]}
      ins(%b : tensor<64xf32>) outs(%e : tensor<128x64xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } -> tensor<128x64xf32>
  %mm = linalg.matmul ins(%a, %w : tensor<128x256xf32>, tensor<256x64xf32>) outs(%init : tensor<128x64xf32>) -> tensor<128x64xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm : tensor<128x64xf32>) outs(%e : tensor<128x64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.maximumf %v, %zero : f32
    linalg.yield %m : f32
  } -> tensor<128x64xf32>
  return %r : tensor<128x64xf32>
}
