// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-tile{vector-bits=512 cores=2})' | FileCheck %s

// An elementwise op that reads an input transposed (its innermost dim is another loop than the
// output's innermost, the vectors' lanes) is tiled in 16 x 16 register blocks over those two loops
// (codegen/transposed_reads.py, strategy.plan_transposed_blocks): 16 rows read contiguously from
// the input, transposed in registers, 16 rows written contiguously. (With a vector along the lanes
// only, every vector gathered its elements a row apart: masked at a dynamic size, LLVM scalarized
// the gather with a branch per lane.) 32- and 64-bit blocks are transposed by AVX-512's network
// of 16-wide shuffles, full and partial blocks alike.

// x.transpose(1, 2) of a static [8, 16, 256]: one block per 16 columns of the input's rows.
// CHECK-LABEL: func.func @static_f32
// CHECK:         scf.forall (%{{.*}}) in (8)
// CHECK:           scf.for %[[C:.*]] = %c0 to %c256 step %c16
// CHECK:             %[[IN:.*]] = tensor.extract_slice %{{.*}}[0, 0, %[[C]]] [1, 16, 16] [1, 1, 1] : tensor<1x16x256xf32> to tensor<1x16x16xf32>
// CHECK:             vector.transfer_read %[[IN]]{{.*}} : tensor<1x16x16xf32>, vector<16x16xf32>
// CHECK-COUNT-64:    vector.shuffle {{.*}} : vector<16xf32>, vector<16xf32>
// CHECK-NOT:         vector.transpose
// CHECK:             vector.transfer_write %{{.*}} : vector<16x16xf32>, tensor<1x16x16xf32>
#in = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @static_f32(%x: tensor<8x16x256xf32>) -> tensor<8x256x16xf32> {
  %e = tensor.empty() : tensor<8x256x16xf32>
  %r = linalg.generic {indexing_maps = [#in, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<8x16x256xf32>) outs(%e : tensor<8x256x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<8x256x16xf32>
  return %r : tensor<8x256x16xf32>
}

// -----

// A symbolic batch (the outer loop): the same blocks, no masks.
// CHECK-LABEL: func.func @dynamic_outer_f32
// CHECK:         scf.forall (%{{.*}}) in (%{{.*}})
// CHECK:           scf.for %{{.*}} = %c0 to %c256 step %c16
// CHECK-NOT:         vector.create_mask
// CHECK:             vector.transfer_read {{.*}} : tensor<1x16x16xf32>, vector<16x16xf32>
// CHECK-COUNT-64:    vector.shuffle
// CHECK:             vector.transfer_write %{{.*}} : vector<16x16xf32>, tensor<1x16x16xf32>
// CHECK-NOT:     vector.transpose
#in = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @dynamic_outer_f32(%x: tensor<?x16x256xf32>) -> tensor<?x256x16xf32> {
  %c0 = arith.constant 0 : index
  %b = tensor.dim %x, %c0 : tensor<?x16x256xf32>
  %e = tensor.empty(%b) : tensor<?x256x16xf32>
  %r = linalg.generic {indexing_maps = [#in, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<?x16x256xf32>) outs(%e : tensor<?x256x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<?x256x16xf32>
  return %r : tensor<?x256x16xf32>
}

// -----

// A symbolic batch and sequence, the sequence the output's lanes (attention's K^T): the loop over
// the sequence's blocks is peeled. Full blocks as above; the remainder (fewer than 16 rows of the
// input, columns of the output) is one block under masks, transposed by the same shuffles: masked
// loads of its rows, masked stores of its columns. (Not a 16-lane gather per output row.)
// CHECK-LABEL: func.func @dynamic_both_f32
// CHECK:         scf.forall (%{{.*}}) in (%{{.*}})
// CHECK:           scf.for %{{.*}} = %c0 to %c256 step %c16
// CHECK:             %[[FULL:.*]] = affine.apply
// CHECK:             scf.for %{{.*}} = %c0 to %[[FULL]] step %c16
// CHECK-NOT:           vector.create_mask
// CHECK:               vector.transfer_read {{.*}} : tensor<1x16x16xf32>, vector<16x16xf32>
// CHECK-COUNT-64:      vector.shuffle
// CHECK:               vector.transfer_write %{{.*}} : vector<16x16xf32>, tensor<1x16x16xf32>
// CHECK:             scf.for %{{.*}} = %[[FULL]] to %{{.*}} step %c16
// CHECK:               %[[ROWS:.*]] = vector.create_mask %[[REST:.*]], %c16 : vector<16x16xi1>
// CHECK:               vector.transfer_read {{.*}}, %[[ROWS]] {{.*}} : tensor<1x?x16xf32>, vector<16x16xf32>
// CHECK-COUNT-64:      vector.shuffle
// CHECK:               %[[COLS:.*]] = vector.create_mask %c16, %[[REST]] : vector<16x16xi1>
// CHECK:               vector.transfer_write {{.*}}, %[[COLS]] {{.*}} : vector<16x16xf32>, tensor<1x16x?xf32>
// CHECK-NOT:     vector.transpose
#in = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @dynamic_both_f32(%x: tensor<?x?x256xf32>) -> tensor<?x256x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = tensor.dim %x, %c0 : tensor<?x?x256xf32>
  %s = tensor.dim %x, %c1 : tensor<?x?x256xf32>
  %e = tensor.empty(%b, %s) : tensor<?x256x?xf32>
  %r = linalg.generic {indexing_maps = [#in, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<?x?x256xf32>) outs(%e : tensor<?x256x?xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<?x256x?xf32>
  return %r : tensor<?x256x?xf32>
}

// -----

// A 2-D x.t() whose rows (the input's contiguous loop) are split across threads: each thread
// tile is a whole number of blocks (16 rows), never 1 row.
// CHECK-LABEL: func.func @two_d_thread_rows
// CHECK:         scf.forall (%{{.*}}) in (32)
// CHECK:           %[[R:.*]] = affine.apply
// CHECK:           tensor.extract_slice %{{.*}}[0, %[[R]]] [512, 16] [1, 1]
// CHECK:           scf.for %{{.*}} = %c0 to %c512 step %c16
// CHECK:             vector.transfer_read {{.*}} : tensor<16x16xf32>, vector<16x16xf32>
// CHECK-COUNT-64:    vector.shuffle
#in = affine_map<(d0, d1) -> (d1, d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @two_d_thread_rows(%x: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %e = tensor.empty() : tensor<512x512xf32>
  %r = linalg.generic {indexing_maps = [#in, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<512x512xf32>) outs(%e : tensor<512x512xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<512x512xf32>
  return %r : tensor<512x512xf32>
}

// -----

// K^T of nn.MultiheadAttention: [L, N, H, d] -> [N, H, d, L] with L and N symbolic, fused with a
// scale. The blocks are over d (the input's contiguous loop) and L.
// CHECK-LABEL: func.func @k_transposed_scaled
// CHECK:           scf.for %{{.*}} = %c0 to %c4 step %c1
// CHECK:             scf.for
// CHECK:               vector.transfer_read {{.*}} : tensor<16x1x1x16xf32>, vector<16x1x1x16xf32>
// CHECK-COUNT-64:      vector.shuffle
// CHECK:               arith.mulf {{.*}} : vector<16x16xf32>
// CHECK:               vector.transfer_write {{.*}} : vector<16x16xf32>, tensor<1x1x16x16xf32>
// CHECK:             scf.for
// CHECK:               vector.create_mask
// CHECK-COUNT-64:      vector.shuffle
// CHECK:               arith.mulf {{.*}} : vector<16x16xf32>
#in = affine_map<(d0, d1, d2, d3) -> (d3, d0, d1, d2)>
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @k_transposed_scaled(%k: tensor<?x?x4x16xf32>) -> tensor<?x4x16x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %l = tensor.dim %k, %c0 : tensor<?x?x4x16xf32>
  %n = tensor.dim %k, %c1 : tensor<?x?x4x16xf32>
  %scale = arith.constant 0.25 : f32
  %e = tensor.empty(%n, %l) : tensor<?x4x16x?xf32>
  %r = linalg.generic {indexing_maps = [#in, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%k : tensor<?x?x4x16xf32>) outs(%e : tensor<?x4x16x?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %scale : f32
    linalg.yield %m : f32
  } -> tensor<?x4x16x?xf32>
  return %r : tensor<?x4x16x?xf32>
}

// -----

// A symbolic size on the input's contiguous loop (the output's rows): full blocks, and the
// remainder one block masked along the input's rows (each a masked load) and the output's rows
// (each store under its row's mask), not its rows one at a time (a 16-element gather each).
// CHECK-LABEL: func.func @dynamic_rows_f32
// CHECK:           %[[FULL:.*]] = affine.apply
// CHECK:           scf.for %{{.*}} = %c0 to %[[FULL]] step %c16
// CHECK:             vector.transfer_read {{.*}} : tensor<1x16x16xf32>, vector<16x16xf32>
// CHECK-COUNT-64:    vector.shuffle
// CHECK:           scf.for %{{.*}} = %[[FULL]] to %{{.*}} step %c16
// CHECK-NOT:         step %c1 iter_args
// CHECK-DAG:         %[[IN_MASK:.*]] = vector.create_mask %c16, %[[REST:[^ ]*]] : vector<16x16xi1>
// CHECK-DAG:         %[[OUT_MASK:.*]] = vector.create_mask %[[REST]], %c16 : vector<16x16xi1>
// CHECK:             vector.transfer_read {{.*}}, %[[IN_MASK]] {{.*}} : tensor<1x16x?xf32>, vector<16x16xf32>
// CHECK-COUNT-64:    vector.shuffle
// CHECK:             vector.transfer_write {{.*}}, %[[OUT_MASK]] {{.*}} : vector<16x16xf32>, tensor<1x?x16xf32>
#in = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @dynamic_rows_f32(%x: tensor<8x256x?xf32>) -> tensor<8x?x256xf32> {
  %c2 = arith.constant 2 : index
  %s = tensor.dim %x, %c2 : tensor<8x256x?xf32>
  %e = tensor.empty(%s) : tensor<8x?x256xf32>
  %r = linalg.generic {indexing_maps = [#in, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<8x256x?xf32>) outs(%e : tensor<8x?x256xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<8x?x256xf32>
  return %r : tensor<8x?x256xf32>
}

// -----

// i64 (64-bit elements: the shuffle network too), the lanes symbolic.
// CHECK-LABEL: func.func @dynamic_both_i64
// CHECK:             vector.transfer_read {{.*}} : tensor<1x16x16xi64>, vector<16x16xi64>
// CHECK-COUNT-64:    vector.shuffle {{.*}} : vector<16xi64>, vector<16xi64>
// CHECK:             vector.create_mask
// CHECK-COUNT-64:    vector.shuffle {{.*}} : vector<16xi64>, vector<16xi64>
// CHECK-NOT:     vector.transpose
#in = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @dynamic_both_i64(%x: tensor<?x?x64xi64>) -> tensor<?x64x?xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = tensor.dim %x, %c0 : tensor<?x?x64xi64>
  %s = tensor.dim %x, %c1 : tensor<?x?x64xi64>
  %e = tensor.empty(%b, %s) : tensor<?x64x?xi64>
  %r = linalg.generic {indexing_maps = [#in, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<?x?x64xi64>) outs(%e : tensor<?x64x?xi64>) {
  ^bb0(%a: i64, %o: i64):
    linalg.yield %a : i64
  } -> tensor<?x64x?xi64>
  return %r : tensor<?x64x?xi64>
}

// -----

// f16: the same blocks; the block's transpose stays one vector.transpose (lowered later as one
// shuffle of the block, which ran as fast as the network for 8- and 16-bit elements).
// CHECK-LABEL: func.func @dynamic_both_f16
// CHECK:             vector.transfer_read {{.*}} : tensor<1x16x16xf16>, vector<1x16x16xf16>
// CHECK:             vector.transpose {{.*}} : vector<1x16x16xf16> to vector<1x16x16xf16>
// CHECK:             vector.transfer_write {{.*}} : vector<1x16x16xf16>, tensor<1x16x16xf16>
// CHECK:             vector.create_mask
// CHECK:             vector.transpose {{.*}} : vector<1x16x16xf16> to vector<1x16x16xf16>
// CHECK-NOT:     vector.shuffle
#in = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @dynamic_both_f16(%x: tensor<?x?x64xf16>) -> tensor<?x64x?xf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = tensor.dim %x, %c0 : tensor<?x?x64xf16>
  %s = tensor.dim %x, %c1 : tensor<?x?x64xf16>
  %e = tensor.empty(%b, %s) : tensor<?x64x?xf16>
  %r = linalg.generic {indexing_maps = [#in, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<?x?x64xf16>) outs(%e : tensor<?x64x?xf16>) {
  ^bb0(%a: f16, %o: f16):
    linalg.yield %a : f16
  } -> tensor<?x64x?xf16>
  return %r : tensor<?x64x?xf16>
}

// -----

// Declined, the elementwise plan (one vector along the lanes, 64 f32) as before: a permute that
// keeps the innermost dim (whole rows move), a read broadcast along the lanes (a scalar per row),
// and a transposed read along a loop of 1 (contiguous after all). (The first copies whole
// rows of 64: the vectors fold away into slices.)
// CHECK-LABEL: func.func @keeps_rows
// CHECK:           scf.for %{{.*}} = %c0 to %c256 step %c64
// CHECK-NOT:     vector.shuffle
// CHECK-NOT:     vector<16x16xf32>
// CHECK-LABEL: func.func @broadcast_lanes
// CHECK:           vector.transfer_write {{.*}} : vector<1x1x64xf32>, tensor<1x1x64xf32>
// CHECK-NOT:     vector.shuffle
// CHECK-NOT:     vector<16x16xf32>
// CHECK-LABEL: func.func @unit_rows
// CHECK:           vector.transfer_read {{.*}} : tensor<1x64x1xf32>, vector<1x64x1xf32>
// CHECK-NOT:     vector.shuffle
// CHECK-NOT:     vector<16x16xf32>
#in = affine_map<(d0, d1, d2) -> (d1, d0, d2)>
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#bc = affine_map<(d0, d1, d2) -> (d0, d1)>
#in1 = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
func.func @keeps_rows(%x: tensor<16x?x256xf32>) -> tensor<?x16x256xf32> {
  %c1 = arith.constant 1 : index
  %s = tensor.dim %x, %c1 : tensor<16x?x256xf32>
  %e = tensor.empty(%s) : tensor<?x16x256xf32>
  %r = linalg.generic {indexing_maps = [#in, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<16x?x256xf32>) outs(%e : tensor<?x16x256xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<?x16x256xf32>
  return %r : tensor<?x16x256xf32>
}
func.func @broadcast_lanes(%x: tensor<?x16xf32>, %y: tensor<?x16x256xf32>) -> tensor<?x16x256xf32> {
  %c0 = arith.constant 0 : index
  %b = tensor.dim %x, %c0 : tensor<?x16xf32>
  %e = tensor.empty(%b) : tensor<?x16x256xf32>
  %r = linalg.generic {indexing_maps = [#bc, #id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %y : tensor<?x16xf32>, tensor<?x16x256xf32>) outs(%e : tensor<?x16x256xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<?x16x256xf32>
  return %r : tensor<?x16x256xf32>
}
func.func @unit_rows(%x: tensor<?x256x1xf32>) -> tensor<?x1x256xf32> {
  %c0 = arith.constant 0 : index
  %b = tensor.dim %x, %c0 : tensor<?x256x1xf32>
  %e = tensor.empty(%b) : tensor<?x1x256xf32>
  %r = linalg.generic {indexing_maps = [#in1, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<?x256x1xf32>) outs(%e : tensor<?x1x256xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<?x1x256xf32>
  return %r : tensor<?x1x256xf32>
}

// -----

// Declined, with scalar loops as before: bool (i1 is bit-packed as an LLVM vector in memory).
// CHECK-LABEL: func.func @bool_transpose
// CHECK-NOT:     vector.
#in = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @bool_transpose(%x: tensor<?x?x64xi1>) -> tensor<?x64x?xi1> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = tensor.dim %x, %c0 : tensor<?x?x64xi1>
  %s = tensor.dim %x, %c1 : tensor<?x?x64xi1>
  %e = tensor.empty(%b, %s) : tensor<?x64x?xi1>
  %r = linalg.generic {indexing_maps = [#in, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<?x?x64xi1>) outs(%e : tensor<?x64x?xi1>) {
  ^bb0(%a: i1, %o: i1):
    linalg.yield %a : i1
  } -> tensor<?x64x?xi1>
  return %r : tensor<?x64x?xi1>
}
