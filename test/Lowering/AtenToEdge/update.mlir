// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(aten-to-edge)' | FileCheck %s

// CHECK-LABEL: func.func @scatter_add
// CHECK: "edge.scatter"(%{{.*}}, %{{.*}}, %{{.*}}) {dim = 0 : i64, reduce = "sum"}
func.func @scatter_add(%x: tensor<10x5xf32>, %i: tensor<5x5xi64>, %s: tensor<5x5xf32>) -> tensor<10x5xf32> {
  %0 = "exir.scatter_add"(%x, %i, %s) {dim = 0 : i64} : (tensor<10x5xf32>, tensor<5x5xi64>, tensor<5x5xf32>) -> tensor<10x5xf32>
  return %0 : tensor<10x5xf32>
}

// -----

// scatter.value: the value becomes a source of the index's shape.
// CHECK-LABEL: func.func @scatter_value
// CHECK: %[[V:.*]] = arith.constant dense<2.500000e+00> : tensor<3x2xf32>
// CHECK: "edge.scatter"(%{{.*}}, %{{.*}}, %[[V]]) {dim = 1 : i64, reduce = "none"}
func.func @scatter_value(%x: tensor<3x5xf32>, %i: tensor<3x2xi64>) -> tensor<3x5xf32> {
  %0 = "exir.scatter_value"(%x, %i) {dim = 1 : i64, value = 2.5 : f64} : (tensor<3x5xf32>, tensor<3x2xi64>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// select_scatter = slice_scatter of the source with the selected dim put back.
// CHECK-LABEL: func.func @select_scatter
// CHECK: %[[S:.*]] = "edge.view"(%{{.*}}) : (tensor<4xf32>) -> tensor<1x4xf32>
// CHECK: "edge.slice_scatter"(%{{.*}}, %[[S]]) {dim = 0 : i64, start = 2 : i64, step = 1 : i64}
func.func @select_scatter(%x: tensor<3x4xf32>, %s: tensor<4xf32>) -> tensor<3x4xf32> {
  %0 = "exir.select_scatter"(%x, %s) {dim = 0 : i64, static_index = -1 : i64} : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// x[idx] += v with one index tensor.
// CHECK-LABEL: func.func @index_put_accumulate
// CHECK: "edge.index_put"(%{{.*}}, %{{.*}}, %{{.*}}) {accumulate = true, dim = 0 : i64}
func.func @index_put_accumulate(%x: tensor<5x4xf32>, %i: tensor<2xi64>, %v: tensor<4xf32>) -> tensor<5x4xf32> {
  %0 = "exir.index_put"(%x, %i, %v) {accumulate = true, indices_present = array<i1: true>} : (tensor<5x4xf32>, tensor<2xi64>, tensor<4xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// Used indices select the with-indices form of the pool.
// CHECK-LABEL: func.func @max_pool_indices
// CHECK: %{{.*}}:2 = "edge.max_pool2d_with_indices"(%{{.*}}) {dilation = array<i64: 1, 1>, kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>}
func.func @max_pool_indices(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xi64> {
  %0:2 = "exir.max_pool2d_with_indices"(%x) {ceil_mode = false, dilation = array<i64: 1, 1>, kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x1x4x4xf32>) -> (tensor<1x1x2x2xf32>, tensor<1x1x2x2xi64>)
  return %0#1 : tensor<1x1x2x2xi64>
}

// -----

// group norm decomposes into a grouped view, mean/var, rsqrt and the per-channel affine.
// CHECK-LABEL: func.func @group_norm
// CHECK: "edge.view"(%{{.*}}) : (tensor<2x4x3x3xf32>) -> tensor<2x2x18xf32>
// CHECK: "edge.mean"(%{{.*}}) {dims = array<i64: 2>, keepdim = true}
// CHECK: "edge.var"(%{{.*}}) {correction = 0.000000e+00 : f64, dims = array<i64: 2>, keepdim = true}
// CHECK: "edge.rsqrt"
// CHECK: "edge.view"(%{{.*}}) : (tensor<4xf32>) -> tensor<4x1x1xf32>
func.func @group_norm(%x: tensor<2x4x3x3xf32>, %w: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<2x4x3x3xf32> {
  %0:3 = "exir.native_group_norm"(%x, %w, %b) {eps = 1.0e-05 : f64, group = 2 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0>, static_c = 4 : i64, static_hxw = 9 : i64, static_n = 2 : i64} : (tensor<2x4x3x3xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<2x4x3x3xf32>, tensor<2x2xf32>, tensor<2x2xf32>)
  return %0#0 : tensor<2x4x3x3xf32>
}

// -----

// CHECK-LABEL: func.func @reflection_pad
// CHECK: "edge.border_pad"(%{{.*}}) {high = array<i64: 0, 1>, low = array<i64: 0, 2>, mode = "reflect"}
func.func @reflection_pad(%x: tensor<2x5xf32>) -> tensor<2x8xf32> {
  %0 = "exir.reflection_pad1d"(%x) {static_padding = array<i64: 2, 1>} : (tensor<2x5xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// Resizes carry the output->input index scale: in/out sizes, or 1/scale_factor when given.
// CHECK-LABEL: func.func @upsample
// CHECK: "edge.upsample2d"(%{{.*}}) {align_corners = false, mode = "nearest", scale_h = 5.000000e-01 : f64, scale_w = 5.000000e-01 : f64}
// CHECK: "edge.upsample2d"(%{{.*}}) {align_corners = true, mode = "bilinear", scale_h = 5.000000e-01 : f64, scale_w = 0.42857142857142855 : f64}
func.func @upsample(%x: tensor<1x2x4x4xf32>) -> (tensor<1x2x8x8xf32>, tensor<1x2x7x8xf32>) {
  %0 = "exir.upsample_nearest2d_vec"(%x) {scale_factors = array<f64: 2.0, 2.0>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x8x8xf32>
  %1 = "exir.upsample_bilinear2d_vec"(%x) {align_corners = true, static_output_size = array<i64: 7, 8>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x7x8xf32>
  return %0, %1 : tensor<1x2x8x8xf32>, tensor<1x2x7x8xf32>
}
