// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-tile{vector-bits=256 cores=2})' | FileCheck %s
// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-tile{vector-bits=256 cores=2},exir-cpu-bufferize,exir-cpu-parallelize{num-threads=2},exir-cpu-to-llvm)' | FileCheck %s --check-prefix=LLVM

// The dot kernel (x @ W^T, k contiguous in both: nn.Linear's layout) accumulates lane-wide partial
// sums with an elementwise acc + a * b, every dim parallel: no vector.contract to lower to FMAs.
// Its multiply and add carry fastmath<contract> so that LLVM fuses them into one FMA (without the
// flag it must round the product apart: the k loop ran vmulps + vaddps, no vfmadd). The lane
// reduction after the loop is a plain sum.

// Rows symbolic (a batch marked torch.export.Dim): the full 4-row blocks and the remainder rows
// (one static block of exactly their count: 3, 2 or 1 rows, no masks) all accumulate with
// contractable pairs in registers, the k loop inside the block (AVX2: 4x3 blocks).
// CHECK-LABEL: func.func @linear_dynamic_batch
// CHECK:         scf.forall
// CHECK:           %[[PARTIAL:.*]] = scf.for %{{.*}} = %c0 to %c64 step %c8 iter_args(%[[ACC:.*]] = %{{.*}}) -> (vector<4x3x8xf32>)
// CHECK-NOT:         vector.create_mask
// CHECK:             %[[PROD:.*]] = arith.mulf %{{.*}}, %{{.*}} fastmath<contract> : vector<4x3x8xf32>
// CHECK:             %[[SUM:.*]] = arith.addf %[[ACC]], %[[PROD]] fastmath<contract> : vector<4x3x8xf32>
// CHECK:             scf.yield %[[SUM]]
// CHECK:           vector.multi_reduction <add>, %[[PARTIAL]], %{{.*}} [2] : vector<4x3x8xf32> to vector<4x3xf32>
// CHECK:           scf.for %{{.*}} step %c3
// CHECK:             scf.for %{{.*}} = %c0 to %c64 step %c8 iter_args(%{{.*}}) -> (vector<3x3x8xf32>)
// CHECK:           scf.for %{{.*}} step %c3
// CHECK:             scf.for %{{.*}} step %c2
// CHECK:               scf.for %{{.*}} = %c0 to %c64 step %c8 iter_args(%{{.*}}) -> (vector<2x3x8xf32>)
// CHECK:           scf.for %{{.*}} = %c0 to %{{.*}} step %c1
// CHECK:             %[[RPARTIAL:.*]] = scf.for {{.*}} iter_args(%[[RACC:.*]] = %{{.*}}) -> (vector<1x3x8xf32>)
// CHECK-NOT:           vector.create_mask
// CHECK:               %[[RPROD:.*]] = arith.mulf %{{.*}}, %{{.*}} fastmath<contract> : vector<1x3x8xf32>
// CHECK:               arith.addf %[[RACC]], %[[RPROD]] fastmath<contract> : vector<1x3x8xf32>
// CHECK:             vector.multi_reduction <add>, %[[RPARTIAL]], %{{.*}} [2] : vector<1x3x8xf32> to vector<1x3xf32>
// LLVM-LABEL:  llvm.func @linear_dynamic_batch
// LLVM:          llvm.fmul %{{.*}}, %{{.*}} {fastmathFlags = #llvm.fastmath<contract>} : vector<8xf32>
// LLVM:          llvm.fadd %{{.*}}, %{{.*}} {fastmathFlags = #llvm.fastmath<contract>} : vector<8xf32>
func.func @linear_dynamic_batch(%x: tensor<?x64xf32>, %w: tensor<32x64xf32>) -> tensor<?x32xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %m = tensor.dim %x, %c0 : tensor<?x64xf32>
  %e = tensor.empty(%m) : tensor<?x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x32xf32>) -> tensor<?x32xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%x, %w : tensor<?x64xf32>, tensor<32x64xf32>) outs(%f : tensor<?x32xf32>) -> tensor<?x32xf32>
  return %r : tensor<?x32xf32>
}

// -----

// With an epilogue (bias init, ReLU) fused around it, the same k loop.
// CHECK-LABEL: func.func @linear_bias_relu
// CHECK:         scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (vector<4x3x8xf32>)
// CHECK:           %[[PROD:.*]] = arith.mulf %{{.*}}, %{{.*}} fastmath<contract> : vector<4x3x8xf32>
// CHECK:           arith.addf %[[ACC]], %[[PROD]] fastmath<contract> : vector<4x3x8xf32>
// CHECK:         arith.maximumf
// LLVM-LABEL:  llvm.func @linear_bias_relu
// LLVM:          llvm.fmul %{{.*}}, %{{.*}} {fastmathFlags = #llvm.fastmath<contract>} : vector<8xf32>
// LLVM:          llvm.fadd %{{.*}}, %{{.*}} {fastmathFlags = #llvm.fastmath<contract>} : vector<8xf32>
func.func @linear_bias_relu(%w: tensor<32x64xf32>, %bias: tensor<32xf32>, %x: tensor<8x64xf32>) -> tensor<8x32xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<8x32xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%bias : tensor<32xf32>) outs(%0 : tensor<8x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<8x32xf32>
  %2 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%x, %w : tensor<8x64xf32>, tensor<32x64xf32>) outs(%1 : tensor<8x32xf32>) -> tensor<8x32xf32>
  %3 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<8x32xf32>) outs(%0 : tensor<8x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %4 = arith.maximumf %in, %cst : f32
    linalg.yield %4 : f32
  } -> tensor<8x32xf32>
  return %3 : tensor<8x32xf32>
}

// -----

// q·kᵀ of a causal attention with a symbolic sequence length: the dot kernel with both matrix dims
// symbolic and its epilogue (scale, mask) fused. Every remainder of the 4x3 block (rows, columns,
// the corner) has a size known only at run time: it runs the one static block of its size (3, 2
// or 1 rows; 2 or 1 columns), so each part accumulates a static vector in registers. No masks, no partial accumulator of dynamic size (a
// heap buffer read and written with masked moves at every k step), no scalar combine: after the
// zero fill (whose lanes alone are masked), no vector.create_mask, tensor.empty or linalg op.
// CHECK-LABEL: func.func @scores_dynamic_sequence
// CHECK:         scf.forall
// CHECK:           scf.for {{.*}} -> (vector<4x3x8xf32>)
// CHECK:           arith.maximumf %{{.*}} : vector<4x3xf32>
// CHECK-NOT:       vector.create_mask
// CHECK-NOT:       tensor.empty
// CHECK-NOT:       linalg.
// CHECK:           scf.for {{.*}} -> (vector<4x2x8xf32>)
// CHECK-NOT:       vector.create_mask
// CHECK-NOT:       tensor.empty
// CHECK-NOT:       linalg.
// CHECK:           scf.for {{.*}} -> (vector<4x1x8xf32>)
// CHECK-NOT:       vector.create_mask
// CHECK-NOT:       tensor.empty
// CHECK-NOT:       linalg.
// CHECK:           scf.for {{.*}} -> (vector<3x3x8xf32>)
// CHECK-NOT:       vector.create_mask
// CHECK-NOT:       tensor.empty
// CHECK-NOT:       linalg.
// CHECK:           scf.for {{.*}} -> (vector<1x3x8xf32>)
// CHECK-NOT:       vector.create_mask
// CHECK-NOT:       tensor.empty
// CHECK-NOT:       linalg.
// CHECK:           scf.for {{.*}} -> (vector<1x1x8xf32>)
// CHECK-NOT:       vector.create_mask
// CHECK-NOT:       tensor.empty
// CHECK-NOT:       linalg.
// CHECK:         return
func.func @scores_dynamic_sequence(%q: tensor<?x64xf32>, %k: tensor<?x64xf32>, %bias: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %l = tensor.dim %q, %c0 : tensor<?x64xf32>
  %s = tensor.dim %k, %c0 : tensor<?x64xf32>
  %e = tensor.empty(%l, %s) : tensor<?x?xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%q, %k : tensor<?x64xf32>, tensor<?x64xf32>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%r, %bias : tensor<?x?xf32>, tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %scaled = arith.mulf %a, %a : f32
    %sum = arith.addf %scaled, %b : f32
    %m = arith.maximumf %sum, %zero : f32
    linalg.yield %m : f32
  } -> tensor<?x?xf32>
  return %o : tensor<?x?xf32>
}
