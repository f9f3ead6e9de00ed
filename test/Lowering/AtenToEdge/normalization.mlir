// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(aten-to-edge)' | FileCheck %s

// CHECK-LABEL: func.func @softmax
// CHECK: "edge.softmax"(%{{.*}}) {dim = 1 : i64} : (tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK: "edge.log_softmax"(%{{.*}}) {dim = 0 : i64}
func.func @softmax(%x: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %0 = "exir.priv_softmax"(%x) {dim = -1 : i64, half_to_float = false} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %1 = "exir.priv_log_softmax"(%x) {dim = 0 : i64, half_to_float = false} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0, %1 : tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// normalized_shape [32] on a rank-3 input: axis 2.
// CHECK-LABEL: func.func @layer_norm
// CHECK-SAME: (%[[X:.*]]: tensor<2x8x32xf32>, %[[W:.*]]: tensor<32xf32>, %[[B:.*]]: tensor<32xf32>)
// CHECK: "edge.layer_norm"(%[[X]], %[[W]], %[[B]]) {axis = 2 : i64, eps = 1.000000e-03 : f64, operandSegmentSizes = array<i32: 1, 1, 1>}
func.func @layer_norm(%x: tensor<2x8x32xf32>, %w: tensor<32xf32>, %b: tensor<32xf32>) -> tensor<2x8x32xf32> {
  %0:3 = "exir.native_layer_norm"(%x, %w, %b) {eps = 1.0e-03 : f64, operandSegmentSizes = array<i32: 1, 0, 1, 1>, static_normalized_shape = array<i64: 32>} : (tensor<2x8x32xf32>, tensor<32xf32>, tensor<32xf32>) -> (tensor<2x8x32xf32>, tensor<2x8x1xf32>, tensor<2x8x1xf32>)
  return %0#0 : tensor<2x8x32xf32>
}

// -----

// CHECK-LABEL: func.func @batch_norm
// CHECK: "edge.batch_norm_inference"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {eps = 1.000000e-03 : f64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>}
func.func @batch_norm(%x: tensor<1x8x4x4xf32>, %w: tensor<8xf32>, %b: tensor<8xf32>, %m: tensor<8xf32>, %v: tensor<8xf32>) -> tensor<1x8x4x4xf32> {
  %0:3 = "exir.priv_native_batch_norm_legit_no_training"(%x, %w, %b, %m, %v) {eps = 1.0e-03 : f64, momentum = 0.1 : f64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : (tensor<1x8x4x4xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<1x8x4x4xf32>, tensor<0xf32>, tensor<0xf32>)
  return %0#0 : tensor<1x8x4x4xf32>
}

// -----

// Eval mode returns empty save_mean/save_invstd (CPU computes no batch statistics): a program that
// returns them gets tensor<0xf32> constants, its output the running-statistics normalization.
// CHECK-LABEL: func.func @batch_norm_eval_saved_stats
// CHECK-SAME: (%[[X:.*]]: tensor<?x3x4xf32>, %[[M:.*]]: tensor<3xf32>, %[[V:.*]]: tensor<3xf32>)
// CHECK-DAG: %[[E:.*]] = arith.constant dense<0.000000e+00> : tensor<0xf32>
// CHECK-DAG: %[[Y:.*]] = "edge.batch_norm_inference"(%[[X]], %[[M]], %[[V]]) {eps = 1.000000e-05 : f64, operandSegmentSizes = array<i32: 1, 0, 0, 1, 1>}
// CHECK: return %[[Y]], %[[E]], %[[E]]
func.func @batch_norm_eval_saved_stats(%x: tensor<?x3x4xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) -> (tensor<?x3x4xf32>, tensor<0xf32>, tensor<0xf32>) {
  %0:3 = "exir.priv_native_batch_norm_legit_no_training"(%x, %m, %v) {eps = 1.0e-05 : f64, momentum = 0.1 : f64, operandSegmentSizes = array<i32: 1, 0, 0, 1, 1>} : (tensor<?x3x4xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<?x3x4xf32>, tensor<0xf32>, tensor<0xf32>)
  return %0#0, %0#1, %0#2 : tensor<?x3x4xf32>, tensor<0xf32>, tensor<0xf32>
}

// -----

// group norm decomposes into a grouped view, mean/var, rsqrt and the per-channel affine.
// CHECK-LABEL: func.func @group_norm
// CHECK: "edge.view"(%{{.*}}) : (tensor<2x4x3x3xf32>) -> tensor<2x2x18xf32>
// CHECK: "edge.mean"(%{{.*}}) {dims = array<i64: 2>, keepdim = true}
// CHECK: "edge.var"(%{{.*}}) {correction = 0.000000e+00 : f64, dims = array<i64: 2>, keepdim = true}
// CHECK: "edge.rsqrt"
// CHECK: "edge.view"(%{{.*}}) : (tensor<4xf32>) -> tensor<4x1x1xf32>
func.func @group_norm(%x: tensor<2x4x3x3xf32>, %w: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<2x4x3x3xf32> {
  %0:3 = "exir.native_group_norm"(%x, %w, %b) {eps = 1.0e-05 : f64, group = 2 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0>, static_c = 4 : i64, static_hxw = 9 : i64, static_n = 2 : i64} : (tensor<2x4x3x3xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<2x4x3x3xf32>, tensor<2x2xf32>, tensor<2x2xf32>)
  return %0#0 : tensor<2x4x3x3xf32>
}

// -----

// bf16 group norm: statistics and normalization in f32 (as eager's CPU kernel), eps = 1e-3 added to
// the biased variance, the result cast back to bf16.
// CHECK-LABEL: func.func @group_norm_bf16
// CHECK-SAME: (%[[X:.*]]: tensor<2x4x3xbf16>)
// CHECK:      %[[EPS:.*]] = arith.constant dense<1.000000e-03> : tensor<f32>
// CHECK:      %[[XF:.*]] = "edge.cast"(%[[X]]) : (tensor<2x4x3xbf16>) -> tensor<2x4x3xf32>
// CHECK:      %[[G:.*]] = "edge.view"(%[[XF]]) : (tensor<2x4x3xf32>) -> tensor<2x2x6xf32>
// CHECK:      %[[MEAN:.*]] = "edge.mean"(%[[G]]) {dims = array<i64: 2>, keepdim = true} : (tensor<2x2x6xf32>) -> tensor<2x2x1xf32>
// CHECK:      %[[VAR:.*]] = "edge.var"(%[[G]]) {correction = 0.000000e+00 : f64, dims = array<i64: 2>, keepdim = true}
// CHECK:      %[[VE:.*]] = "edge.add"(%[[VAR]], %[[EPS]])
// CHECK:      %[[R:.*]] = "edge.rsqrt"(%[[VE]])
// CHECK:      %[[C:.*]] = "edge.sub"(%[[G]], %[[MEAN]])
// CHECK:      %[[Y:.*]] = "edge.mul"(%[[C]], %[[R]]) : (tensor<2x2x6xf32>, tensor<2x2x1xf32>) -> tensor<2x2x6xf32>
// CHECK:      %[[YV:.*]] = "edge.view"(%[[Y]]) : (tensor<2x2x6xf32>) -> tensor<2x4x3xf32>
// CHECK:      %[[OUT:.*]] = "edge.cast"(%[[YV]]) : (tensor<2x4x3xf32>) -> tensor<2x4x3xbf16>
// CHECK:      return %[[OUT]]
func.func @group_norm_bf16(%x: tensor<2x4x3xbf16>) -> tensor<2x4x3xbf16> {
  %0:3 = "exir.native_group_norm"(%x) {eps = 1.0e-03 : f64, group = 2 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0>, static_c = 4 : i64, static_hxw = 3 : i64, static_n = 2 : i64} : (tensor<2x4x3xbf16>) -> (tensor<2x4x3xbf16>, tensor<2x2xbf16>, tensor<2x2xbf16>)
  return %0#0 : tensor<2x4x3xbf16>
}

// -----

// Training-mode f16 batch norm: batch statistics over dims 0 and 2 and the affine in f32, eps = 1e-3,
// rounded to f16 once at the end.
// CHECK-LABEL: func.func @batch_norm_train_f16
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf16>, %[[W:.*]]: tensor<3xf16>, %[[B:.*]]: tensor<3xf16>)
// CHECK:      %[[EPS:.*]] = arith.constant dense<1.000000e-03> : tensor<f32>
// CHECK:      %[[XF:.*]] = "edge.cast"(%[[X]]) : (tensor<2x3x4xf16>) -> tensor<2x3x4xf32>
// CHECK:      %[[MEAN:.*]] = "edge.mean"(%[[XF]]) {dims = array<i64: 0, 2>, keepdim = true}
// CHECK:      %[[VAR:.*]] = "edge.var"(%[[XF]]) {correction = 0.000000e+00 : f64, dims = array<i64: 0, 2>, keepdim = true}
// CHECK:      %[[VE:.*]] = "edge.add"(%[[VAR]], %[[EPS]])
// CHECK:      %[[R:.*]] = "edge.rsqrt"(%[[VE]])
// CHECK:      %[[C:.*]] = "edge.sub"(%[[XF]], %[[MEAN]])
// CHECK:      %[[N:.*]] = "edge.mul"(%[[C]], %[[R]]) : (tensor<2x3x4xf32>, tensor<1x3x1xf32>) -> tensor<2x3x4xf32>
// CHECK:      %[[WF:.*]] = "edge.cast"(%[[W]]) : (tensor<3xf16>) -> tensor<3xf32>
// CHECK:      %[[WV:.*]] = "edge.view"(%[[WF]]) : (tensor<3xf32>) -> tensor<3x1xf32>
// CHECK:      %[[S:.*]] = "edge.mul"(%[[N]], %[[WV]])
// CHECK:      %[[BF:.*]] = "edge.cast"(%[[B]]) : (tensor<3xf16>) -> tensor<3xf32>
// CHECK:      %[[BV:.*]] = "edge.view"(%[[BF]]) : (tensor<3xf32>) -> tensor<3x1xf32>
// CHECK:      %[[Y:.*]] = "edge.add"(%[[S]], %[[BV]])
// CHECK:      %[[OUT:.*]] = "edge.cast"(%[[Y]]) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf16>
// CHECK:      return %[[OUT]]
func.func @batch_norm_train_f16(%x: tensor<2x3x4xf16>, %w: tensor<3xf16>, %b: tensor<3xf16>) -> tensor<2x3x4xf16> {
  %0:3 = "exir.priv_native_batch_norm_legit_no_stats"(%x, %w, %b) {eps = 1.0e-03 : f64, momentum = 0.1 : f64, training = true, operandSegmentSizes = array<i32: 1, 1, 1>} : (tensor<2x3x4xf16>, tensor<3xf16>, tensor<3xf16>) -> (tensor<2x3x4xf16>, tensor<3xf16>, tensor<3xf16>)
  return %0#0 : tensor<2x3x4xf16>
}

// -----

// Group norm of a [s0, 4, s1] input, 2 groups: only the static channel dim splits ([s0, 2, 2, s1],
// with its symbolic shape so that to-linalg makes it an expand_shape, not a flatten); statistics
// over dims 2 and 3; the sizes passed to the views are tensor.dim of x, never a static guess.
// CHECK-LABEL: func.func @group_norm_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x4x?xf32> {exir.sym_shape = ["s0", "4", "s1"]}
// CHECK:      %[[N:.*]] = tensor.dim %[[X]], %c0
// CHECK-NEXT: %[[L:.*]] = tensor.dim %[[X]], %c2
// CHECK-NEXT: %[[G:.*]] = "edge.view"(%[[X]], %[[N]], %[[L]]) {exir.sym_shapes = {{\[\[}}"s0", "2", "2", "s1"]]} : (tensor<?x4x?xf32>, index, index) -> tensor<?x2x2x?xf32>
// CHECK:      %[[MEAN:.*]] = "edge.mean"(%[[G]]) {dims = array<i64: 2, 3>, keepdim = true} : (tensor<?x2x2x?xf32>) -> tensor<?x2x1x1xf32>
// CHECK:      "edge.var"(%[[G]]) {correction = 0.000000e+00 : f64, dims = array<i64: 2, 3>, keepdim = true}
// CHECK:      %[[Y:.*]] = "edge.mul"
// CHECK:      %[[OUT:.*]] = "edge.view"(%[[Y]], %[[N]], %[[L]]) {exir.sym_shapes = {{\[\[}}"s0", "4", "s1"]]} : (tensor<?x2x2x?xf32>, index, index) -> tensor<?x4x?xf32>
// CHECK:      %[[M:.*]] = "edge.view"(%[[MEAN]], %[[N]]) : (tensor<?x2x1x1xf32>, index) -> tensor<?x2xf32>
// CHECK:      return %[[OUT]], %[[M]]
func.func @group_norm_dynamic(%x: tensor<?x4x?xf32> {exir.sym_shape = ["s0", "4", "s1"]}, %n: !exir.symint, %hw: !exir.symint) -> (tensor<?x4x?xf32>, tensor<?x2xf32>) {
  %0:3 = "exir.native_group_norm"(%x, %n, %hw) {eps = 1.0e-05 : f64, group = 2 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 1, 0, 1>, static_c = 4 : i64, static_hxw = -9223372036854775808 : i64, static_n = -9223372036854775808 : i64} : (tensor<?x4x?xf32>, !exir.symint, !exir.symint) -> (tensor<?x4x?xf32>, tensor<?x2xf32>, tensor<?x2xf32>)
  return %0#0, %0#1 : tensor<?x4x?xf32>, tensor<?x2xf32>
}

// -----

// Training-mode batch norm whose channel count is dynamic too (instance norm's [1, N*C, L] view):
// statistics of type 1 x ? x 1, the weight viewed [?, 1] with its own tensor.dim, the per-channel
// results viewed [?] with x's dim 1.
// CHECK-LABEL: func.func @batch_norm_train_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x?x4xf32>, %[[W:.*]]: tensor<?xf32>)
// CHECK:      %[[C:.*]] = tensor.dim %[[X]], %c1
// CHECK:      %[[MEAN:.*]] = "edge.mean"(%[[X]]) {dims = array<i64: 0, 2>, keepdim = true} : (tensor<?x?x4xf32>) -> tensor<1x?x1xf32>
// CHECK:      %[[VAR:.*]] = "edge.var"(%[[X]]) {correction = 0.000000e+00 : f64, dims = array<i64: 0, 2>, keepdim = true} : (tensor<?x?x4xf32>) -> tensor<1x?x1xf32>
// CHECK:      %[[R:.*]] = "edge.rsqrt"
// CHECK:      %[[WC:.*]] = tensor.dim %[[W]], %c0
// CHECK:      %[[WV:.*]] = "edge.view"(%[[W]], %[[WC]]) : (tensor<?xf32>, index) -> tensor<?x1xf32>
// CHECK:      %[[Y:.*]] = "edge.mul"(%{{.*}}, %[[WV]]) : (tensor<?x?x4xf32>, tensor<?x1xf32>) -> tensor<?x?x4xf32>
// CHECK:      %[[M:.*]] = "edge.view"(%[[MEAN]], %[[C]]) : (tensor<1x?x1xf32>, index) -> tensor<?xf32>
// CHECK:      %[[I:.*]] = "edge.view"(%[[R]], %[[C]]) : (tensor<1x?x1xf32>, index) -> tensor<?xf32>
// CHECK:      return %[[Y]], %[[M]], %[[I]]
func.func @batch_norm_train_dynamic(%x: tensor<?x?x4xf32>, %w: tensor<?xf32>) -> (tensor<?x?x4xf32>, tensor<?xf32>, tensor<?xf32>) {
  %0:3 = "exir.priv_native_batch_norm_legit_no_stats"(%x, %w) {eps = 1.0e-05 : f64, momentum = 0.1 : f64, training = true, operandSegmentSizes = array<i32: 1, 1, 0>} : (tensor<?x?x4xf32>, tensor<?xf32>) -> (tensor<?x?x4xf32>, tensor<?xf32>, tensor<?xf32>)
  return %0#0, %0#1, %0#2 : tensor<?x?x4xf32>, tensor<?xf32>, tensor<?xf32>
}
