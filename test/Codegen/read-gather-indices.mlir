// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-read-gather-indices)' | FileCheck %s
// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-tile{vector-bits=512 cores=1})' | FileCheck %s --check-prefix=TILE

// An embedding lookup summed over the sequence (nn.Embedding + mean, fused): the token input does not
// vary along the lanes (d2) and only indexes the table, so it is read in the body at the op's own
// loop indices. Tiled, each token's row of the table is then one contiguous vector read, not a
// gather of every lane: the row index is the same in all of them.
// CHECK-LABEL: func.func @embedding_sum
// CHECK-SAME:    %[[TABLE:[^:]*]]: tensor<1000x64xf32>, %[[TOKENS:[^:]*]]: tensor<?x32xi64>
// CHECK:         linalg.generic {{.*}} ins(%[[TOKENS]] : tensor<?x32xi64>)
// CHECK-NEXT:    ^bb0(%{{.*}}: i64, %{{.*}}: f32):
// CHECK-NEXT:      %[[B:.*]] = linalg.index 0 : index
// CHECK-NEXT:      %[[S:.*]] = linalg.index 1 : index
// CHECK-NEXT:      %[[TOKEN:.*]] = tensor.extract %[[TOKENS]][%[[B]], %[[S]]] : tensor<?x32xi64>
// CHECK-NEXT:      %[[COL:.*]] = linalg.index 2 : index
// CHECK-NEXT:      %[[ROW:.*]] = arith.index_cast %[[TOKEN]] : i64 to index
// CHECK:           tensor.extract %[[TABLE]][%{{.*}}, %[[COL]]] : tensor<1000x64xf32>
// TILE-LABEL: func.func @embedding_sum
// TILE:         scf.forall
// TILE:           scf.for {{.*}} -> (vector<1x64xf32>)
// TILE:             tensor.extract %{{.*}} : tensor<?x32xi64>
// TILE-NOT:         vector.gather
// TILE:             vector.transfer_read %{{.*}} {in_bounds = [true, true]} : tensor<1000x64xf32>, vector<1x64xf32>
func.func @embedding_sum(%table: tensor<1000x64xf32>, %tokens: tensor<?x32xi64>) -> tensor<?x64xf32> {
  %c0 = arith.constant 0 : index
  %c1000 = arith.constant 1000 : index
  %zero = arith.constant 0.0 : f32
  %b = tensor.dim %tokens, %c0 : tensor<?x32xi64>
  %e = tensor.empty(%b) : tensor<?x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x64xf32>) -> tensor<?x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d2)>],
                       iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%tokens : tensor<?x32xi64>) outs(%f : tensor<?x64xf32>) {
  ^bb0(%in: i64, %out: f32):
    %col = linalg.index 2 : index
    %i = arith.index_cast %in : i64 to index
    %neg = arith.cmpi slt, %i, %c0 : index
    %wrapped = arith.addi %i, %c1000 : index
    %row0 = arith.select %neg, %wrapped, %i : index
    %ok = arith.cmpi ult, %row0, %c1000 : index
    %row = arith.select %ok, %row0, %c0 : index
    %v = tensor.extract %table[%row, %col] : tensor<1000x64xf32>
    %s = arith.addf %v, %out : f32
    linalg.yield %s : f32
  } -> tensor<?x64xf32>
  return %r : tensor<?x64xf32>
}

// -----

// index_select along the last dim (x[:, idx]): the index varies along the lanes, so each lane reads
// a different column whatever is done: the input stays a block argument (a gather).
// CHECK-LABEL: func.func @select_columns
// CHECK:         ^bb0(%[[IDX:.*]]: i64, %{{.*}}: f32):
// CHECK-NOT:       tensor.extract %{{.*}} : tensor<?xi64>
// CHECK:           arith.index_cast %[[IDX]]
// TILE-LABEL: func.func @select_columns
// TILE:         vector.gather
func.func @select_columns(%x: tensor<8x100xf32>, %idx: tensor<?xi64>) -> tensor<8x?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %idx, %c0 : tensor<?xi64>
  %e = tensor.empty(%n) : tensor<8x?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%idx : tensor<?xi64>) outs(%e : tensor<8x?xf32>) {
  ^bb0(%in: i64, %out: f32):
    %row = linalg.index 0 : index
    %col = arith.index_cast %in : i64 to index
    %v = tensor.extract %x[%row, %col] : tensor<8x100xf32>
    linalg.yield %v : f32
  } -> tensor<8x?xf32>
  return %r : tensor<8x?xf32>
}

// -----

// An input that is also computed with (here added to the gathered value) stays a block argument:
// only inputs that do nothing but index move.
// CHECK-LABEL: func.func @index_also_a_value
// CHECK:         ^bb0(%[[IN:.*]]: i64, %{{.*}}: f32):
// CHECK-NOT:       tensor.extract %{{.*}} : tensor<4xi64>
// CHECK:           arith.index_cast %[[IN]]
// CHECK:           arith.sitofp %[[IN]]
func.func @index_also_a_value(%table: tensor<10x16xf32>, %rows: tensor<4xi64>) -> tensor<4x16xf32> {
  %e = tensor.empty() : tensor<4x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%rows : tensor<4xi64>) outs(%e : tensor<4x16xf32>) {
  ^bb0(%in: i64, %out: f32):
    %col = linalg.index 1 : index
    %row = arith.index_cast %in : i64 to index
    %v = tensor.extract %table[%row, %col] : tensor<10x16xf32>
    %w = arith.sitofp %in : i64 to f32
    %s = arith.addf %v, %w : f32
    linalg.yield %s : f32
  } -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}
