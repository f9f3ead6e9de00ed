// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(to-linalg)' | FileCheck %s

// embedding: a generic over the result reading the index tensor, gathering with tensor.extract.
// A negative index wraps like torch's: k < 0 reads row k + (rows of the weight), here 100.
// CHECK-DAG: #[[IDX:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// Every index is checked first (lowering/to_linalg/index_checks.py): an OR-reduction of
// "k < 0 or k >= 100" (embedding takes no negative index) and a cf.assert naming the op, its line
// and the range; the read clamps the index into [0, 100) so it stays inside the weight.
// CHECK-DAG: #[[ALL:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[SCALAR:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @embedding
// CHECK-SAME: (%[[W:.*]]: tensor<100x16xf32>, %[[I:.*]]: tensor<2x5xi64>)
// CHECK:   %[[N64:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK:   %[[LOW:.*]] = arith.constant 0 : i64
// CHECK:   %[[FALSE:.*]] = linalg.fill ins(%false : i1)
// CHECK:   %[[BAD:.*]] = linalg.generic {indexing_maps = [#[[ALL]], #[[SCALAR]]], iterator_types = ["reduction", "reduction"]} ins(%[[I]] : tensor<2x5xi64>) outs(%[[FALSE]] : tensor<i1>)
// CHECK:     %[[BELOW:.*]] = arith.cmpi slt, %[[IN:.*]], %[[LOW]] : i64
// CHECK:     %[[ABOVE:.*]] = arith.cmpi sge, %[[IN]], %[[N64]] : i64
// CHECK:     %[[EITHER:.*]] = arith.ori %[[BELOW]], %[[ABOVE]] : i1
// CHECK:     arith.ori %{{.*}}, %[[EITHER]] : i1
// CHECK:   %[[ANY:.*]] = tensor.extract %[[BAD]][] : tensor<i1>
// CHECK:   %[[OK:.*]] = arith.xori %[[ANY]], %true : i1
// CHECK:   cf.assert %[[OK]], "index out of range in aten.embedding at {{.*}}indexing.mlir:{{[0-9]+}}:{{[0-9]+}}: an index value is outside the valid range [0, 99] (dim 0 has size 100)"
// CHECK: linalg.generic {indexing_maps = [#[[IDX]], #[[OUT]]]{{.*}} ins(%[[I]] : tensor<2x5xi64>) outs(%{{.*}} : tensor<2x5x16xf32>)
// CHECK: ^bb0(%[[K:.*]]: i64, %{{.*}}: f32):
// CHECK-DAG:   %[[ROW:.*]] = arith.index_cast %[[K]] : i64 to index
// CHECK-DAG:   %[[ROWS:.*]] = arith.constant 100 : index
// CHECK-DAG:   %[[ZERO:.*]] = arith.constant 0 : index
// CHECK:       %[[NEG:.*]] = arith.cmpi slt, %[[ROW]], %[[ZERO]] : index
// CHECK:       %[[UP:.*]] = arith.addi %[[ROW]], %[[ROWS]] : index
// CHECK:       %[[SEL:.*]] = arith.select %[[NEG]], %[[UP]], %[[ROW]] : index
// CHECK:       %[[INSIDE:.*]] = arith.cmpi ult, %[[SEL]], %[[ROWS]] : index
// CHECK:       %[[CL:.*]] = arith.select %[[INSIDE]], %[[SEL]], %{{.*}} : index
// CHECK:       %[[COL:.*]] = linalg.index 2 : index
// CHECK:       %[[V:.*]] = tensor.extract %[[W]][%[[CL]], %[[COL]]] : tensor<100x16xf32>
// CHECK:       linalg.yield %[[V]] : f32
func.func @embedding(%w: tensor<100x16xf32>, %i: tensor<2x5xi64>) -> tensor<2x5x16xf32> {
  %0 = "edge.embedding"(%w, %i) : (tensor<100x16xf32>, tensor<2x5xi64>) -> tensor<2x5x16xf32>
  return %0 : tensor<2x5x16xf32>
}

// -----

// index_select along dim 1: the index is read at the result's d1, the wrap adds x's dim 1 (4),
// and the other coordinate is the result's own d0.
// CHECK-DAG: #[[SEL_MAP:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @index_select
// CHECK-SAME: (%[[X:.*]]: tensor<5x4xf32>, %[[I:.*]]: tensor<3xi64>)
// CHECK: cf.assert %{{.*}}, "index out of range in aten.index_select at {{.*}}: an index value is outside the valid range [0, 3] (dim 1 has size 4)"
// CHECK: linalg.generic {indexing_maps = [#[[SEL_MAP]], #{{.*}}]{{.*}} ins(%[[I]] : tensor<3xi64>) outs(%{{.*}} : tensor<5x3xf32>)
// CHECK: ^bb0(%[[K:.*]]: i64, %{{.*}}: f32):
// CHECK-DAG:   %[[J:.*]] = arith.index_cast %[[K]] : i64 to index
// CHECK-DAG:   %[[N:.*]] = arith.constant 4 : index
// CHECK-DAG:   %[[ZERO:.*]] = arith.constant 0 : index
// CHECK:       %[[NEG:.*]] = arith.cmpi slt, %[[J]], %[[ZERO]] : index
// CHECK:       %[[UP:.*]] = arith.addi %[[J]], %[[N]] : index
// CHECK:       %[[SEL:.*]] = arith.select %[[NEG]], %[[UP]], %[[J]] : index
// CHECK:       %[[INSIDE:.*]] = arith.cmpi ult, %[[SEL]], %[[N]] : index
// CHECK:       %[[CL:.*]] = arith.select %[[INSIDE]], %[[SEL]], %{{.*}} : index
// CHECK:       %[[ROW:.*]] = linalg.index 0 : index
// CHECK:       tensor.extract %[[X]][%[[ROW]], %[[CL]]] : tensor<5x4xf32>
func.func @index_select(%x: tensor<5x4xf32>, %i: tensor<3xi64>) -> tensor<5x3xf32> {
  %0 = "edge.index_select"(%x, %i) {dim = 1 : i64} : (tensor<5x4xf32>, tensor<3xi64>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

// Adjacent index dims (1, 2): the result is x's dim 0, the index shape, then x's dim 3. Each index
// is read at the result's index dims; a negative index wraps by its own dim's size.
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2, d3) -> (d1, d2)>
// CHECK-LABEL: func.func @index_adjacent
// CHECK-SAME: (%[[X:.*]]: tensor<4x5x6x7xf32>, %[[I:.*]]: tensor<2x3xi64>, %[[J:.*]]: tensor<2x3xi64>)
// x[i, j] takes negative indices: one check per index tensor, each against its own dim.
// CHECK: cf.assert %{{.*}}, "index out of range in aten.index at {{.*}}: an index value is outside the valid range [-5, 4] (dim 1 has size 5)"
// CHECK: cf.assert %{{.*}}, "index out of range in aten.index at {{.*}}: an index value is outside the valid range [-6, 5] (dim 2 has size 6)"
// CHECK: linalg.generic {indexing_maps = [#[[B]], #[[B]], #{{.*}}]{{.*}} ins(%[[I]], %[[J]] : tensor<2x3xi64>, tensor<2x3xi64>) outs(%{{.*}} : tensor<4x2x3x7xf32>)
// CHECK: ^bb0(%[[VI:.*]]: i64, %[[VJ:.*]]: i64, %{{.*}}: f32):
// CHECK:   %[[D0:.*]] = linalg.index 0 : index
// CHECK:   %[[II:.*]] = arith.index_cast %[[VI]] : i64 to index
// CHECK:   %[[C5:.*]] = arith.constant 5 : index
// CHECK:   %[[C0:.*]] = arith.constant 0 : index
// CHECK:   %[[NEGI:.*]] = arith.cmpi slt, %[[II]], %[[C0]] : index
// CHECK:   %[[WI:.*]] = arith.addi %[[II]], %[[C5]] : index
// CHECK:   %[[WRAPI:.*]] = arith.select %[[NEGI]], %[[WI]], %[[II]] : index
// CHECK:   %[[INI:.*]] = arith.cmpi ult, %[[WRAPI]], %[[C5]] : index
// CHECK:   %[[SI:.*]] = arith.select %[[INI]], %[[WRAPI]], %{{.*}} : index
// CHECK:   %[[JJ:.*]] = arith.index_cast %[[VJ]] : i64 to index
// CHECK:   %[[C6:.*]] = arith.constant 6 : index
// CHECK:   %[[C0B:.*]] = arith.constant 0 : index
// CHECK:   %[[NEGJ:.*]] = arith.cmpi slt, %[[JJ]], %[[C0B]] : index
// CHECK:   %[[WJ:.*]] = arith.addi %[[JJ]], %[[C6]] : index
// CHECK:   %[[WRAPJ:.*]] = arith.select %[[NEGJ]], %[[WJ]], %[[JJ]] : index
// CHECK:   %[[INJ:.*]] = arith.cmpi ult, %[[WRAPJ]], %[[C6]] : index
// CHECK:   %[[SJ:.*]] = arith.select %[[INJ]], %[[WRAPJ]], %{{.*}} : index
// CHECK:   %[[D3:.*]] = linalg.index 3 : index
// CHECK:   tensor.extract %[[X]][%[[D0]], %[[SI]], %[[SJ]], %[[D3]]] : tensor<4x5x6x7xf32>
func.func @index_adjacent(%x: tensor<4x5x6x7xf32>, %i: tensor<2x3xi64>, %j: tensor<2x3xi64>) -> tensor<4x2x3x7xf32> {
  %0 = "edge.index"(%x, %i, %j) {dims = array<i64: 1, 2>} : (tensor<4x5x6x7xf32>, tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<4x2x3x7xf32>
  return %0 : tensor<4x2x3x7xf32>
}

// -----

// Non-adjacent index dims (0, 2): NumPy puts the index shape first, then x's dim 1.
// Dynamic dims: the result's first dim is the index length.
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @index_apart_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x5x?xf32>, %[[I:.*]]: tensor<?xi64>, %[[J:.*]]: tensor<?xi64>)
// CHECK-DAG: %[[N:.*]] = tensor.dim %[[I]], %{{.*}} : tensor<?xi64>
// CHECK: tensor.empty(%[[N]]) : tensor<?x5xf32>
// CHECK: linalg.generic {indexing_maps = [#[[B]], #[[B]], #{{.*}}]
// CHECK:   %[[D1:.*]] = linalg.index 1 : index
// CHECK:   tensor.extract %[[X]][%{{.*}}, %[[D1]], %{{.*}}] : tensor<?x5x?xf32>
func.func @index_apart_dynamic(%x: tensor<?x5x?xf32>, %i: tensor<?xi64>, %j: tensor<?xi64>) -> tensor<?x5xf32> {
  %0 = "edge.index"(%x, %i, %j) {dims = array<i64: 0, 2>} : (tensor<?x5x?xf32>, tensor<?xi64>, tensor<?xi64>) -> tensor<?x5xf32>
  return %0 : tensor<?x5xf32>
}

// -----

// gather along dim 0 of a dynamic input: the wrap adds x's runtime dim 0 (tensor.dim), the index is
// read at the result's own coordinates, and the other coordinate is the result's d1.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @gather_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32>, %[[I:.*]]: tensor<2x4xi64>)
// The range check reads x's dim 0 at run time: [0, n) with n = tensor.dim.
// CHECK: %[[DYN:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x4xf32>
// CHECK: %[[DYN64:.*]] = arith.index_cast %[[DYN]] : index to i64
// CHECK: arith.cmpi sge, %{{.*}}, %[[DYN64]] : i64
// CHECK: cf.assert %{{.*}}, "index out of range in aten.gather at {{.*}}: an index value is outside the valid range [0, n-1] where n is the size of dim 0 at this call"
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ID]]]{{.*}} ins(%[[I]] : tensor<2x4xi64>) outs(%{{.*}} : tensor<2x4xf32>)
// CHECK: ^bb0(%[[K:.*]]: i64, %{{.*}}: f32):
// CHECK:       %[[J:.*]] = arith.index_cast %[[K]] : i64 to index
// CHECK:       %[[D0:.*]] = arith.constant 0 : index
// CHECK:       %[[N:.*]] = tensor.dim %[[X]], %[[D0]] : tensor<?x4xf32>
// CHECK:       %[[ZERO:.*]] = arith.constant 0 : index
// CHECK:       %[[NEG:.*]] = arith.cmpi slt, %[[J]], %[[ZERO]] : index
// CHECK:       %[[UP:.*]] = arith.addi %[[J]], %[[N]] : index
// CHECK:       %[[SEL:.*]] = arith.select %[[NEG]], %[[UP]], %[[J]] : index
// CHECK:       %[[INSIDE:.*]] = arith.cmpi ult, %[[SEL]], %[[N]] : index
// CHECK:       %[[CL:.*]] = arith.select %[[INSIDE]], %[[SEL]], %{{.*}} : index
// CHECK:       %[[COL:.*]] = linalg.index 1 : index
// CHECK:       tensor.extract %[[X]][%[[CL]], %[[COL]]] : tensor<?x4xf32>
func.func @gather_dynamic(%x: tensor<?x4xf32>, %i: tensor<2x4xi64>) -> tensor<2x4xf32> {
  %0 = "edge.gather"(%x, %i) {dim = 0 : i64} : (tensor<?x4xf32>, tensor<2x4xi64>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// index_select along a dynamic dim: when that dim is 0 at run time, no clamped index is inside x
// (the check has failed then): the result is zeros and x is not read. The gather runs otherwise.
// CHECK-LABEL: func.func @index_select_dynamic_dim
// CHECK-SAME:  (%[[X:.*]]: tensor<?x4xf32>, %[[I:.*]]: tensor<?xi64>)
// CHECK:       cf.assert
// CHECK:       %[[INIT:.*]] = tensor.empty(%{{.*}}) : tensor<?x4xf32>
// CHECK:       %[[N:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x4xf32>
// CHECK:       %[[EMPTY:.*]] = arith.cmpi eq, %[[N]], %{{.*}} : index
// CHECK:       %[[R:.*]] = scf.if %[[EMPTY]] -> (tensor<?x4xf32>) {
// CHECK:         %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[F:.*]] = linalg.fill ins(%[[Z]] : f32) outs(%[[INIT]] : tensor<?x4xf32>)
// CHECK:         scf.yield %[[F]]
// CHECK:       } else {
// CHECK:         %[[G:.*]] = linalg.generic {{.*}} ins(%[[I]] : tensor<?xi64>) outs(%[[INIT]] : tensor<?x4xf32>)
// CHECK:           tensor.extract %[[X]]
// CHECK:         scf.yield %[[G]]
// CHECK:       return %[[R]]
func.func @index_select_dynamic_dim(%x: tensor<?x4xf32>, %i: tensor<?xi64>) -> tensor<?x4xf32> {
  %0 = "edge.index_select"(%x, %i) {dim = 0 : i64} : (tensor<?x4xf32>, tensor<?xi64>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// A static indexed dim of size 0: zeros, no gather at all.
// CHECK-LABEL: func.func @index_select_empty_dim
// CHECK:       cf.assert
// CHECK:       %[[F:.*]] = linalg.fill
// CHECK-NOT:   tensor.extract
// CHECK:       return %[[F]]
func.func @index_select_empty_dim(%x: tensor<0x4xf32>, %i: tensor<3xi64>) -> tensor<3x4xf32> {
  %0 = "edge.index_select"(%x, %i) {dim = 0 : i64} : (tensor<0x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
