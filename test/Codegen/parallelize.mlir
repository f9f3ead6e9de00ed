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

// -----

// A 2-d forall whose body reads and writes the same element (a contraction accumulating into a
// bias-initialized output): with threads it is linearized first, so async-parallel-for never
// takes its block-aligned dispatch, whose surplus blocks rerun the whole nest and add twice
// (upstream-async-parallel-for.mlir); with one thread it stays a 2-d loop nest.
// THREADS-LABEL: func.func @accumulate_tiles
// THREADS:         async.runtime.create_group
// THREADS-NOT:     parallel_compute_fn_with_aligned_loops
// THREADS-LABEL: func.func private @parallel_compute_fn(
// THREADS:         affine.delinearize_index %{{.*}} into (18, 2)
// THREADS:         memref.load
// THREADS-NOT:     parallel_compute_fn_with_aligned_loops
// SERIAL-LABEL: func.func @accumulate_tiles
// SERIAL:         scf.for %{{.*}} = %c0 to %c18 step
// SERIAL:           scf.for %{{.*}} = %{{.*}} to %c2 step
func.func @accumulate_tiles(%x: memref<18x2xf32>) {
  %one = arith.constant 1.0 : f32
  scf.forall (%i, %j) in (18, 2) {
    %v = memref.load %x[%i, %j] : memref<18x2xf32>
    %y = arith.addf %v, %one : f32
    memref.store %y, %x[%i, %j] : memref<18x2xf32>
  }
  return
}
