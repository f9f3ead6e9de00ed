// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(to-linalg)' | FileCheck %s

// uint8 (ui8) is lowered as signless i8 with the unsigned arith ops where the sign matters
// (lowering/to_linalg/unsigned.py). The signature says i8 and marks the uint8 positions
// `exir.unsigned` (the runtime's dtype); no ui8 and no conversion casts are left.
// Casts: uint8 -> float is uitofp (200 is 200.0, not -56.0), uint8 -> i64 zero-extends,
// float -> uint8 goes through i32 and keeps the low byte (torch: -1.0 -> 255), i64 -> uint8
// truncates, uint8 -> bool is != 0. Dynamic dims.
// CHECK-LABEL: func.func @casts
// CHECK-SAME: (%{{.*}}: tensor<?xi8> {exir.unsigned}, %{{.*}}: tensor<?xf32>, %{{.*}}: tensor<?xi64>)
// CHECK-SAME: -> (tensor<?xf32>, tensor<?xi64>, tensor<?xi8> {exir.unsigned}, tensor<?xi8> {exir.unsigned}, tensor<?xi1>)
// CHECK-NOT: ui8
// CHECK-NOT: unrealized_conversion_cast
// CHECK:      ^bb0(%[[A:.*]]: i8, %{{.*}}: f32):
// CHECK-NEXT:   arith.uitofp %[[A]] : i8 to f32
// CHECK:      ^bb0(%[[B:.*]]: i8, %{{.*}}: i64):
// CHECK-NEXT:   arith.extui %[[B]] : i8 to i64
// CHECK:      ^bb0(%[[F:.*]]: f32, %{{.*}}: i8):
// CHECK-NEXT:   %[[W:.*]] = arith.fptosi %[[F]] : f32 to i32
// CHECK-NEXT:   arith.trunci %[[W]] : i32 to i8
// CHECK:      ^bb0(%[[L:.*]]: i64, %{{.*}}: i8):
// CHECK-NEXT:   arith.trunci %[[L]] : i64 to i8
// CHECK:      ^bb0(%[[C:.*]]: i8, %{{.*}}: i1):
// CHECK-NEXT:   %[[Z:.*]] = arith.constant 0 : i8
// CHECK-NEXT:   arith.cmpi ne, %[[C]], %[[Z]] : i8
func.func @casts(%u: tensor<?xui8>, %f: tensor<?xf32>, %l: tensor<?xi64>) -> (tensor<?xf32>, tensor<?xi64>, tensor<?xui8>, tensor<?xui8>, tensor<?xi1>) {
  %0 = "edge.cast"(%u) : (tensor<?xui8>) -> tensor<?xf32>
  %1 = "edge.cast"(%u) : (tensor<?xui8>) -> tensor<?xi64>
  %2 = "edge.cast"(%f) : (tensor<?xf32>) -> tensor<?xui8>
  %3 = "edge.cast"(%l) : (tensor<?xi64>) -> tensor<?xui8>
  %4 = "edge.cast"(%u) : (tensor<?xui8>) -> tensor<?xi1>
  return %0, %1, %2, %3, %4 : tensor<?xf32>, tensor<?xi64>, tensor<?xui8>, tensor<?xui8>, tensor<?xi1>
}

// -----

// Comparisons, division, remainder, max/min and clamp are the unsigned ops; add stays addi
// (wrap-around is the same bits either way). The result of one uint8 op feeds the next.
// CHECK-LABEL: func.func @arith
// CHECK:      ^bb0(%[[A0:.*]]: i8, %[[B0:.*]]: i8, %{{.*}}: i1):
// CHECK-NEXT:   arith.cmpi ult, %[[A0]], %[[B0]] : i8
// CHECK:      ^bb0(%[[A1:.*]]: i8, %[[B1:.*]]: i8, %{{.*}}: i1):
// CHECK-NEXT:   arith.cmpi uge, %[[A1]], %[[B1]] : i8
// CHECK:      ^bb0(%[[A2:.*]]: i8, %[[B2:.*]]: i8, %{{.*}}: i8):
// CHECK:        %[[D2:.*]] = arith.select %{{.*}}, %{{.*}}, %[[B2]] : i8
// CHECK-NEXT:   arith.divui %[[A2]], %[[D2]] : i8
// CHECK:      ^bb0(%[[A3:.*]]: i8, %[[B3:.*]]: i8, %{{.*}}: i8):
// CHECK:        %[[D3:.*]] = arith.select %{{.*}}, %{{.*}}, %[[B3]] : i8
// CHECK-NEXT:   arith.remui %[[A3]], %[[D3]] : i8
// CHECK:      ^bb0(%[[A4:.*]]: i8, %[[B4:.*]]: i8, %{{.*}}: i8):
// CHECK-NEXT:   arith.maxui %[[A4]], %[[B4]] : i8
// CHECK:      ^bb0(%[[A5:.*]]: i8, %[[B5:.*]]: i8, %{{.*}}: i8):
// CHECK-NEXT:   arith.minui %[[A5]], %[[B5]] : i8
// CHECK:      ^bb0(%[[X:.*]]: i8, %[[LO:.*]]: i8, %[[HI:.*]]: i8, %{{.*}}: i8):
// CHECK-NEXT:   %[[M:.*]] = arith.maxui %[[X]], %[[LO]] : i8
// CHECK-NEXT:   arith.minui %[[M]], %[[HI]] : i8
// CHECK:      ^bb0(%[[A6:.*]]: i8, %[[B6:.*]]: i8, %{{.*}}: i8):
// CHECK-NEXT:   arith.addi %[[A6]], %[[B6]] : i8
func.func @arith(%a: tensor<?x4xui8>, %b: tensor<?x4xui8>, %lo: tensor<ui8>, %hi: tensor<ui8>) -> (tensor<?x4xi1>, tensor<?x4xi1>, tensor<?x4xui8>) {
  %0 = "edge.lt"(%a, %b) : (tensor<?x4xui8>, tensor<?x4xui8>) -> tensor<?x4xi1>
  %1 = "edge.ge"(%a, %b) : (tensor<?x4xui8>, tensor<?x4xui8>) -> tensor<?x4xi1>
  %2 = "edge.floor_divide"(%a, %b) : (tensor<?x4xui8>, tensor<?x4xui8>) -> tensor<?x4xui8>
  %3 = "edge.remainder"(%a, %b) : (tensor<?x4xui8>, tensor<?x4xui8>) -> tensor<?x4xui8>
  %4 = "edge.maximum"(%2, %3) : (tensor<?x4xui8>, tensor<?x4xui8>) -> tensor<?x4xui8>
  %5 = "edge.minimum"(%4, %a) : (tensor<?x4xui8>, tensor<?x4xui8>) -> tensor<?x4xui8>
  %6 = "edge.clamp"(%5, %lo, %hi) {operandSegmentSizes = array<i32: 1, 1, 1>} : (tensor<?x4xui8>, tensor<ui8>, tensor<ui8>) -> tensor<?x4xui8>
  %7 = "edge.add"(%6, %b) : (tensor<?x4xui8>, tensor<?x4xui8>) -> tensor<?x4xui8>
  return %0, %1, %7 : tensor<?x4xi1>, tensor<?x4xi1>, tensor<?x4xui8>
}

// -----

// abs and relu of uint8 are the value itself; a ui8 constant keeps its bits (200 is -56 in i8).
// CHECK-LABEL: func.func @abs_relu_const
// CHECK-NOT:  math.absi
// CHECK-NOT:  arith.maxsi
// CHECK:      %[[C:.*]] = arith.constant dense<-56> : tensor<i8>
// CHECK:      linalg.generic {{.*}} ins(%{{.*}}, %[[C]] : tensor<4xi8>, tensor<i8>)
// CHECK-NEXT: ^bb0(%[[A:.*]]: i8, %[[B:.*]]: i8, %{{.*}}: i1):
// CHECK-NEXT:   arith.cmpi ugt, %[[A]], %[[B]] : i8
func.func @abs_relu_const(%a: tensor<4xui8>) -> tensor<4xi1> {
  %0 = "edge.abs"(%a) : (tensor<4xui8>) -> tensor<4xui8>
  %1 = "edge.relu"(%0) : (tensor<4xui8>) -> tensor<4xui8>
  %c = arith.constant dense<200> : tensor<ui8>
  %2 = "edge.gt"(%1, %c) : (tensor<4xui8>, tensor<ui8>) -> tensor<4xi1>
  return %2 : tensor<4xi1>
}

// -----

// amax starts from 0 and takes maxui; argmin starts from 255 (all ones) and takes the first of
// the smallest with cmpi ult.
// CHECK-LABEL: func.func @reductions
// CHECK:      %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK:      %[[V0:.*]] = linalg.fill ins(%[[ZERO]] : i8)
// CHECK:      linalg.generic {{.*}} outs(%[[V0]] : tensor<?xi8>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: i8, %[[ACC:.*]]: i8):
// CHECK-NEXT:   arith.maxui %[[IN]], %[[ACC]] : i8
// CHECK:      %[[ALL:.*]] = arith.constant -1 : i8
// CHECK:      %[[V1:.*]] = linalg.fill ins(%[[ALL]] : i8)
// CHECK:      linalg.generic {{.*}} outs(%[[V1]], %{{.*}} : tensor<?xi8>, tensor<?xi64>)
// CHECK-NEXT: ^bb0(%[[IN1:.*]]: i8, %[[ACC1:.*]]: i8, %{{.*}}: i64):
// CHECK:        arith.cmpi ult, %[[IN1]], %[[ACC1]] : i8
func.func @reductions(%x: tensor<?x5xui8>) -> (tensor<?xui8>, tensor<?xi64>) {
  %0 = "edge.amax"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<?x5xui8>) -> tensor<?xui8>
  %1 = "edge.argmin"(%x) {dim = 1 : i64, keepdim = false} : (tensor<?x5xui8>) -> tensor<?xi64>
  return %0, %1 : tensor<?xui8>, tensor<?xi64>
}

// -----

// A non-splat ui8 constant keeps its bytes too; floor division of uint8 by it is divui.
// CHECK-LABEL: func.func @const_tensor
// CHECK:      %[[C:.*]] = arith.constant dense<[1, -128, -56, -1]> : tensor<4xi8>
// CHECK:      linalg.generic {{.*}} ins(%{{.*}}, %[[C]] : tensor<4xi8>, tensor<4xi8>)
// CHECK:        arith.divui
func.func @const_tensor(%a: tensor<4xui8>) -> tensor<4xui8> {
  %c = arith.constant dense<[1, 128, 200, 255]> : tensor<4xui8>
  %0 = "edge.floor_divide"(%a, %c) : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  return %0 : tensor<4xui8>
}
