// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(to-linalg,canonicalize,cse)' | FileCheck %s

// Padding is an explicit tensor.pad; the bias (as [C, 1, 1]) initializes the accumulator.
// CHECK-LABEL: func.func @conv
// CHECK-SAME: (%[[X:.*]]: tensor<1x3x8x8xf32>, %[[W:.*]]: tensor<8x3x3x3xf32>, %[[B:.*]]: tensor<8xf32>)
// CHECK: %[[P:.*]] = tensor.pad %[[X]] low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: tensor<1x3x8x8xf32> to tensor<1x3x10x10xf32>
// CHECK: %[[BB:.*]] = tensor.expand_shape %[[B]] {{\[\[}}0, 1, 2]] output_shape [8, 1, 1]
// CHECK: %[[INIT:.*]] = linalg.generic {{.*}} ins(%[[BB]] : tensor<8x1x1xf32>) outs(%{{.*}} : tensor<1x8x4x4xf32>)
// CHECK: linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%[[P]], %[[W]] : tensor<1x3x10x10xf32>, tensor<8x3x3x3xf32>) outs(%[[INIT]] : tensor<1x8x4x4xf32>)
func.func @conv(%x: tensor<1x3x8x8xf32>, %w: tensor<8x3x3x3xf32>, %b: tensor<8xf32>) -> tensor<1x8x4x4xf32> {
  %0 = "edge.convolution"(%x, %w, %b) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>) -> tensor<1x8x4x4xf32>
  return %0 : tensor<1x8x4x4xf32>
}

// -----

// CHECK-LABEL: func.func @conv2d_silu
// CHECK: %[[C:.*]] = linalg.conv_2d_nchw_fchw
// CHECK: linalg.generic {{.*}} ins(%[[C]] : tensor<1x8x6x6xf32>)
// CHECK: math.exp
// CHECK: arith.mulf
func.func @conv2d_silu(%x: tensor<1x3x8x8xf32>, %w: tensor<8x3x3x3xf32>) -> tensor<1x8x6x6xf32> {
  %0 = "backend.conv2d"(%x, %w) {activation = "silu", dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x6x6xf32>
  return %0 : tensor<1x8x6x6xf32>
}

// -----

// Dynamic batch and spatial sizes, no symbolic shapes: O = (I + 2p - d(k - 1) - 1) // s + 1.
// CHECK-LABEL: func.func @conv_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x3x?x?xf32>, %[[W:.*]]: tensor<8x3x3x3xf32>)
// CHECK-DAG: %[[CM3:.*]] = arith.constant -3 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[N:.*]] = tensor.dim %[[X]], %c0
// CHECK-DAG: %[[H:.*]] = tensor.dim %[[X]], %[[C2]]
// CHECK: %[[A:.*]] = arith.addi %[[H]], %[[CM3]] : index
// CHECK: %[[B:.*]] = arith.floordivsi %[[A]], %[[C2]] : index
// CHECK: %[[OH:.*]] = arith.addi %[[B]], %[[C1]] : index
// CHECK: %[[OW:.*]] = arith.addi %{{.*}}, %[[C1]] : index
// CHECK: %[[P:.*]] = tensor.pad %[[X]] low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: %[[E:.*]] = tensor.empty(%[[N]], %[[OH]], %[[OW]]) : tensor<?x8x?x?xf32>
// CHECK: %[[INIT:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<?x8x?x?xf32>)
// CHECK: linalg.conv_2d_nchw_fchw {dilations = dense<2> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%[[P]], %[[W]] : tensor<?x3x?x?xf32>, tensor<8x3x3x3xf32>) outs(%[[INIT]] : tensor<?x8x?x?xf32>)
func.func @conv_dynamic(%x: tensor<?x3x?x?xf32>, %w: tensor<8x3x3x3xf32>) -> tensor<?x8x?x?xf32> {
  %0 = "backend.conv2d"(%x, %w) {activation = "none", dilation = array<i64: 2, 2>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<?x3x?x?xf32>, tensor<8x3x3x3xf32>) -> tensor<?x8x?x?xf32>
  return %0 : tensor<?x8x?x?xf32>
}

// -----

// CHECK-LABEL: func.func @conv1d
// CHECK: %[[P:.*]] = tensor.pad %{{.*}} low[0, 0, 1] high[0, 0, 1]
// CHECK: linalg.conv_1d_ncw_fcw {dilations = dense<2> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%[[P]], %{{.*}} : tensor<2x4x22xf32>, tensor<6x4x3xf32>) outs(%{{.*}} : tensor<2x6x9xf32>)
func.func @conv1d(%x: tensor<2x4x20xf32>, %w: tensor<6x4x3xf32>) -> tensor<2x6x9xf32> {
  %0 = "edge.convolution"(%x, %w) {dilation = array<i64: 2>, groups = 1 : i64, padding = array<i64: 1>, stride = array<i64: 2>} : (tensor<2x4x20xf32>, tensor<6x4x3xf32>) -> tensor<2x6x9xf32>
  return %0 : tensor<2x6x9xf32>
}

// -----

// CHECK-LABEL: func.func @conv3d
// CHECK: %[[P:.*]] = tensor.pad %{{.*}} low[0, 0, 1, 1, 1] high[0, 0, 1, 1, 1]
// CHECK: linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>} ins(%[[P]], %{{.*}} : tensor<1x2x7x8x9xf32>, tensor<3x2x3x3x3xf32>)
func.func @conv3d(%x: tensor<1x2x5x6x7xf32>, %w: tensor<3x2x3x3x3xf32>) -> tensor<1x3x5x6x7xf32> {
  %0 = "edge.convolution"(%x, %w) {dilation = array<i64: 1, 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1, 1>, stride = array<i64: 1, 1, 1>} : (tensor<1x2x5x6x7xf32>, tensor<3x2x3x3x3xf32>) -> tensor<1x3x5x6x7xf32>
  return %0 : tensor<1x3x5x6x7xf32>
}

// -----

// Depthwise (groups = C, one input channel per group): the weight drops its unit dim.
// CHECK-LABEL: func.func @depthwise
// CHECK-SAME: (%{{.*}}: tensor<2x4x9x9xf32>, %[[W:.*]]: tensor<4x1x3x3xf32>)
// CHECK: %[[P:.*]] = tensor.pad %{{.*}} low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: %[[W2:.*]] = tensor.collapse_shape %[[W]] {{\[\[}}0, 1], [2], [3]] : tensor<4x1x3x3xf32> into tensor<4x3x3xf32>
// CHECK: linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%[[P]], %[[W2]] : tensor<2x4x11x11xf32>, tensor<4x3x3xf32>) outs(%{{.*}} : tensor<2x4x5x5xf32>)
func.func @depthwise(%x: tensor<2x4x9x9xf32>, %w: tensor<4x1x3x3xf32>) -> tensor<2x4x5x5xf32> {
  %0 = "edge.convolution"(%x, %w) {dilation = array<i64: 1, 1>, groups = 4 : i64, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<2x4x9x9xf32>, tensor<4x1x3x3xf32>) -> tensor<2x4x5x5xf32>
  return %0 : tensor<2x4x5x5xf32>
}

// -----

// Grouped 2-d: (N, G, C/G, H, W) and (G, F/G, C/G, kh, kw) views, linalg.conv_2d_ngchw_gfchw.
// CHECK-LABEL: func.func @grouped
// CHECK: %[[X:.*]] = tensor.expand_shape %{{.*}} {{\[\[}}0], [1, 2], [3], [4]] output_shape [2, 2, 2, 9, 9]
// CHECK: %[[W:.*]] = tensor.expand_shape %{{.*}} {{\[\[}}0, 1], [2], [3], [4]] output_shape [2, 3, 2, 3, 3]
// CHECK: %[[R:.*]] = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%[[X]], %[[W]] : tensor<2x2x2x9x9xf32>, tensor<2x3x2x3x3xf32>) outs(%{{.*}} : tensor<2x2x3x7x7xf32>)
// CHECK: tensor.collapse_shape %[[R]] {{\[\[}}0], [1, 2], [3], [4]] : tensor<2x2x3x7x7xf32> into tensor<2x6x7x7xf32>
func.func @grouped(%x: tensor<2x4x9x9xf32>, %w: tensor<6x2x3x3xf32>) -> tensor<2x6x7x7xf32> {
  %0 = "edge.convolution"(%x, %w) {dilation = array<i64: 1, 1>, groups = 2 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<2x4x9x9xf32>, tensor<6x2x3x3xf32>) -> tensor<2x6x7x7xf32>
  return %0 : tensor<2x6x7x7xf32>
}

// -----

// Grouped 1-d: the 2-d grouped named op on (N, G, C/G, 1, W) views, collapsed back.
// CHECK-LABEL: func.func @grouped1d
// CHECK-SAME: (%[[X:[^:]*]]: tensor<2x4x9xf32>, %[[W:[^:]*]]: tensor<6x2x3xf32>)
// CHECK-DAG: %[[X2:.*]] = tensor.expand_shape %[[X]] {{\[\[}}0], [1, 2], [3, 4]] output_shape [2, 2, 2, 1, 9] : tensor<2x4x9xf32> into tensor<2x2x2x1x9xf32>
// CHECK-DAG: %[[W2:.*]] = tensor.expand_shape %[[W]] {{\[\[}}0, 1], [2], [3, 4]] output_shape [2, 3, 2, 1, 3] : tensor<6x2x3xf32> into tensor<2x3x2x1x3xf32>
// CHECK: %[[R:.*]] = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<[1, 2]> : tensor<2xi64>} ins(%[[X2]], %[[W2]] : tensor<2x2x2x1x9xf32>, tensor<2x3x2x1x3xf32>) outs(%{{.*}} : tensor<2x2x3x1x4xf32>)
// CHECK: tensor.collapse_shape %[[R]] {{\[\[}}0], [1, 2], [3, 4]] : tensor<2x2x3x1x4xf32> into tensor<2x6x4xf32>
func.func @grouped1d(%x: tensor<2x4x9xf32>, %w: tensor<6x2x3xf32>) -> tensor<2x6x4xf32> {
  %0 = "edge.convolution"(%x, %w) {dilation = array<i64: 1>, groups = 2 : i64, padding = array<i64: 0>, stride = array<i64: 2>} : (tensor<2x4x9xf32>, tensor<6x2x3xf32>) -> tensor<2x6x4xf32>
  return %0 : tensor<2x6x4xf32>
}

// -----

// Transposed: x spread by the stride into zeros at offset d(k-1) - p = 1 (sizes 2*(5-1)+1 + 1 + 2 = 12,
// 2*(6-1)+1 + 1 + 2 = 14: output_padding 1 on the high side), the kernel flipped with in/out
// channels swapped (a generic reading (g, c, f, 2 - kh, 2 - kw)), then a stride-1 convolution.
// CHECK-DAG: #[[FLIP:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d2, d1, -d3 + 2, -d4 + 2)>
// CHECK-LABEL: func.func @conv_transpose
// CHECK-SAME: (%[[X:.*]]: tensor<2x4x5x6xf32>, %[[W:.*]]: tensor<4x3x3x3xf32>, %[[B:.*]]: tensor<3xf32>)
// CHECK: %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<2x4x12x14xf32>)
// CHECK: %[[SPREAD:.*]] = tensor.insert_slice %[[X]] into %[[Z]][0, 0, 1, 1] [2, 4, 5, 6] [1, 1, 2, 2]
// CHECK: %[[W5:.*]] = tensor.expand_shape %[[W]] {{\[\[}}0, 1], [2], [3], [4]] output_shape [1, 4, 3, 3, 3]
// CHECK: %[[FL:.*]] = linalg.generic {indexing_maps = [#[[FLIP]], {{.*}}]{{.*}} ins(%[[W5]] : tensor<1x4x3x3x3xf32>) outs(%{{.*}} : tensor<1x3x4x3x3xf32>)
// CHECK: %[[WF:.*]] = tensor.collapse_shape %[[FL]] {{.*}} : tensor<1x3x4x3x3xf32> into tensor<3x4x3x3xf32>
// CHECK: linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%[[SPREAD]], %[[WF]] : tensor<2x4x12x14xf32>, tensor<3x4x3x3xf32>) outs(%{{.*}} : tensor<2x3x10x12xf32>)
func.func @conv_transpose(%x: tensor<2x4x5x6xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<3xf32>) -> tensor<2x3x10x12xf32> {
  %0 = "edge.conv_transpose"(%x, %w, %b) {dilation = array<i64: 1, 1>, groups = 1 : i64, output_padding = array<i64: 1, 1>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<2x4x5x6xf32>, tensor<4x3x3x3xf32>, tensor<3xf32>) -> tensor<2x3x10x12xf32>
  return %0 : tensor<2x3x10x12xf32>
}

// -----

// Padding larger than the kernel's extent (d(k-1) - p = -2): no padding, the result cropped by 2.
// CHECK-LABEL: func.func @conv_transpose_crop
// CHECK: %[[SPREAD:.*]] = tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 0] [2, 4, 5] [1, 1, 3] : tensor<2x4x5xf32> into tensor<2x4x13xf32>
// CHECK: %[[C:.*]] = linalg.conv_1d_ncw_fcw {{.*}} ins(%[[SPREAD]], %{{.*}} : tensor<2x4x13xf32>, tensor<3x4x3xf32>) outs(%{{.*}} : tensor<2x3x11xf32>)
// CHECK: tensor.extract_slice %[[C]][0, 0, 2] [2, 3, 7] [1, 1, 1] : tensor<2x3x11xf32> to tensor<2x3x7xf32>
func.func @conv_transpose_crop(%x: tensor<2x4x5xf32>, %w: tensor<4x3x3xf32>) -> tensor<2x3x7xf32> {
  %0 = "edge.conv_transpose"(%x, %w) {dilation = array<i64: 1>, groups = 1 : i64, output_padding = array<i64: 0>, padding = array<i64: 4>, stride = array<i64: 3>} : (tensor<2x4x5xf32>, tensor<4x3x3xf32>) -> tensor<2x3x7xf32>
  return %0 : tensor<2x3x7xf32>
}

// -----

// Transposed with stride = kernel (2x2x2, the up-sampling layer of 3-d U-Nets), no padding,
// dilation or groups: the windows do not overlap, so no spread input and no flipped kernel. A
// contraction over the input channels c (loops n, m = (f, a, b, e), d, h, w, c) reads the weight
// [Cin, Cout * 8] as (c, m) and x as (n, c, d, h, w), then one elementwise generic interleaves
// y[n, f, a, b, e, d, h, w] into out[n, f, 2d + a, 2h + b, 2w + e] (read through a permutation
// map) and adds the bias. The batch stays dynamic throughout.
// CHECK-DAG: #[[CW:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d5, d1)>
// CHECK-DAG: #[[CX:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d5, d2, d3, d4)>
// CHECK-DAG: #[[CY:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>
// CHECK-DAG: #[[SHUF:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d3, d5, d7, d2, d4, d6)>
// CHECK-DAG: #[[BIAS:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d1)>
// CHECK-LABEL: func.func @conv_transpose_non_overlapping
// CHECK-SAME: (%[[X:.*]]: tensor<?x16x4x5x6xf32>, %[[W:.*]]: tensor<16x8x2x2x2xf32>, %[[B:.*]]: tensor<8xf32>)
// CHECK-NOT: tensor.insert_slice
// CHECK: %[[W2:.*]] = tensor.collapse_shape %[[W]] {{\[\[}}0], [1, 2, 3, 4]] : tensor<16x8x2x2x2xf32> into tensor<16x64xf32>
// CHECK: %[[Y0:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<?x64x4x5x6xf32>)
// CHECK: %[[Y:.*]] = linalg.generic {indexing_maps = [#[[CW]], #[[CX]], #[[CY]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%[[W2]], %[[X]] : tensor<16x64xf32>, tensor<?x16x4x5x6xf32>) outs(%[[Y0]] : tensor<?x64x4x5x6xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: %[[YF:.*]] = tensor.expand_shape %[[Y]] {{\[\[}}0], [1, 2, 3, 4], [5], [6], [7]] output_shape [%{{.*}}, 8, 2, 2, 2, 4, 5, 6]
// CHECK: %[[O:.*]] = linalg.generic {indexing_maps = [#[[SHUF]], #[[BIAS]], {{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%[[YF]], %[[B]] : tensor<?x8x2x2x2x4x5x6xf32>, tensor<8xf32>) outs(%{{.*}} : tensor<?x8x4x2x5x2x6x2xf32>)
// CHECK: %[[R:.*]] = tensor.collapse_shape %[[O]] {{\[\[}}0], [1], [2, 3], [4, 5], [6, 7]] : tensor<?x8x4x2x5x2x6x2xf32> into tensor<?x8x8x10x12xf32>
// CHECK: return %[[R]]
func.func @conv_transpose_non_overlapping(%x: tensor<?x16x4x5x6xf32>, %w: tensor<16x8x2x2x2xf32>, %b: tensor<8xf32>) -> tensor<?x8x8x10x12xf32> {
  %0 = "edge.conv_transpose"(%x, %w, %b) {dilation = array<i64: 1, 1, 1>, groups = 1 : i64, output_padding = array<i64: 0, 0, 0>, padding = array<i64: 0, 0, 0>, stride = array<i64: 2, 2, 2>} : (tensor<?x16x4x5x6xf32>, tensor<16x8x2x2x2xf32>, tensor<8xf32>) -> tensor<?x8x8x10x12xf32>
  return %0 : tensor<?x8x8x10x12xf32>
}

// -----

// Stride = kernel but padded, or grouped: the general (spread) form, which handles them.
// CHECK-LABEL: func.func @conv_transpose_stride_kernel_padded
// CHECK: tensor.insert_slice %{{.*}} [1, 1, 2, 2] : tensor<1x4x5x6xf32> into
// CHECK: linalg.conv_2d_nchw_fchw
// CHECK-LABEL: func.func @conv_transpose_stride_kernel_grouped
// CHECK: tensor.insert_slice %{{.*}} [1, 1, 2, 2] : tensor<1x4x5x6xf32> into
// CHECK: linalg.conv_2d_ngchw_gfchw
func.func @conv_transpose_stride_kernel_padded(%x: tensor<1x4x5x6xf32>, %w: tensor<4x3x2x2xf32>) -> tensor<1x3x8x10xf32> {
  %0 = "edge.conv_transpose"(%x, %w) {dilation = array<i64: 1, 1>, groups = 1 : i64, output_padding = array<i64: 0, 0>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x4x5x6xf32>, tensor<4x3x2x2xf32>) -> tensor<1x3x8x10xf32>
  return %0 : tensor<1x3x8x10xf32>
}
func.func @conv_transpose_stride_kernel_grouped(%x: tensor<1x4x5x6xf32>, %w: tensor<4x3x2x2xf32>) -> tensor<1x6x10x12xf32> {
  %0 = "edge.conv_transpose"(%x, %w) {dilation = array<i64: 1, 1>, groups = 2 : i64, output_padding = array<i64: 0, 0>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x4x5x6xf32>, tensor<4x3x2x2xf32>) -> tensor<1x6x10x12xf32>
  return %0 : tensor<1x6x10x12xf32>
}
