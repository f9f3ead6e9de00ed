// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-hoist-state)' | FileCheck %s

// The copy of a weight into column panels (pack_matmul.py) reads only the weight: it moves into
// @linear__init, which returns the panels; @linear takes them as a new (read-only) argument and
// no longer packs. The row count is the user's (dynamic): the contraction stays.
// CHECK:       module attributes {exir.hoisted_state = {arguments = array<i64: 1>, entry = "linear", init = "linear__init", results = [tensor<48x768x16xf32>]}}
// CHECK-LABEL: func.func @linear
// CHECK-SAME:      (%[[X:.*]]: tensor<?x768xf32>, %[[W:.*]]: tensor<768x768xf32>, %[[B:.*]]: tensor<768xf32>, %[[P:.*]]: tensor<48x768x16xf32> {bufferization.writable = false})
// CHECK-NOT:     linalg.transpose
// CHECK:         linalg.generic {{.*}} ins(%[[X]], %[[P]] : tensor<?x768xf32>, tensor<48x768x16xf32>)
// CHECK-LABEL: func.func @linear__init
// CHECK-SAME:      (%[[W2:.*]]: tensor<768x768xf32> {bufferization.writable = false}) -> tensor<48x768x16xf32> attributes {llvm.emit_c_interface}
// CHECK:         %[[W3:.*]] = tensor.expand_shape %[[W2]]
// CHECK:         %[[T:.*]] = linalg.transpose ins(%[[W3]] : tensor<48x16x768xf32>) {{.*}} permutation = [0, 2, 1]
// CHECK:         return %[[T]]
// CHECK-NOT:     exir.read_only_state
func.func @linear(%x: tensor<?x768xf32>, %w: tensor<768x768xf32> {exir.read_only_state}, %b: tensor<768xf32> {exir.read_only_state}) -> tensor<?x768xf32> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %x, %c0 : tensor<?x768xf32>
  %w3 = tensor.expand_shape %w [[0, 1], [2]] output_shape [48, 16, 768] : tensor<768x768xf32> into tensor<48x16x768xf32>
  %e = tensor.empty() : tensor<48x768x16xf32>
  %p = linalg.transpose ins(%w3 : tensor<48x16x768xf32>) outs(%e : tensor<48x768x16xf32>) permutation = [0, 2, 1]
  %ex = tensor.empty(%m) : tensor<?x48x16xf32>
  %zero = arith.constant 0.0 : f32
  %f = linalg.fill ins(%zero : f32) outs(%ex : tensor<?x48x16xf32>) -> tensor<?x48x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j, l, k) -> (i, k)>, affine_map<(i, j, l, k) -> (j, k, l)>, affine_map<(i, j, l, k) -> (i, j, l)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%x, %p : tensor<?x768xf32>, tensor<48x768x16xf32>) outs(%f : tensor<?x48x16xf32>) {
  ^bb0(%a: f32, %bb: f32, %acc: f32):
    %mul = arith.mulf %a, %bb : f32
    %add = arith.addf %acc, %mul : f32
    linalg.yield %add : f32
  } -> tensor<?x48x16xf32>
  %c = tensor.collapse_shape %r [[0], [1, 2]] : tensor<?x48x16xf32> into tensor<?x768xf32>
  return %c : tensor<?x768xf32>
}

// -----

// Unmarked arguments (a user input; a buffer the program mutates, which codegen.compile does not
// mark) and what reads them stay: a transpose of the input, and a sum of a weight and the input.
// Nothing is hoisted: no init function, no new argument.
// CHECK-NOT:   exir.hoisted_state
// CHECK-LABEL: func.func @reads_inputs
// CHECK-SAME:      (%[[X:.*]]: tensor<64x64xf32>, %[[W:.*]]: tensor<64x64xf32>)
// CHECK:         linalg.transpose ins(%[[X]]
// CHECK:         linalg.add ins(%{{.*}}, %[[W]]
// CHECK-NOT:   func.func @reads_inputs__init
func.func @reads_inputs(%x: tensor<64x64xf32>, %w: tensor<64x64xf32> {exir.read_only_state}) -> tensor<64x64xf32> {
  %e = tensor.empty() : tensor<64x64xf32>
  %t = linalg.transpose ins(%x : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) permutation = [1, 0]
  %e2 = tensor.empty() : tensor<64x64xf32>
  %s = linalg.add ins(%t, %w : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e2 : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %s : tensor<64x64xf32>
}

// -----

// A chain of weights only: the transpose and the scaling are hoisted, but the broadcast of the
// scaled weight over 8 rows (8x its bytes) is not worth its memory: it stays, and reads the
// hoisted scaled weight. A view of a weight alone (the expand_shape the entry reads) computes
// nothing: it stays too, and the weight is not an argument of the init function for it.
// CHECK-LABEL: func.func @chain
// CHECK-SAME:      (%[[X:.*]]: tensor<8x64x64xf32>, %[[W:.*]]: tensor<64x64xf32>, %[[V:.*]]: tensor<4096xf32>, %[[S:.*]]: tensor<64x64xf32> {bufferization.writable = false})
// CHECK-NOT:     linalg.transpose
// CHECK:         %[[BC:.*]] = linalg.broadcast ins(%[[S]] : tensor<64x64xf32>)
// CHECK:         %[[VV:.*]] = tensor.expand_shape %[[V]]
// CHECK-LABEL: func.func @chain__init
// CHECK-SAME:      (%{{.*}}: tensor<64x64xf32> {bufferization.writable = false}) -> tensor<64x64xf32>
// CHECK:         linalg.transpose
// CHECK:         linalg.mul
// CHECK-NOT:     linalg.broadcast
func.func @chain(%x: tensor<8x64x64xf32>, %w: tensor<64x64xf32> {exir.read_only_state}, %v: tensor<4096xf32> {exir.read_only_state}) -> (tensor<8x64x64xf32>, tensor<64x64xf32>) {
  %e = tensor.empty() : tensor<64x64xf32>
  %t = linalg.transpose ins(%w : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) permutation = [1, 0]
  %e1 = tensor.empty() : tensor<64x64xf32>
  %s = linalg.mul ins(%t, %t : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e1 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %e2 = tensor.empty() : tensor<8x64x64xf32>
  %b = linalg.broadcast ins(%s : tensor<64x64xf32>) outs(%e2 : tensor<8x64x64xf32>) dimensions = [0]
  %e3 = tensor.empty() : tensor<8x64x64xf32>
  %r = linalg.add ins(%x, %b : tensor<8x64x64xf32>, tensor<8x64x64xf32>) outs(%e3 : tensor<8x64x64xf32>) -> tensor<8x64x64xf32>
  %vv = tensor.expand_shape %v [[0, 1]] output_shape [64, 64] : tensor<4096xf32> into tensor<64x64xf32>
  return %r, %vv : tensor<8x64x64xf32>, tensor<64x64xf32>
}

// -----

// A payload that reads a user input from above (an implicit capture) makes the op depend on it:
// not hoisted, though its operands are all weights.
// CHECK-LABEL: func.func @captures_input
// CHECK:         linalg.generic
// CHECK-NOT:   func.func @captures_input__init
func.func @captures_input(%s: f32, %w: tensor<64x64xf32> {exir.read_only_state}) -> tensor<64x64xf32> {
  %e = tensor.empty() : tensor<64x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%w : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %s : f32
    linalg.yield %m : f32
  } -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// -----

// Not worth an argument: a transpose of a small weight (4 KiB: binding it would cost a call more
// than computing it), and int8 weights widened to i32 (4x the bytes of the state: the memory that
// quantization saves).
// CHECK-NOT:   exir.hoisted_state
// CHECK-LABEL: func.func @not_worth_it
// CHECK:         linalg.transpose
// CHECK:         arith.extsi
// CHECK-NOT:   func.func @not_worth_it__init
func.func @not_worth_it(%small: tensor<32x32xf32> {exir.read_only_state}, %q: tensor<256x256xi8> {exir.read_only_state}) -> (tensor<32x32xf32>, tensor<256x256xi32>) {
  %e = tensor.empty() : tensor<32x32xf32>
  %t = linalg.transpose ins(%small : tensor<32x32xf32>) outs(%e : tensor<32x32xf32>) permutation = [1, 0]
  %e2 = tensor.empty() : tensor<256x256xi32>
  %w = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%q : tensor<256x256xi8>) outs(%e2 : tensor<256x256xi32>) {
  ^bb0(%a: i8, %o: i32):
    %x = arith.extsi %a : i8 to i32
    linalg.yield %x : i32
  } -> tensor<256x256xi32>
  return %t, %w : tensor<32x32xf32>, tensor<256x256xi32>
}
