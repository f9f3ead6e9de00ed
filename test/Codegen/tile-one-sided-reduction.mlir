// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-tile{vector-bits=256 cores=2})' | FileCheck %s
// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-pipeline)' | FileCheck %s --check-prefix=LLVM

// Contractions with a reduction dim that only one operand indexes, as `(x[:, None, :, None] *
// w[None]).sum((2, 3))` lowers (x: 4x8, w: 5x8x3; d3 only in w). The outer-product plan runs that
// dim as a loop of 1 around the k loop; the vectorized tile's contraction lacks it in the lhs,
// which exir-cpu-to-llvm broadcasts (contract-operands.mlir). The whole pipeline aborted the
// process here (an assertion in upstream's contraction lowering) before.

// CHECK-DAG:   #[[$X:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2)>
// CHECK-DAG:   #[[$W:.*]] = affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>
// CHECK-LABEL: func.func @unit_tile_only_in_rhs
// CHECK-SAME:    (%[[X:.*]]: tensor<4x8xf32>, %[[W:.*]]: tensor<5x8x3xf32>)
// The zero init, vectorized whole (no thread tiles), folds into the accumulator's first value.
// CHECK:         %[[ACC0:.*]] = arith.constant dense<0.000000e+00> : vector<4x5xf32>
// CHECK:         scf.for %[[J:.*]] = %c0 to %c3 step %c1 iter_args(%[[ACC1:.*]] = %[[ACC0]]) -> (vector<4x5xf32>)
// CHECK:           scf.for %[[K:.*]] = %c0 to %c8 step %c1 iter_args(%[[ACC2:.*]] = %[[ACC1]]) -> (vector<4x5xf32>)
// CHECK:             vector.contract {indexing_maps = [#[[$X]], #[[$W]], #{{.*}}], iterator_types = ["parallel", "parallel", "reduction", "reduction"]
// CHECK-SAME:          %[[ACC2]] : vector<4x1xf32>, vector<5x1x1xf32> into vector<4x5xf32>
// LLVM-LABEL:  llvm.func @unit_tile_only_in_rhs
func.func @unit_tile_only_in_rhs(%x: tensor<4x8xf32>, %w: tensor<5x8x3xf32>) -> tensor<4x5xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<4x5xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x5xf32>) -> tensor<4x5xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2)>, affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%x, %w : tensor<4x8xf32>, tensor<5x8x3xf32>) outs(%1 : tensor<4x5xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %3 = arith.mulf %in, %in_0 : f32
    %4 = arith.addf %3, %out : f32
    linalg.yield %4 : f32
  } -> tensor<4x5xf32>
  return %2 : tensor<4x5xf32>
}

// -----

// The same with a symbolic number of rows: the rows' peeled remainder is tiled to 1, each row a
// static contraction (no masks).
// CHECK-LABEL: func.func @dynamic_rows
// CHECK:         vector.contract {{.*}} : vector<4x1xf32>, vector<5x1x1xf32> into vector<4x5xf32>
// CHECK-NOT:     vector.mask
// CHECK:         vector.contract {{.*}} : vector<1x1xf32>, vector<5x1x1xf32> into vector<1x5xf32>
// CHECK-NOT:     vector.mask
// CHECK:         return
// LLVM-LABEL:  llvm.func @dynamic_rows
func.func @dynamic_rows(%x: tensor<?x8xf32>, %w: tensor<5x8x3xf32>) -> tensor<?x5xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x8xf32>
  %0 = tensor.empty(%n) : tensor<?x5xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<?x5xf32>) -> tensor<?x5xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2)>, affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%x, %w : tensor<?x8xf32>, tensor<5x8x3xf32>) outs(%1 : tensor<?x5xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %3 = arith.mulf %in, %in_0 : f32
    %4 = arith.addf %3, %out : f32
    linalg.yield %4 : f32
  } -> tensor<?x5xf32>
  return %2 : tensor<?x5xf32>
}

// -----

// k (d3) contiguous in both operands, but a second reduction dim (d2) only in w: not the dot
// kernel (its split covers one reduction loop; with two it asked for vectors with a 0-sized dim,
// an assertion), the outer-product plan: d2 a loop of 1 around the k loop.
// CHECK-LABEL: func.func @second_reduction_outside_k
// CHECK-NOT:     vector.multi_reduction
// CHECK:         scf.for %{{.*}} = %c0 to %c3 step %c1 iter_args
// CHECK:           scf.for %{{.*}} = %c0 to %c32 step %c1 iter_args
// CHECK:             vector.contract {{.*}} : vector<4x1xf32>, vector<5x1x1xf32> into vector<4x5xf32>
// CHECK-NOT:     vector.multi_reduction
// LLVM-LABEL:  llvm.func @second_reduction_outside_k
func.func @second_reduction_outside_k(%x: tensor<4x32xf32>, %w: tensor<5x3x32xf32>) -> tensor<4x5xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<4x5xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x5xf32>) -> tensor<4x5xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%x, %w : tensor<4x32xf32>, tensor<5x3x32xf32>) outs(%1 : tensor<4x5xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %3 = arith.mulf %in, %in_0 : f32
    %4 = arith.addf %3, %out : f32
    linalg.yield %4 : f32
  } -> tensor<4x5xf32>
  return %2 : tensor<4x5xf32>
}
