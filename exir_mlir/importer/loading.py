"""Loads `.pt2` archives with torch.export.load, once checked, turning every failure into a one-line user error."""

from __future__ import annotations

import json
import logging
import os
import struct
import zipfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import torch

from exir_mlir.errors import ExirUserError
from exir_mlir.importer.pt2_archive import ArchiveView, check_members, check_zip_layout


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


def check_pt2_archive(path: Path, *, trust_pickle: bool = False) -> None:
    """Raises ExirUserError naming what is wrong when `path` is not a readable .pt2 archive of a
    version this torch reads, or (unless `trust_pickle`) when loading it could run code from the
    file (see pt2_archive); reads the zip as data, torch.export.load does the rest."""
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
            # The layout first: testzip reads every member.
            view = ArchiveView(archive, check_zip_layout(archive, path), path)
            damaged = archive.testzip()
            if damaged is not None:
                raise ExirUserError(f"{path}: corrupted .pt2 archive (bad checksum in {damaged})")
            if not view.has("archive_format") or view.read("archive_format", 64).decode(errors="replace") != "pt2":
                hint = " (it looks like a torch.save checkpoint)" if view.has("data.pkl") else ""
                raise ExirUserError(
                    f"{path}: a zip archive but not a .pt2 program{hint}; "
                    "save the program with torch.export.save"
                )
            version = view.read("archive_version", 64).decode().strip() if view.has("archive_version") else "0"
            if version != ARCHIVE_VERSION_VALUE:
                raise ExirUserError(
                    f"{path}: .pt2 archive version {version} is not readable by torch {torch.__version__} "
                    f"(reads version {ARCHIVE_VERSION_VALUE}); re-export with this torch version"
                )
            if not view.has("models/model.json"):
                raise ExirUserError(f"{path}: .pt2 archive holds no exported program (models/model.json)")
            program = view.read_json("models/model.json")
            schema = program.get("schema_version") if isinstance(program, dict) else None
            major = schema.get("major") if isinstance(schema, dict) else None
            if major is not None and major != SCHEMA_VERSION[0]:
                raise ExirUserError(
                    f"{path}: exported with program schema {major}.{schema.get('minor')}, but torch "
                    f"{torch.__version__} reads schema {SCHEMA_VERSION[0]}.x; re-export with this torch version"
                )
            check_members(view, trust_pickle=trust_pickle)
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ExirUserError(f"{path}: malformed .pt2 archive ({_first_line(e)})") from None
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, OverflowError, ValueError, struct.error) as e:
        # What zipfile raises on a damaged or crafted directory or header.
        raise ExirUserError(f"{path}: truncated or corrupted .pt2 archive ({_first_line(e)})") from None


def _register_quantized_ops() -> None:
    """PT2E int8 programs call `quantized_decomposed::*`, a library torch defines in a module it
    does not import itself (torchao's convert_pt2e does): the deserializer needs the ops."""
    import torch.ao.quantization.fx._decomposed  # noqa: F401 - registers the ops; import on use (start-up time)


def load_program(path: str | os.PathLike, *, trust_pickle: bool = False) -> torch.export.ExportedProgram:
    """torch.export.load of a .pt2 file; any failure is an ExirUserError with a one-line message.

    A file whose loading would unpickle data or otherwise run code from it (pickled weights or
    constants, custom or opaque objects, legacy pickled files, ...: see pt2_archive) is refused
    unless `trust_pickle=True`; set it only for files you trust."""
    path = Path(path)
    check_pt2_archive(path, trust_pickle=trust_pickle)
    _register_quantized_ops()
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
