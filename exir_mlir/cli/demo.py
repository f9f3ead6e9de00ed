"""`exir-mlir demo`: the main job on a shipped model: export, import, compile, check against eager, time."""

from __future__ import annotations

import statistics
import time

DEFAULT_MODEL = "transformer_block"


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "demo",
        help="export a shipped model, compile it, check it against eager PyTorch and time both",
    )
    p.add_argument("--model", default=DEFAULT_MODEL, help=f"shipped model (default: {DEFAULT_MODEL})")
    p.add_argument("--list", action="store_true", help="list the shipped models and exit")
    p.add_argument("--runs", type=int, default=50, help="timed runs of each (default: 50)")
    p.set_defaults(func=run)


def _median_seconds(fn, args, runs: int) -> float:
    fn(*args)  # warm-up
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        fn(*args)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def run(args) -> int:
    import warnings

    warnings.filterwarnings("ignore", category=FutureWarning)
    import torch

    from exir_mlir.compiler import compile
    from exir_mlir.errors import ExirUserError
    from exir_mlir.importer import import_program, run_decompositions
    from exir_mlir.importer.summary import summarize
    from exir_mlir.models import MODELS, tolerance

    if args.list:
        for name in sorted(MODELS):
            print(name)
        return 0
    if args.model not in MODELS:
        raise ExirUserError(f"unknown model '{args.model}'; shipped models: {', '.join(sorted(MODELS))}")
    module, example_args, dynamic_shapes = MODELS[args.model]()
    print(f"== exporting '{args.model}' with torch.export")
    ep = torch.export.export(module, example_args, dynamic_shapes=dynamic_shapes)
    print("== imported into the exir dialect (after torch's core-ATen decompositions)")
    print(summarize(import_program(run_decompositions(ep))))
    print("== compiling: exir -> edge -> backend -> linalg -> LLVM (CPU)")
    program = compile(ep)
    stages = ", ".join(f"{name} {seconds:.2f} s" for name, seconds in program.stage_seconds.items())
    print(f"compiled in {program.compile_seconds:.2f} s ({stages})")

    eager = ep.module()
    expected = eager(*[a.clone() for a in example_args])
    got = program(*example_args)
    rtol, atol = tolerance(args.model)
    torch.testing.assert_close(got, expected, rtol=rtol, atol=atol)
    print(f"== output matches eager PyTorch (rtol {rtol:g}, atol {atol:g})")

    threads = torch.get_num_threads()
    t_eager = _median_seconds(eager, example_args, args.runs)
    t_ours = _median_seconds(program, example_args, args.runs)
    print(f"== latency, median of {args.runs} runs, {threads} threads")
    print(f"eager PyTorch: {t_eager * 1e6:9.1f} us")
    print(f"exir-mlir:     {t_ours * 1e6:9.1f} us  ({t_ours / t_eager:.2f}x eager)")
    return 0
