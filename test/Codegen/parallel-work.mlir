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

// -----

// A dynamic size counts as large whatever the static ones are: a 1-D elementwise op of a dynamic
// length (and a dynamic batch of 4-element rows, 4 x 1024 < 32768 when the batch counted as 1024)
// gets thread tiles and the hint of its work, and its loop chooses at run time. (Counted as 1024,
// 1M elements of such an op ran on one thread at any thread count.)
// CHECK-LABEL: func.func @dynamic_length
// CHECK-SAME:    (%[[X:.*]]: tensor<?xf32>
// CHECK:         %[[N:.*]] = tensor.dim %[[X]], %c0
// CHECK:         call @__exir_parallel_work(%[[N]]) : (index) -> ()
// CHECK:         scf.forall
// CHECK-LABEL: func.func @dynamic_batch_small_rows
// CHECK:         call @__exir_parallel_work
// CHECK:         scf.forall
func.func @dynamic_length(%x: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%x : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %y = math.tanh %in : f32
    linalg.yield %y : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @dynamic_batch_small_rows(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4xf32>
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x4xf32>) outs(%e : tensor<?x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %y = arith.mulf %in, %in : f32
    linalg.yield %y : f32
  } -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}
