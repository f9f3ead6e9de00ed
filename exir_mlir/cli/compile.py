"""`exir-mlir compile`: compile a program for the CPU, keep it in a cache dir, report the stages' times;
with `-o model.so`, write a native shared library instead (exir_mlir.export_library)."""

from __future__ import annotations

from exir_mlir.errors import ExirUserError
from exir_mlir.cli.common import add_compile_arguments, add_program_arguments, compile_from_args, load_exported_program


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "compile",
        help="compile a torch.export program (.pt2) to native CPU code",
        description="Compile a .pt2 program through exir -> edge -> backend -> linalg -> LLVM. With "
        "--cache-dir the compiled code is kept, and `exir-mlir run --cache-dir` reuses it. With -o model.so, "
        "write a shared library that runs without Python, torch or MLIR (its C header is written beside it "
        "as model.h; `exir_mlir.runtime.load('model.so')` runs it from Python with numpy only).",
    )
    add_program_arguments(p)
    add_compile_arguments(p)
    p.add_argument("-o", "--output", metavar="FILE.so", help="write a native shared library (ahead of time)")
    p.add_argument("--weights", choices=("embedded", "external"), default="embedded",
                   help="with -o: keep the weights inside the .so (default), or in FILE.so.weights, which the "
                        "library maps when an instance is created")
    p.add_argument("--emit", choices=("ptx", "cubin"), help="with --target cuda: write each kernel's PTX (or the "
                   "cubin ptxas assembles from it) to --emit-dir")
    p.add_argument("--timings", action="store_true",
                   help="print the seconds of each compile step (import, aten-to-edge, edge-to-backend, to-linalg, "
                        "codegen and its passes, llvm: optimization and machine code, load)")
    p.add_argument("--emit-dir", metavar="DIR", default=".", help="where --emit writes the kernels (default: .)")
    p.set_defaults(func=run)


def _check_flags(args) -> None:
    # Before the program is loaded: a wrong combination of flags fails at once.
    from exir_mlir.errors import ExirUserError

    if not args.output:
        if args.weights != "embedded":
            raise ExirUserError("--weights applies to a native library: add -o model.so")
        return
    if args.cache_dir or args.dump_after_each_stage or args.timings:
        raise ExirUserError("--cache-dir, --dump-after-each-stage and --timings apply to the JIT; drop them with -o")
    if not args.output.endswith(".so"):
        raise ExirUserError(f"-o writes a shared library: name it '*.so', got '{args.output}'")


def run(args) -> int:
    _check_flags(args)
    ep, title = load_exported_program(args)
    if args.output:
        import time
        from pathlib import Path

        from exir_mlir.aot import export_library

        start = time.perf_counter()
        name = args.model or Path(args.program).stem  # what exir_model_name() says
        path = export_library(ep, args.output, weights=args.weights, fusion=not args.no_fusion,
                              num_threads=args.threads, name=name)
        size = path.stat().st_size
        print(f"wrote {path} ({size / 1e6:.2f} MB) and its header {path.with_suffix('.h')} from {title} in "
              f"{time.perf_counter() - start:.2f} s")
        if args.weights == "external":
            weights = Path(f"{path}.weights")
            print(f"weights in {weights} ({weights.stat().st_size / 1e6:.2f} MB): keep it next to the library")
        return 0
    program = compile_from_args(ep, args)
    if args.emit and not args.target.startswith("cuda:") and args.target != "cuda":
        raise ExirUserError("--emit ptx/cubin needs --target cuda, cuda:sm_80 or cuda:sm_90")
    if hasattr(program, "kernels"):
        kernels = program.kernels
        print(f"compiled {title} for {kernels.chip}: {len(kernels.ptx)} kernels in {kernels.seconds:.2f} s "
              "(`exir-mlir run --target cuda` runs them on a CUDA device)")
        if args.emit:
            for path in kernels.write(args.emit_dir, format=args.emit):
                print(path)
        return 0
    stages = ", ".join(f"{name} {seconds:.2f} s" for name, seconds in program.stage_seconds.items())
    print(f"compiled {title} in {program.compile_seconds:.2f} s ({stages})")
    if args.timings:
        from exir_mlir.stages import format_timings

        print(format_timings(program.stage_seconds, program.stage_details))
    if args.cache_dir:
        print(f"compiled code cached in {args.cache_dir}")
    if args.dump_after_each_stage:
        print(f"IR after each stage in {args.dump_after_each_stage}")
    return 0
