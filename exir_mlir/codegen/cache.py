"""On-disk compile cache of the JIT (`cache_dir`): machine code, so a new process runs no LLVM.

An entry is `<key>.so` (the compiled function with a packed entry point, built by
library.build_kernel: the same machinery as the ahead-of-time library) and `<key>.signature.json`.
`exir_mlir.compile` also writes `<program key>.program.json`, naming the entry that an
ExportedProgram compiled to (exir_mlir.program_cache), so that a later process finds the machine
code without decomposing, importing or lowering.
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
from exir_mlir.program_cache import DISTRIBUTIONS as _DISTRIBUTIONS
from exir_mlir.program_cache import entry_paths, llc_cpu, load_entry

_PACKAGE = Path(__file__).resolve().parents[1]
# Sources whose text the compiled code depends on: code generation, the calling convention.
_SOURCES = ("codegen", "abi.py", "_mlir.py", "passes.py", "toolchain.py", "program_cache.py")


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
    h = hashlib.sha256()
    for part in (text, entry, repr(asdict(options)), str(opt_level), detect_host().fingerprint, llc_cpu(),
                 source_fingerprint()):
        h.update(part.encode())
        h.update(b"\0")
    return h.hexdigest()


# The file layout of an entry (shared with exir_mlir.program_cache, which reads entries on a
# cache hit without importing codegen).
paths = entry_paths
load = load_entry


def store_signature(directory: Path, key: str, signature: Signature, uses_openmp: bool) -> None:
    """Written after the library: an entry with a signature file is complete."""
    _, sig_path = paths(directory, key)
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=sig_path.name, suffix=".tmp")
    with os.fdopen(fd, "w") as f:
        f.write(json.dumps({"signature": signature.to_json(), "uses_openmp": uses_openmp}))
    os.replace(tmp, sig_path)
