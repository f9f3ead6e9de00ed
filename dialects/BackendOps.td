//===- BackendOps.td - the backend dialect: fused target ops -------------===//
//
// The Backend stage of exir-mlir: what a target runs as one kernel. `edge-to-backend`
// (lowering/edge_to_backend/) forms these ops from edge op patterns; `to-linalg` lowers
// them. Operands follow the Edge contract (one dtype, no implicit promotion).
//
// `activation` names the epilogue applied to the result: "none", "relu", "gelu" (erf form),
// "gelu_tanh", "silu".
//
//===----------------------------------------------------------------------===//

include "mlir/IR/OpBase.td"

def Backend_Dialect : Dialect {
  let name = "backend";
  let summary = "fused target ops: matmul/conv with bias and activation, softmax, norms, attention";
  let description = [{
    The fusion decisions of exir-mlir. Example:

    ```mlir
    %y = "backend.matmul"(%x, %w, %b) {activation = "relu"}
        : (tensor<2x16xf32>, tensor<16x32xf32>, tensor<32xf32>) -> tensor<2x32xf32>
    ```
  }];
  let cppNamespace = "::exir::backend";
}

class Backend_Op<string mnemonic, list<Trait> traits = []>
    : Op<Backend_Dialect, mnemonic, traits>;

def Backend_MatmulOp : Backend_Op<"matmul", [SameOperandsAndResultElementType]> {
  let summary = "activation(lhs @ rhs + bias), 2-d or batched 3-d";
  let description = [{
    `lhs` is [M, K] or [B, M, K], `rhs` is [K, N] or [B, K, N]; `bias` (optional) broadcasts
    to the result.

    ```mlir
    %y = "backend.matmul"(%x, %w, %b) {activation = "gelu"}
        : (tensor<16x32xf32>, tensor<32x64xf32>, tensor<64xf32>) -> tensor<16x64xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$lhs, AnyRankedTensor:$rhs,
                   Optional<AnyRankedTensor>:$bias, StrAttr:$activation);
  let results = (outs AnyRankedTensor:$result);
}

def Backend_Conv2dOp : Backend_Op<"conv2d", [SameOperandsAndResultElementType]> {
  let summary = "activation(conv2d(input, weight) + bias), NCHW / FCHW";
  let description = [{
    ```mlir
    %y = "backend.conv2d"(%x, %w, %b) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>,
        dilation = array<i64: 1, 1>, groups = 1 : i64, activation = "relu"}
        : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>) -> tensor<1x8x8x8xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, AnyRankedTensor:$weight,
                   Optional<AnyRankedTensor>:$bias, DenseI64ArrayAttr:$stride,
                   DenseI64ArrayAttr:$padding, DenseI64ArrayAttr:$dilation, I64Attr:$groups,
                   StrAttr:$activation);
  let results = (outs AnyRankedTensor:$result);
}

def Backend_SoftmaxOp : Backend_Op<"softmax", [SameOperandsAndResultElementType]> {
  let summary = "numerically stable (log-)softmax along `dim`";
  let description = [{
    exp(x - max) / sum(exp(x - max)); with `log`, (x - max) - log(sum(exp(x - max))).

    ```mlir
    %y = "backend.softmax"(%x) {dim = 1 : i64, log = false} : (tensor<2x4xf32>) -> tensor<2x4xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, I64Attr:$dim, BoolAttr:$log);
  let results = (outs AnyRankedTensor:$result);
}

def Backend_LayerNormOp : Backend_Op<"layer_norm", [AttrSizedOperandSegments,
    SameOperandsAndResultElementType]> {
  let summary = "layer normalization over the dims from `axis` on (the normalized output only)";
  let description = [{
    ```mlir
    %y = "backend.layer_norm"(%x, %w, %b) {axis = 2 : i64, eps = 1.0e-05 : f64,
        operandSegmentSizes = array<i32: 1, 1, 1>}
        : (tensor<2x8x32xf32>, tensor<32xf32>, tensor<32xf32>) -> tensor<2x8x32xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, Optional<AnyRankedTensor>:$weight,
                   Optional<AnyRankedTensor>:$bias, I64Attr:$axis, F64Attr:$eps);
  let results = (outs AnyRankedTensor:$result);
}

def Backend_SdpaOp : Backend_Op<"sdpa", [SameOperandsAndResultElementType]> {
  let summary = "scaled dot-product attention: softmax(q @ k^T * scale + mask) @ v";
  let description = [{
    q: [..., L, E], k: [..., S, E], v: [..., S, Ev]. `mask` (optional) is additive and
    broadcasts to [..., L, S]; `is_causal` masks out j > i. With `safe_softmax` a row whose
    scores are all -inf gives zeros instead of NaN (torch's `_safe_softmax`, which the
    exported decomposition of scaled_dot_product_attention uses).

    ```mlir
    %y = "backend.sdpa"(%q, %k, %v) {scale = 0.3535 : f64, is_causal = true}
        : (tensor<2x4x8x8xf32>, tensor<2x4x8x8xf32>, tensor<2x4x8x8xf32>) -> tensor<2x4x8x8xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$query, AnyRankedTensor:$key, AnyRankedTensor:$value,
                   Optional<AnyRankedTensor>:$mask, F64Attr:$scale, BoolAttr:$is_causal,
                   OptionalAttr<BoolAttr>:$safe_softmax);
  let results = (outs AnyRankedTensor:$result);
}
