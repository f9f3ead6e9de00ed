// RUN: exir-mlir-opt %s --split-input-file | exir-mlir-opt --split-input-file | FileCheck %s
// Round trip of edge ops (dtype-explicit): elementwise with agreeing dtypes, comparisons with
// i1 results, casts, optional operands with segment sizes, index sizes, ops inside scf regions.

// CHECK-LABEL: func.func @elementwise
// CHECK-SAME: (%[[A:.*]]: tensor<2x4xf32>, %[[B:.*]]: tensor<4xf32>, %[[I:.*]]: tensor<2x4xi64>)
// CHECK: %[[C:.*]] = "edge.cast"(%[[I]]) : (tensor<2x4xi64>) -> tensor<2x4xf32>
// CHECK: %[[S:.*]] = "edge.add"(%[[A]], %[[B]]) : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
// CHECK: %[[LT:.*]] = "edge.lt"(%[[S]], %[[C]]) : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xi1>
// CHECK: "edge.where"(%[[LT]], %[[S]], %[[C]]) : (tensor<2x4xi1>, tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
func.func @elementwise(%a: tensor<2x4xf32>, %b: tensor<4xf32>, %i: tensor<2x4xi64>) -> tensor<2x4xf32> {
  %c = "edge.cast"(%i) : (tensor<2x4xi64>) -> tensor<2x4xf32>
  %s = "edge.add"(%a, %b) : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  %lt = "edge.lt"(%s, %c) : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xi1>
  %w = "edge.where"(%lt, %s, %c) : (tensor<2x4xi1>, tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %w : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @matmul_norm_reduce
// CHECK: "edge.mm"(%{{.*}}, %{{.*}}) : (tensor<2x8xf32>, tensor<8x4xf32>) -> tensor<2x4xf32>
// CHECK: "edge.layer_norm"(%{{.*}}, %{{.*}}) {axis = 1 : i64, eps = 1.000000e-05 : f64, operandSegmentSizes = array<i32: 1, 1, 0>}
// CHECK-SAME: -> (tensor<2x4xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
// CHECK: "edge.sum"(%{{.*}}) {dims = array<i64: 1>, keepdim = false} : (tensor<2x4xf32>) -> tensor<2xf32>
// CHECK: "edge.softmax"(%{{.*}}) {dim = 1 : i64}
func.func @matmul_norm_reduce(%x: tensor<2x8xf32>, %w: tensor<8x4xf32>, %g: tensor<4xf32>) -> tensor<2xf32> {
  %0 = "edge.mm"(%x, %w) : (tensor<2x8xf32>, tensor<8x4xf32>) -> tensor<2x4xf32>
  %1:3 = "edge.layer_norm"(%0, %g) {axis = 1 : i64, eps = 1.0e-5 : f64, operandSegmentSizes = array<i32: 1, 1, 0>} : (tensor<2x4xf32>, tensor<4xf32>) -> (tensor<2x4xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  %2 = "edge.sum"(%1#0) {dims = array<i64: 1>, keepdim = false} : (tensor<2x4xf32>) -> tensor<2xf32>
  %3 = "edge.softmax"(%1#0) {dim = 1 : i64} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %2 : tensor<2xf32>
}

// -----

// Dynamic result dims are `index` operands (the tensor.empty idiom).
// CHECK-LABEL: func.func @dynamic_view
// CHECK: %[[D:.*]] = tensor.dim
// CHECK: "edge.view"(%{{.*}}, %[[D]]) : (tensor<?x4xf32>, index) -> tensor<?x2x2xf32>
func.func @dynamic_view(%x: tensor<?x4xf32>) -> tensor<?x2x2xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?x4xf32>
  %0 = "edge.view"(%x, %d) : (tensor<?x4xf32>, index) -> tensor<?x2x2xf32>
  return %0 : tensor<?x2x2xf32>
}

// -----

// Control flow is upstream scf at every stage, with edge ops inside.
// CHECK-LABEL: func.func @cond
// CHECK: scf.if %{{.*}} -> (tensor<4xf32>) {
// CHECK: "edge.neg"
// CHECK: scf.yield
func.func @cond(%p: i1, %x: tensor<4xf32>) -> tensor<4xf32> {
  %r = scf.if %p -> (tensor<4xf32>) {
    scf.yield %x : tensor<4xf32>
  } else {
    %n = "edge.neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
    scf.yield %n : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// Convolution and pooling ops of any spatial rank; max pooling with indices has an i64 result.
// CHECK-LABEL: func.func @conv_pool
// CHECK: "edge.conv_transpose"(%{{.*}}, %{{.*}}) {dilation = array<i64: 1>, groups = 1 : i64, output_padding = array<i64: 1>, padding = array<i64: 1>, stride = array<i64: 2>} : (tensor<1x4x5xf32>, tensor<4x3x3xf32>) -> tensor<1x3x10xf32>
// CHECK: "edge.avg_pool"(%{{.*}}) {count_include_pad = false, divisor_override = 0 : i64, kernel_size = array<i64: 2, 2, 2>, padding = array<i64: 1, 1, 1>, stride = array<i64: 2, 2, 2>}
// CHECK: "edge.max_pool_with_indices"(%{{.*}}) {{.*}} -> (tensor<1x2x3x3x3xf32>, tensor<1x2x3x3x3xi64>)
// CHECK: "edge.adaptive_max_pool"(%{{.*}}) : (tensor<1x2x4x4x4xf32>) -> (tensor<1x2x2x2x2xf32>, tensor<1x2x2x2x2xi64>)
func.func @conv_pool(%x: tensor<1x4x5xf32>, %w: tensor<4x3x3xf32>, %v: tensor<1x2x4x4x4xf32>) -> tensor<1x3x10xf32> {
  %0 = "edge.conv_transpose"(%x, %w) {dilation = array<i64: 1>, groups = 1 : i64, output_padding = array<i64: 1>, padding = array<i64: 1>, stride = array<i64: 2>} : (tensor<1x4x5xf32>, tensor<4x3x3xf32>) -> tensor<1x3x10xf32>
  %1 = "edge.avg_pool"(%v) {count_include_pad = false, divisor_override = 0 : i64, kernel_size = array<i64: 2, 2, 2>, padding = array<i64: 1, 1, 1>, stride = array<i64: 2, 2, 2>} : (tensor<1x2x4x4x4xf32>) -> tensor<1x2x3x3x3xf32>
  %2:2 = "edge.max_pool_with_indices"(%v) {dilation = array<i64: 1, 1, 1>, kernel_size = array<i64: 2, 2, 2>, padding = array<i64: 1, 1, 1>, stride = array<i64: 2, 2, 2>} : (tensor<1x2x4x4x4xf32>) -> (tensor<1x2x3x3x3xf32>, tensor<1x2x3x3x3xi64>)
  %3:2 = "edge.adaptive_max_pool"(%v) : (tensor<1x2x4x4x4xf32>) -> (tensor<1x2x2x2x2xf32>, tensor<1x2x2x2x2xi64>)
  return %0 : tensor<1x3x10xf32>
}

// -----

// nonzero: the row count is data-dependent, so the dynamic result dim has no index operand.
// CHECK-LABEL: func.func @nonzero
// CHECK: "edge.nonzero"(%{{.*}}) : (tensor<?x4xf32>) -> tensor<?x2xi64>
func.func @nonzero(%x: tensor<?x4xf32>) -> tensor<?x2xi64> {
  %0 = "edge.nonzero"(%x) : (tensor<?x4xf32>) -> tensor<?x2xi64>
  return %0 : tensor<?x2xi64>
}
