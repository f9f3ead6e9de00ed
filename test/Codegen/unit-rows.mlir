// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-unit-rows)' | FileCheck %s

// p·v of an attention with a dynamic query length (rows) and cache length (k): rows == 1 runs a
// clone whose row dim is folded away (as the static build of one row folds it), with the zero
// fill and the scaling epilogue in the branch too; other row counts run the op as it was. The
// one-row branch inserts its result into the tensor the other branch writes (%out): both yield one
// buffer, so a returned choice is not copied into a new one.
// CHECK-LABEL: func.func @batched_rows
// CHECK: %[[ROWS:.*]] = tensor.dim %[[P:.*]], %c1
// CHECK: %[[OUT:.*]] = tensor.empty(%[[ROWS]]) : tensor<8x?x16xf32>
// CHECK: %[[ONE:.*]] = arith.cmpi eq, %[[ROWS]], %c1
// CHECK: scf.if %[[ONE]] -> (tensor<8x?x16xf32>) {
// CHECK: linalg.fill {{.*}} -> tensor<8x1x16xf32>
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
// CHECK: } -> tensor<8x16xf32>
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
// CHECK: } -> tensor<8x16xf32>
// CHECK: %[[UNIT:.*]] = tensor.insert_slice {{.*}} : tensor<8x16xf32> into tensor<8x1x16xf32>
// CHECK: %[[INTO:.*]] = tensor.insert_slice %[[UNIT]] into %[[OUT]][0, 0, 0] [8, 1, 16] [1, 1, 1] : tensor<8x1x16xf32> into tensor<8x?x16xf32>
// CHECK: scf.yield %[[INTO]]
// CHECK: } else {
// CHECK: linalg.fill {{.*}} outs(%[[OUT]] : tensor<8x?x16xf32>) -> tensor<8x?x16xf32>
// CHECK: linalg.batch_matmul {{.*}} -> tensor<8x?x16xf32>
// CHECK: linalg.generic {{.*}} outs(%[[OUT]] : tensor<8x?x16xf32>)
// CHECK: } -> tensor<8x?x16xf32>
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @batched_rows(%p: tensor<8x?x?xf32>, %v: tensor<8x?x16xf32>) -> tensor<8x?x16xf32> {
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.000000e+00 : f32
  %half = arith.constant 5.000000e-01 : f32
  %rows = tensor.dim %p, %c1 : tensor<8x?x?xf32>
  %empty = tensor.empty(%rows) : tensor<8x?x16xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%empty : tensor<8x?x16xf32>) -> tensor<8x?x16xf32>
  %pv = linalg.batch_matmul ins(%p, %v : tensor<8x?x?xf32>, tensor<8x?x16xf32>) outs(%fill : tensor<8x?x16xf32>) -> tensor<8x?x16xf32>
  %out = tensor.empty(%rows) : tensor<8x?x16xf32>
  %scaled = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%pv : tensor<8x?x16xf32>) outs(%out : tensor<8x?x16xf32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.mulf %in, %half : f32
    linalg.yield %m : f32
  } -> tensor<8x?x16xf32>
  return %scaled : tensor<8x?x16xf32>
}

// -----

// Not a batched contraction (a linear layer's rows are usually many: it keeps one plan), and a
// batched one whose rows are static: no choice.
// CHECK-LABEL: func.func @not_chosen
// CHECK-NOT: scf.if
// CHECK: return
func.func @not_chosen(%a: tensor<?x64xf32>, %w: tensor<64x32xf32>, %p: tensor<8x4x?xf32>, %v: tensor<8x?x16xf32>) -> (tensor<?x32xf32>, tensor<8x4x16xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.000000e+00 : f32
  %rows = tensor.dim %a, %c0 : tensor<?x64xf32>
  %e = tensor.empty(%rows) : tensor<?x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x32xf32>) -> tensor<?x32xf32>
  %mm = linalg.matmul ins(%a, %w : tensor<?x64xf32>, tensor<64x32xf32>) outs(%f : tensor<?x32xf32>) -> tensor<?x32xf32>
  %e2 = tensor.empty() : tensor<8x4x16xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<8x4x16xf32>) -> tensor<8x4x16xf32>
  %bmm = linalg.batch_matmul ins(%p, %v : tensor<8x4x?xf32>, tensor<8x?x16xf32>) outs(%f2 : tensor<8x4x16xf32>) -> tensor<8x4x16xf32>
  return %mm, %bmm : tensor<?x32xf32>, tensor<8x4x16xf32>
}
