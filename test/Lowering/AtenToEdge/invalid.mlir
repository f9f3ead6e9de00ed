// RUN: exir-mlir-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(aten-to-edge)'

// An op with no Edge lowering (`_pdist_forward`, for now): the error names it at its line.
func.func @pdist(%x: tensor<4x3xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{'exir.priv_pdist_forward' cannot be lowered to edge: no lowering for this op}}
  %0 = "exir.priv_pdist_forward"(%x) {p = 2.0 : f64} : (tensor<4x3xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

// `.item()` of a float tensor used where an int is expected is refused, not truncated.
func.func @float_item_as_int(%t: tensor<f32>) -> !exir.symint {
  // expected-error @+1 {{.item() of a f32 tensor as an int is not supported}}
  %0 = "exir.priv_local_scalar_dense"(%t) : (tensor<f32>) -> !exir.symint
  return %0 : !exir.symint
}

// -----

// An ATen op the dialect lacks is imported as a fallback call; one with no decomposition is
// rejected by its overload name, with what the user can do (no claim about torch's tables here:
// the declaration carries no exir.not_decomposed note).
func.func private @"aten::my_op"(tensor<4xf32>) -> tensor<4xf32> attributes {exir.aten_overload = "aten::my_op"}
func.func @fallback_call(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'aten::my_op' cannot be lowered to edge: 'aten::my_op' is not a core ATen op and exir-mlir has no lowering for it. What to do: write it with core ATen ops in the model, or pass a decomposition of it to exir_mlir.compile(ep, decompositions={torch.ops.aten.my_op.default: fn})}}
  %0 = func.call @"aten::my_op"(%x) {exir.args = {}, exir.operand_args = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// The importer's note on the declaration says why torch's tables did not decompose the op.
func.func private @"aten::lgamma"(tensor<4xf32>) -> tensor<4xf32> attributes {exir.aten_overload = "aten::lgamma", exir.not_decomposed = "torch's decomposition of it (torch._decomp) produces prims::lgamma, which exir-mlir cannot lower either"}
func.func @not_decomposed(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'aten::lgamma' is not a core ATen op and exir-mlir has no lowering for it; torch's decomposition of it (torch._decomp) produces prims::lgamma, which exir-mlir cannot lower either. What to do:}}
  %0 = func.call @"aten::lgamma"(%x) {exir.args = {}, exir.operand_args = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A core op whose call form the importer could not build as its exir op: the error says it is
// core and that the gap is exir-mlir's, never "export with run_decompositions()".
func.func private @"aten::cat"(tensor<4xf32>, tensor<4xi64>) -> tensor<8xf32> attributes {exir.aten_overload = "aten::cat"}
func.func @core_fallback(%x: tensor<4xf32>, %y: tensor<4xi64>) -> tensor<8xf32> {
  // expected-error @+1 {{'aten::cat' is a core ATen op, but the importer could not build its exir op for this call (the call cannot be exir.cat: tensors of different element types (f32, i64) cannot share one operand group); this is a gap in exir-mlir}}
  %0 = func.call @"aten::cat"(%x, %y) {exir.args = {dim = 0 : i64}, exir.fallback_reason = "the call cannot be exir.cat: tensors of different element types (f32, i64) cannot share one operand group", exir.operand_args = ["tensors[0]", "tensors[1]"]} : (tensor<4xf32>, tensor<4xi64>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @conv4d(%x: tensor<1x8x4x4x4x4xf32>, %w: tensor<3x8x1x1x1x1xf32>) -> tensor<1x3x4x4x4x4xf32> {
  // expected-error @+1 {{convolution over 4 spatial dims is not supported (1-d, 2-d and 3-d are)}}
  %0 = "exir.convolution"(%x, %w) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0>, static_dilation = array<i64: 1, 1, 1, 1>, static_groups = 1 : i64, static_output_padding = array<i64: 0, 0, 0, 0>, static_padding = array<i64: 0, 0, 0, 0>, static_stride = array<i64: 1, 1, 1, 1>, transposed = false} : (tensor<1x8x4x4x4x4xf32>, tensor<3x8x1x1x1x1xf32>) -> tensor<1x3x4x4x4x4xf32>
  return %0 : tensor<1x3x4x4x4x4xf32>
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

// -----

// A storage offset used as a value: edge tensors have no storage.
func.func @storage_offset_used(%x: tensor<4x5xf32>) -> tensor<i64> {
  // expected-error @+1 {{sym_storage_offset (a view's offset in its storage) is supported only in shape assertions; edge tensors have no storage}}
  %0 = "exir.sym_storage_offset"(%x) : (tensor<4x5xf32>) -> !exir.symint
  %1 = "exir.sym_to_tensor"(%0) : (!exir.symint) -> tensor<i64>
  return %1 : tensor<i64>
}

// -----

// unique_consecutive along a dim whose other dims are dynamic: refused, naming what to do.
func.func private @"aten::unique_consecutive"(tensor<2x?xf32>) -> (tensor<?x?xf32>, tensor<0xi64>, tensor<0xi64>) attributes {exir.aten_overload = "aten::unique_consecutive"}
func.func @unique_consecutive_dynamic_width(%x: tensor<2x?xf32>) -> tensor<?x?xf32> {
  // expected-error @+1 {{unique along a dim needs the other dims static}}
  %0:3 = call @"aten::unique_consecutive"(%x) {exir.args = {dim = 0 : i64, return_inverse = false, return_counts = false}, exir.operand_args = ["self"]} : (tensor<2x?xf32>) -> (tensor<?x?xf32>, tensor<0xi64>, tensor<0xi64>)
  return %0#0 : tensor<?x?xf32>
}

// -----

// hash_tensor has only mode 0 in torch; another mode is refused, never hashed some other way.
func.func private @"aten::hash_tensor"(tensor<4xf32>) -> tensor<ui64> attributes {exir.aten_overload = "aten::hash_tensor"}
func.func @hash_mode(%x: tensor<4xf32>) -> tensor<ui64> {
  // expected-error @+1 {{'aten::hash_tensor' cannot be lowered to edge: hash_tensor mode=1: torch defines only mode=0 (xor of the 64-bit patterns)}}
  %0 = call @"aten::hash_tensor"(%x) {exir.args = {dim = array<i64>, keepdim = false, mode = 1 : i64}, exir.operand_args = ["self"]} : (tensor<4xf32>) -> tensor<ui64>
  return %0 : tensor<ui64>
}

// -----

// as_strided with a symbolic size whose strides transpose two dims of more than one element: not its input
// (view.mlir's @as_strided_restride_symbolic is), so refused, never given a wrong layout.
func.func @as_strided_symbolic_transposed(%x: tensor<?x4x4xf32> {exir.sym_shape = ["s0", "4", "4"]}) -> tensor<?x4x4xf32> {
  %s = "exir.sym_size_int"(%x) {dim = 0 : i64, exir.sym_expr = "s0"} : (tensor<?x4x4xf32>) -> !exir.symint
  // expected-error @+1 {{'exir.as_strided' cannot be lowered to edge: argument 'size' must be static here}}
  %0 = "exir.as_strided"(%x, %s) {exir.sym_shapes = [["s0", "4", "4"]], operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_size = array<i64: -9223372036854775808, 4, 4>, static_stride = array<i64: 16, 1, 4>} : (tensor<?x4x4xf32>, !exir.symint) -> tensor<?x4x4xf32>
  return %0 : tensor<?x4x4xf32>
}
