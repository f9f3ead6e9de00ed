"""Calls of a bounds-checked build (`compile(..., check_bounds=True)`): a failed check is a Python error.

The build (exir_mlir.codegen.pipeline.insert_bounds_checks) checks every memref access and view at run
time; a failing check skips its access and stores a pointer to its message in the global
`_mlir_exir_bounds_error` of the compiled code. This wrapper clears that global before each call and raises
`OutOfBoundsError` with the message after a call that set it. Calls of one program from several threads
share the global: a failure is reported by one of them.
"""

from __future__ import annotations

import ctypes
import threading

from exir_mlir.errors import INDEX_ERROR_PREFIX, RUNTIME_CHECK_PREFIX, ExirInternalError, failed_check_error

# = exir_mlir.codegen.pipeline.BOUNDS_ERROR_SYMBOL. The `_mlir_` prefix: the ExecutionEngine's
# Python lookup (raw_lookup) finds the symbol `_mlir_NAME` for NAME, as it does packed entry points.
BOUNDS_ERROR_SYMBOL = "_mlir_exir_bounds_error"


class OutOfBoundsError(ExirInternalError):
    """A bounds-checked program would have read or written outside a buffer; the access was skipped.

    `message`: MLIR's runtime-verification text (the op, what is out of bounds, its location)."""


def _error_slot(executable) -> ctypes.c_void_p:
    engine = executable.engine
    if isinstance(engine, ctypes.CDLL):
        return ctypes.c_void_p.in_dll(engine, BOUNDS_ERROR_SYMBOL)
    address = engine.raw_lookup(BOUNDS_ERROR_SYMBOL.removeprefix("_mlir_"))
    if not address:
        raise ExirInternalError(f"the bounds-checked program has no '{BOUNDS_ERROR_SYMBOL}' global")
    return ctypes.c_void_p.from_address(address)


def error_slot_or_none(executable) -> ctypes.c_void_p | None:
    """The program's error global, or None for code built without one (every build since the
    index-range checks has it; see exir_mlir.codegen.pipeline.report_failed_asserts)."""
    try:
        return _error_slot(executable)
    except (ValueError, ExirInternalError, AttributeError):
        return None


def raise_failed_check(slot: ctypes.c_void_p) -> None:
    """After a call that set the error global: clear it and raise the check's message as a Python error
    (IndexOutOfRangeError for an index-range check, RuntimeCheckError for a torch._check or linalg error
    check, OutOfBoundsError for a bounds-checked build's)."""
    failed = slot.value
    slot.value = None
    message = ctypes.string_at(failed).decode(errors="replace")
    if message.startswith((INDEX_ERROR_PREFIX, RUNTIME_CHECK_PREFIX)):
        raise failed_check_error(message)
    message = message.removeprefix("ERROR: Runtime op verification failed\n")
    raise OutOfBoundsError(
        f"out-of-bounds memory access caught by the bounds-checked build (the access was skipped): {message}")


class BoundsCheckedProgram:
    """A CompiledProgram of a bounds-checked build, called one call at a time. The program itself reads
    the error global after every call and raises (raise_failed_check: OutOfBoundsError here, and the
    outputs of such a call are not returned); the lock keeps concurrent calls from reporting each
    other's failure, since they share the one global. Other attributes are the program's."""

    def __init__(self, program) -> None:
        self.program = program
        try:
            _error_slot(program.executable)
        except ValueError as exc:
            raise ExirInternalError(f"the bounds-checked program has no '{BOUNDS_ERROR_SYMBOL}' global") from exc
        self._lock = threading.Lock()

    def __call__(self, *args, **kwargs):
        with self._lock:
            return self.program(*args, **kwargs)

    def __getattr__(self, name):
        return getattr(self.program, name)
