// RUN: exir-mlir-opt %s --split-input-file --verify-diagnostics

func.func @dtype_mismatch(%x: tensor<2x16xf32>, %w: tensor<16x32xf16>) {
  // expected-error @+1 {{'backend.matmul' op SameOperandsAndResultElementType: operand and result element types must agree, but 'lhs' has f32, 'rhs' has f16, 'result' has f32}}
  %0 = "backend.matmul"(%x, %w) {activation = "none"} : (tensor<2x16xf32>, tensor<16x32xf16>) -> tensor<2x32xf32>
  return
}

// -----

func.func @missing_activation(%x: tensor<2x16xf32>, %w: tensor<16x32xf32>) {
  // expected-error @+1 {{'backend.matmul' op attribute "activation" is expected but not provided}}
  %0 = "backend.matmul"(%x, %w) : (tensor<2x16xf32>, tensor<16x32xf32>) -> tensor<2x32xf32>
  return
}

// -----

// Two optional operands (weight, bias): which one is present is in operandSegmentSizes.
func.func @missing_segments(%x: tensor<2x16xf32>, %w: tensor<16xf32>) {
  // expected-error @+1 {{'operandSegmentSizes' attribute is expected but not provided}}
  %0 = "backend.layer_norm"(%x, %w) {axis = 1 : i64, eps = 1.0e-5 : f64} : (tensor<2x16xf32>, tensor<16xf32>) -> tensor<2x16xf32>
  return
}

// -----

func.func @scale_is_f64(%q: tensor<1x8x4xf32>) {
  // expected-error @+1 {{'backend.sdpa' op attribute 'scale' must be a 64-bit float attribute (e.g. `1.0 : f64`), got `5.000000e-01 : f32`}}
  %0 = "backend.sdpa"(%q, %q, %q) {is_causal = false, scale = 0.5 : f32} : (tensor<1x8x4xf32>, tensor<1x8x4xf32>, tensor<1x8x4xf32>) -> tensor<1x8x4xf32>
  return
}
