// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(aten-to-edge)' | FileCheck %s

// The SymInt[] arguments (static here) become plain i64 arrays.
// CHECK-LABEL: func.func @conv2d
// CHECK-SAME: (%[[X:.*]]: tensor<1x3x8x8xf32>, %[[W:.*]]: tensor<8x3x3x3xf32>, %[[B:.*]]: tensor<8xf32>)
// CHECK: "edge.convolution"(%[[X]], %[[W]], %[[B]])
// CHECK-SAME: dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>
func.func @conv2d(%x: tensor<1x3x8x8xf32>, %w: tensor<8x3x3x3xf32>, %b: tensor<8xf32>) -> tensor<1x8x4x4xf32> {
  %0 = "exir.convolution"(%x, %w, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0>, static_dilation = array<i64: 1, 1>, static_groups = 1 : i64, static_output_padding = array<i64: 0, 0>, static_padding = array<i64: 1, 1>, static_stride = array<i64: 2, 2>, transposed = false} : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>) -> tensor<1x8x4x4xf32>
  return %0 : tensor<1x8x4x4xf32>
}

// -----

// Transposed: edge.conv_transpose keeps the weight as torch's [Cin, Cout / groups, k...].
// CHECK-LABEL: func.func @conv_transpose
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x4x4xf32>, %[[W:.*]]: tensor<4x3x3x3xf32>)
// CHECK: "edge.conv_transpose"(%[[X]], %[[W]])
// CHECK-SAME: dilation = array<i64: 1, 1>, groups = 2 : i64, output_padding = array<i64: 1, 0>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>
// CHECK-SAME: -> tensor<1x6x8x7xf32>
func.func @conv_transpose(%x: tensor<1x4x4x4xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x6x8x7xf32> {
  %0 = "exir.convolution"(%x, %w) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0>, static_dilation = array<i64: 1, 1>, static_groups = 2 : i64, static_output_padding = array<i64: 1, 0>, static_padding = array<i64: 1, 1>, static_stride = array<i64: 2, 2>, transposed = true} : (tensor<1x4x4x4xf32>, tensor<4x3x3x3xf32>) -> tensor<1x6x8x7xf32>
  return %0 : tensor<1x6x8x7xf32>
}

// -----

// 1-d, grouped, dilated; one-element lists stay one element.
// CHECK-LABEL: func.func @conv1d_grouped
// CHECK: "edge.convolution"(%{{.*}}, %{{.*}}) {dilation = array<i64: 2>, groups = 2 : i64, padding = array<i64: 2>, stride = array<i64: 1>}
func.func @conv1d_grouped(%x: tensor<2x4x16xf32>, %w: tensor<6x2x3xf32>) -> tensor<2x6x16xf32> {
  %0 = "exir.convolution"(%x, %w) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0>, static_dilation = array<i64: 2>, static_groups = 2 : i64, static_output_padding = array<i64: 0>, static_padding = array<i64: 2>, static_stride = array<i64: 1>, transposed = false} : (tensor<2x4x16xf32>, tensor<6x2x3xf32>) -> tensor<2x6x16xf32>
  return %0 : tensor<2x6x16xf32>
}

// -----

// padding='same' (a fallback conv2d call) with an even kernel extent: torch pads the extra
// element after, so an edge.pad of [0, 1] on W, then symmetric padding [1, 1].
// CHECK-LABEL: func.func @conv_same_even
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %[[P:.*]] = "edge.pad"(%{{.*}}, %[[Z]]) {high = array<i64: 0, 0, 0, 1>, low = array<i64: 0, 0, 0, 0>} : (tensor<1x3x8x8xf32>, tensor<f32>) -> tensor<1x3x8x9xf32>
// CHECK: "edge.convolution"(%[[P]], %{{.*}}) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>}
func.func private @"aten::conv2d.padding"(tensor<1x3x8x8xf32>, tensor<5x3x3x4xf32>) -> tensor<1x5x8x8xf32> attributes {exir.aten_overload = "aten::conv2d.padding"}
func.func @conv_same_even(%x: tensor<1x3x8x8xf32>, %w: tensor<5x3x3x4xf32>) -> tensor<1x5x8x8xf32> {
  %0 = call @"aten::conv2d.padding"(%x, %w) {exir.args = {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = "same", stride = array<i64: 1, 1>}, exir.operand_args = ["input", "weight"]} : (tensor<1x3x8x8xf32>, tensor<5x3x3x4xf32>) -> tensor<1x5x8x8xf32>
  return %0 : tensor<1x5x8x8xf32>
}
