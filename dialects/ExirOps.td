//===- ExirOps.td - hand-written ops of the exir dialect ------------------===//
//
// What torch.export graphs contain beyond ATen overloads: arithmetic and comparisons on
// symbolic integers (the `_operator` / `torch.sym_*` call targets), wrapped numbers and
// tensor literals. The one-op-per-ATen-overload part is generated: generated/ExirAtenOps.td.
//
// Not here, on purpose (see the dialect description in ExirBase.td): torch.cond,
// torch.while_loop and the fallback for ATen ops the dialect lacks. They need operand and
// result lists of different types, which an IRDL-loaded op cannot have in MLIR 22 (one IRDL
// constraint variable per variadic group binds every value of the group to one type), so
// they use the upstream ops made for them: scf.if, scf.while, func.call.
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

class Exir_SymBinaryOp<string mnemonic, string fxTarget, string what, Type resultType,
                       string operandTy = "!exir.symint", string resultTy = "!exir.symint",
                       Type operandType = Exir_SymNumber>
    : Exir_Op<mnemonic> {
  let target = fxTarget;
  let summary = what # " of symbolic numbers (torch.fx target `" # fxTarget # "`)";
  let description = [{
    Python semantics on SymInt/SymFloat values, as the `torch.fx` call target `}] # fxTarget # [{`
    computes them (floor division and modulo round toward negative infinity).

    ```mlir
    %r = "exir.}] # mnemonic # [{"(%a, %b) : (}] # operandTy # ", " # operandTy # [{) -> }] # resultTy # [{
    ```
  }];
  let arguments = (ins operandType:$lhs, operandType:$rhs);
  let results = (outs resultType:$result);
}

def Exir_SymAddOp : Exir_SymBinaryOp<"sym_add", "_operator.add", "sum", Exir_SymNumber>;
def Exir_SymSubOp : Exir_SymBinaryOp<"sym_sub", "_operator.sub", "difference", Exir_SymNumber>;
def Exir_SymMulOp : Exir_SymBinaryOp<"sym_mul", "_operator.mul", "product", Exir_SymNumber>;
def Exir_SymFloorDivOp : Exir_SymBinaryOp<"sym_floordiv", "_operator.floordiv", "floor quotient", Exir_SymNumber>;
def Exir_SymModOp : Exir_SymBinaryOp<"sym_mod", "_operator.mod", "modulo", Exir_SymNumber>;
def Exir_SymPowOp : Exir_SymBinaryOp<"sym_pow", "_operator.pow", "power", Exir_SymNumber>;
def Exir_SymTrueDivOp : Exir_SymBinaryOp<"sym_truediv", "_operator.truediv", "true quotient", Exir_SymFloatType, "!exir.symint", "!exir.symfloat">;
def Exir_SymMaxOp : Exir_SymBinaryOp<"sym_max", "torch.sym_max", "maximum", Exir_SymNumber>;
def Exir_SymMinOp : Exir_SymBinaryOp<"sym_min", "torch.sym_min", "minimum", Exir_SymNumber>;
def Exir_SymEqOp : Exir_SymBinaryOp<"sym_eq", "_operator.eq", "== comparison", Exir_SymBoolType, "!exir.symint", "!exir.symbool">;
def Exir_SymNeOp : Exir_SymBinaryOp<"sym_ne", "_operator.ne", "!= comparison", Exir_SymBoolType, "!exir.symint", "!exir.symbool">;
def Exir_SymLtOp : Exir_SymBinaryOp<"sym_lt", "_operator.lt", "< comparison", Exir_SymBoolType, "!exir.symint", "!exir.symbool">;
def Exir_SymLeOp : Exir_SymBinaryOp<"sym_le", "_operator.le", "<= comparison", Exir_SymBoolType, "!exir.symint", "!exir.symbool">;
def Exir_SymGtOp : Exir_SymBinaryOp<"sym_gt", "_operator.gt", "> comparison", Exir_SymBoolType, "!exir.symint", "!exir.symbool">;
def Exir_SymGeOp : Exir_SymBinaryOp<"sym_ge", "_operator.ge", ">= comparison", Exir_SymBoolType, "!exir.symint", "!exir.symbool">;

class Exir_SymUnaryOp<string mnemonic, string fxTarget, string what, Type operandType, Type resultType,
                      string operandTy = "!exir.symint", string resultTy = "!exir.symint">
    : Exir_Op<mnemonic> {
  let target = fxTarget;
  let summary = what # " (torch.fx target `" # fxTarget # "`)";
  let description = [{
    Applies the `torch.fx` call target `}] # fxTarget # [{` to one symbolic value.

    ```mlir
    %r = "exir.}] # mnemonic # [{"(%a) : (}] # operandTy # [{) -> }] # resultTy # [{
    ```
  }];
  let arguments = (ins operandType:$operand);
  let results = (outs resultType:$result);
}

def Exir_SymNegOp : Exir_SymUnaryOp<"sym_neg", "_operator.neg", "negation of a symbolic number", Exir_SymNumber, Exir_SymNumber>;
def Exir_SymNotOp : Exir_SymUnaryOp<"sym_not", "torch.sym_not", "logical not of a symbolic bool", Exir_SymBoolType, Exir_SymBoolType, "!exir.symbool", "!exir.symbool">;
def Exir_SymFloatOp : Exir_SymUnaryOp<"sym_float", "torch.sym_float", "symbolic int to float", Exir_SymNumber, Exir_SymFloatType, "!exir.symint", "!exir.symfloat">;
def Exir_SymIntOp : Exir_SymUnaryOp<"sym_int", "torch.sym_int", "symbolic float to int (toward zero)", Exir_SymNumber, Exir_SymIntType, "!exir.symfloat", "!exir.symint">;
def Exir_SymSqrtOp : Exir_SymUnaryOp<"sym_sqrt", "torch._sym_sqrt", "square root of a symbolic number", Exir_SymNumber, Exir_SymFloatType, "!exir.symint", "!exir.symfloat">;

def Exir_SymAndOp : Exir_SymBinaryOp<"sym_and", "_operator.and_", "logical and", Exir_SymBoolType, "!exir.symbool", "!exir.symbool", Exir_SymBoolType>;
def Exir_SymOrOp : Exir_SymBinaryOp<"sym_or", "_operator.or_", "logical or", Exir_SymBoolType, "!exir.symbool", "!exir.symbool", Exir_SymBoolType>;

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
// Literals
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

#endif // EXIR_OPS_TD
