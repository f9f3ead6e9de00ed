// RUN: exir-mlir-opt %s -p 'builtin.module(exir-gpu-map,exir-gpu-bufferize,exir-gpu-launch)' | FileCheck %s
// RUN: exir-mlir-opt %s -p 'builtin.module(exir-gpu-map,exir-gpu-bufferize,exir-gpu-to-cpu)' | FileCheck %s --check-prefix=CPU

// A block-level row reduction after launch: 6 blocks of 128 threads; the partials live in a
// 128-float shared-memory global; barriers separate init, partial fill, partial sums and combine;
// the combine and the init run on thread 0 only. The kernel asks ptxas to budget registers for
// 1024 threads per SM (8 blocks of 128).
// CHECK-LABEL: func.func @row_sum
// CHECK:         gpu.launch_func @row_sum_kernel::@row_sum_kernel blocks in (%c6, %c1, %c1) threads in (%c128, %c1, %c1)
// CHECK:       gpu.module @row_sum_kernel
// CHECK:         gpu.func @row_sum_kernel({{.*}}) kernel attributes {known_block_size = array<i32: 128, 1, 1>, known_grid_size = array<i32: 6, 1, 1>, nvvm.minctasm = 8 : i32}
// CHECK:           %[[ROW:.*]] = gpu.block_id x
// CHECK:           %[[TID:.*]] = gpu.thread_id x
// CHECK:           %[[ONE:.*]] = arith.cmpi ult, %[[TID]], %{{.*}} : index
// CHECK:           scf.if %[[ONE]] {
// CHECK:           gpu.barrier
// CHECK:           %[[SHARED:.*]] = memref.get_global @__exir_shared_0 : memref<1x128xf32, #gpu.address_space<workgroup>>
// CHECK:           memref.subview %[[SHARED]][0, %[[TID]]] [1, 1] [1, 1]
// CHECK:           gpu.barrier
// CHECK:           scf.for
// CHECK:             arith.addf
// CHECK:           gpu.barrier
// CHECK:           scf.if %[[ONE]] {
// CHECK:             scf.for
// CHECK:               memref.load %[[SHARED]]
// CHECK:         memref.global "private" @__exir_shared_0 : memref<1x128xf32, #gpu.address_space<workgroup>>
// CHECK-NOT:   memref.global

// On the host processor, blocks and threads as loops (threads inside blocks, one thread loop after the
// other), the shared buffer on the stack at function entry, reused by every block.
// CPU-LABEL: func.func @row_sum
// CPU:         %[[LOCAL:.*]] = memref.alloca() : memref<1x128xf32>
// CPU:         scf.for %{{.*}} = %c0 to %c6 step %c1 {
// CPU:           scf.for %[[T:.*]] = %c0 to %c128 step %c1 {
// CPU:             memref.subview %[[LOCAL]][0, %[[T]]]
// CPU:           }
// CPU:           scf.for %[[T2:.*]] = %c0 to %c128 step %c1 {
// CPU:             linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CPU:           }
// CPU:           linalg.generic {{.*}} ins(%[[LOCAL]] : memref<1x128xf32>)
// CPU-NOT:     gpu.
// CPU-NOT:     workgroup
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @row_sum(%a: tensor<6x1000xf32>) -> tensor<6xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<6x1000xf32>) outs(%f : tensor<6xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<6xf32>
  return %r : tensor<6xf32>
}
