// RUN: exir-mlir-opt %s --split-input-file | exir-mlir-opt --split-input-file | FileCheck %s
// Round trip of the exir dialect: generated ATen ops of each argument kind, the hand-written
// ops (symbolic integers, literals), and the upstream forms of the fallback, cond, while_loop.

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
// The members of one variadic group share their join type (tensor.cast).
// CHECK-LABEL: func.func @lists_and_tuples
// CHECK: "exir.cat"(%[[A:.*]], %[[B:.*]]) {dim = 0 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
// CHECK: %[[J1:.*]] = tensor.cast %{{.*}} : tensor<1x3xf32> to tensor<?x3xf32>
// CHECK: %[[J2:.*]] = tensor.cast %{{.*}} : tensor<2x3xf32> to tensor<?x3xf32>
// CHECK: "exir.cat"(%[[J1]], %[[J2]]) {dim = 0 : i64} : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<3x3xf32>
// CHECK: "exir.index_tensor"(%{{.*}}, %[[I:.*]]) {indices_present = array<i1: false, true>} : (tensor<2x3xf32>, tensor<5xi64>) -> tensor<2x5xf32>
// CHECK: %[[MAX:.*]]:2 = "exir.max_dim"(%{{.*}}) {dim = 1 : i64, keepdim = false} : (tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xi64>)
// CHECK: "exir.split_with_sizes"(%{{.*}}) {dim = 0 : i64, static_split_sizes = array<i64: 1, 1>} : (tensor<2x3xf32>) -> (tensor<1x3xf32>, tensor<1x3xf32>)
func.func @lists_and_tuples(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>, %i: tensor<5xi64>, %one: tensor<1x3xf32>) -> tensor<2xi64> {
  %0 = "exir.cat"(%a, %b) {dim = 0 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  %j1 = tensor.cast %one : tensor<1x3xf32> to tensor<?x3xf32>
  %j2 = tensor.cast %a : tensor<2x3xf32> to tensor<?x3xf32>
  %4 = "exir.cat"(%j1, %j2) {dim = 0 : i64} : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<3x3xf32>
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

// The fallback for ATen ops without an exir op: a call of a private declaration naming the overload.
// CHECK-LABEL: func.func @literals_and_fallback
// CHECK: %[[L:.*]] = "exir.literal"() {value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>} : () -> tensor<2xf32>
// CHECK: "exir.literal"() {value = dense_resource<fc_weight> : tensor<2xf32>} : () -> tensor<2xf32>
// CHECK: call @"aten::linalg_vector_norm"(%[[L]]) {exir.args = {keepdim = false, ord = 2.000000e+00 : f64}, exir.operand_args = ["self"]} : (tensor<2xf32>) -> tensor<f32>
// CHECK: func.func private @"aten::linalg_vector_norm"(tensor<2xf32>) -> tensor<f32> attributes {exir.aten_overload = "aten::linalg_vector_norm"}
module {
  func.func @literals_and_fallback() -> tensor<f32> {
    %0 = "exir.literal"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
    %1 = "exir.literal"() {value = dense_resource<fc_weight> : tensor<2xf32>} : () -> tensor<2xf32>
    %2 = func.call @"aten::linalg_vector_norm"(%0) {exir.args = {ord = 2.0 : f64, keepdim = false}, exir.operand_args = ["self"]} : (tensor<2xf32>) -> tensor<f32>
    return %2 : tensor<f32>
  }
  func.func private @"aten::linalg_vector_norm"(tensor<2xf32>) -> tensor<f32> attributes {exir.aten_overload = "aten::linalg_vector_norm"}
}
{-#
  dialect_resources: {
    builtin: {
      fc_weight: "0x040000000000803F00000040"
    }
  }
#-}

// -----

// torch.cond and torch.while_loop are scf.if and scf.while (operand lists of mixed types).
// CHECK-LABEL: func.func @control_flow
// CHECK-SAME: (%[[P:.*]]: tensor<i1>, %[[X:.*]]: tensor<4xf32>, %[[I0:.*]]: tensor<i64>)
// CHECK: %[[PRED:.*]] = tensor.extract %[[P]][] : tensor<i1>
// CHECK: scf.if %[[PRED]] -> (tensor<4xf32>, tensor<i64>) {
// CHECK:   %[[SIN:.*]] = "exir.sin"(%[[X]])
// CHECK:   scf.yield %[[SIN]], %[[I0]] : tensor<4xf32>, tensor<i64>
// CHECK: scf.while (%[[I:.*]] = %[[I0]], %[[W:.*]] = %[[X]]) : (tensor<i64>, tensor<4xf32>) -> (tensor<i64>, tensor<4xf32>) {
// CHECK:   "exir.lt_scalar"(%[[I]]) {other = 3 : i64}
// CHECK:   scf.condition(%{{.*}}) %[[I]], %[[W]] : tensor<i64>, tensor<4xf32>
// CHECK: } do {
// CHECK:   "exir.add_scalar"
func.func @control_flow(%p: tensor<i1>, %x: tensor<4xf32>, %i0: tensor<i64>) -> tensor<i64> {
  %pred = tensor.extract %p[] : tensor<i1>
  %0:2 = scf.if %pred -> (tensor<4xf32>, tensor<i64>) {
    %s = "exir.sin"(%x) : (tensor<4xf32>) -> tensor<4xf32>
    scf.yield %s, %i0 : tensor<4xf32>, tensor<i64>
  } else {
    scf.yield %x, %i0 : tensor<4xf32>, tensor<i64>
  }
  %1:2 = scf.while (%i = %i0, %w = %x) : (tensor<i64>, tensor<4xf32>) -> (tensor<i64>, tensor<4xf32>) {
    %c = "exir.lt_scalar"(%i) {other = 3 : i64} : (tensor<i64>) -> tensor<i1>
    %b = tensor.extract %c[] : tensor<i1>
    scf.condition(%b) %i, %w : tensor<i64>, tensor<4xf32>
  } do {
  ^bb0(%i: tensor<i64>, %w: tensor<4xf32>):
    %n = "exir.add_scalar"(%i) {other = 1 : i64, alpha = 1 : i64} : (tensor<i64>) -> tensor<i64>
    scf.yield %n, %w : tensor<i64>, tensor<4xf32>
  }
  return %1#0 : tensor<i64>
}
