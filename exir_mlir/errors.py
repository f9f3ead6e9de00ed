"""Error classes: what the user did wrong versus what went wrong inside exir-mlir, and their exit codes."""

from __future__ import annotations

import sys


class ExirError(Exception):
    """Base class of every error exir-mlir raises on purpose."""


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


def report(program: str, error: ExirError) -> int:
    """Print `error` as one line on stderr (no traceback) and return its exit code."""
    kind = "error" if isinstance(error, ExirUserError) else "internal error"
    print(f"{program}: {kind}: {error}", file=sys.stderr)
    return exit_code(error)
