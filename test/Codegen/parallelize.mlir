// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-parallelize{num-threads=2})' | FileCheck %s --check-prefix=THREADS
// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-parallelize{num-threads=1})' | FileCheck %s --check-prefix=SERIAL

// A forall over tiles becomes a call of an outlined body that runs a [lo, hi) chunk of the
// iterations; its live-in buffer is an argument, its constants are rebuilt inside; the work argument
// (only the launch reads it) says "parallel" for an op without a work hint (below). The thread
// count is kept on the module for exir-cpu-to-llvm, which emits the GOMP_parallel launch.
// With one thread it stays a plain loop.
// THREADS:       module attributes {exir.parallel_threads = 2 : i32}
// THREADS-LABEL: func.func @scale
// THREADS-SAME:    (%[[X:.*]]: memref<1024xf32>)
// THREADS-DAG:     %[[C0:.*]] = arith.constant 0 : index
// THREADS-DAG:     %[[C1024:.*]] = arith.constant 1024 : index
// THREADS:         %[[WORK:.*]] = arith.constant 32768 : index
// THREADS:         call @__exir_parallel_body_0(%[[C0]], %[[C1024]], %[[WORK]], %[[X]])
// THREADS-NOT:     scf.forall
// THREADS-LABEL: func.func private @__exir_parallel_body_0
// THREADS-SAME:    (%[[LO:.*]]: index, %[[HI:.*]]: index, %{{.*}}: index, %[[BUF:.*]]: memref<1024xf32>)
// THREADS:         %[[TWO:.*]] = arith.constant 2.0
// THREADS:         scf.for %[[I:.*]] = %[[LO]] to %[[HI]] step
// THREADS:           %[[V:.*]] = memref.load %[[BUF]][%[[I]]]
// THREADS:           %[[Y:.*]] = arith.mulf %[[V]], %[[TWO]]
// THREADS:           memref.store %[[Y]], %[[BUF]][%[[I]]]
// SERIAL-LABEL: func.func @scale
// SERIAL:         scf.for %{{.*}} = %c0 to %c1024 step %c1
// SERIAL-NOT:     call
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
// bias-initialized output) is linearized: the threads split one range of 18 x 2 tiles, each tile
// exactly once (MLIR's async-parallel-for ran some twice: upstream-async-parallel-for.mlir).
// With one thread it stays a 2-d loop nest.
// THREADS-LABEL: func.func @accumulate_tiles
// THREADS-DAG:     %[[C0:.*]] = arith.constant 0 : index
// THREADS-DAG:     %[[C36:.*]] = arith.constant 36 : index
// THREADS:         call @__exir_parallel_body_0(%[[C0]], %[[C36]], %{{.*}}, %{{.*}})
// THREADS-LABEL: func.func private @__exir_parallel_body_0
// THREADS:         scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step
// THREADS:           %[[IJ:.*]]:2 = affine.delinearize_index %[[T]] into (18, 2)
// THREADS:           memref.load %{{.*}}[%[[IJ]]#0, %[[IJ]]#1]
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

// -----

// A forall that steps by more than 1 (im2col's blocks of 7 output rows): the outlined body runs
// the [lo, hi) chunk of its 4 iterations (not of 28 indices: each iteration writes 7 rows, and
// 28 of them wrote past the end of the buffer), its iv rebuilt as i * 7.
// THREADS-LABEL: func.func @stepped
// THREADS-DAG:     %[[C0:.*]] = arith.constant 0 : index
// THREADS-DAG:     %[[C4:.*]] = arith.constant 4 : index
// THREADS:         call @__exir_parallel_body_0(%[[C0]], %[[C4]], %{{.*}}, %{{.*}})
// THREADS-LABEL: func.func private @__exir_parallel_body_0
// THREADS-SAME:    (%[[LO:[a-z0-9]+]]: index, %[[HI:[a-z0-9]+]]: index, %{{[a-z0-9]+}}: index, %[[BUF:.*]]: memref<28xf32>)
// THREADS:         scf.for %[[I:.*]] = %[[LO]] to %[[HI]] step
// THREADS:           %[[T:.*]] = affine.delinearize_index %[[I]] into (4)
// THREADS:           %[[ROW:.*]] = arith.muli %[[T]], %c7
// THREADS:           memref.subview %[[BUF]][%[[ROW]]] [7] [1]
// SERIAL-LABEL: func.func @stepped
// SERIAL:         scf.for %{{.*}} = %c0 to %c28 step %c7
func.func @stepped(%x: memref<28xf32>) {
  %two = arith.constant 2.0 : f32
  scf.forall (%i) = (0) to (28) step (7) {
    %rows = memref.subview %x[%i] [7] [1] : memref<28xf32> to memref<7xf32, strided<[1], offset: ?>>
    linalg.fill ins(%two : f32) outs(%rows : memref<7xf32, strided<[1], offset: ?>>)
  }
  return
}

// -----

// A fixed-size temporary of the forall's body (an im2col block) is allocated once per thread's
// chunk (threads) or once for the loop (one thread), not per iteration
// (exir_mlir/codegen/loop_buffers.py); the buffer of a tile whose rows are
// `affine.min(..., 8)` is one of 8 rows, each iteration a view of its first rows.
// THREADS-LABEL: func.func @tile_temporaries
// THREADS-LABEL: func.func private @__exir_parallel_body_
// THREADS:         %[[COLS:.*]] = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
// THREADS:         %[[ROWS:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8x4xf32>
// THREADS:         scf.for
// THREADS-NOT:       memref.alloc
// THREADS:           %[[N:.*]] = affine.min
// THREADS:           %[[VIEW:.*]] = memref.subview %[[ROWS]][0, 0] [%[[N]], 4] [1, 1] : memref<8x4xf32> to memref<?x4xf32, strided<[4, 1]>>
// THREADS:           memref.cast %[[VIEW]] : memref<?x4xf32, strided<[4, 1]>> to memref<?x4xf32>
// THREADS-NOT:       memref.dealloc
// THREADS:         }
// THREADS-DAG:     memref.dealloc %[[COLS]] :
// THREADS-DAG:     memref.dealloc %[[ROWS]] :
// SERIAL-LABEL: func.func @tile_temporaries
// SERIAL:         memref.alloc() {alignment = 64 : i64} : memref<16xf32>
// SERIAL:         memref.alloc() {alignment = 64 : i64} : memref<8x4xf32>
// SERIAL:         scf.for
// SERIAL-NOT:       memref.alloc
// SERIAL-NOT:       memref.dealloc
// SERIAL:         }
// SERIAL:         memref.dealloc
// SERIAL:         memref.dealloc
#min8 = affine_map<(d0)[s0] -> (d0 * -8 + s0, 8)>
func.func @tile_temporaries(%x: memref<64x16xf32>, %n: index, %out: memref<?x4xf32>) {
  scf.forall (%i) in (64) {
    %cols = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
    %row = memref.subview %x[%i, 0] [1, 16] [1, 1] : memref<64x16xf32> to memref<16xf32, strided<[1], offset: ?>>
    memref.copy %row, %cols : memref<16xf32, strided<[1], offset: ?>> to memref<16xf32>
    %rows = affine.min #min8(%i)[%n]
    %tile = memref.alloc(%rows) {alignment = 64 : i64} : memref<?x4xf32>
    %c0 = arith.constant 0 : index
    %v = memref.load %cols[%c0] : memref<16xf32>
    memref.store %v, %tile[%c0, %c0] : memref<?x4xf32>
    %w = memref.load %tile[%c0, %c0] : memref<?x4xf32>
    memref.store %w, %out[%i, %c0] : memref<?x4xf32>
    memref.dealloc %tile : memref<?x4xf32>
    memref.dealloc %cols : memref<16xf32>
  }
  return
}

// -----

// A stack buffer of the forall's body (a split reduction's partial sums, promoted to the stack by
// bufferization) is one per thread's chunk or per loop too: an `alloca` left in a loop body is
// LLVM's dynamic stack allocation, which moved the stack pointer down every iteration.
// THREADS-LABEL: func.func @stack_temporary
// THREADS-LABEL: func.func private @__exir_parallel_body_
// THREADS:         %[[PARTIAL:.*]] = memref.alloca() {alignment = 64 : i64} : memref<64xf32>
// THREADS:         scf.for
// THREADS-NOT:       memref.alloca
// THREADS:           vector.transfer_write %{{.*}}, %[[PARTIAL]]
// SERIAL-LABEL: func.func @stack_temporary
// SERIAL:         %[[PARTIAL:.*]] = memref.alloca() {alignment = 64 : i64} : memref<64xf32>
// SERIAL:         scf.for
// SERIAL-NOT:       memref.alloca
// SERIAL:           vector.transfer_write %{{.*}}, %[[PARTIAL]]
func.func @stack_temporary(%x: memref<64x64xf32>, %out: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  scf.forall (%i) in (64) {
    %partial = memref.alloca() {alignment = 64 : i64} : memref<64xf32>
    %row = vector.transfer_read %x[%i, %c0], %pad {in_bounds = [true]} : memref<64x64xf32>, vector<64xf32>
    vector.transfer_write %row, %partial[%c0] {in_bounds = [true]} : vector<64xf32>, memref<64xf32>
    %v = memref.load %partial[%i] : memref<64xf32>
    memref.store %v, %out[%i] : memref<64xf32>
  }
  return
}

// -----

// The forall of an op of dynamic sizes, preceded by its work hint (exir-cpu-tile puts it there:
// parallel-work.mlir): the hint's operand becomes the body call's work argument, which the launch
// compares with strategy.PARALLEL_MIN_WORK to run a small op on the calling thread, as the static
// build of a small op does (to-llvm-small-work.mlir). The hint is consumed. With one thread it is
// dropped and the loop stays a loop.
// THREADS-LABEL: func.func @rows_of_dynamic_count
// THREADS-SAME:    (%[[X:.*]]: memref<?x64xf32>, %[[N:.*]]: index, %[[WORK:.*]]: index)
// THREADS-NOT:     __exir_parallel_work
// THREADS:         call @__exir_parallel_body_0(%{{.*}}, %[[N]], %[[WORK]], %[[X]])
// THREADS-NOT:     func.func private @__exir_parallel_work
// SERIAL-LABEL: func.func @rows_of_dynamic_count
// SERIAL-NOT:     __exir_parallel_work
// SERIAL:         scf.for
// SERIAL-NOT:   func.func private @__exir_parallel_work
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
