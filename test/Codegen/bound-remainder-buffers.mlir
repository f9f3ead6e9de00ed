// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-bound-remainder-buffers)' | FileCheck %s

// One-shot bufferization's copy of a peeled remainder's init (attention scores over a dynamic
// sequence: the contraction's init is read again by its epilogue): n - iv <= 31 columns, so the
// heap buffer of that size becomes a view of a static 124-byte buffer (31 f32), which
// promote-buffers-to-stack then puts on the stack and hoist_loop_buffers takes out of the loop.
// CHECK-LABEL: func.func @remainder_copy
// CHECK: scf.for %[[IV:.*]] = %{{.*}} to %[[N:.*]] step %c32
// CHECK: %[[SIZE:.*]] = affine.apply #{{.*}}(%[[IV]])[%[[N]]]
// CHECK: %[[RAW:.*]] = memref.alloc() {alignment = 64 : i64} : memref<124xi8>
// CHECK: %[[VIEW:.*]] = memref.view %[[RAW]][%{{.*}}][%[[SIZE]]] : memref<124xi8> to memref<1x?xf32>
// CHECK: linalg.copy {{.*}} outs(%[[VIEW]] : memref<1x?xf32>)
// CHECK-NOT: memref.alloc(
#floor32 = affine_map<()[s0] -> ((s0 floordiv 32) * 32)>
#rest = affine_map<(d0)[s0] -> (-d0 + s0)>
func.func @remainder_copy(%init: memref<1x?xf32>, %out: memref<1x?xf32>, %n: index) {
  %c32 = arith.constant 32 : index
  %lb = affine.apply #floor32()[%n]
  scf.for %iv = %lb to %n step %c32 {
    %size = affine.apply #rest(%iv)[%n]
    %src = memref.subview %init[0, %iv] [1, %size] [1, 1] : memref<1x?xf32> to memref<1x?xf32, strided<[?, 1], offset: ?>>
    %dst = memref.subview %out[0, %iv] [1, %size] [1, 1] : memref<1x?xf32> to memref<1x?xf32, strided<[?, 1], offset: ?>>
    %tmp = memref.alloc(%size) {alignment = 64 : i64} : memref<1x?xf32>
    linalg.copy ins(%src : memref<1x?xf32, strided<[?, 1], offset: ?>>) outs(%tmp : memref<1x?xf32>)
    linalg.copy ins(%tmp : memref<1x?xf32>) outs(%dst : memref<1x?xf32, strided<[?, 1], offset: ?>>)
  }
  return
}

// -----

// Not bounded: the full tiles' loop from 0 (n - iv can be as large as n), a size that is a
// function argument, and a bound past STACK_BYTES (4096: 31 x 64 f32 is 7936 bytes) keep their
// heap buffers.
// CHECK-LABEL: func.func @unbounded
// CHECK-NOT: memref.view
// CHECK: memref.alloc(%{{.*}}) {{.*}} : memref<1x?xf32>
// CHECK: memref.alloc(%{{.*}}) {{.*}} : memref<?xf32>
// CHECK: memref.alloc(%{{.*}}) {{.*}} : memref<?x64xf32>
// CHECK-NOT: memref.view
#floor32 = affine_map<()[s0] -> ((s0 floordiv 32) * 32)>
#rest = affine_map<(d0)[s0] -> (-d0 + s0)>
func.func private @use_row(memref<1x?xf32>)
func.func private @use_vector(memref<?xf32>)
func.func private @use_rows(memref<?x64xf32>)
func.func @unbounded(%n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %lb = affine.apply #floor32()[%n]
  scf.for %iv = %c0 to %n step %c32 {
    %size = affine.apply #rest(%iv)[%n]
    %tmp = memref.alloc(%size) {alignment = 64 : i64} : memref<1x?xf32>
    func.call @use_row(%tmp) : (memref<1x?xf32>) -> ()
  }
  %arg = memref.alloc(%m) {alignment = 64 : i64} : memref<?xf32>
  func.call @use_vector(%arg) : (memref<?xf32>) -> ()
  scf.for %iv = %lb to %n step %c32 {
    %size = affine.apply #rest(%iv)[%n]
    %big = memref.alloc(%size) {alignment = 64 : i64} : memref<?x64xf32>
    func.call @use_rows(%big) : (memref<?x64xf32>) -> ()
  }
  return
}

// -----

// A remainder buffer that its iteration passes on (a loop's yield, through a view too) is left a
// heap buffer of its own: one stack buffer for every iteration (hoisted out of the loop) would be
// overwritten by the next iteration while the value it yielded is still read.
// CHECK-LABEL: func.func @yielded
// CHECK-NOT: memref.view
// CHECK: memref.alloc(%{{.*}}) {{.*}} : memref<1x?xf32>
// CHECK: memref.alloc(%{{.*}}) {{.*}} : memref<1x?xf32>
// CHECK-NOT: memref.view
#floor32 = affine_map<()[s0] -> ((s0 floordiv 32) * 32)>
#rest = affine_map<(d0)[s0] -> (-d0 + s0)>
func.func @yielded(%init: memref<1x?xf32>, %n: index) -> memref<1x?xf32> {
  %c32 = arith.constant 32 : index
  %lb = affine.apply #floor32()[%n]
  %r = scf.for %iv = %lb to %n step %c32 iter_args(%prev = %init) -> (memref<1x?xf32>) {
    %size = affine.apply #rest(%iv)[%n]
    %tmp = memref.alloc(%size) {alignment = 64 : i64} : memref<1x?xf32>
    scf.yield %tmp : memref<1x?xf32>
  }
  %s = scf.for %iv = %lb to %n step %c32 iter_args(%prev = %r) -> (memref<1x?xf32>) {
    %size = affine.apply #rest(%iv)[%n]
    %tmp = memref.alloc(%size) {alignment = 64 : i64} : memref<1x?xf32>
    %cast = memref.cast %tmp : memref<1x?xf32> to memref<1x?xf32>
    scf.yield %cast : memref<1x?xf32>
  }
  return %s : memref<1x?xf32>
}
