// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-unmask-stack-vectors)' | FileCheck %s

// A split reduction's remainder step on its stack buffer of partial maxima (a row length known
// only at run time): the masked read and write of the buffer's prefix become a read of the whole
// vector, a select of the new lanes and a write of the whole vector (no masked store for the
// combine's loads to wait on; every access at a constant place, full width: LLVM keeps the buffer
// in registers). The row's own read stays masked.
// CHECK-LABEL: func.func @partial_max_remainder
// CHECK-SAME:    (%[[ROW:.*]]: memref<1x?xf32{{.*}}>, %[[N:.*]]: index)
// CHECK:         %[[BUF:.*]] = memref.alloca() {alignment = 64 : i64} : memref<1x64xf32>
// CHECK:         %[[MASK:.*]] = vector.create_mask %{{.*}}, %[[N]] : vector<1x64xi1>
// CHECK:         %[[X:.*]] = vector.transfer_read %[[ROW]][%{{.*}}, %{{.*}}], %{{.*}}, %[[MASK]]
// CHECK:         %[[OLD:.*]] = vector.transfer_read %[[BUF]][%{{.*}}, %{{.*}}], %{{.*}} {in_bounds = [true, true]} : memref<1x64xf32>, vector<1x64xf32>
// CHECK:         %[[MAX:.*]] = arith.maximumf %[[X]], %[[OLD]] : vector<1x64xf32>
// CHECK:         %[[THERE:.*]] = vector.transfer_read %[[BUF]]{{.*}} : memref<1x64xf32>, vector<1x64xf32>
// CHECK:         %[[NEW:.*]] = arith.select %[[MASK]], %[[MAX]], %[[THERE]] : vector<1x64xi1>, vector<1x64xf32>
// CHECK:         vector.transfer_write %[[NEW]], %[[BUF]][%{{.*}}, %{{.*}}] {in_bounds = [true, true]} : vector<1x64xf32>, memref<1x64xf32>
// CHECK-NOT:     vector.transfer_write {{.*}}, %[[MASK]]
func.func @partial_max_remainder(%row: memref<1x?xf32, strided<[?, 1], offset: ?>>, %n: index) -> vector<1x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %poison = ub.poison : f32
  %buf = memref.alloca() {alignment = 64 : i64} : memref<1x64xf32>
  %prefix = memref.subview %buf[0, 0] [1, %n] [1, 1] : memref<1x64xf32> to memref<1x?xf32, strided<[64, 1]>>
  %mask = vector.create_mask %c1, %n : vector<1x64xi1>
  %x = vector.transfer_read %row[%c0, %c0], %poison, %mask {in_bounds = [true, true]} : memref<1x?xf32, strided<[?, 1], offset: ?>>, vector<1x64xf32>
  %old = vector.transfer_read %prefix[%c0, %c0], %poison, %mask {in_bounds = [true, true]} : memref<1x?xf32, strided<[64, 1]>>, vector<1x64xf32>
  %max = arith.maximumf %x, %old : vector<1x64xf32>
  vector.transfer_write %max, %prefix[%c0, %c0], %mask {in_bounds = [true, true]} : vector<1x64xf32>, memref<1x?xf32, strided<[64, 1]>>
  %all = vector.transfer_read %buf[%c0, %c0], %poison {in_bounds = [true, true]} : memref<1x64xf32>, vector<1x64xf32>
  return %all : vector<1x64xf32>
}

// -----

// A masked read with a padding value other than poison: the lanes the mask leaves out still read
// the padding (a select of it), and a view at a constant offset reads its place in the buffer.
// CHECK-LABEL: func.func @padded_read_at_offset
// CHECK:         %[[PAD:.*]] = arith.constant 1.000000e+00 : f32
// CHECK:         %[[BUF:.*]] = memref.alloca() : memref<2x32xf32>
// CHECK:         %[[MASK:.*]] = vector.create_mask
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C16:.*]] = arith.constant 16 : index
// CHECK:         %[[WHOLE:.*]] = vector.transfer_read %[[BUF]][%[[C1]], %[[C16]]], %[[PAD]] {in_bounds = [true]} : memref<2x32xf32>, vector<16xf32>
// CHECK:         %[[PADS:.*]] = vector.broadcast %[[PAD]] : f32 to vector<16xf32>
// CHECK:         arith.select %[[MASK]], %[[WHOLE]], %[[PADS]] : vector<16xi1>, vector<16xf32>
func.func @padded_read_at_offset(%n: index) -> vector<16xf32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %buf = memref.alloca() : memref<2x32xf32>
  %view = memref.subview %buf[1, 16] [1, %n] [1, 1] : memref<2x32xf32> to memref<1x?xf32, strided<[32, 1], offset: 48>>
  %mask = vector.create_mask %n : vector<16xi1>
  %v = vector.transfer_read %view[%c0, %c0], %one, %mask {in_bounds = [true]} : memref<1x?xf32, strided<[32, 1], offset: 48>>, vector<16xf32>
  return %v : vector<16xf32>
}

// -----

// Left masked: a heap buffer (not this thread's own stack slot), a view at an offset known only at
// run time, and a vector that would reach past the buffer's end.
// CHECK-LABEL: func.func @left_masked
// CHECK-COUNT-3: vector.transfer_write %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} {in_bounds = [true, true]}
// CHECK-NOT:     arith.select
func.func @left_masked(%v: vector<1x16xf32>, %n: index, %at: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %mask = vector.create_mask %c1, %n : vector<1x16xi1>
  %heap = memref.alloc() : memref<1x16xf32>
  %h = memref.subview %heap[0, 0] [1, %n] [1, 1] : memref<1x16xf32> to memref<1x?xf32, strided<[16, 1]>>
  vector.transfer_write %v, %h[%c0, %c0], %mask {in_bounds = [true, true]} : vector<1x16xf32>, memref<1x?xf32, strided<[16, 1]>>
  %stack = memref.alloca() : memref<1x24xf32>
  %moving = memref.subview %stack[0, %at] [1, %n] [1, 1] : memref<1x24xf32> to memref<1x?xf32, strided<[24, 1], offset: ?>>
  vector.transfer_write %v, %moving[%c0, %c0], %mask {in_bounds = [true, true]} : vector<1x16xf32>, memref<1x?xf32, strided<[24, 1], offset: ?>>
  %tail = memref.subview %stack[0, 12] [1, %n] [1, 1] : memref<1x24xf32> to memref<1x?xf32, strided<[24, 1], offset: 12>>
  vector.transfer_write %v, %tail[%c0, %c0], %mask {in_bounds = [true, true]} : vector<1x16xf32>, memref<1x?xf32, strided<[24, 1], offset: 12>>
  memref.dealloc %heap : memref<1x16xf32>
  return
}
