// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-linearize-forall,cse)' | FileCheck %s

// A 2-d forall over tiles becomes one loop over their linear index, delinearized in the body
// (async-parallel-for miscompiles multi-dimensional loops: see upstream-async-parallel-for.mlir).
// CHECK-LABEL: func.func @tiles
// CHECK:         scf.forall (%[[LIN:.*]]) in (36) {
// CHECK:           %[[IJ:.*]]:2 = affine.delinearize_index %[[LIN]] into (18, 2) : index, index
// CHECK:           memref.load %{{.*}}[%[[IJ]]#0, %[[IJ]]#1]
// CHECK:           memref.store %{{.*}}, %{{.*}}[%[[IJ]]#0, %[[IJ]]#1]
// CHECK-NOT:     scf.forall
func.func @tiles(%x: memref<18x2xf32>) {
  %one = arith.constant 1.0 : f32
  scf.forall (%i, %j) in (18, 2) {
    %v = memref.load %x[%i, %j] : memref<18x2xf32>
    %y = arith.addf %v, %one : f32
    memref.store %y, %x[%i, %j] : memref<18x2xf32>
  }
  return
}

// -----

// Dynamic bounds, a lower bound and a step: the trip counts are computed at run time,
// max(0, ceil((ub - lb) / step)) (an empty dim empties the product), and each index is lb + i * step.
// CHECK-LABEL: func.func @dynamic
// CHECK-SAME:    (%[[X:.*]]: memref<?x?xf32>, %[[N:.*]]: index, %[[M:.*]]: index)
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[ROWS:.*]] = arith.maxsi %[[N]], %[[C0]] : index
// CHECK:         %[[SPAN:.*]] = arith.subi %[[M]], %[[C2]] : index
// CHECK:         %[[CEIL:.*]] = arith.ceildivsi %[[SPAN]], %[[C4]] : index
// CHECK:         %[[TRIP:.*]] = arith.maxsi %[[CEIL]], %[[C0]] : index
// CHECK:         %[[TOTAL:.*]] = arith.muli %[[ROWS]], %[[TRIP]] : index
// CHECK:         scf.forall (%[[LIN:.*]]) in (%[[TOTAL]]) {
// CHECK:           %[[IJ:.*]]:2 = affine.delinearize_index %[[LIN]] into (%[[ROWS]], %[[TRIP]]) : index, index
// CHECK:           %[[SCALED:.*]] = arith.muli %[[IJ]]#1, %[[C4]] : index
// CHECK:           %[[J:.*]] = arith.addi %[[SCALED]], %[[C2]] : index
// CHECK:           memref.store %{{.*}}, %[[X]][%[[IJ]]#0, %[[J]]]
func.func @dynamic(%x: memref<?x?xf32>, %n: index, %m: index) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%i, %j) = (0, %c2) to (%n, %m) step (1, %c4) {
    memref.store %zero, %x[%i, %j] : memref<?x?xf32>
  }
  return
}

// -----

// A run-time count of row tiles (a dynamic batch, its last tile partial) and a static count of
// column tiles: the rows are linearized innermost, so that each thread's contiguous chunk of the
// linear index holds its share of the columns over all rows, the partial tile included (rows
// outermost, 200 rows of 64-row tiles on 2 threads gave one thread 128 rows and the other 72).
// CHECK-LABEL: func.func @dynamic_rows_static_columns
// CHECK-SAME:    (%[[X:.*]]: memref<?x768xf32>, %[[N:.*]]: index)
// CHECK:         %[[ROWS:.*]] = arith.maxsi %[[N]], %{{.*}} : index
// CHECK:         %[[TOTAL:.*]] = arith.muli %c12, %[[ROWS]] : index
// CHECK:         scf.forall (%[[LIN:.*]]) in (%[[TOTAL]]) {
// CHECK:           %[[JI:.*]]:2 = affine.delinearize_index %[[LIN]] into (12, %[[ROWS]]) : index, index
// CHECK:           memref.store %{{.*}}, %[[X]][%[[JI]]#1, %[[JI]]#0]
func.func @dynamic_rows_static_columns(%x: memref<?x768xf32>, %n: index) {
  %zero = arith.constant 0.0 : f32
  scf.forall (%i, %j) in (%n, 12) {
    memref.store %zero, %x[%i, %j] : memref<?x768xf32>
  }
  return
}

// -----

// Static counts, the rows' last tile partial (65 rows in 64-row tiles: its size an affine.min of
// the row index): the rows are linearized inside the column panels, as a dynamic count would be,
// so that on 2 threads each gets 12 panels of both row tiles, not one thread the 64-row tile of
// every panel and the other the 1-row tile. A dim whose tiles are all full keeps its place.
// CHECK-LABEL: func.func @partial_row_tile
// CHECK:         scf.forall (%[[LIN:.*]]) in (48) {
// CHECK:           %[[JI:.*]]:2 = affine.delinearize_index %[[LIN]] into (24, 2) : index, index
// CHECK:           affine.min #{{.*}}(%[[JI]]#1)
// CHECK-LABEL: func.func @full_row_tiles
// CHECK:           affine.delinearize_index %{{.*}} into (2, 24) : index, index
#rows65 = affine_map<(d0) -> (d0 * -64 + 65, 64)>
func.func @partial_row_tile(%x: memref<65x768xf32>) {
  %zero = arith.constant 0.0 : f32
  scf.forall (%i, %j) in (2, 24) {
    %rows = affine.min #rows65(%i)
    %r0 = affine.apply affine_map<(d0) -> (d0 * 64)>(%i)
    %c0 = affine.apply affine_map<(d0) -> (d0 * 32)>(%j)
    %tile = memref.subview %x[%r0, %c0] [%rows, 32] [1, 1] : memref<65x768xf32> to memref<?x32xf32, strided<[768, 1], offset: ?>>
    linalg.fill ins(%zero : f32) outs(%tile : memref<?x32xf32, strided<[768, 1], offset: ?>>)
  }
  return
}
func.func @full_row_tiles(%x: memref<128x768xf32>) {
  %zero = arith.constant 0.0 : f32
  scf.forall (%i, %j) in (2, 24) {
    %r0 = affine.apply affine_map<(d0) -> (d0 * 64)>(%i)
    %c0 = affine.apply affine_map<(d0) -> (d0 * 32)>(%j)
    %tile = memref.subview %x[%r0, %c0] [64, 32] [1, 1] : memref<128x768xf32> to memref<64x32xf32, strided<[768, 1], offset: ?>>
    linalg.fill ins(%zero : f32) outs(%tile : memref<64x32xf32, strided<[768, 1], offset: ?>>)
  }
  return
}

// -----

// A 1-d forall is left as it is.
// CHECK-LABEL: func.func @one_dim
// CHECK:         scf.forall (%{{.*}}) in (64) {
// CHECK-NOT:     affine.delinearize_index
func.func @one_dim(%x: memref<64xf32>) {
  %zero = arith.constant 0.0 : f32
  scf.forall (%i) in (64) {
    memref.store %zero, %x[%i] : memref<64xf32>
  }
  return
}
