// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-check-bounds)' | FileCheck %s
// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-check-bounds,exir-cpu-to-llvm)' | FileCheck %s --check-prefix=LLVM

// A load: its index is compared with 0 and the dim; a failure stores the first message in the
// global (null while every check held) and the load is skipped, yielding 0.
// CHECK:       llvm.mlir.global external @_mlir_exir_bounds_error() {{.*}} : !llvm.ptr
// CHECK:         llvm.mlir.zero : !llvm.ptr
// CHECK:       llvm.mlir.global internal constant @[[MSG:__exir_bounds_message_0]]("{{.*}}memref.load %arg0[%arg1]{{.*}}out-of-bounds access
// CHECK-LABEL: func.func @load
// CHECK-SAME:    (%[[M:.*]]: memref<?xf32>, %[[I:.*]]: index)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[DIM:.*]] = memref.dim %[[M]], %{{.*}} : memref<?xf32>
// CHECK-DAG:     %[[GE:.*]] = arith.cmpi sge, %[[I]], %[[C0]] : index
// CHECK-DAG:     %[[LT:.*]] = arith.cmpi slt, %[[I]], %[[DIM]] : index
// CHECK:         %[[OK:.*]] = arith.andi %[[GE]], %[[LT]] : i1
// CHECK:         %[[BAD:.*]] = arith.xori %[[OK]], %true
// CHECK:         scf.if %[[BAD]] {
// CHECK:           %[[G:.*]] = llvm.mlir.addressof @_mlir_exir_bounds_error
// CHECK:           %[[PREV:.*]] = llvm.load %[[G]] : !llvm.ptr -> !llvm.ptr
// CHECK:           %[[FIRST:.*]] = llvm.icmp "eq" %[[PREV]], %{{.*}} : !llvm.ptr
// CHECK:           %[[TEXT:.*]] = llvm.mlir.addressof @[[MSG]]
// CHECK:           %[[NEW:.*]] = arith.select %[[FIRST]], %[[TEXT]], %[[PREV]] : !llvm.ptr
// CHECK:           llvm.store %[[NEW]], %[[G]]
// CHECK:         }
// CHECK:         %[[V:.*]] = scf.if %[[OK]] -> (f32) {
// CHECK:           %[[L:.*]] = memref.load %[[M]][%[[I]]] : memref<?xf32>
// CHECK:           scf.yield %[[L]] : f32
// CHECK:         } else {
// CHECK:           %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:           scf.yield %[[Z]] : f32
// CHECK:         return %[[V]] : f32
// CHECK-NOT:     cf.assert
// Lowered: the load runs on one branch, the failure's record on the other; nothing aborts.
// LLVM-LABEL:  llvm.func @load
// LLVM:          llvm.cond_br %{{.*}}, ^[[IN:bb[0-9]+]], ^[[OUT:bb[0-9]+]]
// LLVM:        ^[[IN]]:
// LLVM:          llvm.load %{{.*}} : !llvm.ptr -> f32
// LLVM:        ^[[OUT]]:
// LLVM:          llvm.store %{{.*}}, %{{.*}} : !llvm.ptr, !llvm.ptr
// LLVM-NOT:      abort
func.func @load(%m: memref<?xf32>, %i: index) -> f32 {
  %v = memref.load %m[%i] : memref<?xf32>
  return %v : f32
}

// -----

// A store runs only when its indices are inside both dims.
// CHECK-LABEL: func.func @store
// CHECK-SAME:    (%[[M:.*]]: memref<4x?xi64>, %[[I:.*]]: index, %[[J:.*]]: index, %[[V:.*]]: i64)
// CHECK:         %[[C4:.*]] = arith.constant 4 : index
// CHECK:         %[[LT0:.*]] = arith.cmpi slt, %[[I]], %[[C4]] : index
// CHECK:         %[[OK0:.*]] = arith.andi %{{.*}}, %[[LT0]] : i1
// CHECK:         %[[D1:.*]] = memref.dim %[[M]], %c1
// CHECK:         %[[LT1:.*]] = arith.cmpi slt, %[[J]], %[[D1]] : index
// CHECK:         %[[OK1:.*]] = arith.andi %{{.*}}, %[[LT1]] : i1
// CHECK:         %[[OK:.*]] = arith.andi %[[OK0]], %[[OK1]] : i1
// CHECK:         scf.if %[[OK]] {
// CHECK-NEXT:      memref.store %[[V]], %[[M]][%[[I]], %[[J]]] : memref<4x?xi64>
// CHECK-NEXT:    }
// CHECK-NOT:     cf.assert
func.func @store(%m: memref<4x?xi64>, %i: index, %j: index, %v: i64) {
  memref.store %v, %m[%i, %j] : memref<4x?xi64>
  return
}

// -----

// A view (a slice's subview) is checked against its source: a failure is recorded; the view
// itself touches no memory, and the accesses through it are checked against its own dims.
// CHECK-LABEL: func.func @view
// CHECK:         scf.if
// CHECK:           llvm.mlir.addressof @__exir_bounds_message_{{[0-9]+}}
// CHECK:         memref.subview
// CHECK-NOT:     cf.assert
func.func @view(%m: memref<?xf32>, %o: index, %n: index) -> memref<?xf32, strided<[2], offset: ?>> {
  %r = memref.subview %m[%o][%n][2] : memref<?xf32> to memref<?xf32, strided<[2], offset: ?>>
  return %r : memref<?xf32, strided<[2], offset: ?>>
}
