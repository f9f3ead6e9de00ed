"""docs/corpus.json results -> docs/corpus.md: the summary, the counts per outcome and failure class, the table."""

from __future__ import annotations

import re
from collections import Counter, defaultdict

from _corpus_case import (
    COUNTED, diagnostic, MATCH, MISMATCH, MODES, NO_SAMPLE, NOT_EXPORTABLE, OUTCOMES, SAMPLES, TOLERANCES, parse,
)
from _corpus_known import KNOWN_MISMATCHES

REGENERATE = "python test/Corpus/_gen_corpus.py --jobs 2"
_CELL = {MATCH: "✓", MISMATCH: "**MISMATCH**", NOT_EXPORTABLE: "not exportable", NO_SAMPLE: "—"}


def _pct(n: int, d: int) -> str:
    return f"{100.0 * n / d:.1f}%" if d else "-"


def _esc(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _reason(r: dict) -> str:
    """class: the first failing op, its stage and reason (or the error's first line)."""
    if r["outcome"] in (MATCH, NO_SAMPLE):
        return ""
    op, stage, reason = diagnostic(r["detail"])
    detail = f"{op} → {stage}: {reason}" if op else r["detail"].split(" reproduce with:")[0]
    return f"{r['klass']}: {detail}" if r["klass"] else detail


def message_shape(detail: str) -> str:
    """What failed, without the specifics: `op` (stage): reason for a lowering diagnostic (numbers in the reason
    blanked), else the message with locations and numbers blanked. Groups the cases of one failure."""
    op, stage, reason = diagnostic(detail)
    if op:
        return f"`{op}` → {stage}: {re.sub(r'[0-9]+', 'N', reason)}"[:200]
    text = detail.split(" reproduce with:")[0]
    text = re.sub(r"\S+\.py:\d+:\d+", "<loc>", text)
    text = re.sub(r"\(node [^)]*\)", "(node …)", text)
    text = re.sub(r"/tmp/\S+", "<tmp>", text)
    text = re.sub(r"0x[0-9a-f]+|[0-9]+", "N", text)
    return text[:200]


def display(case: str) -> str:
    """The program's name in the tables: the OpInfo name, or nn.<layer>."""
    source, name, *_ = parse(case)
    return name if source == "opinfo" else f"nn.{name}"


def _examples(names, n: int) -> str:
    names = sorted(set(names), key=str.lower)
    return ", ".join(f"`{x}`" for x in names[:n]) + (f", … ({len(names)})" if len(names) > n else "")


def render_markdown(results: dict[str, dict]) -> str:
    by_mode = {m: [r for r in results.values() if parse(r["case"])[4] == m] for m in MODES}
    counted = {m: [r for r in rs if r["outcome"] in COUNTED] for m, rs in by_mode.items()}
    all_counted = [r for rs in counted.values() for r in rs]
    matched = sum(r["outcome"] == MATCH for r in all_counted)
    mismatches = sorted((r for r in all_counted if r["outcome"] == MISMATCH), key=lambda r: r["case"])
    pairs = {parse(r["case"])[:4] for r in all_counted}
    per_mode = "; ".join(
        f"{m} {sum(r['outcome'] == MATCH for r in counted[m])} / {len(counted[m])} "
        f"({_pct(sum(r['outcome'] == MATCH for r in counted[m]), len(counted[m]))})" for m in MODES)
    opinfos = {parse(r["case"])[1] for r in results.values() if r["case"].startswith("opinfo:")}
    layers = {parse(r["case"])[1] for r in results.values() if r["case"].startswith("nn:")}
    lines = [
        f"<!-- GENERATED FILE, DO NOT EDIT. Regenerate with: {REGENERATE} -->",
        "# Differential corpus: programs exir-mlir did not write, compiled and compared with eager",
        "",
        f"**{len(pairs)} (program, sample) pairs that eager runs and torch.export exports ({len(all_counted)} "
        f"static and dynamic exports): {matched} ({_pct(matched, len(all_counted))}) compile and match eager — "
        f"{per_mode}. Silent mismatches: {len(mismatches)}.**",
        "",
        f"The programs: every entry of torch's OpInfo database (`op_db`, {len(opinfos)} entries here, not only",
        "core ATen ops) called on its first samples per dtype ("
        + ", ".join(f"{d}: {n}" for d, n in SAMPLES.items()) + "; of the first 8 samples, those with a "
        "dim of size >= 2 first), and "
        f"{len(layers)} `torch.nn` layers (conv, pool, norm, rnn, attention, loss, activation, ...) in eval mode",
        "and, for norms, train mode, on a batch of 3. Each is exported twice with non-strict `torch.export`:",
        "`static`, and `dynamic` with every dim of every tensor input `Dim.AUTO` (OpInfo; export keeps sizes 0",
        "and 1 and what the op pins static) or the batch dim a `Dim(\"batch\")` (nn layers). `exir_mlir.compile(ep)`",
        "(default options), run on the sample and compared with eager PyTorch; a dynamic program is run again",
        "on the inputs grown by 1 (or 2) along every dim that stayed dynamic, tiled from the sample, and compared",
        "again (skipped where eager or the program's own guards refuse those sizes: see the `second` field of",
        "the json). Tolerances (rtol, atol) by output dtype: "
        + ", ".join(f"{d} ({t[0]:g}, {t[1]:g})" for d, t in TOLERANCES.items())
        + "; NaN positions must match. A float result outside them still matches when it is no farther from",
        "the same program run in f64 than eager's own result is (ill-conditioned ops). Results of ops that are",
        "random (eager differs under two seeds) or uninitialized (`empty*`) are compared by dtype and shape.",
        "",
        "Outcomes: `match`; `mismatch` runs and returns WRONG VALUES without an error (a bug, always);",
        "`compile-error` `exir_mlir.compile` raised; `run-error` the compiled program raised; `crash` the",
        "process died; `timeout` no result in 120 s; `not-exportable` eager cannot run the sample or",
        "torch.export cannot export it (not counted); `no-sample` the OpInfo has fewer samples (not counted).",
        "Failure classes (from the error): `non-core-op` an op left after `run_decompositions()` that exir has",
        "no op for; `dynamic-shape` refused for a symbolic size; `op-variant` an unsupported form of a",
        "supported op (`ExirUserError`); `dtype`; `layout` sparse tensors (exir-mlir compiles strided",
        "ones); `scalar` symbolic scalars and scalar results;",
        "`internal-error` anything that is not a clear `ExirUserError` (verifier failures in the CPU",
        "pipeline, Python exceptions).",
        "",
        "test/Corpus/test_corpus.py runs a fixed-size rotating slice of these cases in CI (see its docstring).",
        "",
        "## Outcomes",
        "",
        "| outcome | " + " | ".join(MODES) + " | total |",
        "| --- | " + " | ".join("---:" for _ in MODES) + " | ---: |",
    ]
    for outcome in OUTCOMES:
        n = {m: sum(r["outcome"] == outcome for r in by_mode[m]) for m in MODES}
        if sum(n.values()):
            lines.append(f"| {outcome} | " + " | ".join(str(n[m]) for m in MODES) + f" | {sum(n.values())} |")
    lines += ["", "## By dtype", "",
              "OpInfo cases by the sample's dtype (nn layers are f32): matching / counted, per mode.", "",
              "| dtype | " + " | ".join(MODES) + " |", "| --- | " + " | ".join("---:" for _ in MODES) + " |"]
    for dtype in SAMPLES:
        cells = []
        for m in MODES:
            rs = [r for r in counted[m] if parse(r["case"])[2] == dtype and r["case"].startswith("opinfo:")]
            if rs:
                ok = sum(r["outcome"] == MATCH for r in rs)
                cells.append(f"{ok} / {len(rs)} ({_pct(ok, len(rs))})")
            else:
                cells.append("not run")
        lines.append(f"| {dtype} | " + " | ".join(cells) + " |")
    lines += ["", "## Failures by class", "",
              "| outcome | class | " + " | ".join(MODES) + " | example programs |",
              "| --- | --- | " + " | ".join("---:" for _ in MODES) + " | --- |"]
    classes: dict[tuple, dict] = defaultdict(lambda: {m: [] for m in MODES})
    for r in all_counted:
        if r["outcome"] != MATCH:
            classes[(r["outcome"], r["klass"])][parse(r["case"])[4]].append(r)
    for (outcome, klass), rows in sorted(classes.items(), key=lambda kv: -sum(len(v) for v in kv[1].values())):
        examples = _examples([display(r["case"]) for rs in rows.values() for r in rs], 8)
        lines.append(f"| {outcome} | {klass} | " + " | ".join(str(len(rows[m])) for m in MODES) + f" | {examples} |")

    lines += ["", f"## Silent mismatches ({len(mismatches)})", "",
              "Each is a wrong answer without an error: the highest-priority bugs. test_corpus.py expects exactly",
              "the ones listed in test/Corpus/_corpus_known.py (with their reason) and fails on any other.", ""]
    for r in mismatches:
        known = KNOWN_MISMATCHES.get(r["case"])
        lines.append(f"- `{r['case']}`: {_esc(r['detail'][:400])}"
                     + (f" — known: {_esc(known)}" if known else " — **not in _corpus_known.py**"))
    if not mismatches:
        lines.append("(none)")

    lines += ["", "## Most common errors", "",
              "The 40 most common errors (the first failing op, its stage and reason; else the message with numbers",
              "and locations blanked), with the programs they stop.", "",
              "| cases | static | dynamic | outcome | error | programs |", "| ---: | ---: | ---: | --- | --- | --- |"]
    shapes: dict[tuple, list] = defaultdict(list)
    for r in all_counted:
        if r["outcome"] not in (MATCH, MISMATCH):
            shapes[(r["outcome"], message_shape(r["detail"]))].append(r)
    for (outcome, shape), rows in sorted(shapes.items(), key=lambda kv: -len(kv[1]))[:40]:
        modes = Counter(parse(r["case"])[4] for r in rows)
        examples = _examples([display(r["case"]) for r in rows], 6)
        lines.append(f"| {len(rows)} | {modes['static']} | {modes['dynamic']} | {outcome} | {_esc(shape)} | {examples} |")

    lines += ["", "## Every case", "",
              "One row per (program, dtype, sample); the reason is the static export's, and the dynamic one's",
              "when it differs (truncated: the json has the whole first line of the error).", "",
              "| program | dtype | sample | static | dynamic | reason |", "| --- | --- | ---: | --- | --- | --- |"]
    rows: dict[tuple, dict] = defaultdict(dict)
    for r in results.values():
        source, name, dtype, sample, mode = parse(r["case"])
        rows[(source != "opinfo", name, dtype, sample)][mode] = r
    for (is_nn, name, dtype, sample), by in sorted(rows.items()):
        name = f"nn.{name}" if is_nn else name
        cells = [_CELL.get(by[m]["outcome"], by[m]["outcome"]) if m in by else "" for m in MODES]
        reasons = [_reason(by[m]) for m in MODES if m in by]
        reasons = [x for i, x in enumerate(reasons) if x and x not in reasons[:i]]
        reason = " / dynamic: ".join(_esc(x[:200]) for x in reasons)
        lines.append(f"| `{name}` | {dtype} | {sample} | " + " | ".join(cells) + f" | {reason} |")
    lines.append("")
    return "\n".join(lines)
