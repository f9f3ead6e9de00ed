// RUN: exir-mlir-opt %s -p 'builtin.module(exir-cpu-pipeline{num-threads=2})' | FileCheck %s

// The whole pipeline ends in the LLVM dialect only: vector FMAs for the contraction, calls into
// the async runtime for the threads, malloc for the returned buffer.
// CHECK-NOT:   linalg.
// CHECK-NOT:   vector.contract
// CHECK-NOT:   memref.alloc
// CHECK-NOT:   scf.
// CHECK:       llvm.func @main
// CHECK:       llvm.intr.fmuladd({{.*}}) : (vector<32xf32>, vector<32xf32>, vector<32xf32>) -> vector<32xf32>
// CHECK-DAG:   llvm.func @malloc
// CHECK-DAG:   llvm.func @mlirAsyncRuntimeCreateGroup
func.func @main(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  %r = linalg.matmul ins(%a, %b : tensor<256x256xf32>, tensor<256x256xf32>) outs(%f : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}
