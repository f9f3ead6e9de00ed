// RUN: exir-mlir-opt %s -p 'builtin.module(exir-cpu-tile{vector-bits=256 cores=2 l2-bytes=524288},exir-cpu-bufferize,exir-cpu-parallelize{num-threads=2})' | FileCheck %s

// Two matmuls of a dynamic row count on two threads, each with pack_matmul's run-time choice
// (from 128 rows packed, below it the plain kernel): each branch runs its tiles as outlined
// parallel bodies (GOMP_parallel launches after exir-cpu-to-llvm), and the first product, which
// either branch writes, is one identity-layout buffer (a select of the two), which the second
// matmul's bodies take as such. Bufferized with fully dynamic strides (the default for a new
// buffer's predicted type), the product reached the bodies as `strided<[?, ?], offset: ?>`, read
// there with scalar loads: the dynamic-batch MLP at 2 threads ran 2.5-3x slower than its static build.
// CHECK-LABEL: func.func @two_matmuls_dynamic_rows
// CHECK-NOT:     strided
// CHECK:         %[[M:.*]] = memref.dim %{{.*}}, %c0 : memref<?x256xf32>
// CHECK:         %[[MANY:.*]] = arith.cmpi sge, %[[M]], %c128 : index
// CHECK:         %[[PACKED:.*]] = memref.alloc(%[[M]]) {{.*}} : memref<?x256xf32>
// CHECK:         %[[PLAIN:.*]] = memref.alloc(%[[M]]) {{.*}} : memref<?x256xf32>
// CHECK:         %[[H:.*]] = arith.select %[[MANY]], %[[PACKED]], %[[PLAIN]] : memref<?x256xf32>
// CHECK:         scf.if %[[MANY]] {
// CHECK:           func.call @__exir_parallel_body_{{[0-9]+}}({{.*}}) : (index, index, index, memref<256x16x16xf32>, memref<16x256x16xf32>) -> ()
// CHECK:           %[[PANELS_OF_C:.*]] = memref.expand_shape %[[PACKED]] {{\[}}[0], [1, 2]] output_shape [%[[M]], 16, 16]
// CHECK:           func.call @__exir_parallel_body_{{[0-9]+}}({{.*}}, %[[PANELS_OF_C]]) : (index, index, index, index, index, memref<?x256xf32>, memref<16x256x16xf32>, memref<?x16x16xf32>) -> ()
// CHECK:         } else {
// CHECK:           func.call @__exir_parallel_body_[[PLAIN_BODY:[0-9]+]]({{.*}}, %[[PLAIN]]) : (index, index, index, index, index, memref<?x256xf32>, memref<256x256xf32>, memref<?x256xf32>) -> ()
// CHECK:         }
// CHECK:         scf.if
// CHECK:           func.call @__exir_parallel_body_{{[0-9]+}}({{.*}}, %[[H]], {{.*}}) : (index, index, index, index, index, memref<?x256xf32>, memref<8x256x16xf32>, memref<?x8x16xf32>) -> ()
// CHECK:         } else {
// CHECK:           func.call @__exir_parallel_body_{{[0-9]+}}({{.*}}, %[[H]], {{.*}}) : (index, index, index, index, memref<?x256xf32>, memref<?x128xf32>, memref<256x128xf32>) -> ()
// CHECK:         }
// CHECK-NOT:     strided
// CHECK-NOT:     copy
// CHECK:         return %{{.*}} : memref<?x128xf32>
// CHECK:       func.func private @__exir_parallel_body_[[PLAIN_BODY]](
// CHECK:         scf.for
func.func @two_matmuls_dynamic_rows(%a: tensor<?x256xf32>, %b1: tensor<256x256xf32>, %b2: tensor<256x128xf32>) -> tensor<?x128xf32> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %a, %c0 : tensor<?x256xf32>
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty(%m) : tensor<?x256xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<?x256xf32>) -> tensor<?x256xf32>
  %h = linalg.matmul ins(%a, %b1 : tensor<?x256xf32>, tensor<256x256xf32>) outs(%f1 : tensor<?x256xf32>) -> tensor<?x256xf32>
  %e2 = tensor.empty(%m) : tensor<?x128xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<?x128xf32>) -> tensor<?x128xf32>
  %r = linalg.matmul ins(%h, %b2 : tensor<?x256xf32>, tensor<256x128xf32>) outs(%f2 : tensor<?x128xf32>) -> tensor<?x128xf32>
  return %r : tensor<?x128xf32>
}
