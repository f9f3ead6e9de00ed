"""Regenerate docs/op-numerics.md and .json: does each claimed core ATen op (op, dtype) run and match eager?

    python test/Numerics/_gen_op_numerics.py                       # every pair that lowers to linalg
    python test/Numerics/_gen_op_numerics.py --dtypes f16,bf16     # only these dtypes (others kept)
    python test/Numerics/_gen_op_numerics.py --ops aten::sort,aten::topk
    python test/Numerics/_gen_op_numerics.py --missing             # claimed pairs not in the json yet
    python test/Numerics/_gen_op_numerics.py --jobs 2              # two worker processes at once

"Claimed" = the pair reaches linalg in docs/op-status.json (test/Lowering/_gen_op_status.py). Each pair
is checked by `_numerics_check.check`, the function test_op_numerics.py runs, in a worker process that
logs progress, so a pair that kills the process (an MLIR/LLVM abort) is recorded as "crash" and the
sweep goes on in a new worker. Partial runs (--dtypes/--ops) replace only the pairs they ran.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from dataclasses import asdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _numerics_check import (  # noqa: E402
    COMPILE_BUG, CRASH, DIFFERS, DTYPES, MATCHES, NO_SAMPLE, REJECTED, ROOT, RUN_ERROR, TIMEOUT,
    RANDOM_OPS, TOLERANCES, VALUES_UNSPECIFIED, Outcome,
)
from _worker_pool import run_cases_parallel, worker_loop  # noqa: E402

DOCS = ROOT / "docs"
NUMERICS_JSON = DOCS / "op-numerics.json"
NUMERICS_MD = DOCS / "op-numerics.md"
STATUS_JSON = DOCS / "op-status.json"
REGENERATE = "python test/Numerics/_gen_op_numerics.py"
PAIR_TIMEOUT_S = 180

_CELL = {MATCHES: "✓", DIFFERS: "differs", REJECTED: "rejected", COMPILE_BUG: "compile bug",
         RUN_ERROR: "run ✗", CRASH: "crash", TIMEOUT: "timeout", NO_SAMPLE: "—"}


def claimed_pairs(status_json: Path = STATUS_JSON) -> list[tuple[str, str]]:
    """(overload, dtype) pairs that lower to linalg according to D's op-status table."""
    results = json.loads(status_json.read_text())["results"]
    return sorted((r["overload"], r["dtype"]) for r in results if r["reached"] == "linalg")


def read_results(path: Path = NUMERICS_JSON) -> dict[tuple[str, str], Outcome]:
    if not path.exists():
        return {}
    return {(r["overload"], r["dtype"]): Outcome(**r) for r in json.loads(path.read_text())["results"]}


def write_results(results: dict[tuple[str, str], Outcome], path: Path = NUMERICS_JSON) -> None:
    data = {"generated_by": REGENERATE, "tolerances": TOLERANCES,
            "results": [asdict(results[k]) for k in sorted(results)]}
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


def render_markdown(results: dict[tuple[str, str], Outcome]) -> str:
    by_op: dict[str, dict[str, Outcome]] = {}
    for (op, dtype), r in results.items():
        by_op.setdefault(op, {})[dtype] = r
    ran = {d: [r for (_, dt), r in results.items() if dt == d and r.result != NO_SAMPLE] for d in DTYPES}
    ok = {d: sum(r.result == MATCHES for r in ran[d]) for d in DTYPES}
    lines = [
        f"<!-- GENERATED FILE, DO NOT EDIT. Regenerate with: {REGENERATE} -->",
        "# Core ATen ops: runs on CPU and matches eager",
        "",
        "For every (core ATen overload, dtype) that lowers to linalg in [op-status.md](op-status.md), the",
        "same OpInfo sample program is compiled with `exir_mlir.compile(ep, num_threads=1)`, run, and",
        "compared with `ep.module()` in eager PyTorch (dtypes, shapes and values; NaN equals NaN).",
        "Tolerances (rtol, atol) by output dtype: "
        + ", ".join(f"{d} ({t[0]:g}, {t[1]:g})" for d, t in TOLERANCES.items()) + ".",
        "f16/bf16 allow about one unit in the last place (eager rounds once from f32, our code may round",
        "an intermediate); a result farther from eager than that still passes if it is no farther from",
        "an f64 run of the same program on the same inputs than eager's own result is (plus the tolerance).",
        "Integers and bool are exact. " + ", ".join(f"`{o}`" for o in sorted(VALUES_UNSPECIFIED - RANDOM_OPS))
        + " return uninitialized memory, and random ops (" + ", ".join(f"`{o}`" for o in sorted(RANDOM_OPS))
        + ") draw from exir-mlir's own generator (their distributions: test/Compile/test_random.py):",
        "dtype and shape only. `aten::sort`/`aten::topk` order equal",
        "values freely: their values are compared, and the indices must select those values from the input.",
        "",
        "Cells: ✓ runs and matches eager; `differs` runs, wrong values; `rejected` compile raises",
        "ExirUserError naming the op; `compile bug` compile raises another error (or one that does not",
        "name the op); `run ✗` the compiled program raises; `crash` the process dies compiling or running",
        "it; `—` no OpInfo sample; blank: not lowered to linalg (see op-status.md). The pytest sweep",
        "test/Numerics/test_op_numerics.py expects exactly these outcomes (a non-✓ cell is a strict xfail",
        "with the detail listed below) for one pair per op in CI, its dtype rotating with the commit count",
        "(every pair within 6 commits), every pair with `EXIR_NUMERICS_ALL=1`. Inputs are the OpInfo samples drawn after `torch.manual_seed(0)`.",
        "",
        "| dtype | " + " | ".join(DTYPES) + " |",
        "| --- | " + " | ".join("---" for _ in DTYPES) + " |",
        "| runs and matches eager / claimed | " + " | ".join(f"{ok[d]} / {len(ran[d])}" for d in DTYPES) + " |",
        "",
        "| op | " + " | ".join(DTYPES) + " |",
        "| --- | " + " | ".join("---" for _ in DTYPES) + " |",
    ]
    failures = []
    for op in sorted(by_op):
        row = by_op[op]
        lines.append(f"| `{op}` | " + " | ".join(_CELL[row[d].result] if d in row else "" for d in DTYPES) + " |")
        for d in DTYPES:
            r = row.get(d)
            if r and r.result not in (MATCHES, NO_SAMPLE):
                failures.append(f"- `{op}` ({d}, {r.result}): {r.detail}".rstrip())
    lines += ["", "## Not matching", "", *(failures or ["(none)"]), ""]
    return "\n".join(lines)


# ----------------------------------------------------------------------------- worker processes


def _worker(pairs_file: Path, log_file: Path) -> int:
    from _numerics_check import check, core_ops_by_name

    ops = core_ops_by_name()
    return worker_loop(pairs_file, log_file, lambda pair: asdict(check(ops[pair[0]], pair[1])))


def run_pairs_parallel(pairs: list[tuple[str, str]], jobs: int) -> dict[tuple[str, str], Outcome]:
    """Check every pair in `jobs` worker processes (_worker_pool): a pair that kills or stalls its worker
    is recorded as crash or timeout, and a new worker goes on."""
    def failed(pair, what, detail):
        return asdict(Outcome(*pair, {"crash": CRASH, "timeout": TIMEOUT}[what], detail))

    work = Path(tempfile.mkdtemp(prefix="exir-op-numerics-"))
    done = run_cases_parallel([list(p) for p in pairs], jobs, script=__file__, log_file=work / "log.jsonl",
                              timeout_s=PAIR_TIMEOUT_S, failed=failed, cwd=ROOT,
                              progress=lambda n, total: print(f"[{n}/{total}]", flush=True))
    return {k: Outcome(**v) for k, v in done.items()}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dtypes", default=",".join(DTYPES))
    parser.add_argument("--ops", default="", help="comma-separated overloads (aten::sort,aten::add.Tensor)")
    parser.add_argument("--missing", action="store_true", help="only claimed pairs the json lacks")
    parser.add_argument("--render-only", action="store_true", help="rewrite the .md from the .json")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes at once")
    parser.add_argument("--worker", nargs=2, metavar=("PAIRS", "LOG"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return _worker(Path(args.worker[0]), Path(args.worker[1]))
    if args.render_only:
        NUMERICS_MD.write_text(render_markdown(read_results()))
        return 0
    dtypes, ops = set(args.dtypes.split(",")), set(filter(None, args.ops.split(",")))
    claimed = claimed_pairs()
    todo = [p for p in claimed if p[1] in dtypes and (not ops or p[0] in ops)]
    if args.missing:
        todo = [p for p in todo if p not in read_results()]
    start = time.perf_counter()
    fresh = run_pairs_parallel(todo, args.jobs)
    # keep earlier results of pairs not rerun, drop pairs no longer claimed
    results = {k: v for k, v in read_results().items() if k in set(claimed)}
    results.update(fresh)
    write_results(results)
    NUMERICS_MD.write_text(render_markdown(results))
    ok = sum(r.result == MATCHES for r in fresh.values())
    print(f"wrote {NUMERICS_MD.relative_to(ROOT)}: {ok} of {len(todo)} pairs run and match eager "
          f"({time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
