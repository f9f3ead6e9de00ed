"""Latency of eager PyTorch, torch.compile (inductor), AOTInductor and exir-mlir (static and
dynamic shapes) per model, interleaved in one process, in the default environment.

Prints, per model, the latency of each (a trimmed mean of interleaved calls) at the same thread count, the ratios and the cold
compile times, plus the per-call overhead of a one-op program and a case that alternates an eager
op with a compiled call, and the compile time alone of a ResNet-18; then, per model, the time a
second process takes to load its machine code from `cache_dir`; writes the tables to
docs/performance.md with the machine and its load.
Nothing in the environment is set by the script: users do not set OMP_WAIT_POLICY either.

Usage: python benchmarks/bench_models.py [--threads 1,2] [--repeats R] [--models a,b] [--no-inductor]
       [--no-aoti] [--output docs/performance.md]
"""

from __future__ import annotations

import argparse
import copy
import datetime
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import torch
from torch.export import Dim

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import interleaved_latencies, machine_description  # noqa: E402

from exir_mlir.models import MODELS, tolerance  # noqa: E402
from exir_mlir.models.convnets import (AudioCNN, Conv3dBlock, MobileNetV2, ResNet18, UNet,  # noqa: E402
                                       randomize_batch_norm_stats)
from exir_mlir.models.mlp import MLP, ElementwiseChain  # noqa: E402
from exir_mlir.models.quantized import quantize_pt2e  # noqa: E402
from exir_mlir.models.transformer import EmbeddingMean, SoftmaxAttention, TransformerBlock  # noqa: E402
from exir_mlir.models.vision import ResidualBlock, SmallCNN  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Bench:
    """A model, its inputs, and the dynamic_shapes that mark its batch (and sequence) dims."""

    module: torch.nn.Module
    args: tuple
    dynamic: Any  # None: no dynamic build (its inputs have no batch dim)
    tolerance: tuple[float, float] = (1e-4, 1e-4)  # (rtol, atol) every build must meet against eager


def _batch(*dims_per_input) -> tuple:
    batch = Dim("batch", min=1, max=1024)
    return tuple({0: batch} if has else None for has in dims_per_input)


def _benchmarks() -> dict[str, Bench]:
    """Models at sizes where compute, not per-call overhead, decides, plus the shipped small ones."""
    torch.manual_seed(0)
    seq = Dim("seq", min=2, max=512)
    batch = Dim("batch", min=1, max=64)
    q, k, v = (torch.randn(4, 4, 128, 64) for _ in range(3))
    attention_dims = tuple({0: batch, 2: seq} for _ in range(3))
    length = Dim("length", min=2, max=1 << 24)
    shipped = {name: MODELS[name]() for name in ("cond", "while_loop", "buffer_mutation")}
    return {
        "mlp": Bench(MLP(512, 1024, 256).eval(), (torch.randn(64, 512),), _batch(True)),
        "cnn": Bench(SmallCNN(3, 10).eval(), (torch.randn(32, 3, 16, 16),), _batch(True)),
        "residual_block": Bench(ResidualBlock(16, 32, 2).eval(), (torch.randn(8, 16, 32, 32),), _batch(True)),
        "transformer_block": Bench(TransformerBlock(dim=256, heads=4).eval(), (torch.randn(4, 64, 256),),
                                   ({0: batch, 1: seq},)),
        "attention": Bench(SoftmaxAttention().eval(), (q, k, v), attention_dims),
        "embedding_mean": Bench(EmbeddingMean(vocab=1000, dim=64).eval(),
                                (torch.randint(0, 1000, (64, 32)),), ({0: batch, 1: seq},)),
        "elementwise_chain": Bench(ElementwiseChain().eval(), (torch.randn(1 << 20), torch.randn(1 << 20)),
                                   ({0: length}, {0: length})),
        "cond": Bench(shipped["cond"].module, shipped["cond"].example_args, _batch(True)),
        "while_loop": Bench(shipped["while_loop"].module, shipped["while_loop"].example_args, _batch(False, True)),
        "buffer_mutation": Bench(shipped["buffer_mutation"].module, shipped["buffer_mutation"].example_args,
                                 _batch(True)),
        "mobilenet_v2": Bench(_eval(MobileNetV2(num_classes=100, width=16)), (torch.randn(8, 3, 64, 64),),
                              _batch(True)),
        "unet": Bench(_eval(UNet(width=16)), (torch.randn(2, 3, 64, 64),), _batch(True)),
        "audio_cnn": Bench(_eval(AudioCNN(width=32)), (torch.randn(8, 1, 16000),), _batch(True)),
        "conv3d_block": Bench(_eval(Conv3dBlock(width=16)), (torch.randn(2, 1, 16, 32, 32),), _batch(True)),
        **_int8_mobilenet(),
    }


def _compile_only() -> dict[str, Bench]:
    """Models whose compile time alone is measured (issue 13: a ResNet-18-sized network compiles in
    seconds): torchvision's ResNet-18 layout (11.7 M parameters) on 2x3x64x64 (a batch of 1 would be
    specialized by torch.export, leaving no dynamic build)."""
    torch.manual_seed(0)
    return {"resnet18": Bench(_eval(ResNet18()), (torch.randn(2, 3, 64, 64),), _batch(True))}


def _int8_mobilenet() -> dict[str, Bench]:
    """The mobilenet_v2 benchmark quantized with PT2E (torchao's X86InductorQuantizer), when torchao
    is installed (the `test` extra): its eager column is the quantized reference GraphModule."""
    try:
        import torchao  # noqa: F401 - optional: the row is left out without it
    except ImportError:
        print("bench_models: torchao is not installed: no mobilenet_v2_int8 row", file=sys.stderr)
        return {}
    x = (torch.randn(8, 3, 64, 64),)
    dims = _batch(True)
    # The shipped int8 model's bar (one quantization step), not the f32 one.
    return {"mobilenet_v2_int8": Bench(quantize_pt2e(_eval(MobileNetV2(num_classes=100, width=16)), x, dims),
                                       x, dims, tolerance("mobilenet_v2_int8"))}


def _eval(module: torch.nn.Module) -> torch.nn.Module:
    randomize_batch_norm_stats(module)
    return module.eval()


@dataclass
class Row:
    model: str
    ms: dict[str, float] = field(default_factory=dict)  # latency per implementation (timing.interleaved_latencies)
    compile_s: dict[str, float] = field(default_factory=dict)
    exir_stages: dict[str, float] = field(default_factory=dict)  # exir-mlir's static build, per compile step
    note: str = ""

    def cells(self) -> list[str]:
        def ms(name):
            return f"{self.ms[name]:.3f}" if name in self.ms else "-"

        def ratio(a, b):
            return f"{self.ms[a] / self.ms[b]:.2f}x" if a in self.ms and b in self.ms else "-"

        def sec(name):
            return f"{self.compile_s[name]:.1f}" if name in self.compile_s else "-"

        return [self.model, ms("eager"), ms("inductor"), ms("aoti"), ms("exir"), ms("exir_dynamic"),
                ratio("exir", "eager"), ratio("exir", "aoti"), ratio("exir_dynamic", "exir"),
                sec("inductor"), sec("aoti"), sec("exir"), self.note]


HEADER = ["model", "eager ms", "inductor ms", "AOTI ms", "exir-mlir ms", "exir dynamic ms", "exir/eager",
          "exir/AOTI", "dynamic/static", "inductor compile s", "AOTI compile s", "exir-mlir compile s", "notes"]


def _short(exc: BaseException) -> str:
    first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return f"{type(exc).__name__}: {first[:160]}".replace("|", "/")


def _timed(build: Callable[[], Callable]) -> tuple[Callable, float]:
    start = time.perf_counter()
    fn = build()
    return fn, time.perf_counter() - start


_AOTI_PACKAGES: dict[str, str] = {}  # model -> package: compiled once, loaded at each thread count


def _cold():
    """Inductor's and AOTInductor's compiles without any of their caches (FX graph, AOT autograd,
    autotuning): `force_disable_caches` is torch._inductor.config's documented switch, patched for
    the peer's build only (no environment variable is set, nothing else in the process changes)."""
    return torch._inductor.config.patch(force_disable_caches=True)


def _aoti(name: str, ep) -> Callable:
    if name not in _AOTI_PACKAGES:
        workdir = tempfile.mkdtemp(prefix="bench-aoti-")
        with _cold():
            _AOTI_PACKAGES[name] = torch._inductor.aoti_compile_and_package(
                ep, package_path=os.path.join(workdir, "model.pt2"))
    return torch._inductor.aoti_load_package(_AOTI_PACKAGES[name])


def bench_model(name: str, bench: Bench, *, threads: int, repeats: int, inductor: bool, aoti: bool) -> Row:
    import exir_mlir

    module, args = bench.module, bench.args
    row = Row(name)
    # Each implementation starts from the module as given: a model that mutates a buffer would
    # otherwise be exported (and compared) with the state the eager reference call left behind.
    # Eager runs on its own copy too: `module` itself stays as given from one thread count to the
    # next (AOTInductor's package, compiled once, holds the state it was exported with).
    pristine = copy.deepcopy(module)
    with torch.no_grad():
        expected = copy.deepcopy(pristine)(*args)
        eager_module = copy.deepcopy(pristine)
        fns = {"eager": lambda: eager_module(*args)}
        ep = torch.export.export(copy.deepcopy(pristine), args)
        builders: dict[str, Callable[[], Callable]] = {}
        if inductor:
            def build_inductor():
                own = copy.deepcopy(pristine)
                compiled = torch.compile(own)
                with _cold():
                    compiled(*args)  # compiles on the first call
                # That call updated any buffers the model mutates: put them back, so that the check
                # below is the first call from the given state, as for every other build.
                own.load_state_dict(pristine.state_dict())
                return compiled
            builders["inductor"] = build_inductor
        if aoti:
            builders["aoti"] = lambda: _aoti(name, ep)
        builders["exir"] = lambda: exir_mlir.compile(ep, num_threads=threads)
        if bench.dynamic is not None:
            builders["exir_dynamic"] = lambda: exir_mlir.compile(
                torch.export.export(copy.deepcopy(pristine), args, dynamic_shapes=bench.dynamic), num_threads=threads)
        for impl, build in builders.items():
            try:
                fn, seconds = _timed(build)
                if impl == "exir":
                    row.exir_stages = dict(fn.stage_seconds)
                actual = fn(*args)
                rtol, atol = bench.tolerance
                torch.testing.assert_close(actual, expected, rtol=rtol, atol=atol)
                row.compile_s[impl] = seconds
                fns[impl] = (lambda f: lambda: f(*args))(fn)
            except AssertionError as exc:
                row.note += f"{impl} output differs from eager: {_short(exc)}; "
            except Exception as exc:  # a peer may need a C++ toolchain; report, keep going
                row.note += f"{impl} failed: {_short(exc)}; "
        latencies = interleaved_latencies(fns, repeats=repeats)
    row.ms = {impl: seconds * 1e3 for impl, seconds in latencies.items()}
    return row


def bench_compile(name: str, bench: Bench, *, threads: int) -> Row:
    """exir-mlir's cold compile of the static and the dynamic build, checked against eager once, not
    timed per call (the latency columns stay empty)."""
    import exir_mlir

    row = Row(name)
    with torch.no_grad():
        expected = copy.deepcopy(bench.module)(*bench.args)
        for impl, dynamic in (("exir", None), ("exir_dynamic", bench.dynamic)):
            try:
                ep = torch.export.export(copy.deepcopy(bench.module), bench.args, dynamic_shapes=dynamic)
                fn, seconds = _timed(lambda: exir_mlir.compile(ep, num_threads=threads))
                if impl == "exir":
                    row.exir_stages = dict(fn.stage_seconds)
                torch.testing.assert_close(fn(*bench.args), expected, rtol=bench.tolerance[0], atol=bench.tolerance[1])
                row.compile_s[impl] = seconds
            except Exception as exc:  # noqa: BLE001 - reported in the row, the run goes on
                row.note += f"{impl} failed: {_short(exc)}; "
    if "exir_dynamic" in row.compile_s:
        row.note += f"compile time only; dynamic build {row.compile_s['exir_dynamic']:.1f} s"
    return row


# Run in a new process: the time of exir_mlir.compile on a cache_dir hit (the machine code
# exir_mlir.compile wrote there before), after torch.export.load of the saved program.
_CACHE_HIT_SCRIPT = """
import json, sys, time
import torch, exir_mlir
try:  # the quantized_decomposed ops a PT2E program calls, which torch.export.load must know
    import torchao.quantization.pt2e  # noqa: F401
except ImportError:
    pass
path, cache_dir, threads = sys.argv[1], sys.argv[2], int(sys.argv[3])
ep = torch.export.load(path)
start = time.perf_counter()
program = exir_mlir.compile(ep, cache_dir=cache_dir, num_threads=threads)
seconds = time.perf_counter() - start
print(json.dumps({"seconds": seconds, "hit": bool(program.loaded_from_disk)}))
"""


def bench_cache_hit(bench: Bench, *, threads: int) -> tuple[float, bool]:
    """(seconds, hit) of exir_mlir.compile with cache_dir in a second process, once this process
    has compiled the static build into that (fresh) directory."""
    import exir_mlir

    with tempfile.TemporaryDirectory(prefix="bench-cache-") as cache_dir:
        ep = torch.export.export(copy.deepcopy(bench.module), bench.args)
        path = os.path.join(cache_dir, "model.pt2")
        torch.export.save(ep, path)
        exir_mlir.compile(ep, cache_dir=cache_dir, num_threads=threads)
        out = subprocess.run([sys.executable, "-c", _CACHE_HIT_SCRIPT, path, cache_dir, str(threads)],
                             capture_output=True, text=True, check=True)
        result = json.loads(out.stdout.strip().splitlines()[-1])
    return result["seconds"], result["hit"]


def bench_overhead(*, threads: int, repeats: int) -> dict[str, float]:
    """Microseconds per call of `x + 1` on 16 floats: what a call costs besides its compute."""
    import exir_mlir

    class AddOne(torch.nn.Module):
        def forward(self, x):
            return x + 1

    x = torch.randn(16)
    program = exir_mlir.compile(torch.export.export(AddOne(), (x,)), num_threads=threads)
    dynamic = exir_mlir.compile(torch.export.export(AddOne(), (x,), dynamic_shapes=({0: Dim("n", min=2, max=1024)},)),
                                num_threads=threads)
    latencies = interleaved_latencies({"eager": lambda: x + 1, "exir": lambda: program(x),
                                   "exir dynamic": lambda: dynamic(x)}, repeats=repeats * 20)
    return {k: v * 1e6 for k, v in latencies.items()}


def bench_alternating(*, threads: int, repeats: int) -> dict[str, float]:
    """An eager op and a compiled call taking turns (pre-processing in torch, model compiled), against
    each alone: with one thread pool neither slows the other down."""
    import exir_mlir

    torch.manual_seed(0)
    mlp = MLP(512, 1024, 256).eval()
    x, w = torch.randn(64, 512), torch.randn(512, 512) / 32
    program = exir_mlir.compile(torch.export.export(mlp, (x,)), num_threads=threads)
    with torch.no_grad():
        latencies = interleaved_latencies({
            "eager op": lambda: torch.tanh(x @ w),
            "compiled call": lambda: program(x),
            "both, alternating": lambda: program(torch.tanh(x @ w)),
        }, repeats=repeats)
    return {k: v * 1e3 for k, v in latencies.items()}


def markdown(tables: dict[int, dict], *, machine: str, machine_after: str, command: str,
             cache_hits: dict[str, tuple[float, bool] | str] | None = None) -> str:
    lines = [
        "# Performance",
        "",
        f"Generated by `{command}` on {datetime.date.today().isoformat()}; regenerate with the same command.",
        "",
        f"Machine: {machine}.",
        f"At the end: {machine_after}.",
        "",
        "Default environment: the script sets no variable (no OMP_WAIT_POLICY, no thread variables); the",
        "thread count is `torch.set_num_threads(N)` for torch and `exir_mlir.compile(..., num_threads=N)`.",
        "Latency: mean of the middle 80% of interleaved calls in one process (eager, inductor, AOTInductor and",
        "exir-mlir take turns in a shuffled order, so load changes hit them alike; a call after another",
        "implementation's runs with colder caches than one after its own, and a small model's calls have",
        "two modes, whose median is unstable; at least 0.25 s of calls per implementation). exir-mlir static and dynamic: the same model exported",
        "with static shapes, and with its batch (and, for attention, transformer and embedding, sequence)",
        "dims marked `Dim`, run at the same sizes. Every output is checked against eager (rtol 1e-4,",
        "atol 1e-4; mobilenet_v2_int8: the shipped model's bar, one quantization step) before it is timed. Compile times are cold: inductor's (its first call) and",
        "AOTInductor's with `torch._inductor.config.force_disable_caches` (no FX graph, AOT autograd or",
        "autotuning cache; AOTInductor compiles at the first thread count and loads its package at the",
        "others), exir-mlir's without cache_dir (the in-process cache does not hit: each build is a new",
        "program); the last table splits exir-mlir's static build into its steps (`stage_seconds`).",
        "Models: MLP 512-1024-1024-256 on a batch of 64; SmallCNN on 32x3x16x16; residual block 16->32",
        "channels, stride 2, on 8x16x32x32; transformer block (dim 256, 4 heads, MLP 4x) on 4x64x256;",
        "softmax attention on 4x4x128x64; embedding (1000 x 64) + mean + linear on 64x32 tokens; elementwise",
        "chain on two vectors of 2^20 floats; cond, while_loop and buffer_mutation at the shipped sizes;",
        "MobileNetV2-style (width 16, 100 classes) on 8x3x64x64; U-Net (width 16) on 2x3x64x64; audio CNN",
        "(width 32) on 8x1x16000; 3-d CNN block (width 16) on 2x1x16x32x32; compile time only: ResNet-18",
        "(torchvision's layout, 1000 classes) on 2x3x64x64.",
    ]
    for threads, table in tables.items():
        rows = table["rows"]
        lines += [
            "",
            f"## {threads} thread{'s' if threads > 1 else ''}",
            "",
            "| " + " | ".join(HEADER) + " |",
            "| " + " | ".join("---" for _ in HEADER) + " |",
        ]
        lines += ["| " + " | ".join(r.cells()) + " |" for r in rows]
        ratios = [r.ms["exir"] / r.ms["eager"] for r in rows if "exir" in r.ms]
        if ratios:
            geomean = 1.0
            for r in ratios:
                geomean *= r
            geomean **= 1 / len(ratios)
            lines += ["", f"Geomean exir-mlir / eager over {len(ratios)} models: {geomean:.2f}x."]
        overhead = table["overhead_us"]
        lines += ["", f"Per-call overhead (`x + 1` on 16 floats): eager {overhead['eager']:.1f} µs, "
                      f"exir-mlir {overhead['exir']:.1f} µs (with a dynamic dim: {overhead['exir dynamic']:.1f} µs)."]
        alternating = table["alternating_ms"]
        lines += ["", "Eager op and compiled call alternating (ms): "
                  + ", ".join(f"{k} {v:.3f}" for k, v in alternating.items()) + "."]
        lines += ["", f"exir-mlir compile steps, static build, {threads} thread{'s' if threads > 1 else ''} (s):", ""]
        lines += stage_table(rows)
    if cache_hits:
        lines += ["", "## Disk cache: a second process", "",
                  "`exir_mlir.compile(ep, cache_dir=D, num_threads=N)` in a new process, after this one compiled the",
                  "static build into the fresh directory D (at the first thread count): the seconds of that call (the",
                  "program key, two small files and a dlopen; torch's import and `torch.export.load` of the saved",
                  "program are before it), and whether it loaded the machine code (`loaded_from_disk`).", "",
                  "| model | load ms | loaded from disk |", "| --- | --- | --- |"]
        for name, hit in cache_hits.items():
            if isinstance(hit, str):
                lines.append(f"| {name} | - | {hit} |")
            else:
                lines.append(f"| {name} | {hit[0] * 1e3:.1f} | {'yes' if hit[1] else 'no'} |")
    return "\n".join(lines) + "\n"


def stage_table(rows: list[Row]) -> list[str]:
    """Markdown rows: per model, the seconds of each step of exir-mlir's compile (exir_mlir.stages)."""
    from exir_mlir.stages import COMPILE_STEPS

    header = ["model", *COMPILE_STEPS, "total"]
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join("---" for _ in header) + " |"]
    for r in rows:
        if r.exir_stages:
            cells = [f"{r.exir_stages.get(step, 0.0):.2f}" for step in COMPILE_STEPS]
            lines.append(f"| {r.model} | " + " | ".join(cells) + f" | {sum(r.exir_stages.values()):.2f} |")
    return lines


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--threads", default="1,2", help="thread counts to measure, comma-separated")
    p.add_argument("--repeats", type=int, default=30)
    p.add_argument("--models", default=",".join([*_benchmarks(), *_compile_only()]))
    p.add_argument("--no-inductor", action="store_true", help="skip torch.compile (it needs a C++ compiler)")
    p.add_argument("--no-aoti", action="store_true", help="skip AOTInductor (it needs a C++ compiler)")
    p.add_argument("--output", default=str(ROOT / "docs" / "performance.md"), help="'-' to skip writing")
    args = p.parse_args(argv)

    names = [n.strip() for n in args.models.split(",") if n.strip()]
    benches = {k: v for k, v in _benchmarks().items() if k in names}
    machine = machine_description()
    print(f"machine: {machine}")
    tables: dict[int, dict] = {}
    cache_hits: dict[str, tuple[float, bool] | str] = {}
    for threads in [int(t) for t in args.threads.split(",")]:
        torch.set_num_threads(threads)
        torch._dynamo.reset()  # inductor recompiles for the new thread count
        print(f"threads: {threads}")
        print(" | ".join(HEADER))
        rows = []
        for name, bench in benches.items():
            row = bench_model(name, bench, threads=threads, repeats=args.repeats,
                              inductor=not args.no_inductor, aoti=not args.no_aoti)
            rows.append(row)
            print(" | ".join(row.cells()), flush=True)
            if row.exir_stages:
                print("  exir-mlir compile steps (s): " + ", ".join(
                    f"{step} {seconds:.2f}" for step, seconds in row.exir_stages.items()), flush=True)
        for name, bench in _compile_only().items():
            if name in names:
                row = bench_compile(name, bench, threads=threads)
                rows.append(row)
                print(" | ".join(row.cells()), flush=True)
        overhead = bench_overhead(threads=threads, repeats=args.repeats)
        print(f"overhead µs: {overhead}")
        alternating = bench_alternating(threads=threads, repeats=args.repeats)
        print(f"alternating ms: {alternating}")
        tables[threads] = {"rows": rows, "overhead_us": overhead, "alternating_ms": alternating}
        if len(tables) == 1:  # once: the disk cache's load time does not depend on the thread count
            every = {**benches, **{k: v for k, v in _compile_only().items() if k in names}}
            for name, bench in every.items():
                try:
                    cache_hits[name] = bench_cache_hit(bench, threads=threads)
                except Exception as exc:  # noqa: BLE001 - reported in the table, the run goes on
                    cache_hits[name] = _short(exc)
                print(f"cache hit in a new process: {name} {cache_hits[name]}", flush=True)
    if args.output != "-":
        command = "python benchmarks/bench_models.py " + " ".join(argv if argv is not None else sys.argv[1:])
        Path(args.output).write_text(markdown(tables, machine=machine, machine_after=machine_description(),
                                              command=command.strip(), cache_hits=cache_hits))
        print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
