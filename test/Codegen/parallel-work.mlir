// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-tile{vector-bits=512 cores=2})' | FileCheck %s

// An op with a dynamic size and thread tiles gets, right before its forall, a hint of its work at run
// time: the product of its loop sizes (here rows x 256), read by exir-cpu-parallelize to run a
// small one serially (parallelize.mlir). The static op below it is small enough to plan serially at
// compile time: no forall, no hint.
// CHECK-LABEL: func.func @dynamic_rows
// CHECK-SAME:    (%[[X:.*]]: tensor<?x256xf32>
// CHECK:         %[[ROWS:.*]] = tensor.dim %[[X]], %c0
// CHECK:         %[[WORK:.*]] = arith.muli %[[ROWS]], %c256
// CHECK:         call @__exir_parallel_work(%[[WORK]]) : (index) -> ()
// CHECK-NEXT:    scf.forall
// CHECK-LABEL: func.func @small_static
// CHECK-NOT:     __exir_parallel_work
// CHECK-NOT:     scf.forall
// CHECK:         return
func.func @dynamic_rows(%x: tensor<?x256xf32>) -> tensor<?x256xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x256xf32>
  %e = tensor.empty(%n) : tensor<?x256xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x256xf32>) outs(%e : tensor<?x256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %y = arith.mulf %in, %in : f32
    linalg.yield %y : f32
  } -> tensor<?x256xf32>
  return %r : tensor<?x256xf32>
}
func.func @small_static(%x: tensor<8x256xf32>) -> tensor<8x256xf32> {
  %e = tensor.empty() : tensor<8x256xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x256xf32>) outs(%e : tensor<8x256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %y = arith.mulf %in, %in : f32
    linalg.yield %y : f32
  } -> tensor<8x256xf32>
  return %r : tensor<8x256xf32>
}
