// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(aten-to-edge)' | FileCheck %s

// A SymInt size becomes an index operand (its sym_size is a tensor.dim).
// CHECK-LABEL: func.func @view_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>)
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[D:.*]] = tensor.dim %[[X]], %[[C0]] : tensor<?x8xf32>
// CHECK: "edge.view"(%[[X]], %[[D]]) : (tensor<?x8xf32>, index) -> tensor<?x2x4xf32>
// CHECK-NOT: unrealized_conversion_cast
func.func @view_dynamic(%x: tensor<?x8xf32>) -> tensor<?x2x4xf32> {
  %s = "exir.sym_size_int"(%x) {dim = 0 : i64} : (tensor<?x8xf32>) -> !exir.symint
  %0 = "exir.view"(%x, %s) {static_size = array<i64: -9223372036854775808, 2, 4>} : (tensor<?x8xf32>, !exir.symint) -> tensor<?x2x4xf32>
  return %0 : tensor<?x2x4xf32>
}

// -----

// SymInt arithmetic becomes index arithmetic.
// CHECK-LABEL: func.func @view_sym_mul
// CHECK: %[[D:.*]] = tensor.dim
// CHECK: %[[M:.*]] = arith.muli %[[D]], %{{.*}} : index
// CHECK: "edge.view"(%{{.*}}, %[[M]]) : (tensor<?x8xf32>, index) -> tensor<?xf32>
func.func @view_sym_mul(%x: tensor<?x8xf32>) -> tensor<?xf32> {
  %s = "exir.sym_size_int"(%x) {dim = 0 : i64} : (tensor<?x8xf32>) -> !exir.symint
  %c = "exir.sym_constant"() {value = 8 : i64} : () -> !exir.symint
  %n = "exir.sym_mul"(%s, %c) : (!exir.symint, !exir.symint) -> !exir.symint
  %0 = "exir.view"(%x, %n) {static_size = array<i64: -9223372036854775808>} : (tensor<?x8xf32>, !exir.symint) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// -1 in a static view needs nothing; squeeze/unsqueeze are views too.
// CHECK-LABEL: func.func @static_views
// CHECK: "edge.view"(%{{.*}}) : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
// CHECK: "edge.view"(%{{.*}}) : (tensor<6x4xf32>) -> tensor<6x1x4xf32>
func.func @static_views(%x: tensor<2x3x4xf32>) -> tensor<6x1x4xf32> {
  %0 = "exir.view"(%x) {static_size = array<i64: -1, 4>} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %1 = "exir.unsqueeze"(%0) {dim = 1 : i64} : (tensor<6x4xf32>) -> tensor<6x1x4xf32>
  return %1 : tensor<6x1x4xf32>
}

// -----

// CHECK-LABEL: func.func @permute_expand
// CHECK: "edge.permute"(%{{.*}}) {dims = array<i64: 1, 0>}
// CHECK: "edge.expand"(%{{.*}}) : (tensor<3x1xf32>) -> tensor<2x3x5xf32>
func.func @permute_expand(%x: tensor<1x3xf32>) -> tensor<2x3x5xf32> {
  %0 = "exir.permute"(%x) {dims = array<i64: -1, 0>} : (tensor<1x3xf32>) -> tensor<3x1xf32>
  %1 = "exir.expand"(%0) {implicit = false, static_size = array<i64: 2, -1, 5>} : (tensor<3x1xf32>) -> tensor<2x3x5xf32>
  return %1 : tensor<2x3x5xf32>
}

// -----

// Negative starts normalize; an end past the dim means "to the end".
// CHECK-LABEL: func.func @slices
// CHECK: "edge.slice"(%{{.*}}) {dim = 1 : i64, start = 6 : i64, step = 1 : i64} : (tensor<4x8xf32>) -> tensor<4x2xf32>
// CHECK: "edge.slice"(%{{.*}}) {dim = 0 : i64, start = 1 : i64, step = 2 : i64} : (tensor<4x8xf32>) -> tensor<2x8xf32>
func.func @slices(%x: tensor<4x8xf32>) -> (tensor<4x2xf32>, tensor<2x8xf32>) {
  %0 = "exir.slice_tensor"(%x) {dim = 1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_end = 9223372036854775807 : i64, static_start = -2 : i64, static_step = 1 : i64} : (tensor<4x8xf32>) -> tensor<4x2xf32>
  %1 = "exir.slice_tensor"(%x) {dim = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_end = 4 : i64, static_start = 1 : i64, static_step = 2 : i64} : (tensor<4x8xf32>) -> tensor<2x8xf32>
  return %0, %1 : tensor<4x2xf32>, tensor<2x8xf32>
}

// -----

// A slice of a dynamic dim to its end: the length is dim - start, in index arithmetic.
// CHECK-LABEL: func.func @slice_dynamic
// CHECK: %[[D:.*]] = tensor.dim
// CHECK: %[[L:.*]] = arith.subi %[[D]], %{{.*}} : index
// CHECK: "edge.slice"(%{{.*}}, %[[L]]) {dim = 0 : i64, start = 1 : i64, step = 1 : i64}
func.func @slice_dynamic(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %0 = "exir.slice_tensor"(%x) {dim = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_end = 9223372036854775807 : i64, static_start = 1 : i64, static_step = 1 : i64} : (tensor<?x8xf32>) -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

// select = a size-1 slice, then a view that drops the dim.
// CHECK-LABEL: func.func @select
// CHECK: %[[S:.*]] = "edge.slice"(%{{.*}}) {dim = 0 : i64, start = 3 : i64, step = 1 : i64} : (tensor<4x8xf32>) -> tensor<1x8xf32>
// CHECK: "edge.view"(%[[S]]) : (tensor<1x8xf32>) -> tensor<8xf32>
func.func @select(%x: tensor<4x8xf32>) -> tensor<8xf32> {
  %0 = "exir.select_int"(%x) {dim = 0 : i64, static_index = -1 : i64} : (tensor<4x8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// CHECK-LABEL: func.func @split
// CHECK: "edge.slice"(%{{.*}}) {dim = 1 : i64, start = 0 : i64, step = 1 : i64} : (tensor<2x6xf32>) -> tensor<2x3xf32>
// CHECK: "edge.slice"(%{{.*}}) {dim = 1 : i64, start = 3 : i64, step = 1 : i64} : (tensor<2x6xf32>) -> tensor<2x3xf32>
func.func @split(%x: tensor<2x6xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %0:2 = "exir.split_with_sizes"(%x) {dim = -1 : i64, static_split_sizes = array<i64: 3, 3>} : (tensor<2x6xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
  return %0#0, %0#1 : tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @cat
// CHECK-SAME: (%[[A:.*]]: tensor<2xf32>, %[[B:.*]]: tensor<2xf32>)
// CHECK: "edge.cat"(%[[A]], %[[B]]) {dim = 0 : i64} : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
func.func @cat(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<4xf32> {
  %0 = "exir.cat"(%a, %b) {dim = -1 : i64} : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// constant_pad_nd lists (low, high) pairs from the last dim backwards.
// CHECK-LABEL: func.func @pad
// CHECK: %[[V:.*]] = arith.constant dense<0.000000e+00> : tensor<f32>
// CHECK: "edge.pad"(%{{.*}}, %[[V]]) {high = array<i64: 0, 2>, low = array<i64: 0, 1>}
func.func @pad(%x: tensor<2x3xf32>) -> tensor<2x6xf32> {
  %0 = "exir.constant_pad_nd"(%x) {static_pad = array<i64: 1, 2>, value = 0 : i64} : (tensor<2x3xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

// A symbolic pad amount (its sign is known at run time only): fill pieces max(p, 0) and 1 long
// around x, then the rows max(-p, 0) ... + size + p + 1 of that (a negative p crops), gathered.
// CHECK-LABEL: func.func @pad_symbolic
// CHECK-SAME: (%[[X:.*]]: tensor<2x?xf32>, %[[P:.*]]: index)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[V:.*]] = arith.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %[[LO:.*]] = arith.maxsi %[[P]], %[[C0]] : index
// CHECK: %[[A:.*]] = "edge.expand"(%[[V]], %[[LO]]) : (tensor<f32>, index) -> tensor<2x?xf32>
// CHECK: %[[B:.*]] = "edge.expand"(%[[V]], %[[C1]]) : (tensor<f32>, index) -> tensor<2x?xf32>
// CHECK: %[[CAT:.*]] = "edge.cat"(%[[A]], %[[X]], %[[B]]) {dim = 1 : i64}
// CHECK: %[[D:.*]] = tensor.dim %[[X]], %[[C1]]
// CHECK: %[[S1:.*]] = arith.addi %[[D]], %[[P]] : index
// CHECK: %[[S2:.*]] = arith.addi %[[S1]], %[[C1]] : index
// CHECK: %[[LEN:.*]] = arith.maxsi %[[S2]], %[[C0]] : index
// CHECK: %[[NEG:.*]] = arith.subi %[[C0]], %[[P]] : index
// CHECK: %[[START:.*]] = arith.maxsi %[[NEG]], %[[C0]] : index
// CHECK: arith.addi %[[START]], %[[LEN]] : index
// CHECK: %[[ROWS:.*]] = "edge.add"
// CHECK: "edge.index_select"(%[[CAT]], %[[ROWS]]) {dim = 1 : i64} : (tensor<2x?xf32>, tensor<?xi64>) -> tensor<2x?xf32>
func.func @pad_symbolic(%x: tensor<2x?xf32>, %p: !exir.symint) -> tensor<2x?xf32> {
  %0 = "exir.constant_pad_nd"(%x, %p) {static_pad = array<i64: -9223372036854775808, 1>, value = 0 : i64} : (tensor<2x?xf32>, !exir.symint) -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}

// -----

// Negative static amounts crop: rows 2 ... 2 + 5 - 2 - 1 of the last dim (a static start: edge.slice).
// CHECK-LABEL: func.func @pad_crop
// CHECK-NOT: edge.pad
// CHECK: "edge.slice"(%{{.*}}, %{{.*}}) {dim = 1 : i64, start = 2 : i64, step = 1 : i64} : (tensor<?x?xf32>, index) -> tensor<?x2xf32>
func.func @pad_crop(%x: tensor<?x5xf32>) -> tensor<?x2xf32> {
  %0 = "exir.constant_pad_nd"(%x) {static_pad = array<i64: -2, -1>, value = 0 : i64} : (tensor<?x5xf32>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// -----

// repeat = view with unit dims, expand, view.
// CHECK-LABEL: func.func @repeat
// CHECK: "edge.view"(%{{.*}}) : (tensor<2x3xf32>) -> tensor<1x2x1x3xf32>
// CHECK: "edge.expand"(%{{.*}}) : (tensor<1x2x1x3xf32>) -> tensor<2x2x2x3xf32>
// CHECK: "edge.view"(%{{.*}}) : (tensor<2x2x2x3xf32>) -> tensor<4x6xf32>
func.func @repeat(%x: tensor<2x3xf32>) -> tensor<4x6xf32> {
  %0 = "exir.repeat"(%x) {static_repeats = array<i64: 2, 2>} : (tensor<2x3xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

// clone and alias are identities on value-semantics tensors; _to_copy with a dtype is a cast.
// CHECK-LABEL: func.func @copies
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK: %[[C:.*]] = "edge.cast"(%[[X]]) : (tensor<4xf32>) -> tensor<4xf16>
// CHECK: return %[[X]], %[[C]]
func.func @copies(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf16>) {
  %0 = "exir.clone"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "exir.alias"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "exir.priv_to_copy"(%1) {dtype = f16, non_blocking = false} : (tensor<4xf32>) -> tensor<4xf16>
  return %1, %2 : tensor<4xf32>, tensor<4xf16>
}

// -----

// CHECK-LABEL: func.func @reflection_pad
// CHECK: "edge.border_pad"(%{{.*}}) {high = array<i64: 0, 1>, low = array<i64: 0, 2>, mode = "reflect"}
func.func @reflection_pad(%x: tensor<2x5xf32>) -> tensor<2x8xf32> {
  %0 = "exir.reflection_pad1d"(%x) {static_padding = array<i64: 2, 1>} : (tensor<2x5xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// repeat of a dynamic-shape tensor: the dynamic dim d0 sizes the unsqueezed view and the expand
// (tensor.dim), and the result's dim is 2 * d0.
// CHECK-LABEL: func.func @repeat_dynamic
// CHECK-SAME:  (%[[X:.*]]: tensor<?x5xf32>)
// CHECK-DAG:   %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:   %[[D0:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x5xf32>
// CHECK:       %[[V:.*]] = "edge.view"(%[[X]], %[[D0]]) : (tensor<?x5xf32>, index) -> tensor<1x?x1x5xf32>
// CHECK:       %[[E:.*]] = "edge.expand"(%[[V]], %[[D0]]) : (tensor<1x?x1x5xf32>, index) -> tensor<2x?x3x5xf32>
// CHECK:       %[[N:.*]] = arith.muli %[[D0]], %[[C2]] : index
// CHECK:       "edge.view"(%[[E]], %[[N]]) : (tensor<2x?x3x5xf32>, index) -> tensor<?x15xf32>
func.func @repeat_dynamic(%x: tensor<?x5xf32>) -> tensor<?x15xf32> {
  %0 = "exir.repeat"(%x) {static_repeats = array<i64: 2, 3>} : (tensor<?x5xf32>) -> tensor<?x15xf32>
  return %0 : tensor<?x15xf32>
}

// -----

// A slice with a symbolic start (edge.slice takes a static one): the start is wrapped if negative
// and clamped to [0, d1], the length is d1 - start (at least 0), and the rows start + arange(length)
// are read by index_select.
// CHECK-LABEL: func.func @slice_symbolic_start
// CHECK-SAME:  (%[[X:.*]]: tensor<4x?xf32>, %[[S:.*]]: index)
// CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:   %[[D1:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<4x?xf32>
// CHECK:       %[[NEG:.*]] = arith.cmpi slt, %[[S]], %[[C0]] : index
// CHECK:       %[[WRAP:.*]] = arith.addi %[[S]], %[[D1]] : index
// CHECK:       %[[SEL:.*]] = arith.select %[[NEG]], %[[WRAP]], %[[S]] : index
// CHECK:       %[[MIN:.*]] = arith.minsi %[[SEL]], %[[D1]] : index
// CHECK:       %[[LO:.*]] = arith.maxsi %[[MIN]], %[[C0]] : index
// CHECK:       %[[SPAN:.*]] = arith.subi %[[D1]], %[[LO]] : index
// CHECK:       %[[LEN:.*]] = arith.maxsi %[[SPAN]], %[[C0]] : index
// CHECK:       %[[AR:.*]] = "edge.arange"(%[[LEN]]) {start = 0.000000e+00 : f64, step = 1.000000e+00 : f64} : (index) -> tensor<?xi64>
// CHECK:       %[[LO64:.*]] = arith.index_cast %[[LO]] : index to i64
// CHECK:       %[[FIRST:.*]] = tensor.from_elements %[[LO64]] : tensor<i64>
// CHECK:       %[[ROWS:.*]] = "edge.add"(%[[AR]], %[[FIRST]])
// CHECK:       "edge.index_select"(%[[X]], %[[ROWS]]) {dim = 1 : i64} : (tensor<4x?xf32>, tensor<?xi64>) -> tensor<4x?xf32>
func.func @slice_symbolic_start(%x: tensor<4x?xf32>, %s: !exir.symint) -> tensor<4x?xf32> {
  %0 = "exir.slice_tensor"(%x, %s) {dim = 1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_start = -9223372036854775808 : i64, static_step = 1 : i64} : (tensor<4x?xf32>, !exir.symint) -> tensor<4x?xf32>
  return %0 : tensor<4x?xf32>
}

// -----

// split_with_sizes with a symbolic size: the first piece is an edge.slice of length s; the second
// starts at s (known at run time only) and ends at s + 2: its rows are read by index_select.
// CHECK-LABEL: func.func @split_symbolic
// CHECK-SAME:  (%[[X:.*]]: tensor<4x?xf32>, %[[S:.*]]: index)
// CHECK-DAG:   %[[C2:.*]] = arith.constant 2 : index
// CHECK:       %[[A:.*]] = "edge.slice"(%[[X]], %[[S]]) {dim = 1 : i64, start = 0 : i64, step = 1 : i64} : (tensor<4x?xf32>, index) -> tensor<4x?xf32>
// CHECK:       %[[END:.*]] = arith.addi %[[S]], %[[C2]] : index
// CHECK:       arith.cmpi slt, %[[S]]
// CHECK:       arith.cmpi slt, %[[END]]
// CHECK:       %[[ROWS:.*]] = "edge.add"
// CHECK:       %[[B:.*]] = "edge.index_select"(%[[X]], %[[ROWS]]) {dim = 1 : i64}
// CHECK:       return %[[A]], %{{.*}}
func.func @split_symbolic(%x: tensor<4x?xf32>, %s: !exir.symint) -> (tensor<4x?xf32>, tensor<4x2xf32>) {
  %0:2 = "exir.split_with_sizes"(%x, %s) {dim = 1 : i64, static_split_sizes = array<i64: -9223372036854775808, 2>} : (tensor<4x?xf32>, !exir.symint) -> (tensor<4x?xf32>, tensor<4x?xf32>)
  %1 = tensor.cast %0#1 : tensor<4x?xf32> to tensor<4x2xf32>
  return %0#0, %1 : tensor<4x?xf32>, tensor<4x2xf32>
}

// -----

// repeat by a symbolic count (InstanceNorm repeats its weight by the batch size): the count sizes
// the expand's dynamic dim and the result's.
// CHECK-LABEL: func.func @repeat_symbolic
// CHECK-SAME:  (%[[X:.*]]: tensor<5xf32>, %[[N:.*]]: index)
// CHECK:       %[[V:.*]] = "edge.view"(%[[X]]) : (tensor<5xf32>) -> tensor<1x1x1x5xf32>
// CHECK:       %[[E:.*]] = "edge.expand"(%[[V]], %[[N]]) : (tensor<1x1x1x5xf32>, index) -> tensor<?x1x2x5xf32>
// CHECK:       "edge.view"(%[[E]], %[[N]]) : (tensor<?x1x2x5xf32>, index) -> tensor<?x10xf32>
func.func @repeat_symbolic(%x: tensor<5xf32>, %n: !exir.symint) -> tensor<?x10xf32> {
  %0 = "exir.repeat"(%x, %n) {static_repeats = array<i64: -9223372036854775808, 2>} : (tensor<5xf32>, !exir.symint) -> tensor<?x10xf32>
  return %0 : tensor<?x10xf32>
}

// -----

// as_strided of a dynamic-shape input whose range constraints prove the reads lie inside it
// (s0 >= 4: at least 12 elements; the last read is element 1 + 2*3 + 2*1 = 9).
// CHECK-LABEL: func.func @as_strided_dynamic
// CHECK-NOT: cf.assert
// CHECK: "edge.as_strided"(%{{.*}}) {storage_offset = 1 : i64, stride = array<i64: 3, 1>} : (tensor<?x3xf32>) -> tensor<3x3xf32>
module attributes {exir.range_constraints = {s0 = {min = 4 : i64}}} {
  func.func @as_strided_dynamic(%x: tensor<?x3xf32> {exir.sym_shape = ["s0", "3"]}) -> tensor<3x3xf32> {
    %0 = "exir.as_strided"(%x) {operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_size = array<i64: 3, 3>, static_storage_offset = 1 : i64, static_stride = array<i64: 3, 1>} : (tensor<?x3xf32>) -> tensor<3x3xf32>
    return %0 : tensor<3x3xf32>
  }
}

// -----

// The same read where the range constraints let the input have 3 * 3 = 9 elements (eager raises for
// those): a run-time check that the input holds element 9, before the as_strided.
// CHECK-LABEL: func.func @as_strided_checked
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>
// CHECK:      %[[ROWS:.*]] = tensor.dim %[[X]], %c0
// CHECK:      %[[N:.*]] = arith.muli %[[ROWS]], %c3
// CHECK:      %[[OK:.*]] = arith.cmpi sgt, %[[N]], %c9
// CHECK:      cf.assert %[[OK]], "run-time check failed: as_strided at {{.*}} reads element 9 of its input, which has fewer elements at this call (eager raises too)"
// CHECK:      "edge.as_strided"(%[[X]]) {storage_offset = 1 : i64, stride = array<i64: 3, 1>}
module attributes {exir.range_constraints = {s0 = {min = 3 : i64}}} {
  func.func @as_strided_checked(%x: tensor<?x3xf32> {exir.sym_shape = ["s0", "3"]}) -> tensor<3x3xf32> {
    %0 = "exir.as_strided"(%x) {operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_size = array<i64: 3, 3>, static_storage_offset = 1 : i64, static_stride = array<i64: 3, 1>} : (tensor<?x3xf32>) -> tensor<3x3xf32>
    return %0 : tensor<3x3xf32>
  }
}

// -----

// as_strided that restrides its input in place with a symbolic size: torch's decomposition of
// adaptive_avg_pool2d on a permuted input (torchvision's Swin V2 head, batch dynamic) gives eager's output
// strides (64, 1, 64, 64) to a (s0, 64, 1, 1) mean; the unit dims' strides add nothing to an address, the
// others are the contiguous layout's: the value is its input's.
// CHECK-LABEL: func.func @as_strided_restride_symbolic
// CHECK-SAME: (%[[X:.*]]: tensor<?x64x1x1xf32>
// CHECK-NOT: edge.as_strided
// CHECK: return %[[X]]
func.func @as_strided_restride_symbolic(%x: tensor<?x64x1x1xf32> {exir.sym_shape = ["s0", "64", "1", "1"]}) -> tensor<?x64x1x1xf32> {
  %s = "exir.sym_size_int"(%x) {dim = 0 : i64, exir.sym_expr = "s0"} : (tensor<?x64x1x1xf32>) -> !exir.symint
  %0 = "exir.as_strided"(%x, %s) {exir.sym_shapes = [["s0", "64", "1", "1"]], operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_size = array<i64: -9223372036854775808, 64, 1, 1>, static_stride = array<i64: 64, 1, 64, 64>} : (tensor<?x64x1x1xf32>, !exir.symint) -> tensor<?x64x1x1xf32>
  return %0 : tensor<?x64x1x1xf32>
}

// -----

// select with a symbolic index (x.select(1, n - 1)): the one row by index_select (which takes
// -size..size-1 and checks the range at run time), then the unit dim dropped; never a static start.
// CHECK-LABEL: func.func @select_symbolic
// CHECK-SAME: (%[[X:.*]]: tensor<?x?xf32>, %[[I:.*]]: index)
// CHECK:      %[[I64:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK-NEXT: %[[ROW:.*]] = tensor.from_elements %[[I64]] : tensor<1xi64>
// CHECK-NEXT: %[[SEL:.*]] = "edge.index_select"(%[[X]], %[[ROW]]) {dim = 1 : i64, exir.negative_indices} : (tensor<?x?xf32>, tensor<1xi64>) -> tensor<?x1xf32>
// CHECK-NEXT: %[[D0:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x?xf32>
// CHECK-NEXT: "edge.view"(%[[SEL]], %[[D0]]) : (tensor<?x1xf32>, index) -> tensor<?xf32>
func.func @select_symbolic(%x: tensor<?x?xf32>, %i: !exir.symint) -> tensor<?xf32> {
  %0 = "exir.select_int"(%x, %i) {dim = 1 : i64, static_index = -9223372036854775808 : i64} : (tensor<?x?xf32>, !exir.symint) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
