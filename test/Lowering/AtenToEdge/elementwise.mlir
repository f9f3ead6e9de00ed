// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(aten-to-edge)' | FileCheck %s

// Same dtypes: a plain edge op, no casts.
// CHECK-LABEL: func.func @add_same_dtype
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<3xf32>)
// CHECK-NOT: edge.cast
// CHECK: %[[R:.*]] = "edge.add"(%[[A]], %[[B]]) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: return %[[R]]
func.func @add_same_dtype(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = "exir.add_tensor"(%a, %b) {alpha = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// int + float tensors: the int operand is cast to the promoted float dtype.
// CHECK-LABEL: func.func @add_int_float
// CHECK-SAME: (%[[A:.*]]: tensor<4xi32>, %[[B:.*]]: tensor<4xf32>)
// CHECK: %[[C:.*]] = "edge.cast"(%[[A]]) : (tensor<4xi32>) -> tensor<4xf32>
// CHECK: "edge.add"(%[[C]], %[[B]]) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
func.func @add_int_float(%a: tensor<4xi32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "exir.add_tensor"(%a, %b) {alpha = 1 : i64} : (tensor<4xi32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A Python scalar becomes a typed 0-d constant of the compute dtype; alpha is an explicit mul.
// CHECK-LABEL: func.func @add_scalar_alpha
// CHECK-SAME: (%[[A:.*]]: tensor<4xi64>)
// CHECK-DAG: %[[TWO:.*]] = arith.constant dense<2> : tensor<i64>
// CHECK-DAG: %[[THREE:.*]] = arith.constant dense<3> : tensor<i64>
// CHECK: %[[SCALED:.*]] = "edge.mul"(%[[TWO]], %[[THREE]]) : (tensor<i64>, tensor<i64>) -> tensor<i64>
// CHECK: "edge.add"(%[[A]], %[[SCALED]]) : (tensor<4xi64>, tensor<i64>) -> tensor<4xi64>
func.func @add_scalar_alpha(%a: tensor<4xi64>) -> tensor<4xi64> {
  %0 = "exir.add_scalar"(%a) {other = 2 : i64, alpha = 3 : i64} : (tensor<4xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// int tensor + float scalar promotes to the default float dtype (f32), not f64.
// CHECK-LABEL: func.func @int_tensor_float_scalar
// CHECK-DAG: %[[S:.*]] = arith.constant dense<5.000000e-01> : tensor<f32>
// CHECK-DAG: %[[C:.*]] = "edge.cast"(%{{.*}}) : (tensor<4xi64>) -> tensor<4xf32>
// CHECK: "edge.mul"(%[[C]], %[[S]]) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
func.func @int_tensor_float_scalar(%a: tensor<4xi64>) -> tensor<4xf32> {
  %0 = "exir.mul_scalar"(%a) {other = 5.0e-01 : f64} : (tensor<4xi64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A 0-d tensor of a higher dtype in the same category does not promote a dim tensor (f16 stays f16).
// CHECK-LABEL: func.func @zero_dim_same_category
// CHECK-SAME: (%[[A:.*]]: tensor<4xf16>, %[[B:.*]]: tensor<f32>)
// CHECK: %[[C:.*]] = "edge.cast"(%[[B]]) : (tensor<f32>) -> tensor<f16>
// CHECK: "edge.mul"(%[[A]], %[[C]]) : (tensor<4xf16>, tensor<f16>) -> tensor<4xf16>
func.func @zero_dim_same_category(%a: tensor<4xf16>, %b: tensor<f32>) -> tensor<4xf16> {
  %0 = "exir.mul_tensor"(%a, %b) : (tensor<4xf16>, tensor<f32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// A 0-d float tensor does promote an int dim tensor (higher category).
// CHECK-LABEL: func.func @zero_dim_higher_category
// CHECK: "edge.cast"(%{{.*}}) : (tensor<4xi32>) -> tensor<4xf64>
// CHECK: "edge.sub"(%{{.*}}, %{{.*}}) : (tensor<4xf64>, tensor<f64>) -> tensor<4xf64>
func.func @zero_dim_higher_category(%a: tensor<4xi32>, %b: tensor<f64>) -> tensor<4xf64> {
  %0 = "exir.sub_tensor"(%a, %b) {alpha = 1 : i64} : (tensor<4xi32>, tensor<f64>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// A wrapped Python float (exir.wrapped_number) counts as a scalar: f16 * 2.0 stays f16.
// CHECK-LABEL: func.func @wrapped_number
// CHECK-SAME: (%[[A:.*]]: tensor<4xf16>)
// CHECK: %[[S:.*]] = arith.constant dense<2.000000e+00> : tensor<f16>
// CHECK: "edge.mul"(%[[A]], %[[S]]) : (tensor<4xf16>, tensor<f16>) -> tensor<4xf16>
func.func @wrapped_number(%a: tensor<4xf16>) -> tensor<4xf16> {
  %w = "exir.literal"() {exir.wrapped_number, value = dense<2.000000e+00> : tensor<f64>} : () -> tensor<f64>
  %0 = "exir.mul_tensor"(%a, %w) : (tensor<4xf16>, tensor<f64>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// True division of ints computes in f32.
// CHECK-LABEL: func.func @true_div_ints
// CHECK-SAME: (%[[A:.*]]: tensor<4xi64>, %[[B:.*]]: tensor<4xi64>)
// CHECK-DAG: %[[CA:.*]] = "edge.cast"(%[[A]]) : (tensor<4xi64>) -> tensor<4xf32>
// CHECK-DAG: %[[CB:.*]] = "edge.cast"(%[[B]]) : (tensor<4xi64>) -> tensor<4xf32>
// CHECK: "edge.div"(%[[CA]], %[[CB]]) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
func.func @true_div_ints(%a: tensor<4xi64>, %b: tensor<4xi64>) -> tensor<4xf32> {
  %0 = "exir.div_tensor"(%a, %b) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Floor division keeps integers.
// CHECK-LABEL: func.func @floor_div_ints
// CHECK: "edge.floor_divide"(%{{.*}}, %{{.*}}) : (tensor<4xi64>, tensor<i64>) -> tensor<4xi64>
func.func @floor_div_ints(%a: tensor<4xi64>) -> tensor<4xi64> {
  %0 = "exir.div_scalar_mode"(%a) {other = 3 : i64, rounding_mode = "floor"} : (tensor<4xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// Comparisons compute in the promoted dtype and produce i1.
// CHECK-LABEL: func.func @compare_int_float_scalar
// CHECK-DAG: %[[S:.*]] = arith.constant dense<2.500000e+00> : tensor<f32>
// CHECK-DAG: %[[C:.*]] = "edge.cast"(%{{.*}}) : (tensor<4xi32>) -> tensor<4xf32>
// CHECK: "edge.gt"(%[[C]], %[[S]]) : (tensor<4xf32>, tensor<f32>) -> tensor<4xi1>
func.func @compare_int_float_scalar(%a: tensor<4xi32>) -> tensor<4xi1> {
  %0 = "exir.gt_scalar"(%a) {other = 2.5 : f64} : (tensor<4xi32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// bool + bool stays bool; bool + int scalar promotes to i64.
// CHECK-LABEL: func.func @bool_arithmetic
// CHECK-SAME: (%[[A:.*]]: tensor<4xi1>, %[[B:.*]]: tensor<4xi1>)
// CHECK: "edge.add"(%[[A]], %[[B]]) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
// CHECK: %[[CA:.*]] = "edge.cast"(%[[A]]) : (tensor<4xi1>) -> tensor<4xi64>
// CHECK: "edge.add"(%[[CA]], %{{.*}}) : (tensor<4xi64>, tensor<i64>) -> tensor<4xi64>
func.func @bool_arithmetic(%a: tensor<4xi1>, %b: tensor<4xi1>) -> (tensor<4xi1>, tensor<4xi64>) {
  %0 = "exir.add_tensor"(%a, %b) {alpha = 1 : i64} : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %1 = "exir.add_scalar"(%a) {other = 1 : i64, alpha = 1 : i64} : (tensor<4xi1>) -> tensor<4xi64>
  return %0, %1 : tensor<4xi1>, tensor<4xi64>
}

// -----

// Float math of an integer tensor computes in f32; rounding an integer is the identity.
// CHECK-LABEL: func.func @unary_int
// CHECK-SAME: (%[[A:.*]]: tensor<4xi64>)
// CHECK: %[[C:.*]] = "edge.cast"(%[[A]]) : (tensor<4xi64>) -> tensor<4xf32>
// CHECK: %[[E:.*]] = "edge.exp"(%[[C]])
// CHECK-NOT: edge.floor
// CHECK: return %[[E]], %[[A]]
func.func @unary_int(%a: tensor<4xi64>) -> (tensor<4xf32>, tensor<4xi64>) {
  %0 = "exir.exp"(%a) : (tensor<4xi64>) -> tensor<4xf32>
  %1 = "exir.floor"(%a) : (tensor<4xi64>) -> tensor<4xi64>
  return %0, %1 : tensor<4xf32>, tensor<4xi64>
}

// -----

// Logical ops take i1: numbers are tested against zero first.
// CHECK-LABEL: func.func @logical_and_numbers
// CHECK: %[[CA:.*]] = "edge.cast"(%{{.*}}) : (tensor<4xf32>) -> tensor<4xi1>
// CHECK: "edge.logical_and"(%[[CA]], %{{.*}}) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
func.func @logical_and_numbers(%a: tensor<4xf32>, %b: tensor<4xi1>) -> tensor<4xi1> {
  %0 = "exir.logical_and"(%a, %b) : (tensor<4xf32>, tensor<4xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// where: condition i1, branches in the result dtype (a wrapped int becomes a typed float scalar).
// CHECK-LABEL: func.func @where_promotes
// CHECK-SAME: (%[[C:.*]]: tensor<4xi1>, %[[A:.*]]: tensor<4xf32>)
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<f32>
// CHECK: "edge.where"(%[[C]], %[[A]], %[[Z]]) : (tensor<4xi1>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
func.func @where_promotes(%c: tensor<4xi1>, %a: tensor<4xf32>) -> tensor<4xf32> {
  %z = "exir.literal"() {exir.wrapped_number, value = dense<0> : tensor<i64>} : () -> tensor<i64>
  %0 = "exir.where_self"(%c, %a, %z) : (tensor<4xi1>, tensor<4xf32>, tensor<i64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// clamp with one bound and hardtanh with two: edge.clamp with typed 0-d bounds.
// CHECK-LABEL: func.func @clamps
// CHECK: "edge.clamp"(%{{.*}}, %{{.*}}) {operandSegmentSizes = array<i32: 1, 1, 0>}
// CHECK: "edge.clamp"(%{{.*}}, %{{.*}}, %{{.*}}) {operandSegmentSizes = array<i32: 1, 1, 1>}
func.func @clamps(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = "exir.clamp"(%a) {min = 0.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "exir.hardtanh"(%a) {min_val = -1.0 : f64, max_val = 1.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// hardtanh of an integer tensor: eager converts the float bounds to the tensor's dtype, toward zero
// (-1.5 -> -1, 2.7 -> 2).
// CHECK-LABEL: func.func @hardtanh_int
// CHECK-SAME: (%[[X:.*]]: tensor<?xi64>)
// CHECK-DAG: %[[LO:.*]] = arith.constant dense<-1> : tensor<i64>
// CHECK-DAG: %[[HI:.*]] = arith.constant dense<2> : tensor<i64>
// CHECK: "edge.clamp"(%[[X]], %[[LO]], %[[HI]]) {operandSegmentSizes = array<i32: 1, 1, 1>}
func.func @hardtanh_int(%a: tensor<?xi64>) -> tensor<?xi64> {
  %0 = "exir.hardtanh"(%a) {min_val = -1.5 : f64, max_val = 2.7 : f64} : (tensor<?xi64>) -> tensor<?xi64>
  return %0 : tensor<?xi64>
}

// -----

// leaky_relu decomposes into compare, mul and where.
// CHECK-LABEL: func.func @leaky_relu
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK: %[[P:.*]] = "edge.gt"(%[[X]], %{{.*}})
// CHECK: %[[M:.*]] = "edge.mul"(%[[X]], %{{.*}})
// CHECK: "edge.where"(%[[P]], %[[X]], %[[M]])
func.func @leaky_relu(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "exir.leaky_relu"(%x) {negative_slope = 0.2 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @gelu_tanh
// CHECK: "edge.gelu"(%{{.*}}) {approximate = "tanh"}
func.func @gelu_tanh(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "exir.gelu"(%x) {approximate = "tanh"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// isnan of an integer tensor is all false; with a dynamic dim the fill takes it from tensor.dim.
// CHECK-LABEL: func.func @isnan_int_dynamic
// CHECK-SAME:  (%[[X:.*]]: tensor<?x3xi64>)
// CHECK-DAG:   %[[F:.*]] = arith.constant dense<false> : tensor<i1>
// CHECK-DAG:   %[[D0:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x3xi64>
// CHECK:       %[[R:.*]] = "edge.expand"(%[[F]], %[[D0]]) : (tensor<i1>, index) -> tensor<?x3xi1>
// CHECK:       return %[[R]]
func.func @isnan_int_dynamic(%x: tensor<?x3xi64>) -> tensor<?x3xi1> {
  %0 = "exir.isnan"(%x) : (tensor<?x3xi64>) -> tensor<?x3xi1>
  return %0 : tensor<?x3xi1>
}
