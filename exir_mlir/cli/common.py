"""What several subcommands share: where the program comes from (.pt2 or a shipped model)."""

from __future__ import annotations

import argparse
import warnings

from exir_mlir.errors import ExirUserError


def add_program_arguments(p: argparse.ArgumentParser) -> None:
    source = p.add_mutually_exclusive_group(required=True)
    source.add_argument("program", nargs="?", help="the .pt2 file (torch.export.save)")
    source.add_argument("--model", metavar="NAME", help="a shipped example model instead (see `exir-mlir demo --list`)")
    p.add_argument("--trust-pickle", action="store_true",
                   help="load a .pt2 even when that unpickles data or otherwise runs code from the file "
                        "(pickled weights or constants, custom objects); only for files you trust")


def load_exported_program(args):
    """The ExportedProgram named on the command line, and a title for messages."""
    # torch's pytree and export emit FutureWarnings meant for torch developers, not our users.
    warnings.filterwarnings("ignore", category=FutureWarning)
    if args.model:
        from exir_mlir.models import MODELS, export_model

        if args.model not in MODELS:
            raise ExirUserError(f"unknown model '{args.model}'; shipped models: {', '.join(sorted(MODELS))}")
        return export_model(args.model), f"model '{args.model}'"
    from exir_mlir.importer import load_program

    return load_program(args.program, trust_pickle=args.trust_pickle), args.program


def add_compile_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--no-fusion", action="store_true", help="skip the edge-to-backend fusions")
    p.add_argument("--threads", type=int, default=0, help="worker threads (default: every core)")
    p.add_argument("--cache-dir", metavar="DIR", help="keep compiled code here, reused across processes")
    p.add_argument("--dump-after-each-stage", metavar="DIR", help="write the IR after each lowering stage here")
    p.add_argument("--target", default="cpu", choices=("cpu", "cuda", "cuda:sm_80", "cuda:sm_90", "cuda-on-cpu"),
                   help="cpu (default); cuda[:sm_80|sm_90]: GPU kernels (PTX, see --emit; not runnable here: no "
                   "CUDA runtime yet); cuda-on-cpu: the GPU-mapped program run on this CPU")


def compile_from_args(ep, args):
    from exir_mlir.compiler import compile

    return compile(ep, target=getattr(args, "target", "cpu"), fusion=not args.no_fusion, num_threads=args.threads,
                   cache_dir=args.cache_dir, dump_dir=args.dump_after_each_stage)
