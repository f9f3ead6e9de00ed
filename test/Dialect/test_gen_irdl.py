"""tools/gen_irdl.py on small ODS files: what it keeps, and that it fails loudly on the rest."""

import json
import subprocess

import pytest

from exir_mlir import toolchain
from exir_mlir._mlir import ir, irdl
from exir_mlir.tools.gen_irdl import OdsTranslationError, translate_dialect

HEADER = """
include "mlir/IR/OpBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
def T_Dialect : Dialect { let name = "t"; let cppNamespace = "::t"; }
class T_Op<string m, list<Trait> traits = []> : Op<T_Dialect, m, traits>;
"""


def _records(tmp_path, body: str) -> dict:
    td = tmp_path / "T.td"
    td.write_text(HEADER + body)
    out = subprocess.run([str(toolchain.tool("llvm-tblgen")), "--dump-json", "-I", str(toolchain.mlir_include_dir()),
                          str(td)], capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def test_kinds_element_types_ranks_and_optional_attributes(tmp_path):
    records = _records(tmp_path, """
def T_FooOp : T_Op<"foo", [AllElementTypesMatch<["a", "r"]>]> {
  let arguments = (ins TensorOf<[F32, I64]>:$a, Optional<2DTensorOf<[AnyFloat]>>:$b,
                       I64Attr:$n, OptionalAttr<F64Attr>:$eps, BoolAttr:$flag, UnitAttr:$fast);
  let results = (outs AnyRankedTensor:$r);
}
""")
    text, table = translate_dialect(records, "t", "// test\n")
    (op,) = table["ops"]
    a, b = op["operands"]
    assert (a["element_types"], a["ranks"], a["variadicity"]) == (["f32", "i64"], None, "single")
    assert (b["element_types"], b["ranks"], b["variadicity"]) == (["*float"], [2], "optional")
    assert [(x["name"], x["kind"], x["optional"]) for x in op["attributes"]] == [
        ("n", "I64Attr", False), ("eps", "F64Attr", True), ("flag", "BoolAttr", False), ("fast", "UnitAttr", True)]
    assert op["traits"] == [{"name": "AllElementTypesMatch", "values": ["a", "r"]}]
    # IRDL attributes are all required: optional ones (OptionalAttr, UnitAttr) stay out of the IRDL.
    assert '"n" = ' in text and '"flag" = ' in text and '"eps"' not in text and '"fast"' not in text
    with ir.Context() as ctx:
        irdl.load_dialects(ir.Module.parse(text))
        ok = ('func.func @f(%a: tensor<2xf32>) {\n'
              '  %0 = "t.foo"(%a) {n = 1 : i64, flag = true} : (tensor<2xf32>) -> tensor<2xf32>\n  return\n}')
        ir.Module.parse(ok)
        with pytest.raises(ir.MLIRError, match="attribute \"n\" is expected but not provided"):
            ir.Module.parse(ok.replace("n = 1 : i64, ", ""))
        with pytest.raises(ir.MLIRError, match="does not satisfy the constraint"):
            ir.Module.parse(ok.replace("flag = true", "flag = 1 : i64"))
        assert ctx.is_registered_operation("t.foo")


@pytest.mark.parametrize("body,message", [
    ('def T_BarOp : T_Op<"bar"> { let arguments = (ins Type<CPred<"true">, "odd">:$x); }',
     "t.bar (T_BarOp) operand 'x': type constraint anonymous"),
    ('def T_BazOp : T_Op<"baz"> { let arguments = (ins AffineMapAttr:$m); }',
     "t.baz (T_BazOp) attribute 'm': attribute constraint AffineMapAttr"),
    ('def T_QuxOp : T_Op<"qux"> { let arguments = (ins AnyTypeOf<[AnyRankedTensor, I32]>:$x); }',
     "t.qux (T_QuxOp) operand 'x': AnyTypeOf may only list exact types"),
    ('def T_QuuxOp : T_Op<"quux"> { let regions = (region VariadicRegion<AnyRegion>:$r); }',
     "t.quux (T_QuuxOp): variadic regions have no IRDL translation"),
])
def test_untranslatable_constructs_fail_naming_op_and_argument(tmp_path, body, message):
    with pytest.raises(OdsTranslationError) as e:
        translate_dialect(_records(tmp_path, body), "t", "")
    assert message in str(e.value)
