// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-carry-in-place)' | FileCheck %s
// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-carry-in-place,exir-cpu-bufferize)' | FileCheck %s --check-prefix=BUF

// The while_loop model's body after exir-cpu-fuse: x <- tanh(x @ w) + x, i <- i + 1. Each yielded
// value's generic writes into the body's block argument instead of a tensor.empty; bufferization
// then carries one buffer per value: the loop has no iteration values left, nothing is allocated
// in it, and the inits (arguments that are not writable, a constant) are copied once before it.
// CHECK-LABEL: func.func @writes_into_carried
// CHECK:         scf.while
// CHECK:         } do {
// CHECK-NEXT:    ^bb0(%[[I:.*]]: tensor<i64>, %[[X:.*]]: tensor<4x8xf32>):
// CHECK:           %[[NEXT_I:.*]] = linalg.generic {{.*}} ins(%[[I]] : tensor<i64>) outs(%[[I]] : tensor<i64>)
// CHECK:           %[[M:.*]] = linalg.matmul ins(%[[X]], %{{.*}} : tensor<4x8xf32>, tensor<8x8xf32>)
// CHECK:           %[[NEXT_X:.*]] = linalg.generic {{.*}} ins(%[[M]], %[[X]] : tensor<4x8xf32>, tensor<4x8xf32>) outs(%[[X]] : tensor<4x8xf32>)
// CHECK:           scf.yield %[[NEXT_I]], %[[NEXT_X]]
// BUF-LABEL: func.func @writes_into_carried
// BUF-SAME:    (%[[W:.*]]: memref<8x8xf32>, %[[N:.*]]: memref<i64>, %[[X0:.*]]: memref<4x8xf32>)
// BUF:         %[[I_BUF:.*]] = memref.alloc() {{.*}} : memref<i64>
// BUF:         memref.copy %{{.*}}, %[[I_BUF]]
// BUF:         %[[X_BUF:.*]] = memref.alloc() {{.*}} : memref<4x8xf32>
// BUF:         memref.copy %[[X0]], %[[X_BUF]]
// BUF:         scf.while : () -> () {
// BUF-NOT:       memref.alloc()
// BUF:           linalg.matmul ins(%[[X_BUF]], %[[W]] : memref<4x8xf32>, memref<8x8xf32>)
// BUF-NOT:       memref.alloc()
// BUF:           linalg.generic {{.*}} outs(%[[X_BUF]] : memref<4x8xf32>)
// BUF-NOT:       memref.alloc()
// BUF:           scf.yield
// BUF-NEXT:    }
// BUF-NEXT:    return %[[I_BUF]], %[[X_BUF]]
#id = affine_map<(d0, d1) -> (d0, d1)>
#scalar = affine_map<() -> ()>
func.func @writes_into_carried(%w: tensor<8x8xf32> {bufferization.writable = false}, %n: tensor<i64> {bufferization.writable = false},
                               %x0: tensor<4x8xf32> {bufferization.writable = false}) -> (tensor<i64>, tensor<4x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1 : i64
  %i0 = arith.constant dense<0> : tensor<i64>
  %r:2 = scf.while (%i = %i0, %x = %x0) : (tensor<i64>, tensor<4x8xf32>) -> (tensor<i64>, tensor<4x8xf32>) {
    %e = tensor.empty() : tensor<i1>
    %lt = linalg.generic {indexing_maps = [#scalar, #scalar, #scalar], iterator_types = []}
        ins(%i, %n : tensor<i64>, tensor<i64>) outs(%e : tensor<i1>) {
    ^bb0(%a: i64, %b: i64, %o: i1):
      %c = arith.cmpi slt, %a, %b : i64
      linalg.yield %c : i1
    } -> tensor<i1>
    %go = tensor.extract %lt[] : tensor<i1>
    scf.condition(%go) %i, %x : tensor<i64>, tensor<4x8xf32>
  } do {
  ^bb0(%i: tensor<i64>, %x: tensor<4x8xf32>):
    %ei = tensor.empty() : tensor<i64>
    %next_i = linalg.generic {indexing_maps = [#scalar, #scalar], iterator_types = []}
        ins(%i : tensor<i64>) outs(%ei : tensor<i64>) {
    ^bb0(%a: i64, %o: i64):
      %s = arith.addi %a, %one : i64
      linalg.yield %s : i64
    } -> tensor<i64>
    %e = tensor.empty() : tensor<4x8xf32>
    %fill = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
    %m = linalg.matmul ins(%x, %w : tensor<4x8xf32>, tensor<8x8xf32>) outs(%fill : tensor<4x8xf32>) -> tensor<4x8xf32>
    %next_x = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%m, %x : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %t = math.tanh %a : f32
      %s = arith.addf %t, %b : f32
      linalg.yield %s : f32
    } -> tensor<4x8xf32>
    scf.yield %next_i, %next_x : tensor<i64>, tensor<4x8xf32>
  }
  return %r#0, %r#1 : tensor<i64>, tensor<4x8xf32>
}

// -----

// (x, y) <- (x + y, x): the new x is computed into x's block argument, but the old x is yielded
// too. One-shot bufferization sees the read after the write and writes x + y into a new buffer
// each iteration (as before the rewrite): the loop still carries buffers it allocates.
// CHECK-LABEL: func.func @old_value_yielded
// CHECK:         ^bb0(%[[X:.*]]: tensor<16xf32>, %[[Y:.*]]: tensor<16xf32>):
// CHECK:           %[[SUM:.*]] = linalg.generic {{.*}} ins(%[[X]], %[[Y]] : tensor<16xf32>, tensor<16xf32>) outs(%[[X]] : tensor<16xf32>)
// CHECK:           scf.yield %[[SUM]], %[[X]]
// BUF-LABEL: func.func @old_value_yielded
// BUF:         scf.while ({{.*}}) : (memref<16xf32>, memref<16xf32>, i1) -> (memref<16xf32>, memref<16xf32>)
// BUF:         } do {
// BUF-NEXT:    ^bb0(%[[X:.*]]: memref<16xf32>, %[[Y:.*]]: memref<16xf32>):
// BUF:           %[[NEW:.*]] = memref.alloc() {{.*}} : memref<16xf32>
// BUF:           linalg.generic {{.*}} ins(%[[X]], %[[Y]] : memref<16xf32>, memref<16xf32>) outs(%[[NEW]] : memref<16xf32>)
// BUF:           scf.yield %[[NEW]], %[[X]]
#id1 = affine_map<(d0) -> (d0)>
func.func @old_value_yielded(%x0: tensor<16xf32> {bufferization.writable = false}, %y0: tensor<16xf32> {bufferization.writable = false},
                             %go: i1) -> (tensor<16xf32>, tensor<16xf32>) {
  %r:2 = scf.while (%x = %x0, %y = %y0) : (tensor<16xf32>, tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
    scf.condition(%go) %x, %y : tensor<16xf32>, tensor<16xf32>
  } do {
  ^bb0(%x: tensor<16xf32>, %y: tensor<16xf32>):
    %e = tensor.empty() : tensor<16xf32>
    %sum = linalg.generic {indexing_maps = [#id1, #id1, #id1], iterator_types = ["parallel"]}
        ins(%x, %y : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    } -> tensor<16xf32>
    scf.yield %sum, %x : tensor<16xf32>, tensor<16xf32>
  }
  return %r#0, %r#1 : tensor<16xf32>, tensor<16xf32>
}

// -----

// Left as it is: a value whose init is not a tensor.empty (the matmul accumulates into its zero
// fill, which it reads).
// CHECK-LABEL: func.func @init_not_empty
// CHECK:         ^bb0(%[[X:.*]]: tensor<4x4xf32>):
// CHECK:           %[[E:.*]] = tensor.empty() : tensor<4x4xf32>
// CHECK:           %[[FILL:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<4x4xf32>)
// CHECK:           linalg.matmul ins(%[[X]], %[[X]] : tensor<4x4xf32>, tensor<4x4xf32>) outs(%[[FILL]] : tensor<4x4xf32>)
func.func @init_not_empty(%x0: tensor<4x4xf32>, %go: i1) -> tensor<4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %r = scf.while (%x = %x0) : (tensor<4x4xf32>) -> tensor<4x4xf32> {
    scf.condition(%go) %x : tensor<4x4xf32>
  } do {
  ^bb0(%x: tensor<4x4xf32>):
    %e = tensor.empty() : tensor<4x4xf32>
    %fill = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
    %m = linalg.matmul ins(%x, %x : tensor<4x4xf32>, tensor<4x4xf32>) outs(%fill : tensor<4x4xf32>) -> tensor<4x4xf32>
    scf.yield %m : tensor<4x4xf32>
  }
  return %r : tensor<4x4xf32>
}

// -----

// Left as it is: a value of a dynamic shape (the empty tensor's size need not be the carried one's).
// CHECK-LABEL: func.func @dynamic_shape
// CHECK:         ^bb0(%[[D:.*]]: tensor<?xf32>):
// CHECK:           %[[ED:.*]] = tensor.empty(%{{.*}}) : tensor<?xf32>
// CHECK:           linalg.generic {{.*}} ins(%[[D]] : tensor<?xf32>) outs(%[[ED]] : tensor<?xf32>)
#id1 = affine_map<(d0) -> (d0)>
func.func @dynamic_shape(%d0: tensor<?xf32>, %go: i1) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %r = scf.while (%d = %d0) : (tensor<?xf32>) -> tensor<?xf32> {
    scf.condition(%go) %d : tensor<?xf32>
  } do {
  ^bb0(%d: tensor<?xf32>):
    %n = tensor.dim %d, %c0 : tensor<?xf32>
    %ed = tensor.empty(%n) : tensor<?xf32>
    %neg = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
        ins(%d : tensor<?xf32>) outs(%ed : tensor<?xf32>) {
    ^bb0(%v: f32, %o: f32):
      %s = arith.negf %v : f32
      linalg.yield %s : f32
    } -> tensor<?xf32>
    scf.yield %neg : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// Left as it is: the "before" region does not forward its arguments in order (upstream copies them
// there whatever the body does).
// CHECK-LABEL: func.func @condition_reorders
// CHECK:         ^bb0(%[[A:.*]]: tensor<8xf32>, %[[B:.*]]: tensor<8xf32>):
// CHECK:           %[[EA:.*]] = tensor.empty() : tensor<8xf32>
// CHECK:           linalg.generic {{.*}} ins(%[[A]] : tensor<8xf32>) outs(%[[EA]] : tensor<8xf32>)
#id1 = affine_map<(d0) -> (d0)>
func.func @condition_reorders(%a0: tensor<8xf32>, %go: i1) -> (tensor<8xf32>, tensor<8xf32>) {
  %s:2 = scf.while (%a = %a0, %b = %a0) : (tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
    scf.condition(%go) %b, %a : tensor<8xf32>, tensor<8xf32>
  } do {
  ^bb0(%a: tensor<8xf32>, %b: tensor<8xf32>):
    %ea = tensor.empty() : tensor<8xf32>
    %neg = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
        ins(%a : tensor<8xf32>) outs(%ea : tensor<8xf32>) {
    ^bb0(%v: f32, %o: f32):
      %s = arith.negf %v : f32
      linalg.yield %s : f32
    } -> tensor<8xf32>
    scf.yield %neg, %b : tensor<8xf32>, tensor<8xf32>
  }
  return %s#0, %s#1 : tensor<8xf32>, tensor<8xf32>
}
