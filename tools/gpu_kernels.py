"""Print (and optionally write) the PTX kernels of a module that `exir-gpu-pipeline` compiled, with
what `ptxas -v` reports for each: `exir-mlir-opt -p 'builtin.module(exir-gpu-pipeline{chip=sm_80})'
in.mlir | python -m exir_mlir.tools.gpu_kernels --ptxas sm_80`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from exir_mlir._mlir import ir


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m exir_mlir.tools.gpu_kernels", description=__doc__)
    p.add_argument("input", nargs="?", default="-", help="MLIR with gpu.binary ops ('-': stdin)")
    p.add_argument("--ptxas", metavar="CHIP", help="assemble each kernel with `ptxas -arch=CHIP -v` and print its report")
    p.add_argument("-o", dest="output", metavar="DIR", help="write each kernel's PTX to DIR/<kernel>.ptx")
    args = p.parse_args(argv)
    from exir_mlir.codegen.gpu import lowering, ptxas_report  # noqa: PLC0415 - start-up time of --help

    text = sys.stdin.read() if args.input == "-" else Path(args.input).read_text()
    with ir.Context() as ctx:
        ctx.allow_unregistered_dialects = True
        module = ir.Module.parse(text)
        kernels = lowering.ptx_of(module.operation)
    for name, ptx in kernels.items():
        line = f"kernel {name}: {len(ptx.splitlines())} lines of PTX, {ptx.count('bar.sync')} bar.sync"
        if args.ptxas:
            r = ptxas_report(ptx, args.ptxas)
            line += (f"; ptxas {args.ptxas}: {r['registers']} registers, {r['spill_stores']} bytes spill stores, "
                     f"{r['spill_loads']} bytes spill loads, {r['smem']} bytes smem")
        print(line)
        if args.output:
            Path(args.output).mkdir(parents=True, exist_ok=True)
            (Path(args.output) / f"{name}.ptx").write_text(ptx)
    return 0


if __name__ == "__main__":
    sys.exit(main())
