"""`exir-mlir import`: a .pt2 file (or a shipped example model) -> exir-dialect MLIR, or a pre-flight report."""

from __future__ import annotations

import sys
from pathlib import Path

from exir_mlir.cli.common import add_program_arguments, load_exported_program
from exir_mlir.stages import LEVELS


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "import",
        help="import a torch.export program (.pt2) into the exir dialect",
        description="Import a torch.export program (.pt2 from torch.export.save) into the exir "
        "dialect and print or write the MLIR module.",
    )
    add_program_arguments(p)
    p.add_argument("-o", "--output", metavar="FILE", help="write the module here (default: stdout)")
    p.add_argument("--func-name", default="main", help="name of the function (default: main)")
    p.add_argument("--freeze-weights", action="store_true",
                   help="embed parameters, buffers and constants as exir.literal (default: function inputs)")
    p.add_argument("--decompose", action="store_true",
                   help="run torch's core-ATen decompositions (ep.run_decompositions(), then torch._decomp "
                        "for the non-core ops left, as compile does) before importing "
                   "(implied by --to edge/backend/linalg)")
    p.add_argument("--report", action="store_true",
                   help="instead of importing, list every construct `exir-mlir compile` would reject, with its "
                   "source line and reason: runs the decompositions, import and every lowering stage without "
                   "building code (exir_mlir.check)")
    p.add_argument("--codegen", action="store_true",
                   help="with --report: also run the CPU pipeline to the LLVM dialect (no JIT), which finds "
                   "internal errors of code generation")
    p.add_argument("--summary", action="store_true", help="print a summary (ops, inputs, symbols), not the IR")
    p.add_argument("--debug-info", action="store_true", help="print op locations")
    p.add_argument("--to", choices=LEVELS, default="exir",
                   help="lower the imported module to this stage before printing (default: exir)")
    p.add_argument("--no-fusion", action="store_true", help="with --to backend/linalg: form no backend ops")
    p.add_argument("--dump-after-each-stage", metavar="DIR",
                   help="with --to: write the IR after each lowering stage here")
    p.add_argument("--elide-weights", action="store_true",
                   help="leave the weight blobs out of the printed dialect_resources (readable, not runnable)")
    p.set_defaults(func=run)


def _load(args):
    ep, title = load_exported_program(args)
    # The lowering stages take core ATen, as `exir-mlir compile` gives them.
    if args.decompose or args.to != "exir":
        from exir_mlir import lowering
        from exir_mlir.importer import decompose

        decomposed = decompose(ep, handled=lowering.takes_overload)
        return decomposed.ep, title, decomposed.reasons
    return ep, title, {}


def run(args) -> int:
    from exir_mlir.importer import import_program
    from exir_mlir.importer.summary import summarize

    ep, title, notes = _load(args)
    if args.report:
        # What compile would reject, found by running its stages without building code.
        from exir_mlir.checking import check

        ep, title = load_exported_program(args)
        report = check(ep, codegen=args.codegen, fusion=not args.no_fusion)
        print(report.format(title))
        return 0 if report.clean else 1
    module = import_program(ep, func_name=args.func_name, freeze_weights=args.freeze_weights,
                            decomposition_notes=notes)
    if args.to != "exir":
        from exir_mlir.lowering import lower

        lower(module, to=args.to, fusion=not args.no_fusion, dump_dir=args.dump_after_each_stage)
    if args.summary:
        print(summarize(module))
        return 0
    options = {"enable_debug_info": args.debug_info}
    if args.elide_weights:
        options["large_resource_limit"] = 1  # bytes: every blob is larger
    if args.output:
        with open(Path(args.output), "w") as f:
            module.operation.print(file=f, **options)
    else:
        module.operation.print(file=sys.stdout, **options)
        print()
    return 0
