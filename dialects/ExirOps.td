//===- ExirOps.td - hand-written ops of the exir dialect ------------------===//
//
// What torch.export graphs contain beyond ATen overloads: arithmetic and comparisons on
// symbolic integers (the `_operator` / `torch.sym_*` call targets), tensor literals, the
// generic fallback for ATen ops the dialect lacks, and the higher-order ops `cond` and
// `while_loop` with regions (terminated by the upstream `vector.yield`: an IRDL op cannot be
// a terminator). The one-op-per-ATen-overload part is generated:
// generated/ExirAtenOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef EXIR_OPS_TD
#define EXIR_OPS_TD

include "ExirBase.td"

//===----------------------------------------------------------------------===//
// Symbolic integers
//===----------------------------------------------------------------------===//

def Exir_SymConstantOp : Exir_Op<"sym_constant"> {
  let summary = "a constant symbolic scalar (a Python int/float/bool in a SymInt expression)";
  let description = [{
    Materializes a literal operand of symbolic arithmetic (`s0 + 1` has the 1). The result
    type says the kind: `!exir.symint` for an `i64` value, `!exir.symfloat` for `f64`,
    `!exir.symbool` for a bool.

    ```mlir
    %c1 = "exir.sym_constant"() {value = 1 : i64} : () -> !exir.symint
    ```
  }];
  let arguments = (ins TypedAttrInterface:$value);
  let results = (outs Exir_SymScalar:$result);
}

class Exir_SymBinaryOp<string mnemonic, string fxTarget, string what, Type resultType>
    : Exir_Op<mnemonic> {
  let target = fxTarget;
  let summary = what # " of symbolic numbers (torch.fx target `" # fxTarget # "`)";
  let description = [{
    Python semantics on SymInt/SymFloat values, as the `torch.fx` call target `}] # fxTarget # [{`
    computes them (floor division and modulo round toward negative infinity).

    ```mlir
    %r = "exir.}] # mnemonic # [{"(%a, %b) : (!exir.symint, !exir.symint) -> !exir.symint
    ```
  }];
  let arguments = (ins Exir_SymNumber:$lhs, Exir_SymNumber:$rhs);
  let results = (outs resultType:$result);
}

def Exir_SymAddOp : Exir_SymBinaryOp<"sym_add", "_operator.add", "sum", Exir_SymNumber>;
def Exir_SymSubOp : Exir_SymBinaryOp<"sym_sub", "_operator.sub", "difference", Exir_SymNumber>;
def Exir_SymMulOp : Exir_SymBinaryOp<"sym_mul", "_operator.mul", "product", Exir_SymNumber>;
def Exir_SymFloorDivOp : Exir_SymBinaryOp<"sym_floordiv", "_operator.floordiv", "floor quotient", Exir_SymNumber>;
def Exir_SymModOp : Exir_SymBinaryOp<"sym_mod", "_operator.mod", "modulo", Exir_SymNumber>;
def Exir_SymPowOp : Exir_SymBinaryOp<"sym_pow", "_operator.pow", "power", Exir_SymNumber>;
def Exir_SymTrueDivOp : Exir_SymBinaryOp<"sym_truediv", "_operator.truediv", "true quotient", Exir_SymFloatType>;
def Exir_SymMaxOp : Exir_SymBinaryOp<"sym_max", "torch.sym_max", "maximum", Exir_SymNumber>;
def Exir_SymMinOp : Exir_SymBinaryOp<"sym_min", "torch.sym_min", "minimum", Exir_SymNumber>;
def Exir_SymEqOp : Exir_SymBinaryOp<"sym_eq", "_operator.eq", "== comparison", Exir_SymBoolType>;
def Exir_SymNeOp : Exir_SymBinaryOp<"sym_ne", "_operator.ne", "!= comparison", Exir_SymBoolType>;
def Exir_SymLtOp : Exir_SymBinaryOp<"sym_lt", "_operator.lt", "< comparison", Exir_SymBoolType>;
def Exir_SymLeOp : Exir_SymBinaryOp<"sym_le", "_operator.le", "<= comparison", Exir_SymBoolType>;
def Exir_SymGtOp : Exir_SymBinaryOp<"sym_gt", "_operator.gt", "> comparison", Exir_SymBoolType>;
def Exir_SymGeOp : Exir_SymBinaryOp<"sym_ge", "_operator.ge", ">= comparison", Exir_SymBoolType>;

class Exir_SymUnaryOp<string mnemonic, string fxTarget, string what, Type operandType, Type resultType>
    : Exir_Op<mnemonic> {
  let target = fxTarget;
  let summary = what # " (torch.fx target `" # fxTarget # "`)";
  let description = [{
    Applies the `torch.fx` call target `}] # fxTarget # [{` to one symbolic value.

    ```mlir
    %r = "exir.}] # mnemonic # [{"(%a) : (!exir.symint) -> !exir.symint
    ```
  }];
  let arguments = (ins operandType:$operand);
  let results = (outs resultType:$result);
}

def Exir_SymNegOp : Exir_SymUnaryOp<"sym_neg", "_operator.neg", "negation of a symbolic number", Exir_SymNumber, Exir_SymNumber>;
def Exir_SymNotOp : Exir_SymUnaryOp<"sym_not", "torch.sym_not", "logical not of a symbolic bool", Exir_SymBoolType, Exir_SymBoolType>;
def Exir_SymFloatOp : Exir_SymUnaryOp<"sym_float", "torch.sym_float", "symbolic int to float", Exir_SymNumber, Exir_SymFloatType>;
def Exir_SymIntOp : Exir_SymUnaryOp<"sym_int", "torch.sym_int", "symbolic float to int (toward zero)", Exir_SymNumber, Exir_SymIntType>;
def Exir_SymSqrtOp : Exir_SymUnaryOp<"sym_sqrt", "torch._sym_sqrt", "square root of a symbolic number", Exir_SymNumber, Exir_SymFloatType>;

def Exir_SymAndOp : Exir_SymBinaryOp<"sym_and", "_operator.and_", "logical and", Exir_SymBoolType>;
def Exir_SymOrOp : Exir_SymBinaryOp<"sym_or", "_operator.or_", "logical or", Exir_SymBoolType>;

def Exir_SymIteOp : Exir_Op<"sym_ite"> {
  let target = "torch.sym_ite";
  let summary = "if-then-else on symbolic values (torch.fx target `torch.sym_ite`)";
  let description = [{
    `true_value` if `condition` holds, else `false_value`.

    ```mlir
    %r = "exir.sym_ite"(%c, %a, %b) : (!exir.symbool, !exir.symint, !exir.symint) -> !exir.symint
    ```
  }];
  let arguments = (ins Exir_SymBoolType:$condition, Exir_SymScalar:$true_value, Exir_SymScalar:$false_value);
  let results = (outs Exir_SymScalar:$result);
}

def Exir_SymToTensorOp : Exir_Op<"sym_to_tensor"> {
  let summary = "a 0-d tensor holding a symbolic scalar";
  let description = [{
    torch.export passes a SymInt where an ATen schema wants a `Tensor` (a "wrapped number",
    e.g. `aten.mul.Tensor(x, sym_size)`); the importer makes it a 0-d tensor with this op.
    The result's element type is the wrapped number's dtype (i64 for SymInt, f64 for
    SymFloat, i1 for SymBool) and takes part in type promotion as a scalar would.

    ```mlir
    %t = "exir.sym_to_tensor"(%n) : (!exir.symint) -> tensor<i64>
    ```
  }];
  let arguments = (ins Exir_SymScalar:$value);
  let results = (outs 0DTensorOf<[I64, F64, I1]>:$result);
}

//===----------------------------------------------------------------------===//
// Literals and the generic fallback
//===----------------------------------------------------------------------===//

def Exir_LiteralOp : Exir_Op<"literal"> {
  let summary = "a tensor constant (lifted constant, frozen parameter or buffer)";
  let description = [{
    `value` is a DenseElementsAttr for small constants or a DenseResourceElementsAttr for
    weights (never a per-element list of a large tensor). Its type is the result type.

    ```mlir
    %w = "exir.literal"() {value = dense_resource<fc_weight> : tensor<16x8xf32>} : () -> tensor<16x8xf32>
    %c = "exir.literal"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs AnyRankedTensor:$result);
}

def Exir_AtenOpOp : Exir_Op<"aten_op"> {
  let summary = "an ATen op the dialect has no op for (generic fallback)";
  let description = [{
    Keeps import total: any ATen OpOverload becomes this op. `overload` is the schema name
    (`"aten::foo.bar"`); `operand_args` names, for each operand, the schema argument it
    fills (`"self"`, `"tensors[1]"`); `args` holds the other arguments as attributes (the
    same kinds as the named ops use; None is absent). Later stages reject it with a
    diagnostic naming the overload.

    ```mlir
    %r = "exir.aten_op"(%x) {overload = "aten::linalg_vector_norm", operand_args = ["self"],
                            args = {ord = 2.0 : f64, keepdim = false}}
        : (tensor<4xf32>) -> tensor<f32>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$inputs, StrAttr:$overload, StrArrayAttr:$operand_args,
                       DictionaryAttr:$args);
  let results = (outs Variadic<AnyType>:$outputs);
}

//===----------------------------------------------------------------------===//
// Higher-order ops
//===----------------------------------------------------------------------===//

def Exir_CondOp : Exir_Op<"cond"> {
  let target = "torch.ops.higher_order.cond";
  let summary = "torch.cond: run one of two regions";
  let description = [{
    Runs `true_branch` if `pred` holds, else `false_branch`. `pred` is a 0-d i1 tensor or
    an `!exir.symbool`. Each region has one block whose arguments are `inputs` and
    which ends in `vector.yield` of values with the result types.

    Regions end in the upstream `vector.yield` (a terminator that yields to whatever op
    holds the region): ops loaded through IRDL cannot be terminators, so the dialect has no
    yield of its own.

    ```mlir
    %r = "exir.cond"(%p, %x) ({
    ^bb0(%a: tensor<4xf32>):
      %s = "exir.sin"(%a) : (tensor<4xf32>) -> tensor<4xf32>
      vector.yield %s : tensor<4xf32>
    }, {
    ^bb0(%a: tensor<4xf32>):
      %c = "exir.cos"(%a) : (tensor<4xf32>) -> tensor<4xf32>
      vector.yield %c : tensor<4xf32>
    }) : (tensor<i1>, tensor<4xf32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins AnyType:$pred, Variadic<AnyType>:$inputs);
  let results = (outs Variadic<AnyType>:$outputs);
  let regions = (region SizedRegion<1>:$true_branch, SizedRegion<1>:$false_branch);
}

def Exir_WhileLoopOp : Exir_Op<"while_loop", [AttrSizedOperandSegments]> {
  let target = "torch.ops.higher_order.while_loop";
  let summary = "torch.while_loop: repeat `body` while `cond` holds";
  let description = [{
    Both regions take the carried values followed by `additional_inputs` as block
    arguments, and end in `vector.yield` (see `exir.cond`). `cond` yields a 0-d i1 tensor
    (or `!exir.symbool`); `body` yields the next carried values. The results are the carried values when `cond` fails.

    ```mlir
    %r = "exir.while_loop"(%i0, %w) ({
    ^bb0(%i: tensor<i64>, %w1: tensor<4xf32>):
      %c = "exir.lt_scalar"(%i) {other = 3 : i64} : (tensor<i64>) -> tensor<i1>
      vector.yield %c : tensor<i1>
    }, {
    ^bb0(%i: tensor<i64>, %w1: tensor<4xf32>):
      %n = "exir.add_scalar"(%i) {other = 1 : i64, alpha = 1 : i64} : (tensor<i64>) -> tensor<i64>
      vector.yield %n : tensor<i64>
    }) {operandSegmentSizes = array<i32: 1, 1>} : (tensor<i64>, tensor<4xf32>) -> tensor<i64>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$carried_inputs, Variadic<AnyType>:$additional_inputs);
  let results = (outs Variadic<AnyType>:$outputs);
  let regions = (region SizedRegion<1>:$cond, SizedRegion<1>:$body);
}

#endif // EXIR_OPS_TD
