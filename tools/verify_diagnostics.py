"""Checks emitted diagnostics against `// expected-error {{...}}` comments, as mlir-opt does."""

from __future__ import annotations

import re
from dataclasses import dataclass

from exir_mlir._mlir import ir

_EXPECTED = re.compile(
    r"expected-(?P<kind>error|warning|note|remark)\s*"
    r"(?:@(?P<offset>[+-]\d+|above|below))?\s*\{\{(?P<message>.*?)\}\}"
)

_SEVERITY = {
    ir.DiagnosticSeverity.ERROR: "error",
    ir.DiagnosticSeverity.WARNING: "warning",
    ir.DiagnosticSeverity.NOTE: "note",
    ir.DiagnosticSeverity.REMARK: "remark",
}


@dataclass
class Expected:
    kind: str
    line: int  # 1-based line in the buffer the diagnostic must point at
    message: str
    comment_line: int
    matched: bool = False


@dataclass
class Emitted:
    kind: str
    line: int | None  # None when the location carries no file position
    message: str
    where: str  # file:line of the location (which may be another file than the input), else the location


def parse_expectations(text: str) -> list[Expected]:
    expectations = []
    lines = text.split("\n")
    for number, line in enumerate(lines, start=1):
        for m in _EXPECTED.finditer(line):
            offset = m.group("offset")
            target = number
            if offset in ("above", "below"):
                step = -1 if offset == "above" else 1
                target = number + step
                # like MLIR: skip lines that only hold further expectations
                while 1 <= target <= len(lines) and _EXPECTED.search(lines[target - 1]) and not lines[
                    target - 1
                ].split("//")[0].strip():
                    target += step
            elif offset:
                target = number + int(offset)
            expectations.append(Expected(m.group("kind"), target, m.group("message"), number))
    return expectations


def file_position(location: ir.Location) -> tuple[str, int] | None:
    """(file, line) of the first file position inside a (fused / call-site / named) location."""
    if location.is_a_file():
        return location.filename, location.start_line
    if location.is_a_callsite():
        return file_position(location.callee)
    if location.is_a_fused():
        for child in location.locations:
            position = file_position(child)
            if position is not None:
                return position
        return None
    if location.is_a_name():
        return file_position(location.child_loc)
    return None


def emitted_from(diagnostic, severity: str | None = None) -> list[Emitted]:
    kind = severity or _SEVERITY.get(diagnostic.severity, "error")
    position = file_position(diagnostic.location)
    line = position[1] if position else None
    where = f"{position[0]}:{position[1]}" if position else str(diagnostic.location)
    out = [Emitted(kind, line, diagnostic.message, where)]
    for note in diagnostic.notes:
        out.extend(emitted_from(note, "note"))
    return out


def check(text: str, emitted: list[Emitted], buffer_name: str) -> list[str]:
    """Returns the failures (empty when every expectation matched and nothing else was emitted)."""
    expectations = parse_expectations(text)
    failures = []
    expects_notes = any(e.kind == "note" for e in expectations)
    for diag in emitted:
        match = next(
            (
                e
                for e in expectations
                if not e.matched and e.kind == diag.kind and e.line == diag.line and e.message in diag.message
            ),
            None,
        )
        if match:
            match.matched = True
        elif diag.kind == "note" and not expects_notes:
            continue  # "see current operation" notes cannot be switched off from Python
        else:
            where = f"{buffer_name}:{diag.line}" if diag.line else diag.where
            failures.append(f"{where}: unexpected {diag.kind}: {diag.message}")
    for e in expectations:
        if not e.matched:
            failures.append(
                f"{buffer_name}:{e.comment_line}: expected {e.kind} on line {e.line} was not produced: {e.message}"
            )
    return failures
