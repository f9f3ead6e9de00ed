// RUN: exir-mlir-opt %s -p 'builtin.module(exir-cpu-to-llvm)' | FileCheck %s

// An scf.for marked `llvm.loop_annotation` (schedule.py: the outer tile loop of a zero fill, not
// to be unrolled) ends on its latch branch as the branch's own `loop_annotation`, which the
// translation to LLVM IR writes as the loop's !llvm.loop metadata; the inner, unmarked loop's
// latch carries none, and no discardable copy (which the translation ignores) is left.
// CHECK:       #[[UNROLL:.*]] = #llvm.loop_unroll<disable = true>
// CHECK:       #[[NOUNROLL:.*]] = #llvm.loop_annotation<unroll = #[[UNROLL]]>
// CHECK-LABEL: llvm.func @zero_rows
// CHECK:         llvm.store
// CHECK-NEXT:    %[[J:.*]] = llvm.add
// CHECK-NEXT:    llvm.br ^{{.*}}(%[[J]] : i64){{$}}
// CHECK:         %[[I:.*]] = llvm.add
// CHECK-NEXT:    llvm.br ^{{.*}}(%[[I]] : i64) {loop_annotation = #[[NOUNROLL]]}
// CHECK-NOT:     llvm.loop_annotation
// CHECK:         llvm.return
func.func @zero_rows(%m: memref<64x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant dense<0.0> : vector<16xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    scf.for %j = %c0 to %c128 step %c16 {
      vector.store %zero, %m[%i, %j] : memref<64x128xf32>, vector<16xf32>
    }
  } {llvm.loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<disable = true>>}
  return
}
