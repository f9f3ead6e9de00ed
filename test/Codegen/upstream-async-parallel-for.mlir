// RUN: mlir-opt %s --async-parallel-for='async-dispatch=false num-workers=2 min-task-size=1' --canonicalize | FileCheck %s

// Pins the upstream defect that made exir-cpu-parallelize stop using async-parallel-for (it now
// outlines foralls for GOMP_parallel, exir_mlir/codegen/parallel_gomp.py): for a 2-d parallel loop of 18 x 2 = 36 iterations,
// MLIR 22's async-parallel-for picks the "block aligned" compute function with a block size of 4
// but keeps the 12 blocks it computed for a block size of 3. Blocks 9..11 start past the 36th
// iteration and their `remsi` wraps them to row 0: they rerun the whole nest while the other
// workers run it, so a read-modify-write body adds twice (nn.Linear at 2 threads was wrong on
// 1088..2112 rows). If this test starts failing, upstream changed the dispatch.
// CHECK-LABEL: func.func @accumulate
// CHECK-DAG:     %[[SIZE:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[BLOCKS:.*]] = arith.constant 12 : index
// CHECK:         scf.for %[[BLOCK:.*]] = %{{.*}} to %[[BLOCKS]]
// CHECK:           func.call @parallel_compute_fn_with_aligned_loops(%[[BLOCK]], %[[SIZE]],
// CHECK-LABEL: func.func private @parallel_compute_fn_with_aligned_loops
// CHECK:         %[[FIRST:.*]] = arith.muli %arg0, %arg1 : index
// CHECK:         %[[ROW:.*]] = arith.divsi %[[FIRST]], %{{.*}} : index
// CHECK:         arith.remsi %[[ROW]], %{{.*}} : index
func.func @accumulate(%x: memref<18x2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c18 = arith.constant 18 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c18, %c2) step (%c1, %c1) {
    %v = memref.load %x[%i, %j] : memref<18x2xf32>
    %y = arith.addf %v, %one : f32
    memref.store %y, %x[%i, %j] : memref<18x2xf32>
    scf.reduce
  }
  return
}
