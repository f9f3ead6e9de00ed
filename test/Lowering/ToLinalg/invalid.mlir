// RUN: exir-mlir-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(to-linalg)'

func.func @dynamic_weight_conv(%x: tensor<1x4x8x8xf32>, %w: tensor<?x2x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{'edge.convolution' cannot be lowered to linalg: a grouped convolution needs the weight's channel sizes static}}
  %0 = "edge.convolution"(%x, %w) {dilation = array<i64: 1, 1>, groups = 2 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x8x8xf32>, tensor<?x2x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

// An op whose lowering does not implement unsigned semantics (a matmul fused with a relu, which
// compares signed): an error naming the op and the dtype, never a signed guess (ToLinalg/unsigned.mlir
// has the ops that do); the advice is a cast that keeps every value (int16 for uint8), and for uint64,
// which no signed type holds, a conditional one.
func.func @uint8(%a: tensor<4x4xui8>) -> tensor<4x4xui8> {
  // expected-error @+1 {{'backend.matmul' cannot be lowered to linalg: uint8 (unsigned) tensors are not supported by 'backend.matmul' yet; cast the uint8 tensor to a signed type first (e.g. x.to(torch.int16), which holds every uint8 value)}}
  %0 = "backend.matmul"(%a, %a) {activation = "relu"} : (tensor<4x4xui8>, tensor<4x4xui8>) -> tensor<4x4xui8>
  return %0 : tensor<4x4xui8>
}

// -----

func.func @uint64(%a: tensor<4x4xui64>) -> tensor<4x4xui64> {
  // expected-error @+1 {{'backend.matmul' cannot be lowered to linalg: uint64 (unsigned) tensors are not supported by 'backend.matmul' yet; no signed type holds every uint64 value: cast to torch.int64 first only if the values are below 2^63 (x.to(torch.int64)), or to torch.float64 if rounding above 2^53 is acceptable}}
  %0 = "backend.matmul"(%a, %a) {activation = "relu"} : (tensor<4x4xui64>, tensor<4x4xui64>) -> tensor<4x4xui64>
  return %0 : tensor<4x4xui64>
}

// -----

// pow of uint64 by a uint64 exponent: no wider type holds the exponent (uint8..uint32 widen to i64).
func.func @uint64_pow(%a: tensor<4xui64>) -> tensor<4xui64> {
  // expected-error @+1 {{'edge.pow' cannot be lowered to linalg: pow with a uint64 exponent is not supported (eager has no uint64 pow); cast to torch.int64 first if the exponents are below 2^63}}
  %0 = "edge.pow"(%a, %a) : (tensor<4xui64>, tensor<4xui64>) -> tensor<4xui64>
  return %0 : tensor<4xui64>
}

// -----

// A leftover exir op is reported by to-linalg too (aten-to-edge did not run).
func.func @exir_left(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'exir.relu' cannot be lowered to linalg: no lowering for this op}}
  %0 = "exir.relu"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
