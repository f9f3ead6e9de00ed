// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(to-linalg,canonicalize,cse)' | FileCheck %s

// Max pooling pads with the lowest value and starts from it.
// CHECK-LABEL: func.func @max_pool
// CHECK: %[[NEG:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[P:.*]] = tensor.pad %{{.*}} low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: tensor.yield %[[NEG]] : f32
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[NEG]] : f32)
// CHECK: linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%[[P]], %{{.*}} : tensor<1x8x10x10xf32>, tensor<3x3xf32>) outs(%[[INIT]] : tensor<1x8x4x4xf32>)
func.func @max_pool(%x: tensor<1x8x8x8xf32>) -> tensor<1x8x4x4xf32> {
  %0 = "edge.max_pool"(%x) {dilation = array<i64: 1, 1>, kernel_size = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x8x8x8xf32>) -> tensor<1x8x4x4xf32>
  return %0 : tensor<1x8x4x4xf32>
}

// -----

// ceil_mode with dynamic H/W (the bug: no extra padding, the last window read past the input):
// the high padding is max(p, (O - 1) * s + k - (I + p)) with O from the result's symbolic shape.
// CHECK-LABEL: func.func @max_pool_ceil_dynamic
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[H:.*]] = tensor.dim %{{.*}}, %[[C2]]
// CHECK: %[[HP:.*]] = arith.addi %[[H]], %[[C1]] : index
// CHECK: %[[OHm1:.*]] = arith.floordivsi %[[HP]], %[[C2]] : index
// CHECK: %[[OH:.*]] = arith.addi %[[OHm1]], %[[C1]] : index
// CHECK: %[[SPAN:.*]] = arith.muli %[[OHm1]], %[[C2]] : index
// CHECK: %[[END:.*]] = arith.addi %[[SPAN]], %[[C3]] : index
// CHECK: %[[NEED:.*]] = arith.subi %[[END]], %[[HP]] : index
// CHECK: %[[HIGH_H:.*]] = arith.maxsi %[[NEED]], %[[C1]] : index
// CHECK: %[[HIGH_W:.*]] = arith.maxsi
// CHECK: %[[P:.*]] = tensor.pad %{{.*}} low[0, 0, 1, 1] high[0, 0, %[[HIGH_H]], %[[HIGH_W]]]
// CHECK: %[[E:.*]] = tensor.empty(%{{.*}}, %[[OH]], %{{.*}}) : tensor<?x3x?x?xf32>
// CHECK: linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%[[P]], %{{.*}} : tensor<?x3x?x?xf32>, tensor<3x3xf32>)
func.func @max_pool_ceil_dynamic(%x: tensor<?x3x?x?xf32> {exir.sym_shape = ["s0", "3", "s1", "s2"]}) -> tensor<?x3x?x?xf32> {
  %0 = "edge.max_pool"(%x) {dilation = array<i64: 1, 1>, kernel_size = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>, exir.sym_shapes = [["s0", "3", "(s1 + 1)//2 + 1", "(s2 + 1)//2 + 1"]]} : (tensor<?x3x?x?xf32>) -> tensor<?x3x?x?xf32>
  return %0 : tensor<?x3x?x?xf32>
}

// -----

// Average pooling with windows of different sizes divides each sum by its own count:
// [max(o*s - p, 0), min(o*s - p + k, I + p, I)) per dim (count_include_pad=False).
// CHECK-LABEL: func.func @avg_pool_ceil_dynamic
// CHECK: %[[S:.*]] = linalg.pooling_nchw_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
// CHECK: linalg.generic {{.*}} ins(%[[S]] : tensor<?x3x?x?xf32>)
// CHECK: %[[OH:.*]] = linalg.index 2 : index
// CHECK: %[[A:.*]] = arith.muli %[[OH]], %{{.*}} : index
// CHECK: %[[START:.*]] = arith.subi %[[A]], %{{.*}} : index
// CHECK: %[[STOP0:.*]] = arith.addi %[[A]], %{{.*}} : index
// CHECK: %[[STOP1:.*]] = arith.minsi %[[STOP0]], %{{.*}} : index
// CHECK: %[[START1:.*]] = arith.maxsi %[[START]], %{{.*}} : index
// CHECK: %[[STOP2:.*]] = arith.minsi %[[STOP1]], %{{.*}} : index
// CHECK: %[[NH:.*]] = arith.subi %[[STOP2]], %[[START1]] : index
// CHECK: linalg.index 3 : index
// CHECK: %[[N:.*]] = arith.muli %[[NH]], %{{.*}} : index
// CHECK: %[[N1:.*]] = arith.maxsi %[[N]], %c1 : index
// CHECK: %[[NI:.*]] = arith.index_cast %[[N1]] : index to i64
// CHECK: %[[NF:.*]] = arith.sitofp %[[NI]] : i64 to f32
// CHECK: arith.divf %{{.*}}, %[[NF]] : f32
func.func @avg_pool_ceil_dynamic(%x: tensor<?x3x?x?xf32> {exir.sym_shape = ["s0", "3", "s1", "s2"]}) -> tensor<?x3x?x?xf32> {
  %0 = "edge.avg_pool"(%x) {count_include_pad = false, divisor_override = 0 : i64, kernel_size = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>, exir.sym_shapes = [["s0", "3", "(s1 + 1)//2 + 1", "(s2 + 1)//2 + 1"]]} : (tensor<?x3x?x?xf32>) -> tensor<?x3x?x?xf32>
  return %0 : tensor<?x3x?x?xf32>
}

// -----

// 1-d: linalg.pooling_ncw_sum, then a constant divisor (every window is whole).
// CHECK-LABEL: func.func @avg_pool1d
// CHECK-DAG: %[[DIV:.*]] = arith.constant 2.000000e+00 : f32
// CHECK: %[[S:.*]] = linalg.pooling_ncw_sum {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%{{.*}}, %{{.*}} : tensor<2x3x10xf32>, tensor<2xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[S]] : tensor<2x3x5xf32>)
// CHECK: arith.divf %{{.*}}, %[[DIV]] : f32
func.func @avg_pool1d(%x: tensor<2x3x10xf32>) -> tensor<2x3x5xf32> {
  %0 = "edge.avg_pool"(%x) {count_include_pad = true, divisor_override = 0 : i64, kernel_size = array<i64: 2>, padding = array<i64: 0>, stride = array<i64: 2>} : (tensor<2x3x10xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// 3-d (no NC-first named op): a generic with strided window maps; divisor_override divides.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2 * 2 + d5, d3 * 2 + d6, d4 * 2 + d7)>
// CHECK-DAG: #[[WIN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d5, d6, d7)>
// CHECK-LABEL: func.func @avg_pool3d_override
// CHECK-DAG: %[[DIV:.*]] = arith.constant 3.000000e+00 : f32
// CHECK: %[[S:.*]] = linalg.generic {indexing_maps = [#[[IN]], #[[WIN]], {{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
// CHECK: arith.addf
// CHECK: linalg.generic {{.*}} ins(%[[S]] : tensor<1x2x2x3x3xf32>)
// CHECK: arith.divf %{{.*}}, %[[DIV]] : f32
func.func @avg_pool3d_override(%x: tensor<1x2x4x6x6xf32>) -> tensor<1x2x2x3x3xf32> {
  %0 = "edge.avg_pool"(%x) {count_include_pad = true, divisor_override = 3 : i64, kernel_size = array<i64: 2, 2, 2>, padding = array<i64: 0, 0, 0>, stride = array<i64: 2, 2, 2>} : (tensor<1x2x4x6x6xf32>) -> tensor<1x2x2x3x3xf32>
  return %0 : tensor<1x2x2x3x3xf32>
}

// -----

// 3-d max with ceil_mode windows: static extra high padding, maximumf in a generic.
// CHECK-LABEL: func.func @max_pool3d
// CHECK: %[[P:.*]] = tensor.pad %{{.*}} low[0, 0, 0, 0, 0] high[0, 0, 1, 0, 1]
// CHECK: linalg.generic {{.*}} ins(%[[P]], %{{.*}} : tensor<1x2x6x6x8xf32>, tensor<2x2x2xf32>)
// CHECK: arith.maximumf
func.func @max_pool3d(%x: tensor<1x2x5x6x7xf32>) -> tensor<1x2x3x3x4xf32> {
  %0 = "edge.max_pool"(%x) {dilation = array<i64: 1, 1, 1>, kernel_size = array<i64: 2, 2, 2>, padding = array<i64: 0, 0, 0>, stride = array<i64: 2, 2, 2>} : (tensor<1x2x5x6x7xf32>) -> tensor<1x2x3x3x4xf32>
  return %0 : tensor<1x2x3x3x4xf32>
}

// -----

// With indices, dynamic: only positions inside the input count; the first one seen is taken
// (index -1: none yet), then a greater value or a NaN; the index is h * W + w of the input.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 * 2 + d4, d3 * 2 + d5)>
// CHECK-LABEL: func.func @max_pool_indices_dynamic
// CHECK-DAG: %[[NONE:.*]] = arith.constant -1 : i64
// CHECK-DAG: %[[W:.*]] = tensor.dim %{{.*}}, %c3
// CHECK: linalg.fill ins(%[[NONE]] : i64)
// CHECK: %{{.*}}:2 = linalg.generic {indexing_maps = [#[[IN]], {{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
// CHECK: ^bb0(%[[V:.*]]: f32, %{{.*}}: f32, %[[ACC:.*]]: f32, %[[ACCI:.*]]: i64):
// CHECK: %[[H:.*]] = arith.subi %{{.*}}, %c1 : index
// CHECK: %[[W_IN:.*]] = arith.subi %{{.*}}, %c1 : index
// CHECK: %[[ROW:.*]] = arith.muli %[[H]], %[[W]] : index
// CHECK: %[[FLAT:.*]] = arith.addi %[[ROW]], %[[W_IN]] : index
// CHECK: %[[FLATI:.*]] = arith.index_cast %[[FLAT]] : index to i64
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[V]], %[[ACC]] : f32
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[V]], %[[V]] : f32
// CHECK: %[[BETTER:.*]] = arith.ori %[[GT]], %[[NAN]] : i1
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[ACCI]], %[[NONE]] : i64
// CHECK: %[[TAKE0:.*]] = arith.ori %[[BETTER]], %[[FIRST]] : i1
// CHECK: %[[TAKE:.*]] = arith.andi %[[TAKE0]], %{{.*}} : i1
// CHECK: arith.select %[[TAKE]], %[[V]], %[[ACC]] : f32
// CHECK: arith.select %[[TAKE]], %[[FLATI]], %[[ACCI]] : i64
func.func @max_pool_indices_dynamic(%x: tensor<?x1x?x?xf32> {exir.sym_shape = ["s0", "1", "s1", "s2"]}) -> (tensor<?x1x?x?xf32>, tensor<?x1x?x?xi64>) {
  %0:2 = "edge.max_pool_with_indices"(%x) {dilation = array<i64: 1, 1>, kernel_size = array<i64: 2, 2>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>, exir.sym_shapes = [["s0", "1", "s1//2 + 1", "s2//2 + 1"], ["s0", "1", "s1//2 + 1", "s2//2 + 1"]]} : (tensor<?x1x?x?xf32>) -> (tensor<?x1x?x?xf32>, tensor<?x1x?x?xi64>)
  return %0#0, %0#1 : tensor<?x1x?x?xf32>, tensor<?x1x?x?xi64>
}

// -----

// Adaptive windows [floor(o * I / O), ceil((o + 1) * I / O)) with dynamic I: the window loop
// runs to ceil(I / O) + 1 (a dynamic window tensor), out-of-window steps masked.
// CHECK-LABEL: func.func @adaptive_avg_dynamic
// CHECK-DAG: %[[H:.*]] = tensor.dim %{{.*}}, %c2
// CHECK: %[[KH0:.*]] = arith.ceildivsi %[[H]], %c3 : index
// CHECK: %[[KH:.*]] = arith.addi %[[KH0]], %c1 : index
// CHECK: %[[WIN:.*]] = tensor.empty(%[[KH]], %{{.*}}) : tensor<?x?xf32>
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%[[WIN]] : tensor<?x?xf32>)
// CHECK: arith.floordivsi
// CHECK: arith.ceildivsi
// CHECK: arith.cmpi slt
// CHECK: tensor.extract
// CHECK: arith.select
// CHECK: arith.divf
func.func @adaptive_avg_dynamic(%x: tensor<1x3x?x?xf32> {exir.sym_shape = ["1", "3", "s1", "s2"]}) -> tensor<1x3x3x4xf32> {
  %0 = "edge.adaptive_avg_pool"(%x) : (tensor<1x3x?x?xf32>) -> tensor<1x3x3x4xf32>
  return %0 : tensor<1x3x3x4xf32>
}

// -----

// Adaptive max: values and the flat index of each maximum.
// CHECK-LABEL: func.func @adaptive_max
// CHECK: %{{.*}}:2 = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]
// CHECK: tensor.extract
// CHECK: arith.cmpf ogt
// CHECK: arith.select
func.func @adaptive_max(%x: tensor<1x3x7x9xf32>) -> (tensor<1x3x3x4xf32>, tensor<1x3x3x4xi64>) {
  %0:2 = "edge.adaptive_max_pool"(%x) : (tensor<1x3x7x9xf32>) -> (tensor<1x3x3x4xf32>, tensor<1x3x3x4xi64>)
  return %0#0, %0#1 : tensor<1x3x3x4xf32>, tensor<1x3x3x4xi64>
}

// -----

// 3-d with a single output along a dim: the generic reads exactly the windows' extent (an
// extract_slice to 2 along D), so unit-dim folding later finds the input and window sizes equal.
// CHECK-LABEL: func.func @avg_pool3d_unit_output
// CHECK: %[[X:.*]] = tensor.extract_slice %{{.*}}[0, 0, 0, 0, 0] [2, 3, 2, 4, 4] [1, 1, 1, 1, 1] : tensor<2x3x3x4x4xf32> to tensor<2x3x2x4x4xf32>
// CHECK: linalg.generic {{.*}} ins(%[[X]], %{{.*}} : tensor<2x3x2x4x4xf32>, tensor<2x2x2xf32>) outs(%{{.*}} : tensor<2x3x1x2x2xf32>)
func.func @avg_pool3d_unit_output(%x: tensor<2x3x3x4x4xf32>) -> tensor<2x3x1x2x2xf32> {
  %0 = "edge.avg_pool"(%x) {count_include_pad = true, divisor_override = 0 : i64, kernel_size = array<i64: 2, 2, 2>, padding = array<i64: 0, 0, 0>, stride = array<i64: 2, 2, 2>} : (tensor<2x3x3x4x4xf32>) -> tensor<2x3x1x2x2xf32>
  return %0 : tensor<2x3x1x2x2xf32>
}
