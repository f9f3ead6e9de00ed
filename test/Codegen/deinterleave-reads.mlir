// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-deinterleave-reads)' | FileCheck %s

// A window tap of a stride-2 pool: 8 lanes 2 elements apart are one contiguous load of 15
// elements from the first lane's address (offset + sum(index * stride)) and a shuffle of the even lanes.
// CHECK-LABEL: func.func @stride_two
// CHECK-SAME:    (%[[SRC:.*]]: memref<4x8xf32, strided<[20, 2], offset: 1>>, %[[I:.*]]: index)
// CHECK:         %[[BASE:.*]], %[[OFF:.*]], %[[SIZES:.*]]:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %[[SRC]]
// CHECK:         %[[ROW:.*]] = arith.muli %[[I]], %[[STRIDES]]#0
// CHECK:         %[[PART:.*]] = arith.addi %[[OFF]], %[[ROW]]
// CHECK:         %[[COL:.*]] = arith.muli %{{.*}}, %[[STRIDES]]#1
// CHECK:         %[[FIRST:.*]] = arith.addi %[[PART]], %[[COL]]
// CHECK:         %[[SPAN:.*]] = memref.reinterpret_cast %[[BASE]] to offset: [%[[FIRST]]], sizes: [15], strides: [1]
// CHECK:         %[[WIDE:.*]] = vector.load %[[SPAN]][%{{.*}}] : memref<15xf32, strided<[1], offset: ?>>, vector<15xf32>
// CHECK:         %[[EVEN:.*]] = vector.shuffle %[[WIDE]], %[[WIDE]] [0, 2, 4, 6, 8, 10, 12, 14] : vector<15xf32>, vector<15xf32>
// CHECK-NOT:     vector.transfer_read
// CHECK:         return %[[EVEN]]
func.func @stride_two(%src: memref<4x8xf32, strided<[20, 2], offset: 1>>, %i: index) -> vector<8xf32> {
  %c0 = arith.constant 0 : index
  %pad = ub.poison : f32
  %v = vector.transfer_read %src[%i, %c0], %pad {in_bounds = [true]} : memref<4x8xf32, strided<[20, 2], offset: 1>>, vector<8xf32>
  return %v : vector<8xf32>
}

// -----

// The leftover of a row (a constant mask of its first 3 lanes, stride 3): 7 elements loaded, lanes
// 0, 3, 6 kept, the padding selected into the masked-off lanes.
// CHECK-LABEL: func.func @masked_stride_three
// CHECK-SAME:    (%{{.*}}: memref<3xi8, strided<[3], offset: ?>>, %[[PAD:.*]]: i8)
// CHECK:         %[[MASK:.*]] = arith.constant dense<[true, true, true, false, false, false, false, false]>
// CHECK:         memref.reinterpret_cast %{{.*}} to offset: [%{{.*}}], sizes: [7], strides: [1]
// CHECK:         %[[WIDE:.*]] = vector.load %{{.*}} : memref<7xi8, strided<[1], offset: ?>>, vector<7xi8>
// CHECK:         %[[KEPT:.*]] = vector.shuffle %[[WIDE]], %[[WIDE]] [0, 3, 6, 0, 0, 0, 0, 0]
// CHECK:         %[[SPLAT:.*]] = vector.broadcast %[[PAD]] : i8 to vector<8xi8>
// CHECK:         %[[R:.*]] = arith.select %[[MASK]], %[[KEPT]], %[[SPLAT]]
// CHECK:         return %[[R]]
func.func @masked_stride_three(%src: memref<3xi8, strided<[3], offset: ?>>, %pad: i8) -> vector<8xi8> {
  %c0 = arith.constant 0 : index
  %mask = arith.constant dense<[true, true, true, false, false, false, false, false]> : vector<8xi1>
  %v = vector.transfer_read %src[%c0], %pad, %mask {in_bounds = [true]} : memref<3xi8, strided<[3], offset: ?>>, vector<8xi8>
  return %v : vector<8xi8>
}

// -----

// Left as they are: a stride above 4 (a column: the load would keep a fifth of what it reads or
// less), a stride known only at run time, bools (bit-packed as vectors), a mask that is not a
// constant prefix, a read along an outer dim, a read that may run out of bounds.
// CHECK-LABEL: func.func @declined
// CHECK-COUNT-6: vector.transfer_read
// CHECK-NOT:     vector.shuffle
// CHECK-NOT:     memref.reinterpret_cast
func.func @declined(%col: memref<8xf32, strided<[5]>>, %dyn: memref<8xf32, strided<[?]>>,
                    %bools: memref<8xi1, strided<[2]>>, %m: vector<8xi1>,
                    %outer: memref<8x1xf32, strided<[2, 1]>>, %f: memref<8xf32, strided<[2]>>)
    -> (vector<8xf32>, vector<8xf32>, vector<8xi1>, vector<8xf32>, vector<8xf32>, vector<8xf32>) {
  %c0 = arith.constant 0 : index
  %pad = ub.poison : f32
  %false = arith.constant false
  %a = vector.transfer_read %col[%c0], %pad {in_bounds = [true]} : memref<8xf32, strided<[5]>>, vector<8xf32>
  %b = vector.transfer_read %dyn[%c0], %pad {in_bounds = [true]} : memref<8xf32, strided<[?]>>, vector<8xf32>
  %c = vector.transfer_read %bools[%c0], %false {in_bounds = [true]} : memref<8xi1, strided<[2]>>, vector<8xi1>
  %d = vector.transfer_read %f[%c0], %pad, %m {in_bounds = [true]} : memref<8xf32, strided<[2]>>, vector<8xf32>
  %e = vector.transfer_read %outer[%c0, %c0], %pad {in_bounds = [true], permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<8x1xf32, strided<[2, 1]>>, vector<8xf32>
  %g = vector.transfer_read %f[%c0], %pad : memref<8xf32, strided<[2]>>, vector<8xf32>
  return %a, %b, %c, %d, %e, %g : vector<8xf32>, vector<8xf32>, vector<8xi1>, vector<8xf32>, vector<8xf32>, vector<8xf32>
}
