// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(to-linalg)' | FileCheck %s

// Two inputs whose dim 0 is the same symbol s0: one tensor.dim at the function entry serves
// every op, and no equality or broadcast check is emitted.
// CHECK-LABEL: func.func @same_symbol
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32> {exir.sym_shape = ["s0", "4"]}, %[[Y:.*]]: tensor<?x4xf32> {exir.sym_shape = ["s0", "4"]})
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[S0:.*]] = tensor.dim %[[X]], %[[C0]]
// CHECK-NOT: tensor.dim
// CHECK-NOT: cf.assert
// CHECK: %[[E1:.*]] = tensor.empty(%[[S0]]) : tensor<?x4xf32>
// CHECK: linalg.generic {{.*}} ins(%[[X]], %[[Y]] : tensor<?x4xf32>, tensor<?x4xf32>) outs(%[[E1]]
// CHECK: %[[E2:.*]] = tensor.empty(%[[S0]]) : tensor<?x4xf32>
// CHECK: linalg.generic {{.*}} outs(%[[E2]]
func.func @same_symbol(%x: tensor<?x4xf32> {exir.sym_shape = ["s0", "4"]}, %y: tensor<?x4xf32> {exir.sym_shape = ["s0", "4"]}) -> tensor<?x4xf32> {
  %0 = "edge.add"(%x, %y) {exir.sym_shapes = [["s0", "4"]]} : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %1 = "edge.mul"(%0, %y) {exir.sym_shapes = [["s0", "4"]]} : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %1 : tensor<?x4xf32>
}

// -----

// A result dim `s0 + 1` is index arithmetic on the symbol's value.
// CHECK-LABEL: func.func @symbol_expression
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32> {exir.sym_shape = ["s0"]}, %[[N:.*]]: index)
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[S0:.*]] = tensor.dim %[[X]], %{{.*}}
// CHECK: %[[LEN:.*]] = arith.addi %[[S0]], %[[C1]] : index
// CHECK: tensor.empty(%[[LEN]]) : tensor<?xi64>
func.func @symbol_expression(%x: tensor<?xf32> {exir.sym_shape = ["s0"]}, %n: index) -> tensor<?xi64> {
  %0 = "edge.arange"(%n) {exir.sym_shapes = [["s0 + 1"]], start = 0.0 : f64, step = 1.0 : f64} : (index) -> tensor<?xi64>
  return %0 : tensor<?xi64>
}

// -----

// Products and floor division of symbols (a dynamic flatten and a halving view).
// CHECK-LABEL: func.func @symbol_products
// CHECK: %[[S0:.*]] = tensor.dim
// CHECK: arith.muli %{{.*}}, %[[S0]] : index
// CHECK: %[[HALF:.*]] = arith.floordivsi %[[S0]], %{{.*}} : index
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<?x8xf32> into tensor<?xf32>
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [%[[HALF]], 16] : tensor<?xf32> into tensor<?x16xf32>
func.func @symbol_products(%x: tensor<?x8xf32> {exir.sym_shape = ["s0", "8"]}, %n: index) -> (tensor<?xf32>, tensor<?x16xf32>) {
  %0 = "edge.view"(%x, %n) {exir.sym_shapes = [["8*s0"]]} : (tensor<?x8xf32>, index) -> tensor<?xf32>
  %1 = "edge.view"(%x, %n) {exir.sym_shapes = [["s0//2", "16"]]} : (tensor<?x8xf32>, index) -> tensor<?x16xf32>
  return %0, %1 : tensor<?xf32>, tensor<?x16xf32>
}

// -----

// Without symbolic facts, dynamic dims come from the operands with tensor.dim.
// CHECK-LABEL: func.func @no_facts
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32>
// CHECK: %[[D:.*]] = tensor.dim %[[X]]
// CHECK: tensor.empty(%[[D]])
func.func @no_facts(%x: tensor<?x4xf32>, %y: tensor<4xf32>) -> tensor<?x4xf32> {
  %0 = "edge.sub"(%x, %y) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// Attention's views with a symbolic batch s0 and sequence s1: [s0, 4, s1, 64] -> [4*s0, s1, 64]
// merges dims 0 and 1, and the scores [4*s0, s1, s1] -> [s0, 4, s1, s1] split dim 0 back,
// read from the symbolic shapes (as collapse/expand_shape, not as a 1-d tensor.reshape, which
// would hide the dims from fusion and tiling). The bmm's result is a linalg op: its symbolic
// shape is the one of the edge.bmm it replaced.
// CHECK-LABEL: func.func @attention_views
// CHECK-SAME: (%[[Q:.*]]: tensor<?x4x?x64xf32> {{.*}}, %[[K:.*]]: tensor<?x4x64x?xf32>
// CHECK-NOT: tensor.reshape
// CHECK-DAG: %[[Q3:.*]] = tensor.collapse_shape %[[Q]] {{\[\[}}0, 1], [2], [3]] : tensor<?x4x?x64xf32> into tensor<?x?x64xf32>
// CHECK-DAG: %[[K3:.*]] = tensor.collapse_shape %[[K]] {{\[\[}}0, 1], [2], [3]] : tensor<?x4x64x?xf32> into tensor<?x64x?xf32>
// CHECK: %[[S:.*]] = linalg.batch_matmul ins(%[[Q3]], %[[K3]]
// CHECK: tensor.expand_shape %[[S]] {{\[\[}}0, 1], [2], [3]] output_shape [%{{.*}}, 4, %{{.*}}, %{{.*}}] : tensor<?x?x?xf32> into tensor<?x4x?x?xf32>
// CHECK-NOT: tensor.reshape
func.func @attention_views(%q: tensor<?x4x?x64xf32> {exir.sym_shape = ["s0", "4", "s1", "64"]},
                           %k: tensor<?x4x64x?xf32> {exir.sym_shape = ["s0", "4", "64", "s1"]},
                           %b4: index, %s1: index, %s0: index) -> tensor<?x4x?x?xf32> {
  %0 = "edge.view"(%q, %b4, %s1) {exir.sym_shapes = [["4*s0", "s1", "64"]]} : (tensor<?x4x?x64xf32>, index, index) -> tensor<?x?x64xf32>
  %1 = "edge.view"(%k, %b4, %s1) {exir.sym_shapes = [["4*s0", "64", "s1"]]} : (tensor<?x4x64x?xf32>, index, index) -> tensor<?x64x?xf32>
  %2 = "edge.bmm"(%0, %1) {exir.sym_shapes = [["4*s0", "s1", "s1"]]} : (tensor<?x?x64xf32>, tensor<?x64x?xf32>) -> tensor<?x?x?xf32>
  %3 = "edge.view"(%2, %s0, %s1, %s1) {exir.sym_shapes = [["s0", "4", "s1", "s1"]]} : (tensor<?x?x?xf32>, index, index, index) -> tensor<?x4x?x?xf32>
  return %3 : tensor<?x4x?x?xf32>
}

// -----

// A view that only looks like a regrouping ([s0 + 1, s1] -> [s1, s0 + 1]: the same sizes in
// another order, s0 + 1 an opaque factor) is no collapse or expand: the general form, one
// tensor.reshape (not a collapse_shape of the two dynamic dims to 1-d: fusion would propagate it
// into expand_shapes that the memref lowering cannot take).
// CHECK-LABEL: func.func @reordering_view
// The sizes are the input's own dims (s0 + 1 is its dim 0 as a whole expression).
// CHECK-SAME: (%[[X:.*]]: tensor<?x?xf32> {{.*}}, %{{.*}}: index, %{{.*}}: index)
// CHECK-NOT: tensor.collapse_shape
// CHECK: %[[D1:.*]] = tensor.dim %[[X]], %c1
// CHECK: %[[D0:.*]] = tensor.dim %[[X]], %c0
// CHECK: %[[SHAPE:.*]] = tensor.from_elements %[[D1]], %[[D0]] : tensor<2xindex>
// CHECK: tensor.reshape %[[X]](%[[SHAPE]]) : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
func.func @reordering_view(%x: tensor<?x?xf32> {exir.sym_shape = ["s0 + 1", "s1"]}, %a: index, %b: index) -> tensor<?x?xf32> {
  %0 = "edge.view"(%x, %a, %b) {exir.sym_shapes = [["s1", "s0 + 1"]]} : (tensor<?x?xf32>, index, index) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// Flattening two dynamic dims ([s0, s1] -> [s0*s1]) feeding an elementwise op: a tensor.reshape,
// not a collapse_shape (linalg-fuse-elementwise-ops would expand the add's other operand to
// [s0, s1] with both sizes in one group, which aborts the memref lowering).
// CHECK-LABEL: func.func @flatten_two_dynamic_dims
// CHECK-NOT: tensor.collapse_shape
// CHECK: %[[R:.*]] = tensor.reshape %{{.*}} -> tensor<?xf32>
// CHECK: linalg.generic {{.*}} ins(%[[R]], %{{.*}} : tensor<?xf32>, tensor<?xf32>)
func.func @flatten_two_dynamic_dims(%x: tensor<?x?xf32> {exir.sym_shape = ["s0", "s1"]}, %y: tensor<?xf32> {exir.sym_shape = ["s0*s1"]}, %n: index) -> tensor<?xf32> {
  %0 = "edge.view"(%x, %n) {exir.sym_shapes = [["s0*s1"]]} : (tensor<?x?xf32>, index) -> tensor<?xf32>
  %1 = "edge.add"(%0, %y) {exir.sym_shapes = [["s0*s1"]]} : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %1 : tensor<?xf32>
}

// -----

// A data-dependent size (u0: an `.item()` as a size, `torch.zeros(n.item()) + 1`): the index that
// `.item()` produced (it carries exir.sym_expr = "u0") sizes every tensor whose shape names u0, and an
// expression of u0 is index arithmetic built where it is used (u0 is defined in the body, not at entry).
// CHECK-LABEL: func.func @unbacked_symbol
// CHECK-SAME: (%[[T:.*]]: tensor<i64>, %[[X:.*]]: tensor<?xf32>)
// CHECK: %[[E:.*]] = tensor.extract %[[T]][]
// CHECK: %[[U:.*]] = arith.index_cast %[[E]] {exir.sym_expr = "u0"}
// CHECK-NOT: tensor.dim
// CHECK: %[[E1:.*]] = tensor.empty(%[[U]]) : tensor<?xf32>
// CHECK: %[[Z:.*]] = linalg.generic {{.*}} outs(%[[E1]] : tensor<?xf32>)
// CHECK: %[[E2:.*]] = tensor.empty(%[[U]]) : tensor<?xf32>
// CHECK: linalg.generic {{.*}} ins(%[[Z]], %{{.*}} : tensor<?xf32>, tensor<f32>) outs(%[[E2]] : tensor<?xf32>)
// CHECK: %[[TWICE:.*]] = arith.muli %{{.*}}, %[[U]] : index
// CHECK: tensor.empty(%[[TWICE]]) : tensor<?xf32>
func.func @unbacked_symbol(%t: tensor<i64>, %x: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %one = arith.constant dense<1.0> : tensor<f32>
  %zero = arith.constant dense<0.0> : tensor<f32>
  %e = tensor.extract %t[] : tensor<i64>
  %u = arith.index_cast %e {exir.sym_expr = "u0"} : i64 to index
  %0 = "edge.expand"(%zero, %u) {exir.sym_shapes = [["u0"]]} : (tensor<f32>, index) -> tensor<?xf32>
  %1 = "edge.add"(%0, %one) {exir.sym_shapes = [["u0"]]} : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
  %2 = "edge.neg"(%x) {exir.sym_shapes = [["2*u0"]]} : (tensor<?xf32>) -> tensor<?xf32>
  return %1, %2 : tensor<?xf32>, tensor<?xf32>
}

// -----

// A result shape naming a symbol that no argument's dim and no index value defines (u1: nonzero's
// count, or a u0 whose `.item()` was folded away) takes its size from an operand's dim.
// CHECK-LABEL: func.func @unknown_symbol_from_operand
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>)
// CHECK: %[[D:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x3xf32>
// CHECK: %[[E:.*]] = tensor.empty(%[[D]]) : tensor<?x3xf32>
// CHECK: linalg.generic {{.*}} ins(%[[X]], %{{.*}} : tensor<?x3xf32>, tensor<f32>) outs(%[[E]] : tensor<?x3xf32>)
func.func @unknown_symbol_from_operand(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %one = arith.constant dense<1.0> : tensor<f32>
  %0 = "edge.add"(%x, %one) {exir.sym_shapes = [["u1", "3"]]} : (tensor<?x3xf32>, tensor<f32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

// A size from a fractional scale factor (interpolate(scale_factor=1.7): `TruncToInt(1.7*ToFloat(s0))`)
// is f64 arithmetic as Python does it, truncated back to an index.
// CHECK-LABEL: func.func @float_size_expression
// CHECK-SAME: (%[[X:[a-z0-9]+]]: tensor<?xf32> {exir.sym_shape = ["s0"]}, %{{.*}}: tensor<?x?xf32>)
// CHECK-DAG: %[[F:.*]] = arith.constant 1.700000e+00 : f64
// CHECK-DAG: %[[S0:.*]] = tensor.dim %[[X]], %{{.*}}
// CHECK: %[[I:.*]] = arith.index_cast %[[S0]] : index to i64
// CHECK: %[[SF:.*]] = arith.sitofp %[[I]] : i64 to f64
// CHECK: %[[P:.*]] = arith.mulf %[[F]], %[[SF]] : f64
// CHECK: %[[T:.*]] = arith.fptosi %[[P]] : f64 to i64
// CHECK: %[[N:.*]] = arith.index_cast %[[T]] : i64 to index
// CHECK: %[[FL:.*]] = math.floor %{{.*}} : f64
// CHECK: tensor.empty(%[[N]], %{{.*}}) : tensor<?x?xf32>
func.func @float_size_expression(%x: tensor<?xf32> {exir.sym_shape = ["s0"]}, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = "edge.neg"(%y) {exir.sym_shapes = [["TruncToInt(1.7*ToFloat(s0))", "FloorToInt(ToFloat(s0)/3)"]]} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// A derived dim: the image was exported with height 2*s1 and width 2*s2 + 1, so no argument dim
// is s1 or s2 alone; each symbol is recovered from its dim as (dim - offset) / scale (exact: the
// call's input checks hold the dims to that form), and the pooled result is sized from it.
// CHECK-LABEL: func.func @derived_symbols
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[H:.*]] = tensor.dim %arg0, %[[C2]] : tensor<?x3x?x?xf32>
// CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[W:.*]] = tensor.dim %arg0, %[[C3]] : tensor<?x3x?x?xf32>
// CHECK-NEXT: %[[TWO:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[S1:.*]] = arith.divsi %[[H]], %[[TWO]] : index
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[W1:.*]] = arith.subi %[[W]], %[[ONE]] : index
// CHECK-NEXT: %[[TWO_B:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[S2:.*]] = arith.divsi %[[W1]], %[[TWO_B]] : index
// CHECK: tensor.empty(%{{.*}}, %[[S1]], %[[S2]]) : tensor<?x3x?x?xf32>
// CHECK: linalg.pooling_nchw_max
func.func @derived_symbols(%x: tensor<?x3x?x?xf32> {exir.sym_shape = ["s0", "3", "2*s1", "2*s2 + 1"]}) -> tensor<?x3x?x?xf32> {
  %0 = "edge.max_pool"(%x) {dilation = array<i64: 1, 1>, kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>, exir.sym_shapes = [["s0", "3", "s1", "s2"]]} : (tensor<?x3x?x?xf32>) -> tensor<?x3x?x?xf32>
  return %0 : tensor<?x3x?x?xf32>
}
