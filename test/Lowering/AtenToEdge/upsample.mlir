// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(aten-to-edge)' | FileCheck %s

// Resizes carry the output->input index scale: in/out sizes, or 1/scale_factor when given.
// CHECK-LABEL: func.func @upsample
// CHECK: "edge.upsample2d"(%{{.*}}) {align_corners = false, mode = "nearest", scale_h = 5.000000e-01 : f64, scale_w = 5.000000e-01 : f64}
// CHECK: "edge.upsample2d"(%{{.*}}) {align_corners = true, mode = "bilinear", scale_h = 5.000000e-01 : f64, scale_w = 0.42857142857142855 : f64}
func.func @upsample(%x: tensor<1x2x4x4xf32>) -> (tensor<1x2x8x8xf32>, tensor<1x2x7x8xf32>) {
  %0 = "exir.upsample_nearest2d_vec"(%x) {scale_factors = array<f64: 2.0, 2.0>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x8x8xf32>
  %1 = "exir.upsample_bilinear2d_vec"(%x) {align_corners = true, static_output_size = array<i64: 7, 8>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x7x8xf32>
  return %0, %1 : tensor<1x2x8x8xf32>, tensor<1x2x7x8xf32>
}
