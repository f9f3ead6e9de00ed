// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-gpu-map)' | FileCheck %s

// Elementwise: blocks of 1 x 256 elements (x = the contiguous dim), one element per thread; the
// partial last block (300 = 256 + 44) is masked by the threads' affine.min bounds.
// CHECK-LABEL: func.func @elementwise
// CHECK:         scf.forall (%[[BY:.*]], %[[BX:.*]]) in (1000, 2) shared_outs
// CHECK:           %[[COL:.*]] = affine.apply #{{.*}}(%[[BX]])
// CHECK:           %[[W:.*]] = affine.min #{{.*}}(%[[BX]])
// CHECK:           tensor.extract_slice %{{.*}}[%[[BY]], %[[COL]]] [1, %[[W]]] [1, 1]
// CHECK:           scf.forall (%{{.*}}, %{{.*}}) in (1, 256) shared_outs
// CHECK:             math.tanh
// CHECK:           } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
// CHECK:         } {mapping = [#gpu.block<y>, #gpu.block<x>]}
// CHECK-NOT:     linalg.generic

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @elementwise(%a: tensor<1000x300xf32>, %b: tensor<1000x300xf32>) -> tensor<1000x300xf32> {
  %e = tensor.empty() : tensor<1000x300xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<1000x300xf32>, tensor<1000x300xf32>) outs(%e : tensor<1000x300xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %t = math.tanh %s : f32
    linalg.yield %t : f32
  } -> tensor<1000x300xf32>
  return %r : tensor<1000x300xf32>
}

// -----

// Contraction: 32x32 output tiles per block (100x70 -> 4x3 blocks, partial at both edges),
// 8x32 threads each computing a 4x1 sub-tile over the whole reduction (partial tiles: operands
// read from global memory, not staged); the fill is fused into the thread loop, not a kernel of
// its own.
// CHECK-LABEL: func.func @matmul
// CHECK:         scf.forall (%{{.*}}, %{{.*}}) in (4, 3) shared_outs
// CHECK:           scf.forall (%{{.*}}, %{{.*}}) in (8, 32) shared_outs
// CHECK:             %[[FILL:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%cst : f32)
// CHECK:             linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins({{.*}} : tensor<?x64xf32>, tensor<64x?xf32>) outs(%[[FILL]] : tensor<?x?xf32>)
// CHECK:           } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
// CHECK:         } {mapping = [#gpu.block<y>, #gpu.block<x>]}
// CHECK-NEXT:    return

func.func @matmul(%a: tensor<100x64xf32>, %b: tensor<64x70xf32>) -> tensor<100x70xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<100x70xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<100x70xf32>) -> tensor<100x70xf32>
  %r = linalg.matmul ins(%a, %b : tensor<100x64xf32>, tensor<64x70xf32>) outs(%f : tensor<100x70xf32>) -> tensor<100x70xf32>
  return %r : tensor<100x70xf32>
}

// -----

// Row reduction: one block per row, 128 threads each reducing a share of the row into a
// 1x128 partial tensor (shared memory after bufferization), then one thread combines the
// partials into the init, which one thread filled: four thread loops (three barriers).
// CHECK-LABEL: func.func @row_sum
// CHECK:         scf.forall (%[[ROW:.*]]) in (6) shared_outs
// CHECK:           %[[INIT:.*]] = scf.forall (%{{.*}}) in (1) shared_outs
// CHECK:           } {mapping = [#gpu.thread<x>]}
// CHECK:           %[[PARTIAL:.*]] = tensor.empty() : tensor<1x128xf32>
// CHECK:           %[[ZERO:.*]] = scf.forall (%{{.*}}) in (128) shared_outs(%{{.*}} = %[[PARTIAL]])
// CHECK:           } {mapping = [#gpu.thread<x>]}
// CHECK:           %[[SPLIT:.*]] = scf.forall (%{{.*}}) in (128) shared_outs(%{{.*}} = %[[ZERO]])
// CHECK:             linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : tensor<1x?xf32>)
// CHECK:           } {mapping = [#gpu.thread<x>]}
// CHECK:           scf.forall (%{{.*}}) in (1) shared_outs(%{{.*}} = %[[INIT]])
// CHECK:             linalg.generic {{.*}} ins(%[[SPLIT]] : tensor<1x128xf32>)
// CHECK:           } {mapping = [#gpu.thread<x>]}
// CHECK:         } {mapping = [#gpu.block<x>]}

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @row_sum(%a: tensor<6x1000xf32>) -> tensor<6xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<6x1000xf32>) outs(%f : tensor<6xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<6xf32>
  return %r : tensor<6xf32>
}

// -----

// A dynamic row count: the grid is static (64 blocks over the rows, each taking a share); the
// 40 static columns in 2 blocks of 20, one column per thread (x), 8 row shares per block (y).
// CHECK-LABEL: func.func @dynamic_rows
// CHECK:         %[[N:.*]] = tensor.dim
// CHECK:         scf.forall (%[[B:.*]], %{{.*}}) in (64, 2) shared_outs
// CHECK:           %[[ROWS:.*]] = affine.min #{{.*}}(%[[B]])[%[[N]]]
// CHECK:           tensor.extract_slice {{.*}} [%{{.*}}, 20] [1, 1] : tensor<?x40xf32> to tensor<?x20xf32>
// CHECK:           scf.forall (%{{.*}}, %{{.*}}) in (8, 32) shared_outs
// CHECK:             math.exp

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @dynamic_rows(%a: tensor<?x40xf32>) -> tensor<?x40xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x40xf32>
  %e = tensor.empty(%n) : tensor<?x40xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<?x40xf32>) outs(%e : tensor<?x40xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = math.exp %x : f32
    linalg.yield %t : f32
  } -> tensor<?x40xf32>
  return %r : tensor<?x40xf32>
}

// -----

// An argmax-like reduction (two results, a select on the index): partial results over thread
// shares would not combine with its body, so each thread computes whole rows, the reduction
// sequential in the thread: no partial tensor, no reduction split.
// CHECK-LABEL: func.func @argmax_rows
// CHECK:         scf.forall (%{{.*}}) in (2) shared_outs
// CHECK:           scf.forall (%{{.*}}) in (32) shared_outs
// CHECK:             linalg.index 1
// CHECK:           } {mapping = [#gpu.thread<x>]}
// CHECK:         } {mapping = [#gpu.block<x>]}
// CHECK-NOT:     tensor<1x128
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @argmax_rows(%a: tensor<64x1000xf32>, %m0: tensor<64xf32>, %i0: tensor<64xi64>) -> (tensor<64xf32>, tensor<64xi64>) {
  %r:2 = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<64x1000xf32>) outs(%m0, %i0 : tensor<64xf32>, tensor<64xi64>) {
  ^bb0(%x: f32, %m: f32, %i: i64):
    %k = linalg.index 1 : index
    %ki = arith.index_cast %k : index to i64
    %gt = arith.cmpf ogt, %x, %m : f32
    %nm = arith.select %gt, %x, %m : f32
    %ni = arith.select %gt, %ki, %i : i64
    linalg.yield %nm, %ni : f32, i64
  } -> (tensor<64xf32>, tensor<64xi64>)
  return %r#0, %r#1 : tensor<64xf32>, tensor<64xi64>
}

// -----

// A contraction in full tiles (128x64 by 32x32, k = 256 in steps of 32): at each k step the
// 32x32 tiles of A and B are copied into block-local tensors (shared memory after bufferization)
// by the block's 8x32 threads, then each thread accumulates its 4x1 outputs from them.
// CHECK-LABEL: func.func @matmul_staged
// CHECK:         scf.forall (%{{.*}}, %{{.*}}) in (4, 2) shared_outs
// CHECK:           %[[INIT:.*]] = scf.forall (%{{.*}}, %{{.*}}) in (8, 32) shared_outs
// CHECK:           } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
// CHECK:           scf.for %[[K:.*]] = %c0 to %c256 step %c32 iter_args(%[[ACC:.*]] = %[[INIT]])
// CHECK:             %[[A:.*]] = tensor.extract_slice %{{.*}}[0, %[[K]]] [32, 32] [1, 1] : tensor<32x256xf32> to tensor<32x32xf32>
// CHECK:             %[[B:.*]] = tensor.extract_slice %{{.*}}[%[[K]], 0] [32, 32] [1, 1] : tensor<256x32xf32> to tensor<32x32xf32>
// CHECK:             %[[SA:.*]] = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<32x32xf32>
// CHECK:             %[[CA:.*]] = scf.forall (%{{.*}}, %{{.*}}) in (8, 32) shared_outs(%{{.*}} = %[[SA]])
// CHECK:               tensor.extract_slice %[[A]]
// CHECK:             %[[SB:.*]] = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<32x32xf32>
// CHECK:             %[[CB:.*]] = scf.forall (%{{.*}}, %{{.*}}) in (8, 32) shared_outs(%{{.*}} = %[[SB]])
// CHECK:               tensor.extract_slice %[[B]]
// CHECK:             scf.forall (%{{.*}}, %{{.*}}) in (8, 32) shared_outs(%{{.*}} = %[[ACC]])
// CHECK:               tensor.extract_slice %[[CA]]
// CHECK:               tensor.extract_slice %[[CB]]
// CHECK:               linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins({{.*}} : tensor<4x32xf32>, tensor<32x1xf32>)
func.func @matmul_staged(%a: tensor<128x256xf32>, %b: tensor<256x64xf32>) -> tensor<128x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x64xf32>) -> tensor<128x64xf32>
  %r = linalg.matmul ins(%a, %b : tensor<128x256xf32>, tensor<256x64xf32>) outs(%f : tensor<128x64xf32>) -> tensor<128x64xf32>
  return %r : tensor<128x64xf32>
}

// -----

// A map that reads a dim backwards (the weight flip of a transposed convolution: -d2 + 2) cannot
// be tiled (upstream tiling asserts on a negative coefficient): the op runs whole, as a kernel of
// one block of one thread, not tiled.
// CHECK-LABEL: func.func @flip
// CHECK:         scf.forall (%{{.*}}) in (1) shared_outs
// CHECK:           scf.forall (%{{.*}}) in (1) shared_outs
// CHECK:             linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}], iterator_types = ["parallel", "parallel", "parallel"]} ins(%{{.*}} : tensor<4x6x3xf32>) outs(%{{.*}} : tensor<6x4x3xf32>)
// CHECK:           } {mapping = [#gpu.thread<x>]}
// CHECK:         } {mapping = [#gpu.block<x>]}

#src = affine_map<(d0, d1, d2) -> (d1, d0, -d2 + 2)>
#dst = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @flip(%w: tensor<4x6x3xf32>) -> tensor<6x4x3xf32> {
  %e = tensor.empty() : tensor<6x4x3xf32>
  %r = linalg.generic {indexing_maps = [#src, #dst], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%w : tensor<4x6x3xf32>) outs(%e : tensor<6x4x3xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<6x4x3xf32>
  return %r : tensor<6x4x3xf32>
}
