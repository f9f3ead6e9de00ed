// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-tile{vector-bits=512 cores=2})' | FileCheck %s

// A depthwise convolution becomes one elementwise generic over its 9 taps: strided windows of the
// input (stride 2: [.., kh, kw] [n, c, oh, ow] [1, 1, 2, 2]) times per-channel weight columns, so
// it vectorizes along ow instead of running scalar window loops.
// CHECK-LABEL: func.func @depthwise
// CHECK-SAME: (%[[X:.*]]: tensor<?x32x33x33xf32>, %[[W:.*]]: tensor<32x3x3xf32>
// CHECK-DAG: tensor.extract_slice %[[X]][0, 0, 0, 0] [%{{.*}}, 32, 16, 16] [1, 1, 2, 2]
// CHECK-DAG: tensor.extract_slice %[[X]][0, 0, 2, 2] [%{{.*}}, 32, 16, 16] [1, 1, 2, 2]
// CHECK-DAG: tensor.extract_slice %[[W]][0, 0, 0] [32, 1, 1] [1, 1, 1]
// CHECK-DAG: tensor.extract_slice %[[W]][0, 2, 2] [32, 1, 1] [1, 1, 1]
// CHECK-NOT: linalg.depthwise_conv_2d_nchw_chw
// CHECK: arith.mulf %{{.*}}, %{{.*}} : vector<1x1x1x16xf32>
// CHECK: arith.addf %{{.*}}, %{{.*}} : vector<1x1x1x16xf32>
func.func @depthwise(%x: tensor<?x32x33x33xf32>, %w: tensor<32x3x3xf32>) -> tensor<?x32x16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x32x33x33xf32>
  %e = tensor.empty(%n) : tensor<?x32x16x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x32x16x16xf32>) -> tensor<?x32x16x16xf32>
  %r = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %w : tensor<?x32x33x33xf32>, tensor<32x3x3xf32>) outs(%init : tensor<?x32x16x16xf32>) -> tensor<?x32x16x16xf32>
  return %r : tensor<?x32x16x16xf32>
}

// -----

// 2-d max pooling: the taps' strided windows combined with maximumf, vectorized along ow.
// CHECK-LABEL: func.func @max_pool
// CHECK-SAME: (%[[X:.*]]: tensor<?x8x?x?xf32>
// CHECK-DAG: tensor.extract_slice %[[X]][0, 0, 0, 0] [%{{.*}}, 8, %{{.*}}, %{{.*}}] [1, 1, 2, 2]
// CHECK-DAG: tensor.extract_slice %[[X]][0, 0, 2, 2] [%{{.*}}, 8, %{{.*}}, %{{.*}}] [1, 1, 2, 2]
// CHECK-NOT: linalg.pooling_nchw_max
// CHECK: arith.maximumf %{{.*}}, %{{.*}} : vector<
func.func @max_pool(%x: tensor<?x8x?x?xf32>, %n: index, %h: index, %w: index) -> tensor<?x8x?x?xf32> {
  %neg = arith.constant 0xFF800000 : f32
  %e = tensor.empty(%n, %h, %w) : tensor<?x8x?x?xf32>
  %init = linalg.fill ins(%neg : f32) outs(%e : tensor<?x8x?x?xf32>) -> tensor<?x8x?x?xf32>
  %win = tensor.empty() : tensor<3x3xf32>
  %r = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %win : tensor<?x8x?x?xf32>, tensor<3x3xf32>) outs(%init : tensor<?x8x?x?xf32>) -> tensor<?x8x?x?xf32>
  return %r : tensor<?x8x?x?xf32>
}

// -----

// 1-d convolutions and pooling take the 2-d paths with H = 1: a conv_1d becomes im2col + a
// contraction (vector.contract), a 1-d max pool the taps' maximumf.
// CHECK-LABEL: func.func @conv1d
// CHECK-NOT: linalg.conv_1d_ncw_fcw
// CHECK-NOT: linalg.conv_2d_nchw_fchw
// CHECK: vector.contract
func.func @conv1d(%x: tensor<?x16x66xf32>, %k: tensor<32x16x3xf32>) -> tensor<?x32x64xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x16x66xf32>
  %e = tensor.empty(%n) : tensor<?x32x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x32x64xf32>) -> tensor<?x32x64xf32>
  %r = linalg.conv_1d_ncw_fcw {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%x, %k : tensor<?x16x66xf32>, tensor<32x16x3xf32>) outs(%init : tensor<?x32x64xf32>) -> tensor<?x32x64xf32>
  return %r : tensor<?x32x64xf32>
}

// -----

// CHECK-LABEL: func.func @max_pool1d
// CHECK-NOT: linalg.pooling_ncw_max
// CHECK-NOT: linalg.pooling_nchw_max
// CHECK: arith.maximumf %{{.*}}, %{{.*}} : vector<
func.func @max_pool1d(%x: tensor<4x8x65xf32>) -> tensor<4x8x32xf32> {
  %neg = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<4x8x32xf32>
  %init = linalg.fill ins(%neg : f32) outs(%e : tensor<4x8x32xf32>) -> tensor<4x8x32xf32>
  %win = tensor.empty() : tensor<3xf32>
  %r = linalg.pooling_ncw_max {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>}
      ins(%x, %win : tensor<4x8x65xf32>, tensor<3xf32>) outs(%init : tensor<4x8x32xf32>) -> tensor<4x8x32xf32>
  return %r : tensor<4x8x32xf32>
}
