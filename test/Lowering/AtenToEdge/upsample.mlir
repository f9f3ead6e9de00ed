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

// -----

// Dynamic N, H and W with scale factors: the scale (1 / factor) does not depend on the sizes, so
// the resize lowers; the result's sizes come from its symbolic shape below.
// CHECK-LABEL: func.func @upsample_dynamic
// CHECK: "edge.upsample2d"(%{{.*}}) {align_corners = false, {{.*}}mode = "bilinear", scale_h = 5.000000e-01 : f64, scale_w = 2.500000e-01 : f64} : (tensor<?x2x?x?xf32>) -> tensor<?x2x?x?xf32>
func.func @upsample_dynamic(%x: tensor<?x2x?x?xf32> {exir.sym_shape = ["s0", "2", "s1", "s2"]}) -> tensor<?x2x?x?xf32> {
  %0 = "exir.upsample_bilinear2d_vec"(%x) {align_corners = false, scale_factors = array<f64: 2.0, 4.0>, exir.sym_shapes = [["s0", "2", "2*s1", "4*s2"]]} : (tensor<?x2x?x?xf32>) -> tensor<?x2x?x?xf32>
  return %0 : tensor<?x2x?x?xf32>
}

// -----

// Where the scale depends on a dynamic size it is left out (to-linalg computes it at run time):
// align_corners with dynamic H and W ((in - 1) / (out - 1), even when a scale_factor is given), and
// an output_size of a dynamic size (in / out). A static H keeps its scale (here 3 / 6 = 0.5).
// CHECK-LABEL: func.func @upsample_dynamic_scales
// CHECK: "edge.upsample2d"(%{{.*}}) {align_corners = true, {{.*}}mode = "bilinear"} : (tensor<?x2x?x?xf32>) -> tensor<?x2x?x?xf32>
// CHECK: "edge.upsample2d"(%{{.*}}) {align_corners = false, {{.*}}mode = "nearest", scale_h = 5.000000e-01 : f64} : (tensor<?x2x3x?xf32>) -> tensor<?x2x6x?xf32>
func.func @upsample_dynamic_scales(%x: tensor<?x2x?x?xf32> {exir.sym_shape = ["s0", "2", "s1", "s2"]}, %y: tensor<?x2x3x?xf32> {exir.sym_shape = ["s0", "2", "3", "s2"]}, %w: !exir.symint) -> (tensor<?x2x?x?xf32>, tensor<?x2x6x?xf32>) {
  %0 = "exir.upsample_bilinear2d_vec"(%x) {align_corners = true, scale_factors = array<f64: 2.0, 2.0>, exir.sym_shapes = [["s0", "2", "2*s1", "2*s2"]]} : (tensor<?x2x?x?xf32>) -> tensor<?x2x?x?xf32>
  %1 = "exir.upsample_nearest2d_vec"(%y, %w) {static_output_size = array<i64: 6, -9223372036854775808>, exir.sym_shapes = [["s0", "2", "6", "s2 + 1"]]} : (tensor<?x2x3x?xf32>, !exir.symint) -> tensor<?x2x6x?xf32>
  return %0, %1 : tensor<?x2x?x?xf32>, tensor<?x2x6x?xf32>
}
