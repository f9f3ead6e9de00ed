// RUN: exir-mlir-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(aten-to-edge)'

// An op with a data-dependent output shape has no Edge lowering: the error names it at its line.
func.func @nonzero(%x: tensor<4xf32>) -> tensor<?x1xi64> {
  // expected-error @+1 {{'exir.nonzero' cannot be lowered to edge: no lowering for this op}}
  %0 = "exir.nonzero"(%x) : (tensor<4xf32>) -> tensor<?x1xi64>
  return %0 : tensor<?x1xi64>
}

// -----

// An ATen op the dialect lacks is imported as a fallback call; one with no decomposition is
// rejected by its overload name.
func.func private @"aten::my_op"(tensor<4xf32>) -> tensor<4xf32> attributes {exir.aten_overload = "aten::my_op"}
func.func @fallback_call(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'aten::my_op' cannot be lowered to edge: ATen op 'aten::my_op' has no exir op and no decomposition here: not supported yet, unless torch's core-ATen decompositions remove it}}
  %0 = func.call @"aten::my_op"(%x) {exir.args = {}, exir.operand_args = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @transposed_conv(%x: tensor<1x8x4x4xf32>, %w: tensor<8x3x3x3xf32>) -> tensor<1x3x6x6xf32> {
  // expected-error @+1 {{transposed convolution is not supported yet}}
  %0 = "exir.convolution"(%x, %w) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0>, static_dilation = array<i64: 1, 1>, static_groups = 1 : i64, static_output_padding = array<i64: 0, 0>, static_padding = array<i64: 0, 0>, static_stride = array<i64: 1, 1>, transposed = true} : (tensor<1x8x4x4xf32>, tensor<8x3x3x3xf32>) -> tensor<1x3x6x6xf32>
  return %0 : tensor<1x3x6x6xf32>
}

// -----

func.func @dropout_train(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{dropout in training mode draws random numbers}}
  %0:2 = "exir.native_dropout"(%x) {p = 0.5 : f64, train = true} : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xi1>)
  return %0#0 : tensor<4xf32>
}

// -----

// A result dtype that contradicts torch's promotion is an inconsistent program, not something to guess.
func.func @inconsistent_promotion(%a: tensor<4xi32>, %b: tensor<4xf32>) -> tensor<4xi32> {
  // expected-error @+1 {{torch promotes the operands to f32 but the op's result is i32}}
  %0 = "exir.add_tensor"(%a, %b) {alpha = 1 : i64} : (tensor<4xi32>, tensor<4xf32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// scatter_reduce's "mean" is not supported: an error naming the reduction, not another reduction.
func.func @scatter_reduce_mean(%x: tensor<3x5xf32>, %i: tensor<3x2xi64>, %s: tensor<3x2xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{scatter_reduce 'mean' is not supported yet}}
  %0 = "exir.scatter_reduce_two"(%x, %i, %s) {dim = 1 : i64, include_self = true, reduce = "mean"} : (tensor<3x5xf32>, tensor<3x2xi64>, tensor<3x2xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}
