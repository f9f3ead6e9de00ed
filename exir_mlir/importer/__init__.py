"""Imports torch.export programs (in memory or .pt2) into the exir dialect."""

from exir_mlir.importer.loading import load_program
from exir_mlir.importer.program import import_program

__all__ = ["import_program", "load_program"]
