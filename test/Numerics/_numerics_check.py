"""Compile one core ATen overload's OpInfo program for one dtype, run it, and compare it with eager."""

from __future__ import annotations

import re
import sys
import time
import warnings
from dataclasses import dataclass
from pathlib import Path

import torch
from torch.utils import _pytree as pytree

ROOT = Path(__file__).resolve().parents[2]
# D's lowering sweep exports the per-dtype OpInfo program (through B's sampler, test/Import/_op_samples.py);
# the numerics run the very program whose lowering docs/op-status.json records.
sys.path.insert(0, str(ROOT / "test" / "Lowering"))
sys.path.insert(0, str(ROOT / "test" / "Import"))

DTYPES = ("f32", "f16", "bf16", "i32", "i64", "bool")

# (rtol, atol) per dtype of each *output* (an int sample of `cos` has an f32 result, compared as f32).
# - f32: the bar. f64: torch.testing.assert_close's defaults.
# - f16 / bf16: about one unit in the last place of the format (f16 eps 9.8e-4, bf16 eps 7.8e-3; atol one
#   ulp at 1.0 for results that cancel to ~0): eager CPU kernels compute in f32 and round once, generated
#   code may round an intermediate to the storage type, and both are correct roundings. An op that
#   accumulates many terms in f16/bf16 where eager accumulates in f32 does not fit: it is listed as differs.
#   When an f16/bf16 (or f32) result is farther from eager than that, it still passes if it is as accurate as
#   eager: no farther from the same program run in f64 on the same (upcast) inputs than eager's result
#   is, plus the tolerance. Eager's low-precision result is one rounding among several correct ones;
#   a sum of large terms that cancels (OpInfo samples reach +-9) leaves both a few ulps of the terms apart.
#   In f32, eager itself is sometimes the wrong one: on AVX-512 hosts its vectorized gelu returns NaN at
#   +inf (its one-element path and f64 give +inf, as ours does).
# - integers and bool: exact.
# Pairs whose differing float results are judged against an f64 run of the program (_less_accurate_than_eager).
F64_REFERENCE_DTYPES = ("f32", "f16", "bf16")

TOLERANCES = {
    "f32": (1e-4, 1e-5),
    "f64": (1e-7, 1e-7),
    "f16": (1e-3, 1e-3),
    "bf16": (1.6e-2, 1e-2),
    "integer/bool": (0.0, 0.0),
}
_FLOAT_NAMES = {torch.float32: "f32", torch.float64: "f64", torch.float16: "f16", torch.bfloat16: "bf16"}


def tolerance(dtype: torch.dtype) -> tuple[float, float]:
    return TOLERANCES[_FLOAT_NAMES.get(dtype, "integer/bool")]


# The OpInfo samples draw random values: seeding before the sample is drawn makes each pair's inputs,
# and so its outcome, the same in every run (the generator's table and the test see the same data).
SAMPLE_SEED = 0

# Ops whose result values are unspecified (uninitialized memory): only dtype and shape are compared.
VALUES_UNSPECIFIED = {"aten::empty.memory_format", "aten::empty_strided", "aten::resize_"}
# Random ops: compiled code draws from its own generator (README, "Random ops"), so bits cannot match
# eager's; their distributions are tested by test/Compile/test_random.py. Here: dtype and shape.
RANDOM_OPS = {"aten::rand", "aten::randn", "aten::rand.generator", "aten::randn.generator",
                       "aten::bernoulli", "aten::bernoulli.p", "aten::native_dropout", "aten::uniform",
                       "aten::normal.Tensor_float", "aten::normal.float_Tensor", "aten::normal.Tensor_Tensor",
                       "aten::normal_functional", "aten::randint", "aten::randint.low"}
VALUES_UNSPECIFIED |= RANDOM_OPS

# Ops whose index output is unspecified among equal values (torch.sort without stable=True, torch.topk):
# values are compared, and the indices must select those values from the input (input.gather(dim, i)).
TIES_UNORDERED = {"aten::sort": 1, "aten::topk": 2}  # overload -> position of `dim` in the schema

# Outcomes, in docs/op-numerics.json and the tests' expectations.
MATCHES = "matches"  # compiles, runs, equal to eager within the dtype's tolerance
DIFFERS = "differs"  # compiles and runs, result differs from eager
REJECTED = "rejected"  # exir_mlir.compile raised ExirUserError naming the op (a clear "unsupported")
COMPILE_BUG = "compile-bug"  # exir_mlir.compile raised something else, or an error that does not name the op
RUN_ERROR = "run-error"  # the compiled program raised when called
CRASH = "crash"  # the process died (MLIR/LLVM abort, segfault): recorded by the generator's worker
TIMEOUT = "timeout"  # no result within the generator's time limit
NO_SAMPLE = "no-sample"  # no OpInfo sample of this dtype yields a program calling the op


@dataclass
class Outcome:
    overload: str
    dtype: str
    result: str
    detail: str = ""
    seconds: float = 0.0


def overload_name(op) -> str:
    return str(op._schema.name) + ("" if op._overloadname == "default" else "." + op._overloadname)


def core_ops_by_name() -> dict:
    import _op_samples

    return {overload_name(op): op for op in _op_samples.core_overloads()}


def torch_dtype(dtype: str) -> torch.dtype:
    from _op_sweep import TORCH_DTYPES

    return TORCH_DTYPES[dtype]


def names_op(message: str, overload: str) -> bool:
    """Does an error message name the op: its overload (`aten::sort`), packet or exir/edge op name?"""
    from exir_mlir import schema

    packet = overload.split("::")[1].split(".")[0]
    names = {overload, packet, packet.lstrip("_"), schema.exir_op_name(overload)}
    return any(re.search(rf"(?<![A-Za-z0-9_]){re.escape(n)}(?![A-Za-z0-9_])", message) for n in names)


def _first_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text[:300]}"


def compare(actual, expected, *, values: bool = True) -> str:
    """'' when `actual` equals `expected` (same structure, dtypes and shapes; values within the tolerance
    of their dtype, NaN equal to NaN), else what differs."""
    flat_a, flat_e = pytree.tree_leaves(actual), pytree.tree_leaves(expected)
    if len(flat_a) != len(flat_e):
        return f"{len(flat_a)} outputs, eager has {len(flat_e)}"
    for i, (a, e) in enumerate(zip(flat_a, flat_e)):
        if not isinstance(e, torch.Tensor):
            if a != e:
                return f"output {i}: {a!r}, eager {e!r}"
            continue
        a = torch.as_tensor(a)
        if a.dtype != e.dtype or a.shape != e.shape:
            return f"output {i}: {a.dtype} {tuple(a.shape)}, eager {e.dtype} {tuple(e.shape)}"
        if not values:
            continue
        rtol, atol = tolerance(e.dtype)
        try:
            torch.testing.assert_close(a, e, rtol=rtol, atol=atol, equal_nan=True)
        except AssertionError as exc:
            return f"output {i}: " + " ".join(str(exc).split())[:300]
    return ""


def _clone(tree):
    return pytree.tree_map(lambda x: x.clone() if isinstance(x, torch.Tensor) else x, tree)


def check(op, dtype: str, *, target: str = "cpu") -> Outcome:
    """Export `op` from a `dtype` OpInfo sample, exir_mlir.compile it (one thread) for `target`, run it,
    compare with eager."""
    import exir_mlir
    from _op_sweep import program_for

    from exir_mlir.errors import ExirUserError

    name = overload_name(op)
    start = time.perf_counter()

    def outcome(result: str, detail: str = "") -> Outcome:
        return Outcome(name, dtype, result, detail, round(time.perf_counter() - start, 2))

    torch.manual_seed(SAMPLE_SEED)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ep = program_for(op, torch_dtype(dtype))
    if ep is None:
        return outcome(NO_SAMPLE)
    args, kwargs = ep.example_inputs
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            program = exir_mlir.compile(ep, num_threads=1, target=target)
    except ExirUserError as exc:
        message = _first_line(exc)
        return outcome(REJECTED if names_op(str(exc), name) else COMPILE_BUG, message)
    except Exception as exc:  # noqa: BLE001 - anything but ExirUserError is a compiler bug, recorded as such
        return outcome(COMPILE_BUG, _first_line(exc))
    try:
        actual = program(*_clone(args), **_clone(kwargs))
    except Exception as exc:  # noqa: BLE001 - recorded; the runtime has its own tests
        return outcome(RUN_ERROR, _first_line(exc))
    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = ep.module()(*_clone(args), **_clone(kwargs))
    if name in TIES_UNORDERED:
        difference = _compare_ties_unordered(ep, op, args, kwargs, actual, expected)
    else:
        difference = compare(actual, expected, values=name not in VALUES_UNSPECIFIED)
    if difference and dtype in F64_REFERENCE_DTYPES:
        difference = _less_accurate_than_eager(ep, args, kwargs, actual, expected, difference)
    return outcome(DIFFERS if difference else MATCHES, difference)


def _op_input_and_dim(ep, op, args, kwargs):
    """The user input tensor `op` reads (its `self`) and its `dim` argument, or None if `self` is computed."""
    node = next(n for n in ep.graph.nodes if n.op == "call_function" and n.target == op)
    user_inputs = list(ep.graph_signature.user_inputs)
    source = node.args[0]
    if source.op != "placeholder" or source.name not in user_inputs:
        return None
    values = pytree.tree_leaves((args, kwargs))
    schema_args = op._schema.arguments
    position = TIES_UNORDERED[overload_name(op)]
    if len(node.args) > position:
        dim = node.args[position]
    else:
        dim = node.kwargs.get(schema_args[position].name, schema_args[position].default_value)
    return values[user_inputs.index(source.name)], dim


def _compare_ties_unordered(ep, op, args, kwargs, actual, expected) -> str:
    found = _op_input_and_dim(ep, op, args, kwargs)
    flat_a, flat_e = pytree.tree_leaves(actual), pytree.tree_leaves(expected)
    if found is None or len(flat_a) != 2 or len(flat_e) != 2:
        return compare(actual, expected)
    difference = compare(flat_a[0], flat_e[0]) or compare(flat_a[1], flat_e[1], values=False)
    if difference:
        return difference
    source, dim = found
    picked = torch.gather(source, dim, torch.as_tensor(flat_a[1])) if source.dim() else source.expand_as(flat_e[0])
    difference = compare(picked, flat_e[0])
    return difference and "indices do not select the values: " + difference


def _less_accurate_than_eager(ep, args, kwargs, actual, expected, difference: str) -> str:
    """'' if every f32/f16/bf16 output is no farther from an f64 run of the program than eager's (plus the
    tolerance), else `difference` with the comparison added. For f32 this is the corpus's rule too: eager
    itself can be wrong (its vectorized gelu gives NaN for +-inf on AVX-512 hosts; ours and f64 give +-inf)."""
    def upcast(x):
        return x.double() if isinstance(x, torch.Tensor) and x.is_floating_point() else x

    try:
        with torch.no_grad(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            reference = ep.module()(*pytree.tree_map(upcast, _clone(args)), **pytree.tree_map(upcast, _clone(kwargs)))
    except Exception:  # noqa: BLE001 - the program does not run in f64 (a dtype baked in): no reference
        return difference
    flat_a, flat_e, flat_r = (pytree.tree_leaves(t) for t in (actual, expected, reference))
    if len(flat_r) != len(flat_e):
        return difference
    for i, (a, e, r) in enumerate(zip(flat_a, flat_e, flat_r)):
        if not isinstance(e, torch.Tensor) or e.dtype not in (torch.float16, torch.bfloat16, torch.float32):
            if isinstance(e, torch.Tensor) and compare(torch.as_tensor(a), e):
                return difference
            continue
        if not isinstance(r, torch.Tensor) or r.shape != e.shape:
            return difference
        rtol, atol = tolerance(e.dtype)
        a, e, r = torch.as_tensor(a).double(), e.double(), r.double()
        ours, eagers = (a - r).abs(), (e - r).abs()
        # Equal to the f64 result counts as exact, infinities included (inf - inf is NaN): eager's
        # vectorized bf16/f32 gelu returns NaN for +-inf on AVX-512 hosts, where ours and f64 give +-inf.
        worse = ~((ours <= eagers + atol + rtol * r.abs()) | (a == r) | (a.isnan() & e.isnan()))
        if worse.any():
            j = tuple(worse.nonzero()[0].tolist())
            return (f"{difference}; less accurate than eager (vs f64) at output {i} index {j}: ours {a[j].item():g}, "
                    f"eager {e[j].item():g}, f64 {r[j].item():g}")
    return ""
