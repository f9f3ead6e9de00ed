// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(aten-to-edge)' | FileCheck %s

// Non-core ATen ops (a program exported without run_decompositions) arrive as fallback calls;
// the common ones decompose into edge ops, and their declarations go away.
// CHECK-NOT: func.func private
// CHECK-LABEL: func.func @linear_3d
// CHECK-SAME: (%[[X:.*]]: tensor<2x8x16xf32>, %[[W:.*]]: tensor<32x16xf32>, %[[B:.*]]: tensor<32xf32>)
// CHECK: %[[WT:.*]] = "edge.permute"(%[[W]]) {dims = array<i64: 1, 0>} : (tensor<32x16xf32>) -> tensor<16x32xf32>
// CHECK: %[[X2:.*]] = "edge.view"(%[[X]]) : (tensor<2x8x16xf32>) -> tensor<16x16xf32>
// CHECK: %[[Y:.*]] = "edge.addmm"(%[[B]], %[[X2]], %[[WT]]) : (tensor<32xf32>, tensor<16x16xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
// CHECK: "edge.view"(%[[Y]]) : (tensor<16x32xf32>) -> tensor<2x8x32xf32>
// CHECK-NOT: call
func.func private @"aten::linear"(tensor<2x8x16xf32>, tensor<32x16xf32>, tensor<32xf32>) -> tensor<2x8x32xf32> attributes {exir.aten_overload = "aten::linear"}
func.func @linear_3d(%x: tensor<2x8x16xf32>, %w: tensor<32x16xf32>, %b: tensor<32xf32>) -> tensor<2x8x32xf32> {
  %0 = call @"aten::linear"(%x, %w, %b) {exir.args = {}, exir.operand_args = ["input", "weight", "bias"]} : (tensor<2x8x16xf32>, tensor<32x16xf32>, tensor<32xf32>) -> tensor<2x8x32xf32>
  return %0 : tensor<2x8x32xf32>
}

// -----

// A dynamic batch: the flattened size is index arithmetic, the output view takes the batch dim.
// CHECK-LABEL: func.func @linear_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x16xf32>
// CHECK: "edge.addmm"(%{{.*}}, %[[X]], %{{.*}}) : (tensor<32xf32>, tensor<?x16xf32>, tensor<16x32xf32>) -> tensor<?x32xf32>
func.func private @"aten::linear"(tensor<?x16xf32>, tensor<32x16xf32>, tensor<32xf32>) -> tensor<?x32xf32> attributes {exir.aten_overload = "aten::linear"}
func.func @linear_dynamic(%x: tensor<?x16xf32>, %w: tensor<32x16xf32>, %b: tensor<32xf32>) -> tensor<?x32xf32> {
  %0 = call @"aten::linear"(%x, %w, %b) {exir.args = {}, exir.operand_args = ["input", "weight", "bias"]} : (tensor<?x16xf32>, tensor<32x16xf32>, tensor<32xf32>) -> tensor<?x32xf32>
  return %0 : tensor<?x32xf32>
}

// -----

// F.scaled_dot_product_attention: decomposed into edge ops in the shape edge-to-backend fuses.
// CHECK-LABEL: func.func @sdpa_causal
// CHECK: "edge.bmm"
// CHECK: "edge.mul"(%{{.*}}, %{{.*}}) : (tensor<8x8x16xf32>, tensor<f32>) -> tensor<8x8x16xf32>
// CHECK: "edge.gt"
// CHECK: "edge.where"
// CHECK: "edge.softmax"(%{{.*}}) {dim = 2 : i64}
// CHECK: "edge.bmm"
// CHECK: "edge.view"(%{{.*}}) : (tensor<8x8x16xf32>) -> tensor<2x4x8x16xf32>
func.func private @"aten::scaled_dot_product_attention"(tensor<2x4x8x16xf32>, tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x8x16xf32> attributes {exir.aten_overload = "aten::scaled_dot_product_attention"}
func.func @sdpa_causal(%q: tensor<2x4x8x16xf32>, %k: tensor<2x4x16x16xf32>, %v: tensor<2x4x16x16xf32>) -> tensor<2x4x8x16xf32> {
  %0 = call @"aten::scaled_dot_product_attention"(%q, %k, %v) {exir.args = {dropout_p = 0.0 : f64, enable_gqa = false, is_causal = true}, exir.operand_args = ["query", "key", "value"]} : (tensor<2x4x8x16xf32>, tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x8x16xf32>
  return %0 : tensor<2x4x8x16xf32>
}

// -----

// _native_batch_norm_legit_functional in eval mode (training = false): the running-statistics
// normalization, empty save_mean/save_invstd, and the running statistics returned unchanged.
// CHECK-LABEL: func.func @batch_norm_functional_eval
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>, %[[W:.*]]: tensor<3xf32>, %[[B:.*]]: tensor<3xf32>, %[[M:.*]]: tensor<3xf32>, %[[V:.*]]: tensor<3xf32>)
// CHECK-DAG: %[[E:.*]] = arith.constant dense<0.000000e+00> : tensor<0xf32>
// CHECK-DAG: %[[Y:.*]] = "edge.batch_norm_inference"(%[[X]], %[[W]], %[[B]], %[[M]], %[[V]]) {eps = 1.000000e-03 : f64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>}
// CHECK: return %[[Y]], %[[E]], %[[E]], %[[M]], %[[V]]
func.func private @"aten::_native_batch_norm_legit_functional"(tensor<?x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<?x3xf32>, tensor<0xf32>, tensor<0xf32>, tensor<3xf32>, tensor<3xf32>) attributes {exir.aten_overload = "aten::_native_batch_norm_legit_functional"}
func.func @batch_norm_functional_eval(%x: tensor<?x3xf32>, %w: tensor<3xf32>, %b: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) -> (tensor<?x3xf32>, tensor<0xf32>, tensor<0xf32>, tensor<3xf32>, tensor<3xf32>) {
  %0:5 = call @"aten::_native_batch_norm_legit_functional"(%x, %w, %b, %m, %v) {exir.args = {eps = 1.0e-03 : f64, momentum = 0.1 : f64, training = false}, exir.operand_args = ["input", "weight", "bias", "running_mean", "running_var"]} : (tensor<?x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<?x3xf32>, tensor<0xf32>, tensor<0xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0, %0#1, %0#2, %0#3, %0#4 : tensor<?x3xf32>, tensor<0xf32>, tensor<0xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

// CHECK-LABEL: func.func @conv_bn_pool
// CHECK: "edge.convolution"(%{{.*}}, %{{.*}}) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>}
// CHECK: "edge.batch_norm_inference"
// CHECK: "edge.max_pool"(%{{.*}}) {dilation = array<i64: 1, 1>, kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>}
func.func private @"aten::conv2d"(tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32> attributes {exir.aten_overload = "aten::conv2d"}
func.func private @"aten::batch_norm"(tensor<1x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32> attributes {exir.aten_overload = "aten::batch_norm"}
func.func private @"aten::max_pool2d"(tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32> attributes {exir.aten_overload = "aten::max_pool2d"}
func.func @conv_bn_pool(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %g: tensor<4xf32>, %b: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>) -> tensor<1x4x4x4xf32> {
  %0 = call @"aten::conv2d"(%x, %w) {exir.args = {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>}, exir.operand_args = ["input", "weight"]} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  %1 = call @"aten::batch_norm"(%0, %g, %b, %m, %v) {exir.args = {cudnn_enabled = false, eps = 1.0e-05 : f64, momentum = 0.1 : f64, training = false}, exir.operand_args = ["input", "weight", "bias", "running_mean", "running_var"]} : (tensor<1x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
  %2 = call @"aten::max_pool2d"(%1) {exir.args = {ceil_mode = false, dilation = array<i64: 1, 1>, kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>}, exir.operand_args = ["self"]} : (tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32>
  return %2 : tensor<1x4x4x4xf32>
}

// -----

// tril keeps the elements with col - row <= diagonal.
// CHECK-LABEL: func.func @tril
// CHECK: "edge.arange"
// CHECK: "edge.le"
// CHECK: "edge.where"
func.func private @"aten::tril"(tensor<8x8xi1>) -> tensor<8x8xi1> attributes {exir.aten_overload = "aten::tril"}
func.func @tril(%x: tensor<8x8xi1>) -> tensor<8x8xi1> {
  %0 = call @"aten::tril"(%x) {exir.args = {diagonal = 0 : i64}, exir.operand_args = ["self"]} : (tensor<8x8xi1>) -> tensor<8x8xi1>
  return %0 : tensor<8x8xi1>
}

// -----

// arange with a symbolic end (a dynamic sequence length): the length is index arithmetic.
// CHECK-LABEL: func.func @arange_symbolic
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32>)
// CHECK: %[[N:.*]] = tensor.dim %[[X]], %{{.*}}
// CHECK: %[[L:.*]] = arith.maxsi %{{.*}}, %{{.*}} : index
// CHECK: "edge.arange"(%[[L]]) {start = 0.000000e+00 : f64, step = 1.000000e+00 : f64} : (index) -> tensor<?xi64>
func.func private @"aten::arange.start_step"(!exir.symint) -> tensor<?xi64> attributes {exir.aten_overload = "aten::arange.start_step"}
func.func @arange_symbolic(%x: tensor<?x4xf32>) -> tensor<?xi64> {
  %n = "exir.sym_size_int"(%x) {dim = 0 : i64} : (tensor<?x4xf32>) -> !exir.symint
  %0 = call @"aten::arange.start_step"(%n) {exir.args = {start = 0 : i64, step = 1 : i64}, exir.operand_args = ["end"]} : (!exir.symint) -> tensor<?xi64>
  return %0 : tensor<?xi64>
}
