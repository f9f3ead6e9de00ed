// RUN: exir-mlir-opt %s --pass-pipeline='builtin.module(aten-to-edge,edge-to-backend,to-linalg)' | FileCheck %s

// The program signature (argument/result attributes) and the module's facts survive every
// stage unchanged: codegen and the runtime read them.
// CHECK: module attributes {exir.range_constraints = {s0 = {max = 1024 : i64, min = 1 : i64}}}
// CHECK: func.func @main(%{{.*}}: tensor<32x16xf32> {exir.input_kind = "parameter", exir.name = "fc.weight"}, %{{.*}}: tensor<32xf32> {exir.input_kind = "parameter", exir.name = "fc.bias"}, %{{.*}}: tensor<?x16xf32> {exir.input_kind = "user_input", exir.name = "x", exir.sym_shape = ["s0", "16"]})
// CHECK-SAME: -> (tensor<?x32xf32> {exir.output_kind = "user_output", exir.sym_shape = ["s0", "32"]})
// CHECK-NOT: edge.
// CHECK-NOT: backend.
// CHECK-NOT: exir.{{[a-z_]+}}"(
module attributes {exir.range_constraints = {s0 = {max = 1024 : i64, min = 1 : i64}}} {
  func.func @main(%w: tensor<32x16xf32> {exir.input_kind = "parameter", exir.name = "fc.weight"}, %b: tensor<32xf32> {exir.input_kind = "parameter", exir.name = "fc.bias"}, %x: tensor<?x16xf32> {exir.input_kind = "user_input", exir.name = "x", exir.sym_shape = ["s0", "16"]}) -> (tensor<?x32xf32> {exir.output_kind = "user_output", exir.sym_shape = ["s0", "32"]}) {
    %0 = "exir.permute"(%w) {dims = array<i64: 1, 0>} : (tensor<32x16xf32>) -> tensor<16x32xf32>
    %1 = "exir.addmm"(%b, %x, %0) {alpha = 1 : i64, beta = 1 : i64, exir.sym_shapes = [["s0", "32"]]} : (tensor<32xf32>, tensor<?x16xf32>, tensor<16x32xf32>) -> tensor<?x32xf32>
    %2 = "exir.relu"(%1) {exir.sym_shapes = [["s0", "32"]]} : (tensor<?x32xf32>) -> tensor<?x32xf32>
    return %2 : tensor<?x32xf32>
  }
}
