// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(aten-to-edge)' | FileCheck %s

// PT2E int8 (quantized_decomposed::* fallback calls, lowering/aten_to_edge/quantization.py).
// A convolution between a per-tensor dequantize(quantize(x)) (uint8, zero point 131) and a
// per-channel int8 weight: a convolution of the integers (q_x - 131) and (q_w - zp_w), held in
// f32 (exact products; quantization.py says why not i32), then acc * (s_x * s_w[c]) + bias.
// The uint8 tensor itself is never built. Dynamic batch.
// CHECK-NOT: func.func private
// CHECK-LABEL: func.func @conv_per_channel
// CHECK-SAME: (%[[X:.*]]: tensor<?x3x10x10xf32>, %[[W:.*]]: tensor<8x3x3x3xi8>, %[[S:.*]]: tensor<8xf32>, %[[Z:.*]]: tensor<8xi64>, %[[B:.*]]: tensor<8xf32>)
// CHECK-DAG: %[[ZXF:.*]] = arith.constant dense<1.310000e+02> : tensor<f32>
// CHECK-DAG: %[[SX:.*]] = arith.constant dense<2.500000e-02> : tensor<f32>
// CHECK-DAG: %[[INV:.*]] = arith.constant dense<4.000000e+01> : tensor<f32>
// CHECK-DAG: %[[LO:.*]] = arith.constant dense<0.000000e+00> : tensor<f32>
// CHECK-DAG: %[[HI:.*]] = arith.constant dense<2.550000e+02> : tensor<f32>
// CHECK: %[[M:.*]] = "edge.mul"(%[[X]], %[[INV]])
// CHECK: %[[R:.*]] = "edge.round"(%[[M]])
// CHECK: %[[A:.*]] = "edge.add"(%[[R]], %[[ZXF]])
// CHECK: %[[C:.*]] = "edge.clamp"(%[[A]], %[[LO]], %[[HI]])
// CHECK: %[[XI:.*]] = "edge.sub"(%[[C]], %[[ZXF]]) : (tensor<?x3x10x10xf32>, tensor<f32>) -> tensor<?x3x10x10xf32>
// CHECK: %[[WI:.*]] = "edge.cast"(%[[W]]) : (tensor<8x3x3x3xi8>) -> tensor<8x3x3x3xf32>
// CHECK: %[[ZW:.*]] = "edge.cast"(%[[Z]]) : (tensor<8xi64>) -> tensor<8xf32>
// CHECK: %[[ZWV:.*]] = "edge.view"(%[[ZW]]) : (tensor<8xf32>) -> tensor<8x1x1x1xf32>
// CHECK: %[[WD:.*]] = "edge.sub"(%[[WI]], %[[ZWV]])
// CHECK: %[[ACC:.*]] = "edge.convolution"(%[[XI]], %[[WD]]) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>} : (tensor<?x3x10x10xf32>, tensor<8x3x3x3xf32>) -> tensor<?x8x10x10xf32>
// CHECK: %[[SW:.*]] = "edge.view"(%[[S]]) : (tensor<8xf32>) -> tensor<1x8x1x1xf32>
// CHECK: %[[SCALE:.*]] = "edge.mul"(%[[SW]], %[[SX]])
// CHECK: %[[Y:.*]] = "edge.mul"(%[[ACC]], %[[SCALE]]) : (tensor<?x8x10x10xf32>, tensor<1x8x1x1xf32>) -> tensor<?x8x10x10xf32>
// CHECK: %[[BV:.*]] = "edge.view"(%[[B]]) : (tensor<8xf32>) -> tensor<1x8x1x1xf32>
// CHECK: %[[OUT:.*]] = "edge.add"(%[[Y]], %[[BV]])
// CHECK: return %[[OUT]]
// CHECK-NOT: call
func.func private @"quantized_decomposed::dequantize_per_channel"(tensor<8x3x3x3xi8>, tensor<8xf32>, tensor<8xi64>) -> tensor<8x3x3x3xf32> attributes {exir.aten_overload = "quantized_decomposed::dequantize_per_channel"}
func.func private @"quantized_decomposed::quantize_per_tensor"(tensor<?x3x10x10xf32>) -> tensor<?x3x10x10xui8> attributes {exir.aten_overload = "quantized_decomposed::quantize_per_tensor"}
func.func private @"quantized_decomposed::dequantize_per_tensor"(tensor<?x3x10x10xui8>) -> tensor<?x3x10x10xf32> attributes {exir.aten_overload = "quantized_decomposed::dequantize_per_tensor"}
func.func @conv_per_channel(%x: tensor<?x3x10x10xf32>, %w: tensor<8x3x3x3xi8>, %s: tensor<8xf32>, %z: tensor<8xi64>, %b: tensor<8xf32>) -> tensor<?x8x10x10xf32> {
  %0 = call @"quantized_decomposed::dequantize_per_channel"(%w, %s, %z) {exir.args = {axis = 0 : i64, dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64}, exir.operand_args = ["input", "scales", "zero_points"]} : (tensor<8x3x3x3xi8>, tensor<8xf32>, tensor<8xi64>) -> tensor<8x3x3x3xf32>
  %1 = call @"quantized_decomposed::quantize_per_tensor"(%x) {exir.args = {dtype = ui8, quant_max = 255 : i64, quant_min = 0 : i64, scale = 0.025 : f64, zero_point = 131 : i64}, exir.operand_args = ["input"]} : (tensor<?x3x10x10xf32>) -> tensor<?x3x10x10xui8>
  %2 = call @"quantized_decomposed::dequantize_per_tensor"(%1) {exir.args = {dtype = ui8, quant_max = 255 : i64, quant_min = 0 : i64, scale = 0.025 : f64, zero_point = 131 : i64}, exir.operand_args = ["input"]} : (tensor<?x3x10x10xui8>) -> tensor<?x3x10x10xf32>
  %3 = "exir.convolution"(%2, %0, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0>, static_dilation = array<i64: 1, 1>, static_groups = 1 : i64, static_output_padding = array<i64: 0, 0>, static_padding = array<i64: 1, 1>, static_stride = array<i64: 1, 1>, transposed = false} : (tensor<?x3x10x10xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>) -> tensor<?x8x10x10xf32>
  return %3 : tensor<?x8x10x10xf32>
}

// -----

// A linear after decomposition: addmm(bias, dequantize(x_int8), permute(dequantize_per_channel(w))).
// The int8 input (zero point 0) is only converted; the weight permute is done on the integer values.
// CHECK-LABEL: func.func @addmm_per_channel
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xi8>, %[[W:.*]]: tensor<5x8xi8>, %[[S:.*]]: tensor<5xf32>, %[[Z:.*]]: tensor<5xi64>, %[[B:.*]]: tensor<5xf32>)
// CHECK: %[[XI:.*]] = "edge.cast"(%[[X]]) : (tensor<?x8xi8>) -> tensor<?x8xf32>
// CHECK-NOT: "edge.sub"(%[[XI]]
// CHECK: %[[WD:.*]] = "edge.sub"({{.*}}) : (tensor<5x8xf32>, tensor<5x1xf32>) -> tensor<5x8xf32>
// CHECK: %[[WT:.*]] = "edge.permute"(%[[WD]]) {dims = array<i64: 1, 0>} : (tensor<5x8xf32>) -> tensor<8x5xf32>
// CHECK: %[[ACC:.*]] = "edge.mm"(%[[XI]], %[[WT]]) : (tensor<?x8xf32>, tensor<8x5xf32>) -> tensor<?x5xf32>
// CHECK: "edge.view"(%[[S]]) : (tensor<5xf32>) -> tensor<1x5xf32>
// CHECK: "edge.add"(%{{.*}}, %[[B]]) : (tensor<?x5xf32>, tensor<5xf32>) -> tensor<?x5xf32>
// CHECK-NOT: "edge.addmm"
func.func private @"quantized_decomposed::dequantize_per_channel"(tensor<5x8xi8>, tensor<5xf32>, tensor<5xi64>) -> tensor<5x8xf32> attributes {exir.aten_overload = "quantized_decomposed::dequantize_per_channel"}
func.func private @"quantized_decomposed::dequantize_per_tensor"(tensor<?x8xi8>) -> tensor<?x8xf32> attributes {exir.aten_overload = "quantized_decomposed::dequantize_per_tensor"}
func.func @addmm_per_channel(%x: tensor<?x8xi8>, %w: tensor<5x8xi8>, %s: tensor<5xf32>, %z: tensor<5xi64>, %b: tensor<5xf32>) -> tensor<?x5xf32> {
  %0 = call @"quantized_decomposed::dequantize_per_channel"(%w, %s, %z) {exir.args = {axis = 0 : i64, dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64}, exir.operand_args = ["input", "scales", "zero_points"]} : (tensor<5x8xi8>, tensor<5xf32>, tensor<5xi64>) -> tensor<5x8xf32>
  %1 = call @"quantized_decomposed::dequantize_per_tensor"(%x) {exir.args = {dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64, scale = 0.5 : f64, zero_point = 0 : i64}, exir.operand_args = ["input"]} : (tensor<?x8xi8>) -> tensor<?x8xf32>
  %2 = "exir.permute"(%0) {dims = array<i64: 1, 0>} : (tensor<5x8xf32>) -> tensor<8x5xf32>
  %3 = "exir.addmm"(%b, %1, %2) {alpha = 1 : i64, beta = 1 : i64} : (tensor<5xf32>, tensor<?x8xf32>, tensor<8x5xf32>) -> tensor<?x5xf32>
  return %3 : tensor<?x5xf32>
}

// -----

// dequantize(quantize(x)) around a float op (no contraction): computed from the clamped float,
// (clamp(round(x * 1/s) + zp, qmin, qmax) - zp) * s, with no int8 tensor in between.
// CHECK-LABEL: func.func @fake_quantize
// CHECK-DAG: %[[S:.*]] = arith.constant dense<1.250000e-01> : tensor<f32>
// CHECK-DAG: %[[INV:.*]] = arith.constant dense<8.000000e+00> : tensor<f32>
// CHECK-DAG: %[[ZP:.*]] = arith.constant dense<-3.000000e+00> : tensor<f32>
// CHECK-DAG: %[[LO:.*]] = arith.constant dense<-1.280000e+02> : tensor<f32>
// CHECK-DAG: %[[HI:.*]] = arith.constant dense<1.270000e+02> : tensor<f32>
// CHECK: %[[M:.*]] = "edge.mul"(%{{.*}}, %[[INV]]) : (tensor<?x4xf32>, tensor<f32>) -> tensor<?x4xf32>
// CHECK: %[[R:.*]] = "edge.round"(%[[M]])
// CHECK: %[[A:.*]] = "edge.add"(%[[R]], %[[ZP]])
// CHECK: %[[C:.*]] = "edge.clamp"(%[[A]], %[[LO]], %[[HI]])
// CHECK: %[[D:.*]] = "edge.sub"(%[[C]], %[[ZP]])
// CHECK: "edge.mul"(%[[D]], %[[S]])
// CHECK-NOT: xi8>
// CHECK: return
func.func private @"quantized_decomposed::quantize_per_tensor"(tensor<?x4xf32>) -> tensor<?x4xi8> attributes {exir.aten_overload = "quantized_decomposed::quantize_per_tensor"}
func.func private @"quantized_decomposed::dequantize_per_tensor"(tensor<?x4xi8>) -> tensor<?x4xf32> attributes {exir.aten_overload = "quantized_decomposed::dequantize_per_tensor"}
func.func @fake_quantize(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = "exir.relu"(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %1 = call @"quantized_decomposed::quantize_per_tensor"(%0) {exir.args = {dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64, scale = 0.125 : f64, zero_point = -3 : i64}, exir.operand_args = ["input"]} : (tensor<?x4xf32>) -> tensor<?x4xi8>
  %2 = call @"quantized_decomposed::dequantize_per_tensor"(%1) {exir.args = {dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64, scale = 0.125 : f64, zero_point = -3 : i64}, exir.operand_args = ["input"]} : (tensor<?x4xi8>) -> tensor<?x4xf32>
  return %2 : tensor<?x4xf32>
}

// -----

// A quantize_per_channel result returned as is: 1 / scales in f32 (torch's tensor reciprocal),
// the per-channel vectors viewed along axis 1, then the cast to int8.
// CHECK-LABEL: func.func @quantize_per_channel_axis1
// CHECK-SAME: (%[[X:.*]]: tensor<?x3x5xf32>, %[[S:.*]]: tensor<3xf32>, %[[Z:.*]]: tensor<3xi64>)
// CHECK: %[[SV:.*]] = "edge.view"(%[[S]]) : (tensor<3xf32>) -> tensor<1x3x1xf32>
// CHECK: %[[INV:.*]] = "edge.div"(%{{.*}}, %[[SV]]) : (tensor<f32>, tensor<1x3x1xf32>) -> tensor<1x3x1xf32>
// CHECK: %[[ZF:.*]] = "edge.cast"(%[[Z]]) : (tensor<3xi64>) -> tensor<3xf32>
// CHECK: %[[ZV:.*]] = "edge.view"(%[[ZF]]) : (tensor<3xf32>) -> tensor<1x3x1xf32>
// CHECK: %[[M:.*]] = "edge.mul"(%[[X]], %[[INV]]) : (tensor<?x3x5xf32>, tensor<1x3x1xf32>) -> tensor<?x3x5xf32>
// CHECK: %[[R:.*]] = "edge.round"(%[[M]])
// CHECK: %[[A:.*]] = "edge.add"(%[[R]], %[[ZV]])
// CHECK: %[[C:.*]] = "edge.clamp"(%[[A]]
// CHECK: %[[Q:.*]] = "edge.cast"(%[[C]]) : (tensor<?x3x5xf32>) -> tensor<?x3x5xi8>
// CHECK: return %[[Q]]
func.func private @"quantized_decomposed::quantize_per_channel"(tensor<?x3x5xf32>, tensor<3xf32>, tensor<3xi64>) -> tensor<?x3x5xi8> attributes {exir.aten_overload = "quantized_decomposed::quantize_per_channel"}
func.func @quantize_per_channel_axis1(%x: tensor<?x3x5xf32>, %s: tensor<3xf32>, %z: tensor<3xi64>) -> tensor<?x3x5xi8> {
  %0 = call @"quantized_decomposed::quantize_per_channel"(%x, %s, %z) {exir.args = {axis = 1 : i64, dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64}, exir.operand_args = ["input", "scales", "zero_points"]} : (tensor<?x3x5xf32>, tensor<3xf32>, tensor<3xi64>) -> tensor<?x3x5xi8>
  return %0 : tensor<?x3x5xi8>
}
