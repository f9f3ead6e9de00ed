// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(to-linalg)' | FileCheck %s

// Views become collapse/expand_shape with the finest reassociation that fits.
// CHECK-LABEL: func.func @views
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[X]] {{\[\[}}0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
// CHECK: tensor.expand_shape %[[C]] {{\[\[}}0], [1, 2]] output_shape [6, 2, 2] : tensor<6x4xf32> into tensor<6x2x2xf32>
func.func @views(%x: tensor<2x3x4xf32>) -> tensor<6x2x2xf32> {
  %0 = "edge.view"(%x) : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %1 = "edge.view"(%0) : (tensor<6x4xf32>) -> tensor<6x2x2xf32>
  return %1 : tensor<6x2x2xf32>
}

// -----

// A reshape that regroups across dims goes through 1-d.
// CHECK-LABEL: func.func @regroup
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<2x3xf32> into tensor<6xf32>
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [3, 2] : tensor<6xf32> into tensor<3x2xf32>
func.func @regroup(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = "edge.view"(%x) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// A dynamic view takes its dynamic size operand as the expand_shape output size.
// CHECK-LABEL: func.func @view_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>, %[[N:.*]]: index)
// CHECK: tensor.expand_shape %[[X]] {{\[\[}}0], [1, 2]] output_shape [%[[N]], 2, 4] : tensor<?x8xf32> into tensor<?x2x4xf32>
func.func @view_dynamic(%x: tensor<?x8xf32>, %n: index) -> tensor<?x2x4xf32> {
  %0 = "edge.view"(%x, %n) : (tensor<?x8xf32>, index) -> tensor<?x2x4xf32>
  return %0 : tensor<?x2x4xf32>
}

// -----

// CHECK-LABEL: func.func @permute
// CHECK: linalg.transpose ins(%{{.*}} : tensor<2x3x4xf32>) outs(%{{.*}} : tensor<4x2x3xf32>) permutation = [2, 0, 1]
func.func @permute(%x: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %0 = "edge.permute"(%x) {dims = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  return %0 : tensor<4x2x3xf32>
}

// -----

// expand is a broadcasting copy; an expand to the same shape is nothing.
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2) -> (d1, 0)>
// CHECK-LABEL: func.func @expand
// CHECK-SAME: (%[[X:.*]]: tensor<3x1xf32>)
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[B]], #{{.*}}]{{.*}} ins(%[[X]] : tensor<3x1xf32>) outs(%{{.*}} : tensor<2x3x5xf32>)
// CHECK: return %[[R]], %[[X]]
func.func @expand(%x: tensor<3x1xf32>) -> (tensor<2x3x5xf32>, tensor<3x1xf32>) {
  %0 = "edge.expand"(%x) : (tensor<3x1xf32>) -> tensor<2x3x5xf32>
  %1 = "edge.expand"(%x) : (tensor<3x1xf32>) -> tensor<3x1xf32>
  return %0, %1 : tensor<2x3x5xf32>, tensor<3x1xf32>
}

// -----

// CHECK-LABEL: func.func @slice
// CHECK: tensor.extract_slice %{{.*}}[0, 1] [4, 3] [1, 2] : tensor<4x8xf32> to tensor<4x3xf32>
func.func @slice(%x: tensor<4x8xf32>) -> tensor<4x3xf32> {
  %0 = "edge.slice"(%x) {dim = 1 : i64, start = 1 : i64, step = 2 : i64} : (tensor<4x8xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// cat: one destination, one insert_slice per input at running offsets.
// CHECK-LABEL: func.func @cat
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<2x3xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<2x6xf32>
// CHECK: %[[I1:.*]] = tensor.insert_slice %[[A]] into %[[E]]
// CHECK: tensor.insert_slice %[[B]] into %[[I1]]
func.func @cat(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x6xf32> {
  %0 = "edge.cat"(%a, %b) {dim = 1 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

// CHECK-LABEL: func.func @pad
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[V:.*]]: tensor<f32>)
// CHECK: %[[S:.*]] = tensor.extract %[[V]][] : tensor<f32>
// CHECK: tensor.pad %[[X]] low[0, 1] high[0, 2]
// CHECK: tensor.yield %[[S]] : f32
func.func @pad(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<2x6xf32> {
  %0 = "edge.pad"(%x, %v) {high = array<i64: 0, 2>, low = array<i64: 0, 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

// flip of dim 0 reads row (4 - 1) - i; dim 1 is read as is.
// CHECK-LABEL: func.func @flip
// CHECK-SAME: (%[[X:.*]]: tensor<4x2xf32>)
// CHECK:      %[[I:.*]] = linalg.index 0 : index
// CHECK-NEXT: %[[N:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[LAST:.*]] = arith.subi %[[N]], %[[ONE]] : index
// CHECK-NEXT: %[[R:.*]] = arith.subi %[[LAST]], %[[I]] : index
// CHECK-NEXT: %[[J:.*]] = linalg.index 1 : index
// CHECK-NEXT: tensor.extract %[[X]][%[[R]], %[[J]]] : tensor<4x2xf32>
func.func @flip(%x: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %0 = "edge.flip"(%x) {dims = array<i64: 0>} : (tensor<4x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// Two dynamic sizes in one expanded group: tensor.reshape with the sizes as a shape tensor
// (memref.expand_shape, which expand_shape bufferizes to, allows one per group).
// CHECK-LABEL: func.func @expand_two_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x96xf32>, %[[B:.*]]: index, %[[T:.*]]: index)
// CHECK: %[[S:.*]] = tensor.from_elements %[[B]], %[[T]], %{{.*}} : tensor<3xindex>
// CHECK: tensor.reshape %[[X]](%[[S]]) : (tensor<?x96xf32>, tensor<3xindex>) -> tensor<?x?x96xf32>
func.func @expand_two_dynamic(%x: tensor<?x96xf32>, %b: index, %t: index) -> tensor<?x?x96xf32> {
  %0 = "edge.view"(%x, %b, %t) : (tensor<?x96xf32>, index, index) -> tensor<?x?x96xf32>
  return %0 : tensor<?x?x96xf32>
}

// -----

// Reflection padding reads input[|i - low|] mirrored at the far edge: s = |j - 2|; s >= 5 reads
// 2 * (5 - 1) - s = 8 - s (the edge element itself is not repeated).
// CHECK-LABEL: func.func @reflect
// CHECK-SAME: (%[[X:.*]]: tensor<2x5xf32>)
// CHECK:      %[[I:.*]] = linalg.index 0 : index
// CHECK-NEXT: %[[J:.*]] = linalg.index 1 : index
// CHECK-NEXT: %[[LOW:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[S:.*]] = arith.subi %[[J]], %[[LOW]] : index
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[NEG:.*]] = arith.cmpi slt, %[[S]], %[[Z]] : index
// CHECK-NEXT: %[[Z2:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[MS:.*]] = arith.subi %[[Z2]], %[[S]] : index
// CHECK-NEXT: %[[A:.*]] = arith.select %[[NEG]], %[[MS]], %[[S]] : index
// CHECK-NEXT: %[[N:.*]] = arith.constant 5 : index
// CHECK-NEXT: %[[OVER:.*]] = arith.cmpi sge, %[[A]], %[[N]] : index
// CHECK-NEXT: %[[TWO_N1:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[MIR:.*]] = arith.subi %[[TWO_N1]], %[[A]] : index
// CHECK-NEXT: %[[SRC:.*]] = arith.select %[[OVER]], %[[MIR]], %[[A]] : index
// CHECK-NEXT: tensor.extract %[[X]][%[[I]], %[[SRC]]] : tensor<2x5xf32>
func.func @reflect(%x: tensor<2x5xf32>) -> tensor<2x8xf32> {
  %0 = "edge.border_pad"(%x) {high = array<i64: 0, 1>, low = array<i64: 0, 2>, mode = "reflect"} : (tensor<2x5xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// diagonal of a dynamic-shape input (offset 1 over dims 0 and 1): the result's length is
// max(0, min(d0 - 0, d1 - 1)), read with tensor.dim; the body reads x[i, i + 1].
// CHECK-LABEL: func.func @diagonal_dynamic
// CHECK-SAME:  (%[[X:.*]]: tensor<?x?xf32>)
// CHECK:       %[[D0:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x?xf32>
// CHECK:       %[[ALONG1:.*]] = arith.subi %[[D0]], %{{.*}} : index
// CHECK:       %[[C1:.*]] = arith.constant 1 : index
// CHECK:       %[[D1:.*]] = tensor.dim %[[X]], %[[C1]] : tensor<?x?xf32>
// CHECK:       %[[OFF:.*]] = arith.constant 1 : index
// CHECK:       %[[ALONG2:.*]] = arith.subi %[[D1]], %[[OFF]] : index
// CHECK:       %[[ZERO:.*]] = arith.constant 0 : index
// CHECK:       %[[MIN:.*]] = arith.minsi %[[ALONG1]], %[[ALONG2]] : index
// CHECK:       %[[N:.*]] = arith.maxsi %[[ZERO]], %[[MIN]] : index
// CHECK:       %[[INIT:.*]] = tensor.empty(%[[N]]) : tensor<?xf32>
// CHECK:       linalg.generic {{.*}} outs(%[[INIT]] : tensor<?xf32>)
// CHECK:         %[[I:.*]] = linalg.index 0 : index
// CHECK:         %[[ROW:.*]] = arith.addi %[[I]], %{{.*}} : index
// CHECK:         %[[ONE:.*]] = arith.constant 1 : index
// CHECK:         %[[COL:.*]] = arith.addi %[[I]], %[[ONE]] : index
// CHECK:         tensor.extract %[[X]][%[[ROW]], %[[COL]]] : tensor<?x?xf32>
func.func @diagonal_dynamic(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %0 = "edge.diagonal"(%x) {offset = 1 : i64, dim1 = 0 : i64, dim2 = 1 : i64} : (tensor<?x?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// Replication padding clamps the source index to [0, 5 - 1].
// CHECK-LABEL: func.func @replicate
// CHECK-SAME: (%[[X:.*]]: tensor<2x5xf32>)
// CHECK:      %[[I:.*]] = linalg.index 0 : index
// CHECK-NEXT: %[[J:.*]] = linalg.index 1 : index
// CHECK-NEXT: %[[LOW:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[S:.*]] = arith.subi %[[J]], %[[LOW]] : index
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[A:.*]] = arith.maxsi %[[S]], %[[Z]] : index
// CHECK-NEXT: %[[LAST:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[SRC:.*]] = arith.minsi %[[A]], %[[LAST]] : index
// CHECK-NEXT: tensor.extract %[[X]][%[[I]], %[[SRC]]] : tensor<2x5xf32>
func.func @replicate(%x: tensor<2x5xf32>) -> tensor<2x8xf32> {
  %0 = "edge.border_pad"(%x) {high = array<i64: 0, 1>, low = array<i64: 0, 2>, mode = "replicate"} : (tensor<2x5xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// Reflection padding of a dynamic dim s1: the result has s1 + 3 columns (s1 read once, at the
// entry), the mirror is 2 * (s1 - 1) - s, and the source is clamped into [0, s1 - 1] (export
// guards pad < s1; the clamp keeps every read inside x whatever the size).
// CHECK-LABEL: func.func @reflect_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x?xf32> {exir.sym_shape = ["s0", "s1"]})
// CHECK-DAG:  %[[S1:.*]] = tensor.dim %[[X]], %c1
// CHECK-DAG:  %[[S0:.*]] = tensor.dim %[[X]], %c0
// CHECK-DAG:  %[[C3:.*]] = arith.constant 3 : index
// CHECK:      %[[W:.*]] = arith.addi %[[S1]], %[[C3]] : index
// CHECK:      %[[INIT:.*]] = tensor.empty(%[[S0]], %[[W]]) : tensor<?x?xf32>
// CHECK:      linalg.generic {{.*}} outs(%[[INIT]] : tensor<?x?xf32>)
// CHECK:      %[[I:.*]] = linalg.index 0 : index
// CHECK:      %[[A:.*]] = arith.select %{{.*}} : index
// CHECK-NEXT: %[[OVER:.*]] = arith.cmpi sge, %[[A]], %[[S1]] : index
// CHECK:      %[[LAST:.*]] = arith.subi %[[S1]], %{{.*}} : index
// CHECK:      %[[TWICE:.*]] = arith.muli %[[LAST]], %{{.*}} : index
// CHECK-NEXT: %[[MIR:.*]] = arith.subi %[[TWICE]], %[[A]] : index
// CHECK-NEXT: %[[SRC:.*]] = arith.select %[[OVER]], %[[MIR]], %[[A]] : index
// CHECK:      %[[LO:.*]] = arith.maxsi %[[SRC]], %{{.*}} : index
// CHECK:      %[[LAST2:.*]] = arith.subi %[[S1]], %{{.*}} : index
// CHECK-NEXT: %[[IN:.*]] = arith.minsi %[[LO]], %[[LAST2]] : index
// CHECK-NEXT: tensor.extract %[[X]][%[[I]], %[[IN]]] : tensor<?x?xf32>
func.func @reflect_dynamic(%x: tensor<?x?xf32> {exir.sym_shape = ["s0", "s1"]}) -> tensor<?x?xf32> {
  %0 = "edge.border_pad"(%x) {high = array<i64: 0, 1>, low = array<i64: 0, 2>, mode = "reflect", exir.sym_shapes = [["s0", "s1 + 3"]]} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// Replication padding without symbolic facts: the result's sizes are x's dims (+ 3 for the padded
// one), the clamp's upper end tensor.dim(x, 1) - 1.
// CHECK-LABEL: func.func @replicate_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x?xf32>)
// CHECK:      %[[D1:.*]] = tensor.dim %[[X]], %c1
// CHECK:      %[[W:.*]] = arith.addi %[[D1]], %{{.*}} : index
// CHECK:      %[[D0:.*]] = tensor.dim %[[X]], %c0
// CHECK:      tensor.empty(%[[D0]], %[[W]]) : tensor<?x?xf32>
// CHECK:      %[[A:.*]] = arith.maxsi %{{.*}}, %{{.*}} : index
// CHECK:      %[[N:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x?xf32>
// CHECK:      %[[LAST:.*]] = arith.subi %[[N]], %{{.*}} : index
// CHECK-NEXT: %[[SRC:.*]] = arith.minsi %[[A]], %[[LAST]] : index
// CHECK-NEXT: tensor.extract %[[X]][%{{.*}}, %[[SRC]]] : tensor<?x?xf32>
func.func @replicate_dynamic(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = "edge.border_pad"(%x) {high = array<i64: 0, 1>, low = array<i64: 0, 2>, mode = "replicate"} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// A slice whose result is empty (a static 0 dim) reads nothing: a tensor.empty of the result's
// sizes (extract_slice's verifier rejects offset 0 in a dim of static size 0).
// CHECK-LABEL: func.func @slice_empty
// CHECK-SAME: (%{{.*}}: tensor<0x?xf32>, %[[N:.*]]: index)
// CHECK-NOT: tensor.extract_slice
// CHECK: %[[E:.*]] = tensor.empty(%[[N]]) : tensor<0x?xf32>
// CHECK: return %[[E]]
func.func @slice_empty(%x: tensor<0x?xf32>, %n: index) -> tensor<0x?xf32> {
  %0 = "edge.slice"(%x, %n) {dim = 1 : i64, start = 0 : i64, step = 1 : i64} : (tensor<0x?xf32>, index) -> tensor<0x?xf32>
  return %0 : tensor<0x?xf32>
}

// -----

// A slice that starts at the end of a static dim (split_with_sizes' last piece of size 0, typed
// with a dynamic dim) is empty too: the result's size operand (0) sizes a tensor.empty.
// CHECK-LABEL: func.func @slice_past_the_end
// CHECK-SAME: (%{{.*}}: tensor<5x4xf32>, %[[N:.*]]: index)
// CHECK-NOT: tensor.extract_slice
// CHECK: %[[E:.*]] = tensor.empty(%[[N]]) : tensor<?x4xf32>
// CHECK: return %[[E]]
func.func @slice_past_the_end(%x: tensor<5x4xf32>, %n: index) -> tensor<?x4xf32> {
  %0 = "edge.slice"(%x, %n) {dim = 0 : i64, start = 5 : i64, step = 1 : i64} : (tensor<5x4xf32>, index) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// as_strided of a dynamic-shape input (aten-to-edge proved the reads lie inside it): the input
// collapsed to its dynamic 1-d storage, element 1 + 3 i + 1 j read per result element.
// CHECK-LABEL: func.func @as_strided_dynamic
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<?x?xf32> into tensor<?xf32>
// CHECK: linalg.generic
// CHECK: %[[I:.*]] = linalg.index 0
// CHECK: %[[J:.*]] = linalg.index 1
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[A:.*]] = arith.muli %[[I]], %[[C3]]
// CHECK: %[[B:.*]] = arith.addi %[[C1]], %[[A]]
// CHECK: %[[C:.*]] = arith.muli %[[J]], %{{.*}}
// CHECK: %[[P:.*]] = arith.addi %[[B]], %[[C]]
// CHECK: tensor.extract %[[FLAT]][%[[P]]] : tensor<?xf32>
func.func @as_strided_dynamic(%x: tensor<?x?xf32>) -> tensor<3x3xf32> {
  %0 = "edge.as_strided"(%x) {stride = array<i64: 3, 1>, storage_offset = 1 : i64} : (tensor<?x?xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// A view to a shape with a static 0 dim has no elements: a tensor.empty of the result type (a
// collapse of 0 x ? would type its result ?, not 0).
// CHECK-LABEL: func.func @view_to_empty
// CHECK-NOT: tensor.collapse_shape
// CHECK: %[[E:.*]] = tensor.empty() : tensor<0xf32>
// CHECK: return %[[E]] : tensor<0xf32>
func.func @view_to_empty(%x: tensor<0x?xf32>) -> tensor<0xf32> {
  %0 = "edge.view"(%x) : (tensor<0x?xf32>) -> tensor<0xf32>
  return %0 : tensor<0xf32>
}
