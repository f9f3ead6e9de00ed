// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-tile{vector-bits=512 cores=2 l2-bytes=65536})' | FileCheck %s

// The packed kernel with 32 registers (strategy.packed_blocks), here on a host of 64 KiB of L2: a
// 256-row x 1-panel thread tile of 8 x 32 register blocks. A k of 300, whose 32-wide panel (37.5
// KiB) is more than half of L2, runs in k blocks whose panel fills a quarter of it (128 steps:
// 128, 128 and a partial 44). The C tile is filled once, before the k blocks, and accumulates
// across them (each register block reads and writes it per block); bias + ReLU runs once, after
// the last block, as its own loop over C (not in the k blocks).
// CHECK-LABEL: func.func @linear_relu_k_blocks
// CHECK:         %[[C:.*]] = scf.forall (%[[I:.*]], %[[J:.*]]) in (2, 8) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<512x8x32xf32>)
// CHECK:           %[[FILLED:.*]] = scf.for %{{.*}} = %c0 to %c256 step %c8
// CHECK:             vector.transfer_write %{{.*}} : vector<8x1x32xf32>, tensor<8x1x32xf32>
// CHECK:           scf.for %[[K0:.*]] = %c0 to %c300 step %c128 iter_args(%{{.*}} = %[[FILLED]]) -> (tensor<256x1x32xf32>)
// CHECK:             %[[KC:.*]] = affine.min #{{.*}}(%[[K0]])
// CHECK:             scf.for %{{.*}} = %c0 to %c256 step %c8
// CHECK:               %[[TILE:.*]] = vector.transfer_read
// CHECK:               scf.for %{{.*}} = %c0 to %[[KC]] step %c1 iter_args(%{{.*}} = %[[TILE]]) -> (vector<8x1x32xf32>)
// CHECK-NOT:             arith.maximumf
// CHECK:                 vector.contract {{.*}} : vector<8x1xf32>, vector<1x1x32xf32> into vector<8x1x32xf32>
// CHECK-NOT:       arith.maximumf
// CHECK:           scf.forall.in_parallel
// CHECK:         %[[E:.*]] = scf.forall
// CHECK:           tensor.extract_slice %[[C]]
// CHECK:           arith.addf
// CHECK:           arith.maximumf
// CHECK:         tensor.collapse_shape %[[E]]

#x = affine_map<(d0, d1, d2) -> (d0, d2)>
#w = affine_map<(d0, d1, d2) -> (d1, d2)>
#o = affine_map<(d0, d1, d2) -> (d0, d1)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @linear_relu_k_blocks(%x: tensor<512x300xf32>, %w: tensor<256x300xf32>, %bias: tensor<256xf32>) -> tensor<512x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<512x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<512x256xf32>) -> tensor<512x256xf32>
  %mm = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : tensor<512x300xf32>, tensor<256x300xf32>) outs(%f : tensor<512x256xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<512x256xf32>
  %e2 = tensor.empty() : tensor<512x256xf32>
  %r = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<512x256xf32>, tensor<256xf32>) outs(%e2 : tensor<512x256xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    %y = arith.maximumf %s, %zero : f32
    linalg.yield %y : f32
  } -> tensor<512x256xf32>
  return %r : tensor<512x256xf32>
}

// -----

// A k of 256 (a 32 KiB panel, half of L2) runs whole in each register block: no k blocks, and
// bias + ReLU applied to the accumulators in registers, after the k loop, in the same thread tile.
// CHECK-LABEL: func.func @linear_relu_whole_k
// CHECK:         scf.forall (%{{.*}}, %{{.*}}) in (2, 8) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<512x8x32xf32>)
// CHECK-NOT:       step %c128
// CHECK:           scf.for %{{.*}} = %c0 to %c256 step %c8
// CHECK:             %[[ACC:.*]] = scf.for %{{.*}} = %c0 to %c256 step %c1 iter_args(%{{.*}} = %{{.*}}) -> (vector<8x1x32xf32>)
// CHECK:               vector.contract {{.*}} : vector<8x1xf32>, vector<1x1x32xf32> into vector<8x1x32xf32>
// CHECK:             %[[BIASED:.*]] = arith.addf %[[ACC]], %{{.*}} : vector<8x1x32xf32>
// CHECK:             arith.maximumf %[[BIASED]], %{{.*}} : vector<8x1x32xf32>
// CHECK:           scf.forall.in_parallel
// CHECK-NOT:     scf.forall
// CHECK:         return

#x = affine_map<(d0, d1, d2) -> (d0, d2)>
#w = affine_map<(d0, d1, d2) -> (d1, d2)>
#o = affine_map<(d0, d1, d2) -> (d0, d1)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @linear_relu_whole_k(%x: tensor<512x256xf32>, %w: tensor<256x256xf32>, %bias: tensor<256xf32>) -> tensor<512x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<512x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<512x256xf32>) -> tensor<512x256xf32>
  %mm = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : tensor<512x256xf32>, tensor<256x256xf32>) outs(%f : tensor<512x256xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<512x256xf32>
  %e2 = tensor.empty() : tensor<512x256xf32>
  %r = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<512x256xf32>, tensor<256xf32>) outs(%e2 : tensor<512x256xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    %y = arith.maximumf %s, %zero : f32
    linalg.yield %y : f32
  } -> tensor<512x256xf32>
  return %r : tensor<512x256xf32>
}
