// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-contract-operands)' | FileCheck %s
// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-to-llvm)' | FileCheck %s --check-prefix=LLVM

// A reduction dim that only one operand of a vector.contract indexes (what reduction_to_contract
// makes of the vectorized tile of `(x[:, None, :, None] * w[None]).sum((2, 3))`): upstream's
// contraction lowerings abort on it (`cast<VectorType>` of a scalar). The operand that lacks the
// dim is broadcast over it, as a new leading dim its map indexes with that dim.

// CHECK-DAG:   #[[$LHS:.*]] = affine_map<(d0, d1, d2, d3) -> (d3, d0, d2)>
// CHECK-DAG:   #[[$RHS:.*]] = affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>
// CHECK-DAG:   #[[$ACC:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
// CHECK-LABEL: func.func @lhs_lacks_unit_dim
// CHECK-SAME:    (%[[A:.*]]: vector<4x1xf32>, %[[B:.*]]: vector<5x1x1xf32>, %[[C:.*]]: vector<4x5xf32>)
// CHECK:         %[[WIDE:.*]] = vector.broadcast %[[A]] : vector<4x1xf32> to vector<1x4x1xf32>
// CHECK:         %[[R:.*]] = vector.contract {indexing_maps = [#[[$LHS]], #[[$RHS]], #[[$ACC]]],
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "reduction", "reduction"]
// CHECK-SAME:      %[[WIDE]], %[[B]], %[[C]] : vector<1x4x1xf32>, vector<5x1x1xf32> into vector<4x5xf32>
// CHECK:         return %[[R]]
// LLVM-LABEL:  llvm.func @lhs_lacks_unit_dim
func.func @lhs_lacks_unit_dim(%a: vector<4x1xf32>, %b: vector<5x1x1xf32>, %c: vector<4x5xf32>) -> vector<4x5xf32> {
  %0 = vector.contract {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2)>, affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<4x1xf32>, vector<5x1x1xf32> into vector<4x5xf32>
  return %0 : vector<4x5xf32>
}

// -----

// Two dims (of 3 and 2, not unit) that the rhs lacks: broadcast over both, in the order of the dims.
// CHECK-DAG:   #[[$LHS:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d2, d3, d4)>
// CHECK-DAG:   #[[$RHS:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d2, d3, d4, d1)>
// CHECK-LABEL: func.func @rhs_lacks_two_dims
// CHECK-SAME:    (%[[A:.*]]: vector<4x3x2x8xf32>, %[[B:.*]]: vector<8x5xf32>, %[[C:.*]]: vector<4x5xf32>)
// CHECK:         %[[WIDE:.*]] = vector.broadcast %[[B]] : vector<8x5xf32> to vector<3x2x8x5xf32>
// CHECK:         vector.contract {indexing_maps = [#[[$LHS]], #[[$RHS]], #{{.*}}]
// CHECK-SAME:      %[[A]], %[[WIDE]], %[[C]] : vector<4x3x2x8xf32>, vector<3x2x8x5xf32> into vector<4x5xf32>
// LLVM-LABEL:  llvm.func @rhs_lacks_two_dims
func.func @rhs_lacks_two_dims(%a: vector<4x3x2x8xf32>, %b: vector<8x5xf32>, %c: vector<4x5xf32>) -> vector<4x5xf32> {
  %0 = vector.contract {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d4, d1)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<4x3x2x8xf32>, vector<8x5xf32> into vector<4x5xf32>
  return %0 : vector<4x5xf32>
}

// -----

// A masked contraction (a partial tile): the broadcast goes before the vector.mask, whose region
// holds the contraction alone; the mask covers the iteration space, which does not change.
// CHECK-DAG:   #[[$LHS:.*]] = affine_map<(d0, d1, d2) -> (d2, d0, d1)>
// CHECK-LABEL: func.func @masked
// CHECK-SAME:    (%[[A:.*]]: vector<4x8xf32>, %[[B:.*]]: vector<8x2xf32>, %[[C:.*]]: vector<4xf32>, %[[M:.*]]: vector<4x8x2xi1>)
// CHECK:         %[[WIDE:.*]] = vector.broadcast %[[A]] : vector<4x8xf32> to vector<2x4x8xf32>
// CHECK-NEXT:    vector.mask %[[M]] { vector.contract {indexing_maps = [#[[$LHS]], #{{.*}}, #{{.*}}]
// CHECK-SAME:      %[[WIDE]], %[[B]], %[[C]] : vector<2x4x8xf32>, vector<8x2xf32> into vector<4xf32> }
// LLVM-LABEL:  llvm.func @masked
func.func @masked(%a: vector<4x8xf32>, %b: vector<8x2xf32>, %c: vector<4xf32>, %m: vector<4x8x2xi1>) -> vector<4xf32> {
  %0 = vector.mask %m { vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<4x8xf32>, vector<8x2xf32> into vector<4xf32> } : vector<4x8x2xi1> -> vector<4xf32>
  return %0 : vector<4xf32>
}

// -----

// Every reduction dim in both operands (a matmul): unchanged.
// CHECK-LABEL: func.func @matmul_unchanged
// CHECK-SAME:    (%[[A:.*]]: vector<4x8xf32>, %[[B:.*]]: vector<8x16xf32>, %[[C:.*]]: vector<4x16xf32>)
// CHECK-NOT:     vector.broadcast
// CHECK:         vector.contract {{.*}} %[[A]], %[[B]], %[[C]] : vector<4x8xf32>, vector<8x16xf32> into vector<4x16xf32>
// LLVM-LABEL:  llvm.func @matmul_unchanged
func.func @matmul_unchanged(%a: vector<4x8xf32>, %b: vector<8x16xf32>, %c: vector<4x16xf32>) -> vector<4x16xf32> {
  %0 = vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<4x8xf32>, vector<8x16xf32> into vector<4x16xf32>
  return %0 : vector<4x16xf32>
}
