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
  // expected-error @+1 {{'aten::my_op' cannot be lowered to edge: ATen op 'aten::my_op' is not a core op of the exir dialect and has no decomposition here; export with ep.run_decompositions()}}
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

// max_pool2d's indices are not supported: using them is an error, not a silent wrong value.
func.func @max_pool_indices(%x: tensor<1x8x8x8xf32>) -> tensor<1x8x4x4xi64> {
  // expected-error @+1 {{result #1 is used, and only result #0 is supported}}
  %0:2 = "exir.max_pool2d_with_indices"(%x) {ceil_mode = false, dilation = array<i64: 1, 1>, kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x8x8x8xf32>) -> (tensor<1x8x4x4xf32>, tensor<1x8x4x4xi64>)
  return %0#1 : tensor<1x8x4x4xi64>
}
