"""Start-up time of exir-mlir-opt on a small file (the bar: under 1 s), median of several runs."""

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RUNS = 7
IR = "func.func @f(%x: i32) -> i32 {\n  %0 = arith.addi %x, %x : i32\n  return %0 : i32\n}\n"


def main() -> int:
    opt = Path(sys.executable).parent / "exir-mlir-opt"
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(IR)
    timings = {}
    for label, extra in (("parse+print", []), ("with a pipeline", ["-p", "builtin.module(canonicalize,cse)"])):
        samples = []
        for _ in range(RUNS):
            start = time.perf_counter()
            subprocess.run([str(opt), f.name, *extra], check=True, capture_output=True)
            samples.append(time.perf_counter() - start)
        timings[label] = statistics.median(samples)
    for label, seconds in timings.items():
        print(f"exir-mlir-opt start-up, {label}: {seconds * 1000:.0f} ms (median of {RUNS}; bar: 1000 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
