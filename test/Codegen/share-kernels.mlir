// RUN: exir-mlir-opt %s -p 'builtin.module(exir-cpu-share-kernels)' | FileCheck %s
// RUN: exir-mlir-opt %s -p 'builtin.module(exir-cpu-tile{vector-bits=256 cores=1})' | FileCheck %s --check-prefix=TILED

// Two layers of the same shapes: a linear (zero fill, contraction, bias epilogue) and a scaling.
// The contraction's group (its fill and epilogue with it) is one kernel that both layers call, with
// their own weights and bias as arguments; the scalings differ only in their constant (2.0, 3.0)
// and stay two kernels. Constants and destinations (tensor.empty) are rebuilt inside a kernel.
// CHECK-LABEL: func.func @two_layers
// CHECK-SAME:    (%[[X:.*]]: tensor<?x64xf32>, %[[W1:.*]]: tensor<64x64xf32>, %[[B1:.*]]: tensor<64xf32>, %[[W2:.*]]: tensor<64x64xf32>, %[[B2:.*]]: tensor<64xf32>)
// CHECK:         %[[N:.*]] = tensor.dim %[[X]]
// CHECK:         %[[L1:.*]] = call @[[LINEAR:__exir_kernel_[0-9]+]](%[[X]], %[[W1]], %[[B1]], %[[N]])
// CHECK:         %[[S1:.*]] = call @[[TIMES2:__exir_kernel_[0-9]+]](%[[L1]], %[[N]])
// CHECK:         %[[L2:.*]] = call @[[LINEAR]](%[[S1]], %[[W2]], %[[B2]], %[[N]])
// CHECK:         %[[S2:.*]] = call @[[TIMES3:__exir_kernel_[0-9]+]](%[[L2]], %[[N]])
// CHECK:         return %[[S2]]
// CHECK:       func.func private @[[LINEAR]](%{{.*}}: tensor<?x64xf32>, %{{.*}}: tensor<64x64xf32>, %{{.*}}: tensor<64xf32>, %[[K:.*]]: index)
// CHECK:         arith.constant 0.0
// CHECK:         tensor.empty(%[[K]]) : tensor<?x64xf32>
// CHECK:         linalg.fill
// CHECK:         linalg.matmul
// CHECK:         linalg.generic
// CHECK:           arith.addf
// CHECK:       func.func private @[[TIMES2]]
// CHECK:         arith.constant 2.0
// CHECK:       func.func private @[[TIMES3]]
// CHECK:         arith.constant 3.0
// CHECK-NOT:   func.func

// After the tiling stage no kernel is left: each call was inlined, tiled (the contraction's register
// blocks and its peeled remainder rows, once per layer) in place of its group.
// TILED-LABEL: func.func @two_layers
// TILED-DAG:     %[[TWO:.*]] = arith.constant dense<2.000000e+00> : vector<1x32xf32>
// TILED-DAG:     %[[THREE:.*]] = arith.constant dense<3.000000e+00> : vector<1x32xf32>
// TILED-NOT:     call @__exir_kernel
// TILED:         vector.contract {{.*}} into vector<4x16xf32>
// TILED:         vector.contract {{.*}} into vector<1x16xf32>
// TILED:         arith.mulf %{{.*}}, %[[TWO]]
// TILED:         vector.contract {{.*}} into vector<4x16xf32>
// TILED:         vector.contract {{.*}} into vector<1x16xf32>
// TILED:         arith.mulf %{{.*}}, %[[THREE]]
// TILED-NOT:     call @__exir_kernel
// TILED-NOT:   func.func {{.*}}@__exir_kernel

#row = affine_map<(d0, d1) -> (d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @two_layers(%x: tensor<?x64xf32>, %w1: tensor<64x64xf32>, %b1: tensor<64xf32>,
                      %w2: tensor<64x64xf32>, %b2: tensor<64xf32>) -> tensor<?x64xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x64xf32>
  %e = tensor.empty(%n) : tensor<?x64xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e : tensor<?x64xf32>) -> tensor<?x64xf32>
  %m1 = linalg.matmul ins(%x, %w1 : tensor<?x64xf32>, tensor<64x64xf32>) outs(%f1 : tensor<?x64xf32>) -> tensor<?x64xf32>
  %l1 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%m1, %b1 : tensor<?x64xf32>, tensor<64xf32>) outs(%e : tensor<?x64xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<?x64xf32>
  %s1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%l1 : tensor<?x64xf32>) outs(%e : tensor<?x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %two = arith.constant 2.0 : f32
    %s = arith.mulf %a, %two : f32
    linalg.yield %s : f32
  } -> tensor<?x64xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e : tensor<?x64xf32>) -> tensor<?x64xf32>
  %m2 = linalg.matmul ins(%s1, %w2 : tensor<?x64xf32>, tensor<64x64xf32>) outs(%f2 : tensor<?x64xf32>) -> tensor<?x64xf32>
  %l2 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%m2, %b2 : tensor<?x64xf32>, tensor<64xf32>) outs(%e : tensor<?x64xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<?x64xf32>
  %s2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%l2 : tensor<?x64xf32>) outs(%e : tensor<?x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %three = arith.constant 3.0 : f32
    %s = arith.mulf %a, %three : f32
    linalg.yield %s : f32
  } -> tensor<?x64xf32>
  return %s2 : tensor<?x64xf32>
}
