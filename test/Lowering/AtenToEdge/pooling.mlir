// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(aten-to-edge)' | FileCheck %s

// max_pool2d_with_indices with unused indices: the values-only pool; stride [] means the kernel.
// CHECK-LABEL: func.func @max_pool
// CHECK: %[[R:.*]] = "edge.max_pool"(%{{.*}}) {dilation = array<i64: 1, 1>, kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>}
// CHECK: return %[[R]]
func.func @max_pool(%x: tensor<1x8x8x8xf32>) -> tensor<1x8x4x4xf32> {
  %0:2 = "exir.max_pool2d_with_indices"(%x) {ceil_mode = false, dilation = array<i64: 1, 1>, kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64>} : (tensor<1x8x8x8xf32>) -> (tensor<1x8x4x4xf32>, tensor<1x8x4x4xi64>)
  return %0#0 : tensor<1x8x4x4xf32>
}

// -----

// count_include_pad and divisor_override travel to edge (the divisor is decided per window in to-linalg).
// CHECK-LABEL: func.func @avg_pool
// CHECK: "edge.avg_pool"(%{{.*}}) {count_include_pad = false, divisor_override = 0 : i64, kernel_size = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>}
// CHECK-SAME: -> tensor<1x8x5x5xf32>
func.func @avg_pool(%x: tensor<1x8x8x8xf32>) -> tensor<1x8x5x5xf32> {
  %0 = "exir.avg_pool2d"(%x) {ceil_mode = true, count_include_pad = false, kernel_size = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x8x8x8xf32>) -> tensor<1x8x5x5xf32>
  return %0 : tensor<1x8x5x5xf32>
}

// -----

// CHECK-LABEL: func.func @avg_pool3d_override
// CHECK: "edge.avg_pool"(%{{.*}}) {count_include_pad = true, divisor_override = 5 : i64, kernel_size = array<i64: 2, 2, 2>, padding = array<i64: 0, 0, 0>, stride = array<i64: 2, 2, 2>}
func.func @avg_pool3d_override(%x: tensor<1x2x4x4x4xf32>) -> tensor<1x2x2x2x2xf32> {
  %0 = "exir.avg_pool3d"(%x) {ceil_mode = false, count_include_pad = true, divisor_override = 5 : i64, kernel_size = array<i64: 2, 2, 2>, padding = array<i64: 0>, stride = array<i64>} : (tensor<1x2x4x4x4xf32>) -> tensor<1x2x2x2x2xf32>
  return %0 : tensor<1x2x2x2x2xf32>
}

// -----

// An adaptive average pool whose output divides the input is a plain average pool.
// CHECK-LABEL: func.func @adaptive_avg_pool
// CHECK: "edge.avg_pool"(%{{.*}}) {count_include_pad = true, divisor_override = 0 : i64, kernel_size = array<i64: 4, 4>, padding = array<i64: 0, 0>, stride = array<i64: 4, 4>}
func.func @adaptive_avg_pool(%x: tensor<1x8x8x8xf32>) -> tensor<1x8x2x2xf32> {
  %0 = "exir.priv_adaptive_avg_pool2d"(%x) {static_output_size = array<i64: 2, 2>} : (tensor<1x8x8x8xf32>) -> tensor<1x8x2x2xf32>
  return %0 : tensor<1x8x2x2xf32>
}

// -----

// A global one (output 1x1) over dynamic sizes is a mean over the spatial dims.
// CHECK-LABEL: func.func @global_avg_pool_dynamic
// CHECK: "edge.mean"(%{{.*}}) {dims = array<i64: 2, 3>, exir.sym_shapes = {{\[\[}}"s0", "8", "1", "1"]], keepdim = true} : (tensor<?x8x?x?xf32>) -> tensor<?x8x1x1xf32>
func.func @global_avg_pool_dynamic(%x: tensor<?x8x?x?xf32> {exir.sym_shape = ["s0", "8", "s1", "s2"]}) -> tensor<?x8x1x1xf32> {
  %0 = "exir.priv_adaptive_avg_pool2d"(%x) {static_output_size = array<i64: 1, 1>, exir.sym_shapes = [["s0", "8", "1", "1"]]} : (tensor<?x8x?x?xf32>) -> tensor<?x8x1x1xf32>
  return %0 : tensor<?x8x1x1xf32>
}

// -----

// An output size that does not divide the input: windows of varying size.
// CHECK-LABEL: func.func @adaptive_avg_pool_uneven
// CHECK: "edge.adaptive_avg_pool"(%{{.*}}) : (tensor<1x3x7x9xf32>) -> tensor<1x3x3x4xf32>
func.func @adaptive_avg_pool_uneven(%x: tensor<1x3x7x9xf32>) -> tensor<1x3x3x4xf32> {
  %0 = "exir.priv_adaptive_avg_pool2d"(%x) {static_output_size = array<i64: 3, 4>} : (tensor<1x3x7x9xf32>) -> tensor<1x3x3x4xf32>
  return %0 : tensor<1x3x3x4xf32>
}

// -----

// avg_pool1d is a 1-d edge.avg_pool.
// CHECK-LABEL: func.func @avg_pool1d
// CHECK: "edge.avg_pool"(%{{.*}}) {count_include_pad = true, divisor_override = 0 : i64, kernel_size = array<i64: 2>, padding = array<i64: 0>, stride = array<i64: 2>} : (tensor<2x3x8xf32>) -> tensor<2x3x4xf32>
func.func @avg_pool1d(%x: tensor<2x3x8xf32>) -> tensor<2x3x4xf32> {
  %0 = "exir.avg_pool1d"(%x) {ceil_mode = false, count_include_pad = true, kernel_size = array<i64: 2>, padding = array<i64: 0>, stride = array<i64: 2>} : (tensor<2x3x8xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// Without a batch dim: pooled as [1, C, ...] and viewed back.
// CHECK-LABEL: func.func @max_pool3d_unbatched
// CHECK: %[[V:.*]] = "edge.view"(%{{.*}}) : (tensor<2x4x4x4xf32>) -> tensor<1x2x4x4x4xf32>
// CHECK: %[[P:.*]] = "edge.max_pool"(%[[V]]) {dilation = array<i64: 1, 1, 1>, kernel_size = array<i64: 2, 2, 2>, padding = array<i64: 0, 0, 0>, stride = array<i64: 2, 2, 2>} : (tensor<1x2x4x4x4xf32>) -> tensor<1x2x2x2x2xf32>
// CHECK: "edge.view"(%[[P]]) : (tensor<1x2x2x2x2xf32>) -> tensor<2x2x2x2xf32>
func.func @max_pool3d_unbatched(%x: tensor<2x4x4x4xf32>) -> tensor<2x2x2x2xf32> {
  %0:2 = "exir.max_pool3d_with_indices"(%x) {ceil_mode = false, dilation = array<i64: 1>, kernel_size = array<i64: 2>, padding = array<i64: 0>, stride = array<i64>} : (tensor<2x4x4x4xf32>) -> (tensor<2x2x2x2xf32>, tensor<2x2x2x2xi64>)
  return %0#0 : tensor<2x2x2x2xf32>
}

// -----

// Used indices select the with-indices form, which carries both symbolic shapes.
// CHECK-LABEL: func.func @max_pool_indices
// CHECK: %{{.*}}:2 = "edge.max_pool_with_indices"(%{{.*}}) {dilation = array<i64: 1, 1>, exir.sym_shapes = {{\[\[}}"s0", "1", "s1//2", "2"], ["s0", "1", "s1//2", "2"]], kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>}
func.func @max_pool_indices(%x: tensor<?x1x?x4xf32> {exir.sym_shape = ["s0", "1", "s1", "4"]}) -> tensor<?x1x?x2xi64> {
  %0:2 = "exir.max_pool2d_with_indices"(%x) {ceil_mode = false, dilation = array<i64: 1, 1>, kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>, exir.sym_shapes = [["s0", "1", "s1//2", "2"], ["s0", "1", "s1//2", "2"]]} : (tensor<?x1x?x4xf32>) -> (tensor<?x1x?x2xf32>, tensor<?x1x?x2xi64>)
  return %0#1 : tensor<?x1x?x2xi64>
}

// -----

// adaptive_max_pool2d (not a core op: a fallback call) with its indices.
// CHECK-LABEL: func.func @adaptive_max_pool
// CHECK: %{{.*}}:2 = "edge.adaptive_max_pool"(%{{.*}}) : (tensor<1x3x7x9xf32>) -> (tensor<1x3x3x4xf32>, tensor<1x3x3x4xi64>)
func.func private @"aten::adaptive_max_pool2d"(tensor<1x3x7x9xf32>) -> (tensor<1x3x3x4xf32>, tensor<1x3x3x4xi64>) attributes {exir.aten_overload = "aten::adaptive_max_pool2d"}
func.func @adaptive_max_pool(%x: tensor<1x3x7x9xf32>) -> (tensor<1x3x3x4xf32>, tensor<1x3x3x4xi64>) {
  %0:2 = call @"aten::adaptive_max_pool2d"(%x) {exir.args = {output_size = array<i64: 3, 4>}, exir.operand_args = ["self"]} : (tensor<1x3x7x9xf32>) -> (tensor<1x3x3x4xf32>, tensor<1x3x3x4xi64>)
  return %0#0, %0#1 : tensor<1x3x3x4xf32>, tensor<1x3x3x4xi64>
}
