// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-tile{vector-bits=256 cores=2})' | FileCheck %s

// A 3-d convolution with a dynamic batch: od*oh*ow = 8*16*16 = 2048 floats (8 KiB) per column
// row, a multiple of 4 KiB, so the column (n, c, kd, kh, kw, P + 16) has one cache line of padding
// per row. Each tap's copy writes the row segment [0, 2048) viewed as the window's shape; the
// contraction reads the first 2048 columns of (n, c*27, 2064).
// A later op whose vector tile does not divide its loop (37 = 32 + 5) is peeled; the peel's
// canonicalization once folded the contraction's unit-k multi_reduction into mulf + addf before
// reduction_to_contract could see it (no FMAs). The k loop must hold a vector.contract (which
// lowers to FMAs), not a separate multiply of the broadcast operands.
// CHECK-LABEL: func.func @conv3d_padded_column
// CHECK-SAME:    (%[[X:.*]]: tensor<?x2x10x18x18xf32>, %[[W:.*]]: tensor<8x2x3x3x3xf32>
// CHECK:         %[[COL:.*]] = tensor.empty(%{{.*}}) : tensor<?x2x3x3x3x2064xf32>
// CHECK:         scf.for %[[KD:.*]] = %c0 to %c3 step %c1 iter_args(%{{.*}} = %[[COL]])
// CHECK:         scf.for %[[KH:.*]] = %c0 to %c3 step %c1
// CHECK:         scf.for %[[KW:.*]] = %c0 to %c3 step %c1 iter_args(%[[C:.*]] = %{{.*}})
// CHECK:         tensor.extract_slice %[[X]][0, 0, %[[KD]], %[[KH]], %[[KW]]] [%{{.*}}, 2, 8, 16, 16] [1, 1, 1, 1, 1]
// CHECK:         %[[ROW:.*]] = tensor.extract_slice %[[C]][0, 0, %[[KD]], %[[KH]], %[[KW]], 0] [%{{.*}}, 2, 1, 1, 1, 2048] [1, 1, 1, 1, 1, 1] : tensor<?x2x3x3x3x2064xf32> to tensor<?x2x2048xf32>
// CHECK:         tensor.expand_shape %[[ROW]] {{\[\[}}0], [1], [2, 3, 4]] output_shape [%{{.*}}, 2, 8, 16, 16]
// CHECK:         tensor.insert_slice %{{.*}} into %[[C]][0, 0, %[[KD]], %[[KH]], %[[KW]], 0] [%{{.*}}, 2, 1, 1, 1, 2048] [1, 1, 1, 1, 1, 1] : tensor<?x2x2048xf32> into tensor<?x2x3x3x3x2064xf32>
// CHECK:         %[[ROWS:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0], [1, 2, 3, 4], [5]] : tensor<?x2x3x3x3x2064xf32> into tensor<?x54x2064xf32>
// CHECK:         %[[B:.*]] = tensor.extract_slice %[[ROWS]][0, 0, 0] [%{{.*}}, 54, 2048] [1, 1, 1] : tensor<?x54x2064xf32> to tensor<?x54x2048xf32>
// CHECK:         scf.forall
// CHECK:           tensor.extract_slice %[[B]]
// CHECK:           scf.for %{{.*}} = %c0 to %c54 step %c1 iter_args(%{{.*}} = %{{.*}}) -> (vector<1x4x16xf32>)
// CHECK-NOT:         arith.mulf
// CHECK:             vector.contract {{.*}} : vector<4x1xf32>, vector<1x1x16xf32> into vector<1x4x16xf32>
// CHECK:           scf.yield
func.func @conv3d_padded_column(%x: tensor<?x2x10x18x18xf32>, %w: tensor<8x2x3x3x3xf32>, %y: tensor<4x37xf32>)
    -> (tensor<?x8x8x16x16xf32>, tensor<4x37xf32>) {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x2x10x18x18xf32>
  %e = tensor.empty(%n) : tensor<?x8x8x16x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x8x8x16x16xf32>) -> tensor<?x8x8x16x16xf32>
  %r = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%x, %w : tensor<?x2x10x18x18xf32>, tensor<8x2x3x3x3xf32>) outs(%init : tensor<?x8x8x16x16xf32>) -> tensor<?x8x8x16x16xf32>
  %ye = tensor.empty() : tensor<4x37xf32>
  %y2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%y : tensor<4x37xf32>) outs(%ye : tensor<4x37xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.mulf %a, %a : f32
    linalg.yield %s : f32
  } -> tensor<4x37xf32>
  return %r, %y2 : tensor<?x8x8x16x16xf32>, tensor<4x37xf32>
}

// -----

// 30*30 = 900 floats per row is no multiple of 4 KiB: the column keeps its (oh, ow) dims and
// collapses to (n, c*9, 900) without padding or slicing.
// CHECK-LABEL: func.func @conv2d_unpadded_column
// CHECK:         %[[COL:.*]] = tensor.empty() : tensor<1x4x3x3x30x30xf32>
// CHECK-NOT:     2064
// CHECK:         tensor.collapse_shape %{{.*}} {{\[\[}}0], [1, 2, 3], [4, 5]] : tensor<1x4x3x3x30x30xf32> into tensor<1x36x900xf32>
func.func @conv2d_unpadded_column(%x: tensor<1x4x32x32xf32>, %w: tensor<8x4x3x3xf32>) -> tensor<1x8x30x30xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x30x30xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x30x30xf32>) -> tensor<1x8x30x30xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x4x32x32xf32>, tensor<8x4x3x3xf32>) outs(%init : tensor<1x8x30x30xf32>) -> tensor<1x8x30x30xf32>
  return %r : tensor<1x8x30x30xf32>
}
