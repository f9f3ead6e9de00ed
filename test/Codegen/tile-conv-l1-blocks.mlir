// RUN: exir-mlir-opt %s -p 'builtin.module(exir-cpu-tile{vector-bits=512 cores=2 l1-bytes=49152 l2-bytes=2097152})' | FileCheck %s --check-prefix=L1
// RUN: exir-mlir-opt %s -p 'builtin.module(exir-cpu-tile{vector-bits=512 cores=2 l1-bytes=1048576 l2-bytes=2097152})' | FileCheck %s --check-prefix=L2

// The column block of an im2col convolution (codegen/im2col.py, _block_rows) fits in twice the L1
// cache and in a quarter of the L2 cache. U-Net's 16 -> 16 3x3 convolution over 64 x 64 pixels
// (144 column rows) takes two output rows per block (144 x 128 floats, 72 KiB) with a 48 KiB L1
// cache, not the 8 rows (288 KiB) that a quarter of a 2 MiB L2 cache holds; with an L1 cache as
// large as that quarter, the L2 bound decides.
// L1-LABEL: func.func @conv16
// L1: scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (2, 64) step (1, 2) shared_outs
// L1: tensor.empty() : tensor<16x3x3x2x64xf32>
// L2-LABEL: func.func @conv16
// L2: scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (2, 64) step (1, 8) shared_outs
// L2: tensor.empty() : tensor<16x3x3x8x64xf32>
func.func @conv16(%x: tensor<2x16x66x66xf32>, %w: tensor<16x16x3x3xf32>) -> tensor<2x16x64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x16x64x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x16x64x64xf32>) -> tensor<2x16x64x64xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<2x16x66x66xf32>, tensor<16x16x3x3xf32>) outs(%f : tensor<2x16x64x64xf32>) -> tensor<2x16x64x64xf32>
  return %c : tensor<2x16x64x64xf32>
}
