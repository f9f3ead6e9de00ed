// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-bufferize)' | FileCheck %s
// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-bufferize)' | FileCheck %s --check-prefix=NO-CAST

// The identity casts that hide loop bounds from the analysis (opaque_loop_bounds.py) are gone.
// NO-CAST-NOT: unrealized_conversion_cast

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
// scalar moves. A strided row (stride 2) stays a linalg.copy loop. A large copy with contiguous
// rows is a loop (not unrolled) of row copies, each a memref.copy of static contiguous views
// (an llvm.memcpy at to-llvm).
// CHECK:       #[[UNROLL:.*]] = #llvm.loop_unroll<disable = true>
// CHECK:       #[[NO_UNROLL:.*]] = #llvm.loop_annotation<unroll = #[[UNROLL]]>
// CHECK-LABEL: func.func @view_copies
// CHECK-SAME:    (%[[A:.*]]: memref<4x68xf32>, %[[B:.*]]: memref<4x32xf32>, %[[C:.*]]: memref<64x68xf32>, %[[D:.*]]: memref<64x32xf32>, %[[I:.*]]: index)
// CHECK:         %[[SRC:.*]] = memref.subview %[[A]][%[[I]], 1] [1, 32] [1, 1]
// CHECK:         %[[DST:.*]] = memref.subview %[[B]][%[[I]], 0] [1, 32] [1, 1]
// CHECK:         %[[V:.*]] = vector.transfer_read %[[SRC]][%[[Z:.*]], %[[Z]]], %{{.*}} {in_bounds = [true, true]} : memref<1x32xf32, strided<[68, 1], offset: ?>>, vector<1x32xf32>
// CHECK:         vector.transfer_write %[[V]], %[[DST]][%[[Z]], %[[Z]]] {in_bounds = [true, true]} : vector<1x32xf32>, memref<1x32xf32, strided<[32, 1], offset: ?>>
// CHECK:         %[[EVEN:.*]] = memref.subview %[[A]][%[[I]], 0] [1, 32] [1, 2]
// CHECK:         linalg.copy {{.*}} ins(%[[EVEN]] : memref<1x32xf32, strided<[68, 2], offset: ?>>)
// CHECK:         %[[BIG:.*]] = memref.subview %[[C]][0, 1] [64, 32] [1, 1]
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C64:.*]] = arith.constant 64 : index
// CHECK:         scf.for %[[R:.*]] = %[[C0]] to %[[C64]] step %[[C1]] {
// CHECK-NEXT:      %[[ROW:.*]] = memref.subview %[[BIG]][%[[R]], 0] [1, 32] [1, 1] : memref<64x32xf32, strided<[68, 1], offset: 1>> to memref<1x32xf32, strided<[68, 1], offset: ?>>
// CHECK-NEXT:      %[[OUT:.*]] = memref.subview %[[D]][%[[R]], 0] [1, 32] [1, 1] : memref<64x32xf32> to memref<1x32xf32, strided<[32, 1], offset: ?>>
// CHECK-NEXT:      memref.copy %[[ROW]], %[[OUT]]
// CHECK-NEXT:    } {llvm.loop_annotation = #[[NO_UNROLL]]}
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

// A concatenation's copy into a channel slice, dynamic batch: per batch index, the slice's
// 16x8x8 block is contiguous in both views: one block copy per index. A block of one contiguous
// run in both stays a memref.copy (a memcpy); a bool copy (i1: bits to memcpy) and a dynamic
// innermost dim stay linalg.copy loops. A view with dynamic leading strides (an upsampling's) gets
// block views of its own strides; a block of one element (a last dim of size 1) is an element loop.
// CHECK:       #[[UNROLL:.*]] = #llvm.loop_unroll<disable = true>
// CHECK:       #[[NO_UNROLL:.*]] = #llvm.loop_annotation<unroll = #[[UNROLL]]>
// CHECK-LABEL: func.func @block_copies
// CHECK-SAME:    (%[[A:.*]]: memref<?x16x8x8xf32>, %[[B:.*]]: memref<?x32x8x8xf32>, %[[W:.*]]: memref<16x8x8xf32>, %[[P:.*]]: memref<2x16x8x8xf32>, %[[Q:.*]]: memref<4x8xi1>, %[[R:.*]]: memref<4x?xf32>, %[[S:.*]]: memref<4x?xf32>, %[[U:.*]]: memref<?x4x8xf32, strided<[?, ?, 1], offset: ?>>, %[[V:.*]]: memref<?x4x8xf32>, %[[X:.*]]: memref<512x2xf32>, %[[Y:.*]]: memref<512x1xf32>)
// CHECK:         %[[SLICE:.*]] = memref.subview %[[B]][0, 16, 0, 0]
// CHECK:         %[[N:.*]] = memref.dim %[[A]], %{{.*}} : memref<?x16x8x8xf32>
// CHECK:         scf.for %[[IV:.*]] = %{{.*}} to %[[N]] step %{{.*}} {
// CHECK-NEXT:      %[[FROM:.*]] = memref.subview %[[A]][%[[IV]], 0, 0, 0] [1, 16, 8, 8] [1, 1, 1, 1] : memref<?x16x8x8xf32> to memref<1x16x8x8xf32, strided<[1024, 64, 8, 1], offset: ?>>
// CHECK-NEXT:      %[[TO:.*]] = memref.subview %[[SLICE]][%[[IV]], 0, 0, 0] [1, 16, 8, 8] [1, 1, 1, 1] : memref<?x16x8x8xf32, strided<[2048, 64, 8, 1], offset: 1024>> to memref<1x16x8x8xf32, strided<[2048, 64, 8, 1], offset: ?>>
// CHECK-NEXT:      memref.copy %[[FROM]], %[[TO]]
// CHECK-NEXT:    } {llvm.loop_annotation = #[[NO_UNROLL]]}
// CHECK:         %[[HALF:.*]] = memref.subview %[[P]][1, 0, 0, 0]
// CHECK-NEXT:    memref.copy %[[W]], %[[HALF]]
// CHECK:         linalg.copy {{.*}}ins(%{{.*}} : memref<4x4xi1, strided<[8, 1]>>)
// CHECK:         linalg.copy {{.*}}ins(%{{.*}} : memref<4x?xf32, strided<[?, 1]>>)
// CHECK:         scf.for %[[I0:.*]] = {{.*}} {
// CHECK-NEXT:      scf.for %[[I1:.*]] = {{.*}} {
// CHECK-NEXT:        %[[UROW:.*]] = memref.subview %[[U]][%[[I0]], %[[I1]], 0] [1, 1, 8] [1, 1, 1] : memref<?x4x8xf32, strided<[?, ?, 1], offset: ?>> to memref<1x1x8xf32, strided<[?, ?, 1], offset: ?>>
// CHECK-NEXT:        %[[VROW:.*]] = memref.subview %[[V]][%[[I0]], %[[I1]], 0] [1, 1, 8] [1, 1, 1] : memref<?x4x8xf32> to memref<1x1x8xf32, strided<[32, 8, 1], offset: ?>>
// CHECK-NEXT:        memref.copy %[[UROW]], %[[VROW]]
// CHECK:         linalg.copy {{.*}}ins(%{{.*}} : memref<512x1xf32, strided<[2, 1]>>)
// CHECK-NOT:     memref.copy
func.func @block_copies(%a: memref<?x16x8x8xf32>, %b: memref<?x32x8x8xf32>, %w: memref<16x8x8xf32>, %p: memref<2x16x8x8xf32>,
                        %q: memref<4x8xi1>, %r: memref<4x?xf32>, %s: memref<4x?xf32>,
                        %u: memref<?x4x8xf32, strided<[?, ?, 1], offset: ?>>, %v: memref<?x4x8xf32>,
                        %x: memref<512x2xf32>, %y: memref<512x1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?x16x8x8xf32>
  %slice = memref.subview %b[0, 16, 0, 0] [%n, 16, 8, 8] [1, 1, 1, 1] : memref<?x32x8x8xf32> to memref<?x16x8x8xf32, strided<[2048, 64, 8, 1], offset: 1024>>
  memref.copy %a, %slice : memref<?x16x8x8xf32> to memref<?x16x8x8xf32, strided<[2048, 64, 8, 1], offset: 1024>>
  %half = memref.subview %p[1, 0, 0, 0] [1, 16, 8, 8] [1, 1, 1, 1] : memref<2x16x8x8xf32> to memref<16x8x8xf32, strided<[64, 8, 1], offset: 1024>>
  memref.copy %w, %half : memref<16x8x8xf32> to memref<16x8x8xf32, strided<[64, 8, 1], offset: 1024>>
  %qa = memref.subview %q[0, 0] [4, 4] [1, 1] : memref<4x8xi1> to memref<4x4xi1, strided<[8, 1]>>
  %qb = memref.subview %q[0, 4] [4, 4] [1, 1] : memref<4x8xi1> to memref<4x4xi1, strided<[8, 1], offset: 4>>
  memref.copy %qa, %qb : memref<4x4xi1, strided<[8, 1]>> to memref<4x4xi1, strided<[8, 1], offset: 4>>
  %m = memref.dim %r, %c1 : memref<4x?xf32>
  %ra = memref.subview %r[0, 0] [4, %m] [1, 1] : memref<4x?xf32> to memref<4x?xf32, strided<[?, 1]>>
  memref.copy %ra, %s : memref<4x?xf32, strided<[?, 1]>> to memref<4x?xf32>
  memref.copy %u, %v : memref<?x4x8xf32, strided<[?, ?, 1], offset: ?>> to memref<?x4x8xf32>
  %xb = memref.subview %x[0, 0] [512, 1] [1, 1] : memref<512x2xf32> to memref<512x1xf32, strided<[2, 1]>>
  memref.copy %xb, %y : memref<512x1xf32, strided<[2, 1]>> to memref<512x1xf32>
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

// -----

// An scf.if whose branches yield a new buffer and a collapse_shape of one (pack_matmul's run-time
// choice between the packed product, viewed [M, N/P, P], and the plain one) yields a plain
// identity-layout buffer, not one of fully dynamic strides and offset, which every reader (an
// outlined parallel body, where no constant strides can be seen) would read with scalar loads.
// CHECK-LABEL: func.func @choice_of_new_buffers
// CHECK-NOT:     strided
// CHECK:         scf.if %{{.*}} -> (memref<?x32xf32>)
// CHECK:           memref.collapse_shape %{{.*}} {{\[}}[0], [1, 2]] : memref<?x2x16xf32> into memref<?x32xf32>
// CHECK:         } else {
// CHECK:         }
// CHECK-NOT:     strided
// CHECK:         return %{{.*}} : memref<?x32xf32>
func.func @choice_of_new_buffers(%c: i1, %m: index) -> tensor<?x32xf32> {
  %zero = arith.constant 0.0 : f32
  %r = scf.if %c -> (tensor<?x32xf32>) {
    %e = tensor.empty(%m) : tensor<?x2x16xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x2x16xf32>) -> tensor<?x2x16xf32>
    %x = tensor.collapse_shape %f [[0], [1, 2]] : tensor<?x2x16xf32> into tensor<?x32xf32>
    scf.yield %x : tensor<?x32xf32>
  } else {
    %e = tensor.empty(%m) : tensor<?x32xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x32xf32>) -> tensor<?x32xf32>
    scf.yield %f : tensor<?x32xf32>
  }
  return %r : tensor<?x32xf32>
}

// -----

// The symbolic names of a dynamic input's dims (`exir.sym_shape`) stay on the argument once it is a
// memref, and the module still verifies (exir-mlir-opt verifies the exir attributes after the pipeline).
// CHECK-LABEL: func.func @named_dynamic_dims
// CHECK-SAME:    (%{{.*}}: memref<?x4xf32> {exir.sym_shape = ["s0", "4"]})
func.func @named_dynamic_dims(%x: tensor<?x4xf32> {exir.sym_shape = ["s0", "4"]}) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4xf32>
  %empty = tensor.empty(%n) : tensor<?x4xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x4xf32>) outs(%empty : tensor<?x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.negf %in : f32
    linalg.yield %r : f32
  } -> tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}

// -----

// A dynamic dim's peeled loops (full blocks of 8 rows, then the remainder row by row) write their
// tiles in place into one buffer: the analysis pairs each insert_slice with the extract_slice of
// the same offsets without seeing through the loops' bounds (opaque_loop_bounds.py hides them
// behind identity casts during the analysis), and no cast is left afterwards.
// CHECK-LABEL: func.func @peeled_rows
// CHECK-SAME:    (%[[X:.*]]: memref<?x16xf32>) -> memref<?x16xf32>
// CHECK:         %[[N:.*]] = memref.dim %[[X]]
// CHECK:         %[[OUT:.*]] = memref.alloc(%[[N]])
// CHECK-NOT:     memref.alloc
// CHECK:         %[[MAIN:.*]] = affine.apply
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %[[MAIN]] step
// CHECK:           memref.subview %[[OUT]][%[[I]], 0] [8, 16]
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.copy
// CHECK:         scf.for %[[J:.*]] = %[[MAIN]] to %[[N]] step
// CHECK:           memref.subview %[[OUT]][%[[J]], 0] [1, 16]
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.copy
// CHECK:         return %[[OUT]]
#rows = affine_map<(d0, d1) -> (d0, d1)>
func.func @peeled_rows(%x: tensor<?x16xf32>) -> tensor<?x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %n = tensor.dim %x, %c0 : tensor<?x16xf32>
  %init = tensor.empty(%n) : tensor<?x16xf32>
  %main = affine.apply affine_map<()[s0] -> ((s0 floordiv 8) * 8)>()[%n]
  %full = scf.for %i = %c0 to %main step %c8 iter_args(%acc = %init) -> (tensor<?x16xf32>) {
    %in = tensor.extract_slice %x[%i, 0] [8, 16] [1, 1] : tensor<?x16xf32> to tensor<8x16xf32>
    %out = tensor.extract_slice %acc[%i, 0] [8, 16] [1, 1] : tensor<?x16xf32> to tensor<8x16xf32>
    %y = linalg.generic {indexing_maps = [#rows, #rows], iterator_types = ["parallel", "parallel"]}
        ins(%in : tensor<8x16xf32>) outs(%out : tensor<8x16xf32>) {
    ^bb0(%a: f32, %o: f32):
      %e = math.exp %a : f32
      linalg.yield %e : f32
    } -> tensor<8x16xf32>
    %next = tensor.insert_slice %y into %acc[%i, 0] [8, 16] [1, 1] : tensor<8x16xf32> into tensor<?x16xf32>
    scf.yield %next : tensor<?x16xf32>
  }
  %all = scf.for %j = %main to %n step %c1 iter_args(%acc = %full) -> (tensor<?x16xf32>) {
    %in = tensor.extract_slice %x[%j, 0] [1, 16] [1, 1] : tensor<?x16xf32> to tensor<1x16xf32>
    %out = tensor.extract_slice %acc[%j, 0] [1, 16] [1, 1] : tensor<?x16xf32> to tensor<1x16xf32>
    %y = linalg.generic {indexing_maps = [#rows, #rows], iterator_types = ["parallel", "parallel"]}
        ins(%in : tensor<1x16xf32>) outs(%out : tensor<1x16xf32>) {
    ^bb0(%a: f32, %o: f32):
      %e = math.exp %a : f32
      linalg.yield %e : f32
    } -> tensor<1x16xf32>
    %next = tensor.insert_slice %y into %acc[%j, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<?x16xf32>
    scf.yield %next : tensor<?x16xf32>
  }
  return %all : tensor<?x16xf32>
}
