// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-bufferize)' | FileCheck %s

// One-shot bufferization writes the generic's result straight into the returned buffer; the
// function takes and returns plain (identity-layout) memrefs.
// CHECK-LABEL: func.func @in_place
// CHECK-SAME:    (%[[X:.*]]: memref<64xf32>) -> memref<64xf32>
// CHECK:         %[[OUT:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
// CHECK-NOT:     memref.alloc
// CHECK:         linalg.generic {{.*}} ins(%[[X]] : memref<64xf32>) outs(%[[OUT]] : memref<64xf32>)
// CHECK-NOT:     memref.copy
// CHECK:         return %[[OUT]]
func.func @in_place(%x: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = math.exp %a : f32
    linalg.yield %y : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// -----

// A temporary that dies inside the function is freed; a small one goes on the stack.
// CHECK-LABEL: func.func @temporaries
// CHECK:         %[[BIG:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4096xf32>
// CHECK:         %[[SMALL:.*]] = memref.alloca() {alignment = 64 : i64} : memref<16xf32>
// CHECK:         memref.dealloc %[[BIG]]
// CHECK-NOT:     memref.dealloc %[[SMALL]]
func.func @temporaries(%x: tensor<4096xf32>, %y: tensor<16xf32>) -> (tensor<4096xf32>, tensor<16xf32>) {
  %e = tensor.empty() : tensor<4096xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = math.exp %a : f32
    linalg.yield %v : f32
  } -> tensor<4096xf32>
  %e2 = tensor.empty() : tensor<4096xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t : tensor<4096xf32>) outs(%e2 : tensor<4096xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = math.log %a : f32
    linalg.yield %v : f32
  } -> tensor<4096xf32>
  %es = tensor.empty() : tensor<16xf32>
  %ts = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%y : tensor<16xf32>) outs(%es : tensor<16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = math.exp %a : f32
    linalg.yield %v : f32
  } -> tensor<16xf32>
  %es2 = tensor.empty() : tensor<16xf32>
  %rs = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%ts : tensor<16xf32>) outs(%es2 : tensor<16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = math.log %a : f32
    linalg.yield %v : f32
  } -> tensor<16xf32>
  return %r, %rs : tensor<4096xf32>, tensor<16xf32>
}
