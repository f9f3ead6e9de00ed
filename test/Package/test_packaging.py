"""The distribution installs every Python package of the repository, under exir_mlir only."""

import subprocess
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FOLDER_OF = {"exir_mlir": "exir_mlir", "exir_mlir.lowering": "lowering", "exir_mlir.dialects": "dialects",
             "exir_mlir.tools": "tools"}


def _declared():
    config = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]
    return config["package-dir"], set(config["packages"])


def test_package_dirs_are_as_documented():
    package_dir, _ = _declared()
    assert package_dir == FOLDER_OF


def test_every_python_package_folder_is_declared():
    _, packages = _declared()
    found = set()
    for package, folder in FOLDER_OF.items():
        for init in (REPO / folder).rglob("__init__.py"):
            rel = init.parent.relative_to(REPO / folder)
            if "generated" in rel.parts and not (init.parent.parent / "__init__.py").exists():
                continue
            found.add(".".join([package, *rel.parts]) if rel.parts else package)
    missing = found - packages
    assert not missing, f"add these to [tool.setuptools] packages in pyproject.toml: {sorted(missing)}"


def test_opt_driver_does_not_import_torch():
    # exir-mlir-opt must start fast: importing torch alone takes about 2 s.
    code = (
        "import sys; from exir_mlir.tools.opt import main; "
        "rc = main(['-', '-p', 'builtin.module(canonicalize)']); "
        "assert 'torch' not in sys.modules, 'exir-mlir-opt imported torch'; sys.exit(rc)"
    )
    result = subprocess.run([sys.executable, "-c", code], input="func.func @f() { return }",
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "func.func @f()" in result.stdout
