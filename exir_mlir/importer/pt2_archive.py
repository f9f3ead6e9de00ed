""".pt2 zip archive -> a refusal of every member that would make torch.export.load run code from the file.

Nothing here deserializes the program: the zip's central directory, the JSON configs and the
pickle opcodes of the sample inputs are read as data, with limits on how much, before
torch.export.load sees the file. What torch 2.13's loader does with each member
(torch/export/__init__.py `load`, torch/export/pt2_archive/_package.py `load_pt2`,
torch/_export/serde/serialize.py), and what is checked here; `<m>` is a model name taken from
`models/<m>.json` (every one of them is loaded, not only `model`):

 1. `data/weights/<m>_weights_config.json`, an entry with `use_pickle`: `_load_state_dict` calls
    `torch.load(BytesIO(data/weights/<path_name>), weights_only=False)`. Refused.
 2. `data/constants/<m>_constants_config.json`, a `tensor_*` entry with `use_pickle`:
    `_load_constants` calls `torch.load(..., weights_only=False)`. Refused.
 3. the same config, a `custom_obj_*` entry (a torchbind ScriptObject): `_load_constants` calls
    `torch._C._pickle_load_obj` (the TorchScript unpickler, which runs the class's
    `__setstate__`). Refused, as is any member so named.
 4. the same config, an `opaque_obj_*` entry: `_load_constants` calls `pickle.loads`. Refused,
    as is any member so named.
 5. the legacy `data/weights/<m>.pt` and 6. `data/constants/<m>.pt`: returned as bytes and given
    to `GraphModuleDeserializer.deserialize` -> `deserialize_torch_artifact`, which tries
    `torch.load(weights_only=True)` and on any failure `torch.load(weights_only=False)`. Refused.
 7. `data/sample_inputs/<m>.pt` (every archive has one): `deserialize_torch_artifact` too, so a
    pickle that the weights-only unpickler rejects gets the full one. Checked: a torch.save zip
    (the layout checks below), whose `data.pkl` names only tensor-rebuilding globals (a static
    scan of its opcodes, nothing is unpickled) and which `torch.load(weights_only=True)` then
    accepts, so torch's own call never falls back.
 8. `models/<m>.json`, every `expr_str` (symbolic shapes): `_parse_sym_expr` calls
    `sympy.sympify`, which `eval`s the string with Python's builtins in scope. Checked: numbers,
    operators, symbol names (`s0`, `u1`) and the sympy/torch functions that `_print_sympy` writes.
 9. `models/<m>.json`, every node `target`: `deserialize_operator` resolves it by getattr from
    `torch`, `_operator` or `math`, and `deserialize_node` accepts any callable (`torch.os.system`
    resolves); tracing or running the graph later calls it. Checked: `torch.ops.<ns>.<op>[.<overload>]`
    and the SymInt operators torch.export writes (`_operator.add`, `torch.sym_max`, `math.trunc`, ...).
10. `data/aotinductor/<m>/...`: `load_pt2` -> `_load_aoti` -> `torch._C._aoti.AOTIModelPackageLoader`
    loads the compiled shared library in it. Refused.
11. when `load_pt2` raises RuntimeError, `torch.export.load` falls back to the pre-2.8 layout and
    feeds top-level `serialized_state_dict.pt`, `serialized_constants.pt` and
    `serialized_example_inputs.pt` to `deserialize_torch_artifact` (with the fallback of 5). That
    path first needs a top-level `version` member, which the one-root-folder rule below excludes.
12. zip parser differences: torch reads the archive with miniz (`torch._C.PyTorchFileReader`),
    which looks names up ignoring case and returns the first of two equal names; Python's zipfile
    returns the last. So a config checked here could differ from the one torch reads.

`extra/*` is read as text; `data/mtia`, `data/executorch/` and `xl_model_weights/` are not read by
`load` (it passes `load_weights_from_disk=False`). Raw-bytes weights and constants
(`get_storage_from_record`) are data and load as before.

Refusals 1-10 are lifted by `trust_pickle` (the user trusts the file); the zip layout checks
(paths, sizes, compression, duplicates, one root folder) hold for every file.
"""

from __future__ import annotations

import io
import json
import pickletools
import re
import zipfile
from pathlib import Path
from typing import Any, Iterator

from exir_mlir.errors import ExirUserError

MAX_MEMBERS = 500_000
MAX_JSON_BYTES = 1 << 30  # models/<m>.json and the payload configs
MAX_SAMPLE_INPUTS_BYTES = 1 << 30
_LOCAL_HEADER_BYTES = 30  # the fixed part of a zip local file header

TRUST_HINT = "if you trust this file, pass --trust-pickle (trust_pickle=True in Python)"


def _malformed(path: Path, why: str) -> ExirUserError:
    return ExirUserError(f"{path}: malformed .pt2 archive ({why})")


def _refusal(path: Path, member: str, why: str) -> ExirUserError:
    return ExirUserError(f"{path}: {member}: {why}, which can run code from the file; refused ({TRUST_HINT})")


# --- zip layout ---------------------------------------------------------------------------------

def check_zip_layout(archive: zipfile.ZipFile, path: Path, what: str = "") -> str:
    """Checks the members of `archive` from its central directory alone, before any is read, and
    returns its root folder. `what` names a nested archive in messages."""
    where = f"{what}: " if what else ""
    infos = archive.infolist()
    if not infos:
        raise _malformed(path, f"{where}an empty zip archive")
    if len(infos) > MAX_MEMBERS:
        raise _malformed(path, f"{where}{len(infos)} members, more than the {MAX_MEMBERS} read")
    # miniz takes the root folder from the first entry and reads every name below it.
    root = infos[0].filename.split("/", 1)[0]
    seen: dict[str, str] = {}
    spans = []
    for info in infos:
        name = info.filename
        parts = name.split("/")
        if (name.startswith("/") or "\\" in name or "\0" in name or ":" in parts[0]
                or any(part in ("..", ".") for part in parts) or "" in parts[:-1]):
            raise _malformed(path, f"{where}member {name!r} has an unsafe path")
        if len(parts) < 2 or parts[0] != root:
            raise _malformed(path, f"{where}member {name!r} is outside the archive's root folder {root}/")
        if name.lower() in seen:
            raise _malformed(path, f"{where}members {seen[name.lower()]!r} and {name!r} have the same name "
                                   "(ignoring case); torch and Python's zipfile would read different ones")
        seen[name.lower()] = name
        if info.flag_bits & 0x1:
            raise _malformed(path, f"{where}member {name!r} is encrypted")
        if info.compress_type != zipfile.ZIP_STORED:
            raise _malformed(path, f"{where}member {name!r} is compressed; torch.export.save stores members "
                                   "uncompressed, and a compressed member can expand without bound (a zip bomb)")
        if info.file_size != info.compress_size:
            raise _malformed(path, f"{where}member {name!r} is stored with {info.compress_size} bytes but "
                                   f"claims {info.file_size}")
        name_bytes = len(name.encode("utf-8" if info.flag_bits & 0x800 else "cp437", errors="replace"))
        start = info.header_offset
        end = start + _LOCAL_HEADER_BYTES + name_bytes + info.compress_size
        if start < 0 or end > archive.start_dir:
            raise _malformed(path, f"{where}member {name!r} claims {info.file_size} bytes, more than the "
                                   "archive holds")
        spans.append((start, end, name))
    spans.sort()
    if spans[0][0] != 0:
        # zipfile finds the last end-of-directory record in the file and shifts every offset by
        # the bytes in front of the directory's claimed start: a file cut short inside a nested
        # member (the sample inputs, a torch.save zip) opens as that nested archive.
        raise ExirUserError(
            f"{path}: {where}truncated or corrupted .pt2 archive (the only zip directory found is "
            f"that of a nested member at byte {spans[0][0]}: the file ends early); "
            "copy or save it again")
    for (_, end, name), (start, _, other) in zip(spans, spans[1:]):
        if end > start:
            raise _malformed(path, f"{where}members {name!r} and {other!r} overlap")
    return root


class ArchiveView:
    """The members of a checked .pt2 zip by their names below the root folder, read with limits."""

    def __init__(self, archive: zipfile.ZipFile, root: str, path: Path):
        self.archive, self.path, self.prefix = archive, path, root + "/"
        self.names = [info.filename[len(self.prefix):] for info in archive.infolist()]
        # torch looks names up ignoring case (check_zip_layout made them unique that way).
        self._infos = {info.filename[len(self.prefix):].lower(): info for info in archive.infolist()}

    def has(self, name: str) -> bool:
        return name.lower() in self._infos

    def read(self, name: str, limit: int) -> bytes:
        info = self._infos[name.lower()]
        if info.file_size > limit:
            raise ExirUserError(f"{self.path}: {name} is {info.file_size} bytes, more than the {limit} "
                                "read to check the archive")
        with self.archive.open(info) as f:  # checks the CRC at the end
            return f.read(limit + 1)

    def read_json(self, name: str) -> Any:
        try:
            return json.loads(self.read(name, MAX_JSON_BYTES))
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as e:
            raise _malformed(self.path, f"{name}: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")


# --- what torch.export.load would deserialize ------------------------------------------------------

def check_members(view: ArchiveView, *, trust_pickle: bool = False) -> None:
    """Raises ExirUserError naming the first member that torch.export.load would unpickle, eval or
    load as native code (see the module docstring), unless `trust_pickle`."""
    if trust_pickle:
        return
    path = view.path
    for name in view.names:
        lower = name.lower()
        if lower.startswith("data/aotinductor/"):
            raise _refusal(path, name, "an AOTInductor package, whose compiled library torch.export.load loads")
        base = lower.rsplit("/", 1)[-1]
        if lower.startswith("data/constants/") and base.startswith(("custom_obj_", "opaque_obj_")):
            raise _refusal(path, name, "a pickled custom object, which torch.export.load unpickles")
    for name in view.names:
        if not name.startswith("models/"):
            continue
        model = name[len("models/"):-len(".json")]  # as torch derives it
        _check_program_json(view, name)
        _check_payload_config(view, model, "weights")
        _check_payload_config(view, model, "constants")
        _check_sample_inputs(view, f"data/sample_inputs/{model}.pt")


def _check_payload_config(view: ArchiveView, model: str, kind: str) -> None:
    folder = f"data/{kind}/"
    legacy = f"{folder}{model}.pt"
    if view.has(legacy):
        raise _refusal(view.path, legacy, f"legacy pickled {kind}, which torch.export.load may unpickle "
                                          "with weights_only=False")
    config_name = f"{folder}{model}_{kind}_config.json"
    if not view.has(config_name):
        return  # torch.export.load fails on it before reading anything else
    config = view.read_json(config_name)
    entries = config.get("config") if isinstance(config, dict) else None
    if not isinstance(entries, dict):
        raise _malformed(view.path, f"{config_name} has no 'config' mapping")
    for fqn, meta in entries.items():
        if not isinstance(meta, dict) or not isinstance(meta.get("path_name"), str):
            raise _malformed(view.path, f"{config_name}: entry {fqn!r} has no path_name")
        member = folder + meta["path_name"]
        if kind == "constants" and meta["path_name"].startswith("custom_obj_"):
            raise _refusal(view.path, member, f"constant {fqn!r} is a TorchScript custom object, which "
                                              "torch.export.load unpickles")
        if kind == "constants" and meta["path_name"].startswith("opaque_obj_"):
            raise _refusal(view.path, member, f"constant {fqn!r} is an opaque object, which torch.export.load "
                                              "unpickles with pickle.loads")
        if meta.get("use_pickle"):
            what = "weight" if kind == "weights" else "constant"
            raise _refusal(view.path, member, f"{what} {fqn!r} is stored as a pickle (use_pickle in {config_name}), "
                                              "which torch.export.load unpickles with weights_only=False")


# Globals a torch.save of example inputs (tensors, parameters, ints, tuples, dicts) names.
_PICKLE_GLOBALS = frozenset({
    "collections.OrderedDict", "torch._utils._rebuild_tensor_v2", "torch._utils._rebuild_tensor",
    "torch._utils._rebuild_parameter", "torch.device", "torch.Size", "torch.storage.UntypedStorage",
})
_STRING_OPCODES = frozenset({"SHORT_BINUNICODE", "BINUNICODE", "BINUNICODE8", "UNICODE",
                             "SHORT_BINSTRING", "BINSTRING", "STRING"})
_MEMO_OPCODES = frozenset({"MEMOIZE", "PUT", "BINPUT", "LONG_BINPUT"})


def _allowed_global(name: str) -> bool:
    import torch

    if name in _PICKLE_GLOBALS:
        return True
    match = re.fullmatch(r"torch\.(\w+)", name)
    if not match:
        return False
    value = getattr(torch, match.group(1), None)
    return isinstance(value, torch.dtype) or (match.group(1).endswith("Storage") and isinstance(value, type))


def pickle_globals(data: bytes) -> Iterator[str]:
    """The `module.name` of every global a pickle loads, read from its opcodes without unpickling;
    raises ValueError for what cannot be read that way."""
    strings: list[str] = []
    for op, arg, _ in pickletools.genops(data):
        if op.name == "GLOBAL":
            yield str(arg).replace(" ", ".", 1)
        elif op.name == "STACK_GLOBAL":
            if len(strings) < 2:
                raise ValueError("a STACK_GLOBAL whose name is not spelled out")
            yield f"{strings[-2]}.{strings[-1]}"
        elif op.name in ("INST", "OBJ", "EXT1", "EXT2", "EXT4"):
            raise ValueError(f"opcode {op.name}")
        if op.name in _STRING_OPCODES:
            strings.append(str(arg))
        elif op.name not in _MEMO_OPCODES:
            strings = []


def _check_sample_inputs(view: ArchiveView, name: str) -> None:
    if not view.has(name):
        return  # torch.export.load fails on it before reading anything else
    data = view.read(name, MAX_SAMPLE_INPUTS_BYTES)
    if not data:
        return  # torch reads no sample inputs then
    if not data.startswith(b"PK"):
        raise _refusal(view.path, name, "sample inputs in torch.save's legacy (non-zip) format, which "
                                        "torch.export.load may unpickle with weights_only=False")
    try:
        nested = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile as e:
        raise _malformed(view.path, f"{name}: {e}") from None
    with nested:
        root = check_zip_layout(nested, view.path, name)
        inner = ArchiveView(nested, root, view.path)
        if not inner.has("data.pkl"):
            raise _malformed(view.path, f"{name} holds no data.pkl")
        try:
            bad = [g for g in pickle_globals(inner.read("data.pkl", MAX_SAMPLE_INPUTS_BYTES)) if not _allowed_global(g)]
        except ValueError as e:
            raise _refusal(view.path, name, f"sample inputs whose pickle cannot be checked ({e}), which "
                                            "torch.export.load may unpickle with weights_only=False") from None
        if bad:
            raise _refusal(view.path, name, f"sample inputs whose pickle names {bad[0]}, which torch.export.load "
                                            "unpickles with weights_only=False")
    # torch tries weights_only=True first and falls back to weights_only=False on any error: make
    # sure its first try succeeds. Only tensor-rebuilding globals are named (checked above).
    import torch

    try:
        torch.load(io.BytesIO(data), weights_only=True)
    except Exception as e:  # noqa: BLE001 - anything the weights-only unpickler rejects
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        raise _refusal(view.path, name, f"sample inputs that the weights-only unpickler rejects ({first[:200]}), "
                                        "which torch.export.load then unpickles with weights_only=False") from None


# --- models/<m>.json: strings torch evaluates or resolves to callables ---------------------------

# What torch's _print_sympy writes: the functions GraphModuleDeserializer passes to sympify, and
# sympy's own relations and functions that export's shape guards use.
_SYMPY_NAMES = frozenset({
    "FloorDiv", "ModularIndexing", "Where", "PythonMod", "Mod", "CleanDiv", "CeilToInt", "FloorToInt",
    "CeilDiv", "LShift", "RShift", "PowByNatural", "FloatPow", "FloatTrueDiv", "IntTrueDiv",
    "IsNonOverlappingAndDenseIndicator", "TruncToFloat", "TruncToInt", "RoundToInt", "RoundDecimal",
    "ToFloat", "Identity", "Max", "Min", "Eq", "Ne", "Lt", "Le", "Gt", "Ge", "And", "Or", "Not", "Xor",
    "Abs", "floor", "ceiling", "sqrt", "Piecewise", "ITE", "Integer", "Rational", "Float", "Mul", "Add",
    "Pow", "exp", "log", "oo", "zoo", "nan", "True", "False", "E", "pi", "I", "Symbol", "Dummy", "precision",
    # srepr's spelling of relations and constants
    "LessThan", "StrictLessThan", "GreaterThan", "StrictGreaterThan", "Equality", "Unequality", "true", "false",
    "Infinity", "NegativeInfinity", "ComplexInfinity", "NaN", "Tuple",
})
_SYMBOL_NAME = re.compile(r"[a-z]+[0-9]+|OpaqueUnaryFn_[a-z0-9]+|BitwiseFn_bitwise_[a-z]+")
# A quoted name (srepr writes `Symbol('u0', integer=True)`); no attribute access, subscripts or calls of
# anything but the names above can be spelled with these tokens.
_EXPR_TOKEN = re.compile(r"\s+|(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|(?P<name>[A-Za-z_]\w*)|'[\w.+-]*'|\*\*"
                         r"|[-+*/%(),<>=!&|~^]")

_OPERATOR_TARGETS = frozenset(
    [f"_operator.{n}" for n in ("add", "and_", "eq", "floordiv", "ge", "gt", "le", "lshift", "lt", "mod", "mul",
                                "ne", "neg", "pos", "pow", "rshift", "sub", "truediv", "getitem", "not_",
                                "or_", "xor", "abs", "invert")]
    + [f"math.{n}" for n in ("trunc", "ceil", "floor", "sqrt")]
    + [f"torch.{n}" for n in ("_sym_sqrt", "sym_float", "sym_int", "sym_ite", "sym_max", "sym_min", "sym_not",
                              "sym_sum")])


def _assumption_names() -> frozenset[str]:
    """sympy's assumption keywords (`integer=True`, `positive=True`) that srepr writes."""
    from sympy.core.assumptions import _assume_defined

    return frozenset(_assume_defined)


def _expr_problem(expr: str) -> str | None:
    pos = 0
    while pos < len(expr):
        match = _EXPR_TOKEN.match(expr, pos)
        if match is None:
            return f"character {expr[pos]!r}"
        name = match.group("name")
        if (name is not None and name not in _SYMPY_NAMES and name not in _assumption_names()
                and not _SYMBOL_NAME.fullmatch(name)):
            return f"name {name!r}"
        pos = match.end()
    return None


def _target_problem(target: str) -> str | None:
    import torch

    if target in _OPERATOR_TARGETS:
        return None
    parts = target.split(".")
    if parts[:2] != ["torch", "ops"] or len(parts) not in (4, 5):
        return "not a torch operator"
    if any(not part.isidentifier() or part.startswith("__") for part in parts[2:]):
        return "not a torch operator"
    namespace, op, overload = parts[2], parts[3], parts[4] if len(parts) == 5 else None
    # Attributes of torch.ops and of its namespaces/packets that are not operators
    # (torch.ops.load_library, torch.ops.import_module, OpOverloadPacket.op, ...).
    if namespace in ("loaded_libraries", "_dir") or hasattr(type(torch.ops), namespace):
        return "not a torch operator"
    if op in ("name", "_dir") or hasattr(torch._ops._OpNamespace, op):
        return "not a torch operator"
    if overload is not None and (hasattr(torch._ops.OpOverloadPacket, overload)
                                 or hasattr(torch._ops.HigherOrderOperator, overload)):
        return "not a torch operator"
    return None


def _check_program_json(view: ArchiveView, name: str) -> None:
    program = view.read_json(name)
    stack = [program]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(item)
            continue
        if not isinstance(item, dict):
            continue
        expr = item.get("expr_str")
        if isinstance(expr, str) and (problem := _expr_problem(expr)) is not None:
            raise _refusal(view.path, name, f"symbolic expression {expr[:80]!r} has a {problem}, and "
                                            "torch.export.load evaluates it with sympy.sympify (Python eval)")
        target = item.get("target")
        if isinstance(target, str) and "inputs" in item and (problem := _target_problem(target)) is not None:
            raise _refusal(view.path, name, f"node {item.get('name', '?')!r} calls {target[:80]!r}, {problem}, "
                                            "which running the program would call")
        stack.extend(item.values())
