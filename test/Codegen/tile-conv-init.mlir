// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-tile{vector-bits=256 cores=2 l1-bytes=1048576 l2-bytes=524288})' | FileCheck %s
// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-tile{vector-bits=256 cores=2 l1-bytes=1048576 l2-bytes=524288})' | FileCheck %s --check-prefix=VEC

// ResNet's 3x3 convolution (padding already applied), as exir-cpu-fuse leaves it: a zero fill
// as its init. im2col makes it one scf.forall task per block of output rows whose column block
// fits in a quarter of L2 while the blocks make two tasks per core: 10 of oh = 40 (4 tasks on
// 2 cores); each task zeroes its own (8, 10*40) output tile (the fill, moved into the task), fills
// its column block (4*9, 400) and contracts it into the tile. 400 is a multiple of the 16-wide
// register block: the 4x16 register blocks run unmasked, without a peeled remainder. No thread
// tiles nest inside the task.
// Every op is vectorized: no linalg op (the fill, the copy, the contraction) is left.
// The zero fill's outer tile loop and the column copy's channel and row loops are marked for LLVM
// not to unroll them (compile time: LLVM unrolled the whole fill nest of a thread tile into one
// block of ~1000 stores, quadratic in its machine schedulers); the fill's inner loop and the
// contraction's loops are not marked.
// VEC-LABEL: func.func @conv3x3
// VEC-NOT:   linalg.
// VEC:       return
// CHECK:       #[[UNROLL:.*]] = #llvm.loop_unroll<disable = true>
// CHECK:       #[[NOUNROLL:.*]] = #llvm.loop_annotation<unroll = #[[UNROLL]]>
// CHECK-LABEL: func.func @conv3x3
// CHECK-SAME:    (%[[X:.*]]: tensor<1x4x42x42xf32>, %[[W:.*]]: tensor<8x4x3x3xf32>)
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<4x16xf32>
// CHECK-DAG:     %[[OUT:.*]] = tensor.empty() : tensor<1x8x40x40xf32>
// CHECK-DAG:     %[[WMAT:.*]] = tensor.collapse_shape %[[W]] {{\[}}[0], [1, 2, 3]] : tensor<8x4x3x3xf32> into tensor<8x36xf32>
// CHECK:         scf.forall (%[[ROW:.*]]) = (0) to (40) step (10) shared_outs(%[[ACC:.*]] = %[[OUT]])
// CHECK:           %[[TILE:.*]] = tensor.extract_slice %[[ACC]][0, 0, %[[ROW]], 0] [1, 8, 10, 40] [1, 1, 1, 1] : tensor<1x8x40x40xf32> to tensor<8x10x40xf32>
// CHECK:           %[[COL:.*]] = tensor.empty() : tensor<4x3x3x10x40xf32>
// The column copy: one row (40) per step, a full 32-wide vector and a masked 8-wide remainder.
// CHECK:           scf.for %[[KH:.*]] = %c0 to %c3 step %c1 iter_args(%{{.*}} = %[[COL]])
// CHECK:             scf.for %[[KW:.*]] = %c0 to %c3 step %c1
// CHECK:               %[[Y:.*]] = arith.addi %[[ROW]], %[[KH]] : index
// CHECK:               %[[WIN:.*]] = tensor.extract_slice %[[X]][0, 0, %[[Y]], %[[KW]]] [1, 4, 10, 40] [1, 1, 1, 1]
// CHECK:               scf.for %[[C:.*]] = %c0 to %c4 step %c1
// CHECK:                 scf.for %[[R:.*]] = %c0 to %c10 step %c1
// CHECK:                   tensor.extract_slice %[[WIN]][%[[C]], %[[R]], 0] [1, 1, 32]
// CHECK:                   tensor.extract_slice %[[WIN]][%[[C]], %[[R]], 32] [1, 1, 8]
// CHECK:                   vector.constant_mask [1, 1, 8] : vector<1x1x32xi1>
// The copy's channel and row loops are marked not to be unrolled, as the fill's outer loop below.
// CHECK:                   scf.yield
// CHECK-NEXT:            } {llvm.loop_annotation = #[[NOUNROLL]]}
// CHECK-NEXT:            scf.yield
// CHECK-NEXT:          } {llvm.loop_annotation = #[[NOUNROLL]]}
// CHECK:           %[[B:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1, 2], [3, 4]] : tensor<4x3x3x10x40xf32> into tensor<36x400xf32>
// CHECK:           %[[INIT:.*]] = tensor.collapse_shape %[[TILE]] {{\[}}[0], [1, 2]] : tensor<8x10x40xf32> into tensor<8x400xf32>
// The zero init of the task's tile.
// CHECK:           %[[ZEROED:.*]] = scf.for %{{.*}} = %c0 to %c8 step %c4 iter_args(%{{.*}} = %[[INIT]])
// CHECK:             scf.for %{{.*}} = %c0 to %c400 step %c16
// CHECK:               vector.transfer_write %[[ZERO]]
// CHECK:               scf.yield
// CHECK-NEXT:        }
// CHECK-NEXT:        scf.yield
// CHECK-NEXT:      } {llvm.loop_annotation = #[[NOUNROLL]]}
// CHECK-NOT:       llvm.loop_annotation
// Full 4x16 register blocks only.
// CHECK:           scf.for %[[F:.*]] = %c0 to %c8 step %c4 iter_args(%{{.*}} = %[[ZEROED]])
// CHECK:             scf.for %[[P:.*]] = %c0 to %c400 step %c16
// CHECK:               %[[WBLOCK:.*]] = tensor.extract_slice %[[WMAT]][%[[F]], 0] [4, 36] [1, 1]
// CHECK:               %[[BPANEL:.*]] = tensor.extract_slice %[[B]][0, %[[P]]] [36, 16] [1, 1]
// CHECK:               scf.for %[[K:.*]] = %c0 to %c36 step %c1 iter_args(%{{.*}} = %{{.*}}) -> (vector<4x16xf32>)
// CHECK:                 tensor.extract_slice %[[WBLOCK]][0, %[[K]]] [4, 1] [1, 1]
// CHECK:                 tensor.extract_slice %[[BPANEL]][%[[K]], 0] [1, 16] [1, 1]
// CHECK-NOT:             vector.mask
// CHECK:                 vector.contract {{.*}} : vector<4x1xf32>, vector<1x16xf32> into vector<4x16xf32>
// CHECK:           scf.forall.in_parallel
// CHECK-NEXT:        tensor.parallel_insert_slice %{{.*}} into %[[ACC]][0, 0, %[[ROW]], 0] [1, 8, 10, 40]
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

// Too small to share between threads (8*36*100 multiply-adds): one block, a forall of one
// iteration that folds away, no thread tiles: the init fill is tiled and vectorized whole,
// before the contraction's register blocks read it.
// VEC-LABEL: func.func @conv3x3_one_thread
// VEC-NOT:   linalg.
// VEC:       return
// CHECK-LABEL: func.func @conv3x3_one_thread
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<4x16xf32>
// CHECK-DAG:     %[[OUT:.*]] = tensor.empty() : tensor<1x8x10x10xf32>
// CHECK-NOT:     scf.forall
// CHECK:         %[[TILE:.*]] = tensor.extract_slice %[[OUT]][0, 0, 0, 0] [1, 8, 10, 10]
// CHECK:         %[[INIT:.*]] = tensor.collapse_shape %[[TILE]] {{\[}}[0], [1, 2]] : tensor<8x10x10xf32> into tensor<8x100xf32>
// CHECK:         %[[ZEROED:.*]] = scf.for %{{.*}} = %c0 to %c8 step %c4 iter_args(%{{.*}} = %[[INIT]])
// CHECK:           scf.for %{{.*}} = %c0 to %c100 step %c16
// CHECK:             vector.transfer_write %[[ZERO]]
// CHECK:         scf.for %{{.*}} = %c0 to %c8 step %c4 iter_args(%{{.*}} = %[[ZEROED]])
// CHECK:           vector.contract {{.*}} : vector<4x1xf32>, vector<1x16xf32> into vector<4x16xf32>
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
