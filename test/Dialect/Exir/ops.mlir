// RUN: exir-mlir-opt %s --split-input-file | exir-mlir-opt --split-input-file | FileCheck %s
// Round trip of the exir dialect: generated ATen ops of each argument kind and the
// hand-written ops (symbolic integers, literals, the generic fallback, cond, while_loop).

// CHECK-LABEL: func.func @tensor_operands_and_scalar_attr
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<2x3xf32>)
// CHECK: "exir.add_tensor"(%[[A]], %[[B]]) {alpha = 2 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: "exir.mul_scalar"(%[[A]]) {other = 5.000000e-01 : f64}
func.func @tensor_operands_and_scalar_attr(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "exir.add_tensor"(%a, %b) {alpha = 2 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "exir.mul_scalar"(%a) {other = 0.5 : f64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// SymInt[]: static entries in `static_size`, the dynamic one (kDynamic = INT64_MIN) as an operand.
// CHECK-LABEL: func.func @symint_list
// CHECK: %[[N:.*]] = "exir.sym_size_int"(%{{.*}}) {dim = 0 : i64} : (tensor<?x4xf32>) -> !exir.symint
// CHECK: "exir.view"(%{{.*}}, %[[N]]) {static_size = array<i64: -9223372036854775808, 2, 2>}
// CHECK-SAME: : (tensor<?x4xf32>, !exir.symint) -> tensor<?x2x2xf32>
func.func @symint_list(%x: tensor<?x4xf32>) -> tensor<?x2x2xf32> {
  %n = "exir.sym_size_int"(%x) {dim = 0 : i64} : (tensor<?x4xf32>) -> !exir.symint
  %0 = "exir.view"(%x, %n) {static_size = array<i64: -9223372036854775808, 2, 2>} : (tensor<?x4xf32>, !exir.symint) -> tensor<?x2x2xf32>
  return %0 : tensor<?x2x2xf32>
}

// -----

// SymInt? arguments: optional operands, hence operandSegmentSizes; None is an absent attribute.
// CHECK-LABEL: func.func @optional_symint
// CHECK: "exir.slice_tensor"(%{{.*}}, %[[END:.*]]) {dim = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 1, 0>, static_end = -9223372036854775808 : i64, static_start = 1 : i64, static_step = 1 : i64}
func.func @optional_symint(%x: tensor<?x4xf32>, %end: !exir.symint) -> tensor<?x4xf32> {
  %0 = "exir.slice_tensor"(%x, %end) {dim = 0 : i64, static_start = 1 : i64, static_end = -9223372036854775808 : i64, static_step = 1 : i64, operandSegmentSizes = array<i32: 1, 0, 1, 0>} : (tensor<?x4xf32>, !exir.symint) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// Tensor[] is variadic; Tensor?[] is variadic plus `<name>_present`; tuple returns are results.
// CHECK-LABEL: func.func @lists_and_tuples
// CHECK: "exir.cat"(%[[A:.*]], %[[B:.*]]) {dim = 0 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
// CHECK: "exir.index_tensor"(%{{.*}}, %[[I:.*]]) {indices_present = array<i1: false, true>} : (tensor<2x3xf32>, tensor<5xi64>) -> tensor<2x5xf32>
// CHECK: %[[MAX:.*]]:2 = "exir.max_dim"(%{{.*}}) {dim = 1 : i64, keepdim = false} : (tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xi64>)
// CHECK: "exir.split_with_sizes"(%{{.*}}) {dim = 0 : i64, static_split_sizes = array<i64: 1, 1>} : (tensor<2x3xf32>) -> (tensor<1x3xf32>, tensor<1x3xf32>)
func.func @lists_and_tuples(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>, %i: tensor<5xi64>) -> tensor<2xi64> {
  %0 = "exir.cat"(%a, %b) {dim = 0 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  %1 = "exir.index_tensor"(%a, %i) {indices_present = array<i1: false, true>} : (tensor<2x3xf32>, tensor<5xi64>) -> tensor<2x5xf32>
  %2:2 = "exir.max_dim"(%a) {dim = 1 : i64, keepdim = false} : (tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xi64>)
  %3:2 = "exir.split_with_sizes"(%a) {static_split_sizes = array<i64: 1, 1>, dim = 0 : i64} : (tensor<2x3xf32>) -> (tensor<1x3xf32>, tensor<1x3xf32>)
  return %2#1 : tensor<2xi64>
}

// -----

// Tensor? operands, ScalarType / Device / Layout attributes, absent optional attributes.
// CHECK-LABEL: func.func @optionals_and_enums
// CHECK: "exir.native_layer_norm"(%[[X:.*]], %[[W:.*]]) {eps = 1.000000e-05 : f64, operandSegmentSizes = array<i32: 1, 0, 1, 0>, static_normalized_shape = array<i64: 3>}
// CHECK: "exir.priv_to_copy"(%{{.*}}) {device = "cpu", dtype = f16, non_blocking = false}
// CHECK: "exir.full"() {dtype = f32, fill_value = 0.000000e+00 : f64, static_size = array<i64: 2, 3>}
func.func @optionals_and_enums(%x: tensor<2x3xf32>, %w: tensor<3xf32>) -> tensor<2x3xf16> {
  %0:3 = "exir.native_layer_norm"(%x, %w) {static_normalized_shape = array<i64: 3>, eps = 1.0e-5 : f64, operandSegmentSizes = array<i32: 1, 0, 1, 0>} : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  %1 = "exir.priv_to_copy"(%0#0) {dtype = f16, device = "cpu", non_blocking = false} : (tensor<2x3xf32>) -> tensor<2x3xf16>
  %2 = "exir.full"() {static_size = array<i64: 2, 3>, fill_value = 0.0 : f64, dtype = f32} : () -> tensor<2x3xf32>
  return %1 : tensor<2x3xf16>
}

// -----

// Symbolic integers: arithmetic, comparisons, range constraints, asserts, wrapped numbers.
// CHECK-LABEL: func.func @symints
// CHECK: %[[C1:.*]] = "exir.sym_constant"() {value = 1 : i64} : () -> !exir.symint
// CHECK: %[[ADD:.*]] = "exir.sym_add"(%[[S:.*]], %[[C1]]) : (!exir.symint, !exir.symint) -> !exir.symint
// CHECK: %[[DIV:.*]] = "exir.sym_truediv"(%[[ADD]], %[[C1]]) : (!exir.symint, !exir.symint) -> !exir.symfloat
// CHECK: %[[GE:.*]] = "exir.sym_ge"(%[[ADD]], %[[C1]]) : (!exir.symint, !exir.symint) -> !exir.symbool
// CHECK: "exir.sym_constrain_range_for_size"(%[[ADD]]) {max = 64 : i64, min = 2 : i64} : (!exir.symint) -> ()
// CHECK: "exir.priv_assert_scalar"(%[[GE]]) {assert_msg = "s0 + 1 >= 1"} : (!exir.symbool) -> ()
// CHECK: "exir.sym_to_tensor"(%[[ADD]]) : (!exir.symint) -> tensor<i64>
func.func @symints(%s: !exir.symint) -> tensor<i64> {
  %c1 = "exir.sym_constant"() {value = 1 : i64} : () -> !exir.symint
  %0 = "exir.sym_add"(%s, %c1) : (!exir.symint, !exir.symint) -> !exir.symint
  %1 = "exir.sym_truediv"(%0, %c1) : (!exir.symint, !exir.symint) -> !exir.symfloat
  %2 = "exir.sym_ge"(%0, %c1) : (!exir.symint, !exir.symint) -> !exir.symbool
  "exir.sym_constrain_range_for_size"(%0) {min = 2 : i64, max = 64 : i64} : (!exir.symint) -> ()
  "exir.priv_assert_scalar"(%2) {assert_msg = "s0 + 1 >= 1"} : (!exir.symbool) -> ()
  %3 = "exir.sym_to_tensor"(%0) : (!exir.symint) -> tensor<i64>
  return %3 : tensor<i64>
}

// -----

// CHECK-LABEL: func.func @literals_and_fallback
// CHECK: "exir.literal"() {value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>} : () -> tensor<2xf32>
// CHECK: "exir.literal"() {value = dense_resource<fc_weight> : tensor<2xf32>} : () -> tensor<2xf32>
// CHECK: "exir.aten_op"(%{{.*}}) {args = {keepdim = false, ord = 2.000000e+00 : f64}, operand_args = ["self"], overload = "aten::linalg_vector_norm"} : (tensor<2xf32>) -> tensor<f32>
module {
  func.func @literals_and_fallback() -> tensor<f32> {
    %0 = "exir.literal"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
    %1 = "exir.literal"() {value = dense_resource<fc_weight> : tensor<2xf32>} : () -> tensor<2xf32>
    %2 = "exir.aten_op"(%0) {overload = "aten::linalg_vector_norm", operand_args = ["self"], args = {ord = 2.0 : f64, keepdim = false}} : (tensor<2xf32>) -> tensor<f32>
    return %2 : tensor<f32>
  }
}
{-#
  dialect_resources: {
    builtin: {
      fc_weight: "0x040000000000803F00000040"
    }
  }
#-}

// -----

// CHECK-LABEL: func.func @control_flow
// CHECK: "exir.cond"(%[[P:.*]], %[[X:.*]]) ({
// CHECK: ^bb0(%[[A:.*]]: tensor<4xf32>):
// CHECK:   %[[SIN:.*]] = "exir.sin"(%[[A]])
// CHECK:   vector.yield %[[SIN]] : tensor<4xf32>
// CHECK: }, {
// CHECK: }) : (tensor<i1>, tensor<4xf32>) -> tensor<4xf32>
// CHECK: "exir.while_loop"(%{{.*}}, %[[X]]) ({
// CHECK: vector.yield %{{.*}} : tensor<i1>
// CHECK: vector.yield %{{.*}} : tensor<i64>
// CHECK: }) {operandSegmentSizes = array<i32: 1, 1>} : (tensor<i64>, tensor<4xf32>) -> tensor<i64>
func.func @control_flow(%p: tensor<i1>, %x: tensor<4xf32>, %i0: tensor<i64>) -> tensor<i64> {
  %0 = "exir.cond"(%p, %x) ({
  ^bb0(%a: tensor<4xf32>):
    %s = "exir.sin"(%a) : (tensor<4xf32>) -> tensor<4xf32>
    vector.yield %s : tensor<4xf32>
  }, {
  ^bb0(%a: tensor<4xf32>):
    vector.yield %a : tensor<4xf32>
  }) : (tensor<i1>, tensor<4xf32>) -> tensor<4xf32>
  %1 = "exir.while_loop"(%i0, %x) ({
  ^bb0(%i: tensor<i64>, %w: tensor<4xf32>):
    %c = "exir.lt_scalar"(%i) {other = 3 : i64} : (tensor<i64>) -> tensor<i1>
    vector.yield %c : tensor<i1>
  }, {
  ^bb0(%i: tensor<i64>, %w: tensor<4xf32>):
    %n = "exir.add_scalar"(%i) {other = 1 : i64, alpha = 1 : i64} : (tensor<i64>) -> tensor<i64>
    vector.yield %n : tensor<i64>
  }) {operandSegmentSizes = array<i32: 1, 1>} : (tensor<i64>, tensor<4xf32>) -> tensor<i64>
  return %1 : tensor<i64>
}
