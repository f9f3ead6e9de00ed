// RUN: exir-mlir-opt %s -p 'builtin.module(exir-cpu-plan-arena,exir-cpu-report-failed-asserts)' | FileCheck %s

// A failed check between the temporaries' uses frees the arena (the one buffer they live in:
// error_exit_frees.py sees through memref.view) and the result allocated before it, never a
// view; the normal path frees the arena once, after the last use.
// CHECK-LABEL: func.func @check_between_uses
// CHECK:         %[[ARENA:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xi8>
// CHECK:         %[[R:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf32>
// CHECK:         cf.cond_br %{{.*}}, ^[[REST:bb[0-9]+]], ^[[FAIL:bb[0-9]+]]
// CHECK:       ^[[FAIL]]:
// CHECK:         llvm.cmpxchg
// CHECK-DAG:     memref.dealloc %[[ARENA]] : memref<?xi8>
// CHECK-DAG:     memref.dealloc %[[R]] : memref<?xf32>
// CHECK-NOT:     memref.dealloc
// CHECK:         cf.br
// CHECK:       ^[[REST]]:
// CHECK:         call @use
// CHECK-NEXT:    memref.dealloc %[[ARENA]] : memref<?xi8>
// CHECK-NOT:     memref.dealloc
// CHECK:         return %[[R]]
func.func private @use(memref<?xf32>, memref<?xf32>, memref<?xf32>)
func.func @check_between_uses(%n: index, %ok: i1) -> memref<?xf32> {
  %a = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
  %b = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
  %r = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
  cf.assert %ok, "a check"
  call @use(%a, %b, %r) : (memref<?xf32>, memref<?xf32>, memref<?xf32>) -> ()
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %b : memref<?xf32>
  return %r : memref<?xf32>
}
