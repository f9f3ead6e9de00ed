// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(to-linalg)' | FileCheck %s

// Bilinear resize: four tensor.extract reads per output element, blended in f32.
// CHECK-LABEL: func.func @bilinear
// CHECK: linalg.generic
// CHECK-COUNT-4: tensor.extract %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : tensor<1x2x4x4xf32>
func.func @bilinear(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x8x8xf32> {
  %0 = "edge.upsample2d"(%x) {align_corners = false, mode = "bilinear", scale_h = 0.5 : f64, scale_w = 0.5 : f64} : (tensor<1x2x4x4xf32>) -> tensor<1x2x8x8xf32>
  return %0 : tensor<1x2x8x8xf32>
}
