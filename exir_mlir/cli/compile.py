"""`exir-mlir compile`: compile a program for the CPU, keep it in a cache dir, report the stages' times."""

from __future__ import annotations

from exir_mlir.errors import ExirUserError
from exir_mlir.cli.common import add_compile_arguments, add_program_arguments, compile_from_args, load_exported_program


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "compile",
        help="compile a torch.export program (.pt2) to native CPU code",
        description="Compile a .pt2 program through exir -> edge -> backend -> linalg -> LLVM. With "
        "--cache-dir the compiled code is kept, and `exir-mlir run --cache-dir` reuses it.",
    )
    add_program_arguments(p)
    add_compile_arguments(p)
    p.add_argument("--emit", choices=("ptx", "cubin"), help="with --target cuda: write each kernel's PTX (or the "
                   "cubin ptxas assembles from it) to --emit-dir")
    p.add_argument("--emit-dir", metavar="DIR", default=".", help="where --emit writes the kernels (default: .)")
    p.set_defaults(func=run)


def run(args) -> int:
    ep, title = load_exported_program(args)
    program = compile_from_args(ep, args)
    if args.emit and not args.target.startswith("cuda:") and args.target != "cuda":
        raise ExirUserError("--emit ptx/cubin needs --target cuda, cuda:sm_80 or cuda:sm_90")
    if hasattr(program, "kernels"):
        kernels = program.kernels
        print(f"compiled {title} for {kernels.chip}: {len(kernels.ptx)} kernels in {kernels.seconds:.2f} s "
              "(PTX only: exir-mlir has no CUDA runtime to run them yet)")
        if args.emit:
            for path in kernels.write(args.emit_dir, format=args.emit):
                print(path)
        return 0
    stages = ", ".join(f"{name} {seconds:.2f} s" for name, seconds in program.stage_seconds.items())
    print(f"compiled {title} in {program.compile_seconds:.2f} s ({stages})")
    if args.cache_dir:
        print(f"compiled code cached in {args.cache_dir}")
    if args.dump_after_each_stage:
        print(f"IR after each stage in {args.dump_after_each_stage}")
    return 0
