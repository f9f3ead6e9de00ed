// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-tile{vector-bits=512 cores=2 l1-bytes=1048576 l2-bytes=524288})' | FileCheck %s --check-prefix=AVX512
// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-tile{vector-bits=256 cores=2 l1-bytes=1048576 l2-bytes=524288})' | FileCheck %s --check-prefix=AVX2

// A 512^3 matmul: 64x256 tiles across threads (the fill fused into them), a 64-deep reduction
// block, an 8x32 (AVX-512) or 4x16 (AVX2) register block whose accumulator stays in registers.
// AVX512-LABEL: func.func @matmul
// AVX512:         scf.forall (%{{.*}}, %{{.*}}) in (8, 2) shared_outs
// AVX512:           vector.transfer_write %{{.*}} : vector<8x32xf32>, tensor<8x32xf32>
// AVX512:           scf.for %{{.*}} = %c0 to %c512 step %c64
// AVX512:             %[[ACC:.*]] = vector.transfer_read {{.*}} : tensor<8x32xf32>, vector<8x32xf32>
// AVX512-NEXT:        %[[SUM:.*]] = scf.for {{.*}} iter_args(%[[IT:.*]] = %[[ACC]]) -> (vector<8x32xf32>)
// AVX512:               vector.contract {{.*}} %[[IT]] : vector<8x1xf32>, vector<1x32xf32> into vector<8x32xf32>
// AVX512:             vector.transfer_write %[[SUM]]
// AVX512-NOT:     linalg.matmul
// AVX2-LABEL: func.func @matmul
// AVX2:         vector.contract {{.*}} : vector<4x1xf32>, vector<1x16xf32> into vector<4x16xf32>
// (Written as a linalg.generic, the form of im2col's and other contractions: a linalg.matmul
// with a B larger than L1 is packed into panels first, test/Codegen/tile-pack-b.mlir.)
#mm_a = affine_map<(m, n, k) -> (m, k)>
#mm_b = affine_map<(m, n, k) -> (k, n)>
#mm_c = affine_map<(m, n, k) -> (m, n)>
func.func @matmul(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<512x512xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<512x512xf32>) -> tensor<512x512xf32>
  %r = linalg.generic {indexing_maps = [#mm_a, #mm_b, #mm_c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<512x512xf32>, tensor<512x512xf32>) outs(%f : tensor<512x512xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<512x512xf32>
  return %r : tensor<512x512xf32>
}

// -----

// Dynamic rows: the loop over 8-row register blocks is peeled. The full blocks run the static
// kernel (no masks, the accumulator in registers across the reduction); the remainder rows, of a
// size known only at run time, run one static block of exactly their count (7 down to 1 rows,
// each tiled and peeled in turn), its k loop inside, no masks (a masked 8x32 tile was a masked
// move per row and k step). The fill's rows are tiled to 1.
// AVX512-LABEL: func.func @matmul_dynamic
// AVX512:         scf.forall
// AVX512:           scf.for %{{.*}} = %c0 to %{{.*}} step %c1
// AVX512:             vector.transfer_write %{{.*}} : vector<1x32xf32>, tensor<1x32xf32>
// AVX512:           scf.for %{{.*}} = %c0 to %c256 step %c64
// AVX512:             %[[FULL:.*]] = affine.apply
// AVX512-NEXT:        scf.for %{{.*}} = %c0 to %[[FULL]] step %c8
// AVX512:               scf.for {{.*}} -> (vector<8x32xf32>)
// AVX512:                 vector.contract {{.*}} : vector<8x1xf32>, vector<1x32xf32> into vector<8x32xf32>
// AVX512:             scf.for %{{.*}} = %[[FULL]] to
// AVX512:               scf.for %{{.*}} step %c7
// AVX512:                 scf.for %{{.*}} = %c0 to %c64 step %c1 iter_args(%{{.*}}) -> (vector<7x32xf32>)
// AVX512:                   vector.contract {{.*}} : vector<7x1xf32>, vector<1x32xf32> into vector<7x32xf32>
// AVX512:               scf.for %{{.*}} step %c7
// AVX512:                 scf.for %{{.*}} = %c0 to %{{.*}} step %c1
// AVX512:                   scf.for %{{.*}} = %c0 to %c64 step %c1 iter_args(%{{.*}}) -> (vector<1x32xf32>)
// AVX512:                     vector.contract {{.*}} : vector<1x1xf32>, vector<1x32xf32> into vector<1x32xf32>
// AVX512-NOT:     vector.mask
// AVX512-NOT:     vector.create_mask
// AVX512:         return
// AVX2-LABEL: func.func @matmul_dynamic
// (Written as a linalg.generic, the form of im2col's and other contractions: a linalg.matmul
// with a B larger than L1 is packed into panels first, test/Codegen/tile-pack-b.mlir.)
#mm_a = affine_map<(m, n, k) -> (m, k)>
#mm_b = affine_map<(m, n, k) -> (k, n)>
#mm_c = affine_map<(m, n, k) -> (m, n)>
func.func @matmul_dynamic(%a: tensor<?x256xf32>, %b: tensor<256x256xf32>) -> tensor<?x256xf32> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %a, %c0 : tensor<?x256xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%m) : tensor<?x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x256xf32>) -> tensor<?x256xf32>
  %r = linalg.generic {indexing_maps = [#mm_a, #mm_b, #mm_c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<?x256xf32>, tensor<256x256xf32>) outs(%f : tensor<?x256xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x256xf32>
  return %r : tensor<?x256xf32>
}

// -----

// An elementwise op on 1M elements: chunks of whole vectors across threads, 4 vectors per step.
// AVX512-LABEL: func.func @elementwise
// AVX512:         scf.forall (%{{.*}}) in (16)
// AVX512:           scf.for %{{.*}} = %c0 to %c65536 step %c64
// AVX512:             math.exp %{{.*}} : vector<64xf32>
// AVX2-LABEL: func.func @elementwise
// AVX2:             math.exp %{{.*}} : vector<32xf32>
func.func @elementwise(%x: tensor<1048576xf32>) -> tensor<1048576xf32> {
  %e = tensor.empty() : tensor<1048576xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<1048576xf32>) outs(%e : tensor<1048576xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = math.exp %a : f32
    linalg.yield %y : f32
  } -> tensor<1048576xf32>
  return %r : tensor<1048576xf32>
}

// -----

// A row sum over a contiguous dim: vector-wide partial sums in registers over the full steps
// (960 of 1000), the 40-element remainder peeled and masked, one horizontal reduction at the
// end (no per-step horizontal reduction).
// AVX512-LABEL: func.func @row_sum
// AVX512:         %[[PARTIAL:.*]] = scf.for %{{.*}} = %c0 to %c960 step %c64 iter_args({{.*}}) -> (vector<1x64xf32>)
// AVX512-NOT:       vector.constant_mask
// AVX512:           arith.addf %{{.*}}, %{{.*}} : vector<1x64xf32>
// AVX512:         vector.constant_mask [1, 40] : vector<1x64xi1>
// AVX512:         vector.multi_reduction <add>, %{{.*}}, %{{.*}} [1] : vector<1x64xf32> to vector<1xf32>
// AVX2-LABEL: func.func @row_sum
func.func @row_sum(%x: tensor<8x1000xf32>, %init: tensor<8xf32>) -> tensor<8xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<8x1000xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// A 2-D convolution becomes im2col, one block of output rows per scf.forall task: the task fills
// the column of its 4 rows (c x kh x kw x 4 x ow = 16x3x3x4x32 floats, 72 KiB: at most a quarter
// of the 512 KiB L2) by a copy per kernel tap from the window x[:, :, row + kh, kw], in a loop
// nest over the taps, and contracts it at once (a matmul (32, 144) x (144, 128)) into its
// (32, 4, 32) output tile: the column is read back from cache, not memory.
// AVX512-LABEL: func.func @conv
// AVX512-SAME:    (%[[X:.*]]: tensor<1x16x34x34xf32>
// AVX512:         scf.forall (%[[ROW:.*]]) = (0) to (32) step (4) shared_outs(%[[ACC:[^ ]*]] =
// AVX512:         %[[COL:.*]] = tensor.empty() : tensor<16x3x3x4x32xf32>
// AVX512:         scf.for %[[KH:.*]] = %c0 to %c3 step %c1 iter_args(%{{.*}} = %[[COL]])
// AVX512:         scf.for %[[KW:.*]] = %c0 to %c3 step %c1
// AVX512:         %[[Y:.*]] = arith.addi %[[ROW]], %[[KH]] : index
// AVX512:         tensor.extract_slice %[[X]][0, 0, %[[Y]], %[[KW]]] [1, 16, 4, 32] [1, 1, 1, 1]
// AVX512-NOT:     linalg.conv_2d_nchw_fchw
// AVX512:         tensor.collapse_shape %{{.*}} {{\[}}[0, 1, 2], [3, 4]] : tensor<16x3x3x4x32xf32> into tensor<144x128xf32>
// AVX512:         vector.contract {{.*}} : vector<8x1xf32>, vector<1x32xf32> into vector<8x32xf32>
// AVX512:         tensor.parallel_insert_slice %{{.*}} into %[[ACC]][0, 0, %[[ROW]], 0] [1, 32, 4, 32]
// AVX2-LABEL: func.func @conv
func.func @conv(%x: tensor<1x16x34x34xf32>, %k: tensor<32x16x3x3xf32>) -> tensor<1x32x32x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x32x32x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x32x32x32xf32>) -> tensor<1x32x32x32xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %k : tensor<1x16x34x34xf32>, tensor<32x16x3x3xf32>) outs(%init : tensor<1x32x32x32xf32>) -> tensor<1x32x32x32xf32>
  return %r : tensor<1x32x32x32xf32>
}

// -----

// x @ W^T (torch's linear layout, k contiguous in both inputs): a 4x4 block of 16-lane partial
// dot products accumulated with vector FMAs (mulf + addf that LLVM may contract), reduced across
// lanes once per block. (With 64 rows or more, W is packed into panels for the outer-product
// kernel instead: test/Codegen/tile-pack-b.mlir.)
// AVX512-LABEL: func.func @linear
// AVX512:         scf.forall
// AVX512:           %[[PARTIAL:.*]] = scf.for {{.*}} step %c16 {{.*}} -> (vector<4x4x16xf32>)
// AVX512:             %[[PROD:.*]] = arith.mulf %{{.*}}, %{{.*}} fastmath<contract> : vector<4x4x16xf32>
// AVX512:             arith.addf %{{.*}}, %[[PROD]] fastmath<contract> : vector<4x4x16xf32>
// AVX512:           vector.multi_reduction <add>, %[[PARTIAL]], %{{.*}} [2] : vector<4x4x16xf32> to vector<4x4xf32>
// AVX2-LABEL: func.func @linear
// AVX2:           -> (vector<4x3x8xf32>)
func.func @linear(%x: tensor<32x512xf32>, %w: tensor<1024x512xf32>) -> tensor<32x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x1024xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x1024xf32>) -> tensor<32x1024xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : tensor<32x512xf32>, tensor<1024x512xf32>) outs(%f : tensor<32x1024xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<32x1024xf32>
  return %r : tensor<32x1024xf32>
}

// -----

// A matmul with no rows has no iterations: it is left untiled (tiling it aborted the process in
// upstream's slice computation) and lowers to an empty loop nest.
// AVX512-LABEL: func.func @empty_matmul
// AVX512-NOT:     scf.forall
// AVX512:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<0x5xf32>, tensor<5x10xf32>)
// AVX2-LABEL: func.func @empty_matmul
func.func @empty_matmul(%a: tensor<0x5xf32>, %b: tensor<5x10xf32>) -> tensor<0x10xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<0x10xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<0x10xf32>) -> tensor<0x10xf32>
  %r = linalg.matmul ins(%a, %b : tensor<0x5xf32>, tensor<5x10xf32>) outs(%f : tensor<0x10xf32>) -> tensor<0x10xf32>
  return %r : tensor<0x10xf32>
}

// -----

// Thread tiles divide a static loop where a multiple of the register block in [tile / 2, tile]
// does: 3136 = 56 * 56 columns take 28 tiles of 112 (16-wide blocks, AVX2) or 14 of 224 (AVX-512,
// blocks of 32), not 128/256-wide tiles whose last one (64 wide) has a dynamic size, masked or peeled: no
// mask. 1681 = 41 * 41 has no such divisor: 128-wide tiles, the last one's register blocks
// peeled (full blocks unmasked, the remainder masked).
// AVX512-LABEL: func.func @matmul_3136_columns
// AVX512:         scf.forall (%{{.*}}) in (14) shared_outs
// AVX512-NOT:     vector.mask
// AVX512:         return
// AVX2-LABEL: func.func @matmul_3136_columns
// AVX2:         scf.forall (%{{.*}}) in (28) shared_outs
// AVX2-NOT:     affine.min
// AVX2:           tensor.extract_slice %{{.*}}[0, %{{.*}}] [64, 112] [1, 1]
// AVX2-NOT:     vector.mask
// AVX2:         return
// (Written as a linalg.generic, the form of im2col's and other contractions: a linalg.matmul
// with a B larger than L1 is packed into panels first, test/Codegen/tile-pack-b.mlir.)
#mm_a = affine_map<(m, n, k) -> (m, k)>
#mm_b = affine_map<(m, n, k) -> (k, n)>
#mm_c = affine_map<(m, n, k) -> (m, n)>
func.func @matmul_3136_columns(%a: tensor<64x147xf32>, %b: tensor<147x3136xf32>) -> tensor<64x3136xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x3136xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x3136xf32>) -> tensor<64x3136xf32>
  %r = linalg.generic {indexing_maps = [#mm_a, #mm_b, #mm_c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<64x147xf32>, tensor<147x3136xf32>) outs(%f : tensor<64x3136xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<64x3136xf32>
  return %r : tensor<64x3136xf32>
}

// -----

// AVX2-LABEL: func.func @matmul_1681_columns
// AVX2:         scf.forall (%{{.*}}) in (14) shared_outs
// AVX2:           affine.min
// AVX2:           vector.mask %{{.*}} { vector.contract
// AVX2:         return
func.func @matmul_1681_columns(%a: tensor<64x36xf32>, %b: tensor<36x1681xf32>) -> tensor<64x1681xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x1681xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x1681xf32>) -> tensor<64x1681xf32>
  %r = linalg.matmul ins(%a, %b : tensor<64x36xf32>, tensor<36x1681xf32>) outs(%f : tensor<64x1681xf32>) -> tensor<64x1681xf32>
  return %r : tensor<64x1681xf32>
}

// -----

// Compile time: an elementwise op's tile loops with constant trip counts are marked for LLVM not to
// unroll, all but the innermost (the rows of 32-wide vectors here); unmarked, LLVM unrolled such
// nests whole into one block of hundreds of vector loads and stores (im2col's column copy), which
// its machine schedulers take quadratic time over.
// AVX2:       #[[UNROLL:.*]] = #llvm.loop_unroll<disable = true>
// AVX2:       #[[NOUNROLL:.*]] = #llvm.loop_annotation<unroll = #[[UNROLL]]>
// AVX2-LABEL: func.func @elementwise_tile_loops
// AVX2:         scf.for %{{.*}} = %c0 to %c3 step %c1
// AVX2:           scf.for %{{.*}} = %c0 to %c16 step %c1
// AVX2:             scf.for %{{.*}} = %c0 to %c64 step %c32
// AVX2:               arith.addf {{.*}} : vector<1x1x32xf32>
// AVX2:               scf.yield
// AVX2-NEXT:        }{{$}}
// AVX2-NEXT:        scf.yield
// AVX2-NEXT:      } {llvm.loop_annotation = #[[NOUNROLL]]}
// AVX2-NEXT:      scf.yield
// AVX2-NEXT:    } {llvm.loop_annotation = #[[NOUNROLL]]}
// AVX2:         return
func.func @elementwise_tile_loops(%a: tensor<3x16x64xf32>, %b: tensor<3x16x64xf32>) -> tensor<3x16x64xf32> {
  %e = tensor.empty() : tensor<3x16x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>,
                                        affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%a, %b : tensor<3x16x64xf32>, tensor<3x16x64xf32>) outs(%e : tensor<3x16x64xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<3x16x64xf32>
  return %r : tensor<3x16x64xf32>
}
