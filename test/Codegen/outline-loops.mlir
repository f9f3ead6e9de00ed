// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-outline-loops)' | FileCheck %s
// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-outline-loops,exir-cpu-to-llvm)' | FileCheck %s --check-prefix=LLVM

// Two loop nests in one function: each becomes a private noinline function called in order, with
// the buffers and the symbolic bound it uses as arguments (the dynamic size %n stays an argument,
// the constants, loop bounds included, are rebuilt inside); ops between the nests stay where they were.
// CHECK-LABEL: func.func @two_nests
// CHECK-SAME:    (%[[X:.*]]: memref<?xf32>, %[[Y:.*]]: memref<?xf32>, %[[N:.*]]: index)
// CHECK:         %[[ALLOC:.*]] = memref.alloc(%[[N]])
// CHECK-NEXT:    call @__exir_loop_0(%[[N]], %[[X]], %[[ALLOC]])
// CHECK-NEXT:    call @__exir_loop_1(%[[N]], %[[ALLOC]], %[[Y]])
// CHECK-NEXT:    memref.dealloc %[[ALLOC]]
// CHECK-NEXT:    return
// CHECK-LABEL: func.func private @__exir_loop_0
// CHECK-SAME:    (%[[HI:.*]]: index, %[[A:.*]]: memref<?xf32>, %[[B:.*]]: memref<?xf32>)
// CHECK-SAME:    attributes {passthrough = ["noinline"]}
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[TWO:.*]] = arith.constant 2.0
// CHECK:         scf.for %[[I:.*]] = %[[C0]] to %[[HI]] step %[[C1]]
// CHECK:           %[[V:.*]] = memref.load %[[A]][%[[I]]]
// CHECK:           %[[W:.*]] = arith.mulf %[[V]], %[[TWO]]
// CHECK:           memref.store %[[W]], %[[B]][%[[I]]]
// CHECK-LABEL: func.func private @__exir_loop_1
// CHECK-SAME:    (%{{.*}}: index, %[[SRC:.*]]: memref<?xf32>, %[[DST:.*]]: memref<?xf32>)
// CHECK:         scf.for
// CHECK:           memref.load %[[SRC]]
// CHECK:           arith.addf
// CHECK:           memref.store %{{.*}}, %[[DST]]
// The attribute reaches LLVM as the function's `noinline`: LLVM would inline a function called once.
// LLVM-LABEL: llvm.func @two_nests
// LLVM:         llvm.call @__exir_loop_0
// LLVM:         llvm.call @__exir_loop_1
// LLVM-LABEL: llvm.func @__exir_loop_0
// LLVM-SAME:    passthrough = ["noinline"]
func.func @two_nests(%x: memref<?xf32>, %y: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  %t = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %x[%i] : memref<?xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %w, %t[%i] : memref<?xf32>
  }
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %t[%i] : memref<?xf32>
    %w = arith.addf %v, %two : f32
    memref.store %w, %y[%i] : memref<?xf32>
  }
  memref.dealloc %t : memref<?xf32>
  return
}

// -----

// One loop nest: nothing grows with the function's size, nothing is outlined. A loop that yields
// a value (here a sum) is never outlined: its result is used by the function.
// CHECK-LABEL: func.func @one_nest
// CHECK:         scf.for
// CHECK:         %[[S:.*]] = scf.for {{.*}} iter_args
// CHECK:         return %[[S]]
// CHECK-NOT:     __exir_loop_
func.func @one_nest(%x: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c8 step %c1 {
    memref.store %zero, %x[%i] : memref<8xf32>
  }
  %s = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %x[%i] : memref<8xf32>
    %a = arith.addf %acc, %v : f32
    scf.yield %a : f32
  }
  return %s : f32
}

// -----

// Identical loop nests (the repeated blocks of a network) are outlined once: the second call calls
// the first nest's function, and no second function is left. A nest that differs (here in its
// constant) keeps its own.
// CHECK-LABEL: func.func @repeated_nests
// CHECK-SAME:    (%[[X:.*]]: memref<64xf32>, %[[Y:.*]]: memref<64xf32>, %[[Z:.*]]: memref<64xf32>)
// CHECK:         call @__exir_loop_0(%[[X]], %[[Y]])
// CHECK-NEXT:    call @__exir_loop_0(%[[Y]], %[[Z]])
// CHECK-NEXT:    call @__exir_loop_2(%[[Z]], %[[X]])
// CHECK-NEXT:    return
// CHECK-LABEL: func.func private @__exir_loop_0
// CHECK:         arith.constant 2.000000e+00 : f32
// CHECK-NOT:   func.func private @__exir_loop_1
// CHECK-LABEL: func.func private @__exir_loop_2
// CHECK:         arith.constant 3.000000e+00 : f32
// CHECK-NOT:   func.func private @__exir_loop_1
func.func @repeated_nests(%x: memref<64xf32>, %y: memref<64xf32>, %z: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %x[%i] : memref<64xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %w, %y[%i] : memref<64xf32>
  }
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %y[%i] : memref<64xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %w, %z[%i] : memref<64xf32>
  }
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %z[%i] : memref<64xf32>
    %w = arith.mulf %v, %three : f32
    memref.store %w, %x[%i] : memref<64xf32>
  }
  return
}

// -----

// A stack buffer that only one nest uses (a split reduction's partial sums, hoisted out of its
// loops) is allocated by the outlined function itself, not passed to it: a stack slot of the
// function that uses it is what LLVM keeps in registers.
// CHECK-LABEL: func.func @nest_with_its_stack_buffer
// CHECK-NOT:     memref.alloca
// CHECK:         call @__exir_loop_{{[0-9]+}}(%{{.*}}, %{{.*}}) :
// CHECK-LABEL: func.func private @__exir_loop_{{[0-9]+}}
// CHECK-SAME:    (%{{.*}}: index, %{{.*}}: memref<?x16xf32>)
// CHECK:         memref.alloca() {alignment = 64 : i64} : memref<16xf32>
// CHECK:         scf.for
func.func @nest_with_its_stack_buffer(%x: memref<?x16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pad = arith.constant 0.0 : f32
  %partial = memref.alloca() {alignment = 64 : i64} : memref<16xf32>
  scf.for %i = %c0 to %n step %c1 {
    %row = vector.transfer_read %x[%i, %c0], %pad {in_bounds = [true]} : memref<?x16xf32>, vector<16xf32>
    vector.transfer_write %row, %partial[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32>
  }
  scf.for %i = %c0 to %n step %c1 {
    %row = vector.transfer_read %x[%i, %c0], %pad {in_bounds = [true]} : memref<?x16xf32>, vector<16xf32>
    %twice = arith.addf %row, %row : vector<16xf32>
    vector.transfer_write %twice, %x[%i, %c0] {in_bounds = [true]} : vector<16xf32>, memref<?x16xf32>
  }
  return
}
