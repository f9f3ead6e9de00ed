# lit configuration of exir-mlir's FileCheck tests (.mlir and .py files with RUN lines).
import os
import shutil
import sys
from pathlib import Path

import lit.formats

from exir_mlir import toolchain
from exir_mlir.tools.lit_format import LitFilesOnly

config.name = "exir-mlir"
config.test_format = LitFilesOnly(execute_external=False)
config.suffixes = [".mlir", ".py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.test_source_root, ".lit-out")
# pytest files and helpers live beside the lit tests; lit only runs files with RUN lines.
config.excludes = ["lit.cfg.py", "__pycache__", ".lit-out"]

bin_dir = Path(sys.executable).parent


def _console_script(name: str) -> str:
    path = bin_dir / name
    found = str(path) if path.exists() else shutil.which(name)
    if not found:
        lit_config.fatal(f"'{name}' is not installed: run `pip install -e .[test]` in the repository")
    return found


# Substitution keys are regular expressions: match a tool only as a whole word at the start of
# a command (after a pipe, `not` or space), the way LLVM's ToolSubst does, so that paths that
# contain a tool's name are left alone.
_TOOL = r"(?<![\w/.-]){}(?![\w/.-])"
config.substitutions.append(("%python", sys.executable))
config.substitutions.append((_TOOL.format("exir-mlir-opt"), _console_script("exir-mlir-opt")))
config.substitutions.append((_TOOL.format("exir-mlir"), _console_script("exir-mlir")))
config.substitutions.append((_TOOL.format("FileCheck"), str(toolchain.tool("FileCheck"))))
config.substitutions.append((_TOOL.format("not"), str(toolchain.tool("not"))))
config.substitutions.append((_TOOL.format("mlir-opt"), str(toolchain.tool("mlir-opt"))))

config.environment["PYTHONUNBUFFERED"] = "1"
# Keep torch, MLIR and numpy to the test's own thread, so parallel lit workers do not fight.
for var in ("OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    config.environment[var] = "1"
# PYTHONPATH: a copy of the repository run through it (tools/mutation_check.py) is what the tools import.
for var in ("HOME", "TMPDIR", "PATH", "PYTHONPATH", "PYTHONDONTWRITEBYTECODE"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
# Commands a test prints and then runs (a reproducer line) find this interpreter's console scripts.
config.environment["PATH"] = os.pathsep.join([str(bin_dir), config.environment.get("PATH", "")])

if toolchain.ptxas() is not None:
    config.available_features.add("ptxas")
if shutil.which("nvidia-smi") and os.path.exists("/dev/nvidiactl"):
    config.available_features.add("cuda")
