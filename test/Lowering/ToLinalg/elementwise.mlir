// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(to-linalg)' | FileCheck %s

// Torch broadcasting is in the indexing maps: a missing leading dim is dropped, a static 1 reads index 0.
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[VEC:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @add_broadcast
// CHECK-SAME: (%[[A:.*]]: tensor<1x3xf32>, %[[B:.*]]: tensor<3xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK: linalg.generic {indexing_maps = [#[[ROW]], #[[VEC]], #[[ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<1x3xf32>, tensor<3xf32>) outs(%[[E]] : tensor<2x3xf32>)
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK:   %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK:   linalg.yield %[[S]] : f32
func.func @add_broadcast(%a: tensor<1x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = "edge.add"(%a, %b) : (tensor<1x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Integer ops use the signed arith ops.
// floor_divide floors (floordivsi, not divsi) by the divisor with 0 replaced by 1.
// CHECK-LABEL: func.func @int_ops
// CHECK:      ^bb0(%[[A:.*]]: i64, %[[B:.*]]: i64, %{{.*}}: i64):
// CHECK-NEXT:   %[[Z:.*]] = arith.constant 0 : i64
// CHECK-NEXT:   %[[BZ:.*]] = arith.cmpi eq, %[[B]], %[[Z]] : i64
// CHECK-NEXT:   %[[ONE:.*]] = arith.constant 1 : i64
// CHECK-NEXT:   %[[D:.*]] = arith.select %[[BZ]], %[[ONE]], %[[B]] : i64
// CHECK-NEXT:   arith.floordivsi %[[A]], %[[D]] : i64
// CHECK:      ^bb0(%[[A1:.*]]: i64, %[[B1:.*]]: i64, %{{.*}}: i64):
// CHECK-NEXT:   arith.maxsi %[[A1]], %[[B1]] : i64
// CHECK:      ^bb0(%[[A2:.*]]: i64, %[[B2:.*]]: i64, %{{.*}}: i1):
// CHECK-NEXT:   arith.cmpi slt, %[[A2]], %[[B2]] : i64
func.func @int_ops(%a: tensor<4xi64>, %b: tensor<4xi64>) -> (tensor<4xi64>, tensor<4xi64>, tensor<4xi1>) {
  %0 = "edge.floor_divide"(%a, %b) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  %1 = "edge.maximum"(%a, %b) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  %2 = "edge.lt"(%a, %b) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi1>
  return %0, %1, %2 : tensor<4xi64>, tensor<4xi64>, tensor<4xi1>
}

// -----

// torch's conversions: float -> int truncates, number -> bool is != 0, bool -> float is 0/1.
// CHECK-LABEL: func.func @casts
// CHECK: arith.fptosi %{{.*}} : f32 to i32
// CHECK: ^bb0(%[[F:.*]]: f32, %{{.*}}: i1):
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: arith.cmpf une, %[[F]], %[[Z]] : f32
// CHECK: arith.uitofp %{{.*}} : i1 to f32
// CHECK: arith.extf %{{.*}} : f16 to f32
func.func @casts(%x: tensor<4xf32>, %b: tensor<4xi1>, %h: tensor<4xf16>) -> (tensor<4xi32>, tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) {
  %0 = "edge.cast"(%x) : (tensor<4xf32>) -> tensor<4xi32>
  %1 = "edge.cast"(%x) : (tensor<4xf32>) -> tensor<4xi1>
  %2 = "edge.cast"(%b) : (tensor<4xi1>) -> tensor<4xf32>
  %3 = "edge.cast"(%h) : (tensor<4xf16>) -> tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xi32>, tensor<4xi1>, tensor<4xf32>, tensor<4xf32>
}

// -----

// NaN-propagating max/min (torch.maximum, relu of NaN is NaN).
// clamp = min(max(x, lo), hi), in that order.
// CHECK-LABEL: func.func @nan_semantics
// CHECK:      ^bb0(%[[X:.*]]: f32, %[[LO:.*]]: f32, %[[HI:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:   %[[M:.*]] = arith.maximumf %[[X]], %[[LO]] : f32
// CHECK-NEXT:   arith.minimumf %[[M]], %[[HI]] : f32
func.func @nan_semantics(%a: tensor<4xf32>, %lo: tensor<f32>, %hi: tensor<f32>) -> (tensor<4xf32>) {
  %0 = "edge.clamp"(%a, %lo, %hi) {operandSegmentSizes = array<i32: 1, 1, 1>} : (tensor<4xf32>, tensor<f32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// gelu = 0.5 * x * (1 + erf(x / sqrt(2))); tanh form: 0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 x^3))).
// CHECK-LABEL: func.func @gelu_erf
// CHECK:      ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:   %[[H:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT:   %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:   %[[R2:.*]] = arith.constant 0.707106769 : f32
// CHECK-NEXT:   %[[XS:.*]] = arith.mulf %[[X]], %[[R2]] : f32
// CHECK-NEXT:   %[[E:.*]] = math.erf %[[XS]] : f32
// CHECK-NEXT:   %[[S:.*]] = arith.addf %[[ONE]], %[[E]] : f32
// CHECK-NEXT:   %[[HX:.*]] = arith.mulf %[[H]], %[[X]] : f32
// CHECK-NEXT:   arith.mulf %[[HX]], %[[S]] : f32
// CHECK-LABEL: func.func @gelu_tanh
// CHECK:      ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:   %[[H:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT:   %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:   %[[K:.*]] = arith.constant 0.797884583 : f32
// CHECK-NEXT:   %[[C:.*]] = arith.constant 4.471500e-02 : f32
// CHECK-NEXT:   %[[X2:.*]] = arith.mulf %[[X]], %[[X]] : f32
// CHECK-NEXT:   %[[X3:.*]] = arith.mulf %[[X2]], %[[X]] : f32
// CHECK-NEXT:   %[[CX3:.*]] = arith.mulf %[[C]], %[[X3]] : f32
// CHECK-NEXT:   %[[IN:.*]] = arith.addf %[[X]], %[[CX3]] : f32
// CHECK-NEXT:   %[[KIN:.*]] = arith.mulf %[[K]], %[[IN]] : f32
// CHECK-NEXT:   %[[T:.*]] = math.tanh %[[KIN]] : f32
// CHECK-NEXT:   %[[S:.*]] = arith.addf %[[ONE]], %[[T]] : f32
// CHECK-NEXT:   %[[HX:.*]] = arith.mulf %[[H]], %[[X]] : f32
// CHECK-NEXT:   arith.mulf %[[HX]], %[[S]] : f32
func.func @gelu_erf(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "edge.gelu"(%x) {approximate = "none"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @gelu_tanh(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "edge.gelu"(%x) {approximate = "tanh"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// where selects; the condition broadcasts like the other operands.
// CHECK-LABEL: func.func @where
// CHECK: ^bb0(%[[C:.*]]: i1, %[[A:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: f32):
// CHECK: arith.select %[[C]], %[[A]], %[[B]] : f32
func.func @where(%c: tensor<4x1xi1>, %a: tensor<f32>, %b: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = "edge.where"(%c, %a, %b) : (tensor<4x1xi1>, tensor<f32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// Python's % on integers: r = a rem b' (b' = b, or 1 where b == 0: torch raises there, a hardware
// divide by zero would kill the process); where r != 0 and r, b' differ in sign (r xor b' < 0), r + b'.
// CHECK-LABEL: func.func @remainder_int
// CHECK:      ^bb0(%[[A:.*]]: i32, %[[B:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT:   %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT:   %[[BZ:.*]] = arith.cmpi eq, %[[B]], %[[Z]] : i32
// CHECK-NEXT:   %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT:   %[[D:.*]] = arith.select %[[BZ]], %[[ONE]], %[[B]] : i32
// CHECK-NEXT:   %[[R:.*]] = arith.remsi %[[A]], %[[D]] : i32
// CHECK-NEXT:   %[[Z2:.*]] = arith.constant 0 : i32
// CHECK-NEXT:   %[[NZ:.*]] = arith.cmpi ne, %[[R]], %[[Z2]] : i32
// CHECK-NEXT:   %[[X:.*]] = arith.xori %[[R]], %[[D]] : i32
// CHECK-NEXT:   %[[DIFF:.*]] = arith.cmpi slt, %[[X]], %[[Z2]] : i32
// CHECK-NEXT:   %[[FIX:.*]] = arith.andi %[[NZ]], %[[DIFF]] : i1
// CHECK-NEXT:   %[[UP:.*]] = arith.addi %[[R]], %[[D]] : i32
// CHECK-NEXT:   %[[RES:.*]] = arith.select %[[FIX]], %[[UP]], %[[R]] : i32
// CHECK-NEXT:   linalg.yield %[[RES]] : i32
func.func @remainder_int(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = "edge.remainder"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// Python's % on floats: r = remf(a, b); where r != 0 (ordered: NaN stays NaN) and exactly one of r, b
// is negative (xor), r + b.
// CHECK-LABEL: func.func @remainder_float
// CHECK:      ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:   %[[R:.*]] = arith.remf %[[A]], %[[B]] : f32
// CHECK-NEXT:   %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:   %[[NZ:.*]] = arith.cmpf one, %[[R]], %[[Z]] : f32
// CHECK-NEXT:   %[[RN:.*]] = arith.cmpf olt, %[[R]], %[[Z]] : f32
// CHECK-NEXT:   %[[BN:.*]] = arith.cmpf olt, %[[B]], %[[Z]] : f32
// CHECK-NEXT:   %[[DIFF:.*]] = arith.xori %[[RN]], %[[BN]] : i1
// CHECK-NEXT:   %[[FIX:.*]] = arith.andi %[[NZ]], %[[DIFF]] : i1
// CHECK-NEXT:   %[[UP:.*]] = arith.addf %[[R]], %[[B]] : f32
// CHECK-NEXT:   %[[RES:.*]] = arith.select %[[FIX]], %[[UP]], %[[R]] : f32
// CHECK-NEXT:   linalg.yield %[[RES]] : f32
func.func @remainder_float(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "edge.remainder"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// round is half to even (torch.round: 0.5 -> 0, 2.5 -> 2); sign(NaN) = 0 (ordered compares) and
// sign(-0.0) = 0; relu and isnan/isinf keep NaN semantics (relu(NaN) = NaN: maximumf, not maxnumf).
// CHECK-LABEL: func.func @unary
// CHECK:      ^bb0(%[[X0:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:   %[[RD:.*]] = math.roundeven %[[X0]] : f32
// CHECK-NEXT:   linalg.yield %[[RD]] : f32
// CHECK:      ^bb0(%[[X1:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:   %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:   %[[P1:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:   %[[M1:.*]] = arith.constant -1.000000e+00 : f32
// CHECK-NEXT:   %[[POS:.*]] = arith.cmpf ogt, %[[X1]], %[[Z]] : f32
// CHECK-NEXT:   %[[NEG:.*]] = arith.cmpf olt, %[[X1]], %[[Z]] : f32
// CHECK-NEXT:   %[[IN:.*]] = arith.select %[[NEG]], %[[M1]], %[[Z]] : f32
// CHECK-NEXT:   %[[SG:.*]] = arith.select %[[POS]], %[[P1]], %[[IN]] : f32
// CHECK-NEXT:   linalg.yield %[[SG]] : f32
// CHECK:      ^bb0(%[[X2:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:   %[[Z2:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:   %[[RL:.*]] = arith.maximumf %[[X2]], %[[Z2]] : f32
// CHECK:      ^bb0(%[[X3:.*]]: f32, %{{.*}}: i1):
// CHECK-NEXT:   arith.cmpf uno, %[[X3]], %[[X3]] : f32
// CHECK:      ^bb0(%[[X4:.*]]: f32, %{{.*}}: i1):
// CHECK-NEXT:   %[[ABS:.*]] = math.absf %[[X4]] : f32
// CHECK-NEXT:   %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK-NEXT:   arith.cmpf oeq, %[[ABS]], %[[INF]] : f32
func.func @unary(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi1>, tensor<4xi1>) {
  %0 = "edge.round"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "edge.sign"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "edge.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %3 = "edge.isnan"(%x) : (tensor<4xf32>) -> tensor<4xi1>
  %4 = "edge.isinf"(%x) : (tensor<4xf32>) -> tensor<4xi1>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi1>, tensor<4xi1>
}

// -----

// Comparisons: float predicates are ordered (false with a NaN) except ne (unordered: NaN != x is
// true), operands in order; bool compares unsigned (false < true).
// CHECK-LABEL: func.func @compares
// CHECK:      ^bb0(%[[A0:.*]]: f32, %[[B0:.*]]: f32, %{{.*}}: i1):
// CHECK-NEXT:   arith.cmpf oeq, %[[A0]], %[[B0]] : f32
// CHECK:      ^bb0(%[[A1:.*]]: f32, %[[B1:.*]]: f32, %{{.*}}: i1):
// CHECK-NEXT:   arith.cmpf une, %[[A1]], %[[B1]] : f32
// CHECK:      ^bb0(%[[A2:.*]]: f32, %[[B2:.*]]: f32, %{{.*}}: i1):
// CHECK-NEXT:   arith.cmpf olt, %[[A2]], %[[B2]] : f32
// CHECK:      ^bb0(%[[A3:.*]]: f32, %[[B3:.*]]: f32, %{{.*}}: i1):
// CHECK-NEXT:   arith.cmpf ole, %[[A3]], %[[B3]] : f32
// CHECK:      ^bb0(%[[A4:.*]]: f32, %[[B4:.*]]: f32, %{{.*}}: i1):
// CHECK-NEXT:   arith.cmpf ogt, %[[A4]], %[[B4]] : f32
// CHECK:      ^bb0(%[[A5:.*]]: f32, %[[B5:.*]]: f32, %{{.*}}: i1):
// CHECK-NEXT:   arith.cmpf oge, %[[A5]], %[[B5]] : f32
// CHECK:      ^bb0(%[[P0:.*]]: i1, %[[Q0:.*]]: i1, %{{.*}}: i1):
// CHECK-NEXT:   arith.cmpi ult, %[[P0]], %[[Q0]] : i1
// CHECK:      ^bb0(%[[P1:.*]]: i1, %[[Q1:.*]]: i1, %{{.*}}: i1):
// CHECK-NEXT:   arith.cmpi uge, %[[P1]], %[[Q1]] : i1
func.func @compares(%a: tensor<4xf32>, %b: tensor<4xf32>, %p: tensor<4xi1>, %q: tensor<4xi1>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = "edge.eq"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = "edge.ne"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %2 = "edge.lt"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %3 = "edge.le"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %4 = "edge.gt"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %5 = "edge.ge"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %6 = "edge.lt"(%p, %q) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %7 = "edge.ge"(%p, %q) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// torch.maximum/minimum propagate NaN: maximumf/minimumf (not maxnumf/minnumf).
// CHECK-LABEL: func.func @minmax
// CHECK:      ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:   arith.maximumf %[[A]], %[[B]] : f32
// CHECK:      ^bb0(%[[C:.*]]: f32, %[[D:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:   arith.minimumf %[[C]], %[[D]] : f32
func.func @minmax(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = "edge.maximum"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = "edge.minimum"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}
