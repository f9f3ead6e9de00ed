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
