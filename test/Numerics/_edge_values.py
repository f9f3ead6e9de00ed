"""Edge-value numerics: each claimed (op, dtype) program run on NaN, +-inf, -0.0, exact .5 ties, equal
values and large magnitudes, compared with eager (same tolerances, NaN positions must match).

    python test/Numerics/_edge_values.py                 # every claimed pair (writes docs/edge-values.*)
    python test/Numerics/_edge_values.py --ops aten::round,aten::remainder.Tensor   # only these (others kept)
    python test/Numerics/_edge_values.py --dtypes f32,i64  # only these dtypes (others kept)
    python test/Numerics/_edge_values.py --jobs 2        # two worker processes at once
    python test/Numerics/_edge_values.py --missing       # pairs the json lacks
    python test/Numerics/_edge_values.py --from-log /tmp/exir-edge-values-*/log.0.jsonl   # keep an interrupted run
    python test/Numerics/_edge_values.py --render-only   # rewrite the .md from the .json

The program is the one the per-op sweep compiles (the OpInfo sample of the dtype, after
`torch.manual_seed(0)`, exported by test/Lowering/_op_sweep.py). It is compiled once; then each variant
replaces the values (not the shapes) of the program's user inputs of the pair's dtype, the compiled
program and `ep.module()` run on the same tensors, and `_numerics_check.compare` compares them.
Integer inputs of a float pair (indices, sizes) are left alone. A variant on which eager raises (an
index out of range) is `skipped`: our program is not run there (it would read out of bounds).

Variants (float dtypes):
- specials: NaN, +inf, -inf, -0.0, 0.0 mixed with ordinary values, a different phase per input.
- ties: exact halves (0.5, 1.5, 2.5, -0.5, -2.5) and the *same* values in every input (a == b, ties
  in max/argmax/sort).
- large: +-1e30 (f32) / +-6e4 (f16) / +-1e38 (bf16) and ordinary values (exp overflow, softmax).
Integer dtypes: `large` only (values near 2**(bits-2), negatives, 0, -1), and `ties`.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
import warnings
from dataclasses import asdict, dataclass
from pathlib import Path

import torch
from torch.utils import _pytree as pytree

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _numerics_check import (  # noqa: E402
    ROOT, SAMPLE_SEED, TIES_UNORDERED, VALUES_UNSPECIFIED, _clone, _compare_ties_unordered,
    F64_REFERENCE_DTYPES, _less_accurate_than_eager, compare, overload_name, torch_dtype,
)

EDGE_JSON = ROOT / "docs" / "edge-values.json"
EDGE_MD = ROOT / "docs" / "edge-values.md"
REGENERATE = "python test/Numerics/_edge_values.py"
PAIR_TIMEOUT_S = 180
FLOAT_DTYPES = ("f32", "f16", "bf16")
INT_DTYPES = ("i32", "i64")
VARIANTS = ("specials", "ties", "large")

MATCHES, DIFFERS, RUN_ERROR, SKIPPED, NOT_COMPILED = "matches", "differs", "run-error", "skipped", "not-compiled"

_LARGE = {torch.float32: 1e30, torch.float16: 6.0e4, torch.bfloat16: 1e38}
_SPECIALS = [float("nan"), 1.0, float("inf"), -2.0, -0.0, float("-inf"), 0.0, 3.0, float("nan"), -1.0, 0.25]
_TIES = [0.5, 1.5, 2.5, -0.5, -2.5, 0.5, -1.5, 3.5, 2.5, -3.5, 0.5]


def _large(dtype):
    big = _LARGE[dtype]
    return [big, -1.0, -big, 2.0, big / 4, 0.5, -big / 2, 3.0]


def _int_large(dtype):
    top = 2 ** (torch.iinfo(dtype).bits - 2)
    return [top, -1, -top, 0, 7, -7, top - 1, 1]


def variant_values(variant: str, dtype: torch.dtype) -> list | None:
    if dtype.is_floating_point:
        return {"specials": _SPECIALS, "ties": _TIES, "large": _large(dtype)}[variant]
    if variant == "large":
        return _int_large(dtype)
    if variant == "ties":
        return [2, 2, -3, -3, 0, 0, 5, 5]
    return None


def filled(t: torch.Tensor, values: list, phase: int) -> torch.Tensor:
    n = t.numel()
    cycle = torch.tensor(values, dtype=torch.float64 if t.dtype.is_floating_point else torch.int64)
    idx = (torch.arange(n) + phase) % len(values)
    return cycle[idx].to(t.dtype).reshape(t.shape)


def edge_inputs(args, kwargs, dtype: torch.dtype, variant: str):
    """The inputs with every tensor of `dtype` refilled: phase 0 for all in `ties` (equal inputs), a
    different phase per tensor otherwise. None when the variant does not apply (no tensor refilled)."""
    values = variant_values(variant, dtype)
    if values is None:
        return None
    leaves, spec = pytree.tree_flatten((args, kwargs))
    count = 0
    out = []
    for leaf in leaves:
        if isinstance(leaf, torch.Tensor) and leaf.dtype == dtype and leaf.numel() > 0:
            phase = 0 if variant == "ties" else 3 * count
            out.append(filled(leaf, values, phase))
            count += 1
        else:
            out.append(leaf.clone() if isinstance(leaf, torch.Tensor) else leaf)
    if count == 0:
        return None
    return pytree.tree_unflatten(out, spec)


@dataclass
class EdgeOutcome:
    overload: str
    dtype: str
    results: dict  # variant -> [result, detail]
    seconds: float = 0.0


def _first_line(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {' '.join(str(exc).split())[:200]}"


def check_edges(op, dtype: str, variants=VARIANTS) -> EdgeOutcome:
    """Compile the pair's program once and run each variant against eager."""
    import exir_mlir
    from _op_sweep import program_for

    name = overload_name(op)
    start = time.perf_counter()
    results: dict[str, list[str]] = {}

    def done():
        return EdgeOutcome(name, dtype, results, round(time.perf_counter() - start, 2))

    torch.manual_seed(SAMPLE_SEED)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ep = program_for(op, torch_dtype(dtype))
    if ep is None:
        results["all"] = [NOT_COMPILED, "no OpInfo sample"]
        return done()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            program = exir_mlir.compile(ep, num_threads=1)
    except Exception as exc:  # noqa: BLE001 - the per-op sweep records compile failures; nothing to compare
        results["all"] = [NOT_COMPILED, _first_line(exc)]
        return done()
    args, kwargs = ep.example_inputs
    for variant in variants:
        inputs = edge_inputs(args, kwargs, torch_dtype(dtype), variant)
        if inputs is None:
            continue
        v_args, v_kwargs = inputs
        try:
            with torch.no_grad(), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                expected = ep.module()(*_clone(v_args), **_clone(v_kwargs))
        except Exception as exc:  # noqa: BLE001 - eager rejects these values: ours is not run on them
            results[variant] = [SKIPPED, "eager raises: " + _first_line(exc)]
            continue
        try:
            actual = program(*_clone(v_args), **_clone(v_kwargs))
        except Exception as exc:  # noqa: BLE001
            results[variant] = [RUN_ERROR, _first_line(exc)]
            continue
        if name in TIES_UNORDERED:
            difference = _compare_ties_unordered(ep, op, v_args, v_kwargs, actual, expected)
        else:
            difference = compare(actual, expected, values=name not in VALUES_UNSPECIFIED)
        if difference and dtype in F64_REFERENCE_DTYPES:
            difference = _less_accurate_than_eager(ep, v_args, v_kwargs, actual, expected, difference)
        results[variant] = [DIFFERS, difference] if difference else [MATCHES, ""]
    return done()


# ----------------------------------------------------------------------------- recorded outcomes


def edge_pairs() -> list[tuple[str, str]]:
    """Claimed pairs of the dtypes the variants refill, that match eager on their OpInfo sample."""
    from _gen_op_numerics import read_results

    return sorted(k for k, r in read_results().items()
                  if k[1] in FLOAT_DTYPES + INT_DTYPES and r.result == "matches")


def read_edges(path: Path = EDGE_JSON) -> dict[tuple[str, str], EdgeOutcome]:
    if not path.exists():
        return {}
    return {(r["overload"], r["dtype"]): EdgeOutcome(**r) for r in json.loads(path.read_text())["results"]}


def write_edges(results, path: Path = EDGE_JSON) -> None:
    rows = []
    for k in sorted(results):
        r = asdict(results[k])
        r["seconds"] = 0.0  # timings change run to run: not recorded (the file must reproduce exactly)
        rows.append(r)
    path.write_text(json.dumps({"generated_by": REGENERATE, "results": rows}, indent=1, sort_keys=True) + "\n")


# Why a recorded difference from eager is expected (not a bug). Anything differing and not listed here
# is an open bug: the .md lists it under "Open bugs".
KNOWN_DIFFERENCES: dict[tuple[str, str], str] = {
    ("aten::native_layer_norm", "large"): (
        "rows of +-1e30 overflow the f32 variance (x^2 > 3.4e38) in both: eager returns NaN, ours 0; the true "
        "result (about +-1.22) needs a rescaled variance neither computes (at 1e20 both return 0)"),
    ("aten::native_group_norm", "large"): (
        "bf16 inputs, weight and bias of +-1e38: eager returns NaN, ours equals the f64 reference run of the same "
        "program (-4.98e37): no NaN to match"),
}


# (op, dtype, variant) whose outcome depends on the machine's accumulation order: either "matches" or
# "differs" is accepted there (test_edge_values), the reason says why. Every other pair must keep the
# recorded outcome on every machine.
MACHINE_DEPENDENT: dict[tuple[str, str, str], str] = {
    ("aten::convolution", "bf16", "large"): (
        "bf16 inputs and weights of +-1e37..1e38: products of +-1e75 overflow the f32 accumulator with both "
        "signs. Multiplied and then added (eager), +inf + -inf gives NaN in any order; with fused multiply-adds "
        "the first overflow's sign sticks (fma(a, b, +inf) = +inf for a finite exact a * b), so which one comes "
        "first decides: NaN as eager on AVX-512 (recorded), +inf on AVX2 (Zen 3). The true result (f64: "
        "-2.48e75) is -inf in bf16: neither eager nor ours gives it"),
}


def render_markdown(results) -> str:
    counts = {v: [0, 0] for v in VARIANTS}
    open_bugs, known = [], []
    for (op, dtype), r in sorted(results.items()):
        for variant, (result, detail) in sorted(r.results.items()):
            if variant in counts:
                counts[variant][1] += result != SKIPPED
                counts[variant][0] += result == MATCHES
            line = f"- `{op}` ({dtype}, {variant}, {result}): {detail}".rstrip()
            if result in (DIFFERS, RUN_ERROR):
                reason = KNOWN_DIFFERENCES.get((op, variant))
                (known if reason else open_bugs).append(line + (f" — known: {reason}" if reason else ""))
    lines = [
        f"<!-- GENERATED FILE, DO NOT EDIT. Regenerate with: {REGENERATE} -->",
        "# Edge-value numerics: NaN, inf, -0.0, .5 ties, equal values, large magnitudes",
        "",
        "Every (op, dtype) that matches eager in [op-numerics.md](op-numerics.md) (float and i32/i64 pairs),",
        "its OpInfo program compiled once and run with its inputs' values replaced (shapes kept); compared",
        "with eager under the same tolerances, NaN positions must match. See test/Numerics/_edge_values.py",
        "for the variants. test/Numerics/test_edge_values.py re-checks a rotating slice in CI and fails",
        "when an outcome differs from this record (regenerate, and commit the diff).",
        "",
        "| variant | runs and matches eager / run |",
        "| --- | --- |",
        *(f"| {v} | {m} / {n} |" for v, (m, n) in counts.items()),
        "",
        "## Open bugs (differs from eager, no known reason)",
        "",
        *(open_bugs or ["(none)"]),
        "",
        "## Known differences",
        "",
        *(known or ["(none)"]),
        "",
        "## Outcomes that depend on the machine (either is accepted)",
        "",
        *(f"- `{op}` ({dtype}, {variant}): {reason}" for (op, dtype, variant), reason in sorted(MACHINE_DEPENDENT.items())),
        "",
    ]
    return "\n".join(lines)


# ----------------------------------------------------------------------------- generator


def _worker(pairs_file: Path, log_file: Path) -> int:
    from _numerics_check import core_ops_by_name
    from _worker_pool import worker_loop

    ops = core_ops_by_name()
    return worker_loop(pairs_file, log_file, lambda pair: asdict(check_edges(ops[pair[0]], pair[1])), max_cases=40)


def main(argv=None) -> int:
    from _worker_pool import run_cases_parallel

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", default="")
    parser.add_argument("--dtypes", default=",".join(FLOAT_DTYPES + INT_DTYPES))
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--render-only", action="store_true")
    parser.add_argument("--missing", action="store_true", help="only pairs the json lacks")
    parser.add_argument("--from-log", type=Path, help="merge the finished pairs of an interrupted run's log.N.jsonl")
    parser.add_argument("--worker", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return _worker(Path(args.worker[0]), Path(args.worker[1]))
    if args.render_only:
        EDGE_MD.write_text(render_markdown(read_edges()))
        return 0
    if args.from_log:
        results = read_edges()
        for line in args.from_log.read_text().splitlines():
            entry = json.loads(line)
            if "case" in entry:
                results[tuple(entry["case"])] = EdgeOutcome(**entry["result"])
        write_edges(results)
        EDGE_MD.write_text(render_markdown(results))
        print(f"{len(results)} pairs recorded")
        return 0
    ops = set(filter(None, args.ops.split(",")))
    pairs = edge_pairs()
    dtypes = set(args.dtypes.split(","))
    todo = [p for p in pairs if (not ops or p[0] in ops) and p[1] in dtypes]
    if args.missing:
        todo = [p for p in todo if p not in read_edges()]

    def failed(pair, what, detail):
        return asdict(EdgeOutcome(*pair, {"all": [what, detail]}))

    work = Path(tempfile.mkdtemp(prefix="exir-edge-values-"))
    start = time.perf_counter()
    done = run_cases_parallel([list(p) for p in todo], args.jobs, script=__file__, log_file=work / "log.jsonl",
                              timeout_s=PAIR_TIMEOUT_S, failed=failed, cwd=ROOT,
                              progress=lambda n, total: print(f"[{n}/{total}]", flush=True))
    results = {k: v for k, v in read_edges().items() if k in set(pairs)}
    results.update({k: EdgeOutcome(**v) for k, v in done.items()})
    write_edges(results)
    EDGE_MD.write_text(render_markdown(results))
    print(f"wrote {EDGE_MD.relative_to(ROOT)}: {len(todo)} pairs ({time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
