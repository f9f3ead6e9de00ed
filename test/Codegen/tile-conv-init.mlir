// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-tile{vector-bits=256 cores=2})' | FileCheck %s
// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-tile{vector-bits=256 cores=2})' | FileCheck %s --check-prefix=VEC

// ResNet's 3x3 convolution (padding already applied), as exir-cpu-fuse leaves it: a zero fill
// as its init. im2col leaves the fill behind a collapse_shape; canonicalization folds the two
// into a fill of the collapsed (n, f, oh*ow) init. Unfolded before planning, the fill was planned
// as an op of its own, folded (its tag lost) by the canonicalization in the column copy's peeled
// schedule, and its own schedule then peeled a loop of no op: "requires exactly one target
// handle". Now the fill is the contraction's init, zeroed in each thread tile.
// The thread tile divides its loop: 80 of oh*ow = 1600 (codegen/strategy.py takes the largest
// multiple of the 16-wide register block in [64, 128] that divides 1600, not 128, which would
// leave the last thread a 64-wide tile of dynamic size), so every tile is static and the 4x16
// register blocks run unmasked, without a peeled remainder.
// Every op is vectorized: no linalg op (the fill, the copy, the contraction) is left.
// The zero fill's outer tile loop is marked for LLVM not to unroll it (compile time: LLVM unrolled
// the whole fill nest of a thread tile into one block of ~1000 stores, quadratic in its machine
// schedulers); its inner loop and the contraction's loops are not marked.
// VEC-LABEL: func.func @conv3x3
// VEC-NOT:   linalg.
// VEC:       return
// CHECK:       #[[UNROLL:.*]] = #llvm.loop_unroll<disable = true>
// CHECK:       #[[NOUNROLL:.*]] = #llvm.loop_annotation<unroll = #[[UNROLL]]>
// CHECK-LABEL: func.func @conv3x3
// CHECK-SAME:    (%[[X:.*]]: tensor<1x4x42x42xf32>, %[[W:.*]]: tensor<8x4x3x3xf32>)
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<1x4x16xf32>
// CHECK-DAG:     %[[OUT:.*]] = tensor.empty() : tensor<1x8x40x40xf32>
// The column copy: one row (40) per step, a full 32-wide vector and a masked 8-wide remainder.
// CHECK:         scf.for %[[KH:.*]] = %c0 to %c3 step %c1
// CHECK:           scf.for %[[KW:.*]] = %c0 to %c3 step %c1
// CHECK:             %[[WIN:.*]] = tensor.extract_slice %[[X]][0, 0, %[[KH]], %[[KW]]] [1, 4, 40, 40] [1, 1, 1, 1]
// CHECK:             scf.for %[[C:.*]] = %c0 to %c4 step %c1
// CHECK:               scf.for %[[ROW:.*]] = %c0 to %c40 step %c1
// CHECK:                 tensor.extract_slice %[[WIN]][0, %[[C]], %[[ROW]], 0] [1, 1, 1, 32]
// CHECK:                 tensor.extract_slice %[[WIN]][0, %[[C]], %[[ROW]], 32] [1, 1, 1, 8]
// CHECK:                 vector.constant_mask [1, 1, 1, 8] : vector<1x1x1x32xi1>
// CHECK:         %[[WMAT:.*]] = tensor.collapse_shape %[[W]] {{\[}}[0], [1, 2, 3]] : tensor<8x4x3x3xf32> into tensor<8x36xf32>
// CHECK:         %[[INIT:.*]] = tensor.collapse_shape %[[OUT]] {{\[}}[0], [1], [2, 3]] : tensor<1x8x40x40xf32> into tensor<1x8x1600xf32>
// CHECK:         scf.forall (%[[T:.*]]) in (20) shared_outs(%[[ACC:.*]] = %[[INIT]])
// CHECK-NOT:       affine.min
// CHECK:           %[[TILE:.*]] = tensor.extract_slice %[[ACC]][0, 0, %{{.*}}] [1, 8, 80] [1, 1, 1]
// The zero init of the thread's tile.
// CHECK:           scf.for %{{.*}} = %c0 to %c8 step %c4 iter_args(%{{.*}} = %[[TILE]])
// CHECK:             scf.for %{{.*}} = %c0 to %c80 step %c16
// CHECK:               vector.transfer_write %[[ZERO]]
// CHECK:               scf.yield
// CHECK-NEXT:        }
// CHECK-NEXT:        scf.yield
// CHECK-NEXT:      } {llvm.loop_annotation = #[[NOUNROLL]]}
// CHECK-NOT:       llvm.loop_annotation
// Full 4x16 register blocks only.
// CHECK:           scf.for %[[F:.*]] = %c0 to %c8 step %c4
// CHECK:             scf.for %{{.*}} = %c0 to %c80 step %c16
// CHECK:               scf.for %{{.*}} = %c0 to %c36 step %c1 iter_args(%{{.*}} = %{{.*}}) -> (vector<1x4x16xf32>)
// CHECK:                 tensor.extract_slice %[[WMAT]][%[[F]], %{{.*}}] [4, 1] [1, 1]
// CHECK-NOT:             vector.mask
// CHECK:                 vector.contract {{.*}} : vector<4x1xf32>, vector<1x1x16xf32> into vector<1x4x16xf32>
// CHECK:           scf.forall.in_parallel
// CHECK-NOT:       vector.mask
// CHECK-NOT:     linalg.
// CHECK:         return
func.func @conv3x3(%x: tensor<1x4x42x42xf32>, %w: tensor<8x4x3x3xf32>) -> tensor<1x8x40x40xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x40x40xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x40x40xf32>) -> tensor<1x8x40x40xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x4x42x42xf32>, tensor<8x4x3x3xf32>) outs(%init : tensor<1x8x40x40xf32>) -> tensor<1x8x40x40xf32>
  return %r : tensor<1x8x40x40xf32>
}

// -----

// Too small for thread tiles (no scf.forall to fuse the fill into): the init fill is
// tiled and vectorized whole, before the contraction's register blocks read it.
// VEC-LABEL: func.func @conv3x3_one_thread
// VEC-NOT:   linalg.
// VEC:       return
// CHECK-LABEL: func.func @conv3x3_one_thread
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<1x4x16xf32>
// CHECK-DAG:     %[[OUT:.*]] = tensor.empty() : tensor<1x8x10x10xf32>
// CHECK-NOT:     scf.forall
// CHECK:         %[[INIT:.*]] = tensor.collapse_shape %[[OUT]] {{\[}}[0], [1], [2, 3]] : tensor<1x8x10x10xf32> into tensor<1x8x100xf32>
// CHECK:         %[[ZEROED:.*]] = scf.for %{{.*}} = %c0 to %c8 step %c4 iter_args(%{{.*}} = %[[INIT]])
// CHECK:           scf.for %{{.*}} = %c0 to %c100 step %c16
// CHECK:             vector.transfer_write %[[ZERO]]
// CHECK:         scf.for %{{.*}} = %c0 to %c8 step %c4 iter_args(%{{.*}} = %[[ZEROED]])
// CHECK:           vector.contract {{.*}} : vector<4x1xf32>, vector<1x1x16xf32> into vector<1x4x16xf32>
// CHECK-NOT:     scf.forall
// CHECK:         return
func.func @conv3x3_one_thread(%x: tensor<1x4x12x12xf32>, %w: tensor<8x4x3x3xf32>) -> tensor<1x8x10x10xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x10x10xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x10x10xf32>) -> tensor<1x8x10x10xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x4x12x12xf32>, tensor<8x4x3x3xf32>) outs(%init : tensor<1x8x10x10xf32>) -> tensor<1x8x10x10xf32>
  return %r : tensor<1x8x10x10xf32>
}
