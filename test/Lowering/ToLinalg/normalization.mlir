// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(to-linalg)' | FileCheck %s

// softmax = max-reduce (from -inf), exp(x - max), sum-reduce (from 0), divide: numerically stable.
// The max is subtracted from x itself (not added, not skipped) and exp's sum divides exp.
// CHECK-LABEL: func.func @softmax
// CHECK-SAME: (%[[X:.*]]: tensor<2x4xf32>)
// CHECK:      %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK:      %[[INIT:.*]] = linalg.fill ins(%[[NINF]] : f32)
// CHECK:      %[[MAX:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<2x4xf32>) outs(%[[INIT]] : tensor<2xf32>)
// CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:   %[[M:.*]] = arith.maximumf %[[A]], %[[ACC]] : f32
// CHECK:      %[[SH:.*]] = linalg.generic {{.*}} ins(%[[X]], %[[MAX]] : tensor<2x4xf32>, tensor<2xf32>)
// CHECK-NEXT: ^bb0(%[[V:.*]]: f32, %[[MV:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:   %[[D:.*]] = arith.subf %[[V]], %[[MV]] : f32
// CHECK-NEXT:   linalg.yield %[[D]]
// CHECK:      %[[E:.*]] = linalg.generic {{.*}} ins(%[[SH]] : tensor<2x4xf32>)
// CHECK-NEXT: ^bb0(%[[S:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:   math.exp %[[S]] : f32
// CHECK:      %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:      linalg.fill ins(%[[ZERO]] : f32)
// CHECK:      %[[SUM:.*]] = linalg.generic {{.*}} ins(%[[E]] : tensor<2x4xf32>)
// CHECK:        arith.addf
// CHECK:      linalg.generic {{.*}} ins(%[[E]], %[[SUM]] : tensor<2x4xf32>, tensor<2xf32>)
// CHECK-NEXT: ^bb0(%[[EV:.*]]: f32, %[[T:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:   arith.divf %[[EV]], %[[T]] : f32
func.func @softmax(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = "edge.softmax"(%x) {dim = 1 : i64} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// log_softmax = (x - max) - log(sum(exp(x - max))): no division.
// CHECK-LABEL: func.func @log_softmax
// CHECK-SAME: (%[[X:.*]]: tensor<2x4xf32>)
// CHECK:      %[[MAX:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<2x4xf32>)
// CHECK:      %[[SH:.*]] = linalg.generic {{.*}} ins(%[[X]], %[[MAX]] :
// CHECK-NEXT: ^bb0(%[[V:.*]]: f32, %[[MV:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:   arith.subf %[[V]], %[[MV]] : f32
// CHECK:      %[[SUM:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK:      linalg.generic {{.*}} ins(%[[SH]], %[[SUM]] : tensor<2x4xf32>, tensor<2xf32>)
// CHECK-NEXT: ^bb0(%[[S:.*]]: f32, %[[T:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:   %[[L:.*]] = math.log %[[T]] : f32
// CHECK-NEXT:   arith.subf %[[S]], %[[L]] : f32
// CHECK-NOT:  arith.divf
func.func @log_softmax(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = "edge.log_softmax"(%x) {dim = 1 : i64} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// layer_norm: mean = sum / N; rstd = rsqrt(sum((x - mean)^2) / N + eps) (biased variance, N = 32 the
// normalized size, eps = 1e-3 as given); out = (x - mean) * rstd * w + b; mean and rstd come back with
// the normalized dims as size 1.
// CHECK-LABEL: func.func @layer_norm
// CHECK-SAME: (%[[X:.*]]: tensor<2x8x32xf32>, %[[W:.*]]: tensor<32xf32>, %[[B:.*]]: tensor<32xf32>)
// CHECK:      %[[C32:.*]] = arith.constant 32 : index
// CHECK:      %[[NI:.*]] = arith.index_cast %[[C32]] : index to i64
// CHECK:      %[[N:.*]] = arith.sitofp %[[NI]] : i64 to f32
// CHECK:      %[[SUM:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]{{.*}} ins(%[[X]] : tensor<2x8x32xf32>)
// CHECK:      %[[MEAN:.*]] = linalg.generic {{.*}} ins(%[[SUM]] : tensor<2x8xf32>)
// CHECK-NEXT: ^bb0(%[[S:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:   arith.divf %[[S]], %[[N]] : f32
// CHECK:      %[[SS:.*]] = linalg.generic {{.*}} ins(%[[X]], %[[MEAN]] : tensor<2x8x32xf32>, tensor<2x8xf32>)
// CHECK-NEXT: ^bb0(%[[V:.*]]: f32, %[[MV:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:   %[[DF:.*]] = arith.subf %[[V]], %[[MV]] : f32
// CHECK-NEXT:   %[[SQ:.*]] = arith.mulf %[[DF]], %[[DF]] : f32
// CHECK-NEXT:   arith.addf %[[ACC]], %[[SQ]] : f32
// CHECK:      %[[EPS:.*]] = arith.constant 1.000000e-03 : f32
// CHECK:      %[[RSTD:.*]] = linalg.generic {{.*}} ins(%[[SS]] : tensor<2x8xf32>)
// CHECK-NEXT: ^bb0(%[[Q:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:   %[[VAR:.*]] = arith.divf %[[Q]], %[[N]] : f32
// CHECK-NEXT:   %[[VE:.*]] = arith.addf %[[VAR]], %[[EPS]] : f32
// CHECK-NEXT:   math.rsqrt %[[VE]] : f32
// CHECK:      %[[OUT:.*]] = linalg.generic {{.*}} ins(%[[X]], %[[MEAN]], %[[RSTD]], %[[W]], %[[B]] : tensor<2x8x32xf32>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<32xf32>, tensor<32xf32>)
// CHECK-NEXT: ^bb0(%[[V2:.*]]: f32, %[[M2:.*]]: f32, %[[R2:.*]]: f32, %[[W2:.*]]: f32, %[[B2:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:   %[[C:.*]] = arith.subf %[[V2]], %[[M2]] : f32
// CHECK-NEXT:   %[[NR:.*]] = arith.mulf %[[C]], %[[R2]] : f32
// CHECK-NEXT:   %[[SC:.*]] = arith.mulf %[[NR]], %[[W2]] : f32
// CHECK-NEXT:   arith.addf %[[SC]], %[[B2]] : f32
// CHECK:      %[[MEAN1:.*]] = tensor.expand_shape %[[MEAN]] {{\[\[}}0], [1, 2]] output_shape [2, 8, 1] : tensor<2x8xf32> into tensor<2x8x1xf32>
// CHECK:      return %[[OUT]], %[[MEAN1]]
func.func @layer_norm(%x: tensor<2x8x32xf32>, %w: tensor<32xf32>, %b: tensor<32xf32>) -> (tensor<2x8x32xf32>, tensor<2x8x1xf32>) {
  %0:3 = "edge.layer_norm"(%x, %w, %b) {axis = 2 : i64, eps = 1.0e-03 : f64, operandSegmentSizes = array<i32: 1, 1, 1>} : (tensor<2x8x32xf32>, tensor<32xf32>, tensor<32xf32>) -> (tensor<2x8x32xf32>, tensor<2x8x1xf32>, tensor<2x8x1xf32>)
  return %0#0, %0#1 : tensor<2x8x32xf32>, tensor<2x8x1xf32>
}

// -----

// batch norm with running statistics: one elementwise generic reading per-channel vectors:
// (x - mean) * rsqrt(var + eps) * w + b with eps = 1e-3 as given.
// CHECK-DAG: #[[CH:.*]] = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @batch_norm
// CHECK-SAME: (%[[X:.*]]: tensor<1x8x4x4xf32>, %[[W:.*]]: tensor<8xf32>, %[[B:.*]]: tensor<8xf32>, %[[M:.*]]: tensor<8xf32>, %[[VAR:.*]]: tensor<8xf32>)
// CHECK:      %[[EPS:.*]] = arith.constant 1.000000e-03 : f32
// CHECK:      linalg.generic {indexing_maps = [#{{.*}}, #[[CH]], #[[CH]], #[[CH]], #[[CH]], #{{.*}}]{{.*}} ins(%[[X]], %[[M]], %[[VAR]], %[[W]], %[[B]] :
// CHECK-NEXT: ^bb0(%[[V:.*]]: f32, %[[MV:.*]]: f32, %[[S:.*]]: f32, %[[WV:.*]]: f32, %[[BV:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:   %[[C:.*]] = arith.subf %[[V]], %[[MV]] : f32
// CHECK-NEXT:   %[[SE:.*]] = arith.addf %[[S]], %[[EPS]] : f32
// CHECK-NEXT:   %[[R:.*]] = math.rsqrt %[[SE]] : f32
// CHECK-NEXT:   %[[NR:.*]] = arith.mulf %[[C]], %[[R]] : f32
// CHECK-NEXT:   %[[SC:.*]] = arith.mulf %[[NR]], %[[WV]] : f32
// CHECK-NEXT:   arith.addf %[[SC]], %[[BV]] : f32
func.func @batch_norm(%x: tensor<1x8x4x4xf32>, %w: tensor<8xf32>, %b: tensor<8xf32>, %m: tensor<8xf32>, %v: tensor<8xf32>) -> tensor<1x8x4x4xf32> {
  %0 = "edge.batch_norm_inference"(%x, %w, %b, %m, %v) {eps = 1.0e-03 : f64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : (tensor<1x8x4x4xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<1x8x4x4xf32>
  return %0 : tensor<1x8x4x4xf32>
}

// -----

// CHECK-LABEL: func.func @softmax_log
// CHECK:      math.exp
// CHECK:      %[[SUM:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} ins(%{{.*}} : tensor<2x4xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT:   arith.addf
// CHECK:      linalg.generic {{.*}} ins(%{{.*}}, %[[SUM]] : tensor<2x4xf32>, tensor<2xf32>)
// CHECK-NEXT: ^bb0(%[[S:.*]]: f32, %[[T:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:   %[[L:.*]] = math.log %[[T]] : f32
// CHECK-NEXT:   arith.subf %[[S]], %[[L]] : f32
func.func @softmax_log(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = "backend.softmax"(%x) {dim = 1 : i64, log = true} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// backend.layer_norm keeps its eps (here 1e-3) and normalizes over dims from axis 1 (N = 8).
// CHECK-LABEL: func.func @layer_norm
// CHECK:      %[[C8:.*]] = arith.constant 8 : index
// CHECK:      %[[NI:.*]] = arith.index_cast %[[C8]] : index to i64
// CHECK:      %[[N:.*]] = arith.sitofp %[[NI]] : i64 to f32
// CHECK:      %[[EPS:.*]] = arith.constant 1.000000e-03 : f32
// CHECK:      ^bb0(%[[Q:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:   %[[VAR:.*]] = arith.divf %[[Q]], %[[N]] : f32
// CHECK-NEXT:   %[[VE:.*]] = arith.addf %[[VAR]], %[[EPS]] : f32
// CHECK-NEXT:   math.rsqrt %[[VE]] : f32
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x8xf32>, tensor<2xf32>, tensor<2xf32>, tensor<8xf32>)
func.func @layer_norm(%x: tensor<2x8xf32>, %w: tensor<8xf32>) -> tensor<2x8xf32> {
  %0 = "backend.layer_norm"(%x, %w) {axis = 1 : i64, eps = 1.0e-03 : f64, operandSegmentSizes = array<i32: 1, 1, 0>} : (tensor<2x8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}
