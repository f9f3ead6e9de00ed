// RUN: exir-mlir-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(edge-to-backend{no-fusion})'

// The Edge contract: operands already have the dtype torch computes in. These are edge
// programs that skip a promotion; the verifier names the op and the operand.

func.func @float_math_on_int(%x: tensor<4xi64>) -> tensor<4xi64> {
  // expected-error @+1 {{'edge.exp' op operand #0 has element type i64, but this op computes in a float type (torch promotes integers to float here): cast it first}}
  %0 = "edge.exp"(%x) : (tensor<4xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @mixed_operands(%a: tensor<4xf32>, %b: tensor<4xf16>) -> tensor<4xf32> {
  // expected-error @+1 {{'edge.add' op SameOperandsAndResultElementType: operand and result element types must agree, but 'lhs' has f32, 'rhs' has f16, 'result' has f32}}
  %0 = "edge.add"(%a, %b) : (tensor<4xf32>, tensor<4xf16>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @logical_on_numbers(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{'edge.logical_and' op operand #0 has element type f32, but logical ops take i1: cast it first}}
  // expected-error @+1 {{'edge.logical_and' op operand #1 has element type f32, but logical ops take i1: cast it first}}
  %0 = "edge.logical_and"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @int32_indices(%w: tensor<10x4xf32>, %i: tensor<3xi32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'edge.embedding' op operand 'indices' has element type i32, expected one of i64}}
  %0 = "edge.embedding"(%w, %i) : (tensor<10x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
