// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-check-bounds)' | FileCheck %s
// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-check-bounds,exir-cpu-to-llvm)' | FileCheck %s --check-prefix=LLVM

// A load: its index is compared with 0 and the dim. Every function takes the call's error slot
// as its last argument; a failure stores its message there (compare-and-swap from null: the
// first failure wins) and the function returns at once: the load runs only when the check held.
// CHECK:       llvm.mlir.global internal constant @[[MSG:__exir_bounds_message_0]]("{{.*}}memref.load %arg0[%arg1]{{.*}}out-of-bounds access
// CHECK-LABEL: func.func @load
// CHECK-SAME:    (%[[M:.*]]: memref<?xf32>, %[[I:.*]]: index, %[[SLOT:.*]]: !llvm.ptr {exir.error_slot}) -> f32
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[DIM:.*]] = memref.dim %[[M]], %{{.*}} : memref<?xf32>
// CHECK-DAG:     %[[GE:.*]] = arith.cmpi sge, %[[I]], %[[C0]] : index
// CHECK-DAG:     %[[LT:.*]] = arith.cmpi slt, %[[I]], %[[DIM]] : index
// CHECK:         %[[OK:.*]] = arith.andi %[[GE]], %[[LT]] : i1
// CHECK:         cf.cond_br %[[OK]], ^[[IN:bb[0-9]+]], ^[[FAIL:bb[0-9]+]]
// CHECK:       ^[[FAIL]]:
// CHECK:         %[[TEXT:.*]] = llvm.mlir.addressof @[[MSG]]
// CHECK:         %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK:         llvm.cmpxchg %[[SLOT]], %[[NULL]], %[[TEXT]] acq_rel monotonic
// CHECK:         cf.br ^[[EXIT:bb[0-9]+]]
// CHECK:       ^[[IN]]:
// CHECK:         %[[V:.*]] = memref.load %[[M]][%[[I]]] : memref<?xf32>
// CHECK:         return %[[V]] : f32
// CHECK:       ^[[EXIT]]:
// CHECK:         %[[P:.*]] = ub.poison : f32
// CHECK:         return %[[P]] : f32
// CHECK-NOT:     cf.assert
// Lowered: nothing aborts.
// LLVM-LABEL:  llvm.func @load
// LLVM:          llvm.cond_br %{{.*}}, ^[[IN:bb[0-9]+]], ^[[OUT:bb[0-9]+]]
// LLVM:        ^[[OUT]]:
// LLVM:          llvm.cmpxchg
// LLVM:        ^[[IN]]:
// LLVM:          llvm.load %{{.*}} : !llvm.ptr -> f32
// LLVM-NOT:      abort
func.func @load(%m: memref<?xf32>, %i: index) -> f32 {
  %v = memref.load %m[%i] : memref<?xf32>
  return %v : f32
}

// -----

// A store runs only when its indices are inside both dims.
// CHECK-LABEL: func.func @store
// CHECK-SAME:    (%[[M:.*]]: memref<4x?xi64>, %[[I:.*]]: index, %[[J:.*]]: index, %[[V:.*]]: i64, %{{.*}}: !llvm.ptr {exir.error_slot
// CHECK:         %[[C4:.*]] = arith.constant 4 : index
// CHECK:         %[[LT0:.*]] = arith.cmpi slt, %[[I]], %[[C4]] : index
// CHECK:         %[[OK0:.*]] = arith.andi %{{.*}}, %[[LT0]] : i1
// CHECK:         %[[D1:.*]] = memref.dim %[[M]], %c1
// CHECK:         %[[LT1:.*]] = arith.cmpi slt, %[[J]], %[[D1]] : index
// CHECK:         %[[OK1:.*]] = arith.andi %{{.*}}, %[[LT1]] : i1
// CHECK:         %[[OK:.*]] = arith.andi %[[OK0]], %[[OK1]] : i1
// CHECK:         cf.cond_br %[[OK]], ^[[IN:bb[0-9]+]], ^{{bb[0-9]+}}
// CHECK:       ^[[IN]]:
// CHECK-NEXT:    memref.store %[[V]], %[[M]][%[[I]], %[[J]]] : memref<4x?xi64>
// CHECK-NOT:     cf.assert
func.func @store(%m: memref<4x?xi64>, %i: index, %j: index, %v: i64) {
  memref.store %v, %m[%i, %j] : memref<4x?xi64>
  return
}

// -----

// A view (a slice's subview) is checked against its source: the view is made only when it fits.
// CHECK-LABEL: func.func @view
// CHECK:         llvm.mlir.addressof @__exir_bounds_message_{{[0-9]+}}
// CHECK:         memref.subview
// CHECK-NOT:     cf.assert
func.func @view(%m: memref<?xf32>, %o: index, %n: index) -> memref<?xf32, strided<[2], offset: ?>> {
  %r = memref.subview %m[%o][%n][2] : memref<?xf32> to memref<?xf32, strided<[2], offset: ?>>
  return %r : memref<?xf32, strided<[2], offset: ?>>
}

// -----

// A failure in a called function (an outlined loop nest, a parallel body) stops its caller too:
// the callee gets the caller's slot, and after the call the caller reads the slot and returns
// when it is set, before the store that follows the call.
// CHECK-LABEL: func.func private @callee
// CHECK-SAME:    (%{{.*}}: memref<?xf32>, %{{.*}}: index, %{{.*}}: !llvm.ptr {exir.error_slot
// CHECK-LABEL: func.func @caller
// CHECK-SAME:    (%[[M:.*]]: memref<?xf32>, %[[I:.*]]: index, %[[SLOT:.*]]: !llvm.ptr {exir.error_slot
// CHECK:         %[[R:.*]] = call @callee(%[[M]], %[[I]], %[[SLOT]])
// CHECK:         %[[NOW:.*]] = llvm.load %[[SLOT]] : !llvm.ptr -> !llvm.ptr
// CHECK:         %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK:         %[[SET:.*]] = llvm.icmp "ne" %[[NOW]], %[[NULL]] : !llvm.ptr
// CHECK:         cf.cond_br %[[SET]], ^[[EXIT:bb[0-9]+]], ^[[REST:bb[0-9]+]]
// CHECK:       ^[[REST]]:
// CHECK:         memref.store %[[R]]
// CHECK:       ^[[EXIT]]:
// CHECK-NEXT:    return
func.func private @callee(%m: memref<?xf32>, %i: index) -> f32 {
  %v = memref.load %m[%i] : memref<?xf32>
  return %v : f32
}
func.func @caller(%m: memref<?xf32>, %i: index) {
  %v = func.call @callee(%m, %i) : (memref<?xf32>, index) -> f32
  %c0 = arith.constant 0 : index
  memref.store %v, %m[%c0] : memref<?xf32>
  return
}
