// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-plan-arena)' | FileCheck %s
// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-plan-arena,exir-cpu-to-llvm)' | FileCheck %s --check-prefix=LLVM

// A parallel body's temporaries (tile buffers hoisted out of its chunk's loop) take no
// allocation of their own: they are planned into a slice of 640 bytes (%cols 64, %rows 512 and,
// of the live-in size %n, %acc), and the body's thread slot picks its slice: views at
// slot * slice + offset. Its caller allocates one slice per thread of the team it asks for (2,
// the compiled count) around the call, which lands in the caller's arena with its other
// temporary (%t). The launch asks GOMP_parallel for the team size the caller passed in the slot
// argument, each task passes its thread number there, the direct call (one iteration, or too
// little work) 0.
// CHECK-LABEL: func.func @caller
// CHECK-SAME:    (%[[X:.*]]: memref<64x16xf32>, %[[N:.*]]: index)
// CHECK:         %[[ARENA:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xi8>
// CHECK:         %[[T:.*]] = memref.view %[[ARENA]]
// CHECK:         %[[TWO:.*]] = arith.constant 2 : index
// CHECK:         %[[SLICE_BYTES:.*]] = arith.addi %c576{{[_0-9]*}}, %{{.*}} : index
// CHECK:         %[[SCRATCH_BYTES:.*]] = arith.muli %[[TWO]], %[[SLICE_BYTES]] : index
// CHECK:         %[[SCRATCH:.*]] = memref.view %[[ARENA]][%{{.*}}][%[[SCRATCH_BYTES]]] : memref<?xi8> to memref<?xi8>
// CHECK:         call @__exir_parallel_body_0(%{{.*}}, %{{.*}}, %{{.*}}, %[[X]], %[[N]], %[[SCRATCH]], %[[TWO]])
// CHECK:         call @use(%[[T]])
// CHECK-NEXT:    memref.dealloc %[[ARENA]] : memref<?xi8>
// CHECK-NOT:     memref.dealloc
// CHECK-LABEL: func.func private @__exir_parallel_body_0
// CHECK-SAME:    (%[[LO:.*]]: index, %[[HI:.*]]: index, %{{.*}}: index, %{{.*}}: memref<64x16xf32>, %[[BN:.*]]: index, %[[S:.*]]: memref<?xi8>, %[[SLOT:.*]]: index {exir.thread_slot})
// CHECK:         %[[BYTES:.*]] = arith.addi %c576{{[_0-9]*}}, %{{.*}} : index
// CHECK:         %[[BASE:.*]] = arith.muli %[[SLOT]], %[[BYTES]] : index
// CHECK:         %[[AT_COLS:.*]] = arith.addi %[[BASE]], %c0{{.*}} : index
// CHECK-NEXT:    memref.view %[[S]][%[[AT_COLS]]][] : memref<?xi8> to memref<16xf32>
// CHECK:         %[[AT_ROWS:.*]] = arith.addi %[[BASE]], %c64{{.*}} : index
// CHECK-NEXT:    memref.view %[[S]][%[[AT_ROWS]]][] : memref<?xi8> to memref<8x16xf32>
// CHECK:         %[[AT_ACC:.*]] = arith.addi %[[BASE]], %c576{{.*}} : index
// CHECK-NEXT:    memref.view %[[S]][%[[AT_ACC]]][%[[BN]]] : memref<?xi8> to memref<?xf32>
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.dealloc
// CHECK:         return
// LLVM-LABEL: llvm.func @__exir_parallel_body_0(
// LLVM-SAME:     %[[SLOT_ARG:arg[0-9]+]]: i64 {exir.thread_slot}
// LLVM-LABEL: llvm.func @__exir_parallel_launch_0(
// LLVM:          %[[ZERO:.*]] = llvm.mlir.constant(0 : i64) : i64
// LLVM:          llvm.call @__exir_parallel_body_0({{.*}}, %[[ZERO]], %{{[^,]*}})
// LLVM:          %[[TEAM:.*]] = llvm.trunc %[[SLOT_ARG]] : i64 to i32
// LLVM:          llvm.call @GOMP_parallel(%{{.*}}, %{{.*}}, %[[TEAM]], %{{.*}})
// LLVM-LABEL: llvm.func @__exir_parallel_task_0(
// LLVM:          %[[TID32:.*]] = llvm.call @omp_get_thread_num()
// LLVM:          %[[TID:.*]] = llvm.sext %[[TID32]] : i32 to i64
// LLVM:          llvm.call @__exir_parallel_body_0({{.*}}, %[[TID]], %{{[^,]*}})
module attributes {exir.parallel_threads = 2 : i32} {
  func.func private @use(memref<16xf32>)
  func.func @caller(%x: memref<64x16xf32>, %n: index) {
    %t = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %work = arith.constant 65536 : index
    call @__exir_parallel_body_0(%c0, %c8, %work, %x, %n) : (index, index, index, memref<64x16xf32>, index) -> ()
    call @use(%t) : (memref<16xf32>) -> ()
    memref.dealloc %t : memref<16xf32>
    return
  }
  func.func private @__exir_parallel_body_0(%lo: index, %hi: index, %work: index, %x: memref<64x16xf32>, %n: index) attributes {passthrough = ["noinline"]} {
    %c1 = arith.constant 1 : index
    %cols = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
    %rows = memref.alloc() {alignment = 64 : i64} : memref<8x16xf32>
    %acc = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
    scf.for %i = %lo to %hi step %c1 {
      %v = memref.load %x[%i, %c1] : memref<64x16xf32>
      memref.store %v, %cols[%c1] : memref<16xf32>
      memref.store %v, %rows[%c1, %c1] : memref<8x16xf32>
      memref.store %v, %acc[%c1] : memref<?xf32>
    }
    memref.dealloc %cols : memref<16xf32>
    memref.dealloc %rows : memref<8x16xf32>
    memref.dealloc %acc : memref<?xf32>
    return
  }
}

// -----

// With the pool's size (0 threads compiled in), the caller asks omp_get_max_threads() once, at
// its start, for the team size: what GOMP_parallel would take for 0, and what it sizes the
// scratch buffer by. A buffer whose size depends on the chunk's bounds (%hi) cannot be sized by
// the caller: it stays the body's own allocation.
// CHECK-LABEL: func.func private @omp_get_max_threads() -> i32
// CHECK-LABEL: func.func @pool_size
// CHECK:         %[[COUNT:.*]] = call @omp_get_max_threads() : () -> i32
// CHECK-NEXT:    %[[TEAM:.*]] = arith.index_cast %[[COUNT]] : i32 to index
// CHECK:         %[[BYTES:.*]] = arith.muli %[[TEAM]], %{{.*}} : index
// CHECK:         %[[SCRATCH:.*]] = memref.alloc(%[[BYTES]]) {alignment = 64 : i64} : memref<?xi8>
// CHECK:         call @__exir_parallel_body_0(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[SCRATCH]], %[[TEAM]])
// CHECK-NEXT:    memref.dealloc %[[SCRATCH]]
// CHECK-LABEL: func.func private @__exir_parallel_body_0
// CHECK-SAME:    (%[[LO:.*]]: index, %[[HI:.*]]: index, %{{.*}}: index, %{{.*}}: memref<64x16xf32>, %[[S:.*]]: memref<?xi8>, %[[SLOT:.*]]: index {exir.thread_slot})
// CHECK:         %[[BASE:.*]] = arith.muli %[[SLOT]], %c64{{.*}} : index
// CHECK:         memref.view %[[S]]
// CHECK:         memref.alloc(%[[HI]]) {alignment = 64 : i64} : memref<?xf32>
module attributes {exir.parallel_threads = 0 : i32} {
  func.func @pool_size(%x: memref<64x16xf32>) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %work = arith.constant 65536 : index
    call @__exir_parallel_body_0(%c0, %c64, %work, %x) : (index, index, index, memref<64x16xf32>) -> ()
    return
  }
  func.func private @__exir_parallel_body_0(%lo: index, %hi: index, %work: index, %x: memref<64x16xf32>) attributes {passthrough = ["noinline"]} {
    %c1 = arith.constant 1 : index
    %cols = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
    %upto = memref.alloc(%hi) {alignment = 64 : i64} : memref<?xf32>
    scf.for %i = %lo to %hi step %c1 {
      %v = memref.load %x[%i, %c1] : memref<64x16xf32>
      memref.store %v, %cols[%c1] : memref<16xf32>
      memref.store %v, %upto[%i] : memref<?xf32>
    }
    memref.dealloc %cols : memref<16xf32>
    memref.dealloc %upto : memref<?xf32>
    return
  }
}
