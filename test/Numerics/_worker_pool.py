"""Crash-safe sweeps: run cases in worker processes that log each result, replacing a worker that dies or stalls.

Shared by the per-op numerics sweep (_gen_op_numerics.py) and the differential corpus (test/Corpus).
A case is any JSON value (a string, a [name, dtype] list). The generator script starts workers as
`python SCRIPT --worker CASES_FILE LOG_FILE`; the worker calls `worker_loop`, which appends to LOG_FILE
one line `{"start": case, "at": time}` before each case and one line `{"case": case, "result": {...}}`
after it. The parent reads the log: a case started and not finished when the worker died is recorded
as `crash`, one running longer than the time limit is killed and recorded as `timeout`, and a new
worker takes the rest. A log is append-only, so what it holds survives an interrupted run.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable


def key(case):
    """A hashable form of a JSON case (lists become tuples)."""
    return tuple(key(c) for c in case) if isinstance(case, list) else case


def worker_loop(cases_file: Path, log_file: Path, check: Callable[[object], dict], *, max_cases: int = 0) -> int:
    """Run `check` on each case of CASES_FILE, logging start and result. With `max_cases`, return after that
    many (the parent starts a fresh worker for the rest: compiled code and caches do not pile up)."""
    with Path(log_file).open("a") as log:
        for i, case in enumerate(json.loads(Path(cases_file).read_text())):
            if max_cases and i == max_cases:
                break
            log.write(json.dumps({"start": case, "at": time.time()}) + "\n")
            log.flush()
            log.write(json.dumps({"case": case, "result": check(case)}) + "\n")
            log.flush()
    return 0


def read_log(log_file: Path) -> tuple[dict, object, float]:
    """(results by key, the case started and not finished or None, when it started)."""
    done, started, at = {}, None, 0.0
    if Path(log_file).exists():
        for line in Path(log_file).read_text().splitlines():
            if not line.endswith("}"):
                continue  # a line a killed worker did not finish
            entry = json.loads(line)
            if "start" in entry:
                started, at = entry["start"], entry["at"]
            else:
                done[key(entry["case"])] = entry["result"]
                started = None
    return done, started, at


def append(log_file: Path, case, result: dict) -> None:
    with Path(log_file).open("a") as log:
        log.write(json.dumps({"case": case, "result": result}) + "\n")


def run_cases(cases: list, *, script: str, log_file: Path, timeout_s: float,
              failed: Callable[[object, str, str], dict], cwd: Path | None = None,
              progress: Callable[[int, int], None] | None = None) -> dict:
    """Run every case in worker processes of `script`; return {key(case): result}.

    `failed(case, "crash" | "timeout", detail)` makes the result of a case that killed or stalled its
    worker (its detail ends with the worker's last line on stderr, e.g. an assertion). Results already in
    `log_file` (a resumed run) are kept and not run again."""
    log_file = Path(log_file)
    cases_file, stderr_file = log_file.with_suffix(".cases.json"), log_file.with_suffix(".stderr")
    done: dict = read_log(log_file)[0]
    while True:
        pending = [c for c in cases if key(c) not in done]
        if not pending:
            return done
        cases_file.write_text(json.dumps(pending))
        with stderr_file.open("w") as stderr:
            worker = subprocess.Popen([sys.executable, script, "--worker", str(cases_file), str(log_file)], cwd=cwd,
                                      stderr=stderr)
        reported = -1
        while worker.poll() is None:
            time.sleep(0.5)
            done, started, at = read_log(log_file)
            if progress and len(done) != reported:
                reported = len(done)
                progress(sum(key(c) in done for c in cases), len(cases))
            if started is not None and time.time() - at > timeout_s:
                worker.kill()
                worker.wait()
                done[key(started)] = failed(started, "timeout", f"no result after {timeout_s:g} s")
                append(log_file, started, done[key(started)])
        done, started, _ = read_log(log_file)
        if started is not None:
            last = _last_line(stderr_file)
            done[key(started)] = failed(started, "crash", f"the process died compiling or running it (exit status "
                                                          f"{worker.returncode})" + (f": {last}" if last else ""))
            append(log_file, started, done[key(started)])


def _last_line(path: Path) -> str:
    """The worker's last line on stderr (an abort's assertion message), without warnings."""
    lines = [x.strip() for x in path.read_text(errors="replace").splitlines() if x.strip()] if path.exists() else []
    lines = [x for x in lines if "Warning" not in x and not x.startswith(("W1", "warnings.warn", "return cls"))]
    if not lines:
        return ""
    last = lines[-1]
    return last if len(last) <= 400 else f"{last[:120]} … {last[-270:]}"


def run_cases_parallel(cases: list, jobs: int, *, log_file: Path, **kwargs) -> dict:
    """run_cases over `jobs` interleaved shards at once, each with its own worker and log (LOG.i.jsonl)."""
    from concurrent.futures import ThreadPoolExecutor

    log_file = Path(log_file)
    progress = kwargs.pop("progress", None)

    def shard(i):
        return run_cases(cases[i::jobs], log_file=log_file.with_suffix(f".{i}.jsonl"),
                         progress=progress if i == 0 else None, **kwargs)

    with ThreadPoolExecutor(jobs) as pool:
        return {k: v for part in pool.map(shard, range(jobs)) for k, v in part.items()}
