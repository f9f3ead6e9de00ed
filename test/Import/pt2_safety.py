# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %s %t | FileCheck %s
"""Loading a .pt2 runs no code from the file: each member kind that torch.export.load would unpickle,
eval or load as a library, and each malformed zip layout, is refused with one line and exit code 2
before torch sees the file, and the payload's side effect does not happen; --trust-pickle loads a
file whose pickles the user trusts."""

import contextlib
import io
import json
import pickle
import struct
import subprocess
import sys
import zipfile
from pathlib import Path

import torch
from _importing import run_test

from exir_mlir.cli.main import main
from exir_mlir.models import export_model

out = Path(sys.argv[1])


class Payload:
    """Unpickling, it creates `marker`: the side effect that must not happen."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return (exec, (f"open({str(self.marker)!r}, 'w').write('ran')",))


def marker(name: str) -> Path:
    return out / f"RAN-{name}"


def rewrite(src: Path, dst: Path, edits=None, extra=()):
    """A copy of the .pt2 `src` with members (named below the root folder) replaced by
    edits[name](old bytes), and `extra` members (full names, bytes) appended."""
    edits = edits or {}
    with zipfile.ZipFile(src) as a, zipfile.ZipFile(dst, "w") as b:
        for name in a.namelist():
            rel = name.split("/", 1)[1]
            data = a.read(name)
            b.writestr(name, edits[rel](data) if rel in edits else data)
        for name, data in extra:
            b.writestr(name, data)


def edit_json(fn):
    def edit(data):
        value = json.loads(data)
        fn(value)
        return json.dumps(value).encode()
    return edit


def use_pickle(fqn="fc1.weight"):
    def fn(config):
        meta = config["config"][fqn]
        meta["use_pickle"] = True
    return fn


def first(tree, key):
    """The first dict in a JSON tree that has `key`."""
    stack = [tree]
    while stack:
        item = stack.pop(0)
        if isinstance(item, dict):
            if key in item:
                return item
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def set_expr(program):
    first(program, "expr_str")["expr_str"] = f"__import__('builtins').exec(\"open({str(marker('expr'))!r}, 'w')\")"


def set_target(program):
    first(program, "target")["target"] = "torch.os.system"


def add_constant(path_name):
    def fn(config):
        config["config"]["evil"] = {"path_name": path_name, "is_param": False, "use_pickle": True,
                                    "tensor_meta": None}
    return fn


def patch_sizes(data: bytes, name: str, size: int) -> bytes:
    """The zip `data` with the central directory entry of `name` claiming `size` bytes."""
    data = bytearray(data)
    at = data.find(b"PK\x01\x02")
    while at >= 0:
        name_len = struct.unpack_from("<H", data, at + 28)[0]
        if data[at + 46: at + 46 + name_len] == name.encode():
            struct.pack_into("<II", data, at + 20, size, size)
        at = data.find(b"PK\x01\x02", at + 4)
    return bytes(data)


def write_files():
    mlp, dyn = out / "mlp.pt2", out / "dyn.pt2"
    torch.export.save(export_model("mlp"), mlp)
    torch.export.save(export_model("dynamic_mlp"), dyn)
    evil = lambda kind: lambda data: pickle.dumps(Payload(marker(kind)))  # noqa: E731
    saved_evil = io.BytesIO()
    torch.save(Payload(marker("sample_inputs")), saved_evil)
    # Member kinds torch.export.load deserializes with pickle, sympy's eval or dlopen.
    with zipfile.ZipFile(mlp) as z:
        weight = json.loads(z.read("mlp/data/weights/model_weights_config.json"))["config"]["fc1.weight"]["path_name"]
    rewrite(mlp, out / "weight.pt2", {"data/weights/model_weights_config.json": edit_json(use_pickle()),
                                      f"data/weights/{weight}": evil("weight")})
    rewrite(mlp, out / "constant.pt2", {"data/constants/model_constants_config.json": edit_json(add_constant("tensor_0"))},
            [("mlp/data/constants/tensor_0", pickle.dumps(Payload(marker("constant"))))])
    rewrite(mlp, out / "custom_obj.pt2", {"data/constants/model_constants_config.json": edit_json(add_constant("custom_obj_0"))},
            [("mlp/data/constants/custom_obj_0", pickle.dumps(Payload(marker("custom_obj"))))])
    rewrite(mlp, out / "opaque_obj.pt2", {"data/constants/model_constants_config.json": edit_json(add_constant("opaque_obj_0"))},
            [("mlp/data/constants/opaque_obj_0", pickle.dumps(Payload(marker("opaque_obj"))))])
    rewrite(mlp, out / "legacy_weights.pt2", extra=[("mlp/data/weights/model.pt", pickle.dumps(Payload(marker("legacy_weights"))))])
    rewrite(mlp, out / "legacy_constants.pt2", extra=[("mlp/data/constants/model.pt", pickle.dumps(Payload(marker("legacy_constants"))))])
    rewrite(mlp, out / "sample_inputs.pt2", {"data/sample_inputs/model.pt": lambda data: saved_evil.getvalue()})
    rewrite(dyn, out / "expr.pt2", {"models/model.json": edit_json(set_expr)})
    rewrite(mlp, out / "target.pt2", {"models/model.json": edit_json(set_target)})
    rewrite(mlp, out / "aoti.pt2", extra=[("mlp/data/aotinductor/model/model.so", b"\x7fELF")])
    # Zip layouts.
    rewrite(mlp, out / "dotdot.pt2", extra=[("mlp/../../escape", b"x")])
    rewrite(mlp, out / "duplicate.pt2", extra=[("mlp/Data/Weights/model_weights_config.json", b"{}")])
    (out / "too_big.pt2").write_bytes(patch_sizes(mlp.read_bytes(), "mlp/archive_format", 1 << 30))
    rewrite(mlp, out / "bomb.pt2")
    with zipfile.ZipFile(out / "bomb.pt2", "a", compression=zipfile.ZIP_DEFLATED) as z:
        with z.open("mlp/extra/bomb", "w", force_zip64=True) as f:
            for _ in range(64):
                f.write(bytes(4 << 20))  # 256 MiB of zeros, a few hundred KiB compressed
    # A weight pickled by torch.save itself (a Parameter, as torch.export.save pickles one): what a
    # trusted file may hold.
    param = torch.nn.Parameter(export_model("mlp").state_dict["fc1.weight"])
    rewrite(mlp, out / "trusted.pt2", {"data/weights/model_weights_config.json": edit_json(use_pickle()),
                                       f"data/weights/{weight}": lambda data: _saved(param)})


def _saved(value) -> bytes:
    buffer = io.BytesIO()
    torch.save(value, buffer)
    return buffer.getvalue()


write_files()

KINDS = ["weight", "constant", "custom_obj", "opaque_obj", "legacy_weights", "legacy_constants", "sample_inputs",
         "expr", "target", "aoti", "dotdot", "duplicate", "too_big", "bomb"]


def one_line(argv):
    """The exit code and stderr (lines joined by ' | ') of the command; stdout is dropped."""
    stderr = io.StringIO()
    with contextlib.redirect_stderr(stderr), contextlib.redirect_stdout(io.StringIO()):
        code = main(argv)
    return code, " | ".join(stderr.getvalue().splitlines())


# Refused with one line naming the member and why ({{$}}: no second line); the
# kinds that run code say how to allow them.
# CHECK-LABEL: TEST: refused
# CHECK-NEXT: weight: exit 2: {{.*}}weight.pt2: data/weights/weight_{{[0-9]+}}: weight 'fc1.weight' is stored as a pickle (use_pickle in data/weights/model_weights_config.json), which torch.export.load unpickles with weights_only=False, which can run code from the file; refused (if you trust this file, pass --trust-pickle (trust_pickle=True in Python)){{$}}
# CHECK-NEXT: constant: exit 2: {{.*}}constant.pt2: data/constants/tensor_0: constant 'evil' is stored as a pickle {{.*}}--trust-pickle (trust_pickle=True in Python)){{$}}
# CHECK-NEXT: custom_obj: exit 2: {{.*}}custom_obj.pt2: data/constants/custom_obj_0: a pickled custom object, which torch.export.load unpickles{{.*}}--trust-pickle (trust_pickle=True in Python)){{$}}
# CHECK-NEXT: opaque_obj: exit 2: {{.*}}opaque_obj.pt2: data/constants/opaque_obj_0: a pickled custom object{{.*}}--trust-pickle (trust_pickle=True in Python)){{$}}
# CHECK-NEXT: legacy_weights: exit 2: {{.*}}legacy_weights.pt2: data/weights/model.pt: legacy pickled weights{{.*}}--trust-pickle (trust_pickle=True in Python)){{$}}
# CHECK-NEXT: legacy_constants: exit 2: {{.*}}legacy_constants.pt2: data/constants/model.pt: legacy pickled constants{{.*}}--trust-pickle (trust_pickle=True in Python)){{$}}
# CHECK-NEXT: sample_inputs: exit 2: {{.*}}sample_inputs.pt2: data/sample_inputs/model.pt: sample inputs whose pickle names {{(__builtin__|builtins)}}.exec, which torch.export.load unpickles with weights_only=False{{.*}}--trust-pickle (trust_pickle=True in Python)){{$}}
# CHECK-NEXT: expr: exit 2: {{.*}}expr.pt2: models/model.json: symbolic expression {{.*}} has a name '__import__', and torch.export.load evaluates it with sympy.sympify (Python eval){{.*}}--trust-pickle (trust_pickle=True in Python)){{$}}
# CHECK-NEXT: target: exit 2: {{.*}}target.pt2: models/model.json: node {{.*}} calls 'torch.os.system', not a torch operator{{.*}}--trust-pickle (trust_pickle=True in Python)){{$}}
# CHECK-NEXT: aoti: exit 2: {{.*}}aoti.pt2: data/aotinductor/model/model.so: an AOTInductor package, whose compiled library torch.export.load loads{{.*}}--trust-pickle (trust_pickle=True in Python)){{$}}
# CHECK-NEXT: dotdot: exit 2: {{.*}}dotdot.pt2: malformed .pt2 archive (member 'mlp/../../escape' has an unsafe path){{$}}
# CHECK-NEXT: duplicate: exit 2: {{.*}}duplicate.pt2: malformed .pt2 archive (members 'mlp/data/weights/model_weights_config.json' and 'mlp/Data/Weights/model_weights_config.json' have the same name (ignoring case)
# CHECK-NEXT: too_big: exit 2: {{.*}}too_big.pt2: malformed .pt2 archive (member 'mlp/archive_format' claims 1073741824 bytes, more than the archive holds){{$}}
# CHECK-NEXT: bomb: exit 2: {{.*}}bomb.pt2: malformed .pt2 archive (member 'mlp/extra/bomb' is compressed; {{.*}} (a zip bomb)){{$}}
@run_test
def refused():
    for kind in KINDS:
        code, line = one_line(["import", str(out / f"{kind}.pt2")])
        print(f"{kind}: exit {code}: {line}")


# compile and run check the same way.
# CHECK-LABEL: TEST: compile_and_run
# CHECK-NEXT: compile: exit 2: exir-mlir compile: error: {{.*}}weight.pt2: data/weights/weight_{{[0-9]+}}: {{.*}}--trust-pickle (trust_pickle=True in Python)){{$}}
# CHECK-NEXT: run: exit 2: exir-mlir run: error: {{.*}}opaque_obj.pt2: data/constants/opaque_obj_0: {{.*}}--trust-pickle (trust_pickle=True in Python)){{$}}
@run_test
def compile_and_run():
    print("compile: exit %d: %s" % one_line(["compile", str(out / "weight.pt2")]))
    print("run: exit %d: %s" % one_line(["run", str(out / "opaque_obj.pt2"), "--inputs", str(out / "none.npz")]))


# As a process: exit code 2, one line, no traceback.
# CHECK-LABEL: TEST: process
# CHECK-NEXT: exit 2, 1 line, traceback: False
@run_test
def process():
    r = subprocess.run(["exir-mlir", "import", str(out / "sample_inputs.pt2")], capture_output=True, text=True)
    print(f"exit {r.returncode}, {len(r.stderr.splitlines())} line, traceback: {'Traceback' in r.stderr}")


# No payload ran, whatever the command.
# CHECK-LABEL: TEST: no_side_effect
# CHECK-NEXT: payloads that ran: []
@run_test
def no_side_effect():
    print(f"payloads that ran: {sorted(p.name for p in out.glob('RAN-*'))}")


# A pickled weight that torch.save wrote loads with --trust-pickle, and only with it; run takes the
# flag too (it gets as far as asking for inputs).
# CHECK-LABEL: TEST: trusted
# CHECK-NEXT: default: exit 2: {{.*}}trusted.pt2: data/weights/weight_{{[0-9]+}}: weight 'fc1.weight' is stored as a pickle
# CHECK-NEXT: --trust-pickle: exit 0, imports fc1.weight: True
# CHECK-NEXT: run --trust-pickle: exit 2: exir-mlir run: error: give the inputs with --inputs FILE.npz
@run_test
def trusted():
    print("default: exit %d: %s" % one_line(["import", str(out / "trusted.pt2")]))
    stdout = io.StringIO()
    with contextlib.redirect_stdout(stdout):
        code = main(["import", str(out / "trusted.pt2"), "--trust-pickle"])
    imported = 'exir.name = "fc1.weight"' in stdout.getvalue()
    print(f"--trust-pickle: exit {code}, imports fc1.weight: {imported}")
    print("run --trust-pickle: exit %d: %s" % one_line(["run", str(out / "trusted.pt2"), "--trust-pickle"]))
