"""Import time of a 1,000-node graph (issue 4: must stay under 2 s). Prints the figure; not a test.

Usage: python benchmarks/bench_import.py [--nodes N] [--repeat R]
"""

from __future__ import annotations

import argparse
import statistics
import time
import warnings

import torch
from torch import nn
from torch.export import Dim

from exir_mlir.importer import import_program

BUDGET_S = 2.0


class Chain(nn.Module):
    """`blocks` residual blocks of linear -> gelu -> mul -> add -> layer_norm: a realistic op mix
    (parameters, scalars, a dynamic batch dim on every value)."""

    def __init__(self, blocks: int, width: int = 16):
        super().__init__()
        self.linears = nn.ModuleList(nn.Linear(width, width) for _ in range(blocks))
        self.norms = nn.ModuleList(nn.LayerNorm(width) for _ in range(blocks))

    def forward(self, x):
        for linear, norm in zip(self.linears, self.norms):
            x = norm(x + torch.nn.functional.gelu(linear(x)) * 0.5)
        return x


def build_program(nodes: int) -> torch.export.ExportedProgram:
    """A core-ATen program with at least `nodes` call_function nodes."""
    blocks = 1
    while True:
        ep = torch.export.export(
            Chain(blocks), (torch.randn(8, 16),), dynamic_shapes=({0: Dim("batch", min=1, max=4096)},)
        ).run_decompositions()
        count = sum(n.op == "call_function" for n in ep.graph.nodes)
        if count >= nodes:
            return ep
        blocks = max(blocks + 1, int(blocks * nodes / max(count, 1)) + 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    warnings.filterwarnings("ignore")
    torch.set_num_threads(1)

    ep = build_program(args.nodes)
    graph_nodes = len(ep.graph.nodes)
    calls = sum(n.op == "call_function" for n in ep.graph.nodes)
    import_program(ep)  # warm-up: dialect loading, schema tables
    times = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        module = import_program(ep)
        times.append(time.perf_counter() - start)
    ops = 0

    def count(op):
        nonlocal ops
        ops += 1
        from exir_mlir._mlir import ir

        return ir.WalkResult.ADVANCE

    module.operation.walk(count)
    median = statistics.median(times)
    print(f"import of a {graph_nodes}-node graph ({calls} call_function nodes) -> {ops} ops: "
          f"median {median:.3f} s over {args.repeat} runs (min {min(times):.3f} s), budget {BUDGET_S:.1f} s: "
          f"{'OK' if median < BUDGET_S else 'OVER BUDGET'}")
    return 0 if median < BUDGET_S else 1


if __name__ == "__main__":
    raise SystemExit(main())
