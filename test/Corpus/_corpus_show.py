"""Show one corpus case, to start a reproducer: its inputs and constants, the exported graph, the outcome.

    python test/Corpus/_corpus_show.py 'opinfo:diagonal|f32|0|dynamic'
    python test/Corpus/_corpus_show.py 'nn:LSTM|f32|0|static' --no-run
"""

from __future__ import annotations

import argparse
import logging
import sys
import warnings
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _corpus_case as cc  # noqa: E402


def _describe(x) -> str:
    if isinstance(x, torch.Tensor):
        text = f"{str(x.dtype).removeprefix('torch.')}{list(x.shape)}"
        return text + (f" = {x.tolist()}" if x.numel() <= 12 else "")
    return repr(x)


def show(case: str, *, run: bool = True) -> None:
    source, name, dtype, sample, mode = cc.parse(case)
    program = cc._opinfo_program(name, dtype, sample, mode) if source == "opinfo" else cc._nn_program(name)
    if source == "opinfo":
        print(f"OpInfo {name}: op = {getattr(program.opinfo.op, '__qualname__', program.opinfo.op)}")
        it = iter(program.inputs)
        leaves = [next(it) if c is None else c[0] for c in program.module.constants]
        inp, args, kwargs = torch.utils._pytree.tree_unflatten(leaves, program.module.spec)
        print("  input :", torch.utils._pytree.tree_map(_describe, inp))
        print("  args  :", torch.utils._pytree.tree_map(_describe, args))
        print("  kwargs:", torch.utils._pytree.tree_map(_describe, kwargs))
    else:
        print(f"torch.nn {name}: {program.module.layer}")
        print("  inputs:", [_describe(t) for t in program.inputs])
    ep = torch.export.export(program.module, program.inputs, strict=False,
                             dynamic_shapes=program.dynamic_shapes if mode == "dynamic" else None)
    print(ep.graph_module.code.strip())
    if mode == "dynamic":
        print("range constraints:", ep.range_constraints)
    if run:
        print(cc.run_case(case))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("case")
    parser.add_argument("--no-run", action="store_true")
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")
    logging.getLogger("torch").setLevel(logging.ERROR)
    show(args.case, run=not args.no_run)
    return 0


if __name__ == "__main__":
    sys.exit(main())
