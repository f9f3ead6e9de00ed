"""On-disk compile cache: the lowered LLVM-dialect module and its signature, keyed by input and options."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import asdict
from importlib.metadata import version
from pathlib import Path

from exir_mlir.abi import Signature
from exir_mlir.codegen.host import detect_host

# Bump when the pipeline changes what it produces for the same input.
PIPELINE_VERSION = 2  # 2: parallel loops on GOMP_parallel (no async runtime)


def cache_key(text: str, *, entry: str, options, opt_level: int) -> str:
    """Hash of everything the compiled code depends on: input IR, options, host CPU, versions."""
    h = hashlib.sha256()
    for part in (
        text,
        entry,
        repr(asdict(options)),
        str(opt_level),
        detect_host().fingerprint,
        version("xtc-mlir-python-bindings"),
        str(PIPELINE_VERSION),
    ):
        h.update(part.encode())
        h.update(b"\0")
    return h.hexdigest()


def load(directory: Path, key: str) -> tuple[str, Signature] | None:
    llvm_path, sig_path = directory / f"{key}.llvm.mlir", directory / f"{key}.signature.json"
    try:
        return llvm_path.read_text(), Signature.from_json(json.loads(sig_path.read_text()))
    except (OSError, ValueError, KeyError, TypeError):
        return None  # absent or damaged: compile again and overwrite


def _write_atomically(path: Path, text: str) -> None:
    # Another process may read the cache at the same time: it sees the old file or the new one.
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    with os.fdopen(fd, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def store(directory: Path, key: str, llvm_text: str, signature: Signature) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    _write_atomically(directory / f"{key}.signature.json", json.dumps(signature.to_json()))
    _write_atomically(directory / f"{key}.llvm.mlir", llvm_text)
