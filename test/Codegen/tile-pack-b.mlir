// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-tile{vector-bits=256 cores=2 l2-bytes=524288})' | FileCheck %s

// A 512^3 matmul whose B (1 MiB, row-major [k, n]) is larger than L1: B is copied once per call
// into 16-wide column panels [n/16, k, 16] (an expand_shape and a transpose of the two outer
// dims, split across threads by panel), and the contraction runs on C viewed as [m, n/16, 16]:
// 96-row x 2-panel thread tiles (the last of 32 rows), a 256-deep k block, a 6x16 register block (6 rows x one panel)
// that reads its panel's 16 contiguous elements per k step.
// CHECK-LABEL: func.func @matmul_packed
// CHECK-SAME:      (%[[A:.*]]: tensor<512x512xf32>, %[[B:.*]]: tensor<512x512xf32>)
// CHECK:         %[[B3:.*]] = tensor.expand_shape %[[B]] {{\[}}[0], [1, 2]] output_shape [512, 32, 16]
// CHECK:         %[[PANELS:.*]] = scf.forall (%[[P:.*]]) in (32) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<32x512x16xf32>)
// CHECK:           tensor.extract_slice %[[B3]][0, %[[P]], 0] [512, 1, 16] [1, 1, 1]
// CHECK:         %[[C:.*]] = scf.forall (%{{.*}}, %{{.*}}) in (6, 16) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<512x32x16xf32>)
// CHECK:           tensor.extract_slice %[[PANELS]][%{{.*}}, 0, 0] [2, 512, 16] [1, 1, 1]
// CHECK:           scf.for %{{.*}} = %c0 to %c512 step %c256
// CHECK:             scf.for %{{.*}} = %c0 to %c256 step %c1 iter_args(%{{.*}}) -> (vector<6x1x16xf32>)
// CHECK-NOT:           vector.mask
// CHECK:               vector.contract {{.*}} : vector<6x1xf32>, vector<1x1x16xf32> into vector<6x1x16xf32>
// CHECK:         %[[R:.*]] = tensor.collapse_shape %[[C]] {{\[}}[0], [1, 2]] : tensor<512x32x16xf32> into tensor<512x512xf32>
// CHECK:         return %[[R]]
// CHECK-NOT:     linalg.matmul
func.func @matmul_packed(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<512x512xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<512x512xf32>) -> tensor<512x512xf32>
  %r = linalg.matmul ins(%a, %b : tensor<512x512xf32>, tensor<512x512xf32>) outs(%f : tensor<512x512xf32>) -> tensor<512x512xf32>
  return %r : tensor<512x512xf32>
}

// -----

// A dynamic row count chooses at run time: from 128 rows on (scf.if) the packed kernel, below it
// (a call may bring a few rows, where the per-call copy of B costs more than the panels save) the
// unpacked outer-product kernel (a 4x16 register block reading B's rows; the packed one's is 6x16), each branch with its own
// thread tiles (parallelize-pack-b-choice.mlir: both run on the threads). A static count under 64
// rows is not packed.
// CHECK-LABEL: func.func @matmul_dynamic_rows
// CHECK:         %[[M:.*]] = tensor.dim %{{.*}}, %c0 : tensor<?x256xf32>
// CHECK:         %[[MANY:.*]] = arith.cmpi sge, %[[M]], %c128 : index
// CHECK:         scf.if %[[MANY]] -> (tensor<?x128xf32>)
// CHECK:           tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2]] output_shape [256, 8, 16]
// CHECK:           scf.forall
// CHECK:           vector.contract {{.*}} : vector<6x1xf32>, vector<1x1x16xf32> into vector<6x1x16xf32>
// CHECK:           tensor.collapse_shape
// CHECK:         } else {
// CHECK-NOT:       tensor.expand_shape
// CHECK:           scf.forall
// CHECK:           vector.contract {{.*}} : vector<4x1xf32>, vector<1x16xf32> into vector<4x16xf32>
// CHECK:         }
// CHECK-LABEL: func.func @matmul_few_rows
// CHECK-NOT:     tensor.expand_shape
// CHECK:         return
func.func @matmul_dynamic_rows(%a: tensor<?x256xf32>, %b: tensor<256x128xf32>) -> tensor<?x128xf32> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %a, %c0 : tensor<?x256xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%m) : tensor<?x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x128xf32>) -> tensor<?x128xf32>
  %r = linalg.matmul ins(%a, %b : tensor<?x256xf32>, tensor<256x128xf32>) outs(%f : tensor<?x128xf32>) -> tensor<?x128xf32>
  return %r : tensor<?x128xf32>
}
func.func @matmul_few_rows(%a: tensor<32x256xf32>, %b: tensor<256x128xf32>) -> tensor<32x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x128xf32>) -> tensor<32x128xf32>
  %r = linalg.matmul ins(%a, %b : tensor<32x256xf32>, tensor<256x128xf32>) outs(%f : tensor<32x128xf32>) -> tensor<32x128xf32>
  return %r : tensor<32x128xf32>
}

// -----

// Not packed: B in L1 whole (32 x 64 f32 = 8 KiB), so the matmul keeps its fused epilogue; and a
// column count that no 16-wide panel divides (100).
// CHECK-LABEL: func.func @small_b
// CHECK-NOT:     tensor.expand_shape
// CHECK:         vector.contract {{.*}} : vector<4x1xf32>, vector<1x16xf32> into vector<4x16xf32>
// CHECK-LABEL: func.func @ragged_columns
// CHECK-NOT:     tensor.expand_shape
// CHECK:         return
func.func @small_b(%a: tensor<128x32xf32>, %b: tensor<32x64xf32>) -> tensor<128x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x64xf32>) -> tensor<128x64xf32>
  %r = linalg.matmul ins(%a, %b : tensor<128x32xf32>, tensor<32x64xf32>) outs(%f : tensor<128x64xf32>) -> tensor<128x64xf32>
  return %r : tensor<128x64xf32>
}
func.func @ragged_columns(%a: tensor<128x256xf32>, %b: tensor<256x100xf32>) -> tensor<128x100xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x100xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x100xf32>) -> tensor<128x100xf32>
  %r = linalg.matmul ins(%a, %b : tensor<128x256xf32>, tensor<256x100xf32>) outs(%f : tensor<128x100xf32>) -> tensor<128x100xf32>
  return %r : tensor<128x100xf32>
}

// -----

// B read transposed (torch's linear: W^T folded into the named matmul's maps) is packed too, into
// the same panels (each 16 x 16 block of W transposed in registers): the dot kernel it took
// before reduced across lanes once per 4x4 block and streamed 8 rows of k per block from L2
// (2048^3 at half the FMA peak). Under 64 rows it keeps the dot kernel.
// CHECK-LABEL: func.func @transposed_b
// CHECK:         tensor.expand_shape %{{.*}} {{\[}}[0, 1], [2]] output_shape [16, 16, 256] : tensor<256x256xf32> into tensor<16x16x256xf32>
// CHECK:         vector.contract {{.*}} : vector<6x1xf32>, vector<1x1x16xf32> into vector<6x1x16xf32>
// CHECK-LABEL: func.func @transposed_b_few_rows
// CHECK-NOT:     tensor.expand_shape
// CHECK:         vector.multi_reduction
func.func @transposed_b(%a: tensor<128x256xf32>, %w: tensor<256x256xf32>) -> tensor<128x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x256xf32>) -> tensor<128x256xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %w : tensor<128x256xf32>, tensor<256x256xf32>) outs(%f : tensor<128x256xf32>) -> tensor<128x256xf32>
  return %r : tensor<128x256xf32>
}
func.func @transposed_b_few_rows(%a: tensor<32x256xf32>, %w: tensor<256x256xf32>) -> tensor<32x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x256xf32>) -> tensor<32x256xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %w : tensor<32x256xf32>, tensor<256x256xf32>) outs(%f : tensor<32x256xf32>) -> tensor<32x256xf32>
  return %r : tensor<32x256xf32>
}

// -----

// torch's linear (x @ W^T, W [n, k]) with its bias and ReLU: W is copied into the same [n/16, k,
// 16] panels (each 16 x 16 block read as 16 rows of k and transposed by shuffles), and the bias +
// ReLU generic is rewritten onto C's panel view, so that it runs in the contraction's register
// blocks: the k loop accumulates a 6x16 block, then the bias is added, ReLU applied and the block
// stored once. The only reshape of C is the collapse of the epilogue's result.
// CHECK-LABEL: func.func @linear_relu_packed
// CHECK-SAME:      (%[[X:.*]]: tensor<128x256xf32>, %[[W:.*]]: tensor<64x256xf32>, %[[BIAS:.*]]: tensor<64xf32>)
// CHECK:         %[[W3:.*]] = tensor.expand_shape %[[W]] {{\[}}[0, 1], [2]] output_shape [4, 16, 256]
// CHECK:           tensor.extract_slice %[[W3]][%{{.*}}, 0, %{{.*}}] [1, 16, 16] [1, 1, 1]
// CHECK:           vector.shuffle
// CHECK:         %[[BIAS2:.*]] = tensor.expand_shape %[[BIAS]] {{\[}}[0, 1]] output_shape [4, 16]
// CHECK:         %[[C:.*]] = scf.forall (%{{.*}}, %{{.*}}) in (2, 2) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<128x4x16xf32>)
// CHECK:             %[[ACC:.*]] = scf.for %{{.*}} = %c0 to %c256 step %c1 iter_args(%{{.*}}) -> (vector<6x1x16xf32>)
// CHECK:               vector.contract {{.*}} : vector<6x1xf32>, vector<1x1x16xf32> into vector<6x1x16xf32>
// CHECK:             vector.transfer_read %{{.*}} : tensor<1x16xf32>, vector<1x16xf32>
// CHECK:             %[[SUM:.*]] = arith.addf %[[ACC]], %{{.*}} : vector<6x1x16xf32>
// CHECK:             %[[RELU:.*]] = arith.maximumf %[[SUM]], %{{.*}} : vector<6x1x16xf32>
// CHECK:             vector.transfer_write %[[RELU]]
// CHECK:         %[[R:.*]] = tensor.collapse_shape %[[C]] {{\[}}[0], [1, 2]] : tensor<128x4x16xf32> into tensor<128x64xf32>
// CHECK-NEXT:    return %[[R]]
#x = affine_map<(d0, d1, d2) -> (d0, d2)>
#w = affine_map<(d0, d1, d2) -> (d1, d2)>
#o = affine_map<(d0, d1, d2) -> (d0, d1)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @linear_relu_packed(%x: tensor<128x256xf32>, %w: tensor<64x256xf32>, %bias: tensor<64xf32>) -> tensor<128x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x64xf32>) -> tensor<128x64xf32>
  %mm = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : tensor<128x256xf32>, tensor<64x256xf32>) outs(%f : tensor<128x64xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<128x64xf32>
  %e2 = tensor.empty() : tensor<128x64xf32>
  %r = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<128x64xf32>, tensor<64xf32>) outs(%e2 : tensor<128x64xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    %y = arith.maximumf %s, %zero : f32
    linalg.yield %y : f32
  } -> tensor<128x64xf32>
  return %r : tensor<128x64xf32>
}
