"""Failed run-time checks of a call -> Python errors; the wrapper of bounds-checked builds.

Every compiled entry point takes one more argument than its signature lists, last: a pointer to
the call's error slot (a `const char *`, null before the call). A failed run-time check (an index
out of range, a `torch._check` on a data-dependent value, a linalg error check, and in a
bounds-checked build `compile(..., check_bounds=True)` every memref access and view) stores a
pointer to its message there and the compiled code returns at once, its results unset
(exir_mlir.codegen.pipeline.report_failed_asserts). The caller owns the slot: CompiledProgram keeps
one per call frame (exir_mlir.runtime.fastcall.Frame), so concurrent calls of one program from
several threads each see their own failure only, and calls raise_failed_check when it is set.
"""

from __future__ import annotations

import ctypes

from exir_mlir.errors import INDEX_ERROR_PREFIX, RUNTIME_CHECK_PREFIX, ExirInternalError, failed_check_error


class OutOfBoundsError(ExirInternalError):
    """A bounds-checked program would have read or written outside a buffer; it stopped before the access.

    `message`: MLIR's runtime-verification text (the op, what is out of bounds, its location)."""


def raise_failed_check(slot: ctypes.c_void_p) -> None:
    """After a call that set its error slot: clear the slot and raise the check's message as a Python
    error (IndexOutOfRangeError for an index-range check, RuntimeCheckError for a torch._check or linalg
    error check, OutOfBoundsError for a bounds-checked build's)."""
    failed = slot.value
    slot.value = None
    message = ctypes.string_at(failed).decode(errors="replace")
    if message.startswith((INDEX_ERROR_PREFIX, RUNTIME_CHECK_PREFIX)):
        raise failed_check_error(message)
    message = message.removeprefix("ERROR: Runtime op verification failed\n")
    raise OutOfBoundsError(
        f"out-of-bounds memory access caught by the bounds-checked build (the program stopped before it): {message}")


class BoundsCheckedProgram:
    """A CompiledProgram of a bounds-checked build. Its calls raise OutOfBoundsError (from their own
    error slot, like every program's failed checks); concurrent calls are independent. Other
    attributes are the program's."""

    def __init__(self, program) -> None:
        self.program = program

    def __call__(self, *args, **kwargs):
        return self.program(*args, **kwargs)

    def __getattr__(self, name):
        return getattr(self.program, name)
