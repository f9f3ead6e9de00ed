//===- EdgeOps.td - the edge dialect: dtype-explicit ATen-level ops -------===//
//
// The Edge stage of exir-mlir. `aten-to-edge` (lowering/aten_to_edge/) produces it from the
// exir dialect; `edge-to-backend` and `to-linalg` consume it.
//
// The Edge contract (checked at the end of aten-to-edge; rules beyond the traits: edge_rules.py):
//  * no implicit type promotion: every operand already has the dtype the op computes in
//    (torch.result_type applied and made explicit with `edge.cast`);
//  * scalars are typed: a Scalar argument of an ATen op becomes a 0-d tensor of the compute
//    dtype (`arith.constant dense<2.0> : tensor<f32>`), so `add.Tensor` and `add.Scalar` are
//    both `edge.add`; non-unit `alpha`/`beta` are explicit `edge.mul`s;
//  * index operands (embedding, gather, index_select) are i64;
//  * sizes are `index` values: an op whose result has dynamic dims takes one `index` operand
//    per dynamic result dim, in order (the `tensor.empty` idiom); symbolic-integer arithmetic
//    is `arith` on `index`;
//  * tensor literals are `arith.constant` (dense or dense_resource), upstream;
//  * control flow is upstream `scf.if` / `scf.while` (as in exir: IRDL ops cannot be
//    terminators, nor take mixed-type variadic groups), with edge ops inside.
// Ops are named after the ATen packet they come from, without the overload: the overload
// only distinguished Tensor vs Scalar arguments, which Edge has normalized.
//
//===----------------------------------------------------------------------===//

include "mlir/IR/OpBase.td"

def Edge_Dialect : Dialect {
  let name = "edge";
  let summary = "dtype-explicit ATen-level ops (the Edge stage)";
  let description = [{
    Same computation as the exir dialect, with every dtype explicit: no implicit type
    promotion, scalars as typed 0-d tensors, i64 indices, `index` sizes. Example:

    ```mlir
    %c = arith.constant dense<2.000000e+00> : tensor<f32>
    %x = "edge.cast"(%i) : (tensor<4xi64>) -> tensor<4xf32>
    %y = "edge.add"(%x, %c) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
    ```
  }];
  let cppNamespace = "::exir::edge";
}

class Edge_Op<string mnemonic, list<Trait> traits = []>
    : Op<Edge_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Elementwise families. Operands broadcast like torch (right-aligned, size-1 dims).
//===----------------------------------------------------------------------===//

class Edge_UnaryOp<string mnemonic, string what, string type = "tensor<4xf32>">
    : Edge_Op<mnemonic, [SameOperandsAndResultElementType]> {
  let summary = "elementwise " # what;
  let description = [{
    Elementwise, result dtype = operand dtype (float ops take float operands: integer
    inputs were cast by aten-to-edge).

    ```mlir
    %r = "edge.}] # mnemonic # [{"(%x) : (}] # type # [{) -> }] # type # [{
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input);
  let results = (outs AnyRankedTensor:$result);
}

def Edge_AbsOp : Edge_UnaryOp<"abs", "absolute value">;
def Edge_NegOp : Edge_UnaryOp<"neg", "negation">;
def Edge_ExpOp : Edge_UnaryOp<"exp", "e^x">;
def Edge_Exp2Op : Edge_UnaryOp<"exp2", "2^x">;
def Edge_Expm1Op : Edge_UnaryOp<"expm1", "e^x - 1">;
def Edge_LogOp : Edge_UnaryOp<"log", "natural logarithm">;
def Edge_Log1pOp : Edge_UnaryOp<"log1p", "log(1 + x)">;
def Edge_Log2Op : Edge_UnaryOp<"log2", "base-2 logarithm">;
def Edge_Log10Op : Edge_UnaryOp<"log10", "base-10 logarithm">;
def Edge_SqrtOp : Edge_UnaryOp<"sqrt", "square root">;
def Edge_RsqrtOp : Edge_UnaryOp<"rsqrt", "reciprocal square root">;
def Edge_ReciprocalOp : Edge_UnaryOp<"reciprocal", "1 / x">;
def Edge_SinOp : Edge_UnaryOp<"sin", "sine">;
def Edge_CosOp : Edge_UnaryOp<"cos", "cosine">;
def Edge_TanOp : Edge_UnaryOp<"tan", "tangent">;
def Edge_TanhOp : Edge_UnaryOp<"tanh", "hyperbolic tangent">;
def Edge_SinhOp : Edge_UnaryOp<"sinh", "hyperbolic sine">;
def Edge_CoshOp : Edge_UnaryOp<"cosh", "hyperbolic cosine">;
def Edge_AsinOp : Edge_UnaryOp<"asin", "arc sine">;
def Edge_AcosOp : Edge_UnaryOp<"acos", "arc cosine">;
def Edge_AtanOp : Edge_UnaryOp<"atan", "arc tangent">;
def Edge_AsinhOp : Edge_UnaryOp<"asinh", "inverse hyperbolic sine">;
def Edge_AcoshOp : Edge_UnaryOp<"acosh", "inverse hyperbolic cosine">;
def Edge_AtanhOp : Edge_UnaryOp<"atanh", "inverse hyperbolic tangent">;
def Edge_ErfOp : Edge_UnaryOp<"erf", "error function">;
def Edge_SigmoidOp : Edge_UnaryOp<"sigmoid", "logistic sigmoid">;
def Edge_ReluOp : Edge_UnaryOp<"relu", "max(x, 0)">;
def Edge_SiluOp : Edge_UnaryOp<"silu", "x * sigmoid(x)">;
def Edge_CeilOp : Edge_UnaryOp<"ceil", "ceiling">;
def Edge_FloorOp : Edge_UnaryOp<"floor", "floor">;
def Edge_RoundOp : Edge_UnaryOp<"round", "round half to even">;
def Edge_TruncOp : Edge_UnaryOp<"trunc", "round toward zero">;
def Edge_SignOp : Edge_UnaryOp<"sign", "sign (-1, 0, 1)">;
def Edge_BitwiseNotOp : Edge_UnaryOp<"bitwise_not", "bitwise not (integers and bool)", "tensor<4xi32>">;

class Edge_PredicateOp<string mnemonic, string what, string type = "tensor<4xf32>"> : Edge_Op<mnemonic> {
  let summary = "elementwise " # what # ", i1 result";
  let description = [{
    Elementwise test with an i1 (bool) result.

    ```mlir
    %r = "edge.}] # mnemonic # [{"(%x) : (}] # type # [{) -> tensor<4xi1>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input);
  let results = (outs TensorOf<[I1]>:$result);
}

def Edge_LogicalNotOp : Edge_PredicateOp<"logical_not", "logical not (operand is i1)", "tensor<4xi1>">;
def Edge_IsNanOp : Edge_PredicateOp<"isnan", "is-NaN test">;
def Edge_IsInfOp : Edge_PredicateOp<"isinf", "is-infinite test">;

def Edge_GeluOp : Edge_Op<"gelu", [SameOperandsAndResultElementType]> {
  let summary = "GELU activation";
  let description = [{
    `approximate` is "none" (erf form) or "tanh".

    ```mlir
    %r = "edge.gelu"(%x) {approximate = "none"} : (tensor<4xf32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, StrAttr:$approximate);
  let results = (outs AnyRankedTensor:$result);
}

def Edge_CastOp : Edge_Op<"cast"> {
  let summary = "element type conversion (torch `_to_copy(dtype=...)`)";
  let description = [{
    Converts each element to the result's element type with torch's semantics: float to
    int truncates toward zero, anything to i1 is `!= 0`, i1 to number is 0/1.

    ```mlir
    %r = "edge.cast"(%x) : (tensor<4xi64>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input);
  let results = (outs AnyRankedTensor:$result);
}

class Edge_BinaryOp<string mnemonic, string what, string elem = "f32">
    : Edge_Op<mnemonic, [SameOperandsAndResultElementType]> {
  let summary = "elementwise " # what;
  let description = [{
    Elementwise with torch broadcasting; both operands and the result have one dtype
    (the promoted one).

    ```mlir
    %r = "edge.}] # mnemonic # [{"(%a, %b) : (tensor<2x4x}] # elem # [{>, tensor<4x}] # elem # [{>) -> tensor<2x4x}] # elem # [{>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$lhs, AnyRankedTensor:$rhs);
  let results = (outs AnyRankedTensor:$result);
}

def Edge_AddOp : Edge_BinaryOp<"add", "addition">;
def Edge_SubOp : Edge_BinaryOp<"sub", "subtraction">;
def Edge_MulOp : Edge_BinaryOp<"mul", "multiplication">;
def Edge_DivOp : Edge_BinaryOp<"div", "true division (float operands)">;
def Edge_FloorDivideOp : Edge_BinaryOp<"floor_divide", "division rounded toward -inf">;
def Edge_TruncDivideOp : Edge_BinaryOp<"trunc_divide", "division rounded toward zero">;
def Edge_RemainderOp : Edge_BinaryOp<"remainder", "remainder with the divisor's sign (Python %)">;
def Edge_FmodOp : Edge_BinaryOp<"fmod", "remainder with the dividend's sign (C fmod)">;
def Edge_PowOp : Edge_BinaryOp<"pow", "power">;
def Edge_Atan2Op : Edge_BinaryOp<"atan2", "atan2(lhs, rhs)">;
def Edge_MaximumOp : Edge_BinaryOp<"maximum", "maximum (NaN-propagating)">;
def Edge_MinimumOp : Edge_BinaryOp<"minimum", "minimum (NaN-propagating)">;
def Edge_BitwiseAndOp : Edge_BinaryOp<"bitwise_and", "bitwise and", "i32">;
def Edge_BitwiseOrOp : Edge_BinaryOp<"bitwise_or", "bitwise or", "i32">;
def Edge_BitwiseXorOp : Edge_BinaryOp<"bitwise_xor", "bitwise xor", "i32">;
def Edge_LogicalAndOp : Edge_BinaryOp<"logical_and", "logical and (i1 operands)", "i1">;
def Edge_LogicalOrOp : Edge_BinaryOp<"logical_or", "logical or (i1 operands)", "i1">;
def Edge_LogicalXorOp : Edge_BinaryOp<"logical_xor", "logical xor (i1 operands)", "i1">;

class Edge_CompareOp<string mnemonic, string what>
    : Edge_Op<mnemonic, [SameOperandsElementType]> {
  let summary = "elementwise comparison: " # what;
  let description = [{
    Operands have one (promoted) dtype; the result is i1.

    ```mlir
    %r = "edge.}] # mnemonic # [{"(%a, %b) : (tensor<4xf32>, tensor<f32>) -> tensor<4xi1>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$lhs, AnyRankedTensor:$rhs);
  let results = (outs TensorOf<[I1]>:$result);
}

def Edge_EqOp : Edge_CompareOp<"eq", "==">;
def Edge_NeOp : Edge_CompareOp<"ne", "!=">;
def Edge_LtOp : Edge_CompareOp<"lt", "<">;
def Edge_LeOp : Edge_CompareOp<"le", "<=">;
def Edge_GtOp : Edge_CompareOp<"gt", ">">;
def Edge_GeOp : Edge_CompareOp<"ge", ">=">;

def Edge_WhereOp : Edge_Op<"where", [AllElementTypesMatch<["lhs", "rhs", "result"]>]> {
  let summary = "elementwise select";
  let description = [{
    `condition` is i1; `lhs`, `rhs` and the result share one dtype.

    ```mlir
    %r = "edge.where"(%c, %a, %b) : (tensor<4xi1>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins TensorOf<[I1]>:$condition, AnyRankedTensor:$lhs, AnyRankedTensor:$rhs);
  let results = (outs AnyRankedTensor:$result);
}

def Edge_ClampOp : Edge_Op<"clamp", [AttrSizedOperandSegments,
    AllElementTypesMatch<["input", "min", "max", "result"]>]> {
  let summary = "elementwise clamp to [min, max] (either bound optional)";
  let description = [{
    Bounds are tensors of the input's dtype (0-d when they came from scalars).

    ```mlir
    %r = "edge.clamp"(%x, %lo, %hi) {operandSegmentSizes = array<i32: 1, 1, 1>}
        : (tensor<4xf32>, tensor<f32>, tensor<f32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, Optional<AnyRankedTensor>:$min,
                   Optional<AnyRankedTensor>:$max);
  let results = (outs AnyRankedTensor:$result);
}

//===----------------------------------------------------------------------===//
// Random numbers.
//===----------------------------------------------------------------------===//

def Edge_RandomOp : Edge_Op<"random"> {
  let summary = "counter-based random numbers (Philox4x32-10): uniform in [0, 1) or standard normal";
  let description = [{
    Element i (row-major linear index) of the result is a function of (`seed`, `stream`, i)
    only: Philox4x32-10 with key = the seed's two 32-bit halves and counter = (i mod 2^32,
    i div 2^32, `stream`, 0). `distribution` is "uniform" ([0, 1): the top 24 (f32) or 53 (f64)
    bits of the output words) or "normal" (Box-Muller on two uniforms). `seed` is the program's
    rng_seed argument (README, "Random ops"); `stream` tells apart the random ops of one program.

    ```mlir
    %r = "edge.random"(%seed, %n) {distribution = "uniform", stream = 0 : i64} : (tensor<i64>, index) -> tensor<?x5xf32>
    ```
  }];
  let arguments = (ins 0DTensorOf<[I64]>:$seed, Variadic<Index>:$dynamic_sizes, StrAttr:$distribution,
                   I64Attr:$stream);
  let results = (outs RankedTensorOf<[F32, F64]>:$result);
}

//===----------------------------------------------------------------------===//
// Creation.
//===----------------------------------------------------------------------===//

def Edge_ArangeOp : Edge_Op<"arange"> {
  let summary = "start + i * step for i in [0, result size)";
  let description = [{
    1-d result; its length (static, or the `index` operand when dynamic) was computed from
    torch's `arange(start, end, step)`.

    ```mlir
    %r = "edge.arange"() {start = 0.0 : f64, step = 1.0 : f64} : () -> tensor<8xi64>
    ```
  }];
  let arguments = (ins Variadic<Index>:$dynamic_sizes, F64Attr:$start, F64Attr:$step);
  let results = (outs AnyRankedTensor:$result);
}

//===----------------------------------------------------------------------===//
// Shape and data movement. Dynamic result dims are `index` operands, in order.
//===----------------------------------------------------------------------===//

def Edge_ViewOp : Edge_Op<"view", [AllElementTypesMatch<["input", "result"]>]> {
  let summary = "reshape (view, _unsafe_view, squeeze, unsqueeze, flatten)";
  let description = [{
    Row-major reshape to the result type; `dynamic_sizes` gives its dynamic dims.

    ```mlir
    %r = "edge.view"(%x, %n) : (tensor<?x8xf32>, index) -> tensor<?x2x4xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, Variadic<Index>:$dynamic_sizes);
  let results = (outs AnyRankedTensor:$result);
}

def Edge_ExpandOp : Edge_Op<"expand", [AllElementTypesMatch<["input", "result"]>]> {
  let summary = "broadcast to the result shape (expand, full)";
  let description = [{
    Torch broadcasting of `input` to the result type (right-aligned; size-1 dims stretch).

    ```mlir
    %r = "edge.expand"(%c) : (tensor<f32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, Variadic<Index>:$dynamic_sizes);
  let results = (outs AnyRankedTensor:$result);
}

def Edge_PermuteOp : Edge_Op<"permute", [AllElementTypesMatch<["input", "result"]>]> {
  let summary = "dimension permutation: result dim i = input dim dims[i]";
  let description = [{
    ```mlir
    %r = "edge.permute"(%x) {dims = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, DenseI64ArrayAttr:$dims);
  let results = (outs AnyRankedTensor:$result);
}

def Edge_SliceOp : Edge_Op<"slice", [AllElementTypesMatch<["input", "result"]>]> {
  let summary = "strided slice along one dim";
  let description = [{
    Elements start, start + step, ... of `dim`; the count is the result's size of `dim`.
    `start` is normalized (non-negative, in range).

    ```mlir
    %r = "edge.slice"(%x) {dim = 1 : i64, start = 2 : i64, step = 1 : i64}
        : (tensor<4x8xf32>) -> tensor<4x3xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, Variadic<Index>:$dynamic_sizes, I64Attr:$dim,
                   I64Attr:$start, I64Attr:$step);
  let results = (outs AnyRankedTensor:$result);
}

def Edge_CatOp : Edge_Op<"cat", [SameOperandsAndResultElementType]> {
  let summary = "concatenation along `dim` (non-negative)";
  let description = [{
    ```mlir
    %r = "edge.cat"(%a, %b) {dim = 0 : i64} : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins Variadic<AnyRankedTensor>:$inputs, I64Attr:$dim);
  let results = (outs AnyRankedTensor:$result);
}

def Edge_PadOp : Edge_Op<"pad", [AllElementTypesMatch<["input", "value", "result"]>]> {
  let summary = "constant padding (constant_pad_nd), per-dim low/high amounts";
  let description = [{
    `value` is a 0-d tensor of the input's dtype.

    ```mlir
    %r = "edge.pad"(%x, %zero) {low = array<i64: 0, 1>, high = array<i64: 0, 1>}
        : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x5xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, AnyRankedTensor:$value, DenseI64ArrayAttr:$low,
                   DenseI64ArrayAttr:$high);
  let results = (outs AnyRankedTensor:$result);
}

def Edge_FlipOp : Edge_Op<"flip", [SameOperandsAndResultElementType]> {
  let summary = "reverse the order of elements along `dims`";
  let description = [{
    ```mlir
    %r = "edge.flip"(%x) {dims = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, DenseI64ArrayAttr:$dims);
  let results = (outs AnyRankedTensor:$result);
}

def Edge_GatherOp : Edge_Op<"gather", [AllElementTypesMatch<["input", "result"]>]> {
  let summary = "torch.gather along `dim` with i64 indices";
  let description = [{
    ```mlir
    %r = "edge.gather"(%x, %i) {dim = 1 : i64} : (tensor<2x5xf32>, tensor<2x3xi64>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, TensorOf<[I64]>:$index, I64Attr:$dim);
  let results = (outs AnyRankedTensor:$result);
}

def Edge_IndexSelectOp : Edge_Op<"index_select", [AllElementTypesMatch<["input", "result"]>]> {
  let summary = "select whole slices of `dim` by a 1-d i64 index";
  let description = [{
    ```mlir
    %r = "edge.index_select"(%x, %i) {dim = 0 : i64} : (tensor<5x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, TensorOf<[I64]>:$index, I64Attr:$dim);
  let results = (outs AnyRankedTensor:$result);
}

def Edge_IndexOp : Edge_Op<"index", [AllElementTypesMatch<["input", "result"]>]> {
  let summary = "advanced indexing x[i0, i1, ...] by i64 index tensors of one (broadcast) shape";
  let description = [{
    `indices[k]` indexes input dim `dims[k]` (negative values count from the end); all index
    tensors have the broadcast shape B. NumPy's layout rule: when `dims` are adjacent, the
    result is x's dims before them, then B, then x's dims after them; otherwise B comes first,
    then every dim of x that is not indexed.

    ```mlir
    %r = "edge.index"(%x, %i, %j) {dims = array<i64: 1, 2>}
        : (tensor<2x5x6x3xf32>, tensor<4xi64>, tensor<4xi64>) -> tensor<2x4x3xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, Variadic<TensorOf<[I64]>>:$indices, DenseI64ArrayAttr:$dims);
  let results = (outs AnyRankedTensor:$result);
}

def Edge_EmbeddingOp : Edge_Op<"embedding", [AllElementTypesMatch<["weight", "result"]>]> {
  let summary = "rows of `weight` selected by i64 `indices` (any rank)";
  let description = [{
    ```mlir
    %r = "edge.embedding"(%w, %i) : (tensor<100x16xf32>, tensor<2x5xi64>) -> tensor<2x5x16xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$weight, TensorOf<[I64]>:$indices);
  let results = (outs AnyRankedTensor:$result);
}

def Edge_SliceScatterOp : Edge_Op<"slice_scatter", [AllElementTypesMatch<["input", "src", "result"]>]> {
  let summary = "input with `src` written into the strided slice start, start + step, ... of `dim`";
  let description = [{
    `select_scatter` is this with a size-1 slice. The result has the input's type.

    ```mlir
    %r = "edge.slice_scatter"(%x, %s) {dim = 0 : i64, start = 1 : i64, step = 2 : i64}
        : (tensor<6x4xf32>, tensor<2x4xf32>) -> tensor<6x4xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, AnyRankedTensor:$src, I64Attr:$dim, I64Attr:$start,
                   I64Attr:$step);
  let results = (outs AnyRankedTensor:$result);
}

def Edge_ScatterOp : Edge_Op<"scatter", [AllElementTypesMatch<["input", "src", "result"]>]> {
  let summary = "torch.scatter / scatter_add / scatter_reduce along `dim` with i64 indices";
  let description = [{
    For every position p of `index`: result[p with p[dim] = index[p]] = src[p], combined with
    `reduce`: "none" (last write wins, torch leaves duplicates unspecified), "sum", "prod",
    "amax", "amin" (all including the input's value).

    ```mlir
    %r = "edge.scatter"(%x, %i, %s) {dim = 1 : i64, reduce = "sum"}
        : (tensor<3x5xf32>, tensor<3x2xi64>, tensor<3x2xf32>) -> tensor<3x5xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, TensorOf<[I64]>:$index, AnyRankedTensor:$src,
                   I64Attr:$dim, StrAttr:$reduce);
  let results = (outs AnyRankedTensor:$result);
}

def Edge_IndexPutOp : Edge_Op<"index_put", [AllElementTypesMatch<["input", "values", "result"]>]> {
  let summary = "x[index along `dim`] = values (or += with accumulate), one 1-d i64 index";
  let description = [{
    `values` broadcasts to the selected slices' shape (the input's shape with `dim` replaced
    by the index length).

    ```mlir
    %r = "edge.index_put"(%x, %i, %v) {dim = 0 : i64, accumulate = false}
        : (tensor<5x4xf32>, tensor<2xi64>, tensor<4xf32>) -> tensor<5x4xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, TensorOf<[I64]>:$index, AnyRankedTensor:$values,
                   I64Attr:$dim, BoolAttr:$accumulate);
  let results = (outs AnyRankedTensor:$result);
}

def Edge_NonzeroOp : Edge_Op<"nonzero"> {
  let summary = "coordinates of the nonzero elements, one row each in row-major order (data-dependent size)";
  let description = [{
    The result is `tensor<?xRxi64>` (R = the input's rank): its first dim is the number of
    nonzero elements, known only when the op runs (an unbacked symbol `u0`), so unlike other
    edge ops it takes no `index` operand for that dynamic dim. NaN counts as nonzero, as in
    torch. `masked_select` and `unique` are built on it.

    ```mlir
    %r = "edge.nonzero"(%x) : (tensor<?x4xf32>) -> tensor<?x2xi64>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input);
  let results = (outs TensorOf<[I64]>:$result);
}

def Edge_DiagonalOp : Edge_Op<"diagonal", [AllElementTypesMatch<["input", "result"]>]> {
  let summary = "the diagonal of dims `dim1`, `dim2` at `offset`, as the last result dim";
  let description = [{
    ```mlir
    %r = "edge.diagonal"(%x) {dim1 = 0 : i64, dim2 = 1 : i64, offset = 0 : i64}
        : (tensor<3x4xf32>) -> tensor<3xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, I64Attr:$offset, I64Attr:$dim1, I64Attr:$dim2);
  let results = (outs AnyRankedTensor:$result);
}

def Edge_AsStridedOp : Edge_Op<"as_strided", [AllElementTypesMatch<["input", "result"]>]> {
  let summary = "a strided view of the input's contiguous storage, materialized";
  let description = [{
    result[i0, i1, ...] = flat(input)[storage_offset + sum(i_k * stride[k])]; the result's
    shape is the view's size. Tensors have value semantics, so this is a gather.

    ```mlir
    %r = "edge.as_strided"(%x) {stride = array<i64: 1, 2>, storage_offset = 0 : i64}
        : (tensor<2x3xf32>) -> tensor<3x2xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, DenseI64ArrayAttr:$stride, I64Attr:$storage_offset);
  let results = (outs AnyRankedTensor:$result);
}

def Edge_SortOp : Edge_Op<"sort", [AllElementTypesMatch<["input", "values"]>]> {
  let summary = "stable sort along `dim`: values and their i64 source indices";
  let description = [{
    NaN sorts as the largest value, as in torch. `topk` with a large or symbolic k is a sort and a
    slice; with a small static k, `edge.topk`.

    ```mlir
    %v, %i = "edge.sort"(%x) {dim = 1 : i64, descending = false}
        : (tensor<2x5xf32>) -> (tensor<2x5xf32>, tensor<2x5xi64>)
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, I64Attr:$dim, BoolAttr:$descending);
  let results = (outs AnyRankedTensor:$values, TensorOf<[I64]>:$indices);
}

def Edge_TopkOp : Edge_Op<"topk", [AllElementTypesMatch<["input", "values"]>]> {
  let summary = "the first `k` of a stable sort along `dim` (descending when `largest`)";
  let description = [{
    Exactly the leading `k` positions of `edge.sort` with `descending = largest`: NaN is the
    largest value, and equal values keep their source order. Without the other positions it needs
    O(k n) work, not a full sort's. `k` must not exceed the size of `dim` (torch's own check).

    ```mlir
    %v, %i = "edge.topk"(%x) {dim = 1 : i64, k = 2 : i64, largest = true}
        : (tensor<2x5xf32>) -> (tensor<2x2xf32>, tensor<2x2xi64>)
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, I64Attr:$dim, I64Attr:$k, BoolAttr:$largest);
  let results = (outs AnyRankedTensor:$values, TensorOf<[I64]>:$indices);
}

def Edge_Upsample2dOp : Edge_Op<"upsample2d", [SameOperandsAndResultElementType]> {
  let summary = "nearest or bilinear resize of the last two dims (NCHW)";
  let description = [{
    `scale_h`/`scale_w` map an output index to the input (torch's `input / output` size, or
    `1 / scale_factor` when the program gave scale factors). `mode` is "nearest" or
    "bilinear"; with `align_corners` the corners of input and output line up (the scale is
    `(input - 1) / (output - 1)`, 0 for an output of size 1). A scale left out is computed at
    run time from the sizes (a dynamic spatial dim): `input / output`, or with `align_corners`
    `(input - 1) / (output - 1)`.

    ```mlir
    %r = "edge.upsample2d"(%x) {mode = "nearest", align_corners = false, scale_h = 0.5 : f64,
        scale_w = 0.5 : f64} : (tensor<1x3x4x4xf32>) -> tensor<1x3x8x8xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, StrAttr:$mode, BoolAttr:$align_corners,
                   OptionalAttr<F64Attr>:$scale_h, OptionalAttr<F64Attr>:$scale_w);
  let results = (outs AnyRankedTensor:$result);
}

def Edge_BorderPadOp : Edge_Op<"border_pad", [SameOperandsAndResultElementType]> {
  let summary = "reflection or replication padding of the trailing dims";
  let description = [{
    `mode` is "reflect" (mirror without repeating the edge) or "replicate" (repeat the edge).

    ```mlir
    %r = "edge.border_pad"(%x) {low = array<i64: 0, 2>, high = array<i64: 0, 2>, mode = "reflect"}
        : (tensor<2x5xf32>) -> tensor<2x9xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, DenseI64ArrayAttr:$low, DenseI64ArrayAttr:$high,
                   StrAttr:$mode);
  let results = (outs AnyRankedTensor:$result);
}

//===----------------------------------------------------------------------===//
// Contractions, convolution, pooling.
//===----------------------------------------------------------------------===//

def Edge_MmOp : Edge_Op<"mm", [SameOperandsAndResultElementType]> {
  let summary = "2-d matrix product";
  let description = [{
    ```mlir
    %r = "edge.mm"(%a, %b) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$lhs, AnyRankedTensor:$rhs);
  let results = (outs AnyRankedTensor:$result);
}

def Edge_BmmOp : Edge_Op<"bmm", [SameOperandsAndResultElementType]> {
  let summary = "batched (3-d) matrix product";
  let description = [{
    ```mlir
    %r = "edge.bmm"(%a, %b) : (tensor<8x2x3xf32>, tensor<8x3x4xf32>) -> tensor<8x2x4xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$lhs, AnyRankedTensor:$rhs);
  let results = (outs AnyRankedTensor:$result);
}

def Edge_AddmmOp : Edge_Op<"addmm", [SameOperandsAndResultElementType]> {
  let summary = "bias + lhs @ rhs (alpha and beta already folded into explicit muls)";
  let description = [{
    `bias` broadcasts to the 2-d result.

    ```mlir
    %r = "edge.addmm"(%bias, %a, %b) : (tensor<4xf32>, tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$bias, AnyRankedTensor:$lhs, AnyRankedTensor:$rhs);
  let results = (outs AnyRankedTensor:$result);
}

def Edge_ConvolutionOp : Edge_Op<"convolution", [SameOperandsAndResultElementType]> {
  let summary = "N-d convolution (1-d, 2-d, 3-d), NC(D)HW layout, grouped (aten.convolution, not transposed)";
  let description = [{
    Weight `[Cout, Cin / groups, k...]`; `padding` is per spatial dim, on both sides
    (`padding='same'` with an odd total was resolved by export into an explicit pad).

    ```mlir
    %r = "edge.convolution"(%x, %w, %b) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>,
        dilation = array<i64: 1, 1>, groups = 1 : i64}
        : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>) -> tensor<1x8x8x8xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, AnyRankedTensor:$weight,
                   Optional<AnyRankedTensor>:$bias, DenseI64ArrayAttr:$stride,
                   DenseI64ArrayAttr:$padding, DenseI64ArrayAttr:$dilation, I64Attr:$groups);
  let results = (outs AnyRankedTensor:$result);
}

def Edge_ConvTransposeOp : Edge_Op<"conv_transpose", [SameOperandsAndResultElementType]> {
  let summary = "N-d transposed convolution, NC(D)HW (aten.convolution with transposed=True)";
  let description = [{
    Weight `[Cin, Cout / groups, k...]` as torch's; output size per spatial dim
    `(I - 1) * stride - 2 * padding + dilation * (k - 1) + output_padding + 1`.

    ```mlir
    %r = "edge.conv_transpose"(%x, %w) {stride = array<i64: 2, 2>, padding = array<i64: 1, 1>,
        output_padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64}
        : (tensor<1x8x4x4xf32>, tensor<8x3x3x3xf32>) -> tensor<1x3x8x8xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, AnyRankedTensor:$weight,
                   Optional<AnyRankedTensor>:$bias, DenseI64ArrayAttr:$stride,
                   DenseI64ArrayAttr:$padding, DenseI64ArrayAttr:$output_padding,
                   DenseI64ArrayAttr:$dilation, I64Attr:$groups);
  let results = (outs AnyRankedTensor:$result);
}

def Edge_MaxPoolOp : Edge_Op<"max_pool", [SameOperandsAndResultElementType]> {
  let summary = "N-d max pooling (1 to 3 spatial dims after N, C), the values of max_poolNd_with_indices";
  let description = [{
    Padding is with the lowest value; `ceil_mode` was resolved into the result shape: a last,
    partial window reads only the input (and its padding).

    ```mlir
    %r = "edge.max_pool"(%x) {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>,
        padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>}
        : (tensor<1x8x8x8xf32>) -> tensor<1x8x4x4xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, DenseI64ArrayAttr:$kernel_size,
                   DenseI64ArrayAttr:$stride, DenseI64ArrayAttr:$padding,
                   DenseI64ArrayAttr:$dilation);
  let results = (outs AnyRankedTensor:$result);
}

def Edge_MaxPoolWithIndicesOp : Edge_Op<"max_pool_with_indices"> {
  let summary = "N-d max pooling with the flat input index (over the spatial dims) of each maximum";
  let description = [{
    Like `edge.max_pool`, with a second i64 result as torch's max_poolNd_with_indices
    (2-d: `h * W + w`; the first maximum wins, NaN beats everything).

    ```mlir
    %v, %i = "edge.max_pool_with_indices"(%x) {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>,
        padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>}
        : (tensor<1x1x4x4xf32>) -> (tensor<1x1x2x2xf32>, tensor<1x1x2x2xi64>)
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, DenseI64ArrayAttr:$kernel_size,
                   DenseI64ArrayAttr:$stride, DenseI64ArrayAttr:$padding,
                   DenseI64ArrayAttr:$dilation);
  let results = (outs AnyRankedTensor:$values, TensorOf<[I64]>:$indices);
}

def Edge_AvgPoolOp : Edge_Op<"avg_pool", [SameOperandsAndResultElementType]> {
  let summary = "N-d average pooling (1 to 3 spatial dims after N, C)";
  let description = [{
    Each window's sum is divided by `divisor_override` when it is not 0, else by the
    number of window positions inside the padded input (`count_include_pad`) or inside the
    input alone: a last, partial `ceil_mode` window counts only its positions, as torch does.
    Integer inputs divide with truncation toward zero.

    ```mlir
    %r = "edge.avg_pool"(%x) {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>,
        padding = array<i64: 0, 0>, count_include_pad = true, divisor_override = 0 : i64}
        : (tensor<1x8x8x8xf32>) -> tensor<1x8x4x4xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, DenseI64ArrayAttr:$kernel_size,
                   DenseI64ArrayAttr:$stride, DenseI64ArrayAttr:$padding,
                   BoolAttr:$count_include_pad, I64Attr:$divisor_override);
  let results = (outs AnyRankedTensor:$result);
}

def Edge_AdaptiveAvgPoolOp : Edge_Op<"adaptive_avg_pool", [SameOperandsAndResultElementType]> {
  let summary = "N-d adaptive average pooling to the result's spatial size";
  let description = [{
    Output position o of a spatial dim of input size I and output size O averages input
    positions [floor(o * I / O), ceil((o + 1) * I / O)), as torch does (sizes may be dynamic).

    ```mlir
    %r = "edge.adaptive_avg_pool"(%x) : (tensor<1x3x7x7xf32>) -> tensor<1x3x3x3xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input);
  let results = (outs AnyRankedTensor:$result);
}

def Edge_AdaptiveMaxPoolOp : Edge_Op<"adaptive_max_pool"> {
  let summary = "N-d adaptive max pooling with the flat input index of each maximum";
  let description = [{
    Windows as `edge.adaptive_avg_pool`; indices as `edge.max_pool_with_indices`.

    ```mlir
    %v, %i = "edge.adaptive_max_pool"(%x) : (tensor<1x3x7x7xf32>) -> (tensor<1x3x3x3xf32>, tensor<1x3x3x3xi64>)
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input);
  let results = (outs AnyRankedTensor:$values, TensorOf<[I64]>:$indices);
}

//===----------------------------------------------------------------------===//
// Reductions and normalizations. `dims` are non-negative and sorted.
//===----------------------------------------------------------------------===//

class Edge_ReduceOp<string mnemonic, string what, string elem = "f32">
    : Edge_Op<mnemonic, [SameOperandsAndResultElementType]> {
  let summary = what # " over `dims`";
  let description = [{
    Result dtype = operand dtype (the accumulation dtype was made explicit by a cast).

    ```mlir
    %r = "edge.}] # mnemonic # [{"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<2x4x}] # elem # [{>) -> tensor<2x}] # elem # [{>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, DenseI64ArrayAttr:$dims, BoolAttr:$keepdim);
  let results = (outs AnyRankedTensor:$result);
}

def Edge_SumOp : Edge_ReduceOp<"sum", "sum">;
def Edge_MeanOp : Edge_ReduceOp<"mean", "arithmetic mean (float)">;
def Edge_ProdOp : Edge_ReduceOp<"prod", "product">;
def Edge_AmaxOp : Edge_ReduceOp<"amax", "maximum">;
def Edge_AminOp : Edge_ReduceOp<"amin", "minimum">;
def Edge_AnyOp : Edge_ReduceOp<"any", "logical or (i1)", "i1">;

def Edge_HashTensorOp : Edge_Op<"hash_tensor"> {
  let summary = "torch.hash_tensor (mode 0): xor over `dims` of each element's 64 bits";
  let description = [{
    The input was cast to f64 (floats), i64 (bool, signed integers) or ui64 (unsigned integers)
    by aten-to-edge, as eager upcasts; each element's 64-bit pattern (an f64 is bitcast) is
    xor-ed over `dims`. The result is ui64 (torch.uint64).

    ```mlir
    %r = "edge.hash_tensor"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<2x4xf64>) -> tensor<2xui64>
    ```
  }];
  let arguments = (ins RankedTensorOf<[F64, I64, UI64]>:$input, DenseI64ArrayAttr:$dims, BoolAttr:$keepdim);
  let results = (outs RankedTensorOf<[UI64]>:$result);
}

def Edge_VarOp : Edge_Op<"var", [SameOperandsAndResultElementType]> {
  let summary = "variance over `dims` with `correction` (Bessel's = 1)";
  let description = [{
    ```mlir
    %r = "edge.var"(%x) {dims = array<i64: 1>, keepdim = true, correction = 1.0 : f64}
        : (tensor<2x4xf32>) -> tensor<2x1xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, DenseI64ArrayAttr:$dims, BoolAttr:$keepdim,
                   F64Attr:$correction);
  let results = (outs AnyRankedTensor:$result);
}

class Edge_ArgReduceOp<string mnemonic, string what> : Edge_Op<mnemonic> {
  let summary = what # " along `dim` (first occurrence), i64 result";
  let description = [{
    ```mlir
    %r = "edge.}] # mnemonic # [{"(%x) {dim = 1 : i64, keepdim = false} : (tensor<2x4xf32>) -> tensor<2xi64>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, I64Attr:$dim, BoolAttr:$keepdim);
  let results = (outs TensorOf<[I64]>:$result);
}

def Edge_ArgmaxOp : Edge_ArgReduceOp<"argmax", "index of the maximum">;
def Edge_ArgminOp : Edge_ArgReduceOp<"argmin", "index of the minimum">;

def Edge_CumsumOp : Edge_Op<"cumsum", [SameOperandsAndResultElementType]> {
  let summary = "inclusive prefix sum along `dim`";
  let description = [{
    ```mlir
    %r = "edge.cumsum"(%x) {dim = 0 : i64} : (tensor<4xf32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, I64Attr:$dim);
  let results = (outs AnyRankedTensor:$result);
}

def Edge_SoftmaxOp : Edge_Op<"softmax", [SameOperandsAndResultElementType]> {
  let summary = "softmax along `dim` (float)";
  let description = [{
    ```mlir
    %r = "edge.softmax"(%x) {dim = 1 : i64} : (tensor<2x4xf32>) -> tensor<2x4xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, I64Attr:$dim);
  let results = (outs AnyRankedTensor:$result);
}

def Edge_LogSoftmaxOp : Edge_Op<"log_softmax", [SameOperandsAndResultElementType]> {
  let summary = "log-softmax along `dim` (float)";
  let description = [{
    ```mlir
    %r = "edge.log_softmax"(%x) {dim = 1 : i64} : (tensor<2x4xf32>) -> tensor<2x4xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, I64Attr:$dim);
  let results = (outs AnyRankedTensor:$result);
}

def Edge_LayerNormOp : Edge_Op<"layer_norm", [AttrSizedOperandSegments,
    SameOperandsAndResultElementType]> {
  let summary = "layer normalization over the dims from `axis` on; returns (out, mean, rstd)";
  let description = [{
    mean and rstd keep the normalized dims as size 1, as aten.native_layer_norm does.

    ```mlir
    %o, %m, %r = "edge.layer_norm"(%x, %w, %b) {axis = 2 : i64, eps = 1.0e-05 : f64,
        operandSegmentSizes = array<i32: 1, 1, 1>}
        : (tensor<2x8x32xf32>, tensor<32xf32>, tensor<32xf32>)
        -> (tensor<2x8x32xf32>, tensor<2x8x1xf32>, tensor<2x8x1xf32>)
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, Optional<AnyRankedTensor>:$weight,
                   Optional<AnyRankedTensor>:$bias, I64Attr:$axis, F64Attr:$eps);
  let results = (outs AnyRankedTensor:$result, AnyRankedTensor:$mean, AnyRankedTensor:$rstd);
}

def Edge_BatchNormInferenceOp : Edge_Op<"batch_norm_inference", [AttrSizedOperandSegments,
    SameOperandsAndResultElementType]> {
  let summary = "batch normalization with given statistics (channel dim 1)";
  let description = [{
    (x - mean) / sqrt(var + eps) * weight + bias, per channel.

    ```mlir
    %r = "edge.batch_norm_inference"(%x, %w, %b, %m, %v) {eps = 1.0e-05 : f64,
        operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>}
        : (tensor<1x8x4x4xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<1x8x4x4xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, Optional<AnyRankedTensor>:$weight,
                   Optional<AnyRankedTensor>:$bias, AnyRankedTensor:$running_mean,
                   AnyRankedTensor:$running_var, F64Attr:$eps);
  let results = (outs AnyRankedTensor:$result);
}
