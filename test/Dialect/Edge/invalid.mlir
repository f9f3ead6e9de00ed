// RUN: exir-mlir-opt %s --split-input-file --verify-diagnostics
// The Edge contract: no implicit type promotion (operand dtypes agree), typed i1/i64 operands,
// required attributes.

func.func @dtype_mismatch(%a: tensor<4xf32>, %b: tensor<4xi64>) {
  // expected-error @+1 {{'edge.add' op SameOperandsAndResultElementType: operand and result element types must agree, but 'lhs' has f32, 'rhs' has i64, 'result' has f32}}
  %0 = "edge.add"(%a, %b) : (tensor<4xf32>, tensor<4xi64>) -> tensor<4xf32>
  return
}

// -----

func.func @result_dtype_mismatch(%a: tensor<4xf16>) {
  // expected-error @+1 {{'edge.exp' op SameOperandsAndResultElementType: operand and result element types must agree, but 'input' has f16, 'result' has f32}}
  %0 = "edge.exp"(%a) : (tensor<4xf16>) -> tensor<4xf32>
  return
}

// -----

func.func @where_branches(%c: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xf64>) {
  // expected-error @+1 {{'edge.where' op AllElementTypesMatch<lhs, rhs, result>: element types must agree, but 'lhs' has f32, 'rhs' has f64, 'result' has f32}}
  %0 = "edge.where"(%c, %a, %b) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return
}

// -----

func.func @where_condition_not_bool(%c: tensor<4xf32>, %a: tensor<4xf32>) {
  // expected-error @+1 {{'edge.where' op operand 'condition' has element type f32, expected one of i1}}
  %0 = "edge.where"(%c, %a, %a) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @comparison_result_not_bool(%a: tensor<4xf32>) {
  // expected-error @+1 {{'edge.lt' op result 'result' has element type f32, expected one of i1}}
  %0 = "edge.lt"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @indices_must_be_i64(%w: tensor<10x4xf32>, %i: tensor<3xi32>) {
  // expected-error @+1 {{'edge.embedding' op operand 'indices' has element type i32, expected one of i64}}
  %0 = "edge.embedding"(%w, %i) : (tensor<10x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @missing_attribute(%a: tensor<2x4xf32>) {
  // expected-error @+1 {{'edge.softmax' op attribute "dim" is expected but not provided}}
  %0 = "edge.softmax"(%a) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @size_must_be_index(%x: tensor<?x4xf32>, %n: i64) {
  // expected-error @+1 {{expected 'index' but got 'i64'}}
  %0 = "edge.view"(%x, %n) : (tensor<?x4xf32>, i64) -> tensor<?x2x2xf32>
  return
}

// -----

// A rule of the Edge contract (dialects/edge_rules.py).
func.func @float_only_op_on_integers(%a: tensor<4xi64>) {
  // expected-error @+1 {{'edge.exp' op operand #0 has element type i64, but this op computes in a float type}}
  %0 = "edge.exp"(%a) : (tensor<4xi64>) -> tensor<4xi64>
  return
}
