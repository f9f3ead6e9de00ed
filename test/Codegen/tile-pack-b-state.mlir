// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-tile{vector-bits=256 cores=2 l2-bytes=524288})' | FileCheck %s

// x @ W^T (torch's linear) with W a weight (read-only state, exir.read_only_state) and a dynamic
// row count, on two cores: W is packed into panels at any row count (no run-time choice, no
// scf.if), because the panels are computed once, in @main__init (hoist_state.py), which the
// schedule tiles like any function (the copy by 16x16 blocks, transposed in registers, across threads). @main takes the
// panels as its last argument and only multiplies.
// CHECK-LABEL: func.func @main
// CHECK-SAME:      (%[[X:.*]]: tensor<?x512xf32>, %[[W:.*]]: tensor<512x512xf32>, %[[P:.*]]: tensor<32x512x16xf32> {bufferization.writable = false})
// CHECK-NOT:     scf.if
// CHECK-NOT:     linalg.transpose
// CHECK:         scf.forall
// CHECK:           tensor.extract_slice %[[P]]
// CHECK:           vector.contract
// CHECK-LABEL: func.func @main__init
// CHECK-SAME:      (%{{.*}}: tensor<512x512xf32> {bufferization.writable = false}) -> tensor<32x512x16xf32>
// CHECK:         scf.forall
// CHECK:           vector.transfer_read {{.*}} vector<16x16xf32>
func.func @main(%x: tensor<?x512xf32>, %w: tensor<512x512xf32> {exir.read_only_state}) -> tensor<?x512xf32> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %x, %c0 : tensor<?x512xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%m) : tensor<?x512xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x512xf32>) -> tensor<?x512xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
         ins(%x, %w : tensor<?x512xf32>, tensor<512x512xf32>) outs(%f : tensor<?x512xf32>) -> tensor<?x512xf32>
  return %r : tensor<?x512xf32>
}

// -----

// The same linear in a branch (torch.cond): hoist_state moves only a function's top-level ops, so
// the copy would stay in the branch, once per call: a dynamic row count chooses at run time there,
// as for any B (packed, the copy per call, from 64 rows for x @ W^T; 128 for x @ W). Nothing is
// hoisted.
// CHECK-LABEL: func.func @in_branch
// CHECK:         scf.if
// CHECK:           %[[MANY:.*]] = arith.cmpi sge, %{{.*}}, %c64 : index
// CHECK:           scf.if %[[MANY]]
// CHECK:             tensor.expand_shape %{{.*}} {{\[}}[0, 1], [2]]
// CHECK-NOT:   func.func @in_branch__init
func.func @in_branch(%x: tensor<?x512xf32>, %w: tensor<512x512xf32> {exir.read_only_state}, %c: i1) -> tensor<?x512xf32> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %x, %c0 : tensor<?x512xf32>
  %r = scf.if %c -> tensor<?x512xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty(%m) : tensor<?x512xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x512xf32>) -> tensor<?x512xf32>
    %y = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
           ins(%x, %w : tensor<?x512xf32>, tensor<512x512xf32>) outs(%f : tensor<?x512xf32>) -> tensor<?x512xf32>
    scf.yield %y : tensor<?x512xf32>
  } else {
    scf.yield %x : tensor<?x512xf32>
  }
  return %r : tensor<?x512xf32>
}
