//===- ExirBase.td - the exir dialect, its types and op base classes ------===//
//
// Shared by ExirOps.td (hand-written ops) and generated/ExirAtenOps.td (one op per core ATen
// overload). The dialect is loaded at run time through IRDL, so every constraint here is one
// that tools/gen_irdl.py can translate (see dialects/README.md); what IRDL cannot check
// (element types, optional attributes, type-agreement traits) is checked by
// exir_mlir.dialects.verify_module.
//
//===----------------------------------------------------------------------===//

#ifndef EXIR_BASE_TD
#define EXIR_BASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

def Exir_Dialect : Dialect {
  let name = "exir";
  let summary = "ATen-level ops of torch.export programs, with symbolic shapes";
  let description = [{
    The import target of exir-mlir: one op per core ATen overload (`torch.Tag.core`), the
    operations on symbolic integers that `torch.export` graphs contain, and tensor literals.
    `torch.cond` / `torch.while_loop` import as the upstream `scf.if` / `scf.while` (ops with
    regions; see "Control flow" below).

    Ops print in generic form (the dialect is loaded through IRDL), with their attributes in
    the attribute dictionary:

    ```mlir
    %0 = "exir.add_tensor"(%a, %b) {alpha = 1 : i64} : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
    ```

    Op names: `aten::add.Tensor` is `exir.add_tensor` (packet + `_` + lowercased overload;
    `default` adds nothing; a leading `_` becomes `priv_`). `exir_mlir.schema` maps both ways.

    Schema arguments (docs/ir-conventions.md): `Tensor` is an operand, `Tensor?` an optional
    operand, `Tensor[]` a variadic operand, `Tensor?[]` a variadic operand of the present
    tensors plus `<name>_present : array<i1: ...>`. A `SymInt` argument is the pair
    `static_<name> : i64` (the value, or INT64_MIN = ShapedType::kDynamic when symbolic) and an
    optional `!exir.symint` operand `<name>` (present when symbolic); `SymInt[]` is
    `static_<name> : array<i64: ...>` plus a variadic `!exir.symint` operand with one value per
    dynamic entry, in order (the static/dynamic idiom of `tensor.extract_slice`).
    `int`/`float`/`bool`/`str` are `i64`/`f64`/`i1`/string attributes, `Scalar` a typed
    attribute (`2 : i64`, `2.0 : f64`, `true`), `ScalarType` a type attribute (`dtype = f32`),
    `Layout`/`Device`/`MemoryFormat` strings (`"strided"`, `"cpu"`, `"contiguous_format"`).
    An argument `T?` that is None is an absent attribute. Ops with more than one optional or
    variadic operand group carry `operandSegmentSizes`.

    One type per variadic group. IRDL (MLIR 22) binds all values of a variadic operand or
    result group to one type, so the members of a `Tensor[]`/`Tensor?[]` argument (`cat`,
    `index.Tensor`, `index_put`) and of a `Tensor[]` result (`split_with_sizes`) share their
    *join* type: the importer casts each member with `tensor.cast` to it (dims that differ
    become `?`; the element types must agree) and casts results back to their own shapes
    (`exir_mlir.dialects.join_tensor_type` computes it):

    ```mlir
    %a2 = tensor.cast %a : tensor<2x4xf32> to tensor<?x4xf32>
    %b2 = tensor.cast %b : tensor<3x4xf32> to tensor<?x4xf32>
    %c = "exir.cat"(%a2, %b2) {dim = 0 : i64} : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<5x4xf32>
    ```

    Control flow and the fallback use upstream ops, whose operand and result lists may mix
    types (an IRDL op could not hold them):
    * `torch.cond(pred, true_fn, false_fn, operands)` is `scf.if` on `pred` as an `i1`
      (`tensor.extract` of the 0-d i1 tensor; a SymBool goes through `exir.sym_to_tensor`);
      the branch bodies use the operands directly and end in `scf.yield`.
    * `torch.while_loop(cond_fn, body_fn, carried, additional)` is `scf.while` over the
      carried values: the `before` region computes `cond_fn` and ends in
      `scf.condition(%i1) %carried...`, the `after` region computes `body_fn` and yields the
      next carried values; the additional inputs are used directly.
    * An ATen op the dialect has no op for is a `func.call` of a private declaration that
      names the overload; the call carries the non-tensor arguments (`exir.args`, the same
      attribute kinds as the exir ops use) and, per operand, the schema argument it fills
      (`exir.operand_args`). Later stages reject it naming the overload.

    ```mlir
    %r = func.call @"aten::linalg_vector_norm"(%x) {exir.args = {ord = 2.0 : f64, keepdim = false},
                                                  exir.operand_args = ["self"]} : (tensor<4xf32>) -> tensor<f32>
    func.func private @"aten::linalg_vector_norm"(tensor<4xf32>) -> tensor<f32>
        attributes {exir.aten_overload = "aten::linalg_vector_norm"}
    ```

    Symbolic shapes. Tensor types use `?` for a symbolic dim; the symbol itself travels in
    discardable attributes that read like torch's own printing:
    * `exir.sym_shapes` on an op: one entry per result, each an array of strings, one per
      dim: `exir.sym_shapes = [["s0", "4"]]`, `[["s0 + 1", "2*s0"]]`, `[["s0//2"]]`. Static
      dims are their decimal string. Omitted when no result has a symbolic dim.
    * `exir.sym_shape` in a function argument's attributes (one array of strings) and
      `exir.sym_expr = "s0"` on `!exir.symint` arguments.
    * on the module, the program's range constraints: `exir.range_constraints = {s0 = {min =
      1 : i64, max = 1024 : i64}}` (`max` absent when unbounded) and
      `exir.dim_equalities = [["s0", "s1"]]` for dims torch proved equal.

    ```mlir
    module attributes {exir.range_constraints = {s0 = {min = 1 : i64, max = 1024 : i64}}} {
      func.func @main(%x: tensor<?x4xf32> {exir.sym_shape = ["s0", "4"]}) -> tensor<?x8xf32> {
        %0 = "exir.cat"(%x, %x) {dim = 1 : i64, exir.sym_shapes = [["s0", "8"]]}
            : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x8xf32>
        return %0 : tensor<?x8xf32>
      }
    }
    ```
  }];
  let cppNamespace = "::exir";
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

class Exir_Type<string name, string typeMnemonic> : TypeDef<Exir_Dialect, name> {
  let mnemonic = typeMnemonic;
}

def Exir_SymIntType : Exir_Type<"SymInt", "symint"> {
  let summary = "a symbolic integer (torch SymInt)";
  let description = [{
    The value of a SymInt in a torch.export graph: a tensor size (`exir.sym_size_int`), the
    result of arithmetic on sizes (`exir.sym_add`), or an unbacked integer
    (`exir.priv_local_scalar_dense`). The symbol or expression it stands for is recorded on
    the producing op as `exir.sym_expr = "s0 + 1"` when torch knows it.

    ```mlir
    %n = "exir.sym_size_int"(%x) {dim = 0 : i64, exir.sym_expr = "s0"} : (tensor<?x4xf32>) -> !exir.symint
    ```
  }];
}

def Exir_SymFloatType : Exir_Type<"SymFloat", "symfloat"> {
  let summary = "a symbolic float (torch SymFloat)";
  let description = [{
    A float computed from symbolic integers (e.g. `s0 / 2` with true division).

    ```mlir
    %f = "exir.sym_truediv"(%n, %c2) : (!exir.symint, !exir.symint) -> !exir.symfloat
    ```
  }];
}

def Exir_SymBoolType : Exir_Type<"SymBool", "symbool"> {
  let summary = "a symbolic boolean (torch SymBool)";
  let description = [{
    The result of a comparison of symbolic values, e.g. the operand of `exir.priv_assert_scalar`.

    ```mlir
    %b = "exir.sym_ge"(%n, %c1) : (!exir.symint, !exir.symint) -> !exir.symbool
    ```
  }];
}

def Exir_SymNumber : AnyTypeOf<[Exir_SymIntType, Exir_SymFloatType], "symbolic int or float">;
def Exir_SymScalar : AnyTypeOf<[Exir_SymIntType, Exir_SymFloatType, Exir_SymBoolType],
                               "symbolic int, float or bool">;

//===----------------------------------------------------------------------===//
// Op base classes
//===----------------------------------------------------------------------===//

// `aten` is the ATen overload the op stands for ("aten::add.Tensor"), `target` the torch.fx
// call target for ops that are not ATen overloads ("_operator.add",
// "torch.ops.higher_order.cond"). tools/gen_irdl.py copies both into dialects/generated/ops.json,
// which `exir-mlir ops` and exir_mlir.schema.aten_overload_of read.
class Exir_Op<string mnemonic, list<Trait> traits = []> : Op<Exir_Dialect, mnemonic, traits> {
  string aten = "";
  string target = "";
}

class Exir_AtenOp<string mnemonic, string overload, list<Trait> traits = []>
    : Exir_Op<mnemonic, traits> {
  let aten = overload;
}

#endif // EXIR_BASE_TD
