// RUN: exir-mlir-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(to-linalg)'

func.func @dynamic_weight_conv(%x: tensor<1x4x8x8xf32>, %w: tensor<?x2x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{'edge.convolution' cannot be lowered to linalg: a grouped convolution needs the weight's channel sizes static}}
  %0 = "edge.convolution"(%x, %w) {dilation = array<i64: 1, 1>, groups = 2 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x8x8xf32>, tensor<?x2x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

// uint8 needs unsigned arith ops, which are not emitted yet: an error, never a signed guess.
func.func @uint8(%a: tensor<4xui8>, %b: tensor<4xui8>) -> tensor<4xui8> {
  // expected-error @+1 {{'edge.add' cannot be lowered to linalg: unsigned (uint8) tensors are not supported by to-linalg yet}}
  %0 = "edge.add"(%a, %b) : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  return %0 : tensor<4xui8>
}

// -----

// A leftover exir op is reported by to-linalg too (aten-to-edge did not run).
func.func @exir_left(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'exir.relu' cannot be lowered to linalg: no lowering for this op}}
  %0 = "exir.relu"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
