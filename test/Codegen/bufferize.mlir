// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-bufferize)' | FileCheck %s

// One-shot bufferization writes the generic's result straight into the returned buffer; the
// function takes and returns plain (identity-layout) memrefs.
// CHECK-LABEL: func.func @in_place
// CHECK-SAME:    (%[[X:.*]]: memref<64xf32>) -> memref<64xf32>
// CHECK:         %[[OUT:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
// CHECK-NOT:     memref.alloc
// CHECK:         linalg.generic {{.*}} ins(%[[X]] : memref<64xf32>) outs(%[[OUT]] : memref<64xf32>)
// CHECK-NOT:     memref.copy
// CHECK:         return %[[OUT]]
func.func @in_place(%x: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = math.exp %a : f32
    linalg.yield %y : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// -----

// A temporary that dies inside the function is freed; a small one goes on the stack.
// CHECK-LABEL: func.func @temporaries
// CHECK:         %[[BIG:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4096xf32>
// CHECK:         %[[SMALL:.*]] = memref.alloca() {alignment = 64 : i64} : memref<16xf32>
// CHECK:         memref.dealloc %[[BIG]]
// CHECK-NOT:     memref.dealloc %[[SMALL]]
func.func @temporaries(%x: tensor<4096xf32>, %y: tensor<16xf32>) -> (tensor<4096xf32>, tensor<16xf32>) {
  %e = tensor.empty() : tensor<4096xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = math.exp %a : f32
    linalg.yield %v : f32
  } -> tensor<4096xf32>
  %e2 = tensor.empty() : tensor<4096xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t : tensor<4096xf32>) outs(%e2 : tensor<4096xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = math.log %a : f32
    linalg.yield %v : f32
  } -> tensor<4096xf32>
  %es = tensor.empty() : tensor<16xf32>
  %ts = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%y : tensor<16xf32>) outs(%es : tensor<16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = math.exp %a : f32
    linalg.yield %v : f32
  } -> tensor<16xf32>
  %es2 = tensor.empty() : tensor<16xf32>
  %rs = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%ts : tensor<16xf32>) outs(%es2 : tensor<16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = math.log %a : f32
    linalg.yield %v : f32
  } -> tensor<16xf32>
  return %r, %rs : tensor<4096xf32>, tensor<16xf32>
}

// -----

// A copy between non-contiguous views: a small one whose rows are contiguous in both (im2col's
// column rows) is one vector read and write of the whole view; as a loop LLVM unrolled it into
// scalar moves. A strided row (stride 2) and a large copy stay linalg.copy loops.
// CHECK-LABEL: func.func @view_copies
// CHECK-SAME:    (%[[A:.*]]: memref<4x68xf32>, %[[B:.*]]: memref<4x32xf32>, %[[C:.*]]: memref<64x68xf32>, %[[D:.*]]: memref<64x32xf32>, %[[I:.*]]: index)
// CHECK:         %[[SRC:.*]] = memref.subview %[[A]][%[[I]], 1] [1, 32] [1, 1]
// CHECK:         %[[DST:.*]] = memref.subview %[[B]][%[[I]], 0] [1, 32] [1, 1]
// CHECK:         %[[V:.*]] = vector.transfer_read %[[SRC]][%[[Z:.*]], %[[Z]]], %{{.*}} {in_bounds = [true, true]} : memref<1x32xf32, strided<[68, 1], offset: ?>>, vector<1x32xf32>
// CHECK:         vector.transfer_write %[[V]], %[[DST]][%[[Z]], %[[Z]]] {in_bounds = [true, true]} : vector<1x32xf32>, memref<1x32xf32, strided<[32, 1], offset: ?>>
// CHECK:         %[[EVEN:.*]] = memref.subview %[[A]][%[[I]], 0] [1, 32] [1, 2]
// CHECK:         linalg.copy {{.*}} ins(%[[EVEN]] : memref<1x32xf32, strided<[68, 2], offset: ?>>)
// CHECK:         %[[BIG:.*]] = memref.subview %[[C]][0, 1] [64, 32] [1, 1]
// CHECK:         linalg.copy {{.*}} ins(%[[BIG]] : memref<64x32xf32, strided<[68, 1], offset: 1>>) outs(%[[D]] : memref<64x32xf32>)
// CHECK-NOT:     memref.copy
func.func @view_copies(%a: memref<4x68xf32>, %b: memref<4x32xf32>, %c: memref<64x68xf32>, %d: memref<64x32xf32>, %i: index) {
  %s = memref.subview %a[%i, 1] [1, 32] [1, 1] : memref<4x68xf32> to memref<1x32xf32, strided<[68, 1], offset: ?>>
  %t = memref.subview %b[%i, 0] [1, 32] [1, 1] : memref<4x32xf32> to memref<1x32xf32, strided<[32, 1], offset: ?>>
  memref.copy %s, %t : memref<1x32xf32, strided<[68, 1], offset: ?>> to memref<1x32xf32, strided<[32, 1], offset: ?>>
  %e = memref.subview %a[%i, 0] [1, 32] [1, 2] : memref<4x68xf32> to memref<1x32xf32, strided<[68, 2], offset: ?>>
  memref.copy %e, %t : memref<1x32xf32, strided<[68, 2], offset: ?>> to memref<1x32xf32, strided<[32, 1], offset: ?>>
  %big = memref.subview %c[0, 1] [64, 32] [1, 1] : memref<64x68xf32> to memref<64x32xf32, strided<[68, 1], offset: 1>>
  memref.copy %big, %d : memref<64x32xf32, strided<[68, 1], offset: 1>> to memref<64x32xf32>
  return
}

// -----

// Buffer mutations listed in `exir.state_in_place` (result, argument pairs: codegen's
// state_in_place.py) are written into the buffer's argument and the argument itself is
// returned: no allocation for them, no copy of the argument for the caller. The new values
// are computed into stack temporaries (small) and copied into the buffers at the end.
// CHECK-LABEL: func.func @state_in_place
// CHECK-SAME:    (%[[X:.*]]: memref<4x8xf32>, %[[MEAN:.*]]: memref<8xf32>, %[[COUNT:.*]]: memref<i64>)
// CHECK-NOT:     exir.state_in_place
// CHECK:         %[[NEWC:.*]] = memref.alloca() {{.*}} : memref<i64>
// CHECK:         %[[NEW:.*]] = memref.alloca() {{.*}} : memref<8xf32>
// CHECK:         %[[OUT:.*]] = memref.alloc() {{.*}} : memref<4x8xf32>
// CHECK-NOT:     memref.alloc
// CHECK:         memref.copy %[[NEWC]], %[[COUNT]]
// CHECK:         memref.copy %[[NEW]], %[[MEAN]]
// CHECK-NOT:     memref.alloc
// CHECK:         return %[[COUNT]], %[[MEAN]], %[[OUT]] : memref<i64>, memref<8xf32>, memref<4x8xf32>
func.func @state_in_place(%x: tensor<4x8xf32> {bufferization.writable = false}, %rm: tensor<8xf32> {bufferization.writable = false}, %c: tensor<i64> {bufferization.writable = false}) -> (tensor<i64>, tensor<8xf32>, tensor<4x8xf32>) attributes {exir.state_in_place = array<i64: 0, 2, 1, 1>} {
  %one = arith.constant 1 : i64
  %e0 = tensor.empty() : tensor<i64>
  %c1 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%c : tensor<i64>) outs(%e0 : tensor<i64>) {
  ^bb0(%a: i64, %o: i64):
    %s = arith.addi %a, %one : i64
    linalg.yield %s : i64
  } -> tensor<i64>
  %e1 = tensor.empty() : tensor<8xf32>
  %rm1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%rm : tensor<8xf32>) outs(%e1 : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.mulf %a, %a : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %e2 = tensor.empty() : tensor<4x8xf32>
  %out = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %rm1, %rm : tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) outs(%e2 : tensor<4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %d: f32, %o: f32):
    %s = arith.subf %a, %b : f32
    %t = arith.addf %s, %d : f32
    linalg.yield %t : f32
  } -> tensor<4x8xf32>
  return %c1, %rm1, %out : tensor<i64>, tensor<8xf32>, tensor<4x8xf32>
}

// -----

// Two buffers swapped: writing either in place would clobber what the other's new value reads,
// so neither is (each result is a fresh buffer, as without the attribute).
// CHECK-LABEL: func.func @swapped_state
// CHECK-SAME:    (%[[A:.*]]: memref<4xf32>, %[[B:.*]]: memref<4xf32>)
// CHECK-NOT:     memref.copy {{.*}}, %[[A]]
// CHECK-NOT:     memref.copy {{.*}}, %[[B]]
// CHECK:         return %{{.*}}, %{{.*}} : memref<4xf32>, memref<4xf32>
func.func @swapped_state(%a: tensor<4xf32> {bufferization.writable = false}, %b: tensor<4xf32> {bufferization.writable = false}) -> (tensor<4xf32>, tensor<4xf32>) attributes {exir.state_in_place = array<i64: 0, 0, 1, 1>} {
  return %b, %a : tensor<4xf32>, tensor<4xf32>
}
