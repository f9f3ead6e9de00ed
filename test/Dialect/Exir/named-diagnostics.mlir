// RUN: not exir-mlir-opt %s --split-input-file 2>&1 | FileCheck %s
// IRDL's errors do not name the operand or attribute; exir-mlir-opt adds notes that do.

// CHECK: error: expected base type 'builtin.tensor' but got 'exir.symint'
// CHECK: note: 'exir.add_tensor' op operand 'other' must be AnyRankedTensor, got !exir.symint
func.func @operand(%a: tensor<2xf32>, %s: !exir.symint) {
  %0 = "exir.add_tensor"(%a, %s) {alpha = 1 : i64} : (tensor<2xf32>, !exir.symint) -> tensor<2xf32>
  return
}

// -----

// CHECK: error: expected base attribute 'builtin.integer' but got 'builtin.float'
// CHECK: note: 'exir.priv_softmax' op attribute 'dim' must be a 64-bit integer attribute (e.g. `1 : i64`), got `1.000000e+00 : f64`
func.func @attribute(%a: tensor<2x3xf32>) {
  %0 = "exir.priv_softmax"(%a) {dim = 1.0 : f64, half_to_float = false} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// CHECK: error: '1 : i64' does not satisfy the constraint
// CHECK: note: 'exir.amax' op attribute 'keepdim' must be a bool attribute (`true`/`false`), got `1 : i64`
func.func @bool_attribute(%a: tensor<2x3xf32>) {
  %0 = "exir.amax"(%a) {dim = array<i64: 1>, keepdim = 1 : i64} : (tensor<2x3xf32>) -> tensor<2xf32>
  return
}
