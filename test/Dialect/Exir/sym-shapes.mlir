// RUN: exir-mlir-opt %s | exir-mlir-opt | FileCheck %s
// Symbolic shapes: range constraints on the module, named dims on arguments and results
// (verify_module checks them; invalid.mlir has the malformed cases).

// CHECK-LABEL: module attributes
// CHECK-SAME: exir.dim_equalities = {{\[\[}}"x.size(0)", "y.size(0)"]]
// CHECK-SAME: exir.range_constraints = {s0 = {max = 1024 : i64, min = 1 : i64}, u0 = {min = 0 : i64}}
// CHECK: func.func @main(%[[X:.*]]: tensor<?x4xf32> {exir.sym_shape = ["s0", "4"]}, %[[Y:.*]]: tensor<?x4xf32> {exir.sym_shape = ["s0", "4"]}, %[[N:.*]]: !exir.symint {exir.sym_expr = "s0"})
// CHECK: "exir.cat"(%[[X]], %[[Y]]) {dim = 0 : i64, exir.sym_shapes = {{\[\[}}"2*s0", "4"]]}
// CHECK: "exir.constant_pad_nd"(%{{.*}}) {exir.sym_shapes = {{\[\[}}"2*s0 + 1", "4"]], static_pad = array<i64: 0, 0, 0, 1>, value = 0.000000e+00 : f64}
// CHECK: "exir.slice_tensor"(%{{.*}}, %{{.*}}) {dim = 0 : i64, exir.sym_shapes = {{\[\[}}"s0//2", "4"]]
// CHECK: "exir.nonzero"(%{{.*}}) {exir.sym_shapes = {{\[\[}}"u0", "2"]]}
module attributes {exir.range_constraints = {s0 = {min = 1 : i64, max = 1024 : i64}, u0 = {min = 0 : i64}},
                   exir.dim_equalities = [["x.size(0)", "y.size(0)"]]} {
  func.func @main(%x: tensor<?x4xf32> {exir.sym_shape = ["s0", "4"]}, %y: tensor<?x4xf32> {exir.sym_shape = ["s0", "4"]},
                  %n: !exir.symint {exir.sym_expr = "s0"}) -> tensor<?x2xi64> {
    %0 = "exir.cat"(%x, %y) {dim = 0 : i64, exir.sym_shapes = [["2*s0", "4"]]} : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
    %1 = "exir.constant_pad_nd"(%0) {static_pad = array<i64: 0, 0, 0, 1>, value = 0.0 : f64, exir.sym_shapes = [["2*s0 + 1", "4"]]} : (tensor<?x4xf32>) -> tensor<?x4xf32>
    %c2 = "exir.sym_constant"() {value = 2 : i64} : () -> !exir.symint
    %h = "exir.sym_floordiv"(%n, %c2) {exir.sym_expr = "s0//2"} : (!exir.symint, !exir.symint) -> !exir.symint
    %2 = "exir.slice_tensor"(%x, %h) {dim = 0 : i64, static_start = 0 : i64, static_end = -9223372036854775808 : i64, static_step = 1 : i64,
                                       operandSegmentSizes = array<i32: 1, 0, 1, 0>, exir.sym_shapes = [["s0//2", "4"]]} : (tensor<?x4xf32>, !exir.symint) -> tensor<?x4xf32>
    %3 = "exir.nonzero"(%2) {exir.sym_shapes = [["u0", "2"]]} : (tensor<?x4xf32>) -> tensor<?x2xi64>
    return %3 : tensor<?x2xi64>
  }
}
