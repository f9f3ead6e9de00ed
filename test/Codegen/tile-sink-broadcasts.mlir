// RUN: exir-mlir-opt %s -p 'builtin.module(exir-cpu-tile{vector-bits=256 cores=2 l2-bytes=524288})' | FileCheck %s

// A per-channel term of an elementwise op (batch norm's rsqrt(var + eps), read along the channel
// dim only) is computed once per channel of a tile and then broadcast over its pixels
// (vector.sink_ops in the schedule's cleanup), not on the broadcast vector: once per tile's
// 32 lanes, it was a square root and a division per element (conv 3x3 3->32 + batch norm +
// ReLU6 on 8x3x64x64, 1 thread: 0.80-0.92 -> 0.70-0.74 ms).
// CHECK-LABEL: func.func @per_channel_rsqrt
// CHECK-NOT:     math.rsqrt {{.*}} : vector<1x32xf32>
// CHECK:         math.rsqrt %{{.*}} : vector<1xf32>
// CHECK:         vector.broadcast %{{.*}} : vector<1xf32> to vector<1x32xf32>
// CHECK-NOT:     math.rsqrt {{.*}} : vector<1x32xf32>
// CHECK:         return
#xy = affine_map<(f, p) -> (f, p)>
#ch = affine_map<(f, p) -> (f)>
func.func @per_channel_rsqrt(%x: tensor<64x1024xf32>, %var: tensor<64xf32>) -> tensor<64x1024xf32> {
  %eps = arith.constant 1.0e-5 : f32
  %e = tensor.empty() : tensor<64x1024xf32>
  %y = linalg.generic {indexing_maps = [#xy, #ch, #xy], iterator_types = ["parallel", "parallel"]}
      ins(%x, %var : tensor<64x1024xf32>, tensor<64xf32>) outs(%e : tensor<64x1024xf32>) {
  ^bb0(%a: f32, %v: f32, %out: f32):
    %s = arith.addf %v, %eps : f32
    %r = math.rsqrt %s : f32
    %m = arith.mulf %a, %r : f32
    linalg.yield %m : f32
  } -> tensor<64x1024xf32>
  return %y : tensor<64x1024xf32>
}
