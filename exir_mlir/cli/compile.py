"""`exir-mlir compile`: compile a program for the CPU, keep it in a cache dir, report the stages' times."""

from __future__ import annotations

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
    p.set_defaults(func=run)


def run(args) -> int:
    ep, title = load_exported_program(args)
    program = compile_from_args(ep, args)
    stages = ", ".join(f"{name} {seconds:.2f} s" for name, seconds in program.stage_seconds.items())
    print(f"compiled {title} in {program.compile_seconds:.2f} s ({stages})")
    if args.cache_dir:
        print(f"compiled code cached in {args.cache_dir}")
    if args.dump_after_each_stage:
        print(f"IR after each stage in {args.dump_after_each_stage}")
    return 0
