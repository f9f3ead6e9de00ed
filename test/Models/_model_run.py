"""One model case -> its outcome: build it, export it as users do, compile it once per thread count with the
defaults, run it at each of the case's sizes and compare every output with eager (the model itself, not the
exported graph) within the case's tolerance.

Outcomes are the differential corpus's (test/Corpus/_corpus_case.py): match, mismatch (wrong values without an
error: the worst), compile-error, run-error, not-exportable (torch.export refuses the model, or torch's own
run_decompositions() fails on it: torch's, not ours); the generator adds crash and timeout.
"""

from __future__ import annotations

import copy
import sys
import time
import warnings
from dataclasses import asdict, dataclass, field
from pathlib import Path

import torch
from torch.utils import _pytree as pytree

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "Corpus"))

from _corpus_case import (  # noqa: E402  (the corpus's outcomes, error lines, classes and torch's-failure check)
    COMPILE_ERROR, CRASH, MATCH, MISMATCH, NOT_EXPORTABLE, RUN_ERROR, TIMEOUT, _line, _torch_decompositions_fail,
    _where, classify,
)
from _model_cases import MODEL_CASES  # noqa: E402

OUTCOMES = (MATCH, MISMATCH, COMPILE_ERROR, RUN_ERROR, NOT_EXPORTABLE, CRASH, TIMEOUT)
THREADS = (1, 2)
SEED = 0


@dataclass
class ModelResult:
    case: str
    outcome: str
    klass: str = ""  # the failure class (compile-error, run-error: _corpus_case.classify), or export's stage
    detail: str = ""
    compile_seconds: float = 0.0  # exir_mlir.compile at 1 thread (the first compile), wall time
    stage_seconds: dict = field(default_factory=dict)  # its program.stage_seconds
    max_error: float = 0.0  # the largest |ours - eager| over every output, size and thread count
    scale: float = 0.0  # the smallest output scale (largest finite |eager|) over every float output and size
    checked: str = ""  # "threads 1,2 x sizes ...": what ran
    seconds: float = 0.0  # the whole case
    where: str = ""  # a compile error's innermost frame in exir_mlir/lowering
    f64_accepted: list = field(default_factory=list)  # runs outside the tolerance but as close to f64 as eager


def _clone(tree):
    return pytree.tree_map(lambda x: x.clone() if isinstance(x, torch.Tensor) else x, tree)


def _sample(case, sizes: dict):
    torch.manual_seed(SEED + 1 + sum(sizes.values()))
    return case.inputs(**sizes)


def _show(sizes: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in sizes.items())


def output_scale(t: torch.Tensor) -> float:
    """The largest finite magnitude of a float output (0.0 if none)."""
    finite = t[torch.isfinite(t)]
    return float(finite.abs().max()) if finite.numel() else 0.0


def difference(actual, expected, rtol: float, atol: float) -> tuple[str, float]:
    """('' or what differs, the largest absolute difference) between two output pytrees: same leaves, dtypes,
    shapes; others equal; float values within |ours - eager| <= atol * scale + rtol * |eager|, NaN equal to NaN,
    where scale is the output's largest finite magnitude: `atol` is relative to the output's size, because
    random weights leave some nets' logits near 1e-18 (efficientnet) and others' near 1e9 (inception_v3), where
    an absolute atol would pass anything or nothing."""
    flat_a, flat_e = pytree.tree_leaves(actual), pytree.tree_leaves(expected)
    if len(flat_a) != len(flat_e):
        return f"{len(flat_a)} outputs, eager has {len(flat_e)}", float("inf")
    worst = 0.0
    for i, (a, e) in enumerate(zip(flat_a, flat_e)):
        if not isinstance(e, torch.Tensor):
            if a != e:
                return f"output {i}: {a!r}, eager {e!r}", float("inf")
            continue
        if not isinstance(a, torch.Tensor) or a.dtype != e.dtype or a.shape != e.shape:
            got = f"{a.dtype} {tuple(a.shape)}" if isinstance(a, torch.Tensor) else type(a).__name__
            return f"output {i}: {got}, eager {e.dtype} {tuple(e.shape)}", float("inf")
        if e.numel() == 0:
            continue
        if e.is_floating_point():
            close = torch.isclose(a, e, rtol=rtol, atol=atol * output_scale(e), equal_nan=True)
            err = (a.double() - e.double()).abs().nan_to_num(0.0)
        else:
            close = a == e
            err = (a.double() - e.double()).abs()
        worst = max(worst, float(err.max()))
        if not bool(close.all()):
            j = tuple((~close).nonzero()[0].tolist())
            return (f"output {i} {tuple(e.shape)}: {int((~close).sum())} of {e.numel()} values differ, at {j} "
                    f"ours {a[j].item():.6g} eager {e[j].item():.6g} (max |diff| {float(err.max()):.3g}, "
                    f"rtol {rtol:g}, atol {atol:g} x scale {output_scale(e):.3g})"), worst
    return "", worst


def _f64_errors(model, args, kwargs, expected):
    """(f64 reference leaves, eager's largest |error| against it per float leaf), or None when the model does
    not run in f64."""
    up = lambda t: t.double() if isinstance(t, torch.Tensor) and t.is_floating_point() else t  # noqa: E731
    try:
        with torch.no_grad(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            reference = copy.deepcopy(model).double()(*pytree.tree_map(up, _clone(args)),
                                                       **pytree.tree_map(up, _clone(kwargs)))
    except Exception:  # noqa: BLE001 - no f64 reference: the tolerance decides alone
        return None
    refs, eagers = pytree.tree_leaves(reference), pytree.tree_leaves(expected)
    if len(refs) != len(eagers):
        return None
    errors = [float((e.double() - r).abs().max()) if isinstance(e, torch.Tensor) and e.is_floating_point()
              and e.numel() and r.shape == e.shape else None for e, r in zip(eagers, refs)]
    return refs, errors


def _as_accurate_as_eager(actual, f64: tuple, atol: float) -> bool:
    """Whether every float output is within twice eager's own largest error against the f64 reference (plus
    atol x the output's scale) and every other output equals the reference's: a deep net with random weights (inception_v3's
    logits reach 1e9) leaves eager itself thousands away from f64, so another f32 summation order differs
    from eager by as much without being wrong."""
    refs, errors = f64
    leaves = pytree.tree_leaves(actual)
    if len(leaves) != len(refs):
        return False
    for a, r, err in zip(leaves, refs, errors):
        if err is None:
            if isinstance(r, torch.Tensor) and (r.is_floating_point() or not torch.equal(a, r)):
                return False  # a float output without a reference error, or an integer one that differs
            continue
        scale = output_scale(r)
        if (a.isnan() != r.isnan()).any() or float((a.double() - r).abs().nan_to_num(0.0).max()) > 2 * err + atol * scale:
            return False
    return True


def export_case(name: str):
    """(eager model, ExportedProgram) of a case; raises what torch.export raises."""
    case = MODEL_CASES[name]
    torch.manual_seed(SEED)
    model = case.make().eval()
    args, kwargs = _sample(case, case.export_at)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ep = torch.export.export(copy.deepcopy(model), _clone(args), _clone(kwargs), dynamic_shapes=case.dynamic())
    return model, ep


def run_model(name: str, *, threads=THREADS, sizes: list[dict] | None = None, compile_fn=None) -> ModelResult:
    """Build, export, compile (once per thread count), run and compare one case; never raises."""
    start = time.perf_counter()
    result = _run(name, threads, sizes, compile_fn)
    result.seconds = round(time.perf_counter() - start, 2)
    return result


def _run(name, threads, sizes, compile_fn) -> ModelResult:
    import exir_mlir
    from exir_mlir import compiler

    compiler.clear_memory_cache()  # every case compiles afresh: compile seconds are the case's
    case = MODEL_CASES[name]
    compile_fn = compile_fn or exir_mlir.compile
    try:
        model, ep = export_case(name)
    except Exception as exc:  # noqa: BLE001 - torch.export refuses the model: torch's
        return ModelResult(name, NOT_EXPORTABLE, "export", _line(exc))
    sizes = sizes if sizes is not None else case.check_at
    rtol, atol = case.tolerance
    result = ModelResult(name, MATCH, checked=f"threads {','.join(map(str, threads))} x sizes "
                                             + " ".join(_show(s) for s in sizes))
    expected = {}
    for i, s in enumerate(sizes):
        args, kwargs = _sample(case, s)
        try:
            with torch.no_grad(), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                expected[i] = model(*_clone(args), **_clone(kwargs))
        except Exception as exc:  # noqa: BLE001 - the case asks for sizes eager refuses: this harness's bug
            raise RuntimeError(f"{name}: eager refuses sizes {_show(s)}: {_line(exc)}") from exc
    floats = [t for e in expected.values() for t in pytree.tree_leaves(e)
              if isinstance(t, torch.Tensor) and t.is_floating_point()]
    if floats and all(output_scale(t) == 0.0 for t in floats):
        raise RuntimeError(f"{name}: eager's float outputs are all zero at every size: comparing with them "
                           "proves nothing (a zero-initialized layer?)")
    f64_errors: dict = {}
    for n in threads:
        began = time.perf_counter()
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                program = compile_fn(ep, num_threads=n)
        except Exception as exc:  # noqa: BLE001 - recorded and classified
            torch_failure = _torch_decompositions_fail(ep, exc)
            if torch_failure:
                return ModelResult(name, NOT_EXPORTABLE, "run_decompositions", torch_failure)
            return ModelResult(name, COMPILE_ERROR, classify(exc), f"threads {n}: {_line(exc)}",
                               where=_where(exc))
        if not result.compile_seconds:
            result.compile_seconds = round(time.perf_counter() - began, 2)
            result.stage_seconds = {k: round(v, 2) for k, v in getattr(program, "stage_seconds", {}).items()}
        for i, s in enumerate(sizes):
            args, kwargs = _sample(case, s)
            try:
                actual = program(*_clone(args), **_clone(kwargs))
            except Exception as exc:  # noqa: BLE001
                result.outcome, result.klass = RUN_ERROR, classify(exc)
                result.detail = f"threads {n}, sizes {_show(s)}: {_line(exc)}"
                return result
            diff, worst = difference(actual, expected[i], rtol, atol)
            if diff and i not in f64_errors:
                f64_errors[i] = _f64_errors(model, args, kwargs, expected[i])
            if diff and f64_errors[i] is not None and _as_accurate_as_eager(actual, f64_errors[i], atol):
                diff, result.f64_accepted = "", result.f64_accepted + [f"threads {n}, sizes {_show(s)}"]
            result.max_error = max(result.max_error, worst)
            scales = [output_scale(e) for e in pytree.tree_leaves(expected[i])
                      if isinstance(e, torch.Tensor) and e.is_floating_point() and e.numel()]
            if scales:
                result.scale = min(scales) if not result.scale else min(result.scale, *scales)
            if diff:
                result.outcome, result.klass = MISMATCH, "wrong-values"
                result.detail = f"threads {n}, sizes {_show(s)}: {diff}"
                return result
    return result


def to_json(result: ModelResult) -> dict:
    return asdict(result)
