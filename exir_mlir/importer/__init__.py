"""Imports torch.export programs (in memory or .pt2) into the exir dialect."""

from exir_mlir.importer.decompositions import Decomposed, decompose
from exir_mlir.importer.loading import load_program
from exir_mlir.importer.program import import_program
from exir_mlir.importer.report import Report, preflight
from exir_mlir.importer import guards  # noqa: F401 - re-exported as exir_mlir.importer.guards
from exir_mlir.importer.summary import summarize
from exir_mlir.importer.torch_workarounds import run_decompositions

__all__ = ["Decomposed", "Report", "decompose", "import_program", "load_program", "preflight", "run_decompositions",
           "summarize"]
