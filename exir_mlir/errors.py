"""Error classes: what the user did wrong versus what went wrong inside exir-mlir, and their exit codes."""

from __future__ import annotations

import re
import sys


class ExirError(Exception):
    """Base class of every error exir-mlir raises on purpose.

    `detail`: the full text behind the message (MLIR's diagnostics with their notes and IR), shown
    by `exir-mlir --verbose`; `reproducer`: a file that reproduces an internal error, or None.
    """

    detail: str | None = None
    reproducer = None


class ExirUserError(ExirError):
    """Bad input (unsupported op, dtype or shape, malformed file): the message says what to do."""


class ExirInternalError(ExirError):
    """A bug in exir-mlir: a stage produced IR that the next one cannot accept, or a pattern raised."""


class ToolchainError(ExirUserError):
    """A tool or library of the MLIR/LLVM toolchain is missing: the message names the package."""


# Exit codes of `exir-mlir` and `exir-mlir-opt`.
EXIT_FAILED = 1  # exir-mlir-opt: the input did not parse, verify or pass (as mlir-opt), diagnostics printed
EXIT_USER_ERROR = 2  # ExirUserError: one line saying what to do
EXIT_INTERNAL_ERROR = 3  # any other ExirError: a bug in exir-mlir

# Diagnostics of internal errors start with this, so that the driver that runs the pass pipeline
# (which sees only diagnostics) tells them from user errors.
INTERNAL_ERROR_PREFIX = "internal error: "


def internal_error_message(what: str) -> str:
    """The text of a diagnostic that reports a bug in exir-mlir, not in the user's program."""
    return f"{INTERNAL_ERROR_PREFIX}{what} (a bug in exir-mlir; please report it with the reproducer)"


def is_internal_error_message(message: str) -> bool:
    return message.startswith(INTERNAL_ERROR_PREFIX)


def exit_code(error: ExirError) -> int:
    return EXIT_USER_ERROR if isinstance(error, ExirUserError) else EXIT_INTERNAL_ERROR


_FILE_LINE = re.compile(r'"([^"]+)":(\d+):(\d+)')
_QUOTED = re.compile(r'"([^"]*)"(:\d+:\d+)?')
_OP_METADATA = re.compile(r'fused<"([^"]*)">')


def location_ops(loc) -> list[str]:
    """The ATen overloads an importer location names in its metadata (`fused<"aten::relu">[...]`), in order,
    without repeats: one for an op made from one node, several for ops fused from several nodes."""
    return list(dict.fromkeys(_OP_METADATA.findall(str(loc))))


def describe_location(loc) -> str:
    """`model.py:12:8 (node relu_1)` from an importer location (a FusedLoc of the user's file line
    and the node's name), given as an ir.Location or its text."""
    text = _OP_METADATA.sub("fused", str(loc))
    where = _FILE_LINE.search(text)
    names = [name for name, file_line in _QUOTED.findall(text) if not file_line and name]
    if where:
        out = f"{where.group(1)}:{where.group(2)}:{where.group(3)}"
    else:  # a program loaded from a .pt2 has no stack traces: its locations are node names only
        out = "unknown source line" if names or text in ("loc(unknown)", "") else text
    if names:
        out += f" (node {names[0]})"
    return out


def report(program: str, error: ExirError, *, verbose: bool = False) -> int:
    """Print `error` on stderr (no traceback) and return its exit code; `verbose` adds its detail."""
    kind = "error" if isinstance(error, ExirUserError) else "internal error"
    print(f"{program}: {kind}: {error}", file=sys.stderr)
    if verbose and error.detail:
        print(f"detail:\n{error.detail}", file=sys.stderr)
    if not isinstance(error, ExirUserError):
        print(f"(exit code {exit_code(error)}: a bug in exir-mlir"
              + ("" if verbose else "; --verbose shows the full detail") + ")", file=sys.stderr)
    return exit_code(error)


# The message of a failed run-time index check (lowering/to_linalg/index_checks.py) starts with this.
INDEX_ERROR_PREFIX = "index out of range in "


class IndexOutOfRangeError(ExirUserError, IndexError):
    """An index value of a gather or scatter op (index_select, gather, x[idx], embedding, index_put,
    scatter, index_add) was outside [-n, n) at run time, where torch raises IndexError. The call stopped
    at the check, before the op ran, and its outputs are discarded."""


# The message of a failed run-time check of a condition (lowering/aten_to_edge/symbolic.py: torch._check
# on data-dependent values, the linalg errors of cholesky/inv/solve) starts with this.
RUNTIME_CHECK_PREFIX = "run-time check failed: "
# A run-time check whose message starts with this guards a value exir-mlir's code cannot compute (e.g. the sign
# bit of a NaN: importer/decompositions_float.py), where eager runs on.
UNSUPPORTED_VALUE_PREFIX = "exir-mlir cannot compute "


class RuntimeCheckError(ExirUserError, RuntimeError):
    """A condition that eager PyTorch checks while it runs failed at run time: a `torch._check` (or a
    size assumption export recorded) on a data-dependent value such as `.item()` or a `nonzero` count,
    or a linalg error (cholesky of a matrix that is not positive-definite, inv/solve of a singular one).
    Eager raises RuntimeError there; the call's outputs are discarded."""


def failed_check_error(message: str, where: str = "") -> ExirUserError:
    """The Python error of a failed run-time check from its message (the compiled program's
    call's error slot, exir_mlir.runtime.bounds): IndexOutOfRangeError or RuntimeCheckError. `where`: appended, e.g.
    " (from 'model.so')"."""
    if message.startswith(RUNTIME_CHECK_PREFIX):
        text = message.removeprefix(RUNTIME_CHECK_PREFIX)
        if text.startswith(UNSUPPORTED_VALUE_PREFIX):  # a value the compiled code cannot compute, eager can
            return RuntimeCheckError(f"{text} (eager PyTorch computes a result here; exir-mlir's code cannot: "
                                     f"the call's outputs were discarded){where}")
        return RuntimeCheckError(f"{text} (eager PyTorch raises RuntimeError here; the call's outputs were "
                                 f"discarded){where}")
    return IndexOutOfRangeError(message[:1].upper() + message[1:] + " (torch raises IndexError here; "
                                "the call's outputs were discarded)" + where)
