// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-tile{vector-bits=512 cores=1})' | FileCheck %s --check-prefix=TILE
// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-tile{vector-bits=512 cores=1},exir-cpu-bufferize)' | FileCheck %s --check-prefix=BUF

// Upstream's empty-tensor elimination runs in exir-cpu-tile, on the untiled ops (after tiling, its
// one-shot analysis over every peeled part and remainder block of a dynamic-shape model took
// seconds): the tensor.empty that an op fills and that is then inserted into the concatenation's
// destination becomes that destination's slice before the op is tiled, so the tiles write into
// the destination. The module says so; exir-cpu-bufferize does not run it again and removes the
// mark. Bufferized, the concatenation is one buffer: no temporary, no copy.
// TILE:       module attributes {exir.empty_tensors_eliminated}
// TILE-LABEL: func.func @concat_exp
// TILE-SAME:    (%[[X:.*]]: tensor<?x64xf32>, %[[Y:.*]]: tensor<?x64xf32>)
// TILE:         %[[DEST:.*]] = tensor.empty(%{{.*}}) : tensor<?x128xf32>
// TILE:         %[[LEFT:.*]] = tensor.extract_slice %[[DEST]][0, 0] [%{{.*}}, 64] [1, 1]
// TILE:         scf.forall {{.*}} shared_outs(%{{.*}} = %[[LEFT]])
// TILE:           math.exp {{.*}} : vector<{{.*}}xf32>
// TILE:         tensor.insert_slice %{{.*}} into %[[DEST]][0, 0] [%{{.*}}, 64] [1, 1]
// TILE:         tensor.insert_slice %[[Y]] into %{{.*}}[0, 64] [%{{.*}}, 64] [1, 1]
// BUF-NOT:    exir.empty_tensors_eliminated
// BUF-LABEL:  func.func @concat_exp
// BUF:          %[[OUT:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?x128xf32>
// BUF-NOT:      memref.alloc
// BUF:          return %[[OUT]]
func.func @concat_exp(%x: tensor<?x64xf32>, %y: tensor<?x64xf32>) -> tensor<?x128xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x64xf32>
  %e = tensor.empty(%n) : tensor<?x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x64xf32>) outs(%e : tensor<?x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = math.exp %a : f32
    linalg.yield %v : f32
  } -> tensor<?x64xf32>
  %dest = tensor.empty(%n) : tensor<?x128xf32>
  %0 = tensor.insert_slice %r into %dest[0, 0] [%n, 64] [1, 1] : tensor<?x64xf32> into tensor<?x128xf32>
  %1 = tensor.insert_slice %y into %0[0, 64] [%n, 64] [1, 1] : tensor<?x64xf32> into tensor<?x128xf32>
  return %1 : tensor<?x128xf32>
}
