"""Regenerates everything under dialects/generated/ from torch's schemas and the .td files.

    python -m exir_mlir.tools.gen_dialects           # write dialects/generated/
    python -m exir_mlir.tools.gen_dialects --check   # exit 1 and name the stale files
"""

from __future__ import annotations

import argparse
import difflib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from exir_mlir import toolchain
from exir_mlir.dialects.loader import DIALECTS, generated_dir
from exir_mlir.tools import gen_exir_ods, gen_irdl

COMMAND = "python -m exir_mlir.tools.gen_dialects"
DIALECTS_DIR = generated_dir().parent

# The .td file llvm-tblgen reads for each dialect (it includes the others it needs).
TOP_LEVEL_TD = {"exir": "Exir.td", "edge": "EdgeOps.td", "backend": "BackendOps.td"}

IRDL_BANNER = """\
// GENERATED FILE, DO NOT EDIT. Regenerate with: {command}
// IRDL of the `{dialect}` dialect, translated from dialects/{td} by tools/gen_irdl.py.
// Loaded at run time by exir_mlir.dialects.load_dialects (or `mlir-opt --irdl-file=`).
"""

PY_BANNER = """\
# GENERATED FILE, DO NOT EDIT. Regenerate with: {command}
# Python op classes of the `{dialect}` dialect: `mlir-tblgen -gen-python-op-bindings
# -bind-dialect={dialect}` over dialects/{td}, with imports made absolute.
"""


def _run(cmd: list[str]) -> str:
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{result.stderr}")
    return result.stdout


def _python_bindings(td_dir: Path, dialect: str) -> str:
    text = _run([str(toolchain.tool("mlir-tblgen")), "-gen-python-op-bindings", f"-bind-dialect={dialect}",
                 "-I", str(toolchain.mlir_include_dir()), "-I", str(td_dir), str(td_dir / TOP_LEVEL_TD[dialect])])
    # The generator writes imports relative to mlir/dialects/; these files live elsewhere.
    text = text.replace("from ._ods_common import", "from mlir.dialects._ods_common import")
    text = text.replace("from .._mlir_libs import", "from mlir._mlir_libs import")
    if "from ." in text:
        raise SystemExit(f"unexpected relative import in the Python bindings of {dialect}")
    return PY_BANNER.format(command=COMMAND, dialect=dialect, td=TOP_LEVEL_TD[dialect]) + text


def generate_all() -> dict[str, str]:
    """File name (relative to dialects/generated/) -> text, for every generated file."""
    import torch  # noqa: F401  (the ATen part needs torch; fail here, early, if it is missing)

    files: dict[str, str] = {"ExirAtenOps.td": gen_exir_ods.generate()}
    table: dict = {"generated_by": COMMAND, "dialects": {}}
    with tempfile.TemporaryDirectory() as tmp:
        # A scratch copy of dialects/ holding the fresh ExirAtenOps.td, so --check compares
        # what the current sources produce, not what was committed.
        td_dir = Path(tmp)
        for td in DIALECTS_DIR.glob("*.td"):
            shutil.copy(td, td_dir / td.name)
        (td_dir / "generated").mkdir()
        (td_dir / "generated" / "ExirAtenOps.td").write_text(files["ExirAtenOps.td"])
        for dialect in DIALECTS:
            td = TOP_LEVEL_TD[dialect]
            dumped = _run([str(toolchain.tool("llvm-tblgen")), "--dump-json", "-I", str(toolchain.mlir_include_dir()),
                           "-I", str(td_dir), str(td_dir / td)])
            banner = IRDL_BANNER.format(command=COMMAND, dialect=dialect, td=td)
            try:
                irdl_text, entry = gen_irdl.translate_dialect(json.loads(dumped), dialect, banner)
            except gen_irdl.OdsTranslationError as e:
                raise SystemExit(f"dialects/{td}: {e}") from None
            files[f"{dialect}.irdl.mlir"] = irdl_text
            table["dialects"][dialect] = entry
            files[f"{dialect}_ops_gen.py"] = _python_bindings(td_dir, dialect)
    files["ops.json"] = json.dumps(table, indent=1, sort_keys=True) + "\n"
    return files


def stale_files(files: dict[str, str], out_dir: Path) -> list[str]:
    """Names whose committed text differs from `files` (missing files count as stale)."""
    stale = []
    for name, text in files.items():
        path = out_dir / name
        if not path.exists() or path.read_text() != text:
            stale.append(name)
    return stale


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="do not write; exit 1 if a generated file is stale")
    parser.add_argument("--out", type=Path, default=generated_dir(), help="output folder (default: %(default)s)")
    args = parser.parse_args(argv)
    files = generate_all()
    if args.check:
        stale = stale_files(files, args.out)
        for name in stale:
            path = args.out / name
            old = path.read_text().splitlines() if path.exists() else []
            diff = list(difflib.unified_diff(old, files[name].splitlines(), str(path), "regenerated", lineterm="", n=1))
            print(f"stale: {path}", *diff[:20], sep="\n")
        if stale:
            print(f"regenerate with: {COMMAND}")
        return 1 if stale else 0
    args.out.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (args.out / name).write_text(text)
    print(f"wrote {len(files)} files to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
