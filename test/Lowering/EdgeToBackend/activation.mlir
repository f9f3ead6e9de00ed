// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(edge-to-backend)' | FileCheck %s

// addmm + relu: one backend.matmul with the bias and a relu epilogue.
// CHECK-LABEL: func.func @addmm_relu
// CHECK-SAME: (%[[B:.*]]: tensor<32xf32>, %[[X:.*]]: tensor<2x16xf32>, %[[W:.*]]: tensor<16x32xf32>)
// CHECK: %[[R:.*]] = "backend.matmul"(%[[X]], %[[W]], %[[B]]) {activation = "relu"}
// CHECK-NOT: edge.
// CHECK: return %[[R]]
func.func @addmm_relu(%b: tensor<32xf32>, %x: tensor<2x16xf32>, %w: tensor<16x32xf32>) -> tensor<2x32xf32> {
  %0 = "edge.addmm"(%b, %x, %w) : (tensor<32xf32>, tensor<2x16xf32>, tensor<16x32xf32>) -> tensor<2x32xf32>
  %1 = "edge.relu"(%0) : (tensor<2x32xf32>) -> tensor<2x32xf32>
  return %1 : tensor<2x32xf32>
}

// -----

// CHECK-LABEL: func.func @mm_gelu_tanh
// CHECK: "backend.matmul"(%{{.*}}, %{{.*}}) {activation = "gelu_tanh"}
func.func @mm_gelu_tanh(%x: tensor<2x16xf32>, %w: tensor<16x32xf32>) -> tensor<2x32xf32> {
  %0 = "edge.mm"(%x, %w) : (tensor<2x16xf32>, tensor<16x32xf32>) -> tensor<2x32xf32>
  %1 = "edge.gelu"(%0) {approximate = "tanh"} : (tensor<2x32xf32>) -> tensor<2x32xf32>
  return %1 : tensor<2x32xf32>
}

// -----

// silu as torch decomposes it (x * sigmoid(x)) is an epilogue too.
// CHECK-LABEL: func.func @bmm_silu
// CHECK: %[[R:.*]] = "backend.matmul"(%{{.*}}, %{{.*}}) {activation = "silu"} : (tensor<4x2x16xf32>, tensor<4x16x32xf32>) -> tensor<4x2x32xf32>
// CHECK-NOT: edge.sigmoid
// CHECK: return %[[R]]
func.func @bmm_silu(%x: tensor<4x2x16xf32>, %w: tensor<4x16x32xf32>) -> tensor<4x2x32xf32> {
  %0 = "edge.bmm"(%x, %w) : (tensor<4x2x16xf32>, tensor<4x16x32xf32>) -> tensor<4x2x32xf32>
  %1 = "edge.sigmoid"(%0) : (tensor<4x2x32xf32>) -> tensor<4x2x32xf32>
  %2 = "edge.mul"(%0, %1) : (tensor<4x2x32xf32>, tensor<4x2x32xf32>) -> tensor<4x2x32xf32>
  return %2 : tensor<4x2x32xf32>
}

// -----

// The matmul result is also used elsewhere: the activation is not folded into it.
// CHECK-LABEL: func.func @shared_result
// CHECK: %[[M:.*]] = "backend.matmul"(%{{.*}}, %{{.*}}) {activation = "none"}
// CHECK: %[[R:.*]] = "edge.relu"(%[[M]])
// CHECK: return %[[M]], %[[R]]
func.func @shared_result(%x: tensor<2x16xf32>, %w: tensor<16x32xf32>) -> (tensor<2x32xf32>, tensor<2x32xf32>) {
  %0 = "edge.mm"(%x, %w) : (tensor<2x16xf32>, tensor<16x32xf32>) -> tensor<2x32xf32>
  %1 = "edge.relu"(%0) : (tensor<2x32xf32>) -> tensor<2x32xf32>
  return %0, %1 : tensor<2x32xf32>, tensor<2x32xf32>
}

// -----

// conv + bias + relu.
// CHECK-LABEL: func.func @conv_relu
// CHECK: "backend.conv2d"(%{{.*}}, %{{.*}}, %{{.*}}) {activation = "relu", dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>}
// CHECK-NOT: edge.relu
func.func @conv_relu(%x: tensor<1x3x8x8xf32>, %w: tensor<8x3x3x3xf32>, %b: tensor<8xf32>) -> tensor<1x8x8x8xf32> {
  %0 = "edge.convolution"(%x, %w, %b) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>) -> tensor<1x8x8x8xf32>
  %1 = "edge.relu"(%0) : (tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %1 : tensor<1x8x8x8xf32>
}

// -----

// A relu that does not follow a matmul/conv stays an edge op.
// CHECK-LABEL: func.func @plain_relu
// CHECK: "edge.relu"
func.func @plain_relu(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "edge.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
