"""Where exir-mlir writes files nobody asked to keep: one folder per process, removed at exit.

`scratch_dir()` is `$TMPDIR/exir-mlir-<pid>-XXXX`, made on first use and removed by an atexit
hook (a forked child makes its own). Reproducers of internal errors are the exception: they are
written to `reproducer_dir()`, `$TMPDIR/exir-mlir-reproducers` (one folder shared by every
process, `$EXIR_MLIR_REPRODUCER_DIR` to put it elsewhere), because the message that names them
is printed as the process exits. A user who wants the IR of each stage passes `dump_dir` /
`--dump-after-each-stage`, and finds reproducers there instead.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
import threading
import time
from pathlib import Path

_LOCK = threading.Lock()
_DIR: Path | None = None
_PID: int | None = None

REPRODUCER_DIR_ENV = "EXIR_MLIR_REPRODUCER_DIR"


def _remove(path: Path, pid: int) -> None:
    if os.getpid() == pid:  # a forked child's copy of the hook leaves its parent's folder alone
        shutil.rmtree(path, ignore_errors=True)


def scratch_dir() -> Path:
    """This process's temporary folder (removed when the process exits)."""
    global _DIR, _PID
    with _LOCK:
        if _DIR is None or _PID != os.getpid() or not _DIR.is_dir():
            _PID = os.getpid()
            _DIR = Path(tempfile.mkdtemp(prefix=f"exir-mlir-{_PID}-"))
            atexit.register(_remove, _DIR, _PID)
        return _DIR


def reproducer_dir() -> Path:
    """The folder that keeps reproducers of internal errors after the process exits."""
    path = Path(os.environ.get(REPRODUCER_DIR_ENV) or Path(tempfile.gettempdir()) / "exir-mlir-reproducers")
    path.mkdir(parents=True, exist_ok=True)
    return path


def reproducer_path(stage: str, suffix: str = ".mlir") -> Path:
    """A new file name in reproducer_dir() for the input of `stage`."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    fd, name = tempfile.mkstemp(dir=reproducer_dir(), prefix=f"{stamp}-{os.getpid()}-{stage}-", suffix=suffix)
    os.close(fd)
    return Path(name)
