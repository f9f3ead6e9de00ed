// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-report-failed-asserts)' | FileCheck %s

// A failed check frees what its function allocated before it and has not freed: the failure block
// of the second assert deallocates %a and %b (allocated before it), the first's frees nothing
// (nothing allocated yet), and the exit after the call frees %a only (%b is not allocated yet).
// CHECK-LABEL: func.func @two_checks
// CHECK-SAME:    (%[[N:[a-z0-9]+]]: index, %[[OK1:[a-z0-9]+]]: i1, %[[OK2:[a-z0-9]+]]: i1, %[[SLOT:[a-z0-9]+]]: !llvm.ptr {exir.error_slot})
// CHECK:         cf.cond_br %[[OK1]], ^[[REST1:bb[0-9]+]], ^[[FAIL1:bb[0-9]+]]
// CHECK:       ^[[FAIL1]]:
// CHECK-NOT:     memref.dealloc
// CHECK:         llvm.cmpxchg %[[SLOT]]
// CHECK-NOT:     memref.dealloc
// CHECK:         cf.br ^[[EXIT:bb[0-9]+]]
// CHECK:       ^[[REST1]]:
// CHECK:         %[[A:.*]] = memref.alloc(%[[N]]) : memref<?xf32>
// CHECK:         call @callee(%[[A]], %[[OK1]], %[[SLOT]])
// CHECK:         cf.cond_br %{{.*}}, ^[[FREE_A:bb[0-9]+]], ^[[REST2:bb[0-9]+]]
// CHECK:       ^[[REST2]]:
// CHECK:         %[[B:.*]] = memref.alloc(%[[N]]) : memref<?xf32>
// CHECK:         cf.cond_br %[[OK2]], ^[[REST3:bb[0-9]+]], ^[[FAIL2:bb[0-9]+]]
// CHECK:       ^[[FAIL2]]:
// CHECK:         llvm.cmpxchg %[[SLOT]]
// CHECK-DAG:     memref.dealloc %[[A]] : memref<?xf32>
// CHECK-DAG:     memref.dealloc %[[B]] : memref<?xf32>
// CHECK:         cf.br ^[[EXIT]]
// CHECK:       ^[[REST3]]:
// CHECK:         memref.dealloc %[[B]] : memref<?xf32>
// CHECK:         return %[[A]] : memref<?xf32>
// CHECK:       ^[[FREE_A]]:
// CHECK-NEXT:    memref.dealloc %[[A]] : memref<?xf32>
// CHECK-NEXT:    cf.br ^[[EXIT]]
// CHECK:       ^[[EXIT]]:
// CHECK:         ub.poison
func.func private @callee(%m: memref<?xf32>, %ok: i1) {
  cf.assert %ok, "callee check"
  return
}
func.func @two_checks(%n: index, %ok1: i1, %ok2: i1) -> memref<?xf32> {
  cf.assert %ok1, "first check"
  %a = memref.alloc(%n) : memref<?xf32>
  call @callee(%a, %ok1) : (memref<?xf32>, i1) -> ()
  %b = memref.alloc(%n) : memref<?xf32>
  cf.assert %ok2, "second check"
  memref.dealloc %b : memref<?xf32>
  return %a : memref<?xf32>
}

// -----

// Not provably live: %a was freed on a path that reaches the check (a conditional dealloc), and
// %c is passed on as a block argument (an iter_arg that ownership-based deallocation may free):
// neither is freed at the check (a leak there, never a double free). %d, freed only after the
// check, is.
// CHECK-LABEL: func.func @not_provably_live
// CHECK-SAME:    (%{{[a-z0-9]+}}: index, %{{[a-z0-9]+}}: i1, %[[OK:[a-z0-9]+]]: i1,
// CHECK:         %[[D:.*]] = memref.alloc
// CHECK:         cf.cond_br %[[OK]], ^{{bb[0-9]+}}, ^[[FAIL:bb[0-9]+]]
// CHECK:       ^[[FAIL]]:
// CHECK:         llvm.cmpxchg
// CHECK-NEXT:    memref.dealloc %[[D]]
// CHECK-NEXT:    cf.br
func.func @not_provably_live(%n: index, %c1: i1, %ok: i1) {
  %a = memref.alloc(%n) : memref<?xf32>
  %c = memref.alloc(%n) : memref<?xf32>
  cf.cond_br %c1, ^free, ^join(%c : memref<?xf32>)
^free:
  memref.dealloc %a : memref<?xf32>
  cf.br ^join(%c : memref<?xf32>)
^join(%arg: memref<?xf32>):
  %d = memref.alloc(%n) : memref<?xf32>
  cf.assert %ok, "check"
  memref.dealloc %d : memref<?xf32>
  memref.dealloc %arg : memref<?xf32>
  return
}

// -----

// Freed through a view before the check (the base buffer of its strided metadata, as
// ownership-based deallocation frees it): not freed again at the check.
// CHECK-LABEL: func.func @freed_through_a_view
// CHECK:         cf.cond_br %{{.*}}, ^{{bb[0-9]+}}, ^[[FAIL:bb[0-9]+]]
// CHECK:       ^[[FAIL]]:
// CHECK:         llvm.cmpxchg
// CHECK-NEXT:    cf.br
func.func @freed_through_a_view(%n: index, %ok: i1) {
  %a = memref.alloc(%n) : memref<?xf32>
  %view = memref.subview %a[1] [2] [1] : memref<?xf32> to memref<2xf32, strided<[1], offset: 1>>
  %base, %offset, %size, %stride = memref.extract_strided_metadata %view : memref<2xf32, strided<[1], offset: 1>> -> memref<f32>, index, index, index
  memref.dealloc %base : memref<f32>
  cf.assert %ok, "check"
  return
}
