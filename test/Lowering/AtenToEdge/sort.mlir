// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(aten-to-edge)' | FileCheck %s

// sort keeps its dim (normalized) and direction; the indices are i64.
// CHECK-LABEL: func.func @sort
// CHECK: %[[R:.*]]:2 = "edge.sort"(%{{.*}}) {descending = true, dim = 1 : i64} : (tensor<3x5xf32>) -> (tensor<3x5xf32>, tensor<3x5xi64>)
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @sort(%x: tensor<3x5xf32>) -> (tensor<3x5xf32>, tensor<3x5xi64>) {
  %0:2 = "exir.sort"(%x) {descending = true, dim = -1 : i64} : (tensor<3x5xf32>) -> (tensor<3x5xf32>, tensor<3x5xi64>)
  return %0#0, %0#1 : tensor<3x5xf32>, tensor<3x5xi64>
}

// -----

// topk with a small static k: edge.topk (k selection passes, not a full sort), largest as given.
// CHECK-LABEL: func.func @topk
// CHECK: %[[T:.*]]:2 = "edge.topk"(%{{.*}}) {dim = 1 : i64, k = 2 : i64, largest = true} : (tensor<3x5xf32>) -> (tensor<3x2xf32>, tensor<3x2xi64>)
// CHECK-NOT: edge.sort
// CHECK: return %[[T]]#0, %[[T]]#1
func.func @topk(%x: tensor<3x5xf32>) -> (tensor<3x2xf32>, tensor<3x2xi64>) {
  %0:2 = "exir.topk"(%x) {dim = -1 : i64, largest = true, sorted = true, static_k = 2 : i64} : (tensor<3x5xf32>) -> (tensor<3x2xf32>, tensor<3x2xi64>)
  return %0#0, %0#1 : tensor<3x2xf32>, tensor<3x2xi64>
}

// -----

// topk along a dynamic dim (export guards k <= its size), smallest: edge.topk keeps x's dynamic dims.
// CHECK-LABEL: func.func @topk_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x?xf32>)
// CHECK: "edge.topk"(%[[X]]) {dim = 1 : i64, k = 3 : i64, largest = false} : (tensor<?x?xf32>) -> (tensor<?x3xf32>, tensor<?x3xi64>)
func.func @topk_dynamic(%x: tensor<?x?xf32>) -> (tensor<?x3xf32>, tensor<?x3xi64>) {
  %0:2 = "exir.topk"(%x) {static_k = 3 : i64, dim = 1 : i64, largest = false, sorted = true} : (tensor<?x?xf32>) -> (tensor<?x3xf32>, tensor<?x3xi64>)
  return %0#0, %0#1 : tensor<?x3xf32>, tensor<?x3xi64>
}

// -----

// topk with k past TOPK_PASSES_MAX (16): a stable sort (descending for the largest), then the
// first k of values and indices.
// CHECK-LABEL: func.func @topk_large_k
// CHECK: %[[S:.*]]:2 = "edge.sort"(%{{.*}}) {descending = true, dim = 1 : i64} : (tensor<3x20xf32>) -> (tensor<3x20xf32>, tensor<3x20xi64>)
// CHECK-DAG: %[[V:.*]] = "edge.slice"(%[[S]]#0) {dim = 1 : i64, start = 0 : i64, step = 1 : i64} : (tensor<3x20xf32>) -> tensor<3x17xf32>
// CHECK-DAG: %[[I:.*]] = "edge.slice"(%[[S]]#1) {dim = 1 : i64, start = 0 : i64, step = 1 : i64} : (tensor<3x20xi64>) -> tensor<3x17xi64>
// CHECK: return %[[V]], %[[I]]
func.func @topk_large_k(%x: tensor<3x20xf32>) -> (tensor<3x17xf32>, tensor<3x17xi64>) {
  %0:2 = "exir.topk"(%x) {dim = -1 : i64, largest = true, sorted = true, static_k = 17 : i64} : (tensor<3x20xf32>) -> (tensor<3x17xf32>, tensor<3x17xi64>)
  return %0#0, %0#1 : tensor<3x17xf32>, tensor<3x17xi64>
}

// -----

// topk with a symbolic k (k = v.size(0)): the sorted values and indices sliced to k along dim 1,
// k's index value as the slice's size operand.
// CHECK-LABEL: func.func @topk_symbolic_k
// CHECK-SAME: (%[[X:.*]]: tensor<4x?xf32>, %[[K:.*]]: index)
// CHECK:      %[[S:.*]]:2 = "edge.sort"(%[[X]]) {descending = true, dim = 1 : i64}
// CHECK-NEXT: "edge.slice"(%[[S]]#0, %[[K]]) {dim = 1 : i64, start = 0 : i64, step = 1 : i64} : (tensor<4x?xf32>, index) -> tensor<4x?xf32>
// CHECK-NEXT: "edge.slice"(%[[S]]#1, %[[K]]) {dim = 1 : i64, start = 0 : i64, step = 1 : i64} : (tensor<4x?xi64>, index) -> tensor<4x?xi64>
func.func @topk_symbolic_k(%x: tensor<4x?xf32>, %k: !exir.symint) -> (tensor<4x?xf32>, tensor<4x?xi64>) {
  %0:2 = "exir.topk"(%x, %k) {dim = 1 : i64, largest = true, sorted = true, static_k = -9223372036854775808 : i64} : (tensor<4x?xf32>, !exir.symint) -> (tensor<4x?xf32>, tensor<4x?xi64>)
  return %0#0, %0#1 : tensor<4x?xf32>, tensor<4x?xi64>
}

// -----

// The leading k (static, small) of a sort along its dim is edge.topk, one for both results
// (`torch.sort(x, descending=True)[1][:, :3]`), made before the sort; the sort stays for its other
// user (the whole values). A slice that does not start at 0 stays a slice of the sort.
// CHECK-LABEL: func.func @sort_then_leading_slices
// CHECK-SAME: (%[[X:.*]]: tensor<?x?xf32>)
// CHECK: %[[T:.*]]:2 = "edge.topk"(%[[X]]) {dim = 1 : i64, k = 3 : i64, largest = true} : (tensor<?x?xf32>) -> (tensor<?x3xf32>, tensor<?x3xi64>)
// CHECK-NOT: edge.topk
// CHECK: %[[S:.*]]:2 = "edge.sort"(%[[X]]) {descending = true, dim = 1 : i64}
// CHECK: %[[REST:.*]] = "edge.slice"(%[[S]]#0, %{{.*}}) {dim = 1 : i64, start = 1 : i64, step = 1 : i64} : (tensor<?x?xf32>, index) -> tensor<?x2xf32>
// CHECK: return %[[T]]#1, %[[T]]#0, %[[S]]#0, %[[REST]]
func.func @sort_then_leading_slices(%x: tensor<?x?xf32>) -> (tensor<?x3xi64>, tensor<?x3xf32>, tensor<?x?xf32>, tensor<?x2xf32>) {
  %0:2 = "exir.sort"(%x) {descending = true, dim = -1 : i64} : (tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xi64>)
  %1 = "exir.slice_tensor"(%0#1) {dim = 1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_start = 0 : i64, static_end = 3 : i64, static_step = 1 : i64} : (tensor<?x?xi64>) -> tensor<?x3xi64>
  %2 = "exir.slice_tensor"(%0#0) {dim = 1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_start = 0 : i64, static_end = 3 : i64, static_step = 1 : i64} : (tensor<?x?xf32>) -> tensor<?x3xf32>
  %3 = "exir.slice_tensor"(%0#0) {dim = 1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_start = 1 : i64, static_end = 3 : i64, static_step = 1 : i64} : (tensor<?x?xf32>) -> tensor<?x2xf32>
  return %1, %2, %0#0, %3 : tensor<?x3xi64>, tensor<?x3xf32>, tensor<?x?xf32>, tensor<?x2xf32>
}
