"""Helpers of the test/Import lit tests: a `TEST: name` banner per case, export + import in one call."""

from __future__ import annotations

import warnings

import torch

from exir_mlir.importer import import_program

# torch.export's FutureWarnings would interleave with the IR that FileCheck reads.
warnings.filterwarnings("ignore")


def run_test(f):
    """Prints the banner the test's `CHECK-LABEL: TEST: <name>` anchors to, then runs the case."""
    print("TEST:", f.__name__, flush=True)
    f()
    return f


def export(module: torch.nn.Module, args: tuple, dynamic_shapes=None, *, decompose: bool = False):
    ep = torch.export.export(module, args, dynamic_shapes=dynamic_shapes)
    return ep.run_decompositions() if decompose else ep


def import_and_print(module, args, dynamic_shapes=None, *, decompose=False, debug_info=False, **options):
    """Exports `module`, imports it (which verifies the module) and prints the IR."""
    m = import_program(export(module, args, dynamic_shapes, decompose=decompose), **options)
    m.operation.print(enable_debug_info=debug_info)
    print(flush=True)
    return m


def print_error(f) -> None:
    """Runs `f` and prints `ERROR: <ExceptionClass>: <message>` (or `NO ERROR`)."""
    try:
        f()
    except Exception as e:  # noqa: BLE001 - the test checks which class and message come out
        print(f"ERROR: {type(e).__name__}: {e}", flush=True)
    else:
        print("NO ERROR", flush=True)
