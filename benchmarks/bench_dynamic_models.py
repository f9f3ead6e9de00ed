"""Dynamic = static on the everyday programs of the model corpus: each exported with static shapes and
with its `Dim`s, run at the same sizes, interleaved with eager in one process.

The programs are test/Models/_model_cases.py's everyday ones (attention with a KV cache,
nn.MultiheadAttention with a key padding mask, nn.TransformerEncoder, a ViT patch embedding, LSTM and
GRU heads, embeddings, indexing, top-k sampling, GroupNorm + convolution, interpolation, padding,
...), built and exported as their cases do. Both builds are compiled with
`exir_mlir.compile(ep, num_threads=N)` and checked against eager (the case's tolerance) before they
are timed. At 1 thread the time is CPU time per call (`time.process_time`: on a loaded machine,
what the call computed, not how long it waited for a core); at more threads, wall time; either the
trimmed mean of interleaved rounds (timing.interleaved_latencies). Prints per program and size the
latencies and the ratios dynamic/static, static/eager and dynamic/eager, with the load average
beside them. A program that takes a sequence length (`--seq`, several sizes
comma-separated) runs at each; the others at `--batch` only. A `Dim` whose range does not reach
the size asked for is exported with its maximum raised to that size (the KV-cache program, whose
cache holds 32 positions, is left out past 32).
Nothing in the environment is set by the script.

Usage: python benchmarks/bench_dynamic_models.py [--threads 1,2] [--batch 8] [--seq 1,7,16,64,65,128]
       [--repeats R] [--models gpt2_kv_concat,mha_key_padding_mask,...]
"""

from __future__ import annotations

import argparse
import copy
import os
import sys
import time
from pathlib import Path

import torch
from torch.export import Dim

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT / "test" / "Models"))
from timing import interleaved_latencies, machine_description  # noqa: E402

from _model_cases import MODEL_CASES  # noqa: E402  (test/Models: the corpus's programs and exports)

# Every everyday program of the corpus (each has a dynamic dim); those in SEQUENCE take a dynamic
# sequence length (their size `t`), the others run at the first --seq only (some read `t` as a
# spatial or vocabulary size: groupnorm_silu_residual's images are (t + 2) x (t + 2)).
# KV_CACHE_LENGTH: positions kv_static_cache's buffers hold.
PROGRAMS = tuple(name.split(":", 1)[1] for name in MODEL_CASES if name.startswith("everyday:"))
SEQUENCE = {"gpt2_kv_concat", "mha_key_padding_mask", "transformer_encoder", "kv_static_cache",
            "embedding_positions", "gpt2_block_tril_mask", "bert_embeddings_mask"}
KV_CACHE_LENGTH = 32


def _widened(dynamic, sizes: dict[str, int]):
    """`dynamic` (a case's dynamic_shapes) with each `Dim` named in `sizes` reaching that size: the
    same Dim object for every use of one name, as the case shares it."""
    made: dict[str, Dim] = {}

    def visit(value):
        if isinstance(value, Dim) and value.__name__ in sizes and value.max < sizes[value.__name__]:
            if value.__name__ not in made:
                made[value.__name__] = Dim(value.__name__, min=value.min, max=sizes[value.__name__])
            return made[value.__name__]
        if isinstance(value, dict):
            return {k: visit(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return type(value)(visit(v) for v in value)
        return value

    return visit(dynamic)


def bench_program(name: str, *, batch: int, seq: int, threads: int, repeats: int) -> dict:
    """Eager, static and dynamic builds of one program at one size: latencies (s) and notes."""
    import exir_mlir

    case = MODEL_CASES[f"everyday:{name}"]
    torch.manual_seed(0)
    module = case.make().eval()
    args, kwargs = case.inputs(b=batch, t=seq)
    rtol, atol = case.tolerance
    result = {"note": ""}
    with torch.no_grad():
        expected = copy.deepcopy(module)(*args, **kwargs)
        eager = copy.deepcopy(module)
        fns = {"eager": lambda: eager(*args, **kwargs)}
        dynamic = _widened(case.dynamic(), {"batch": batch, "seq": seq})
        # torch.export specializes a dim whose sample size is 1: the dynamic build is exported at
        # 2 there (and run at 1 like the others).
        sample, sample_kwargs = case.inputs(b=max(batch, 2), t=max(seq, 2))
        for build, shapes in (("static", None), ("dynamic", dynamic)):
            try:
                ep = torch.export.export(copy.deepcopy(module), *((args, kwargs) if shapes is None else (sample, sample_kwargs)),
                                         dynamic_shapes=shapes)
                program = exir_mlir.compile(ep, num_threads=threads)
                torch.testing.assert_close(program(*args, **kwargs), expected, rtol=rtol, atol=atol)
                fns[build] = (lambda p: lambda: p(*args, **kwargs))(program)
            except Exception as exc:  # noqa: BLE001 - reported in the row, the run goes on
                first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
                result["note"] += f"{build}: {type(exc).__name__}: {first[:120]}; "
        clock = time.process_time if threads == 1 else time.perf_counter
        result["latencies"] = interleaved_latencies(fns, repeats=repeats, clock=clock)
    result["load"] = os.getloadavg()[0]
    return result


def _ratio(latencies: dict, a: str, b: str) -> str:
    return f"{latencies[a] / latencies[b]:.2f}x" if a in latencies and b in latencies else "-"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--threads", default="1,2", help="thread counts, comma-separated")
    p.add_argument("--batch", type=int, default=8)
    p.add_argument("--seq", default="16", help="sequence lengths, comma-separated (e.g. 1,7,16,64,65,128)")
    p.add_argument("--repeats", type=int, default=200)
    p.add_argument("--models", default=",".join(PROGRAMS), help="everyday programs of test/Models/_model_cases.py")
    args = p.parse_args(argv)

    names = [n.strip() for n in args.models.split(",") if n.strip()]
    seqs = [int(s) for s in args.seq.split(",")]
    print(f"machine: {machine_description()}")
    header = ["program", "batch", "seq", "eager µs", "static µs", "dynamic µs", "dynamic/static",
              "static/eager", "dynamic/eager", "load", "notes"]
    for threads in [int(t) for t in args.threads.split(",")]:
        torch.set_num_threads(threads)
        clock = "CPU time" if threads == 1 else "wall time"
        print(f"\nthreads: {threads} ({clock} per call, trimmed mean of at least {args.repeats} interleaved rounds)")
        print(" | ".join(header))
        for name in names:
            for seq in (seqs if name in SEQUENCE else seqs[:1]):
                if name == "kv_static_cache" and seq > KV_CACHE_LENGTH:
                    continue
                row = bench_program(name, batch=args.batch, seq=seq, threads=threads, repeats=args.repeats)
                latency = row["latencies"]
                cells = [name, str(args.batch), str(seq) if name in SEQUENCE else "-",
                         *(f"{latency[k] * 1e6:.1f}" if k in latency else "-" for k in ("eager", "static", "dynamic")),
                         _ratio(latency, "dynamic", "static"), _ratio(latency, "static", "eager"),
                         _ratio(latency, "dynamic", "eager"), f"{row['load']:.1f}", row["note"]]
                print(" | ".join(cells), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
