// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(aten-to-edge)' | FileCheck %s

// SymInt arithmetic is index arithmetic; a size query is a tensor.dim.
// CHECK-LABEL: func.func @sym_arith
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[D:.*]] = tensor.dim %{{.*}}, %[[C0]] : tensor<?x8xf32>
// CHECK: %[[N:.*]] = arith.muli %[[D]], %[[C2]] : index
// CHECK: "edge.view"(%{{.*}}, %[[N]])
func.func @sym_arith(%x: tensor<?x8xf32>) -> tensor<?x4xf32> {
  %0 = "exir.sym_size_int"(%x) {dim = 0 : i64} : (tensor<?x8xf32>) -> !exir.symint
  %1 = "exir.sym_constant"() {value = 2 : i64} : () -> !exir.symint
  %2 = "exir.sym_mul"(%0, %1) : (!exir.symint, !exir.symint) -> !exir.symint
  %3 = "exir.view"(%x, %2) {static_size = array<i64: -9223372036854775808, 4>} : (tensor<?x8xf32>, !exir.symint) -> tensor<?x4xf32>
  return %3 : tensor<?x4xf32>
}

// -----

// A SymInt used as a tensor is an i64 0-d tensor of its index value.
// CHECK-LABEL: func.func @sym_to_tensor
// CHECK: %[[D:.*]] = tensor.dim
// CHECK: %[[I:.*]] = arith.index_cast %[[D]] : index to i64
// CHECK: %[[T:.*]] = tensor.from_elements %[[I]] : tensor<i64>
// CHECK: return %[[T]]
func.func @sym_to_tensor(%x: tensor<?x8xf32>) -> tensor<i64> {
  %0 = "exir.sym_size_int"(%x) {dim = 0 : i64} : (tensor<?x8xf32>) -> !exir.symint
  %1 = "exir.sym_to_tensor"(%0) : (!exir.symint) -> tensor<i64>
  return %1 : tensor<i64>
}

// -----

// A program that returns Python scalars: each SymInt/SymFloat/SymBool result becomes a 0-d
// i64/f64/i1 tensor marked exir.scalar_output (the runtime returns the Python int/float/bool).
// `.item()` (_local_scalar_dense) is a tensor.extract; truediv is f64 division; sym_ge a cmpi.
// CHECK-LABEL: func.func @scalar_results
// CHECK-SAME: -> (tensor<i64> {exir.scalar_output = "int"}, tensor<f64> {exir.scalar_output = "float"}, tensor<i1> {exir.scalar_output = "bool"})
// CHECK: %[[D:.*]] = tensor.dim %arg0
// CHECK: %[[E:.*]] = tensor.extract %arg1[] : tensor<i64>
// CHECK: %[[U:.*]] = arith.index_cast %[[E]] : i64 to index
// CHECK: %[[SUM:.*]] = arith.addi %[[D]], %[[U]] : index
// CHECK: %[[Q:.*]] = arith.divf %{{.*}}, %{{.*}} : f64
// CHECK: %[[GE:.*]] = arith.cmpi sge, %[[D]], %[[U]] : index
// CHECK: %[[SUM64:.*]] = arith.index_cast %[[SUM]] : index to i64
// CHECK: %[[R0:.*]] = tensor.from_elements %[[SUM64]] : tensor<i64>
// CHECK: %[[R1:.*]] = tensor.from_elements %[[Q]] : tensor<f64>
// CHECK: %[[R2:.*]] = tensor.from_elements %[[GE]] : tensor<i1>
// CHECK: return %[[R0]], %[[R1]], %[[R2]]
func.func @scalar_results(%x: tensor<?x8xf32>, %t: tensor<i64>) -> (!exir.symint, !exir.symfloat, !exir.symbool) {
  %0 = "exir.sym_size_int"(%x) {dim = 0 : i64} : (tensor<?x8xf32>) -> !exir.symint
  %1 = "exir.priv_local_scalar_dense"(%t) : (tensor<i64>) -> !exir.symint
  %2 = "exir.sym_add"(%0, %1) : (!exir.symint, !exir.symint) -> !exir.symint
  %3 = "exir.sym_truediv"(%0, %1) : (!exir.symint, !exir.symint) -> !exir.symfloat
  %4 = "exir.sym_ge"(%0, %1) : (!exir.symint, !exir.symint) -> !exir.symbool
  return %2, %3, %4 : !exir.symint, !exir.symfloat, !exir.symbool
}

// -----

// SymFloat arithmetic and comparison (f64, cmpf), SymBool logic (xori with true = not),
// sym_ite a select, float constants.
// CHECK-LABEL: func.func @sym_float_bool
// CHECK-DAG: %[[HALF:.*]] = arith.constant 5.000000e-01 : f64
// CHECK-DAG: %[[TRUE:.*]] = arith.constant true
// CHECK: %[[F:.*]] = arith.sitofp %{{.*}} : i64 to f64
// CHECK: %[[M:.*]] = arith.mulf %[[F]], %[[HALF]] : f64
// CHECK: %[[LT:.*]] = arith.cmpf olt, %[[M]], %[[HALF]] : f64
// CHECK: %[[NOT:.*]] = arith.xori %[[LT]], %[[TRUE]] : i1
// CHECK: %[[SEL:.*]] = arith.select %[[NOT]], %[[M]], %[[HALF]] : f64
// CHECK: tensor.from_elements %[[SEL]] : tensor<f64>
func.func @sym_float_bool(%x: tensor<?xf32>) -> !exir.symfloat {
  %0 = "exir.sym_size_int"(%x) {dim = 0 : i64} : (tensor<?xf32>) -> !exir.symint
  %1 = "exir.sym_float"(%0) : (!exir.symint) -> !exir.symfloat
  %h = "exir.sym_constant"() {value = 5.000000e-01 : f64} : () -> !exir.symfloat
  %2 = "exir.sym_mul"(%1, %h) : (!exir.symfloat, !exir.symfloat) -> !exir.symfloat
  %3 = "exir.sym_lt"(%2, %h) : (!exir.symfloat, !exir.symfloat) -> !exir.symbool
  %4 = "exir.sym_not"(%3) : (!exir.symbool) -> !exir.symbool
  %5 = "exir.sym_ite"(%4, %2, %h) : (!exir.symbool, !exir.symfloat, !exir.symfloat) -> !exir.symfloat
  return %5 : !exir.symfloat
}

// -----

// sym_storage_offset read only by a shape assertion (tensor_split's pieces): the assertion is
// dropped, then the offset, unused, goes too.
// CHECK-LABEL: func.func @storage_offset_in_assertion
// CHECK-SAME: (%[[X:.*]]: tensor<4x5xf32>) -> tensor<4x5xf32>
// CHECK-NEXT: return %[[X]]
func.func @storage_offset_in_assertion(%x: tensor<4x5xf32>) -> tensor<4x5xf32> {
  %0 = "exir.sym_storage_offset"(%x) {exir.sym_expr = "u4"} : (tensor<4x5xf32>) -> !exir.symint
  %1 = "exir.sym_constant"() {value = 0 : i64} : () -> !exir.symint
  %2 = "exir.sym_ge"(%0, %1) : (!exir.symint, !exir.symint) -> !exir.symbool
  "exir.priv_assert_scalar"(%2) {assert_msg = "Runtime assertion failed for expression u4 >= 0"} : (!exir.symbool) -> ()
  return %x : tensor<4x5xf32>
}

// -----

// The index value of `.item()` keeps its symbol's name (exir.sym_expr = "u0"): to-linalg sizes
// tensors whose shapes name u0 with it.
// An assertion on a data-dependent value (u0: an .item()) is a run-time check whose message names the
// condition as export wrote it and the source line; one on input sizes only (s0) is a range constraint
// the runtime checks before the call: dropped.
// CHECK-LABEL: func.func @unbacked_assertion
// CHECK-SAME: (%[[X:[a-z0-9]+]]: tensor<?xf32>, %[[T:[a-z0-9]+]]: tensor<i64>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[E:.*]] = tensor.extract %[[T]][] : tensor<i64>
// CHECK: %[[U:.*]] = arith.index_cast %[[E]] {exir.sym_expr = "u0"} : i64 to index
// CHECK: %[[D:.*]] = tensor.dim %[[X]], %[[C0]] : tensor<?xf32>
// CHECK: %[[LE:.*]] = arith.cmpi sle, %[[U]], %[[D]] : index
// CHECK: cf.assert %[[LE]], "run-time check failed: torch._check failed at {{.*}}symbolic.mlir:{{[0-9]+}}:{{[0-9]+}}: the condition u0 <= s0 is false at this call
// CHECK-NOT: cf.assert
// CHECK: return %[[X]]
func.func @unbacked_assertion(%x: tensor<?xf32>, %t: tensor<i64>) -> tensor<?xf32> {
  %u = "exir.priv_local_scalar_dense"(%t) {exir.sym_expr = "u0"} : (tensor<i64>) -> !exir.symint
  %s = "exir.sym_size_int"(%x) {dim = 0 : i64, exir.sym_expr = "s0"} : (tensor<?xf32>) -> !exir.symint
  %le = "exir.sym_le"(%u, %s) : (!exir.symint, !exir.symint) -> !exir.symbool
  "exir.priv_assert_scalar"(%le) {assert_msg = "Runtime assertion failed for expression u0 <= s0 on node 'le'"} : (!exir.symbool) -> ()
  %one = "exir.sym_constant"() {value = 1 : i64} : () -> !exir.symint
  %ge = "exir.sym_ge"(%s, %one) : (!exir.symint, !exir.symint) -> !exir.symbool
  "exir.priv_assert_scalar"(%ge) {assert_msg = "Runtime assertion failed for expression s0 >= 1 on node 'ge'"} : (!exir.symbool) -> ()
  return %x : tensor<?xf32>
}

// -----

// Any other message (the importer's _assert_async: torch.linalg's error checks, torch._assert_async) is
// the run-time check's message as it is, with the source line.
// CHECK-LABEL: func.func @assert_message
// CHECK: %[[B:.*]] = tensor.extract %{{.*}}[] : tensor<i1>
// CHECK: %[[OK:.*]] = arith.xori %[[B]], %{{.*}} : i1
// CHECK: cf.assert %[[OK]], "run-time check failed: linalg.cholesky: The factorization could not be completed because the input is not positive-definite (the leading minor of order k is not positive-definite). (at {{.*}}symbolic.mlir:{{[0-9]+}}:{{[0-9]+}})"
func.func @assert_message(%bad: tensor<i1>) {
  %b = "exir.priv_local_scalar_dense"(%bad) : (tensor<i1>) -> !exir.symbool
  %ok = "exir.sym_not"(%b) : (!exir.symbool) -> !exir.symbool
  "exir.priv_assert_scalar"(%ok) {assert_msg = "linalg.cholesky: The factorization could not be completed because the input is not positive-definite (the leading minor of order k is not positive-definite)."} : (!exir.symbool) -> ()
  return
}

// -----

// full / scalar_tensor with a SymFloat value (interpolate's scales, quantile's positions, matrix_rank's
// tolerance): the importer calls the ATen op (an exir attribute cannot hold it); the f64 becomes one
// element (truncated to f32) and full expands it to the sizes, the dynamic one read from the SymInt.
// CHECK-LABEL: func.func @symbolic_fill
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>)
// CHECK-DAG: %[[QUARTER:.*]] = arith.constant 2.500000e-01 : f64
// CHECK-DAG: %[[TWO:.*]] = arith.constant 2.000000e+00 : f64
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[N:.*]] = tensor.dim %[[X]], %[[C0]] : tensor<?x3xf32>
// CHECK: %[[I:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK: %[[F:.*]] = arith.sitofp %[[I]] : i64 to f64
// CHECK: %[[HALF:.*]] = arith.divf %[[F]], %[[TWO]] : f64
// CHECK: %[[E:.*]] = arith.truncf %[[HALF]] : f64 to f32
// CHECK: %[[T:.*]] = tensor.from_elements %[[E]] : tensor<f32>
// CHECK: %[[FULL:.*]] = "edge.expand"(%[[T]], %[[N]]) : (tensor<f32>, index) -> tensor<?x3xf32>
// CHECK: %[[M:.*]] = arith.mulf %[[F]], %[[QUARTER]] : f64
// CHECK: %[[MI:.*]] = arith.fptosi %[[M]] : f64 to i64
// CHECK: %[[S:.*]] = tensor.from_elements %[[MI]] : tensor<i64>
// CHECK: return %[[FULL]], %[[S]]
func.func private @"aten::full"(!exir.symint, !exir.symfloat) -> tensor<?x3xf32> attributes {exir.aten_overload = "aten::full"}
func.func private @"aten::scalar_tensor"(!exir.symfloat) -> tensor<i64> attributes {exir.aten_overload = "aten::scalar_tensor"}
func.func @symbolic_fill(%x: tensor<?x3xf32>) -> (tensor<?x3xf32>, tensor<i64>) {
  %0 = "exir.sym_size_int"(%x) {dim = 0 : i64, exir.sym_expr = "s0"} : (tensor<?x3xf32>) -> !exir.symint
  %1 = "exir.sym_float"(%0) {exir.sym_expr = "ToFloat(s0)"} : (!exir.symint) -> !exir.symfloat
  %2 = "exir.sym_constant"() {value = 2.000000e+00 : f64} : () -> !exir.symfloat
  %3 = "exir.sym_truediv"(%1, %2) : (!exir.symfloat, !exir.symfloat) -> !exir.symfloat
  %4 = call @"aten::full"(%0, %3) {exir.args = {device = "cpu", pin_memory = false, size = array<i64: -9223372036854775808, 3>}, exir.fallback_reason = "the call cannot be exir.full: argument 'fill_value' is symbolic where exir.full takes an attribute", exir.operand_args = ["size[0]", "fill_value"]} : (!exir.symint, !exir.symfloat) -> tensor<?x3xf32>
  %6 = "exir.sym_constant"() {value = 2.500000e-01 : f64} : () -> !exir.symfloat
  %7 = "exir.sym_mul"(%1, %6) : (!exir.symfloat, !exir.symfloat) -> !exir.symfloat
  %8 = call @"aten::scalar_tensor"(%7) {exir.args = {device = "cpu", pin_memory = false}, exir.operand_args = ["s"]} : (!exir.symfloat) -> tensor<i64>
  return %4, %8 : tensor<?x3xf32>, tensor<i64>
}
