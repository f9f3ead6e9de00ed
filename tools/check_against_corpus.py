"""Hold `exir_mlir.check` against the corpus: for a sample of cases, does check call clean exactly
the programs that compile?

    python tools/check_against_corpus.py --sample 100 --seed 0 [--codegen] [--json out.json]

Each case of test/Corpus (built and exported as the corpus does) is first checked, then compiled
and run by the corpus harness. A *miss* is a program check calls clean that fails to compile; a
*false alarm* is one it flags that compiles. Cases that eager or export cannot run are skipped.
The sample is drawn from docs/corpus.json's counted cases, with that seed.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import warnings
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "test" / "Corpus"))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--codegen", action="store_true", help="check with codegen=True (the CPU pipeline, no JIT)")
    parser.add_argument("--cases", nargs="*", help="these cases instead of a sample")
    parser.add_argument("--json", help="write every case's verdicts here")
    args = parser.parse_args(argv)

    warnings.filterwarnings("ignore")
    import _corpus_case as cc

    import exir_mlir

    if args.cases:
        cases = args.cases
    else:
        results = json.loads((ROOT / "docs" / "corpus.json").read_text())["results"]
        counted = sorted(r["case"] for r in results if r["outcome"] in cc.COUNTED)
        cases = random.Random(args.seed).sample(counted, min(args.sample, len(counted)))
    rows, tally = [], Counter()
    start = time.perf_counter()
    for i, case in enumerate(cases, 1):
        verdict = {}

        def compile_fn(ep, verdict=verdict):
            report = exir_mlir.check(ep, codegen=args.codegen)
            verdict["clean"] = report.clean
            verdict["problems"] = [str(p) for p in report.problems]
            return exir_mlir.compile(ep)

        result = cc.run_case(case, compile_fn=compile_fn)
        if "clean" not in verdict:
            kind = "skipped"  # not exportable / no sample / harness: check never ran
        else:
            compiled = result.outcome != cc.COMPILE_ERROR
            kind = {(True, True): "clean-compiles", (True, False): "MISS",
                    (False, False): "flagged-fails", (False, True): "FALSE-ALARM"}[(verdict["clean"], compiled)]
        tally[kind] += 1
        rows.append({"case": case, "kind": kind, "outcome": result.outcome, "detail": result.detail[:300],
                     **verdict})
        if kind in ("MISS", "FALSE-ALARM"):
            print(f"{kind}: {case}: {result.outcome}: {result.detail[:300]} | {verdict.get('problems')}", flush=True)
        if i % 10 == 0:
            print(f"... {i}/{len(cases)} {dict(tally)} {time.perf_counter() - start:.0f} s", flush=True)
    print(f"{len(cases)} cases: {dict(tally)} in {time.perf_counter() - start:.0f} s")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
    return 0 if not tally["MISS"] else 1


if __name__ == "__main__":
    sys.exit(main())
