"""exir_mlir.schema: op names both ways and the schema -> operand/attribute mapping."""

import subprocess
import sys

import pytest
import torch

from exir_mlir import schema as S
from exir_mlir.dialects import op_table

aten = torch.ops.aten


@pytest.mark.parametrize("overload,name", [
    ("aten::relu", "relu"),
    ("aten.relu.default", "relu"),
    ("aten::add.Tensor", "add_tensor"),
    ("aten.add.Tensor", "add_tensor"),
    ("aten::div.Tensor_mode", "div_tensor_mode"),
    ("aten::sum.dim_IntList", "sum_dim_intlist"),
    ("aten::_softmax", "priv_softmax"),
    ("aten::_native_batch_norm_legit.no_stats", "priv_native_batch_norm_legit_no_stats"),
    ("aten::add_.Tensor", "add_inplace_tensor"),
])
def test_exir_op_name(overload, name):
    assert S.exir_op_name(overload) == name


def test_exir_op_name_rejects_other_namespaces_and_garbage():
    with pytest.raises(ValueError, match="only 'aten' ops"):
        S.exir_op_name("prims::add")
    with pytest.raises(ValueError, match="not an ATen overload name"):
        S.exir_op_name("add")


def test_aten_overload_of_inverts_exir_op_name_for_every_op():
    table = S.exir_ops_with_aten_overload()
    assert len(table) == 196  # 193 core overloads + EXPORT_EXTRA_OVERLOADS
    for name, overload in table.items():
        assert S.exir_op_name(overload) == name
        assert S.aten_overload_of(name) == overload
        assert S.aten_overload_of("exir." + name) == overload
    assert S.aten_overload_of("priv_softmax") == "aten::_softmax"


def test_aten_overload_of_hand_written_op_is_a_key_error():
    with pytest.raises(KeyError, match="exir.sym_add has no ATen overload"):
        S.aten_overload_of("sym_add")


def _kinds(spec):
    return {a.name: (a.kind, a.attr_kind, a.optional) for a in spec.args}


def test_spec_of_tensor_scalar_and_optional_attributes():
    spec = S.op_spec(aten.add.Tensor)
    assert (spec.op_name, spec.aten_overload, spec.full_name) == ("add_tensor", "aten::add.Tensor", "exir.add_tensor")
    assert _kinds(spec) == {
        "self": (S.ArgKind.TENSOR, None, False),
        "other": (S.ArgKind.TENSOR, None, False),
        "alpha": (S.ArgKind.ATTRIBUTE, S.AttrKind.TYPED, False),
    }
    assert spec.arg("alpha").default == 1 and spec.arg("alpha").kwarg_only
    assert not spec.attr_sizes_operand_segments
    copy = _kinds(S.op_spec(aten._to_copy.default))
    assert copy["dtype"] == (S.ArgKind.ATTRIBUTE, S.AttrKind.TYPE, True)
    assert copy["device"] == (S.ArgKind.ATTRIBUTE, S.AttrKind.STR, True)
    assert copy["memory_format"] == (S.ArgKind.ATTRIBUTE, S.AttrKind.STR, True)
    assert S.op_spec(aten._to_copy.default).arg("layout").enum_type == "Layout"


def test_spec_of_symints():
    spec = S.op_spec(aten.slice.Tensor)
    start, step = spec.arg("start"), spec.arg("step")
    assert (start.kind, start.attr, start.operand, start.optional) == (S.ArgKind.SYMINT, "static_start", "start", True)
    assert (step.kind, step.optional, step.default) == (S.ArgKind.SYMINT, False, 1)
    assert spec.operand_names == ("self", "start", "end", "step")
    assert spec.attr_sizes_operand_segments
    size = S.op_spec(aten.view.default).arg("size")
    assert (size.kind, size.attr, size.attr_kind) == (S.ArgKind.SYMINT_LIST, "static_size", S.AttrKind.I64_ARRAY)
    assert S.op_spec(aten._adaptive_avg_pool2d.default).arg("output_size").length == 2


def test_spec_of_lists_results_and_symbolic_scalars():
    indices = S.op_spec(aten.index.Tensor).arg("indices")
    assert (indices.kind, indices.present_attr) == (S.ArgKind.OPTIONAL_TENSOR_LIST, "indices_present")
    assert S.op_spec(aten.cat.default).arg("tensors").kind is S.ArgKind.TENSOR_LIST
    assert [r.name for r in S.op_spec(aten.max.dim).results] == ["values", "indices"]
    assert [r.kind for r in S.op_spec(aten.split_with_sizes.default).results] == [S.ResultKind.TENSOR_LIST]
    assert S.op_spec(aten.sym_size.int).results[0].kind is S.ResultKind.SYMINT
    assert S.op_spec(aten.sym_constrain_range.default).arg("size").kind is S.ArgKind.SYM_SCALAR
    norm = S.op_spec(aten.native_group_norm.default)
    assert norm.arg("HxW").operand == "hxw" and norm.arg("HxW").attr == "static_hxw"
    assert S.op_spec(aten._native_batch_norm_legit.default).arg("running_mean").mutable


def test_unknown_schema_type_names_the_argument_and_type():
    with pytest.raises(S.UnsupportedSchemaError, match=r"aten::bernoulli: argument 'generator' has schema type 'Generator\?'"):
        S.op_spec(aten.bernoulli.default)


def test_spec_matches_the_generated_op_table():
    # The importer builds ops from op_spec; the dialect was generated from it: they must agree.
    ops = {op["name"]: op for op in op_table()["dialects"]["exir"]["ops"]}
    from exir_mlir.tools.gen_exir_ods import core_overloads

    for overload in core_overloads():
        spec = S.op_spec(overload)
        entry = ops[spec.op_name]
        assert [o["name"] for o in entry["operands"]] == list(spec.operand_names), spec.op_name
        attrs = {a["name"]: a["optional"] for a in entry["attributes"]}
        for arg in spec.args:
            for name in (arg.attr, arg.present_attr):
                if name:
                    assert attrs[name] == (arg.optional and name == arg.attr), (spec.op_name, name)
        assert entry["aten"] == spec.aten_overload


def test_schema_module_does_not_import_torch():
    code = ("import sys, exir_mlir.schema as s; s.aten_overload_of('add_tensor'); "
            "assert 'torch' not in sys.modules, 'exir_mlir.schema imported torch'")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
