"""One corpus case -> its outcome: export a program the project did not write, compile it, run it, compare with eager.

A case is a string `SOURCE:NAME|DTYPE|SAMPLE|MODE`:
- `opinfo:NAME` an entry of torch's OpInfo database (`op_db`; NAME is `name.variant_test_name`), called
  as `info.op(sample.input, *sample.args, **sample.kwargs)` on its SAMPLE-th sample of DTYPE (drawn on the
  CPU after `torch.manual_seed(0)`; of the first 8, those with a dim of size >= 2 come first, so that a dim
  can stay dynamic); the sample's tensors are the program's inputs, its other values constants.
- `nn:NAME` a `torch.nn` layer of _nn_cases.py on a batch of 3.
- MODE `static` exports with static shapes; `dynamic` marks every dim of every tensor input `Dim.AUTO`
  (OpInfo) or the batch dim `Dim("batch", min=1)` (nn), non-strict export either way. A dynamic case is
  also run on a second input of other sizes inside the exported ranges: every dynamic size grown by 1
  (or 2 when the program's constraints refuse 1), the sample tiled to it (values stay in the sample's set:
  indices remain valid); when eager or the program's own guards refuse it, that check is skipped, and
  so it is for the SINGULAR_UNSTABLE ops when tiling makes a matrix input rank-deficient and for the
  SORTED_INPUTS ops when it makes a sorted input unsorted.

The result is a dict (see `Result`): `outcome` one of OUTCOMES, `klass` the failure class, `detail`.
"""

from __future__ import annotations

import copy
import functools
import itertools
import re
import sys
import time
import traceback
import warnings
from dataclasses import asdict, dataclass, field
from pathlib import Path

import torch
from torch.utils import _pytree as pytree

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT / "test" / "Import"))
sys.path.insert(0, str(ROOT / "test" / "Numerics"))

from _numerics_check import TOLERANCES, compare, tolerance  # noqa: E402,F401  (the per-op sweep's comparison)
from _op_samples import _Call  # noqa: E402  (a module calling an OpInfo's op on the sample's tensors)

MATCH = "match"  # compiles, runs, equal to eager (and at the second size, for dynamic)
MISMATCH = "mismatch"  # compiles and runs, WRONG VALUES without an error
COMPILE_ERROR = "compile-error"  # exir_mlir.compile raised
RUN_ERROR = "run-error"  # the compiled program raised
TIMEOUT = "timeout"  # no result within the generator's per-case time limit
CRASH = "crash"  # the worker process died (segfault, MLIR/LLVM abort)
NOT_EXPORTABLE = "not-exportable"  # eager cannot run the sample, torch.export cannot export it, or torch's
#                                     own ep.run_decompositions() fails on the export: not ours
NO_SAMPLE = "no-sample"  # the OpInfo has fewer samples of this dtype
HARNESS_ERROR = "harness-error"  # this harness raised (its bug): never counted
OUTCOMES = (MATCH, MISMATCH, COMPILE_ERROR, RUN_ERROR, TIMEOUT, CRASH, NOT_EXPORTABLE, NO_SAMPLE, HARNESS_ERROR)
COUNTED = (MATCH, MISMATCH, COMPILE_ERROR, RUN_ERROR, TIMEOUT, CRASH)  # pairs eager runs and export exports

# The small integer types (uint8, int8, int16) are issue 12's column: where eager takes them, so must we.
DTYPES = {"f32": torch.float32, "i64": torch.int64, "bool": torch.bool,
          "u8": torch.uint8, "i8": torch.int8, "i16": torch.int16}
SAMPLES = {"f32": 2, "i64": 1, "bool": 1, "u8": 1, "i8": 1, "i16": 1}  # samples per (OpInfo, dtype)
MODES = ("static", "dynamic")
SEED = 0
SAMPLE_POOL = 8  # the SAMPLE-th of the first 8 samples, those with a dim of size >= 2 first (stable order)

# OpInfos whose results are uninitialized memory: dtype and shape are compared, not values. Ops whose eager
# result changes with the RNG state (found by running eager under two seeds) are compared the same way.
VALUES_UNSPECIFIED = {"empty", "empty_like", "new_empty", "new_empty_strided", "empty_strided", "empty_permuted",
                      "resize_", "resize_as_"}
# Random OpInfos whose sample's draws can coincide under the two seeds (multinomial of 3 of 3 categories
# without replacement: a likely permutation): compared as random, by dtype and shape.
RANDOM = {"multinomial"}


# OpInfos free to order equal values (their index outputs are checked by what they select, see _same_selection).
TIES_UNORDERED = {"sort", "argsort", "topk", "kthvalue", "median", "nanmedian", "mode", "max.reduction_with_dim",
                  "min.reduction_with_dim", "cummax", "cummin", "msort"}


# OpInfos whose vector outputs (eigenvectors, singular vectors) are defined up to the sign of each
# vector: compared with eager after each column (or row) of ours takes the sign that agrees with eager's.
SIGN_FREE_VECTORS = {"linalg.eigh", "linalg.svd", "svd", "svd_lowrank", "pca_lowrank"}
# OpInfos whose result is not unique on a rank-deficient matrix (Q's columns, LU's pivots after an exact
# cancellation) or is infinite there up to rounding (cond): tiling a matrix sample to the second size
# repeats a row, so for these the second-size check is skipped when it makes a matrix input rank-deficient.
SINGULAR_UNSTABLE = {"qr", "linalg.qr", "lu", "linalg.lu", "linalg.lu_factor", "linalg.lu_factor_ex",
                     "linalg.cond", "linalg.svd", "svd", "linalg.eigh", "linalg.pinv", "pinverse",
                     "linalg.matrix_rank", "geqrf", "linalg.householder_product", "ormqr"}


# OpInfos that take a sorted input (boundaries, a sorted sequence): their result is undefined on an unsorted one,
# which tiling a sample to the second size can make, so the second-size check is skipped then.
SORTED_INPUTS = {"bucketize", "searchsorted"}


def _unsorts(inputs, resized) -> bool:
    """Whether some input sorted along its last dim is no longer sorted at the second size."""
    def is_sorted(t) -> bool:
        return isinstance(t, torch.Tensor) and t.dim() > 0 and t.numel() > 0 and bool(
            (t[..., 1:] >= t[..., :-1]).all())

    return any(is_sorted(a) and not is_sorted(b) for a, b in zip(inputs, resized))


@dataclass
class Result:
    case: str
    outcome: str
    klass: str = ""  # failure class (compile-error, run-error), or why not exportable
    detail: str = ""
    second: str = ""  # the dynamic case's second-size check: "sizes ..." when run, else why not
    dynamic_dims: int = -1  # dims that stayed symbolic in the dynamic export (-1: static or not exported)
    values: str = "compared"  # or "unspecified" / "random": dtype and shape only
    seconds: float = 0.0
    extra: dict = field(default_factory=dict)


def parse(case: str) -> tuple[str, str, str, int, str]:
    """'opinfo:add|f32|0|static' -> ('opinfo', 'add', 'f32', 0, 'static')."""
    head, dtype, sample, mode = case.rsplit("|", 3)
    source, name = head.split(":", 1)
    return source, name, dtype, int(sample), mode


def case_name(source: str, name: str, dtype: str, sample: int, mode: str) -> str:
    return f"{source}:{name}|{dtype}|{sample}|{mode}"


# ----------------------------------------------------------------------------- the cases


def opinfo_name(info) -> str:
    return info.name + (f".{info.variant_test_name}" if info.variant_test_name else "")


@functools.cache
def opinfos() -> dict:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from torch.testing._internal.common_methods_invocations import op_db
    return {opinfo_name(info): info for info in op_db}


def all_cases(*, dtypes=tuple(DTYPES), nn: bool = True) -> list[str]:
    """Every case of the corpus, in a stable order (OpInfo entries, then nn layers)."""
    out = []
    for name, info in sorted(opinfos().items()):
        for dtype in dtypes:
            if DTYPES[dtype] not in info.dtypes:
                continue
            for sample in range(SAMPLES[dtype]):
                out += [case_name("opinfo", name, dtype, sample, mode) for mode in MODES]
    if nn:
        from _nn_cases import NN_CASES

        for name in NN_CASES:
            out += [case_name("nn", name, "f32", 0, mode) for mode in MODES]
    return out


class _NotExportable(Exception):
    pass


class _NoSample(Exception):
    pass


@dataclass
class _Program:
    module: torch.nn.Module  # the eager program (its forward takes `inputs`)
    inputs: tuple  # tensors
    dynamic_shapes: object  # for the dynamic export
    values: str = "compared"
    opinfo: object = None


def _opinfo_program(name: str, dtype: str, sample: int, mode: str) -> _Program:
    info = opinfos()[name]
    torch.manual_seed(SEED)
    try:
        found = list(itertools.islice(info.sample_inputs("cpu", DTYPES[dtype], requires_grad=False), SAMPLE_POOL))
    except Exception as exc:  # noqa: BLE001 - torch's own sample generator fails: not ours
        raise _NotExportable("sample_inputs", _line(exc)) from exc
    # samples with a dim of size >= 2 first (export specializes sizes 0 and 1: such a dim cannot stay dynamic)
    found.sort(key=lambda s: not any(isinstance(t, torch.Tensor) and any(n >= 2 for n in t.shape)
                                     for t in pytree.tree_leaves((s.input, s.args, s.kwargs))))
    if len(found) <= sample:
        raise _NoSample()
    s = found[sample]
    leaves, spec = pytree.tree_flatten((s.input, tuple(s.args), dict(s.kwargs)))
    constants = [None if isinstance(x, torch.Tensor) else (x,) for x in leaves]
    tensors = tuple(x for x in leaves if isinstance(x, torch.Tensor))
    module = _Call(info.op, spec, constants)
    dynamic = (tuple({d: torch.export.Dim.AUTO for d in range(t.dim())} for t in tensors),)
    values = ("unspecified" if name.split(".")[0] in VALUES_UNSPECIFIED
              else "random" if name.split(".")[0] in RANDOM else "compared")
    return _Program(module, tensors, dynamic, values, info)


def _nn_program(name: str) -> _Program:
    from _nn_cases import NN_CASES

    spec = NN_CASES[name]
    torch.manual_seed(SEED)
    module = spec.make()
    module.train(spec.train)
    inputs = spec.inputs(3)
    batch = torch.export.Dim("batch", min=spec.min_batch, max=1024)
    dynamic = (tuple(None if d is None else {d: batch} for d in spec.batch_dims(len(inputs))),)
    return _Program(_Splat(module), inputs, dynamic)


class _Splat(torch.nn.Module):
    """forward(*tensors) -> layer(*tensors): every corpus program takes its tensors the same way."""

    def __init__(self, layer):
        super().__init__()
        self.layer = layer

    def forward(self, *tensors):
        return self.layer(*tensors)


# ----------------------------------------------------------------------------- running one case


def _line(exc: BaseException) -> str:
    """`Class: message` on one line, paths relative to the repository, without the reproducer's temp path."""
    text = " ".join(str(exc).split()).replace(str(ROOT) + "/", "")
    text = re.sub(r" reproduce with: exir-mlir-opt /\S+", " reproduce with: exir-mlir-opt ...", text)
    return f"{type(exc).__name__}: {text[:700]}"


def _clone(tree):
    return pytree.tree_map(lambda x: x.clone() if isinstance(x, torch.Tensor) else x, tree)


def _eager(module, inputs, seed=SEED):
    torch.manual_seed(seed)
    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return module(*_clone(inputs))


def _eager_other_seed(module, inputs):
    """Eager under another seed, also inside the OpInfos that seed themselves (torch's random-op
    OpInfos call `wrapper_set_seed`, which seeds 42 around the op: under the outer seed alone they
    look deterministic)."""
    from torch.testing._internal import common_methods_invocations as cmi

    original = cmi.wrapper_set_seed

    def other_seed(op, *args, **kwargs):
        torch.manual_seed(SEED + 1)
        return op(*args, **kwargs)

    cmi.wrapper_set_seed = other_seed
    try:
        return _eager(module, inputs, seed=SEED + 1)
    finally:
        cmi.wrapper_set_seed = original


def run_case(case: str, *, compile_fn=None) -> Result:
    """Build, export, compile, run and compare one case; never raises (a crash kills the process)."""
    start = time.perf_counter()
    try:
        result = _run(case, compile_fn)
    except Exception as exc:  # noqa: BLE001 - a bug of this harness: recorded, never counted
        result = Result(case, HARNESS_ERROR, "harness", _line(exc), extra={"where": _where(exc, ours=("Corpus",))})
    result.seconds = round(time.perf_counter() - start, 2)
    return result


def _run(case: str, compile_fn) -> Result:
    import exir_mlir
    from exir_mlir import compiler

    # compile() reuses a program compiled earlier in the process when str(ep) is the same, but str(ep) does not
    # hold the example sizes that run_decompositions() may branch on (isin): each case starts afresh.
    compiler.clear_memory_cache()
    compile_fn = compile_fn or exir_mlir.compile
    source, name, dtype, sample, mode = parse(case)
    try:
        program = _opinfo_program(name, dtype, sample, mode) if source == "opinfo" else _nn_program(name)
    except _NoSample:
        return Result(case, NO_SAMPLE)
    except _NotExportable as exc:
        return Result(case, NOT_EXPORTABLE, *exc.args)
    eager_module = copy.deepcopy(program.module)  # a layer in train mode updates its buffers: one copy each
    try:
        expected = _eager(eager_module, program.inputs)
    except Exception as exc:  # noqa: BLE001 - eager cannot run the sample: not ours
        return Result(case, NOT_EXPORTABLE, "eager", _line(exc))
    values = program.values
    if values == "compared" and source == "opinfo":
        try:
            again = _eager_other_seed(copy.deepcopy(program.module), program.inputs)
        except Exception:  # noqa: BLE001
            again = expected
        if compare(again, expected):
            values = "random"
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ep = torch.export.export(copy.deepcopy(program.module), _clone(program.inputs), strict=False,
                                     dynamic_shapes=program.dynamic_shapes if mode == "dynamic" else None)
    except Exception as exc:  # noqa: BLE001 - torch.export cannot export it: not ours
        return Result(case, NOT_EXPORTABLE, "export", _line(exc))
    dyn = _symbolic_dims(ep) if mode == "dynamic" else -1
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            compiled = compile_fn(ep)
    except Exception as exc:  # noqa: BLE001 - recorded and classified
        torch_failure = _torch_decompositions_fail(ep, exc)
        if torch_failure:  # torch's own ep.run_decompositions() fails too: not ours
            return Result(case, NOT_EXPORTABLE, "run_decompositions", torch_failure)
        op, stage, _ = diagnostic(_line(exc))
        return Result(case, COMPILE_ERROR, classify(exc), _line(exc), dynamic_dims=dyn, values=values,
                      extra={"where": _where(exc), "op": op, "stage": stage})
    try:
        actual = compiled(*_clone(program.inputs))
    except Exception as exc:  # noqa: BLE001
        return Result(case, RUN_ERROR, classify(exc), _line(exc), dynamic_dims=dyn, values=values)
    difference = _differs(program, actual, expected, values, program.inputs)
    if difference:
        return Result(case, MISMATCH, "wrong-values", difference, dynamic_dims=dyn, values=values)
    second = "static" if mode == "static" else ""
    if mode == "dynamic":
        resized, second = _resized(ep, program, source)
        if resized is not None and program.opinfo is not None \
                and opinfo_name(program.opinfo) in SINGULAR_UNSTABLE and _has_rank_deficient_matrix(resized):
            resized, second = None, f"not checked: {second} tiles a matrix input into a rank-deficient one"
        if resized is not None and program.opinfo is not None \
                and opinfo_name(program.opinfo) in SORTED_INPUTS and _unsorts(program.inputs, resized):
            resized, second = None, f"not checked: {second} tiles a sorted input into an unsorted one"
        if resized is not None:
            expected2 = _eager(eager_module, resized)
            try:
                actual2 = compiled(*_clone(resized))
            except Exception as exc:  # noqa: BLE001
                return Result(case, RUN_ERROR, classify(exc), f"at {second}: {_line(exc)}", second, dyn, values)
            difference = _differs(program, actual2, expected2, values, resized)
            if difference:
                return Result(case, MISMATCH, "wrong-values", f"at {second}: {difference}", second, dyn, values)
    return Result(case, MATCH, "", "", second, dyn, values)


def _torch_decompositions_fail(ep, exc: BaseException) -> str:
    """Where compile reports that the core-ATen decompositions failed, whether torch's own
    `ep.run_decompositions()` (torch's default table, no exir-mlir code) fails on the program too:
    its error line if so (the program has no core-ATen form: torch's failure, e.g. an internal assert
    functionalizing resize_as_ on symbolic sizes), else "" (exir-mlir's tables made it fail: ours)."""
    if "torch's core-ATen decompositions (ep.run_decompositions()) failed" not in str(exc):
        return ""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            copy.deepcopy(ep).run_decompositions()
    except Exception as torch_exc:  # noqa: BLE001 - torch's failure
        return _line(torch_exc)
    return ""


def _differs(program, actual, expected, values, inputs) -> str:
    difference = compare(actual, expected, values=values == "compared")
    if difference and values == "compared" and program.opinfo is not None \
            and opinfo_name(program.opinfo) in TIES_UNORDERED \
            and _same_selection(inputs, actual, expected, distinct=program.opinfo.name in ("sort", "argsort", "topk")):
        return ""
    if difference and values == "compared" and program.opinfo is not None \
            and opinfo_name(program.opinfo) in SIGN_FREE_VECTORS and _same_up_to_vector_signs(actual, expected):
        return ""
    if difference and values == "compared":
        difference = _less_accurate_than_eager(program.module, inputs, actual, expected, difference)
    return difference


def _same_up_to_vector_signs(actual, expected) -> bool:
    """Every output equals eager's once each column (else each row) of a matrix output takes the sign
    that agrees with eager's (the sign of their dot product)."""
    flat_a, flat_e = pytree.tree_leaves(actual), pytree.tree_leaves(expected)
    if len(flat_a) != len(flat_e):
        return False
    for a, e in zip(flat_a, flat_e):
        if not compare(a, e):
            continue
        a = torch.as_tensor(a)
        if not (isinstance(e, torch.Tensor) and e.is_floating_point() and e.dim() >= 2 and a.shape == e.shape):
            return False
        for dim in (-2, -1):  # columns (eigenvectors, U, V), then rows (Vh)
            sign = torch.sign((a * e).sum(dim, keepdim=True))
            if not compare(a * torch.where(sign == 0, torch.ones_like(sign), sign), e):
                break
        else:
            return False
    return True


def _has_rank_deficient_matrix(inputs) -> bool:
    for t in pytree.tree_leaves(inputs):
        if isinstance(t, torch.Tensor) and t.is_floating_point() and t.dim() >= 2 and min(t.shape[-2:]) > 0:
            if bool((torch.linalg.matrix_rank(t.double()) < min(t.shape[-2:])).any()):
                return True
    return False


def _same_selection(inputs, actual, expected, *, distinct: bool) -> bool:
    """For an op free to order equal values: every output equals eager's, except int64 index outputs, which
    must select from the input (along some dim) the same values as eager's indices do; sort/argsort/topk
    indices must also be distinct along that dim."""
    x = inputs[0] if inputs else None
    flat_a, flat_e = pytree.tree_leaves(actual), pytree.tree_leaves(expected)
    if x is None or len(flat_a) != len(flat_e):
        return False
    for a, e in zip(flat_a, flat_e):
        if not compare(a, e):
            continue
        a = torch.as_tensor(a)
        if e.dtype != torch.int64 or a.dtype != torch.int64 or a.shape != e.shape:
            return False
        if x.dim() == 0 or not any(_selects_same(x, a, e, d, distinct) for d in range(x.dim())):
            return False
    return True


def _selects_same(x, a, e, d, distinct: bool) -> bool:
    """Do indices `a` and `e` pick the same values of `x` along dim `d` (and, if asked, are `a`'s distinct)?"""
    try:
        ia, ie = (i.unsqueeze(d) if i.dim() < x.dim() else i for i in (a, e))
        if compare(x.gather(d, ia), x.gather(d, ie)):
            return False
        return not distinct or ia.shape[d] < 2 or bool((ia.sort(d).values.diff(dim=d) != 0).all())
    except (RuntimeError, IndexError):
        return False


def _less_accurate_than_eager(module, inputs, actual, expected, difference: str) -> str:
    """'' if every float output that differs from eager is no farther from the same program run in f64
    than eager's own result is (plus the tolerance): an ill-conditioned op (a determinant, a solve) leaves
    eager and us both a few ulps of the inputs away from the exact result. Else `difference`."""
    def up(x):
        if isinstance(x, torch.Tensor) and x.is_floating_point():
            return x.double()
        return x.cdouble() if isinstance(x, torch.Tensor) and x.is_complex() else x

    default = torch.get_default_dtype()
    try:
        # integer inputs of a float op (polygamma of int8) promote to the default dtype: f64 here too
        torch.set_default_dtype(torch.float64)
        reference = _eager(copy.deepcopy(module).double(), pytree.tree_map(up, _clone(inputs)))
    except Exception:  # noqa: BLE001 - the program does not run in f64: no reference
        return difference
    finally:
        torch.set_default_dtype(default)
    flat_a, flat_e, flat_r = (pytree.tree_leaves(t) for t in (actual, expected, reference))
    if len(flat_r) != len(flat_e):
        return difference
    for a, e, r in zip(flat_a, flat_e, flat_r):
        if not isinstance(e, torch.Tensor) or not (e.is_floating_point() or e.is_complex()):
            if compare(a, e):
                return difference
            continue
        if not compare(a, e):
            continue
        if not isinstance(r, torch.Tensor) or r.shape != e.shape:
            return difference
        rtol, atol = tolerance(e.dtype if e.is_floating_point() else torch.float32)
        a, e, r = torch.as_tensor(a).to(r.dtype), e.to(r.dtype), r
        ours, eagers = (a - r).abs(), (e - r).abs()
        if (a.isnan() != e.isnan()).any():
            return difference
        worse = ~((ours <= eagers + atol + rtol * r.abs()) | a.isnan() | (a == e))  # (a == e: the same inf)
        if worse.any():
            j = tuple(worse.nonzero()[0].tolist())
            return (f"{difference}; less accurate than eager (vs f64) at {j}: ours {a[j].item():g}, "
                    f"eager {e[j].item():g}, f64 {r[j].item():g}")
    return ""


def _user_placeholders(ep):
    user = list(ep.graph_signature.user_inputs)
    nodes = {n.name: n for n in ep.graph.nodes if n.op == "placeholder"}
    return [nodes[u] for u in user]


def _symbolic_dims(ep) -> int:
    count = 0
    for node in _user_placeholders(ep):
        val = node.meta.get("val")
        if isinstance(val, torch.Tensor):
            count += sum(isinstance(d, torch.SymInt) and not d.node.expr.is_number for d in val.shape)
    return count


def _resized(ep, program, source) -> tuple[tuple | None, str]:
    """The inputs with every dynamic size grown (by 1, else 2) inside the ranges, or None and why not."""
    import sympy

    placeholders = _user_placeholders(ep)
    if len(placeholders) != len(program.inputs):
        return None, "not checked: inputs do not map to placeholders"
    values: dict = {}
    for node, t in zip(placeholders, program.inputs):
        val = node.meta.get("val")
        for d, size in zip(getattr(val, "shape", ()), t.shape):
            if isinstance(d, torch.SymInt) and isinstance(d.node.expr, sympy.Symbol):
                values[d.node.expr] = size
    if not values:
        return None, "not checked: no dim stayed dynamic"
    for step in (1, 2):
        new = {}
        for sym, v in values.items():
            r = ep.range_constraints.get(sym)
            n = v + step
            if r is not None and bool(n > r.upper):
                n = v - step
            new[sym] = n
        try:
            shapes = [tuple(int(d.node.expr.xreplace(new)) if isinstance(d, torch.SymInt) else int(d)
                            for d in node.meta["val"].shape) for node in placeholders]
        except (TypeError, AttributeError):
            return None, "not checked: a size is not an integer expression of the dynamic dims"
        resized = tuple(_tile(t, s) for t, s in zip(program.inputs, shapes))
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                ep.module()(*_clone(resized))  # the program's own guards accept the sizes
            _eager(copy.deepcopy(program.module), resized)
        except Exception:  # noqa: BLE001 - try the next step
            continue
        return resized, "sizes " + " ".join("x".join(map(str, s)) or "()" for s in shapes)
    return None, "not checked: eager or the program's guards refuse the grown sizes"


def _tile(t: torch.Tensor, shape) -> torch.Tensor:
    """`t` grown to `shape` by repeating it (modular indexing per dim): its values stay in its set."""
    out = t
    for d, n in enumerate(shape):
        if n != out.shape[d]:
            out = out.index_select(d, torch.arange(n) % out.shape[d])
    return out.contiguous()


def _where(exc: BaseException, ours=("exir_mlir", "lowering")) -> str:
    """The innermost frame of the traceback in one of the folders `ours` (file:line function)."""
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if any(f"/{d}/" in f.filename for d in ours)]
    f = (ours or frames or [None])[-1]
    return "" if f is None else f"{Path(f.filename).name}:{f.lineno} {f.name}"


# ----------------------------------------------------------------------------- failure classes

# A lowering failure reads "lowering to STAGE failed: LOC (node N): 'OP' cannot be lowered to STAGE: REASON ...".
_DIAGNOSTIC = re.compile(r"\(node [^)]*\): '([^']+)' cannot be lowered to (\w+): (.*?)(?= \S+:\d+:\d+ \(node | reproduce with:| reproducer:| what to do:|$)")
_DYNAMIC = re.compile(r"dynamic|symbolic|static shape|must be static|cannot tell the size", re.IGNORECASE)
_DTYPE = re.compile(r"complex|uint8|unsigned|\bdtype\b|float64|int8|int16", re.IGNORECASE)
_LAYOUT = re.compile(r"a tensor of layout torch\.sparse")
_SCALAR = re.compile(r"SymBool|SymFloat|sym_constant|_local_scalar_dense|scalar result|\.item\(\)")


def diagnostic(text: str) -> tuple[str, str, str]:
    """(op, stage, reason) of the first lowering diagnostic in an error message, or ('', '', '')."""
    m = _DIAGNOSTIC.search(text)
    return (m.group(1), m.group(2), m.group(3).strip()) if m else ("", "", "")


def classify(exc: BaseException) -> str:
    return classify_text(_line(exc))


def classify_text(line: str) -> str:
    """The failure class of a compile or run error, from its `Class: message` line (issue 11's taxonomy, see
    docs/corpus.md). A function of the recorded line, so the generator re-derives it when the rules change."""
    kind, _, text = line.partition(": ")
    op, _, reason = diagnostic(text)
    if kind == "OutOfBoundsError":  # a bounds-checked build (_gen_corpus.py --check-bounds) caught an access
        return "out-of-bounds"
    if kind not in ("ExirUserError", "ToolchainError"):
        return "internal-error"
    # Lowering errors name the op as the program called it (issue 16): a symbolic-size op reads
    # "operator.neg on symbolic sizes", not "exir.sym_neg"; older records keep the old words.
    if op.startswith("exir.sym_") or op.endswith(" on symbolic sizes") or _SCALAR.search(text):
        return "scalar"
    if "is a core ATen op, but the importer" in (reason or text):
        return "core-op-fallback"
    fallback = ("is not a core op", "is not a core ATen op", "has no exir op and no decomposition here")
    if any(words in reason or words in text for words in fallback):
        return "core-op-fallback" if _is_core(op) else "non-core-op"
    if _LAYOUT.search(text):
        return "layout"
    if _DYNAMIC.search(reason or text):
        return "dynamic-shape"
    if _DTYPE.search(reason or text):
        return "dtype"
    if reason.startswith("no lowering"):
        return "no-lowering"
    return "op-variant"


def _is_core(overload: str) -> bool:
    """Is 'aten::name.overload' tagged torch.Tag.core (the importer fell back on a core op's call form)?"""
    if not overload.startswith("aten::"):
        return False
    name, _, variant = overload.removeprefix("aten::").partition(".")
    try:
        return torch.Tag.core in getattr(getattr(torch.ops.aten, name), variant or "default").tags
    except AttributeError:
        return False


def to_json(result: Result) -> dict:
    return asdict(result)
