// RUN: exir-mlir-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(aten-to-edge)' | FileCheck %s

// Random ops become edge.random (to-linalg: Philox4x32-10). The function gets one rng_seed
// argument (last, a 0-d i64 tensor the runtime fills per call: README, "Random ops"); each random
// op gets its own stream, numbered in program order. Dynamic size: the symbolic dim is the index
// operand.
// CHECK-LABEL: func.func @rand_randn_dynamic
// CHECK-SAME: (%[[N:.*]]: index, %[[SEED:.*]]: tensor<i64> {exir.input_kind = "rng_seed", exir.name = "rng_seed"})
// CHECK: %[[U:.*]] = "edge.random"(%[[SEED]], %[[N]]) {distribution = "uniform", stream = 0 : i64} : (tensor<i64>, index) -> tensor<?x5xf32>
// CHECK: %[[Z:.*]] = "edge.random"(%[[SEED]]) {distribution = "normal", stream = 1 : i64} : (tensor<i64>) -> tensor<3xf64>
// CHECK: return %[[U]], %[[Z]]
func.func @rand_randn_dynamic(%n: !exir.symint) -> (tensor<?x5xf32>, tensor<3xf64>) {
  %0 = "exir.rand"(%n) {device = "cpu", pin_memory = false, static_size = array<i64: -9223372036854775808, 5>} : (!exir.symint) -> tensor<?x5xf32>
  %1 = "exir.randn"() {dtype = f64, static_size = array<i64: 3>} : () -> tensor<3xf64>
  return %0, %1 : tensor<?x5xf32>, tensor<3xf64>
}

// -----

// f16 is drawn in f32 and cast.
// CHECK-LABEL: func.func @rand_f16
// CHECK: %[[U:.*]] = "edge.random"(%{{.*}}) {distribution = "uniform", stream = 0 : i64} : (tensor<i64>) -> tensor<4xf32>
// CHECK: "edge.cast"(%[[U]]) : (tensor<4xf32>) -> tensor<4xf16>
func.func @rand_f16() -> tensor<4xf16> {
  %0 = "exir.rand"() {dtype = f16, static_size = array<i64: 4>} : () -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// Dropout in training mode (torch's decomposition): keep where u > p, scale kept values by 1/(1-p).
// CHECK-LABEL: func.func @dropout_train
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>, %[[SEED:.*]]: tensor<i64> {exir.input_kind = "rng_seed"
// CHECK-DAG: %[[P:.*]] = arith.constant dense<2.500000e-01> : tensor<f32>
// CHECK-DAG: %[[SCALE:.*]] = arith.constant dense<1.33333337> : tensor<f32>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %[[N:.*]] = tensor.dim %[[X]], %{{.*}}
// CHECK: %[[U:.*]] = "edge.random"(%[[SEED]], %[[N]]) {distribution = "uniform", stream = 0 : i64}
// CHECK: %[[KEEP:.*]] = "edge.gt"(%[[U]], %[[P]]) : (tensor<?x8xf32>, tensor<f32>) -> tensor<?x8xi1>
// CHECK: %[[SCALED:.*]] = "edge.mul"(%[[X]], %[[SCALE]])
// CHECK: %[[OUT:.*]] = "edge.where"(%[[KEEP]], %[[SCALED]], %[[ZERO]])
// CHECK: return %[[OUT]], %[[KEEP]]
func.func @dropout_train(%x: tensor<?x8xf32>) -> (tensor<?x8xf32>, tensor<?x8xi1>) {
  %0:2 = "exir.native_dropout"(%x) {p = 0.25 : f64, train = true} : (tensor<?x8xf32>) -> (tensor<?x8xf32>, tensor<?x8xi1>)
  return %0#0, %0#1 : tensor<?x8xf32>, tensor<?x8xi1>
}

// -----

// Dropout in eval mode draws nothing: no seed argument.
// CHECK-LABEL: func.func @dropout_eval
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xi1>)
// CHECK-NOT: edge.random
// CHECK: return %[[X]]
func.func @dropout_eval(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xi1>) {
  %0:2 = "exir.native_dropout"(%x) {p = 0.5 : f64, train = false} : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xi1>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xi1>
}

// -----

// Non-core random ops arrive as fallback calls: bernoulli(x, p) is u < p, normal(mean, std) is
// mean + std * z; each its own stream.
func.func private @"aten::bernoulli.p"(tensor<?x8xf32>) -> tensor<?x8xf32> attributes {exir.aten_overload = "aten::bernoulli.p"}
func.func private @"aten::normal.Tensor_float"(tensor<?x8xf32>) -> tensor<?x8xf32> attributes {exir.aten_overload = "aten::normal.Tensor_float"}
// CHECK-LABEL: func.func @bernoulli_normal
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>, %[[SEED:.*]]: tensor<i64>
// CHECK-DAG: %[[P:.*]] = arith.constant dense<3.000000e-01> : tensor<f32>
// CHECK-DAG: %[[STD:.*]] = arith.constant dense<2.000000e+00> : tensor<f32>
// CHECK: %[[U:.*]] = "edge.random"(%[[SEED]], %{{.*}}) {distribution = "uniform", stream = 0 : i64}
// CHECK: %[[HIT:.*]] = "edge.lt"(%[[U]], %[[P]]) : (tensor<?x8xf32>, tensor<f32>) -> tensor<?x8xi1>
// CHECK: %[[B:.*]] = "edge.cast"(%[[HIT]]) : (tensor<?x8xi1>) -> tensor<?x8xf32>
// CHECK: %[[Z:.*]] = "edge.random"(%[[SEED]], %{{.*}}) {distribution = "normal", stream = 1 : i64}
// CHECK: %[[ZS:.*]] = "edge.mul"(%[[Z]], %[[STD]])
// CHECK: %[[NORMAL:.*]] = "edge.add"(%[[ZS]], %[[X]])
// CHECK: return %[[B]], %[[NORMAL]]
func.func @bernoulli_normal(%x: tensor<?x8xf32>) -> (tensor<?x8xf32>, tensor<?x8xf32>) {
  %0 = call @"aten::bernoulli.p"(%x) {exir.args = {p = 3.000000e-01 : f64}, exir.operand_args = ["self"]} : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %1 = call @"aten::normal.Tensor_float"(%x) {exir.args = {std = 2.000000e+00 : f64}, exir.operand_args = ["mean"]} : (tensor<?x8xf32>) -> tensor<?x8xf32>
  return %0, %1 : tensor<?x8xf32>, tensor<?x8xf32>
}

// -----

// randint(low, high): low + floor(u * (high - low)), u drawn in f64.
func.func private @"aten::randint.low"(!exir.symint) -> tensor<?xi64> attributes {exir.aten_overload = "aten::randint.low"}
// CHECK-LABEL: func.func @randint
// CHECK-SAME: (%[[N:.*]]: index, %[[SEED:.*]]: tensor<i64>
// CHECK-DAG: %[[RANGE:.*]] = arith.constant dense<7.000000e+00> : tensor<f64>
// CHECK-DAG: %[[LOW:.*]] = arith.constant dense<3.000000e+00> : tensor<f64>
// CHECK: %[[U:.*]] = "edge.random"(%[[SEED]], %[[N]]) {distribution = "uniform", stream = 0 : i64} : (tensor<i64>, index) -> tensor<?xf64>
// CHECK: %[[SCALED:.*]] = "edge.mul"(%[[U]], %[[RANGE]])
// CHECK: %[[FLOOR:.*]] = "edge.floor"(%[[SCALED]])
// CHECK: %[[SHIFTED:.*]] = "edge.add"(%[[FLOOR]], %[[LOW]])
// CHECK: "edge.cast"(%[[SHIFTED]]) : (tensor<?xf64>) -> tensor<?xi64>
func.func @randint(%n: !exir.symint) -> tensor<?xi64> {
  %0 = call @"aten::randint.low"(%n) {exir.args = {device = "cpu", dtype = 4 : i64, high = 10 : i64, low = 3 : i64, pin_memory = false, size = array<i64: -9223372036854775808>}, exir.operand_args = ["size[0]"]} : (!exir.symint) -> tensor<?xi64>
  return %0 : tensor<?xi64>
}

// -----

// randperm is not drawn yet: refused at its line with what to do.
func.func @randperm() -> tensor<5xi64> {
  // expected-error @+1 {{'aten::randperm' is not compiled by exir-mlir yet (rand, randn, bernoulli, normal, uniform, randint and dropout are). What to do: draw the tensor with torch in eager and pass it in as an input of the program}}
  %0 = "exir.randperm"() {dtype = i64, static_n = 5 : i64} : () -> tensor<5xi64>
  return %0 : tensor<5xi64>
}

// -----

// A random op in a loop body would repeat its numbers at every iteration: refused.
func.func @rand_in_loop(%n: i64) -> tensor<4xf32> {
  %init = arith.constant dense<0.0> : tensor<4xf32>
  %c0 = arith.constant 0 : i64
  %r:2 = scf.while (%i = %c0, %acc = %init) : (i64, tensor<4xf32>) -> (i64, tensor<4xf32>) {
    %go = arith.cmpi slt, %i, %n : i64
    scf.condition(%go) %i, %acc : i64, tensor<4xf32>
  } do {
  ^bb0(%j: i64, %a: tensor<4xf32>):
    // expected-error @+1 {{a random op inside a loop (while_loop) is not supported: it would draw the same numbers at every iteration}}
    %u = "exir.rand"() {static_size = array<i64: 4>} : () -> tensor<4xf32>
    %c1 = arith.constant 1 : i64
    %next = arith.addi %j, %c1 : i64
    scf.yield %next, %u : i64, tensor<4xf32>
  }
  return %r#1 : tensor<4xf32>
}

// -----

// aten::dropout as a fallback call (a program imported without decompositions): drawn in training
// mode; in eval mode the input itself, and no rng_seed argument.
func.func private @"aten::dropout"(tensor<?x8xf32>) -> tensor<?x8xf32> attributes {exir.aten_overload = "aten::dropout"}
// CHECK-LABEL: func.func @dropout_call_train
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>, %[[SEED:.*]]: tensor<i64> {exir.input_kind = "rng_seed"
// CHECK: %[[U:.*]] = "edge.random"(%[[SEED]], %{{.*}}) {distribution = "uniform", stream = 0 : i64}
// CHECK: %[[KEEP:.*]] = "edge.gt"(%[[U]], %{{.*}})
// CHECK: %[[OUT:.*]] = "edge.where"(%[[KEEP]], %{{.*}}, %{{.*}})
// CHECK: return %[[OUT]]
func.func @dropout_call_train(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %0 = call @"aten::dropout"(%x) {exir.args = {p = 5.000000e-01 : f64, train = true}, exir.operand_args = ["input"]} : (tensor<?x8xf32>) -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

func.func private @"aten::dropout"(tensor<?x8xf32>) -> tensor<?x8xf32> attributes {exir.aten_overload = "aten::dropout"}
// CHECK-LABEL: func.func @dropout_call_eval
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT: return %[[X]]
func.func @dropout_call_eval(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %0 = call @"aten::dropout"(%x) {exir.args = {p = 5.000000e-01 : f64, train = false}, exir.operand_args = ["input"]} : (tensor<?x8xf32>) -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}
