// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-tile{vector-bits=256 cores=2 l1-bytes=1048576 l2-bytes=524288})' | FileCheck %s

// A 3-d convolution with a dynamic batch, built one (n, od) block of output pixels at a time (an
// scf.forall task each): oh*ow = 32*32 = 1024 floats (4 KiB) per column row of the block, a
// multiple of 4 KiB, so the block's column (c, kd, kh, kw, P + 16) has one cache line of padding
// per row. Each tap's copy writes the row segment [0, 1024) viewed as the window's shape
// (1, 32, 32); the contraction reads the first 1024 columns of (c*27, 1040).
// A later op whose vector tile does not divide its loop (37 = 32 + 5) is peeled; the peel's
// canonicalization once folded the contraction's unit-k multi_reduction into mulf + addf before
// reduction_to_contract could see it (no FMAs). The k loop must hold a vector.contract (which
// lowers to FMAs), not a separate multiply of the broadcast operands.
// CHECK-LABEL: func.func @conv3d_padded_column
// CHECK-SAME:    (%[[X:.*]]: tensor<?x1x6x34x34xf32>, %[[W:.*]]: tensor<8x1x3x3x3xf32>
// CHECK:         scf.forall (%[[N:.*]], %[[OD:.*]]) in (%{{.*}}, 4) shared_outs(%[[ACC:[^ ]*]] =
// CHECK:         %[[COL:.*]] = tensor.empty() : tensor<1x3x3x3x1040xf32>
// CHECK:         scf.for %[[KD:.*]] = %c0 to %c3 step %c1 iter_args(%{{.*}} = %[[COL]])
// CHECK:         scf.for %[[KH:.*]] = %c0 to %c3 step %c1
// CHECK:         scf.for %[[KW:.*]] = %c0 to %c3 step %c1 iter_args(%[[C:.*]] = %{{.*}})
// CHECK:         %[[Z:.*]] = arith.addi %[[OD]], %[[KD]] : index
// CHECK:         tensor.extract_slice %[[X]][%[[N]], 0, %[[Z]], %[[KH]], %[[KW]]] [1, 1, 1, 32, 32] [1, 1, 1, 1, 1]
// CHECK:         %[[ROW:.*]] = tensor.extract_slice %[[C]][0, %[[KD]], %[[KH]], %[[KW]], 0] [1, 1, 1, 1, 1024] [1, 1, 1, 1, 1] : tensor<1x3x3x3x1040xf32> to tensor<1x1024xf32>
// CHECK:         tensor.expand_shape %[[ROW]] {{\[\[}}0], [1, 2]] output_shape [1, 32, 32]
// CHECK:         tensor.insert_slice %{{.*}} into %[[C]][0, %[[KD]], %[[KH]], %[[KW]], 0] [1, 1, 1, 1, 1024] [1, 1, 1, 1, 1] : tensor<1x1024xf32> into tensor<1x3x3x3x1040xf32>
// CHECK:         %[[ROWS:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1, 2, 3], [4]] : tensor<1x3x3x3x1040xf32> into tensor<27x1040xf32>
// CHECK:         %[[B:.*]] = tensor.extract_slice %[[ROWS]][0, 0] [27, 1024] [1, 1] : tensor<27x1040xf32> to tensor<27x1024xf32>
// CHECK:         scf.for %{{.*}} = %c0 to %c27 step %c1 iter_args(%{{.*}} = %{{.*}}) -> (vector<4x16xf32>)
// CHECK-NOT:       arith.mulf
// CHECK:           vector.contract {{.*}} : vector<4x1xf32>, vector<1x16xf32> into vector<4x16xf32>
// CHECK:         scf.yield
// CHECK:         scf.forall.in_parallel
func.func @conv3d_padded_column(%x: tensor<?x1x6x34x34xf32>, %w: tensor<8x1x3x3x3xf32>, %y: tensor<4x37xf32>)
    -> (tensor<?x8x4x32x32xf32>, tensor<4x37xf32>) {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x1x6x34x34xf32>
  %e = tensor.empty(%n) : tensor<?x8x4x32x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x8x4x32x32xf32>) -> tensor<?x8x4x32x32xf32>
  %r = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%x, %w : tensor<?x1x6x34x34xf32>, tensor<8x1x3x3x3xf32>) outs(%init : tensor<?x8x4x32x32xf32>) -> tensor<?x8x4x32x32xf32>
  %ye = tensor.empty() : tensor<4x37xf32>
  %y2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%y : tensor<4x37xf32>) outs(%ye : tensor<4x37xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.mulf %a, %a : f32
    linalg.yield %s : f32
  } -> tensor<4x37xf32>
  return %r, %y2 : tensor<?x8x4x32x32xf32>, tensor<4x37xf32>
}

// -----

// Blocks of 6 of the 30 rows: 6*30 = 180 floats per row of a block's column is no multiple of
// 4 KiB: the column keeps its (rows, ow) dims and collapses to (c*9, 180) without padding or
// slicing.
// CHECK-LABEL: func.func @conv2d_unpadded_column
// CHECK:         scf.forall (%{{.*}}) = (0) to (30) step (6)
// CHECK:         %[[COL:.*]] = tensor.empty() : tensor<4x3x3x6x30xf32>
// CHECK-NOT:     tensor<{{.*}}x196xf32>
// CHECK:         tensor.collapse_shape %{{.*}} {{\[\[}}0, 1, 2], [3, 4]] : tensor<4x3x3x6x30xf32> into tensor<36x180xf32>
func.func @conv2d_unpadded_column(%x: tensor<1x4x32x32xf32>, %w: tensor<8x4x3x3xf32>) -> tensor<1x8x30x30xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x30x30xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x30x30xf32>) -> tensor<1x8x30x30xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x4x32x32xf32>, tensor<8x4x3x3xf32>) outs(%init : tensor<1x8x30x30xf32>) -> tensor<1x8x30x30xf32>
  return %r : tensor<1x8x30x30xf32>
}

// -----

// ViT's patch embedding with a dynamic batch: a 4x4 output grid. A symbolic batch counts as one
// task, so single output rows would make the most tasks, but a row is 4 pixels, half a vector
// register here (AVX2: 8 floats): a block takes the fewest rows that fill one (2 rows, 8 pixels).
// CHECK-LABEL: func.func @patch_embedding_dynamic_batch
// CHECK:         scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (%{{.*}}, 4) step (1, 2)
// CHECK:         tensor.collapse_shape %{{.*}} {{\[\[}}0, 1, 2], [3, 4]] : tensor<3x8x8x2x4xf32> into tensor<192x8xf32>
func.func @patch_embedding_dynamic_batch(%x: tensor<?x3x32x32xf32>, %w: tensor<64x3x8x8xf32>) -> tensor<?x64x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x3x32x32xf32>
  %e = tensor.empty(%n) : tensor<?x64x4x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x64x4x4xf32>) -> tensor<?x64x4x4xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<8> : tensor<2xi64>}
      ins(%x, %w : tensor<?x3x32x32xf32>, tensor<64x3x8x8xf32>) outs(%init : tensor<?x64x4x4xf32>) -> tensor<?x64x4x4xf32>
  return %r : tensor<?x64x4x4xf32>
}

// -----

// A symbolic batch counts as one image for the tasks: one 16x16 image makes 2 tasks per core
// (cores=2) in blocks of 4 rows. A batch of at least 4 makes them by itself, and takes the blocks
// of a large static batch (the whole 16-row image, as the static build does): the convolution is
// built for both and chosen at run time on the batch.
// CHECK-LABEL: func.func @pointwise_dynamic_batch
// CHECK-SAME:    (%[[X:.*]]: tensor<?x32x16x16xf32>
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[N:.*]] = tensor.dim %[[X]], %c0
// CHECK:         %[[BIG:.*]] = arith.cmpi sge, %[[N]], %[[C4]] : index
// CHECK:         scf.if %[[BIG]] -> (tensor<?x128x16x16xf32>)
// CHECK:           scf.forall (%{{.*}}) in (%[[N]])
// CHECK:           tensor.empty() : tensor<32x1x1x16x16xf32>
// CHECK:         } else {
// CHECK:           scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (%[[N]], 16) step (1, 4)
// CHECK:           tensor.empty() : tensor<32x1x1x4x16xf32>
func.func @pointwise_dynamic_batch(%x: tensor<?x32x16x16xf32>, %w: tensor<128x32x1x1xf32>) -> tensor<?x128x16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x32x16x16xf32>
  %e = tensor.empty(%n) : tensor<?x128x16x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x128x16x16xf32>) -> tensor<?x128x16x16xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<?x32x16x16xf32>, tensor<128x32x1x1xf32>) outs(%init : tensor<?x128x16x16xf32>) -> tensor<?x128x16x16xf32>
  return %r : tensor<?x128x16x16xf32>
}

// -----

// A static batch is one build: its blocks already count its images.
// CHECK-LABEL: func.func @pointwise_static_batch
// CHECK-NOT:     scf.if
// CHECK:         scf.forall (%{{.*}}) in (8)
// CHECK-NOT:     scf.if
func.func @pointwise_static_batch(%x: tensor<8x32x16x16xf32>, %w: tensor<128x32x1x1xf32>) -> tensor<8x128x16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x128x16x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<8x128x16x16xf32>) -> tensor<8x128x16x16xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<8x32x16x16xf32>, tensor<128x32x1x1xf32>) outs(%init : tensor<8x128x16x16xf32>) -> tensor<8x128x16x16xf32>
  return %r : tensor<8x128x16x16xf32>
}

// -----

// The elementwise op that alone reads a convolution's result (a per-channel scale and shift, a
// residual, a ReLU) runs in the convolution's task, on its block: the schedule fuses it into the
// contraction's register tiles, as a matmul's epilogue. The task writes the epilogue's result;
// nothing is left after the forall.
// CHECK-LABEL: func.func @epilogue_in_the_blocks
// CHECK-SAME:    (%[[X:.*]]: tensor<?x8x16x16xf32>, %{{.*}}: tensor<32x8x1x1xf32>, %[[S:.*]]: tensor<32xf32>, %[[R:.*]]: tensor<?x32x16x16xf32>)
// CHECK:         scf.if
// CHECK:           scf.forall
// CHECK:             vector.contract
// CHECK:             arith.mulf
// CHECK:             arith.addf
// CHECK:             arith.maximumf
// CHECK:           scf.forall.in_parallel
// CHECK:         } else {
// CHECK:           scf.forall
// CHECK:             vector.contract
// CHECK:             arith.maximumf
// CHECK:           scf.forall.in_parallel
// CHECK-NOT:     arith.maximumf
// CHECK:         return
#id4 = affine_map<(n, f, h, w) -> (n, f, h, w)>
#ch4 = affine_map<(n, f, h, w) -> (f)>
func.func @epilogue_in_the_blocks(%x: tensor<?x8x16x16xf32>, %w: tensor<32x8x1x1xf32>, %s: tensor<32xf32>,
                                  %r: tensor<?x32x16x16xf32>) -> tensor<?x32x16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x8x16x16xf32>
  %e = tensor.empty(%n) : tensor<?x32x16x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x32x16x16xf32>) -> tensor<?x32x16x16xf32>
  %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<?x8x16x16xf32>, tensor<32x8x1x1xf32>) outs(%init : tensor<?x32x16x16xf32>) -> tensor<?x32x16x16xf32>
  %e2 = tensor.empty(%n) : tensor<?x32x16x16xf32>
  %y = linalg.generic {indexing_maps = [#id4, #ch4, #id4, #id4],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %s, %r : tensor<?x32x16x16xf32>, tensor<32xf32>, tensor<?x32x16x16xf32>) outs(%e2 : tensor<?x32x16x16xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32, %out: f32):
    %m = arith.mulf %a, %b : f32
    %t = arith.addf %m, %c : f32
    %z = arith.maximumf %t, %zero : f32
    linalg.yield %z : f32
  } -> tensor<?x32x16x16xf32>
  return %y : tensor<?x32x16x16xf32>
}

// -----

// An epilogue whose payload reads its loop indices (linalg.index) stays after the convolution:
// inside a block its loops are not the output's.
// CHECK-LABEL: func.func @epilogue_reading_indices_stays_out
// CHECK:         scf.forall.in_parallel
// CHECK:         arith.index_cast
// CHECK:         return
#id4i = affine_map<(n, f, h, w) -> (n, f, h, w)>
func.func @epilogue_reading_indices_stays_out(%x: tensor<2x8x16x16xf32>, %w: tensor<32x8x1x1xf32>) -> tensor<2x32x16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x32x16x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2x32x16x16xf32>) -> tensor<2x32x16x16xf32>
  %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<2x8x16x16xf32>, tensor<32x8x1x1xf32>) outs(%init : tensor<2x32x16x16xf32>) -> tensor<2x32x16x16xf32>
  %e2 = tensor.empty() : tensor<2x32x16x16xf32>
  %y = linalg.generic {indexing_maps = [#id4i, #id4i], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv : tensor<2x32x16x16xf32>) outs(%e2 : tensor<2x32x16x16xf32>) {
  ^bb0(%a: f32, %out: f32):
    %i = linalg.index 2 : index
    %ii = arith.index_cast %i : index to i64
    %fi = arith.sitofp %ii : i64 to f32
    %t = arith.addf %a, %fi : f32
    linalg.yield %t : f32
  } -> tensor<2x32x16x16xf32>
  return %y : tensor<2x32x16x16xf32>
}
