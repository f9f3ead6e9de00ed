"""exir-mlir-opt: parse, verify, run a pass pipeline (upstream and exir-mlir passes), print."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from exir_mlir._mlir import ir
from exir_mlir.errors import (
    EXIT_FAILED,
    EXIT_INTERNAL_ERROR,
    ExirError,
    ExirUserError,
    is_internal_error_message,
    report,
)
from exir_mlir.tools import verify_diagnostics

SPLIT_MARKER = "// -----"
# A top-level attribute or type alias definition, up to the end of its line.
_TOP_LEVEL_ALIAS = re.compile(r"^[#!][\w.$-]+\s*=.*$", re.MULTILINE)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="exir-mlir-opt",
        description="Run upstream MLIR and exir-mlir passes on a .mlir file (like mlir-opt), "
        "with the exir, edge and backend dialects loaded.",
    )
    p.add_argument("input", nargs="?", default="-", help="input .mlir file ('-' for stdin)")
    p.add_argument("-o", dest="output", default="-", help="output file ('-' for stdout)")
    p.add_argument("--pass-pipeline", "-p", dest="pipeline", default=None,
                   help="textual pipeline, e.g. 'builtin.module(aten-to-edge,canonicalize)'")
    p.add_argument("--split-input-file", action="store_true",
                   help=f"split the input at '{SPLIT_MARKER}' and process each chunk on its own")
    p.add_argument("--verify-diagnostics", action="store_true",
                   help="check emitted diagnostics against expected-error/warning/note/remark comments")
    p.add_argument("--mlir-print-ir-after-all", action="store_true", help="print the IR after each pass (stderr)")
    p.add_argument("--mlir-print-op-generic", action="store_true", help="print every op in generic form")
    p.add_argument("--mlir-print-debuginfo", action="store_true", help="print locations")
    p.add_argument("--allow-unregistered-dialect", action="store_true")
    p.add_argument("--no-verify-each", action="store_true", help="do not verify the IR after each pass")
    p.add_argument("--list-passes", action="store_true", help="list exir-mlir's own passes and exit")
    return p


def _parse(text: str, buffer_name: str) -> ir.Operation:
    """Parse like mlir-opt: a lone top-level op that is not a module gets an implicit one."""
    try:
        op = ir.Operation.parse(text, source_name=buffer_name).operation
        if op.name == "builtin.module":
            return op
    except ir.MLIRError as e:
        if "single top-level operation" not in str(e):
            raise
    # Wrap without adding lines, so that line numbers in diagnostics stay those of the file:
    # `module {` goes right after the last top-level alias definition (`#map = ...`, which
    # must stay outside), and a trailing `{-# dialect_resources ... #-}` block stays after it.
    body, marker, resources = text.partition("{-#")
    aliases_end = 0
    for match in _TOP_LEVEL_ALIAS.finditer(body):
        aliases_end = match.end()
    wrapped = body[:aliases_end] + " module {" + body[aliases_end:] + "}\n" + marker + resources
    return ir.Operation.parse(wrapped, source_name=buffer_name).operation


def _process_chunk(text: str, buffer_name: str, args, context: ir.Context, emitted: list) -> str | None:
    """Returns the printed result, or None when the chunk failed (diagnostics in `emitted`)."""
    # Lazily, here and below: `exir-mlir-opt --help` starts without loading the dialects' op
    # tables and the pass modules.
    from exir_mlir.dialects import verify_module
    from exir_mlir.passes import build_pass_manager

    try:
        module = _parse(text, buffer_name)
        # What IRDL cannot check (element types, optional attributes, type-agreement traits):
        # errors are emitted as diagnostics at the op, like the IRDL ones.
        if verify_module(module):
            return None
        if args.pipeline:
            pm = build_pass_manager(args.pipeline, context)
            pm.enable_verifier(not args.no_verify_each)
            if args.mlir_print_ir_after_all:
                pm.enable_ir_printing(print_generic_op_form=args.mlir_print_op_generic)
            pm.run(module)
        module.verify()
        if args.pipeline and verify_module(module):
            return None
    except ir.MLIRError as e:
        for diag in e.error_diagnostics:
            emitted.extend(verify_diagnostics.emitted_from(diag))
        if not emitted:  # an MLIRError without diagnostics still must not pass silently
            emitted.append(verify_diagnostics.Emitted("error", None, str(e), buffer_name))
        # IRDL's messages do not name the operand or attribute: notes from the op table do.
        from exir_mlir.dialects import explain_parse_failure

        emitted.extend(verify_diagnostics.Emitted("note", line, message, buffer_name)
                       for line, message in explain_parse_failure(text))
        return None
    return module.get_asm(
        print_generic_op_form=args.mlir_print_op_generic, enable_debug_info=args.mlir_print_debuginfo
    )


def _format_diagnostic(diag: verify_diagnostics.Emitted, chunk_name: str) -> str:
    # `where` names the location's own file: an imported op points at the user's model.py line.
    where = diag.where if diag.line is not None else f"{chunk_name}: {diag.where}"
    return f"{where}: {diag.kind}: {diag.message}"


def run(args) -> int:
    from exir_mlir.dialects import load_dialects

    text = sys.stdin.read() if args.input == "-" else Path(args.input).read_text()
    buffer_name = "<stdin>" if args.input == "-" else args.input
    chunks = text.split(SPLIT_MARKER) if args.split_input_file else [text]
    outputs, failures, status = [], [], 0
    for index, chunk in enumerate(chunks):
        # Each chunk is parsed as its own buffer, so line numbers are chunk-relative (as in mlir-opt),
        # and gets a fresh context so that no state leaks between chunks.
        if args.split_input_file:
            chunk_name = f"{buffer_name} (chunk {index + 1})"
        else:
            chunk_name = buffer_name
        with ir.Context() as context, ir.Location.unknown():
            context.allow_unregistered_dialects = args.allow_unregistered_dialect
            load_dialects(context)
            emitted: list = []
            warnings = []

            def on_diagnostic(diag, _sink=warnings):
                _sink.extend(verify_diagnostics.emitted_from(diag))
                return True

            handler = context.attach_diagnostic_handler(on_diagnostic)
            try:
                printed = _process_chunk(chunk, buffer_name, args, context, emitted)
            finally:
                handler.detach()
            emitted = warnings + emitted
        if args.verify_diagnostics:
            failures.extend(verify_diagnostics.check(chunk, emitted, chunk_name))
        else:
            for diag in emitted:
                print(_format_diagnostic(diag, chunk_name), file=sys.stderr)
            if printed is None:
                # exit codes as exir-mlir's (exir_mlir.errors): an internal error is a bug in a pass
                internal = any(d.kind == "error" and is_internal_error_message(d.message) for d in emitted)
                status = max(status, EXIT_INTERNAL_ERROR if internal else EXIT_FAILED)
        if printed is not None:
            outputs.append(printed)
    if failures:
        print("\n".join(failures), file=sys.stderr)
        status = max(status, EXIT_FAILED)
    result = f"\n{SPLIT_MARKER}\n".join(o.rstrip("\n") for o in outputs) + "\n"
    if args.output == "-":
        sys.stdout.write(result)
    else:
        Path(args.output).write_text(result)
    return status


def _register_passes() -> None:
    """Import the modules whose passes the driver offers (importing one registers its passes)."""
    import exir_mlir.codegen  # noqa: F401
    import exir_mlir.lowering  # noqa: F401


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        _register_passes()
        if args.list_passes:
            from exir_mlir.passes import registered_passes

            for info in registered_passes().values():
                print(f"  {info.name}: {info.description}")
                for name, opt in info.options.items():
                    print(f"      {name}={opt.type.__name__} (default {opt.default}): {opt.help}")
            return 0
        return run(args)
    except ExirError as e:
        return report("exir-mlir-opt", e)
    except FileNotFoundError as e:
        return report("exir-mlir-opt", ExirUserError(f"cannot read input: {e}"))


if __name__ == "__main__":
    sys.exit(main())
