"""Regenerate docs/op-status.md and docs/op-status.json from the lowering sweep over OpInfo samples.

    python test/Lowering/_gen_op_status.py                 # all dtypes (a few minutes)
    python test/Lowering/_gen_op_status.py --dtypes f32    # one dtype
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _op_sweep import sweep  # noqa: E402

from exir_mlir.tools.op_status import DTYPES, render_markdown, write_json  # noqa: E402

DOCS = Path(__file__).resolve().parents[2] / "docs"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dtypes", default=",".join(DTYPES))
    args = parser.parse_args()
    results = sweep(args.dtypes.split(","))
    write_json(results, DOCS / "op-status.json")
    (DOCS / "op-status.md").write_text(render_markdown(results))
    lowered = sum(r.reached == "linalg" for r in results)
    print(f"wrote docs/op-status.md: {lowered} of {len(results)} (op, dtype) pairs lower to linalg")
    return 0


if __name__ == "__main__":
    sys.exit(main())
