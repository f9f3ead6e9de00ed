"""`check(ep)`: everything in a program that `compile` would reject, found without building code.

It runs what `compile` runs up to the linalg level, the same code and not a model of it: torch's
core-ATen decompositions, the importer (after the import-level pre-flight scan, which lists every
unsupported input kind, dtype and call target at once), then each lowering stage (aten-to-edge,
edge-to-backend, to-linalg), each of which reports every construct it cannot lower, with its
source line, before failing; then codegen's check that only linalg-level ops remain. With
`codegen=True` it also runs the CPU pipeline down to the LLVM dialect (what catches internal
errors of code generation) but never JITs or loads anything.

Its limits, which the report states: a stage only runs on the output of the one before, so once a
stage fails, what later stages would reject is not known (the report says which stages did not
run); without `codegen`, a failure inside the CPU pipeline (always an internal error) or in LLVM's
JIT is not found.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field


from exir_mlir.errors import ExirError, ExirUserError

STAGES = ("decompose", "import", "edge", "backend", "linalg", "codegen")

_DIAGNOSTIC = re.compile(r"^(?P<where>.*?): (?P<what>'[^']+') (?P<why>cannot be lowered to .*)$")


@dataclass
class Problem:
    stage: str  # one of STAGES
    what: str  # the ATen op / construct as the program has it
    where: str  # file:line (node) of the user's code, or "" when the program is not at fault by line
    why: str
    internal: bool = False  # a bug of exir-mlir, not a limit of what it supports

    def __str__(self) -> str:
        kind = "internal error" if self.internal else self.stage
        where = f"{self.where}: " if self.where else ""
        return f"[{kind}] {where}{self.what}: {self.why}" if self.what else f"[{kind}] {where}{self.why}"


@dataclass
class CheckReport:
    problems: list[Problem] = field(default_factory=list)
    stages_run: list[str] = field(default_factory=list)
    stages_not_run: list[str] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        return not self.problems

    def format(self, title: str) -> str:
        lines = [f"check of {title}: stages run: {', '.join(self.stages_run) or 'none'}"]
        if self.clean:
            lines.append("  nothing unsupported found: compile runs these stages without error")
        for problem in self.problems:
            lines.append(f"  {problem}")
        if self.stages_not_run:
            lines.append(f"  not checked: {', '.join(self.stages_not_run)} (they run on the output of the stage "
                         "that failed; fix the above and check again)")
        lines.append(f"summary: {len(self.problems)} problem{'s' if len(self.problems) != 1 else ''}")
        return "\n".join(lines)


def _from_error(stage: str, error: ExirError) -> list[Problem]:
    internal = not isinstance(error, ExirUserError)
    lines = getattr(error, "diagnostics", None)
    if not lines:
        text = str(error).splitlines()[0]
        return [Problem(stage, "", "", text, internal)]
    problems = []
    for line in lines:
        m = _DIAGNOSTIC.match(line)
        if m:
            problems.append(Problem(stage, m["what"].strip("'"), m["where"], m["why"], internal))
        else:
            where, _, why = line.partition(": ")
            problems.append(Problem(stage, "", where, why or line, internal))
    return problems


def _preflight_problems(ep) -> list[Problem]:
    """What blocks import, from the importer's scan of the whole program; when something does, the
    scan's op-name predictions for aten-to-edge too (the stage itself cannot run then)."""
    from exir_mlir.importer.report import ERROR, UNSUPPORTED, preflight

    findings = preflight(ep).findings
    blocking = [f for f in findings if f.severity == ERROR]
    problems = []
    for finding in blocking:
        for place in finding.places or [""]:
            problems.append(Problem("import", f"{finding.category} {finding.what}", place, finding.reason))
    if blocking:
        for finding in (f for f in findings if f.severity == UNSUPPORTED):
            for place in finding.places or [""]:
                problems.append(Problem("edge", f"{finding.category} {finding.what}", place,
                                        f"{finding.reason} (predicted from the op's name: import failed, so "
                                        "the lowering did not run)"))
    return problems


def check(ep, *, codegen: bool = False, fusion: bool = True) -> CheckReport:
    """Every construct of `ep` (an ExportedProgram or a .pt2 path) that `exir_mlir.compile` would
    reject, each with its stage, source line and reason; see the module's docstring for limits."""
    from exir_mlir import importer, lowering
    from exir_mlir.compiler import exported_program
    from exir_mlir.lowering.pipeline import run_stage

    ep = exported_program(ep, "exir_mlir.check")
    report = CheckReport()

    def stop(stage: str) -> CheckReport:
        report.stages_not_run = list(STAGES[STAGES.index(stage) + 1:])
        return report

    report.stages_run.append("decompose")
    try:
        # What compile does: torch's core-ATen table, then torch._decomp's and exir-mlir's own
        # decompositions of the non-core ops that survive it (a report that skipped them would
        # call ops compile takes "not decomposed").
        result = importer.decompose(ep, handled=lowering.takes_overload)
        decomposed = result.ep
    except ExirError as e:
        report.problems += _from_error("decompose", e)
        return stop("decompose")
    except Exception as e:  # noqa: BLE001 - torch's own failure, as compile reports it
        first = next((line for line in str(e).splitlines() if line.strip()), "")
        report.problems.append(Problem("decompose", "", "", f"ep.run_decompositions() failed: "
                                       f"{type(e).__name__}: {first[:300]}"))
        return stop("decompose")
    report.stages_run.append("import")
    report.problems += _preflight_problems(decomposed)
    if report.problems:
        return stop("import")
    try:
        module = importer.import_program(decomposed, decomposition_notes=result.reasons)
    except ExirError as e:
        report.problems += _from_error("import", e)
        return stop("import")
    for stage in lowering.STAGES:
        report.stages_run.append(stage)
        try:
            run_stage(module, stage, fusion=fusion, reproducer=False)
        except ExirError as e:
            report.problems += _from_error(stage, e)
            return stop(stage)
    report.stages_run.append("codegen (CPU pipeline to LLVM, no JIT)" if codegen else "codegen (linalg-only check)")
    from exir_mlir import codegen as cg

    try:
        job = cg.prepare(module)
        if codegen:
            cg.compile_to_llvm(job)
    except ExirError as e:
        report.problems += _from_error("codegen", e)
    return report
