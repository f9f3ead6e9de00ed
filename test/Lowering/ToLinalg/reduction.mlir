// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(to-linalg)' | FileCheck %s

// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @sum
// CHECK: %[[F:.*]] = linalg.fill
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : tensor<2x3xf32>) outs(%[[F]] : tensor<2xf32>)
// CHECK: arith.addf
func.func @sum(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %0 = "edge.sum"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// keepdim re-inserts the reduced dims with tensor.expand_shape; mean divides by the count.
// CHECK-LABEL: func.func @mean_keepdim
// CHECK: %[[S:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "reduction"]
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[CNT:.*]] = arith.muli %[[C3]], %[[C4]] : index
// CHECK: %[[CNTI:.*]] = arith.index_cast %[[CNT]] : index to i64
// CHECK: %[[N:.*]] = arith.sitofp %[[CNTI]] : i64 to f32
// CHECK: %[[M:.*]] = linalg.generic {{.*}} ins(%[[S]] : tensor<2xf32>)
// CHECK-NEXT: ^bb0(%[[SV:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: arith.divf %[[SV]], %[[N]] : f32
// CHECK: tensor.expand_shape %[[M]] {{\[\[}}0, 1, 2]] output_shape [2, 1, 1] : tensor<2xf32> into tensor<2x1x1xf32>
func.func @mean_keepdim(%x: tensor<2x3x4xf32>) -> tensor<2x1x1xf32> {
  %0 = "edge.mean"(%x) {dims = array<i64: 1, 2>, keepdim = true} : (tensor<2x3x4xf32>) -> tensor<2x1x1xf32>
  return %0 : tensor<2x1x1xf32>
}

// -----

// amax starts from -inf and keeps NaN (maximumf).
// CHECK-LABEL: func.func @amax
// CHECK: %[[NEG:.*]] = arith.constant 0xFF800000 : f32
// CHECK: linalg.fill ins(%[[NEG]] : f32)
// CHECK: arith.maximumf
func.func @amax(%x: tensor<2x3xf32>) -> tensor<3xf32> {
  %0 = "edge.amax"(%x) {dims = array<i64: 0>, keepdim = false} : (tensor<2x3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// argmax carries (value, index) through one reduction; the index is linalg.index of the dim.
// The first index wins among equal values (strictly greater: ogt), a NaN wins over any number and
// nothing replaces a NaN already taken (torch); the value starts at -inf, the index at 0.
// CHECK-LABEL: func.func @argmax
// CHECK:      %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK:      %[[V0:.*]] = linalg.fill ins(%[[NINF]] : f32)
// CHECK:      %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK:      %[[I0:.*]] = linalg.fill ins(%[[ZERO]] : i64)
// CHECK:      %[[R:.*]]:2 = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} outs(%[[V0]], %[[I0]] : tensor<2xf32>, tensor<2xi64>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[ACC:.*]]: f32, %[[ACCI:.*]]: i64):
// CHECK-NEXT:   %[[J:.*]] = linalg.index 1 : index
// CHECK-NEXT:   %[[JI:.*]] = arith.index_cast %[[J]] : index to i64
// CHECK-NEXT:   %[[GT:.*]] = arith.cmpf ogt, %[[IN]], %[[ACC]] : f32
// CHECK-NEXT:   %[[NAN:.*]] = arith.cmpf uno, %[[IN]], %[[IN]] : f32
// CHECK-NEXT:   %[[ACCNAN:.*]] = arith.cmpf uno, %[[ACC]], %[[ACC]] : f32
// CHECK-NEXT:   %[[WIN:.*]] = arith.ori %[[GT]], %[[NAN]] : i1
// CHECK-NEXT:   %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT:   %[[FREE:.*]] = arith.xori %[[ACCNAN]], %[[TRUE]] : i1
// CHECK-NEXT:   %[[BETTER:.*]] = arith.andi %[[WIN]], %[[FREE]] : i1
// CHECK-NEXT:   %[[V:.*]] = arith.select %[[BETTER]], %[[IN]], %[[ACC]] : f32
// CHECK-NEXT:   %[[I:.*]] = arith.select %[[BETTER]], %[[JI]], %[[ACCI]] : i64
// CHECK-NEXT:   linalg.yield %[[V]], %[[I]] : f32, i64
// CHECK: return %[[R]]#1
func.func @argmax(%x: tensor<2x3xf32>) -> tensor<2xi64> {
  %0 = "edge.argmax"(%x) {dim = 1 : i64, keepdim = false} : (tensor<2x3xf32>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

// var: mean, then the sum of squared differences over (N - correction).
// Here N = 5 (dim 0) and correction = 1: the divisor is max(5 - 1, 0).
// CHECK-LABEL: func.func @var
// CHECK-SAME: (%[[X:.*]]: tensor<5x3xf32>)
// CHECK:      %[[C5:.*]] = arith.constant 5 : index
// CHECK:      %[[NI:.*]] = arith.index_cast %[[C5]] : index to i64
// CHECK:      %[[N:.*]] = arith.sitofp %[[NI]] : i64 to f32
// CHECK:      %[[SUM:.*]] = linalg.generic {{.*}}iterator_types = ["reduction", "parallel"]{{.*}} ins(%[[X]] : tensor<5x3xf32>)
// CHECK:      %[[MEAN:.*]] = linalg.generic {{.*}} ins(%[[SUM]] : tensor<3xf32>)
// CHECK-NEXT: ^bb0(%[[S:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:   arith.divf %[[S]], %[[N]] : f32
// CHECK:      %[[SS:.*]] = linalg.generic {{.*}} ins(%[[X]], %[[MEAN]] : tensor<5x3xf32>, tensor<3xf32>)
// CHECK-NEXT: ^bb0(%[[V:.*]]: f32, %[[M:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:   %[[D:.*]] = arith.subf %[[V]], %[[M]] : f32
// CHECK-NEXT:   %[[SQ:.*]] = arith.mulf %[[D]], %[[D]] : f32
// CHECK-NEXT:   arith.addf %[[ACC]], %[[SQ]] : f32
// CHECK:      %[[CORR:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[NC:.*]] = arith.subf %[[N]], %[[CORR]] : f32
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[DEN:.*]] = arith.maximumf %[[NC]], %[[Z]] : f32
// CHECK:      linalg.generic {{.*}} ins(%[[SS]] : tensor<3xf32>)
// CHECK-NEXT: ^bb0(%[[Q:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:   arith.divf %[[Q]], %[[DEN]] : f32
func.func @var(%x: tensor<5x3xf32>) -> tensor<3xf32> {
  %0 = "edge.var"(%x) {correction = 1.0 : f64, dims = array<i64: 0>, keepdim = false} : (tensor<5x3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// Integer amin/amax start from the type's extreme (INT_MAX / INT_MIN), compare signed.
// CHECK-LABEL: func.func @amin_int
// CHECK:      %[[TOP:.*]] = arith.constant 2147483647 : i32
// CHECK:      %[[INIT:.*]] = linalg.fill ins(%[[TOP]] : i32)
// CHECK:      linalg.generic {{.*}} outs(%[[INIT]] : tensor<2xi32>)
// CHECK-NEXT: ^bb0(%[[A:.*]]: i32, %[[ACC:.*]]: i32):
// CHECK-NEXT:   arith.minsi %[[A]], %[[ACC]] : i32
// CHECK-LABEL: func.func @amax_int
// CHECK:      %[[BOT:.*]] = arith.constant -9223372036854775808 : i64
// CHECK:      %[[INIT:.*]] = linalg.fill ins(%[[BOT]] : i64)
// CHECK:      linalg.generic {{.*}} outs(%[[INIT]] : tensor<2xi64>)
// CHECK-NEXT: ^bb0(%[[A:.*]]: i64, %[[ACC:.*]]: i64):
// CHECK-NEXT:   arith.maxsi %[[A]], %[[ACC]] : i64
func.func @amin_int(%x: tensor<2x3xi32>) -> tensor<2xi32> {
  %0 = "edge.amin"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<2x3xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}
func.func @amax_int(%x: tensor<2x3xi64>) -> tensor<2xi64> {
  %0 = "edge.amax"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<2x3xi64>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

// Integer argmin: the first index among equal values wins (strictly less: slt), value from INT_MAX.
// CHECK-LABEL: func.func @argmin_int
// CHECK:      %[[TOP:.*]] = arith.constant 2147483647 : i32
// CHECK:      %[[V0:.*]] = linalg.fill ins(%[[TOP]] : i32)
// CHECK:      %[[R:.*]]:2 = linalg.generic {{.*}} outs(%[[V0]], %{{.*}} : tensor<2xi32>, tensor<2xi64>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: i32, %[[ACC:.*]]: i32, %[[ACCI:.*]]: i64):
// CHECK-NEXT:   %[[J:.*]] = linalg.index 1 : index
// CHECK-NEXT:   %[[JI:.*]] = arith.index_cast %[[J]] : index to i64
// CHECK-NEXT:   %[[LESS:.*]] = arith.cmpi slt, %[[IN]], %[[ACC]] : i32
// CHECK-NEXT:   %[[V:.*]] = arith.select %[[LESS]], %[[IN]], %[[ACC]] : i32
// CHECK-NEXT:   %[[I:.*]] = arith.select %[[LESS]], %[[JI]], %[[ACCI]] : i64
// CHECK-NEXT:   linalg.yield %[[V]], %[[I]] : i32, i64
// CHECK:      return %[[R]]#1
func.func @argmin_int(%x: tensor<2x3xi32>) -> tensor<2xi64> {
  %0 = "edge.argmin"(%x) {dim = 1 : i64, keepdim = false} : (tensor<2x3xi32>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}
