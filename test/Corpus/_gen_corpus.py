"""Regenerate docs/corpus.md and .json: do programs the project did not write compile and match eager?

    python test/Corpus/_gen_corpus.py --jobs 2               # every case (OpInfo x dtype x sample x mode, nn layers)
    python test/Corpus/_gen_corpus.py --resume --jobs 2      # what an interrupted run had not reached, and cases the json lacks
    python test/Corpus/_gen_corpus.py --failures             # re-run cases that did not match (and missing ones)
    python test/Corpus/_gen_corpus.py --ops 'add,nn.functional.conv*,nn:LSTM*' --dtypes f32 --modes dynamic
    python test/Corpus/_gen_corpus.py --cases list.txt       # the cases named in a file, one a line
    python test/Corpus/_gen_corpus.py --render-only          # run nothing: re-derive classes, rewrite json and md
    python test/Corpus/_gen_corpus.py --check-bounds --samples 0 --jobs 2   # bounds-checked builds -> docs/corpus-bounds.json

The cases and how each is checked: _corpus_case.py. Each case runs in a worker process (test/Numerics/
_worker_pool.py) that appends its result to a log under test/Corpus/.runs/ as soon as it has it; a case that
kills the worker is recorded as `crash`, one past --timeout as `timeout`, and a new worker goes on. Every
minute and at the end the logs are merged into docs/corpus.json (and the .md rendered); the logs of a run
that was interrupted are merged at the start of the next one, so an interrupted run loses nothing.
Partial runs (--ops/--dtypes/--modes/--resume/--failures) replace only the cases they ran.

--check-bounds compiles every case with `exir_mlir.compile(..., check_bounds=True)` (every memory access
checked at run time; one that would leave its buffer is skipped and raised as OutOfBoundsError, class
`out-of-bounds`) and keeps its results apart, in docs/corpus-bounds.json (no .md): a case there that is not
`match` where docs/corpus.json has `match` is a read or write outside a buffer, or a slow case's timeout.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "Numerics"))

from _corpus_case import (  # noqa: E402
    COUNTED, CRASH, DTYPES, HARNESS_ERROR, MATCH, MISMATCH, MODES, NO_SAMPLE, NOT_EXPORTABLE, ROOT, TIMEOUT, TOLERANCES, parse,
)
from _worker_pool import read_log, run_cases_parallel, worker_loop  # noqa: E402

DOCS = ROOT / "docs"
CORPUS_JSON = DOCS / "corpus.json"
CORPUS_MD = DOCS / "corpus.md"
RUNS = HERE / ".runs"
REGENERATE = "python test/Corpus/_gen_corpus.py --jobs 2"
CASE_TIMEOUT_S = 120
WORKER_MAX_CASES = 150  # a worker retires after this many cases (compiled programs pile up in a process)
CHECKPOINT_S = 60
CHECK_BOUNDS_ENV = "EXIR_CORPUS_CHECK_BOUNDS"  # set by --check-bounds for the worker processes
BOUNDS_JSON = DOCS / "corpus-bounds.json"
BOUNDS_RUNS = HERE / ".runs-bounds"


# ----------------------------------------------------------------------------- results json


def read_results(path: Path | None = None) -> dict[str, dict]:
    path = path or CORPUS_JSON
    if not path.exists():
        return {}
    return {r["case"]: r for r in json.loads(path.read_text())["results"]}


def write_results(results: dict[str, dict], path: Path | None = None) -> None:
    import torch

    path = path or CORPUS_JSON
    data = {"generated_by": REGENERATE + (" --check-bounds" if path == BOUNDS_JSON else ""), "torch": torch.__version__, "tolerances": TOLERANCES,
            "results": [results[k] for k in sorted(results)]}
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(data, indent=0, sort_keys=True) + "\n")
    tmp.replace(path)


def _logged(runs: Path | None = None) -> dict[str, dict]:
    """Results in the run logs (oldest log first, so the newest result of a case wins)."""
    runs = runs or RUNS
    out: dict[str, dict] = {}
    for log in sorted(runs.glob("*.jsonl"), key=lambda p: p.stat().st_mtime) if runs.exists() else []:
        out.update(read_log(log)[0])
    return out


def _save(results: dict[str, dict], universe: set[str]) -> dict[str, dict]:
    """Merge the logs into `results`, drop cases no longer in the corpus, write the json and the md."""
    from _corpus_doc import render_markdown

    from _corpus_case import COMPILE_ERROR, RUN_ERROR, classify_text

    results.update(_logged())
    results = {k: v for k, v in results.items() if k in universe}
    for r in results.values():  # the class follows the current rules (_corpus_case.classify_text)
        if r["outcome"] in (COMPILE_ERROR, RUN_ERROR):
            r["klass"] = classify_text(r["detail"].removeprefix(f"at {r['second']}: "))
    write_results(results)
    if CORPUS_JSON != BOUNDS_JSON:
        CORPUS_MD.write_text(render_markdown(results))
    return results


def _clear_logs() -> None:
    if RUNS.exists():
        shutil.rmtree(RUNS)


# ----------------------------------------------------------------------------- worker processes


def _worker(cases_file: Path, log_file: Path) -> int:
    import logging
    import warnings

    import functools

    import exir_mlir
    from _corpus_case import run_case, to_json

    compile_fn = functools.partial(exir_mlir.compile, check_bounds=True) if os.environ.get(CHECK_BOUNDS_ENV) else None
    warnings.simplefilter("ignore")
    logging.getLogger("torch").setLevel(logging.ERROR)  # export's "0/1 specialized" lines, per case
    scratch = Path(tempfile.mkdtemp(prefix="exir-corpus-"))
    tempfile.tempdir = str(scratch)  # a failing compile saves its reproducer there: removed after each case

    def check(case):
        try:
            return to_json(run_case(case, compile_fn=compile_fn))
        finally:
            for p in scratch.iterdir():
                shutil.rmtree(p, ignore_errors=True) if p.is_dir() else p.unlink(missing_ok=True)

    try:
        return worker_loop(cases_file, log_file, check, max_cases=WORKER_MAX_CASES)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _failed(case, what, detail):
    return {"case": case, "outcome": {"crash": CRASH, "timeout": TIMEOUT}[what], "klass": what, "detail": detail,
            "second": "", "dynamic_dims": -1, "values": "compared", "seconds": 0.0, "extra": {}}


def run(cases: list[str], jobs: int, timeout_s: float, results: dict, universe: set[str]) -> dict:
    RUNS.mkdir(exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    start = time.monotonic()
    stop = threading.Event()
    lock = threading.Lock()

    def checkpoint():
        while not stop.wait(CHECKPOINT_S):
            with lock:
                _save(dict(results), universe)

    def progress(n, total):
        elapsed = time.monotonic() - start
        print(f"[{n}/{total} of shard 0] {elapsed:.0f} s", flush=True)

    saver = threading.Thread(target=checkpoint, daemon=True)
    saver.start()
    try:
        run_cases_parallel(cases, jobs, script=__file__, log_file=RUNS / f"{stamp}.jsonl", timeout_s=timeout_s,
                           failed=_failed, cwd=ROOT, progress=progress)
    finally:
        stop.set()
        saver.join()
    with lock:
        return _save(results, universe)


# ----------------------------------------------------------------------------- selection


def select(universe: list[str], *, ops: str, dtypes: str, modes: str, samples: str = "") -> list[str]:
    patterns = [p.strip() for p in ops.split(",") if p.strip()]
    dtypes_, modes_ = set(dtypes.split(",")), set(modes.split(","))
    samples_ = {int(x) for x in samples.split(",") if x.strip()}
    out = []
    for case in universe:
        source, name, dtype, sample, mode = parse(case)
        if dtype not in dtypes_ or mode not in modes_ or samples_ and sample not in samples_:
            continue
        if patterns and not any(fnmatch.fnmatchcase(name, p) or fnmatch.fnmatchcase(f"{source}:{name}", p)
                                for p in patterns):
            continue
        out.append(case)
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", default="", help="comma-separated names or globs (add, nn.functional.*, nn:LSTM*)")
    parser.add_argument("--dtypes", default=",".join(DTYPES))
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("--samples", default="", help="comma-separated sample numbers (default: all)")
    parser.add_argument("--no-nn", action="store_true", help="leave out the torch.nn layers")
    parser.add_argument("--cases", type=Path, help="a file of case names, one a line: only those")
    parser.add_argument("--resume", action="store_true", help="only cases the json lacks")
    parser.add_argument("--failures", action="store_true", help="only cases recorded as not matching (or missing)")
    parser.add_argument("--render-only", action="store_true",
                        help="run nothing: re-derive the failure classes, rewrite the .json and .md")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes at once (default 2)")
    parser.add_argument("--timeout", type=float, default=CASE_TIMEOUT_S, help="seconds per case")
    parser.add_argument("--list", action="store_true", help="print the selected cases and exit")
    parser.add_argument("--check-bounds", action="store_true",
                        help="bounds-checked builds (compile(check_bounds=True)); results in docs/corpus-bounds.json")
    parser.add_argument("--worker", nargs=2, metavar=("CASES", "LOG"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return _worker(Path(args.worker[0]), Path(args.worker[1]))
    if args.check_bounds:
        global CORPUS_JSON, RUNS
        CORPUS_JSON, RUNS = BOUNDS_JSON, BOUNDS_RUNS
        os.environ[CHECK_BOUNDS_ENV] = "1"
    from _corpus_case import all_cases

    universe = all_cases()
    results = read_results()
    if args.render_only:
        _save(results, set(universe))
        return 0
    # an interrupted run: its logged results go into the json, its unfinished cases are what --resume runs
    interrupted = {c for f in (RUNS.glob("*.cases.json") if RUNS.exists() else []) for c in json.loads(f.read_text())}
    interrupted -= set(_logged())
    if args.list:  # reads only: the logs may be those of a run still going
        results.update(_logged())
    else:
        results = _save(results, set(universe))
        _clear_logs()
    todo = select(universe, ops=args.ops, dtypes=args.dtypes, modes=args.modes, samples=args.samples)
    if args.no_nn:
        todo = [c for c in todo if not c.startswith("nn:")]
    if args.cases:
        wanted = set(args.cases.read_text().splitlines())
        todo = [c for c in todo if c in wanted]
    if args.resume:
        todo = [c for c in todo if c not in results or c in interrupted]
    if args.failures:
        keep = {MATCH, NOT_EXPORTABLE, NO_SAMPLE}
        todo = [c for c in todo if c not in results or results[c]["outcome"] not in keep]
    if args.list:
        print("\n".join(todo))
        return 0
    print(f"{len(todo)} cases, {args.jobs} workers, {args.timeout:g} s per case", flush=True)
    start = time.perf_counter()
    results = run(todo, args.jobs, args.timeout, results, set(universe))
    _clear_logs()
    fresh = [results[c] for c in todo if c in results]
    counted = [r for r in fresh if r["outcome"] in COUNTED]
    if args.check_bounds:
        out_of_bounds = sorted(r["case"] for r in fresh if r.get("klass") == "out-of-bounds")
        print(f"bounds-checked: {len(fresh)} cases run, {len(counted)} exportable, "
              f"{sum(r['outcome'] == MATCH for r in counted)} match, {len(out_of_bounds)} out of bounds"
              + "".join(f"\n  {c}" for c in out_of_bounds))
    print(f"wrote {CORPUS_JSON.relative_to(ROOT)}: {sum(r['outcome'] == MATCH for r in counted)} of {len(counted)} "
          f"exportable cases compile and match, {sum(r['outcome'] == MISMATCH for r in counted)} silent mismatches, "
          f"{sum(r['outcome'] == HARNESS_ERROR for r in fresh)} harness errors ({time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONWARNINGS", "ignore")
    sys.exit(main())
