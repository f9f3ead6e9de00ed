// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-tile{vector-bits=256 cores=2 l2-bytes=524288})' | FileCheck %s

// A 3-d convolution (dynamic batch and spatial sizes) becomes im2col, one block of output pixels
// at a time: an scf.forall over (n, od, oh) (symbolic sizes: blocks of one row, no remainder)
// whose task builds the column of its block only, (c, kd, kh, kw, ow), by one copy in a loop
// nest over the kernel taps from the strided window
// x[n, :, od + kd*2, oh*2 + kh*2, kw*2 :: 2] (dilation 2, strides 1x2x2) into column slot
// (kd, kh, kw) (one copy in a loop, not 27: compile time), then contracts it at once over
// (c, kd, kh, kw) = 4*27 = 108 (a 4x16 block of vector multiply-adds: outer products of a weight
// column and a column row) into its (8, ow) output tile: the column is consumed while it is
// in cache, never built whole.
// CHECK-LABEL: func.func @conv3d
// CHECK-SAME: (%[[X:[^:]*]]: tensor<?x4x?x?x?xf32>, %[[W:[^:]*]]: tensor<8x4x3x3x3xf32>, %{{[^:]*}}: index, %[[D:[^:]*]]: index, %[[H:[^:]*]]: index, %[[WD:[^:]*]]: index)
// CHECK: tensor.collapse_shape %[[W]] {{\[}}[0], [1, 2, 3, 4]] : tensor<8x4x3x3x3xf32> into tensor<8x108xf32>
// CHECK: scf.forall (%[[B:.*]], %[[OD:.*]], %[[OH:.*]]) in (%{{.*}}, %[[D]], %[[H]]) shared_outs(%[[ACC:[^ ]*]] =
// CHECK: tensor.extract_slice %[[ACC]][%[[B]], 0, %[[OD]], %[[OH]], 0] [1, 8, 1, 1, %[[WD]]] [1, 1, 1, 1, 1] : tensor<?x8x?x?x?xf32> to tensor<8x?xf32>
// CHECK: %[[COL:.*]] = tensor.empty(%[[WD]]) : tensor<4x3x3x3x?xf32>
// CHECK: scf.for %[[KD:.*]] = %c0 to %c3 step %c1 iter_args(%{{.*}} = %[[COL]])
// CHECK: scf.for %[[KH:.*]] = %c0 to %c3 step %c1
// CHECK: scf.for %[[KW:.*]] = %c0 to %c3 step %c1 iter_args(%[[C:.*]] = %{{.*}})
// CHECK-DAG: %[[DKD:.*]] = arith.muli %[[KD]], %c2 : index
// CHECK-DAG: %[[ZD:.*]] = arith.addi %[[OD]], %[[DKD]] : index
// CHECK-DAG: %[[DKH:.*]] = arith.muli %[[KH]], %c2 : index
// CHECK-DAG: %[[SOH:.*]] = arith.muli %[[OH]], %c2 : index
// CHECK-DAG: %[[ZH:.*]] = arith.addi %[[SOH]], %[[DKH]] : index
// CHECK-DAG: %[[ZW:.*]] = arith.muli %[[KW]], %c2 : index
// The window's one-row dims take stride 1 (tile-conv-unit-output.mlir: a conv stride there aborted bufferization).
// CHECK: tensor.extract_slice %[[X]][%[[B]], 0, %[[ZD]], %[[ZH]], %[[ZW]]] [1, 4, 1, 1, %[[WD]]] [1, 1, 1, 1, 2]
// CHECK-NEXT: tensor.extract_slice %[[C]][0, %[[KD]], %[[KH]], %[[KW]], 0] [4, 1, 1, 1, %[[WD]]]
// CHECK-NOT: tensor.extract_slice %[[X]]
// CHECK: tensor.collapse_shape {{.*}} : tensor<4x3x3x3x?xf32> into tensor<108x?xf32>
// CHECK: scf.for {{.*}} -> (vector<4x16xf32>)
// CHECK: vector.contract {{.*}} : vector<4x1xf32>, vector<1x16xf32> into vector<4x16xf32>
// CHECK: scf.forall.in_parallel
// CHECK-NEXT: tensor.parallel_insert_slice %{{.*}} into %[[ACC]][%[[B]], 0, %[[OD]], %[[OH]], 0] [1, 8, 1, 1, %[[WD]]]
// CHECK-NOT: linalg.conv_3d_ncdhw_fcdhw
func.func @conv3d(%x: tensor<?x4x?x?x?xf32>, %k: tensor<8x4x3x3x3xf32>, %n: index, %d: index, %h: index, %w: index) -> tensor<?x8x?x?x?xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%n, %d, %h, %w) : tensor<?x8x?x?x?xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x8x?x?x?xf32>) -> tensor<?x8x?x?x?xf32>
  %r = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<2> : tensor<3xi64>, strides = dense<[1, 2, 2]> : tensor<3xi64>}
      ins(%x, %k : tensor<?x4x?x?x?xf32>, tensor<8x4x3x3x3xf32>) outs(%init : tensor<?x8x?x?x?xf32>) -> tensor<?x8x?x?x?xf32>
  return %r : tensor<?x8x?x?x?xf32>
}

// -----

// Static spatial sizes: each (n, od) task's column block (c, k.., oh, ow) collapses to
// (c*k, oh*ow) = (16, 64), a matmul with the (f, c*k) = (8, 16) weight.
// CHECK-LABEL: func.func @conv3d_static
// CHECK: scf.forall (%[[B:.*]], %[[OD:.*]]) in (%{{.*}}, 8) shared_outs(%[[ACC:[^ ]*]] =
// CHECK: tensor.extract_slice %[[ACC]][%[[B]], 0, %[[OD]], 0, 0] [1, 8, 1, 8, 8]
// CHECK: tensor.empty() : tensor<2x2x2x2x8x8xf32>
// CHECK: tensor.collapse_shape {{.*}} : tensor<2x2x2x2x8x8xf32> into tensor<16x64xf32>
// CHECK-NOT: linalg.conv_3d_ncdhw_fcdhw
// CHECK: vector.contract {{.*}} : vector<4x1xf32>, vector<1x16xf32> into vector<4x16xf32>
func.func @conv3d_static(%x: tensor<?x2x9x9x9xf32>, %k: tensor<8x2x2x2x2xf32>, %n: index) -> tensor<?x8x8x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%n) : tensor<?x8x8x8x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x8x8x8x8xf32>) -> tensor<?x8x8x8x8xf32>
  %r = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%x, %k : tensor<?x2x9x9x9xf32>, tensor<8x2x2x2x2xf32>) outs(%init : tensor<?x8x8x8x8xf32>) -> tensor<?x8x8x8x8xf32>
  return %r : tensor<?x8x8x8x8xf32>
}

// -----

// Grouped 2-d convolution: the group is a dim of the forall; the weight (g, f, c, kh, kw) =
// (2, 16, 8, 3, 3) becomes (2, 16, 72), of which each task contracts its group's (16, 72) with
// the column of its block of 8 output rows, (72, 8*16).
// CHECK-LABEL: func.func @grouped
// CHECK-SAME: (%[[X:[^:]*]]: tensor<?x2x8x18x18xf32>, %[[W:[^:]*]]: tensor<2x16x8x3x3xf32>
// CHECK: %[[WMAT:.*]] = tensor.collapse_shape %[[W]] {{\[}}[0], [1], [2, 3, 4]] : tensor<2x16x8x3x3xf32> into tensor<2x16x72xf32>
// CHECK: scf.forall (%[[B:.*]], %[[G:.*]], %[[OH:.*]]) = (0, 0, 0) to (%{{.*}}, 2, 16) step (1, 1, 8)
// CHECK: tensor.empty() : tensor<8x3x3x8x16xf32>
// CHECK: %[[KH:.*]] = arith.addi %[[OH]], %{{.*}} : index
// CHECK: tensor.extract_slice %[[X]][%[[B]], %[[G]], 0, %[[KH]], %{{.*}}] [1, 1, 8, 8, 16] [1, 1, 1, 1, 1] : tensor<?x2x8x18x18xf32> to tensor<8x8x16xf32>
// CHECK-DAG: tensor.collapse_shape {{.*}} : tensor<8x3x3x8x16xf32> into tensor<72x128xf32>
// CHECK-DAG: tensor.extract_slice %[[WMAT]][%[[G]], 0, 0] [1, 16, 72] [1, 1, 1] : tensor<2x16x72xf32> to tensor<16x72xf32>
// CHECK-NOT: linalg.conv_2d_ngchw_gfchw
// CHECK: vector.contract {{.*}} : vector<4x1xf32>, vector<1x16xf32> into vector<4x16xf32>
func.func @grouped(%x: tensor<?x2x8x18x18xf32>, %k: tensor<2x16x8x3x3xf32>, %n: index) -> tensor<?x2x16x16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%n) : tensor<?x2x16x16x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x2x16x16x16xf32>) -> tensor<?x2x16x16x16xf32>
  %r = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %k : tensor<?x2x8x18x18xf32>, tensor<2x16x8x3x3xf32>) outs(%init : tensor<?x2x16x16x16xf32>) -> tensor<?x2x16x16x16xf32>
  return %r : tensor<?x2x16x16x16xf32>
}

// -----

// 3-d max pooling (to-linalg's generic, no named op in NC-first layout): one elementwise generic
// over the 8 taps' strided windows x[.., kd :: 2, kh :: 2, kw :: 2], combined with maximumf in
// tap order, vectorized along ow; the window-shape operand is dropped.
// CHECK-LABEL: func.func @max_pool3d
// CHECK-SAME: (%[[X:[^:]*]]: tensor<?x8x?x?x?xf32>
// CHECK-DAG: tensor.extract_slice %[[X]][0, 0, 0, 0, 0] [%{{.*}}, 8, %{{.*}}, %{{.*}}, %{{.*}}] [1, 1, 2, 2, 2]
// CHECK-DAG: tensor.extract_slice %[[X]][0, 0, 1, 1, 1] [%{{.*}}, 8, %{{.*}}, %{{.*}}, %{{.*}}] [1, 1, 2, 2, 2]
// CHECK-NOT: linalg.generic
// CHECK-COUNT-8: arith.maximumf %{{.*}}, %{{.*}} : vector<1x1x1x1x32xf32>
// CHECK-NOT: arith.maximumf {{.*}} : f32
func.func @max_pool3d(%x: tensor<?x8x?x?x?xf32>, %o: tensor<?x8x?x?x?xf32>) -> tensor<?x8x?x?x?xf32> {
  %w = tensor.empty() : tensor<2x2x2xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2 * 2 + d5, d3 * 2 + d6, d4 * 2 + d7)>, affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d5, d6, d7)>, affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %w : tensor<?x8x?x?x?xf32>, tensor<2x2x2xf32>) outs(%o : tensor<?x8x?x?x?xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %m = arith.maximumf %out, %in : f32
    linalg.yield %m : f32
  } -> tensor<?x8x?x?x?xf32>
  return %r : tensor<?x8x?x?x?xf32>
}

// -----

// 3-d depthwise convolution (dilation 1x1x2): 27 taps of (window * per-channel weight column)
// summed in one elementwise generic; tap (2, 1, 2) reads the window at (2, 1, 4) and the weight
// column w[:, 2, 1, 2].
// CHECK-LABEL: func.func @depthwise3d
// CHECK-SAME: (%[[X:[^:]*]]: tensor<?x16x?x?x?xf32>, %[[W:[^:]*]]: tensor<16x3x3x3xf32>
// CHECK-DAG: tensor.extract_slice %[[W]][0, 2, 1, 2] [16, 1, 1, 1] [1, 1, 1, 1] : tensor<16x3x3x3xf32> to tensor<16xf32>
// CHECK-DAG: tensor.extract_slice %[[X]][0, 0, 2, 1, 4] [%{{.*}}, 16, %{{.*}}, %{{.*}}, %{{.*}}] [1, 1, 1, 1, 1]
// CHECK-NOT: linalg.depthwise_conv_3d_ncdhw_cdhw
// CHECK-NOT: linalg.generic
// CHECK-COUNT-27: arith.mulf %{{.*}}, %{{.*}} : vector<1x1x1x1x16xf32>
func.func @depthwise3d(%x: tensor<?x16x?x?x?xf32>, %k: tensor<16x3x3x3xf32>, %o: tensor<?x16x?x?x?xf32>) -> tensor<?x16x?x?x?xf32> {
  %r = linalg.depthwise_conv_3d_ncdhw_cdhw {dilations = dense<[1, 1, 2]> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%x, %k : tensor<?x16x?x?x?xf32>, tensor<16x3x3x3xf32>) outs(%o : tensor<?x16x?x?x?xf32>) -> tensor<?x16x?x?x?xf32>
  return %r : tensor<?x16x?x?x?xf32>
}

// -----

// A plain reduction (no sliding window) is not a window op: it keeps its reduction loop.
// CHECK-LABEL: func.func @not_a_window
// CHECK: vector.multi_reduction
func.func @not_a_window(%x: tensor<64x8xf32>, %o: tensor<64xf32>) -> tensor<64xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<64x8xf32>) outs(%o : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %out, %in : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// -----

// A window op whose other input is read with a stride (x2[2 * o]) and no window: not rewritten
// (a plain map would drop the stride); it keeps its scalar loops.
// CHECK-LABEL: func.func @strided_operand_kept
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "reduction"]
func.func @strided_operand_kept(%x: tensor<10xf32>, %y: tensor<8xf32>, %w: tensor<3xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0 * 2 + d1)>, affine_map<(d0, d1) -> (d0 * 2)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x, %y, %w : tensor<10xf32>, tensor<8xf32>, tensor<3xf32>) outs(%o : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32, %out: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %out, %m : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A kernel dim of size 1 (a conv1d as a 2-d one, H = 1) has no loop: the one tap loop (kw) is
// scaled by kw's own dilation (2), not by the first dim's (1).
// CHECK-LABEL: func.func @unit_kernel_dim
// CHECK-SAME: (%[[X:[^:]*]]: tensor<?x4x1x20xf32>
// CHECK: scf.for %[[KW:.*]] = %c0 to %c3 step %c1
// CHECK-NOT: scf.for
// CHECK: %[[OW:.*]] = arith.muli %[[KW]], %c2 : index
// CHECK: tensor.extract_slice %[[X]][%{{.*}}, 0, 0, %[[OW]]] [1, 4, 1, 8] [1, 1, 1, 2]
func.func @unit_kernel_dim(%x: tensor<?x4x1x20xf32>, %k: tensor<6x4x1x3xf32>, %n: index) -> tensor<?x6x1x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%n) : tensor<?x6x1x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x6x1x8xf32>) -> tensor<?x6x1x8xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[1, 2]> : tensor<2xi64>}
      ins(%x, %k : tensor<?x4x1x20xf32>, tensor<6x4x1x3xf32>) outs(%init : tensor<?x6x1x8xf32>) -> tensor<?x6x1x8xf32>
  return %r : tensor<?x6x1x8xf32>
}
