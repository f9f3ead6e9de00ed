"""Loads `.pt2` archives with torch.export.load, turning every failure into a one-line user error."""

from __future__ import annotations

import json
import logging
import os
import zipfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import torch

from exir_mlir.errors import ExirUserError


@contextmanager
def _quiet_torch_export_logging() -> Iterator[None]:
    # torch.export.load logs a full traceback as a warning before raising; the user gets our
    # one-line message instead.
    # Its deserializer also warns about details of the archive the user cannot act on.
    loggers = [logging.getLogger(name) for name in ("torch.export", "torch._export")]
    previous = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        for logger, level in zip(loggers, previous):
            logger.setLevel(level)


def _first_line(text: str) -> str:
    lines = [line.strip() for line in str(text).splitlines() if line.strip()]
    return lines[0] if lines else "no message"


def _archive_member(names: list[str], suffix: str) -> str | None:
    # A .pt2 archive has one top-level folder named after the file it was saved as.
    for name in names:
        parts = name.split("/")
        if len(parts) >= 2 and "/".join(parts[1:]) == suffix:
            return name
    return None


def check_pt2_archive(path: Path) -> None:
    """Raises ExirUserError naming what is wrong when `path` is not a readable .pt2 archive of a
    version this torch reads; checks only cheap structural facts, torch.export.load does the rest."""
    from torch._export.serde.schema import SCHEMA_VERSION
    from torch.export.pt2_archive.constants import ARCHIVE_VERSION_VALUE

    if not path.exists():
        raise ExirUserError(f"{path}: no such file")
    if path.is_dir():
        raise ExirUserError(f"{path}: is a directory, expected a .pt2 file")
    with open(path, "rb") as f:
        head = f.read(4)
    if not head.startswith(b"PK"):
        what = "an empty file" if not head else "not a zip archive"
        raise ExirUserError(f"{path}: not a .pt2 file ({what}); save the program with torch.export.save")
    try:
        with zipfile.ZipFile(path) as archive:
            names = archive.namelist()
            damaged = archive.testzip()
            if damaged is not None:
                raise ExirUserError(f"{path}: corrupted .pt2 archive (bad checksum in {damaged})")
            format_member = _archive_member(names, "archive_format")
            if format_member is None or archive.read(format_member).decode(errors="replace") != "pt2":
                hint = " (it looks like a torch.save checkpoint)" if _archive_member(names, "data.pkl") else ""
                raise ExirUserError(
                    f"{path}: a zip archive but not a .pt2 program{hint}; "
                    "save the program with torch.export.save"
                )
            version_member = _archive_member(names, "archive_version")
            version = archive.read(version_member).decode().strip() if version_member else "0"
            if version != ARCHIVE_VERSION_VALUE:
                raise ExirUserError(
                    f"{path}: .pt2 archive version {version} is not readable by torch {torch.__version__} "
                    f"(reads version {ARCHIVE_VERSION_VALUE}); re-export with this torch version"
                )
            model_member = _archive_member(names, "models/model.json")
            if model_member is None:
                raise ExirUserError(f"{path}: .pt2 archive holds no exported program (models/model.json)")
            schema = json.loads(archive.read(model_member)).get("schema_version", {})
            major = schema.get("major")
            if major is not None and major != SCHEMA_VERSION[0]:
                raise ExirUserError(
                    f"{path}: exported with program schema {major}.{schema.get('minor')}, but torch "
                    f"{torch.__version__} reads schema {SCHEMA_VERSION[0]}.x; re-export with this torch version"
                )
    except zipfile.BadZipFile as e:
        raise ExirUserError(f"{path}: truncated or corrupted .pt2 archive ({_first_line(e)})") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ExirUserError(f"{path}: malformed .pt2 archive ({_first_line(e)})") from None


def load_program(path: str | os.PathLike) -> torch.export.ExportedProgram:
    """torch.export.load of a .pt2 file; any failure is an ExirUserError with a one-line message."""
    path = Path(path)
    check_pt2_archive(path)
    try:
        with _quiet_torch_export_logging(), open(path, "rb") as f:
            # A file object, not the path: torch.export.load insists on a ".pt2" suffix for paths.
            return torch.export.load(f)
    except ExirUserError:
        raise
    except Exception as e:  # noqa: BLE001 - any failure of the deserializer is bad input here
        raise ExirUserError(
            f"{path}: cannot load the exported program: {type(e).__name__}: {_first_line(e)}"
        ) from None
