// RUN: exir-mlir-opt %s -p 'builtin.module(exir-cpu-fuse,exir-cpu-tile{vector-bits=512 cores=2},exir-cpu-bufferize,exir-cpu-parallelize{num-threads=2},exir-cpu-to-llvm)' | FileCheck %s

// The whole pipeline ends in the LLVM dialect only: vector FMAs for the contraction, calls into
// the async runtime for the threads, malloc for the returned buffer.
// CHECK-NOT:   linalg.
// CHECK-NOT:   vector.contract
// CHECK-NOT:   memref.alloc
// CHECK-NOT:   scf.
// CHECK-LABEL: llvm.func @main
// CHECK:         llvm.call @malloc
// CHECK:         llvm.call @mlirAsyncRuntimeCreateGroup
// CHECK-LABEL: llvm.func @parallel_compute_fn
// CHECK:         llvm.intr.fmuladd({{.*}}) : (vector<32xf32>, vector<32xf32>, vector<32xf32>) -> vector<32xf32>
func.func @main(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  %r = linalg.matmul ins(%a, %b : tensor<256x256xf32>, tensor<256x256xf32>) outs(%f : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}
