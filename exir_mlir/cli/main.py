"""Entry point of `exir-mlir`: parses the command line and dispatches to a subcommand module."""

from __future__ import annotations

import argparse
import importlib
import sys

from exir_mlir.errors import ExirError, report

# Each name is a module of exir_mlir.cli with `register(subparsers)`; the parser it adds sets
# `func(args) -> int`. Modules are imported here only to build the parser, so a subcommand
# keeps its heavy imports (torch) inside its `func`.
SUBCOMMANDS = ("doctor", "import_", "compile", "run", "ops", "demo")


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("exir-mlir")
    except PackageNotFoundError:
        return "unknown (not installed)"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="exir-mlir", description="Compile PyTorch torch.export programs to native code through MLIR."
    )
    parser.add_argument("--version", action="version", version=f"exir-mlir {_version()}")
    parser.add_argument("--verbose", action="store_true",
                        help="on an error, also print its full detail (MLIR's diagnostics with notes and IR)")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMANDS:
        importlib.import_module(f"exir_mlir.cli.{name}").register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return args.func(args)
    except ExirError as e:
        # One line, no traceback: a user error says what to do next (exit code 2), an internal
        # error is a bug in exir-mlir (exit code 3); exir_mlir.errors has the mapping.
        return report(f"exir-mlir {args.command}", e, verbose=args.verbose)


if __name__ == "__main__":
    sys.exit(main())
