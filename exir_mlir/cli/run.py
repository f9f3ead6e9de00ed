"""`exir-mlir run`: compile a program and run it on inputs from a .npz file."""

from __future__ import annotations

from pathlib import Path

from exir_mlir.cli.common import add_compile_arguments, add_program_arguments, compile_from_args, load_exported_program
from exir_mlir.errors import ExirUserError


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "run",
        help="compile a .pt2 program and run it on inputs from a .npz file",
        description="Compile and run. The .npz holds one array per tensor input of the program, named "
        "like the program's user inputs (`exir-mlir import --summary` lists them) or arg0, arg1, ... "
        "in order. Without --inputs the model's example inputs are used (shipped models only).",
    )
    add_program_arguments(p)
    p.add_argument("--inputs", metavar="NPZ", help="input arrays (.npz)")
    p.add_argument("--output", metavar="NPZ", help="write the outputs here (default: print a summary)")
    p.add_argument("--check", action="store_true", help="also run eager PyTorch and compare (rtol 1e-4, atol 1e-5)")
    add_compile_arguments(p)
    p.set_defaults(func=run)


def _inputs(args, ep):
    import numpy as np
    import torch
    from torch.export.graph_signature import InputKind, TensorArgument

    names = [s.arg.name for s in ep.graph_signature.input_specs
             if s.kind == InputKind.USER_INPUT and isinstance(s.arg, TensorArgument)]
    if not args.inputs:
        if not args.model:
            raise ExirUserError("give the inputs with --inputs FILE.npz (one array per tensor input)")
        from exir_mlir.models import MODELS

        return list(MODELS[args.model]().example_args)
    try:
        arrays = np.load(Path(args.inputs))
    except (OSError, ValueError) as e:
        raise ExirUserError(f"cannot read inputs from {args.inputs}: {e}") from None
    values = []
    for index, name in enumerate(names):
        key = name if name in arrays.files else f"arg{index}"
        if key not in arrays.files:
            raise ExirUserError(f"{args.inputs} has no array '{name}' (or 'arg{index}'); it has: {', '.join(arrays.files)}")
        values.append(torch.from_numpy(np.ascontiguousarray(arrays[key])))
    return values


def run(args) -> int:
    import numpy as np
    import torch

    ep, title = load_exported_program(args)
    inputs = _inputs(args, ep)
    expected = None
    if args.check:  # before ours runs: a program may mutate its inputs
        expected, _ = torch.utils._pytree.tree_flatten(ep.module()(*[_clone(v) for v in inputs]))
    program = compile_from_args(ep, args)
    outputs = program(*inputs)
    flat, _ = torch.utils._pytree.tree_flatten(outputs)
    if args.output:
        np.savez(args.output, **{f"out{i}": t.numpy() for i, t in enumerate(flat)})
        print(f"wrote {len(flat)} outputs to {args.output}")
    else:
        for i, t in enumerate(flat):
            print(f"out{i}: {tuple(t.shape)} {t.dtype} mean={t.float().mean().item():.6g}")
    if expected is not None:
        for i, (got, want) in enumerate(zip(flat, expected)):
            torch.testing.assert_close(got, want, rtol=1e-4, atol=1e-5, msg=lambda m, i=i: f"out{i}: {m}")
        print(f"check: {len(flat)} outputs match eager PyTorch (rtol 1e-4, atol 1e-5)")
    return 0


def _clone(value):
    import torch

    return value.clone() if isinstance(value, torch.Tensor) else value
