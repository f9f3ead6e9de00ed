// RUN: exir-mlir ops add_tensor | FileCheck %s
// RUN: exir-mlir ops slice_tensor --dialect exir --json | FileCheck %s --check-prefix=JSON
// RUN: exir-mlir ops --dialect backend | FileCheck %s --check-prefix=BACKEND
// RUN: not exir-mlir ops no_such_op 2>&1 | FileCheck %s --check-prefix=NONE
// `exir-mlir ops` lists ops from the generated op table.

// CHECK: exir.add_tensor  [aten::add.Tensor]
// CHECK-NEXT: summary: `aten::add.Tensor`
// CHECK-NEXT: operands: self: AnyRankedTensor, other: AnyRankedTensor
// CHECK-NEXT: attributes: alpha: TypedAttrInterface
// CHECK-NEXT: results: result: AnyRankedTensor
// CHECK: 1 ops

// JSON: "op": "exir.slice_tensor"
// JSON: "aten": "aten::slice.Tensor"
// JSON: "name": "static_start",
// JSON-NEXT: "optional": true
// JSON: "name": "start",
// JSON-NEXT: "ranks": null,
// JSON-NEXT: "variadicity": "optional"

// BACKEND: backend.matmul
// BACKEND: operands: lhs: AnyRankedTensor, rhs: AnyRankedTensor, bias?: AnyRankedTensor
// BACKEND: {{[0-9]+}} ops

// NONE: exir-mlir ops: error: no op of exir, edge, backend matches 'no_such_op'
