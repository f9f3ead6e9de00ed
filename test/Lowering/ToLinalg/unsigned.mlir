// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(to-linalg)' | FileCheck %s

// uint8 (ui8) is lowered as signless i8 with the unsigned arith ops where the sign matters
// (lowering/to_linalg/unsigned.py). The signature says i8 and marks the uint8 positions
// `exir.unsigned` (the runtime's dtype); no ui8 and no conversion casts are left.
// Casts: uint8 -> float is uitofp (200 is 200.0, not -56.0), uint8 -> i64 zero-extends,
// float -> uint8 goes through i32 and keeps the low byte (torch: -1.0 -> 255), i64 -> uint8
// truncates, uint8 -> bool is != 0. Dynamic dims.
// CHECK-LABEL: func.func @casts
// CHECK-SAME: (%{{.*}}: tensor<?xi8> {exir.unsigned}, %{{.*}}: tensor<?xf32>, %{{.*}}: tensor<?xi64>)
// CHECK-SAME: -> (tensor<?xf32>, tensor<?xi64>, tensor<?xi8> {exir.unsigned}, tensor<?xi8> {exir.unsigned}, tensor<?xi1>)
// CHECK-NOT: ui8
// CHECK-NOT: unrealized_conversion_cast
// CHECK:      ^bb0(%[[A:.*]]: i8, %{{.*}}: f32):
// CHECK-NEXT:   arith.uitofp %[[A]] : i8 to f32
// CHECK:      ^bb0(%[[B:.*]]: i8, %{{.*}}: i64):
// CHECK-NEXT:   arith.extui %[[B]] : i8 to i64
// CHECK:      ^bb0(%[[F:.*]]: f32, %{{.*}}: i8):
// CHECK-NEXT:   %[[W:.*]] = arith.fptosi %[[F]] : f32 to i32
// CHECK-NEXT:   arith.trunci %[[W]] : i32 to i8
// CHECK:      ^bb0(%[[L:.*]]: i64, %{{.*}}: i8):
// CHECK-NEXT:   arith.trunci %[[L]] : i64 to i8
// CHECK:      ^bb0(%[[C:.*]]: i8, %{{.*}}: i1):
// CHECK-NEXT:   %[[Z:.*]] = arith.constant 0 : i8
// CHECK-NEXT:   arith.cmpi ne, %[[C]], %[[Z]] : i8
func.func @casts(%u: tensor<?xui8>, %f: tensor<?xf32>, %l: tensor<?xi64>) -> (tensor<?xf32>, tensor<?xi64>, tensor<?xui8>, tensor<?xui8>, tensor<?xi1>) {
  %0 = "edge.cast"(%u) : (tensor<?xui8>) -> tensor<?xf32>
  %1 = "edge.cast"(%u) : (tensor<?xui8>) -> tensor<?xi64>
  %2 = "edge.cast"(%f) : (tensor<?xf32>) -> tensor<?xui8>
  %3 = "edge.cast"(%l) : (tensor<?xi64>) -> tensor<?xui8>
  %4 = "edge.cast"(%u) : (tensor<?xui8>) -> tensor<?xi1>
  return %0, %1, %2, %3, %4 : tensor<?xf32>, tensor<?xi64>, tensor<?xui8>, tensor<?xui8>, tensor<?xi1>
}

// -----

// Comparisons, division, remainder, max/min and clamp are the unsigned ops; add stays addi
// (wrap-around is the same bits either way). The result of one uint8 op feeds the next.
// CHECK-LABEL: func.func @arith
// CHECK:      ^bb0(%[[A0:.*]]: i8, %[[B0:.*]]: i8, %{{.*}}: i1):
// CHECK-NEXT:   arith.cmpi ult, %[[A0]], %[[B0]] : i8
// CHECK:      ^bb0(%[[A1:.*]]: i8, %[[B1:.*]]: i8, %{{.*}}: i1):
// CHECK-NEXT:   arith.cmpi uge, %[[A1]], %[[B1]] : i8
// CHECK:      ^bb0(%[[A2:.*]]: i8, %[[B2:.*]]: i8, %{{.*}}: i8):
// CHECK:        %[[D2:.*]] = arith.select %{{.*}}, %{{.*}}, %[[B2]] : i8
// CHECK-NEXT:   arith.divui %[[A2]], %[[D2]] : i8
// CHECK:      ^bb0(%[[A3:.*]]: i8, %[[B3:.*]]: i8, %{{.*}}: i8):
// CHECK:        %[[D3:.*]] = arith.select %{{.*}}, %{{.*}}, %[[B3]] : i8
// CHECK-NEXT:   arith.remui %[[A3]], %[[D3]] : i8
// CHECK:      ^bb0(%[[A4:.*]]: i8, %[[B4:.*]]: i8, %{{.*}}: i8):
// CHECK-NEXT:   arith.maxui %[[A4]], %[[B4]] : i8
// CHECK:      ^bb0(%[[A5:.*]]: i8, %[[B5:.*]]: i8, %{{.*}}: i8):
// CHECK-NEXT:   arith.minui %[[A5]], %[[B5]] : i8
// CHECK:      ^bb0(%[[X:.*]]: i8, %[[LO:.*]]: i8, %[[HI:.*]]: i8, %{{.*}}: i8):
// CHECK-NEXT:   %[[M:.*]] = arith.maxui %[[X]], %[[LO]] : i8
// CHECK-NEXT:   arith.minui %[[M]], %[[HI]] : i8
// CHECK:      ^bb0(%[[A6:.*]]: i8, %[[B6:.*]]: i8, %{{.*}}: i8):
// CHECK-NEXT:   arith.addi %[[A6]], %[[B6]] : i8
func.func @arith(%a: tensor<?x4xui8>, %b: tensor<?x4xui8>, %lo: tensor<ui8>, %hi: tensor<ui8>) -> (tensor<?x4xi1>, tensor<?x4xi1>, tensor<?x4xui8>) {
  %0 = "edge.lt"(%a, %b) : (tensor<?x4xui8>, tensor<?x4xui8>) -> tensor<?x4xi1>
  %1 = "edge.ge"(%a, %b) : (tensor<?x4xui8>, tensor<?x4xui8>) -> tensor<?x4xi1>
  %2 = "edge.floor_divide"(%a, %b) : (tensor<?x4xui8>, tensor<?x4xui8>) -> tensor<?x4xui8>
  %3 = "edge.remainder"(%a, %b) : (tensor<?x4xui8>, tensor<?x4xui8>) -> tensor<?x4xui8>
  %4 = "edge.maximum"(%2, %3) : (tensor<?x4xui8>, tensor<?x4xui8>) -> tensor<?x4xui8>
  %5 = "edge.minimum"(%4, %a) : (tensor<?x4xui8>, tensor<?x4xui8>) -> tensor<?x4xui8>
  %6 = "edge.clamp"(%5, %lo, %hi) {operandSegmentSizes = array<i32: 1, 1, 1>} : (tensor<?x4xui8>, tensor<ui8>, tensor<ui8>) -> tensor<?x4xui8>
  %7 = "edge.add"(%6, %b) : (tensor<?x4xui8>, tensor<?x4xui8>) -> tensor<?x4xui8>
  return %0, %1, %7 : tensor<?x4xi1>, tensor<?x4xi1>, tensor<?x4xui8>
}

// -----

// abs and relu of uint8 are the value itself; a ui8 constant keeps its bits (200 is -56 in i8).
// CHECK-LABEL: func.func @abs_relu_const
// CHECK-NOT:  math.absi
// CHECK-NOT:  arith.maxsi
// CHECK:      %[[C:.*]] = arith.constant dense<-56> : tensor<i8>
// CHECK:      linalg.generic {{.*}} ins(%{{.*}}, %[[C]] : tensor<4xi8>, tensor<i8>)
// CHECK-NEXT: ^bb0(%[[A:.*]]: i8, %[[B:.*]]: i8, %{{.*}}: i1):
// CHECK-NEXT:   arith.cmpi ugt, %[[A]], %[[B]] : i8
func.func @abs_relu_const(%a: tensor<4xui8>) -> tensor<4xi1> {
  %0 = "edge.abs"(%a) : (tensor<4xui8>) -> tensor<4xui8>
  %1 = "edge.relu"(%0) : (tensor<4xui8>) -> tensor<4xui8>
  %c = arith.constant dense<200> : tensor<ui8>
  %2 = "edge.gt"(%1, %c) : (tensor<4xui8>, tensor<ui8>) -> tensor<4xi1>
  return %2 : tensor<4xi1>
}

// -----

// amax starts from 0 and takes maxui; argmin starts from 255 (all ones) and takes the first of
// the smallest with cmpi ult.
// CHECK-LABEL: func.func @reductions
// CHECK:      %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK:      %[[V0:.*]] = linalg.fill ins(%[[ZERO]] : i8)
// CHECK:      linalg.generic {{.*}} outs(%[[V0]] : tensor<?xi8>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: i8, %[[ACC:.*]]: i8):
// CHECK-NEXT:   arith.maxui %[[IN]], %[[ACC]] : i8
// CHECK:      %[[ALL:.*]] = arith.constant -1 : i8
// CHECK:      %[[V1:.*]] = linalg.fill ins(%[[ALL]] : i8)
// CHECK:      linalg.generic {{.*}} outs(%[[V1]], %{{.*}} : tensor<?xi8>, tensor<?xi64>)
// CHECK-NEXT: ^bb0(%[[IN1:.*]]: i8, %[[ACC1:.*]]: i8, %{{.*}}: i64):
// CHECK:        arith.cmpi ult, %[[IN1]], %[[ACC1]] : i8
func.func @reductions(%x: tensor<?x5xui8>) -> (tensor<?xui8>, tensor<?xi64>) {
  %0 = "edge.amax"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<?x5xui8>) -> tensor<?xui8>
  %1 = "edge.argmin"(%x) {dim = 1 : i64, keepdim = false} : (tensor<?x5xui8>) -> tensor<?xi64>
  return %0, %1 : tensor<?xui8>, tensor<?xi64>
}

// -----

// A non-splat ui8 constant keeps its bytes too; floor division of uint8 by it is divui.
// CHECK-LABEL: func.func @const_tensor
// CHECK:      %[[C:.*]] = arith.constant dense<[1, -128, -56, -1]> : tensor<4xi8>
// CHECK:      linalg.generic {{.*}} ins(%{{.*}}, %[[C]] : tensor<4xi8>, tensor<4xi8>)
// CHECK:        arith.divui
func.func @const_tensor(%a: tensor<4xui8>) -> tensor<4xui8> {
  %c = arith.constant dense<[1, 128, 200, 255]> : tensor<4xui8>
  %0 = "edge.floor_divide"(%a, %c) : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  return %0 : tensor<4xui8>
}

// -----

// uint32/uint64 (ui32/ui64) take the same path as uint8, at their width: compares and division
// are the unsigned ops (a signed one gets uint64 values >= 2^63, uint32 values >= 2^31 wrong).
// CHECK-LABEL: func.func @wide
// CHECK-SAME: (%{{.*}}: tensor<?xi32> {exir.unsigned}, %{{.*}}: tensor<?xi32> {exir.unsigned}, %{{.*}}: tensor<?xi64> {exir.unsigned}, %{{.*}}: tensor<?xi64> {exir.unsigned})
// CHECK-SAME: -> (tensor<?xi1>, tensor<?xi32> {exir.unsigned}, tensor<?xi1>, tensor<?xi64> {exir.unsigned}, tensor<?xi64> {exir.unsigned})
// CHECK-NOT:  ui32
// CHECK-NOT:  ui64
// CHECK:      ^bb0(%[[A0:.*]]: i32, %[[B0:.*]]: i32, %{{.*}}: i1):
// CHECK-NEXT:   arith.cmpi ult, %[[A0]], %[[B0]] : i32
// CHECK:      ^bb0(%[[A1:.*]]: i32, %[[B1:.*]]: i32, %{{.*}}: i32):
// CHECK:        %[[D1:.*]] = arith.select %{{.*}}, %{{.*}}, %[[B1]] : i32
// CHECK-NEXT:   arith.divui %[[A1]], %[[D1]] : i32
// CHECK:      ^bb0(%[[A2:.*]]: i64, %[[B2:.*]]: i64, %{{.*}}: i1):
// CHECK-NEXT:   arith.cmpi uge, %[[A2]], %[[B2]] : i64
// CHECK:      ^bb0(%[[A3:.*]]: i64, %[[B3:.*]]: i64, %{{.*}}: i64):
// CHECK:        %[[D3:.*]] = arith.select %{{.*}}, %{{.*}}, %[[B3]] : i64
// CHECK-NEXT:   arith.divui %[[A3]], %[[D3]] : i64
// CHECK:      ^bb0(%[[A4:.*]]: i64, %[[B4:.*]]: i64, %{{.*}}: i64):
// CHECK:        %[[D4:.*]] = arith.select %{{.*}}, %{{.*}}, %[[B4]] : i64
// CHECK-NEXT:   arith.remui %[[A4]], %[[D4]] : i64
func.func @wide(%a: tensor<?xui32>, %b: tensor<?xui32>, %c: tensor<?xui64>, %d: tensor<?xui64>) -> (tensor<?xi1>, tensor<?xui32>, tensor<?xi1>, tensor<?xui64>, tensor<?xui64>) {
  %0 = "edge.lt"(%a, %b) : (tensor<?xui32>, tensor<?xui32>) -> tensor<?xi1>
  %1 = "edge.floor_divide"(%a, %b) : (tensor<?xui32>, tensor<?xui32>) -> tensor<?xui32>
  %2 = "edge.ge"(%c, %d) : (tensor<?xui64>, tensor<?xui64>) -> tensor<?xi1>
  %3 = "edge.trunc_divide"(%c, %d) : (tensor<?xui64>, tensor<?xui64>) -> tensor<?xui64>
  %4 = "edge.remainder"(%c, %d) : (tensor<?xui64>, tensor<?xui64>) -> tensor<?xui64>
  return %0, %1, %2, %3, %4 : tensor<?xi1>, tensor<?xui32>, tensor<?xi1>, tensor<?xui64>, tensor<?xui64>
}

// -----

// float -> uint64 as x86 eager does: x >= 2^63 ? fptosi(x - 2^63) ^ 2^63 : fptosi(x) (so values
// in [2^63, 2^64) convert, -1.0 wraps to 2^64 - 1); uint64 -> float is uitofp; uint16 -> uint32
// zero-extends. A ui64 constant keeps its bits (2^63 is the i64 minimum, 2^64 - 1 is -1), and
// hash_tensor of uint64 xors them as they are.
// CHECK-LABEL: func.func @casts64
// CHECK:      ^bb0(%[[F:.*]]: f64, %{{.*}}: i64):
// CHECK-NEXT:   %[[HALF:.*]] = arith.constant 9.2233720368547758E+18 : f64
// CHECK-NEXT:   %[[HIGH:.*]] = arith.cmpf oge, %[[F]], %[[HALF]] : f64
// CHECK-NEXT:   %[[LOW:.*]] = arith.fptosi %[[F]] : f64 to i64
// CHECK-NEXT:   %[[SUB:.*]] = arith.subf %[[F]], %[[HALF]] : f64
// CHECK-NEXT:   %[[S:.*]] = arith.fptosi %[[SUB]] : f64 to i64
// CHECK-NEXT:   %[[SIGN:.*]] = arith.constant -9223372036854775808 : i64
// CHECK-NEXT:   %[[X:.*]] = arith.xori %[[S]], %[[SIGN]] : i64
// CHECK-NEXT:   arith.select %[[HIGH]], %[[X]], %[[LOW]] : i64
// CHECK:      ^bb0(%[[U:.*]]: i64, %{{.*}}: f32):
// CHECK-NEXT:   arith.uitofp %[[U]] : i64 to f32
// CHECK:      ^bb0(%[[H:.*]]: i16, %{{.*}}: i32):
// CHECK-NEXT:   arith.extui %[[H]] : i16 to i32
// CHECK:      %[[C:.*]] = arith.constant dense<[1, -9223372036854775808, -1]> : tensor<3xi64>
// CHECK:      linalg.generic {{.*}} ins(%[[C]] : tensor<3xi64>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: i64, %[[ACC:.*]]: i64):
// CHECK-NEXT:   arith.xori %[[IN]], %[[ACC]] : i64
func.func @casts64(%f: tensor<?xf64>, %u: tensor<?xui64>, %h: tensor<?xui16>) -> (tensor<?xui64>, tensor<?xf32>, tensor<?xui32>, tensor<ui64>) {
  %0 = "edge.cast"(%f) : (tensor<?xf64>) -> tensor<?xui64>
  %1 = "edge.cast"(%u) : (tensor<?xui64>) -> tensor<?xf32>
  %2 = "edge.cast"(%h) : (tensor<?xui16>) -> tensor<?xui32>
  %c = arith.constant dense<[1, 9223372036854775808, 18446744073709551615]> : tensor<3xui64>
  %3 = "edge.hash_tensor"(%c) {dims = array<i64: 0>, keepdim = false} : (tensor<3xui64>) -> tensor<ui64>
  return %0, %1, %2, %3 : tensor<?xui64>, tensor<?xf32>, tensor<?xui32>, tensor<ui64>
}

// -----

// hash_tensor: an f64 element's bits (bitcast) xor-ed into a 0-initialised i64 accumulator over
// `dims` (the ui64 result is marked unsigned); an int64 input is xor-ed as it is; keepdim
// re-inserts the unit dim. Dynamic rows.
// CHECK-LABEL: func.func @hash
// CHECK-SAME: -> (tensor<?xi64> {exir.unsigned}, tensor<1x3xi64> {exir.unsigned})
// CHECK:      %[[Z:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[INIT:.*]] = linalg.fill ins(%[[Z]] : i64) outs(%{{.*}} : tensor<?xi64>)
// CHECK-NEXT: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : tensor<?x3xf64>) outs(%[[INIT]] : tensor<?xi64>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f64, %[[ACC:.*]]: i64):
// CHECK-NEXT:   %[[BITS:.*]] = arith.bitcast %[[IN]] : f64 to i64
// CHECK-NEXT:   arith.xori %[[BITS]], %[[ACC]] : i64
// CHECK:      linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]} ins(%{{.*}} : tensor<?x3xi64>)
// CHECK-NEXT: ^bb0(%[[IN1:.*]]: i64, %[[ACC1:.*]]: i64):
// CHECK-NEXT:   arith.xori %[[IN1]], %[[ACC1]] : i64
// CHECK:      tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [1, 3] : tensor<3xi64> into tensor<1x3xi64>
func.func @hash(%x: tensor<?x3xf64>, %s: tensor<?x3xi64>) -> (tensor<?xui64>, tensor<1x3xui64>) {
  %0 = "edge.hash_tensor"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<?x3xf64>) -> tensor<?xui64>
  %1 = "edge.hash_tensor"(%s) {dims = array<i64: 0>, keepdim = true} : (tensor<?x3xi64>) -> tensor<1x3xui64>
  return %0, %1 : tensor<?xui64>, tensor<1x3xui64>
}

// -----

// sort of uint64 ranks with an unsigned compare (2^63 sorts after 2^63 - 1).
// CHECK-LABEL: func.func @sort64
// CHECK:      ^bb0(%[[A:.*]]: i64, %[[B:.*]]: i64, %{{.*}}: i64):
// CHECK:        arith.cmpi ult, %[[B]], %[[A]] : i64
// CHECK-NOT:    arith.cmpi slt
func.func @sort64(%x: tensor<?xui64>) -> tensor<?xui64> {
  %0:2 = "edge.sort"(%x) {dim = 0 : i64, descending = false} : (tensor<?xui64>) -> (tensor<?xui64>, tensor<?xi64>)
  return %0#0 : tensor<?xui64>
}

// -----

// Max pooling of uint8: the pad and the init are 0 (not -128, i.e. 128 as unsigned bytes), and
// the window max compares unsigned (a generic with arith.maxui, not the named pooling op, whose
// max is signed).
// CHECK-LABEL: func.func @max_pool_uint8
// CHECK:      %[[PAD:.*]] = arith.constant 0 : i8
// CHECK:      tensor.pad
// CHECK:        tensor.yield %[[PAD]] : i8
// CHECK:      %[[INIT:.*]] = arith.constant 0 : i8
// CHECK:      linalg.fill ins(%[[INIT]] : i8)
// CHECK-NOT:  linalg.pooling_nchw_max
// CHECK:      linalg.generic
// CHECK:        arith.maxui
// CHECK-NOT:  arith.maxsi
func.func @max_pool_uint8(%x: tensor<1x2x8x8xui8>) -> tensor<1x2x4x4xui8> {
  %0 = "edge.max_pool"(%x) {dilation = array<i64: 1, 1>, kernel_size = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x2x8x8xui8>) -> tensor<1x2x4x4xui8>
  return %0 : tensor<1x2x4x4xui8>
}

// -----

// A uint8 matmul is its signless twin (products and sums wrap around alike); with a relu
// activation (signed for i8) it would not be, and is refused (not fused this way by exir-mlir).
// CHECK-LABEL: func.func @matmul_uint8
// CHECK:      linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x5xi8>, tensor<5x3xi8>)
func.func @matmul_uint8(%a: tensor<4x5xui8>, %b: tensor<5x3xui8>) -> tensor<4x3xui8> {
  %0 = "backend.matmul"(%a, %b) {activation = "none"} : (tensor<4x5xui8>, tensor<5x3xui8>) -> tensor<4x3xui8>
  return %0 : tensor<4x3xui8>
}

// -----

// uint8 pow: an exponent of 128..255 is not negative, so base and exponent are widened without
// sign to i64 (ipowi of i8 would read them as negative), and the low 8 bits kept.
// CHECK-LABEL: func.func @pow_uint8
// CHECK:      linalg.generic
// CHECK:        %[[A:.*]] = arith.extui %{{.*}} : i8 to i64
// CHECK:        %[[B:.*]] = arith.extui %{{.*}} : i8 to i64
// CHECK:        %[[P:.*]] = math.ipowi %[[A]], %[[B]] : i64
// CHECK:        arith.trunci %[[P]] : i64 to i8
func.func @pow_uint8(%a: tensor<4xui8>, %b: tensor<4xui8>) -> tensor<4xui8> {
  %0 = "edge.pow"(%a, %b) : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  return %0 : tensor<4xui8>
}

// -----

// scatter_reduce amax/amin of uint8 (index_reduce's too): the combine compares unsigned (maxui/minui),
// so 200 beats 100 and 0 beats 255; dynamic sizes.
// CHECK-LABEL: func.func @scatter_amax_uint8
// CHECK-SAME: (%{{.*}}: tensor<?xi8> {exir.unsigned}, %{{.*}}: tensor<?xi64>, %{{.*}}: tensor<?xi8> {exir.unsigned})
// CHECK:      scf.for
// CHECK:        %[[SRC:.*]] = tensor.extract %{{.*}} : tensor<?xi8>
// CHECK:        %[[OLD:.*]] = tensor.extract %{{.*}} : tensor<?xi8>
// CHECK:        arith.maxui %[[OLD]], %[[SRC]] : i8
// CHECK:      scf.for
// CHECK:        arith.minui %{{.*}}, %{{.*}} : i8
// CHECK-NOT:  arith.maxsi
// CHECK-NOT:  arith.minsi
func.func @scatter_amax_uint8(%x: tensor<?xui8>, %i: tensor<?xi64>, %s: tensor<?xui8>) -> (tensor<?xui8>, tensor<?xui8>) {
  %0 = "edge.scatter"(%x, %i, %s) {dim = 0 : i64, reduce = "amax"} : (tensor<?xui8>, tensor<?xi64>, tensor<?xui8>) -> tensor<?xui8>
  %1 = "edge.scatter"(%x, %i, %s) {dim = 0 : i64, reduce = "amin"} : (tensor<?xui8>, tensor<?xi64>, tensor<?xui8>) -> tensor<?xui8>
  return %0, %1 : tensor<?xui8>, tensor<?xui8>
}

// -----

// Max pooling with indices of uint8: pad and init 0 (not -128), the window's max compares unsigned
// (cmpi ugt), the indices stay i64.
// CHECK-LABEL: func.func @max_pool_with_indices_uint8
// CHECK-SAME: -> (tensor<1x2x4x4xi8> {exir.unsigned}, tensor<1x2x4x4xi64>)
// CHECK:      %[[PAD:.*]] = arith.constant 0 : i8
// CHECK:      tensor.pad
// CHECK:        tensor.yield %[[PAD]] : i8
// CHECK:      %[[INIT:.*]] = arith.constant 0 : i8
// CHECK:      linalg.fill ins(%[[INIT]] : i8)
// CHECK:      ^bb0(%[[IN:.*]]: i8, %{{.*}}: i8, %[[ACC:.*]]: i8, %{{.*}}: i64):
// CHECK:        arith.cmpi ugt, %[[IN]], %[[ACC]] : i8
// CHECK-NOT:  arith.cmpi sgt
func.func @max_pool_with_indices_uint8(%x: tensor<1x2x8x8xui8>) -> (tensor<1x2x4x4xui8>, tensor<1x2x4x4xi64>) {
  %0:2 = "edge.max_pool_with_indices"(%x) {dilation = array<i64: 1, 1>, kernel_size = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x2x8x8xui8>) -> (tensor<1x2x4x4xui8>, tensor<1x2x4x4xi64>)
  return %0#0, %0#1 : tensor<1x2x4x4xui8>, tensor<1x2x4x4xi64>
}

// -----

// A uint8 convolution without activation is its signless twin (products and sums wrap around
// alike, as eager's uint8 convolution keeps the low 8 bits; the padding is 0 either way).
// CHECK-LABEL: func.func @conv2d_uint8
// CHECK:      linalg.conv_2d_nchw_fchw {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x3x10x10xi8>, tensor<4x3x3x3xi8>)
func.func @conv2d_uint8(%x: tensor<1x3x8x8xui8>, %w: tensor<4x3x3x3xui8>) -> tensor<1x4x8x8xui8> {
  %0 = "backend.conv2d"(%x, %w) {activation = "none", dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x3x8x8xui8>, tensor<4x3x3x3xui8>) -> tensor<1x4x8x8xui8>
  return %0 : tensor<1x4x8x8xui8>
}
