// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(aten-to-edge)' | FileCheck %s

// nonzero: one edge.nonzero whose row count is data-dependent (no index operand), one column
// per input dim.
// CHECK-LABEL: func.func @nonzero
// CHECK: %[[R:.*]] = "edge.nonzero"(%arg0) : (tensor<?x4xf32>) -> tensor<?x2xi64>
// CHECK: return %[[R]]
func.func @nonzero(%x: tensor<?x4xf32>) -> tensor<?x2xi64> {
  %0 = "exir.nonzero"(%x) : (tensor<?x4xf32>) -> tensor<?x2xi64>
  return %0 : tensor<?x2xi64>
}

// -----

// masked_select (a fallback call): the mask broadcasts to x's shape, both are flattened, and x's
// elements at the flat mask's nonzeros are gathered; sizes are tensor.dim / numel at run time.
// CHECK-LABEL: func.func @masked_select
// CHECK: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x6xf32>
// CHECK: %[[M:.*]] = "edge.expand"(%arg1, %[[D]]) : (tensor<1x6xi1>, index) -> tensor<?x6xi1>
// CHECK: %[[XF:.*]] = "edge.view"(%arg0, %{{.*}}) : (tensor<?x6xf32>, index) -> tensor<?xf32>
// CHECK: %[[MF:.*]] = "edge.view"(%[[M]], %{{.*}}) : (tensor<?x6xi1>, index) -> tensor<?xi1>
// CHECK: %[[NZ:.*]] = "edge.nonzero"(%[[MF]]) : (tensor<?xi1>) -> tensor<?x1xi64>
// CHECK: %[[N:.*]] = tensor.dim %[[NZ]], %{{.*}} : tensor<?x1xi64>
// CHECK: %[[ROWS:.*]] = "edge.view"(%[[NZ]], %[[N]]) : (tensor<?x1xi64>, index) -> tensor<?xi64>
// CHECK: %[[R:.*]] = "edge.index_select"(%[[XF]], %[[ROWS]]) {dim = 0 : i64} : (tensor<?xf32>, tensor<?xi64>) -> tensor<?xf32>
// CHECK: return %[[R]]
func.func private @"aten::masked_select"(tensor<?x6xf32>, tensor<1x6xi1>) -> tensor<?xf32> attributes {exir.aten_overload = "aten::masked_select"}
func.func @masked_select(%x: tensor<?x6xf32>, %m: tensor<1x6xi1>) -> tensor<?xf32> {
  %0 = call @"aten::masked_select"(%x, %m) {exir.args = {}, exir.operand_args = ["self", "mask"]} : (tensor<?x6xf32>, tensor<1x6xi1>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// unique with counts: sort, mark the first of each run (s[i] != s[i-1], or i == 0), keep the
// sorted values at the marks' nonzeros; counts scatter-add ones at cumsum(mark) - 1. The
// unrequested inverse is an empty tensor, as torch returns it.
// CHECK-LABEL: func.func @unique_counts
// CHECK: %[[EMPTY:.*]] = arith.constant dense<0> : tensor<0xi64>
// CHECK: %[[S:.*]]:2 = "edge.sort"(%arg0) {descending = false, dim = 0 : i64}
// CHECK: %[[PREV:.*]] = "edge.cat"
// CHECK: %[[NE:.*]] = "edge.ne"(%[[S]]#0, %[[PREV]])
// CHECK: %[[FIRST:.*]] = "edge.eq"
// CHECK: %[[MARK:.*]] = "edge.logical_or"(%[[NE]], %[[FIRST]])
// CHECK: "edge.nonzero"(%[[MARK]]) : (tensor<?xi1>) -> tensor<?x1xi64>
// CHECK: %[[VALUES:.*]] = "edge.index_select"(%[[S]]#0, %{{.*}}) {dim = 0 : i64}
// CHECK: %[[SUM:.*]] = "edge.cumsum"
// CHECK: %[[GROUP:.*]] = "edge.sub"(%[[SUM]], %{{.*}})
// CHECK: %[[COUNTS:.*]] = "edge.scatter"(%{{.*}}, %[[GROUP]], %{{.*}}) {dim = 0 : i64, reduce = "sum"}
// CHECK: return %[[VALUES]], %[[EMPTY]], %[[COUNTS]]
func.func private @"aten::_unique2"(tensor<?xi64>) -> (tensor<?xi64>, tensor<0xi64>, tensor<?xi64>) attributes {exir.aten_overload = "aten::_unique2"}
func.func @unique_counts(%x: tensor<?xi64>) -> (tensor<?xi64>, tensor<0xi64>, tensor<?xi64>) {
  %0:3 = call @"aten::_unique2"(%x) {exir.args = {return_counts = true, return_inverse = false, sorted = true}, exir.operand_args = ["self"]} : (tensor<?xi64>) -> (tensor<?xi64>, tensor<0xi64>, tensor<?xi64>)
  return %0#0, %0#1, %0#2 : tensor<?xi64>, tensor<0xi64>, tensor<?xi64>
}

// -----

// masked_scatter: where the flat mask holds, source's element cumsum(mask) - 1, else self's; the
// index is clamped to [0, numel(source)] and source padded with one element, so no gather reads
// past it (torch raises where the mask holds more often than source has elements).
// CHECK-LABEL: func.func @masked_scatter
// CHECK-SAME: (%[[X:.*]]: tensor<?x6xf32>, %[[M:.*]]: tensor<?x6xi1>, %[[S:.*]]: tensor<40xf32>)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0> : tensor<i64>
// CHECK-DAG: %[[ONE:.*]] = arith.constant dense<1> : tensor<i64>
// CHECK-DAG: %[[LAST:.*]] = arith.constant dense<40> : tensor<i64>
// CHECK-DAG: %[[PAD:.*]] = arith.constant dense<0.000000e+00> : tensor<1xf32>
// CHECK: %[[FX:.*]] = "edge.view"(%[[X]], %{{.*}}) : (tensor<?x6xf32>, index) -> tensor<?xf32>
// CHECK: %[[FM:.*]] = "edge.view"(%[[M]], %{{.*}}) : (tensor<?x6xi1>, index) -> tensor<?xi1>
// CHECK: %[[SD:.*]] = tensor.cast %[[S]] : tensor<40xf32> to tensor<?xf32>
// CHECK: %[[PD:.*]] = tensor.cast %[[PAD]]
// CHECK: %[[PADDED:.*]] = "edge.cat"(%[[SD]], %[[PD]]) {dim = 0 : i64}
// CHECK: %[[MI:.*]] = "edge.cast"(%[[FM]]) : (tensor<?xi1>) -> tensor<?xi64>
// CHECK: %[[CS:.*]] = "edge.cumsum"(%[[MI]]) {dim = 0 : i64}
// CHECK: %[[G:.*]] = "edge.sub"(%[[CS]], %[[ONE]])
// CHECK: %[[LO:.*]] = "edge.maximum"(%[[G]], %[[ZERO]])
// CHECK: %[[IDX:.*]] = "edge.minimum"(%[[LO]], %[[LAST]])
// CHECK: %[[PICKED:.*]] = "edge.index_select"(%[[PADDED]], %[[IDX]]) {dim = 0 : i64}
// CHECK: %[[OUT:.*]] = "edge.where"(%[[FM]], %[[PICKED]], %[[FX]])
// CHECK: %[[N:.*]] = tensor.dim %[[X]]
// CHECK: %[[R:.*]] = "edge.view"(%[[OUT]], %[[N]]) : (tensor<?xf32>, index) -> tensor<?x6xf32>
// CHECK: return %[[R]]
func.func @masked_scatter(%x: tensor<?x6xf32>, %m: tensor<?x6xi1>, %s: tensor<40xf32>) -> tensor<?x6xf32> {
  %0 = "exir.masked_scatter"(%x, %m, %s) : (tensor<?x6xf32>, tensor<?x6xi1>, tensor<40xf32>) -> tensor<?x6xf32>
  return %0 : tensor<?x6xf32>
}

// -----

// unique(dim=0): the rows sorted lexicographically by stable sorts of each column, last to first
// (the permutation carried through index_selects), then the first row of each run of equal rows
// (any column differing from the row before); inverse[perm[i]] = group[i], counts a scatter-add.
// CHECK-LABEL: func.func @unique_dim
// CHECK-SAME: (%[[X:.*]]: tensor<?x2xi64>)
// CHECK-DAG: %[[COL1:.*]] = arith.constant dense<1> : tensor<1xi64>
// CHECK-DAG: %[[COL0:.*]] = arith.constant dense<0> : tensor<1xi64>
// CHECK: %[[N:.*]] = tensor.dim %[[X]]
// CHECK: %[[P0:.*]] = "edge.arange"(%[[N]])
// CHECK: "edge.index_select"(%[[X]], %[[COL1]]) {dim = 1 : i64}
// CHECK: %[[S1:.*]]:2 = "edge.sort"
// CHECK: %[[P1:.*]] = "edge.index_select"(%[[P0]], %[[S1]]#1) {dim = 0 : i64}
// CHECK: "edge.index_select"(%[[X]], %[[COL0]]) {dim = 1 : i64}
// CHECK: %[[S0:.*]]:2 = "edge.sort"
// CHECK: %[[PERM:.*]] = "edge.index_select"(%[[P1]], %[[S0]]#1) {dim = 0 : i64}
// CHECK: %[[SORTED:.*]] = "edge.index_select"(%[[X]], %[[PERM]]) {dim = 0 : i64} : (tensor<?x2xi64>, tensor<?xi64>) -> tensor<?x2xi64>
// CHECK: %[[NE:.*]] = "edge.ne"(%[[SORTED]], %{{.*}}) : (tensor<?x2xi64>, tensor<?x2xi64>) -> tensor<?x2xi1>
// CHECK: %[[ANY:.*]] = "edge.any"(%[[NE]]) {dims = array<i64: 1>, keepdim = false}
// CHECK: %[[MARK:.*]] = "edge.logical_or"(%[[ANY]], %{{.*}})
// CHECK: "edge.nonzero"(%[[MARK]])
// CHECK: %[[VALUES:.*]] = "edge.index_select"(%[[SORTED]], %{{.*}}) {dim = 0 : i64} : (tensor<?x2xi64>, tensor<?xi64>) -> tensor<?x2xi64>
// CHECK: %[[GROUP:.*]] = "edge.sub"
// CHECK: %[[INV:.*]] = "edge.scatter"(%{{.*}}, %[[PERM]], %[[GROUP]]) {dim = 0 : i64, reduce = "none"}
// CHECK: %[[COUNTS:.*]] = "edge.scatter"(%{{.*}}, %[[GROUP]], %{{.*}}) {dim = 0 : i64, reduce = "sum"}
// CHECK: return %[[VALUES]], %[[INV]], %[[COUNTS]]
func.func private @"aten::unique_dim"(tensor<?x2xi64>) -> (tensor<?x2xi64>, tensor<?xi64>, tensor<?xi64>) attributes {exir.aten_overload = "aten::unique_dim"}
func.func @unique_dim(%x: tensor<?x2xi64>) -> (tensor<?x2xi64>, tensor<?xi64>, tensor<?xi64>) {
  %0:3 = call @"aten::unique_dim"(%x) {exir.args = {dim = 0 : i64, sorted = true, return_inverse = true, return_counts = true}, exir.operand_args = ["self"]} : (tensor<?x2xi64>) -> (tensor<?x2xi64>, tensor<?xi64>, tensor<?xi64>)
  return %0#0, %0#1, %0#2 : tensor<?x2xi64>, tensor<?xi64>, tensor<?xi64>
}
