"""The .pt2 checks that run before torch.export.load: shipped models pass, code-running strings do not."""

from __future__ import annotations

import io
import pickle

import pytest
import torch

from exir_mlir.errors import ExirUserError
from exir_mlir.importer import load_program
from exir_mlir.importer.pt2_archive import _expr_problem, _target_problem, pickle_globals
from exir_mlir.models import MODELS, export_model


@pytest.mark.parametrize("name", sorted(MODELS))
def test_shipped_model_loads_without_trust(name, tmp_path):
    """Every shipped model, saved with torch.export.save, loads with the default checks."""
    path = tmp_path / f"{name}.pt2"
    ep = export_model(name)
    torch.export.save(ep, path)
    loaded = load_program(path)
    assert [s.arg.name for s in loaded.graph_signature.input_specs] == [
        s.arg.name for s in ep.graph_signature.input_specs]


@pytest.mark.parametrize("expr", [
    "s0", "s0 + 1", "2*s0 - 3", "FloorDiv(s0, 2)", "Max(1, s0)", "Eq(Mod(s0, 4), 0)", "s0 >= 2", "-oo",
    "Add(Mul(Integer(32), Symbol('u0', integer=True)), Integer(-32))",
    "LessThan(Symbol('u0', integer=True), Integer(1))",
    "1.5e-3*s1", "PythonMod(u0, 3)", "True", "s0**2",
])
def test_sympy_expressions_torch_writes_pass(expr):
    assert _expr_problem(expr) is None


@pytest.mark.parametrize("expr", [
    "__import__('os').system('id')", "eval('1')", "Symbol('x').__class__", "s0.func", "().__class__",
    "s0[0]", "lambda: 0", "open('f', 'w')", "Integer(1).__reduce__()", "getattr(s0, 'func')", "exec('x')",
    "Symbol(\"x\")", "s0; 1", "s0\\n1",
])
def test_code_in_expressions_is_refused(expr):
    assert _expr_problem(expr) is not None


@pytest.mark.parametrize("target", [
    "torch.ops.aten.add.Tensor", "torch.ops.aten._softmax.default", "torch.ops.higher_order.cond",
    "torch.ops.higher_order.while_loop", "_operator.getitem", "_operator.mul", "torch.sym_max", "math.trunc",
])
def test_operator_targets_pass(target):
    assert _target_problem(target) is None


@pytest.mark.parametrize("target", [
    "torch.os.system", "torch.load", "torch.ops.load_library", "torch.ops.import_module",
    "torch.ops.load_library.x.y", "torch.ops.aten.add.__call__", "torch.ops.aten.add.op", "torch.ops.aten.add.py_impl",
    "_operator.attrgetter", "_operator.methodcaller", "_operator.call", "builtins.exec", "#custom.op", "torch.hub.load",
    "torch.ops.loaded_libraries.add.x",
])
def test_other_targets_are_refused(target):
    assert _target_problem(target) is not None


class _Exec:
    def __reduce__(self):
        return (exec, ("0",))


def test_pickle_globals_read_without_unpickling():
    buffer = io.BytesIO()
    torch.save((torch.ones(2),), buffer)
    import zipfile

    with zipfile.ZipFile(buffer) as z:
        data = z.read(next(n for n in z.namelist() if n.endswith("data.pkl")))
    assert "torch._utils._rebuild_tensor_v2" in set(pickle_globals(data))
    for protocol in (2, 4, 5):
        names = set(pickle_globals(pickle.dumps(_Exec(), protocol=protocol)))
        assert names & {"builtins.exec", "__builtin__.exec"}, (protocol, names)


def test_pickle_globals_refuses_what_it_cannot_read():
    # A STACK_GLOBAL whose module and name come from the memo, not from the strings just pushed.
    data = b"\x80\x04\x8c\x08builtins\x94\x8c\x04exec\x94h\x00h\x01\x93."
    with pytest.raises(ValueError):
        list(pickle_globals(data))


def test_api_refuses_and_trust_pickle_allows(tmp_path):
    """load_program(trust_pickle=...) on a .pt2 whose weight torch pickled (a Parameter)."""
    import json
    import zipfile

    src, dst = tmp_path / "mlp.pt2", tmp_path / "pickled.pt2"
    ep = export_model("mlp")
    torch.export.save(ep, src)
    saved = io.BytesIO()
    torch.save(ep.state_dict["fc1.weight"], saved)
    with zipfile.ZipFile(src) as a, zipfile.ZipFile(dst, "w") as b:
        config = json.loads(a.read("mlp/data/weights/model_weights_config.json"))
        meta = config["config"]["fc1.weight"]
        meta["use_pickle"] = True
        for name in a.namelist():
            data = a.read(name)
            if name.endswith("model_weights_config.json"):
                data = json.dumps(config).encode()
            elif name == f"mlp/data/weights/{meta['path_name']}":
                data = saved.getvalue()
            b.writestr(name, data)
    refused = r"data/weights/weight_\d+: weight 'fc1.weight' is stored as a pickle.*trust_pickle=True"
    with pytest.raises(ExirUserError, match=refused):
        load_program(dst)
    loaded = load_program(dst, trust_pickle=True)
    torch.testing.assert_close(loaded.state_dict["fc1.weight"], ep.state_dict["fc1.weight"])


@pytest.mark.parametrize("keep", [0.3, 0.9, 0.99])
def test_truncated_archive_is_called_truncated(keep, tmp_path):
    """A .pt2 cut short inside its nested sample-inputs zip opens as that nested archive in
    zipfile: it must be reported as truncated, not as a torch.save checkpoint."""
    src, dst = tmp_path / "mlp.pt2", tmp_path / "cut.pt2"
    torch.export.save(export_model("mlp"), src)
    data = src.read_bytes()
    dst.write_bytes(data[: int(len(data) * keep)])
    with pytest.raises(ExirUserError, match=r"truncated or corrupted \.pt2 archive") as info:
        load_program(dst)
    assert "torch.save checkpoint" not in str(info.value)
