// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-parallelize{num-threads=2})' | FileCheck %s --check-prefix=THREADS
// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-parallelize{num-threads=1})' | FileCheck %s --check-prefix=SERIAL

// A forall over tiles becomes tasks on the async runtime's worker pool (outlined compute function,
// a task group, blocks of iterations per task); with one thread it stays a plain loop.
// THREADS-LABEL: func.func @scale
// THREADS:         async.runtime.create_group
// THREADS:         async.runtime.await
// THREADS-NOT:     scf.forall
// THREADS-LABEL: func.func private @parallel_compute_fn
// THREADS:         memref.store
// SERIAL-LABEL: func.func @scale
// SERIAL:         scf.for %{{.*}} = %c0 to %c1024 step %c1
// SERIAL-NOT:     async
func.func @scale(%x: memref<1024xf32>) {
  %two = arith.constant 2.0 : f32
  scf.forall (%i) in (1024) {
    %v = memref.load %x[%i] : memref<1024xf32>
    %y = arith.mulf %v, %two : f32
    memref.store %y, %x[%i] : memref<1024xf32>
  }
  return
}
