// RUN: exir-mlir-opt %s -p 'builtin.module(exir-cpu-fuse,exir-cpu-tile{vector-bits=512 cores=2},exir-cpu-bufferize,exir-cpu-parallelize{num-threads=2},exir-cpu-to-llvm)' | FileCheck %s --implicit-check-not=linalg. --implicit-check-not=vector. --implicit-check-not=memref. --implicit-check-not=scf. --implicit-check-not=unrealized_conversion_cast

// The whole pipeline ends in the LLVM dialect only: vector FMAs for the contraction, the forall
// over tiles outlined into a body that GOMP_parallel runs on 2 threads, the result allocated through the buffer pool (buffer_pool.py).
// No op of another dialect is left anywhere in the output (--implicit-check-not scans all of it,
// declarations and every function, not only the span after one label).
// CHECK-LABEL: llvm.func @main
// CHECK:         llvm.call @_mlir_memref_to_llvm_alloc
// CHECK:         llvm.call @__exir_parallel_launch_0(
// CHECK-LABEL: llvm.func @__exir_parallel_body_0
// CHECK:         llvm.intr.fmuladd({{.*}}) : (vector<32xf32>, vector<32xf32>, vector<32xf32>) -> vector<32xf32>
// CHECK-LABEL: llvm.func @__exir_parallel_launch_0
// CHECK:         %[[THREADS:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK:         llvm.call @GOMP_parallel(%{{.*}}, %{{.*}}, %[[THREADS]], %{{.*}})
// CHECK-LABEL: llvm.func @__exir_parallel_task_0
// CHECK:         llvm.call @omp_get_thread_num()
// CHECK:         llvm.call @__exir_parallel_body_0(
func.func @main(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  %r = linalg.matmul ins(%a, %b : tensor<256x256xf32>, tensor<256x256xf32>) outs(%f : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}
