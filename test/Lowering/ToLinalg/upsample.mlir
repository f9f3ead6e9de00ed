// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(to-linalg)' | FileCheck %s

// Bilinear resize (align_corners = false) by a non-integer factor: source row f = max((i + 0.5) *
// scale - 0.5, 0) (scale = 0.4 = in/out), h0 = min(trunc(f), 4 - 1), h1 = min(h0 + 1, 4 - 1), weight
// f - h0; the same for columns; four tensor.extract reads per output element, blended in f32.
// CHECK-LABEL: func.func @bilinear
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x4x4xf32>)
// CHECK:      %[[N:.*]] = linalg.index 0 : index
// CHECK-NEXT: %[[C:.*]] = linalg.index 1 : index
// CHECK-NEXT: %[[OH:.*]] = linalg.index 2 : index
// CHECK-NEXT: %[[OW:.*]] = linalg.index 3 : index
// CHECK-NEXT: %[[OHI:.*]] = arith.index_cast %[[OH]] : index to i64
// CHECK-NEXT: %[[OHF:.*]] = arith.sitofp %[[OHI]] : i64 to f32
// CHECK-NEXT: %[[HALF:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT: %[[CENTER:.*]] = arith.addf %[[OHF]], %[[HALF]] : f32
// CHECK-NEXT: %[[SCALE:.*]] = arith.constant 4.000000e-01 : f32
// CHECK-NEXT: %[[SCALED:.*]] = arith.mulf %[[CENTER]], %[[SCALE]] : f32
// CHECK-NEXT: %[[HALF2:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT: %[[SRC:.*]] = arith.subf %[[SCALED]], %[[HALF2]] : f32
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[FH:.*]] = arith.maximumf %[[SRC]], %[[Z]] : f32
// CHECK-NEXT: %[[H0I:.*]] = arith.fptosi %[[FH]] : f32 to i64
// CHECK-NEXT: %[[H0X:.*]] = arith.index_cast %[[H0I]] : i64 to index
// CHECK-NEXT: %[[LAST:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[H0:.*]] = arith.minsi %[[H0X]], %[[LAST]] : index
// CHECK:      %[[W0:.*]] = arith.minsi %{{.*}}, %{{.*}} : index
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[H0P:.*]] = arith.addi %[[H0]], %[[ONE]] : index
// CHECK-NEXT: %[[LAST1:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[H1:.*]] = arith.minsi %[[H0P]], %[[LAST1]] : index
// CHECK-NEXT: %[[ONE2:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[W0P:.*]] = arith.addi %[[W0]], %[[ONE2]] : index
// CHECK-NEXT: %[[LAST2:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[W1:.*]] = arith.minsi %[[W0P]], %[[LAST2]] : index
// CHECK:      tensor.extract %[[X]][%[[N]], %[[C]], %[[H0]], %[[W0]]] : tensor<1x2x4x4xf32>
// CHECK:      tensor.extract %[[X]][%[[N]], %[[C]], %[[H0]], %[[W1]]] : tensor<1x2x4x4xf32>
// CHECK:      tensor.extract %[[X]][%[[N]], %[[C]], %[[H1]], %[[W0]]] : tensor<1x2x4x4xf32>
// CHECK:      tensor.extract %[[X]][%[[N]], %[[C]], %[[H1]], %[[W1]]] : tensor<1x2x4x4xf32>
func.func @bilinear(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x10x10xf32> {
  %0 = "edge.upsample2d"(%x) {align_corners = false, mode = "bilinear", scale_h = 0.4 : f64, scale_w = 0.4 : f64} : (tensor<1x2x4x4xf32>) -> tensor<1x2x10x10xf32>
  return %0 : tensor<1x2x10x10xf32>
}

// -----

// Nearest resize by an integer factor (2) with dynamic N, H, W: no gather; out viewed as
// (N, C, H, 2, W, 2) reads x[n, c, i, j] for every phase (loops n, c, i, a, b, j: j innermost),
// collapsed back to (N, C, 2H, 2W).
// CHECK-DAG:  #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d5)>
// CHECK-DAG:  #[[OUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5, d4)>
// CHECK-LABEL: func.func @nearest_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x2x?x?xf32> {exir.sym_shape = ["s0", "2", "s1", "s2"]})
// CHECK-NOT:  tensor.extract %
// CHECK:      %[[S0:.*]] = tensor.dim %[[X]], %c0
// CHECK:      %[[S1:.*]] = tensor.dim %[[X]], %c2
// CHECK:      %[[S2:.*]] = tensor.dim %[[X]], %c3
// CHECK:      %[[INIT:.*]] = tensor.empty(%[[S0]], %[[S1]], %[[S2]]) : tensor<?x2x?x2x?x2xf32>
// CHECK:      %[[G:.*]] = linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], {{.*}} ins(%[[X]] : tensor<?x2x?x?xf32>) outs(%[[INIT]] : tensor<?x2x?x2x?x2xf32>)
// CHECK-NEXT: ^bb0(%[[V:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: linalg.yield %[[V]] : f32
// CHECK:      tensor.collapse_shape %[[G]] {{\[\[}}0], [1], [2, 3], [4, 5]] : tensor<?x2x?x2x?x2xf32> into tensor<?x2x?x?xf32>
func.func @nearest_dynamic(%x: tensor<?x2x?x?xf32> {exir.sym_shape = ["s0", "2", "s1", "s2"]}) -> tensor<?x2x?x?xf32> {
  %0 = "edge.upsample2d"(%x) {align_corners = false, mode = "nearest", scale_h = 0.5 : f64, scale_w = 0.5 : f64, exir.sym_shapes = [["s0", "2", "2*s1", "2*s2"]]} : (tensor<?x2x?x?xf32>) -> tensor<?x2x?x?xf32>
  return %0 : tensor<?x2x?x?xf32>
}

// -----

// Bilinear, align_corners, dynamic H and W (no scale attributes: they depend on the sizes): the scale
// is (in - 1) / (out - 1) in f32, computed once before the loop nest from x's dim and the result's
// size, and 0 where out is 1 (eager's guard); the row's source coordinate is index * that scale.
// CHECK-LABEL: func.func @bilinear_align_corners_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<2x2x?x?xf32> {exir.sym_shape = ["2", "2", "s1", "s2"]})
// CHECK-DAG:  %[[ONE:.*]] = arith.constant 1 : index
// CHECK-DAG:  %[[S1:.*]] = tensor.dim %[[X]], %c2
// CHECK-DAG:  %[[OUTH:.*]] = arith.addi %[[S1]], %{{.*}} : index
// CHECK:      %[[INM1:.*]] = arith.subi %[[S1]], %[[ONE]] : index
// CHECK:      %[[INM1F:.*]] = arith.sitofp %{{.*}} : i64 to f32
// CHECK:      %[[OUTM1:.*]] = arith.subi %[[OUTH]], %[[ONE]] : index
// CHECK:      %[[OUTM1F:.*]] = arith.sitofp %{{.*}} : i64 to f32
// CHECK:      %[[RATIO:.*]] = arith.divf %[[INM1F]], %[[OUTM1F]] : f32
// CHECK:      %[[GT1:.*]] = arith.cmpi sgt, %[[OUTH]], %[[ONE]] : index
// CHECK:      %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:      %[[SCALEH:.*]] = arith.select %[[GT1]], %[[RATIO]], %[[ZERO]] : f32
// CHECK:      %[[SCALEW:.*]] = arith.select
// CHECK:      linalg.generic
// CHECK:      %[[OH:.*]] = linalg.index 2 : index
// CHECK:      %[[OHF:.*]] = arith.sitofp %{{.*}} : i64 to f32
// CHECK-NEXT: arith.mulf %[[OHF]], %[[SCALEH]] : f32
// CHECK:      arith.mulf %{{.*}}, %[[SCALEW]] : f32
func.func @bilinear_align_corners_dynamic(%x: tensor<2x2x?x?xf32> {exir.sym_shape = ["2", "2", "s1", "s2"]}) -> tensor<2x2x?x?xf32> {
  %0 = "edge.upsample2d"(%x) {align_corners = true, mode = "bilinear", exir.sym_shapes = [["2", "2", "s1 + 3", "2*s2"]]} : (tensor<2x2x?x?xf32>) -> tensor<2x2x?x?xf32>
  return %0 : tensor<2x2x?x?xf32>
}

// -----

// Nearest to an output_size with a dynamic W (scale_w left out): in / out in f32 at run time.
// CHECK-LABEL: func.func @nearest_output_size_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x3x?xf32> {exir.sym_shape = ["1", "2", "3", "s2"]})
// CHECK:      %[[S2:.*]] = tensor.dim %[[X]], %c3
// CHECK:      %[[OUTW:.*]] = arith.addi %[[S2]], %{{.*}} : index
// CHECK:      %[[INF:.*]] = arith.sitofp %{{.*}} : i64 to f32
// CHECK:      %[[OUTF:.*]] = arith.sitofp %{{.*}} : i64 to f32
// CHECK:      %[[SCALEW:.*]] = arith.divf %[[INF]], %[[OUTF]] : f32
// CHECK-NOT:  arith.select
// CHECK:      linalg.generic
// CHECK:      arith.constant 5.000000e-01 : f32
// CHECK:      arith.mulf %{{.*}}, %[[SCALEW]] : f32
func.func @nearest_output_size_dynamic(%x: tensor<1x2x3x?xf32> {exir.sym_shape = ["1", "2", "3", "s2"]}) -> tensor<1x2x6x?xf32> {
  %0 = "edge.upsample2d"(%x) {align_corners = false, mode = "nearest", scale_h = 0.5 : f64, exir.sym_shapes = [["1", "2", "6", "s2 + 1"]]} : (tensor<1x2x3x?xf32>) -> tensor<1x2x6x?xf32>
  return %0 : tensor<1x2x6x?xf32>
}
