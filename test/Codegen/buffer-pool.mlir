// RUN: exir-mlir-opt %s -p 'builtin.module(exir-cpu-to-llvm)' | FileCheck %s --implicit-check-not='llvm.call @malloc' --implicit-check-not='llvm.call @free'

// Heap buffers of the compiled code go through the pool (exir_mlir/codegen/buffer_pool.py):
// the function calls the memref lowering's generic alloc/free, which the pool defines; malloc
// is called only where the pool has no buffer that fits, free only where the pool is full
// (or releases its buffers): nowhere else (--implicit-check-not).
// CHECK-LABEL: llvm.func @main
// CHECK:         llvm.call @_mlir_memref_to_llvm_alloc(
// CHECK:         llvm.call @_mlir_memref_to_llvm_free(
// The pool's slots are guarded by a spin lock (concurrent calls, OpenMP threads).
// CHECK-LABEL: llvm.func internal @__exir_pool_lock_acquire()
// CHECK:         llvm.cmpxchg %{{.*}}, %{{.*}}, %{{.*}} acquire monotonic
// CHECK-LABEL: llvm.func internal @_mlir_memref_to_llvm_alloc(
// CHECK-SAME:    %[[SIZE:.*]]: i64)
// CHECK:         llvm.call @__exir_pool_take(%[[SIZE]])
// CHECK:         llvm.call @malloc(%[[SIZE]])
// CHECK-LABEL: llvm.func internal @_mlir_memref_to_llvm_free(
// CHECK-SAME:    %[[P:.*]]: !llvm.ptr)
// CHECK:         llvm.call @malloc_usable_size(%[[P]])
// CHECK:         llvm.call @free(%[[P]])
// CHECK-LABEL: llvm.func @_mlir_exir_pool_mallocs() -> i64
// CHECK-LABEL: llvm.func @_mlir_exir_pool_release()
// CHECK:         llvm.call @free(
func.func @main(%n: index, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %buf = memref.alloc(%n) : memref<?xf32>
  memref.store %x, %buf[%c0] : memref<?xf32>
  %y = memref.load %buf[%c0] : memref<?xf32>
  memref.dealloc %buf : memref<?xf32>
  return %y : f32
}
