// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-fuse)' | FileCheck %s

// Three elementwise ops (one named) become one generic: one pass over memory.
// CHECK-LABEL: func.func @chain
// CHECK-SAME:    (%[[X:.*]]: tensor<1024xf32>, %[[Y:.*]]: tensor<1024xf32>)
// CHECK:         %[[R:.*]] = linalg.generic {{.*}} ins(%[[X]], %[[Y]] : tensor<1024xf32>, tensor<1024xf32>)
// CHECK:           arith.mulf
// CHECK:           arith.addf
// CHECK:           math.exp
// CHECK-NOT:     linalg.generic
// CHECK-NOT:     linalg.add
// CHECK:         return %[[R]]
func.func @chain(%x: tensor<1024xf32>, %y: tensor<1024xf32>) -> tensor<1024xf32> {
  %e = tensor.empty() : tensor<1024xf32>
  %0 = linalg.mul ins(%x, %y : tensor<1024xf32>, tensor<1024xf32>) outs(%e : tensor<1024xf32>) -> tensor<1024xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%0, %x : tensor<1024xf32>, tensor<1024xf32>) outs(%e : tensor<1024xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<1024xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%1 : tensor<1024xf32>) outs(%e : tensor<1024xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<1024xf32>
  return %2 : tensor<1024xf32>
}

// -----

// A matmul is not elementwise: it stays a named op (the tiler recognizes it), its elementwise
// consumer stays separate.
// CHECK-LABEL: func.func @matmul_then_relu
// CHECK:         linalg.matmul
// CHECK:         linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel"]
// CHECK:           arith.maximumf
func.func @matmul_then_relu(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>, %init: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %zero = arith.constant 0.0 : f32
  %m = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x4xf32>) outs(%init : tensor<8x4xf32>) -> tensor<8x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%m : tensor<8x4xf32>) outs(%init : tensor<8x4xf32>) {
  ^bb0(%v: f32, %o: f32):
    %y = arith.maximumf %v, %zero : f32
    linalg.yield %y : f32
  } -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}

// -----

// torch's linear: W^T materialized by a transpose that only feeds the matmul. The transpose folds
// into the matmul's indexing maps: W is read in place, no copy per call.
// CHECK:       #[[WMAP:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-LABEL: func.func @linear
// CHECK-SAME:    (%[[X:.*]]: tensor<8x16xf32>, %[[W:.*]]: tensor<4x16xf32>
// CHECK-NOT:     linalg.transpose
// CHECK:         linalg.matmul indexing_maps = [#{{.*}}, #[[WMAP]], #{{.*}}]
// CHECK-SAME:      ins(%[[X]], %[[W]] : tensor<8x16xf32>, tensor<4x16xf32>)
func.func @linear(%x: tensor<8x16xf32>, %w: tensor<4x16xf32>, %init: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %e = tensor.empty() : tensor<16x4xf32>
  %wt = linalg.transpose ins(%w : tensor<4x16xf32>) outs(%e : tensor<16x4xf32>) permutation = [1, 0]
  %r = linalg.matmul ins(%x, %wt : tensor<8x16xf32>, tensor<16x4xf32>) outs(%init : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}

// -----

// bmm(x.transpose(0, 1), w) (nn.MultiheadAttention, nn.LSTM): a transpose of the matrix dims folds
// into batch_matmul's maps, but one that moves the batch dim stays a copy (batch_matmul's verifier
// takes the batch dim first only).
// CHECK-DAG:   #[[LHS:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-DAG:   #[[RHS:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// CHECK-LABEL: func.func @batch_transposes
// CHECK-SAME:    (%[[X:.*]]: tensor<5x3x4xf32>, %[[W:.*]]: tensor<3x6x4xf32>
// CHECK:         %[[XT:.*]] = linalg.generic
// CHECK-SAME:      ins(%[[X]] : tensor<5x3x4xf32>)
// CHECK:         linalg.batch_matmul indexing_maps = [#[[LHS]], #[[RHS]], #{{.*}}]
// CHECK-SAME:      ins(%[[XT]], %[[W]] : tensor<3x5x4xf32>, tensor<3x6x4xf32>)
func.func @batch_transposes(%x: tensor<5x3x4xf32>, %w: tensor<3x6x4xf32>, %init: tensor<3x5x6xf32>) -> tensor<3x5x6xf32> {
  %e = tensor.empty() : tensor<3x5x4xf32>
  %xt = linalg.transpose ins(%x : tensor<5x3x4xf32>) outs(%e : tensor<3x5x4xf32>) permutation = [1, 0, 2]
  %e2 = tensor.empty() : tensor<3x4x6xf32>
  %wt = linalg.transpose ins(%w : tensor<3x6x4xf32>) outs(%e2 : tensor<3x4x6xf32>) permutation = [0, 2, 1]
  %r = linalg.batch_matmul ins(%xt, %wt : tensor<3x5x4xf32>, tensor<3x4x6xf32>) outs(%init : tensor<3x5x6xf32>) -> tensor<3x5x6xf32>
  return %r : tensor<3x5x6xf32>
}

// -----

// A transpose with another user stays (the matmul then reads its result as usual).
// CHECK-LABEL: func.func @shared_transpose
// CHECK:         %[[WT:.*]] = linalg.generic
// CHECK:         linalg.matmul ins(%{{.*}}, %[[WT]] :
func.func @shared_transpose(%x: tensor<8x16xf32>, %w: tensor<4x16xf32>, %init: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<16x4xf32>) {
  %e = tensor.empty() : tensor<16x4xf32>
  %wt = linalg.transpose ins(%w : tensor<4x16xf32>) outs(%e : tensor<16x4xf32>) permutation = [1, 0]
  %r = linalg.matmul ins(%x, %wt : tensor<8x16xf32>, tensor<16x4xf32>) outs(%init : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %r, %wt : tensor<8x4xf32>, tensor<16x4xf32>
}

// -----

// A normalization feeding a matmul through a reshape: elementwise fusion must not pull it into
// the contraction (it would be recomputed for every output column); the matmul stays named.
// CHECK-LABEL: func.func @norm_then_matmul
// CHECK:         %[[NORM:.*]] = linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "parallel"]
// CHECK:         %[[FLAT:.*]] = tensor.collapse_shape %[[NORM]]
// CHECK:         linalg.matmul ins(%[[FLAT]], %{{.*}} : tensor<32x16xf32>, tensor<16x8xf32>)
// CHECK-NOT:     func.func private @__exir_fusion_barrier
func.func @norm_then_matmul(%x: tensor<4x8x16xf32>, %s: tensor<4x8xf32>, %w: tensor<16x8xf32>, %init: tensor<32x8xf32>) -> tensor<32x8xf32> {
  %e = tensor.empty() : tensor<4x8x16xf32>
  %n = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %s : tensor<4x8x16xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<4x8x16xf32>
  %c = tensor.collapse_shape %n [[0, 1], [2]] : tensor<4x8x16xf32> into tensor<32x16xf32>
  %r = linalg.matmul ins(%c, %w : tensor<32x16xf32>, tensor<16x8xf32>) outs(%init : tensor<32x8xf32>) -> tensor<32x8xf32>
  return %r : tensor<32x8xf32>
}
