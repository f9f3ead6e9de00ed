// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(to-linalg)' | FileCheck %s
// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(to-linalg)' | FileCheck %s --check-prefix=ROUNDS

// edge.random: one parallel linalg.generic; element (i, j) of a ?x5 result has counter
// (i * 5 + j, 0, stream, 0) and key = the seed's low and high words; Philox4x32-10 rounds
// (c0, c1, c2, c3) -> (hi(M1 * c2) ^ c1 ^ k0, lo(M1 * c2), hi(M0 * c0) ^ c3 ^ k1, lo(M0 * c0)),
// key += (W0, W1) between rounds; uniform f32 = (x0 >> 8) * 2^-24.
// CHECK-LABEL: func.func @uniform_dynamic
// CHECK-SAME: (%[[N:.*]]: index, %[[SEED:.*]]: tensor<i64>)
// CHECK: %[[INIT:.*]] = tensor.empty(%[[N]]) : tensor<?x5xf32>
// CHECK: %[[S:.*]] = tensor.extract %[[SEED]][] : tensor<i64>
// CHECK: %[[K0:.*]] = arith.trunci %[[S]] : i64 to i32
// CHECK: %[[SHI:.*]] = arith.shrui %[[S]], %{{.*}} : i64
// CHECK: %[[K1:.*]] = arith.trunci %[[SHI]] : i64 to i32
// CHECK: %[[STREAM:.*]] = arith.constant 3 : i32
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]} outs(%[[INIT]] : tensor<?x5xf32>)
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: %[[ROW:.*]] = arith.muli %[[I]], %[[C5:.*]] : index
// CHECK: %[[J:.*]] = linalg.index 1 : index
// CHECK: %[[LIN:.*]] = arith.addi %[[ROW]], %[[J]] : index
// CHECK: %[[L64:.*]] = arith.index_castui %[[LIN]] : index to i64
// CHECK: %[[CTR0:.*]] = arith.trunci %[[L64]] : i64 to i32
// CHECK: %[[LHI:.*]] = arith.shrui %[[L64]], %{{.*}} : i64
// CHECK: %[[CTR1:.*]] = arith.trunci %[[LHI]] : i64 to i32
// CHECK: %[[CTR3:.*]] = arith.constant 0 : i32
// CHECK: %[[M0:.*]] = arith.constant -766435501 : i32
// CHECK: %[[M1:.*]] = arith.constant -845247145 : i32
// CHECK: %[[W0:.*]] = arith.constant -1640531527 : i32
// CHECK: %[[W1:.*]] = arith.constant -1150833019 : i32
// The first round, bound in full.
// CHECK: %[[A0:.*]] = arith.extui %[[M0]] : i32 to i64
// CHECK: %[[B0:.*]] = arith.extui %[[CTR0]] : i32 to i64
// CHECK: %[[P0:.*]] = arith.muli %[[A0]], %[[B0]] : i64
// CHECK: %[[LO0:.*]] = arith.trunci %[[P0]] : i64 to i32
// CHECK: %[[P0S:.*]] = arith.shrui %[[P0]], %{{.*}} : i64
// CHECK: %[[HI0:.*]] = arith.trunci %[[P0S]] : i64 to i32
// CHECK: %[[A1:.*]] = arith.extui %[[M1]] : i32 to i64
// CHECK: %[[B1:.*]] = arith.extui %[[STREAM]] : i32 to i64
// CHECK: %[[P1:.*]] = arith.muli %[[A1]], %[[B1]] : i64
// CHECK: %[[LO1:.*]] = arith.trunci %[[P1]] : i64 to i32
// CHECK: %[[P1S:.*]] = arith.shrui %[[P1]], %{{.*}} : i64
// CHECK: %[[HI1:.*]] = arith.trunci %[[P1S]] : i64 to i32
// CHECK: %[[X0:.*]] = arith.xori %[[HI1]], %[[CTR1]] : i32
// CHECK: %[[NEW0:.*]] = arith.xori %[[X0]], %[[K0]] : i32
// CHECK: %[[X2:.*]] = arith.xori %[[HI0]], %[[CTR3]] : i32
// CHECK: %[[NEW2:.*]] = arith.xori %[[X2]], %[[K1]] : i32
// CHECK: %[[K0B:.*]] = arith.addi %[[K0]], %[[W0]] : i32
// CHECK: %[[K1B:.*]] = arith.addi %[[K1]], %[[W1]] : i32
// The second round multiplies the new c0 and c2, xors with the new c1 (lo1) and c3 (lo0) and the
// bumped key.
// CHECK: arith.extui %[[NEW0]] : i32 to i64
// CHECK: arith.extui %[[NEW2]] : i32 to i64
// CHECK: arith.xori %{{.*}}, %[[LO1]] : i32
// CHECK: arith.xori %{{.*}}, %[[K0B]] : i32
// CHECK: arith.xori %{{.*}}, %[[LO0]] : i32
// CHECK: arith.xori %{{.*}}, %[[K1B]] : i32
// CHECK: %[[C8:.*]] = arith.constant 8 : i32
// CHECK-NEXT: %[[TOP:.*]] = arith.shrui %{{.*}}, %[[C8]] : i32
// CHECK-NEXT: %[[F:.*]] = arith.uitofp %[[TOP]] : i32 to f32
// CHECK-NEXT: %[[ULP:.*]] = arith.constant 5.96046448E-8 : f32
// CHECK-NEXT: %[[U:.*]] = arith.mulf %[[F]], %[[ULP]] : f32
// CHECK-NEXT: linalg.yield %[[U]] : f32
// Ten rounds: 20 products, 9 key bumps.
// ROUNDS-LABEL: func.func @uniform_dynamic
// ROUNDS-COUNT-20: arith.muli {{.*}} : i64
// ROUNDS-NOT: arith.muli {{.*}} : i64
// ROUNDS: linalg.yield
// ROUNDS-LABEL: func.func @normal_f64
func.func @uniform_dynamic(%n: index, %seed: tensor<i64>) -> tensor<?x5xf32> {
  %0 = "edge.random"(%seed, %n) {distribution = "uniform", stream = 3 : i64} : (tensor<i64>, index) -> tensor<?x5xf32>
  return %0 : tensor<?x5xf32>
}

// -----

// Normal f64: Box-Muller on two 53-bit uniforms, ((x0:x1) >> 11) * 2^-53 and ((x2:x3) >> 11) * 2^-53:
// sqrt(-2 log(1 - u1)) * cos(2 pi u2).
// CHECK-LABEL: func.func @normal_f64
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<4xf64>)
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f64
// CHECK: %[[HI:.*]] = arith.shli %{{.*}}, %{{.*}} : i64
// CHECK: %[[J:.*]] = arith.ori %[[HI]], %{{.*}} : i64
// CHECK: %[[C11:.*]] = arith.constant 11 : i64
// CHECK: %[[T:.*]] = arith.shrui %[[J]], %[[C11]] : i64
// CHECK: %[[F:.*]] = arith.uitofp %[[T]] : i64 to f64
// CHECK: %[[ULP:.*]] = arith.constant 1.1102230246251565E-16 : f64
// CHECK: %[[U1:.*]] = arith.mulf %[[F]], %[[ULP]] : f64
// CHECK: %[[V1:.*]] = arith.subf %[[ONE]], %[[U1]] : f64
// CHECK: %[[U2:.*]] = arith.mulf %{{.*}}, %{{.*}} : f64
// CHECK: %[[M2:.*]] = arith.constant -2.000000e+00 : f64
// CHECK: %[[LOG:.*]] = math.log %[[V1]] : f64
// CHECK: %[[R2:.*]] = arith.mulf %[[M2]], %[[LOG]] : f64
// CHECK: %[[R:.*]] = math.sqrt %[[R2]] : f64
// CHECK: %[[TWOPI:.*]] = arith.constant 6.2831853071795862 : f64
// CHECK: %[[A:.*]] = arith.mulf %[[TWOPI]], %[[U2]] : f64
// CHECK: %[[COS:.*]] = math.cos %[[A]] : f64
// CHECK: %[[Z:.*]] = arith.mulf %[[R]], %[[COS]] : f64
// CHECK: linalg.yield %[[Z]] : f64
// ROUNDS-COUNT-20: arith.muli {{.*}} : i64
// ROUNDS-NOT: arith.muli {{.*}} : i64
// ROUNDS: linalg.yield
func.func @normal_f64(%seed: tensor<i64>) -> tensor<4xf64> {
  %0 = "edge.random"(%seed) {distribution = "normal", stream = 0 : i64} : (tensor<i64>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// A static dim before the dynamic ones (dropout's mask of a 1 x ? x ? tensor): the size operands
// fill the dynamic dims in order (dim 1 <- %a, dim 2 <- %b), and dim 0's stride is b * a.
// CHECK-LABEL: func.func @uniform_static_then_dynamic
// CHECK-SAME: (%[[SEED:.*]]: tensor<i64>, %[[A:.*]]: index, %[[B:.*]]: index)
// CHECK: tensor.empty(%[[A]], %[[B]]) : tensor<1x?x?xf32>
// CHECK: arith.muli %[[B]], %[[A]] : index
func.func @uniform_static_then_dynamic(%seed: tensor<i64>, %a: index, %b: index) -> tensor<1x?x?xf32> {
  %0 = "edge.random"(%seed, %a, %b) {distribution = "uniform", stream = 0 : i64} : (tensor<i64>, index, index) -> tensor<1x?x?xf32>
  return %0 : tensor<1x?x?xf32>
}
