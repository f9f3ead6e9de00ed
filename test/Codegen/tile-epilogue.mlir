// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-tile{vector-bits=256 cores=2})' | FileCheck %s

// nn.Linear + ReLU as exir-cpu-fuse leaves it: the bias broadcast as the matmul's init, x @ W^T
// (the dot kernel: k contiguous in both), relu reading the matmul alone. The three become one
// loop nest over 4x3 register blocks (AVX2's dot block; 32 columns leave a masked 4x2 block): read the block's bias, accumulate lane-wide partial sums over
// k in registers, reduce them onto the bias, max with 0, store the block once.
// CHECK-LABEL: func.func @linear_relu
// CHECK-SAME:    (%[[W:.*]]: tensor<32x64xf32>, %[[BIAS:.*]]: tensor<32xf32>, %[[X:.*]]: tensor<8x64xf32>)
// CHECK-DAG:     %[[ZEROS:.*]] = arith.constant dense<0.000000e+00> : vector<4x3xf32>
// CHECK-DAG:     %[[PARTIAL0:.*]] = arith.constant dense<0.000000e+00> : vector<4x3x8xf32>
// CHECK-NOT:     linalg.
// CHECK:         scf.for %[[I:.*]] = %c0 to %c8 step %c4
// CHECK:           scf.for %[[J:.*]] = %c0 to %c30 step %c3 iter_args(%[[OUT:.*]] = %{{.*}})
// CHECK:             %[[BSLICE:.*]] = tensor.extract_slice %[[BIAS]][%[[J]]] [3] [1]
// CHECK:             %[[BROW:.*]] = vector.transfer_read %[[BSLICE]]
// CHECK:             %[[BBLOCK:.*]] = vector.broadcast %[[BROW]] : vector<3xf32> to vector<4x3xf32>
// CHECK:             %[[PARTIAL:.*]] = scf.for %{{.*}} = %c0 to %c64 step %c8 iter_args(%[[ACC:.*]] = %[[PARTIAL0]]) -> (vector<4x3x8xf32>)
// CHECK:               %[[PROD:.*]] = arith.mulf {{.*}} fastmath<contract>
// CHECK:               arith.addf %[[ACC]], %[[PROD]] fastmath<contract>
// CHECK:             %[[SUM:.*]] = vector.multi_reduction <add>, %[[PARTIAL]], %[[BBLOCK]] [2] : vector<4x3x8xf32> to vector<4x3xf32>
// CHECK:             %[[DEST:.*]] = tensor.extract_slice %[[OUT]][%[[I]], %[[J]]] [4, 3]
// CHECK:             %[[RELU:.*]] = arith.maximumf %[[SUM]], %[[ZEROS]] : vector<4x3xf32>
// CHECK:             vector.transfer_write %[[RELU]], %[[DEST]]
// The last two columns: one masked 4x3 block (4x2 live), reduced onto its bias, relu'd, stored.
// CHECK:           %[[RMASK:.*]] = vector.constant_mask [4, 2] : vector<4x3xi1>
// CHECK:           scf.for %{{.*}} = %c0 to %c64 step %c8 {{.*}} -> (tensor<4x2x8xf32>)
// CHECK:           vector.multi_reduction <add>, %{{.*}}, %{{.*}} [2] : vector<4x2x8xf32> to vector<4x2xf32>
// CHECK:           %[[RSUM:.*]] = vector.transfer_read %{{.*}}, %[[RMASK]]
// CHECK:           %[[RRELU:.*]] = arith.maximumf %[[RSUM]], %[[ZEROS]] : vector<4x3xf32>
// CHECK:           vector.transfer_write %[[RRELU]], %{{.*}}, %[[RMASK]]
// CHECK-NOT:     linalg.
// CHECK:         return
func.func @linear_relu(%w: tensor<32x64xf32>, %bias: tensor<32xf32>, %x: tensor<8x64xf32>) -> tensor<8x32xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<8x32xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%bias : tensor<32xf32>) outs(%0 : tensor<8x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<8x32xf32>
  %2 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%x, %w : tensor<8x64xf32>, tensor<32x64xf32>) outs(%1 : tensor<8x32xf32>) -> tensor<8x32xf32>
  %3 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<8x32xf32>) outs(%0 : tensor<8x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %4 = arith.maximumf %in, %cst : f32
    linalg.yield %4 : f32
  } -> tensor<8x32xf32>
  return %3 : tensor<8x32xf32>
}

// -----

// x @ W + b, then relu, with W as given (n contiguous: the outer-product kernel) and k = 48, whose
// 4x16 register block's B panel fits L1: the zero-filled init, the k loop of rank-1 updates, the
// bias add and relu in registers, one store. Rows are symbolic: the full 4-row blocks run this
// kernel; the rows of the last partial block (a size known only at run time) are tiled to 1, each
// the same kernel on a static 1x16 block: no masks.
// CHECK-LABEL: func.func @matmul_bias_relu_dynamic_rows
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<4x16xf32>
// CHECK-NOT:     linalg.
// CHECK:         scf.forall
// CHECK:           scf.for %{{.*}} step %c4
// CHECK:             scf.for %{{.*}} = %c0 to %c32 step %c16
// CHECK:               %[[MM:.*]] = scf.for %{{.*}} = %c0 to %c48 step %c1 iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (vector<4x16xf32>)
// CHECK:               %[[BIAS:.*]] = vector.broadcast %{{.*}} : vector<16xf32> to vector<4x16xf32>
// CHECK:               %[[ADD:.*]] = arith.addf %[[MM]], %[[BIAS]] : vector<4x16xf32>
// CHECK:               %[[RELU:.*]] = arith.maximumf %[[ADD]], %[[ZERO]] : vector<4x16xf32>
// CHECK:               vector.transfer_write %[[RELU]]
// CHECK:           scf.for %{{.*}} step %c4
// CHECK:             scf.for %{{.*}} = %c0 to %c32 step %c16
// CHECK:               scf.for %{{.*}} = %c0 to %[[REST:.*]] step %c1
// CHECK:                 scf.for %{{.*}} = %c0 to %c48 step %c1 {{.*}} -> (vector<1x16xf32>)
// CHECK:                   vector.contract {{.*}} : vector<1x1xf32>, vector<1x16xf32> into vector<1x16xf32>
// CHECK:               arith.maximumf %{{.*}}, %{{.*}} : vector<1x16xf32>
// CHECK-NOT:     vector.mask
// CHECK-NOT:     linalg.
// CHECK:         return
func.func @matmul_bias_relu_dynamic_rows(%x: tensor<?x48xf32>, %w: tensor<48x32xf32>, %bias: tensor<32xf32>) -> tensor<?x32xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %c0 = arith.constant 0 : index
  %m = tensor.dim %x, %c0 : tensor<?x48xf32>
  %0 = tensor.empty(%m) : tensor<?x32xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<?x32xf32>) -> tensor<?x32xf32>
  %2 = linalg.matmul ins(%x, %w : tensor<?x48xf32>, tensor<48x32xf32>) outs(%1 : tensor<?x32xf32>) -> tensor<?x32xf32>
  %3 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%2, %bias : tensor<?x32xf32>, tensor<32xf32>) outs(%0 : tensor<?x32xf32>) {
  ^bb0(%in: f32, %b: f32, %out: f32):
    %4 = arith.addf %in, %b : f32
    %5 = arith.maximumf %4, %cst : f32
    linalg.yield %5 : f32
  } -> tensor<?x32xf32>
  return %3 : tensor<?x32xf32>
}
