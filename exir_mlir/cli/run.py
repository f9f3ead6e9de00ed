"""`exir-mlir run`: compile a program and run it on inputs from a .npz file."""

from __future__ import annotations

from pathlib import Path

from exir_mlir.cli.common import add_compile_arguments, add_program_arguments, compile_from_args, load_exported_program
from exir_mlir.errors import ExirUserError

RTOL, ATOL = 1e-4, 1e-5

STORAGE_RULE = (
    "The .npz holds one array per tensor input, named like the program's user inputs (`exir-mlir "
    "import --summary` lists them; keyword inputs by their name) or arg0, arg1, ... in input order. "
    "An array must have the input's dtype, except bfloat16, which numpy lacks: give it as float32 "
    "(rounded to bfloat16 on load) or as uint16 holding the raw bfloat16 bits; float16 is numpy's "
    "float16. Outputs are written the same way (bfloat16 as float32)."
)


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "run",
        help="compile a .pt2 program and run it on inputs from a .npz file",
        description="Compile and run. " + STORAGE_RULE + " Without --inputs the model's example "
        "inputs are used (shipped models only).",
    )
    add_program_arguments(p)
    p.add_argument("--inputs", metavar="NPZ", help="input arrays (.npz)")
    p.add_argument("--output", metavar="NPZ", help="write the outputs here (default: print a summary)")
    p.add_argument("--check", action="store_true",
                   help="also run eager PyTorch from the same state and compare outputs and mutated buffers "
                        "(rtol 1e-4, atol 1e-5)")
    add_compile_arguments(p)
    p.set_defaults(func=run)


def _read_npz(path: str):
    import zipfile

    import numpy as np

    file = Path(path)
    if not file.is_file():
        raise ExirUserError(f"{path}: no such file")
    with open(file, "rb") as f:
        head = f.read(6)
    if not head.startswith(b"PK") and head != b"\x93NUMPY":
        raise ExirUserError(f"{path}: not a .npz archive; write the inputs with numpy.savez")
    try:
        arrays = np.load(file, allow_pickle=False)
    except (OSError, ValueError, EOFError, zipfile.BadZipFile) as e:
        raise ExirUserError(f"{path}: cannot read the inputs ({_first_line(e)}); write them with numpy.savez") from None
    if not isinstance(arrays, np.lib.npyio.NpzFile):
        raise ExirUserError(f"{path}: a single .npy array, not a .npz archive; write the inputs with numpy.savez")
    return arrays


def _first_line(error: BaseException) -> str:
    return (str(error).strip().splitlines() or [type(error).__name__])[0]


def _array(arrays, key: str, path: str):
    """One array of the archive, read without unpickling anything."""
    import zipfile

    try:
        return arrays[key]
    except ValueError as e:
        if "allow_pickle" in str(e):
            raise ExirUserError(f"{path}: array '{key}' holds Python objects (pickled), which are not "
                                "read; store numeric arrays") from None
        raise ExirUserError(f"{path}: cannot read array '{key}' ({_first_line(e)})") from None
    except (OSError, EOFError, zipfile.BadZipFile) as e:
        raise ExirUserError(f"{path}: cannot read array '{key}' ({_first_line(e)})") from None


def _as_input(array, dtype, name: str, path: str):
    """The torch tensor for input `name` of `dtype` from a .npz array (STORAGE_RULE)."""
    import numpy as np
    import torch

    if array.dtype == object:
        raise ExirUserError(f"{path}: array '{name}' holds Python objects; store numbers")
    tensor = torch.from_numpy(np.ascontiguousarray(array))
    if dtype is None or tensor.dtype == dtype:
        return tensor
    if dtype == torch.bfloat16 and array.dtype == np.uint16:
        return tensor.view(torch.bfloat16)
    if dtype == torch.bfloat16 and array.dtype in (np.float32, np.float64):
        return tensor.to(torch.bfloat16)
    raise ExirUserError(
        f"{path}: array '{name}' has dtype {array.dtype}, but the program's input '{name}' is "
        f"{str(dtype).removeprefix('torch.')}"
        + ("; store bfloat16 as float32 or as uint16 bits" if dtype == torch.bfloat16 else ""))


def _call_arguments(args, ep):
    """(args, kwargs) of one call of the program, as ep.module() takes them."""
    import torch
    from torch.export.graph_signature import ConstantArgument, InputKind

    specs = [s for s in ep.graph_signature.input_specs if s.kind == InputKind.USER_INPUT]
    if not args.inputs:
        if not args.model:
            raise ExirUserError("give the inputs with --inputs FILE.npz (one array per tensor input)")
        from exir_mlir.models import MODELS

        return tuple(MODELS[args.model]().example_args), {}
    arrays = _read_npz(args.inputs)
    vals = {n.name: n.meta.get("val") for n in ep.graph.nodes if n.op == "placeholder"}
    flat, tensor_index = [], 0
    for spec in specs:
        if isinstance(spec.arg, ConstantArgument):  # export specialized it: the call passes that value
            flat.append(spec.arg.value)
            continue
        name = spec.arg.name
        key = name if name in arrays.files else f"arg{tensor_index}"
        if key not in arrays.files:
            raise ExirUserError(f"{args.inputs} has no array '{name}' (or 'arg{tensor_index}'); it has: "
                                f"{', '.join(arrays.files) or 'nothing'}")
        tensor_index += 1
        val = vals.get(name)
        flat.append(_as_input(_array(arrays, key, args.inputs), getattr(val, "dtype", None), name, args.inputs))
    unused = sorted(set(arrays.files) - {s.arg.name for s in specs} - {f"arg{i}" for i in range(tensor_index)})
    if unused:
        raise ExirUserError(f"{args.inputs} has arrays the program does not take: {', '.join(unused)}")
    call_args, call_kwargs = torch.utils._pytree.tree_unflatten(flat, ep.call_spec.in_spec)
    return tuple(call_args), dict(call_kwargs)


def _clone(tree):
    import torch

    return torch.utils._pytree.tree_map(lambda v: v.clone() if isinstance(v, torch.Tensor) else v, tree)


def _tensors(tree) -> list:
    import torch

    flat, _ = torch.utils._pytree.tree_flatten(tree)
    return [v if isinstance(v, torch.Tensor) else torch.as_tensor(v) for v in flat]


def _mismatch(got, want) -> str | None:
    import torch

    try:
        torch.testing.assert_close(got, want, rtol=RTOL, atol=ATOL, equal_nan=True)
    except AssertionError as e:
        lines = [line.strip() for line in str(e).splitlines() if line.strip()]
        return "; ".join(lines[:3])
    return None


def _storable(t):
    import torch

    return (t.float() if t.dtype == torch.bfloat16 else t).detach().numpy()


def run(args) -> int:
    import copy

    import numpy as np

    ep, title = load_exported_program(args)
    call_args, call_kwargs = _call_arguments(args, ep)
    # Ours binds a copy of the state as it is now; eager runs on its own copy of the program, so
    # that a buffer it mutates is not the state ours starts from (both start from the saved one).
    program = compile_from_args(ep, args)
    eager = copy.deepcopy(ep).module() if args.check else None
    eager_args, eager_kwargs = (_clone(call_args), _clone(call_kwargs)) if args.check else (None, None)
    ours_args, ours_kwargs = _clone(call_args), _clone(call_kwargs)
    flat = _tensors(program(*ours_args, **ours_kwargs))
    if args.output:
        np.savez(args.output, **{f"out{i}": _storable(t) for i, t in enumerate(flat)})
        print(f"wrote {len(flat)} outputs to {args.output}")
    else:
        for i, t in enumerate(flat):
            mean = t.float().mean().item() if t.numel() else float("nan")
            print(f"out{i}: {tuple(t.shape)} {t.dtype} mean={mean:.6g}")
    if eager is None:
        return 0
    try:
        expected = _tensors(eager(*eager_args, **eager_kwargs))
    except Exception as e:  # noqa: BLE001 - eager PyTorch's own failure on these inputs
        first = (str(e).strip().splitlines() or [""])[0]
        print(f"check: eager PyTorch failed on these inputs: {type(e).__name__}: {first[:300]}")
        return 1
    problems = []
    if len(expected) != len(flat):
        problems.append(f"{len(flat)} outputs, eager has {len(expected)}")
    for i, (got, want) in enumerate(zip(flat, expected)):
        why = _mismatch(got, want)
        if why:
            problems.append(f"out{i}: {why}")
    # Mutated buffers and inputs: ours wrote them into its state and our copies of the inputs.
    eager_state = {**dict(eager.named_parameters()), **dict(eager.named_buffers())}
    # From the compiled signature: export's own graph may still mutate in place (decomposition
    # makes the mutations outputs).
    mutated = [o.name for o in program.signature.outputs if o.kind in ("buffer_mutation", "parameter_mutation")]
    for name in mutated:
        if name in program.state and name in eager_state:
            why = _mismatch(program.state[name], eager_state[name])
            if why:
                problems.append(f"buffer '{name}': {why}")
    for i, (got, want) in enumerate(zip(_tensors((ours_args, ours_kwargs)), _tensors((eager_args, eager_kwargs)))):
        why = _mismatch(got, want)
        if why:
            problems.append(f"input {i} after the call: {why}")
    if problems:
        print(f"check: differs from eager PyTorch (rtol 1e-4, atol 1e-5): {' | '.join(problems)}")
        return 1
    extra = f" and {len(mutated)} mutated buffers" if mutated else ""
    print(f"check: {len(flat)} outputs{extra} match eager PyTorch (rtol 1e-4, atol 1e-5)")
    return 0
