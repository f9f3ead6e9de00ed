// RUN: exir-mlir-opt %s --pass-pipeline='builtin.module(to-linalg,canonicalize,cse)' | FileCheck %s

// Bilinear (half-pixel centers) by 2 with a dynamic batch: x edge-replicated by one row and one
// column (6 insert_slices: x, its first and last row, then the same for columns), nine shifted
// 4x5 windows of it, and one generic over (n, c, i, a, b, j): output row 2i + a weighs the
// replicated rows i, i+1, i+2 by (0.25, 0.75, 0) for a = 0 and (0, 0.75, 0.25) for a = 1 (the
// weights picked by linalg.index 3 = a; columns likewise by linalg.index 4 = b).
// CHECK-LABEL: func.func @bilinear_x2
// CHECK-SAME: (%[[X:.*]]: tensor<?x2x4x5xf32>
// CHECK-DAG:  %[[Q:.*]] = arith.constant 2.500000e-01 : f32
// CHECK-DAG:  %[[TQ:.*]] = arith.constant 7.500000e-01 : f32
// CHECK-DAG:  %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NOT:  tensor.extract %
// CHECK:      %[[N:.*]] = tensor.dim %[[X]], %c0
// CHECK:      %[[R0:.*]] = tensor.empty(%[[N]]) : tensor<?x2x6x5xf32>
// CHECK:      %[[MID:.*]] = tensor.insert_slice %{{.*}} into %[[R0]][0, 0, 1, 0] [%[[N]], 2, 4, 5] [1, 1, 1, 1]
// CHECK:      %[[FIRST:.*]] = tensor.extract_slice %[[X]][0, 0, 0, 0] [%[[N]], 2, 1, 5] [1, 1, 1, 1]
// CHECK:      %[[TOP:.*]] = tensor.insert_slice %[[FIRST]] into %[[MID]][0, 0, 0, 0] [%[[N]], 2, 1, 5]
// CHECK:      %[[LAST:.*]] = tensor.extract_slice %[[X]][0, 0, 3, 0] [%[[N]], 2, 1, 5] [1, 1, 1, 1]
// CHECK:      %[[ROWS:.*]] = tensor.insert_slice %[[LAST]] into %[[TOP]][0, 0, 5, 0] [%[[N]], 2, 1, 5]
// CHECK:      %[[C0:.*]] = tensor.empty(%[[N]]) : tensor<?x2x6x7xf32>
// CHECK:      tensor.insert_slice %{{.*}} into %[[C0]][0, 0, 0, 1] [%[[N]], 2, 6, 5]
// CHECK:      %[[XP:.*]] = tensor.insert_slice %{{.*}}[0, 0, 0, 6] [%[[N]], 2, 6, 1] [1, 1, 1, 1] : tensor<?x2x6x1xf32> into tensor<?x2x6x7xf32>
// CHECK:      %[[S00:.*]] = tensor.extract_slice %[[XP]][0, 0, 0, 0] [%[[N]], 2, 4, 5]
// CHECK:      %[[S22:.*]] = tensor.extract_slice %[[XP]][0, 0, 2, 2] [%[[N]], 2, 4, 5]
// CHECK:      %[[G:.*]] = linalg.generic {{.*}} ins(%[[S00]], {{.*}}, %[[S22]] : {{.*}}) outs(%{{.*}} : tensor<?x2x4x2x5x2xf32>)
// CHECK:      %[[B:.*]] = linalg.index 4 : index
// CHECK-NEXT: %[[B0:.*]] = arith.cmpi eq, %[[B]], %c0 : index
// CHECK-NEXT: %[[WB0:.*]] = arith.select %[[B0]], %[[Q]], %[[Z]] : f32
// CHECK:      %[[A:.*]] = linalg.index 3 : index
// CHECK-NEXT: %[[A0:.*]] = arith.cmpi eq, %[[A]], %c0 : index
// CHECK-NEXT: %[[WA0:.*]] = arith.select %[[A0]], %[[Q]], %[[Z]] : f32
// CHECK:      arith.mulf %{{.*}}, %[[TQ]] : f32
// CHECK:      %[[WA2:.*]] = arith.select %[[A0]], %[[Z]], %[[Q]] : f32
// CHECK:      tensor.collapse_shape %[[G]] {{\[\[}}0], [1], [2, 3], [4, 5]] : tensor<?x2x4x2x5x2xf32> into tensor<?x2x8x10xf32>
func.func @bilinear_x2(%x: tensor<?x2x4x5xf32> {exir.sym_shape = ["s0", "2", "4", "5"]}) -> tensor<?x2x8x10xf32> {
  %0 = "edge.upsample2d"(%x) {align_corners = false, mode = "bilinear", scale_h = 0.5 : f64, scale_w = 0.5 : f64, exir.sym_shapes = [["s0", "2", "8", "10"]]} : (tensor<?x2x4x5xf32>) -> tensor<?x2x8x10xf32>
  return %0 : tensor<?x2x8x10xf32>
}
