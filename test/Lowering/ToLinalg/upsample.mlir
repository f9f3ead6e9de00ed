// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(to-linalg)' | FileCheck %s

// Bilinear resize (align_corners = false): source row f = max((i + 0.5) * scale - 0.5, 0) (scale = 0.5
// = in/out), h0 = min(trunc(f), 4 - 1), h1 = min(h0 + 1, 4 - 1), weight f - h0; the same for columns;
// four tensor.extract reads per output element, blended in f32.
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
// CHECK-NEXT: %[[SCALE:.*]] = arith.constant 5.000000e-01 : f32
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
func.func @bilinear(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x8x8xf32> {
  %0 = "edge.upsample2d"(%x) {align_corners = false, mode = "bilinear", scale_h = 0.5 : f64, scale_w = 0.5 : f64} : (tensor<1x2x4x4xf32>) -> tensor<1x2x8x8xf32>
  return %0 : tensor<1x2x8x8xf32>
}
