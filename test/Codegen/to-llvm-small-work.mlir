// RUN: exir-mlir-opt %s -p 'builtin.module(exir-cpu-parallelize{num-threads=2},exir-cpu-to-llvm)' | FileCheck %s

// The launch of a dynamic op's body (parallelize.mlir passes it the op's work at run time) calls the
// body itself, on the calling thread, when the work is below 32768 (strategy.PARALLEL_MIN_WORK) or
// the range is one iteration; else GOMP_parallel.
// CHECK-LABEL: llvm.func @rows_of_dynamic_count
// CHECK-SAME:    %[[WORK:arg[0-9]+]]: i64, %arg{{[0-9]+}}: !llvm.ptr {exir.error_slot}
// CHECK:         llvm.call @__exir_parallel_launch_0({{.*}}, %[[WORK]], {{.*}})
// CHECK-LABEL: llvm.func @__exir_parallel_launch_0
// CHECK-SAME:    (%[[LO:arg[0-9]+]]: i64, %[[HI:arg[0-9]+]]: i64, %[[W:arg[0-9]+]]: i64,
// CHECK:         %[[SPAN:.*]] = llvm.sub %[[HI]], %[[LO]]
// CHECK:         %[[SINGLE:.*]] = llvm.icmp "sle" %[[SPAN]]
// CHECK:         %[[MIN:.*]] = llvm.mlir.constant(32768 : i64)
// CHECK:         %[[SMALL:.*]] = llvm.icmp "ult" %[[W]], %[[MIN]]
// CHECK:         %[[DIRECT:.*]] = llvm.or %[[SINGLE]], %[[SMALL]]
// CHECK:         llvm.cond_br %[[DIRECT]], ^[[INLINE:.*]], ^[[PAR:.*]]
// CHECK:       ^[[INLINE]]:
// CHECK-NEXT:    llvm.call @__exir_parallel_body_0(
// CHECK:       ^[[PAR]]:
// CHECK:         llvm.call @GOMP_parallel
func.func private @__exir_parallel_work(index)
func.func @rows_of_dynamic_count(%x: memref<?x64xf32>, %n: index, %work: index) {
  %two = arith.constant 2.0 : f32
  %c0 = arith.constant 0 : index
  func.call @__exir_parallel_work(%work) : (index) -> ()
  scf.forall (%i) in (%n) {
    %v = memref.load %x[%i, %c0] : memref<?x64xf32>
    %y = arith.mulf %v, %two : f32
    memref.store %y, %x[%i, %c0] : memref<?x64xf32>
  }
  return
}
