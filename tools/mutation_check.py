"""Mutation check: do the fast tests notice a wrong lowering? Applies a fixed list of small semantic bugs
to lowering/, exir_mlir/codegen/ (and the runtime's input guards), one at a time, and runs the tests
relevant to each; a mutation is *killed* when one of them fails.

    python tools/mutation_check.py                 # every mutation; writes docs/mutation-check.md
    python tools/mutation_check.py --only M01,M07  # these mutations (prints; the doc is not written)
    python tools/mutation_check.py --baseline      # run each mutation's tests on the unmutated copy
    python tools/mutation_check.py --skip-lit --only M01   # the pytest slices alone (do the numerics notice?)
    python tools/mutation_check.py --list

Each mutation runs in a fresh copy of the repository (tracked and untracked files, no .git/.venv) under
a temporary directory, imported through PYTHONPATH, so the working tree is never modified and an
interrupted run leaves nothing behind. The tests of a mutation are the lit files of its family
(test/Lowering, test/Codegen; lit is fast) and the slice of the pytest numerics that exercises the
code: test/Numerics/test_op_numerics.py (every claimed pair of the mutated ops), test/Numerics/test_edge_values.py
(edge values) and the test/Runtime files named. Killed/total is the mutation score; the goal is 90%.
A survivor is either a missing test (add it) or an equivalent mutation (explained in its `why`).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DOC = REPO / "docs" / "mutation-check.md"
COMMAND = "python tools/mutation_check.py"
TIMEOUT_S = 600

TL, A2E, E2B = "test/Lowering/ToLinalg/", "test/Lowering/AtenToEdge/", "test/Lowering/EdgeToBackend/"
NUM = "test/Numerics/test_op_numerics.py"
EDGE = "test/Numerics/test_edge_values.py"


@dataclass
class Mutation:
    id: str
    path: str
    old: str
    new: str
    what: str
    lit: list[str] = field(default_factory=list)
    pytest: list[list[str]] = field(default_factory=list)  # each: pytest arguments
    nth: int = 0  # which occurrence of `old` (0: it must occur once)


def num(expr: str) -> list[str]:
    return [NUM, "-k", expr]


def edge(expr: str) -> list[str]:
    return [EDGE, "-k", expr]


EW = "lowering/to_linalg/elementwise.py"
BU = "lowering/to_linalg/builders.py"
NO = "lowering/to_linalg/normalization.py"
RE = "lowering/to_linalg/reduction.py"
IX = "lowering/to_linalg/indexing.py"
VI = "lowering/to_linalg/view.py"
MA = "exir_mlir/codegen/math_approx.py"
GUARDS = "test/Runtime/test_input_guards.py"
FASTCALL = "exir_mlir/runtime/fastcall.py"
PLAN_TESTS = [["test/Runtime/test_call_fast_path.py"], [GUARDS]]
GUARD_TESTS = [[GUARDS], ["test/Runtime/test_compiled_program.py", "-k", "bad_inputs or equalities"]]

MUTATIONS = [
    # --- elementwise bodies
    Mutation("M01", EW, '"round": lambda x: math.RoundEvenOp(x)', '"round": lambda x: math.RoundOp(x)',
             "round: half to even -> half away from zero", [TL + "elementwise.mlir"], [num("round"), edge("round")]),
    Mutation("M02", EW, "sign_differs = arith.CmpIOp(arith.CmpIPredicate.slt,", "sign_differs = arith.CmpIOp(arith.CmpIPredicate.sge,",
             "remainder (int): Python-modulo sign fix inverted", [TL + "elementwise.mlir"], [num("remainder"), edge("remainder")]),
    Mutation("M03", EW, "differs = arith.XOrIOp(r_neg, b_neg).result", "differs = arith.AndIOp(r_neg, b_neg).result",
             "remainder (float): sign fix when signs differ -> when both negative", [TL + "elementwise.mlir"],
             [num("remainder"), edge("remainder")]),
    Mutation("M04", EW, "neg = arith.CmpFOp(arith.CmpFPredicate.OLT, x, zero)", "neg = arith.CmpFOp(arith.CmpFPredicate.ULT, x, zero)",
             "sign: sign(NaN) = -1 instead of 0 (ordered -> unordered predicate)", [TL + "elementwise.mlir"], [num("sign"), edge("sign")]),
    Mutation("M05", EW, "return arith.MaximumFOp(x, const_like(0.0, x.type)).result", "return arith.MaxNumFOp(x, const_like(0.0, x.type)).result",
             "relu: NaN-propagating max -> maxnum (relu(NaN) = 0)", [TL + "elementwise.mlir"], [num("relu"), edge("relu")]),
    Mutation("M06", EW, '_FCMP = {"eq": "OEQ", "ne": "UNE"', '_FCMP = {"eq": "OEQ", "ne": "ONE"',
             "ne (float): unordered -> ordered (NaN != NaN becomes false)", [TL + "elementwise.mlir"], [num("ne"), edge("ne")]),
    Mutation("M07", EW, '"lt": "OLT", "le": "OLE"', '"lt": "OLT", "le": "OLT"',
             "le (float): <= -> <", [TL + "elementwise.mlir"], [num("le"), edge("le")]),
    Mutation("M08", EW, 'else (arith.DivUIOp if _u(a) else arith.FloorDivSIOp)(a, _nonzero_divisor(b)).result',
             'else (arith.DivUIOp if _u(a) else arith.DivSIOp)(a, _nonzero_divisor(b)).result',
             "floor_divide (int): floor -> truncation", [TL + "elementwise.mlir"], [num("div"), edge("div")]),
    Mutation("M09", EW, '"maximum": lambda a, b: arith.MaximumFOp(a, b)', '"maximum": lambda a, b: arith.MaxNumFOp(a, b)',
             "maximum (float): NaN-propagating -> maxnum", [TL + "elementwise.mlir"], [num("maximum or clamp"), edge("maximum or clamp")]),
    Mutation("M10", EW, '"minimum": lambda a, b: arith.MinimumFOp(a, b)', '"minimum": lambda a, b: arith.MinNumFOp(a, b)',
             "minimum (float): NaN-propagating -> minnum", [TL + "elementwise.mlir"], [num("minimum or clamp"), edge("minimum or clamp")]),
    Mutation("M11", EW, '_BCMP = {"eq": "eq", "ne": "ne", "lt": "ult"', '_BCMP = {"eq": "eq", "ne": "ne", "lt": "slt"',
             "lt (bool): unsigned -> signed compare (true < false)", [TL + "elementwise.mlir"], [num("lt")]),
    Mutation("M12", EW, "c = const_like(0.044715, t)", "c = const_like(0.0447, t)",
             "gelu tanh: cubic coefficient changed", [TL + "elementwise.mlir", E2B + "activation.mlir"], [num("gelu"), edge("gelu")]),
    Mutation("M13", EW, "inv_sqrt2 = const_like(1.0 / pymath.sqrt(2.0), t)", "inv_sqrt2 = const_like(1.0 / pymath.sqrt(2.0) * 1.01, t)",
             "gelu erf: 1/sqrt(2) scale changed", [TL + "elementwise.mlir", E2B + "activation.mlir"], [num("gelu")]),
    Mutation("M14", EW, "            v = BINARY[\"maximum\"](v, next(it))", "            v = BINARY[\"minimum\"](v, next(it))",
             "clamp: lower bound applied with min", [TL + "elementwise.mlir"], [num("clamp")]),
    Mutation("M15", EW, '"isinf": _float_unary(lambda x: arith.CmpFOp(arith.CmpFPredicate.OEQ,',
             '"isinf": _float_unary(lambda x: arith.CmpFOp(arith.CmpFPredicate.OGE,',
             "isinf: == inf -> >= inf (semantically equivalent: nothing is above inf; lit pins the predicate)", [TL + "elementwise.mlir"],
             [num("isinf"), edge("isinf")]),
    Mutation("M16", EW, "    return arith.SelectOp(fix, arith.AddFOp(r, b).result, r).result",
             "    return arith.SelectOp(fix, arith.SubFOp(r, b).result, r).result",
             "remainder (float): fix adds -> subtracts the divisor", [TL + "elementwise.mlir"], [num("remainder")]),
    # --- element conversion and identities (builders)
    Mutation("M17", BU, "return arith.CmpFOp(arith.CmpFPredicate.UNE, v, const_like(0.0, src)).result",
             "return arith.CmpFOp(arith.CmpFPredicate.ONE, v, const_like(0.0, src)).result",
             "float -> bool: NaN becomes False (torch: True)", [TL + "elementwise.mlir"], [num("_to_copy or ne or where"), edge("_to_copy")]),
    Mutation("M18", BU, "        return arith.FPToSIOp(to, v).result", "        return arith.FPToUIOp(to, v).result",
             "float -> int: signed -> unsigned conversion", [TL + "elementwise.mlir"], [num("_to_copy"), edge("_to_copy")]),
    Mutation("M19", BU, "return const_like(-pymath.inf, t)", "return const_like(-3.0e38, t)",
             "max identity: -inf -> a finite lowest (max of an all -inf row)", [TL + "reduction.mlir"],
             [num("amax or max"), edge("amax or max")], nth=2),
    Mutation("M20", BU, "return const_like(2 ** (bitwidth(t) - 1) - 1, t)", "return const_like(2 ** (bitwidth(t) - 2), t)",
             "min identity (int): INT_MAX -> a smaller value", [TL + "reduction.mlir"], [num("amin or min"), edge("amin or min")]),
    # --- normalization
    Mutation("M21", NO, "eps_c = const_like(eps, elem)", "eps_c = const_like(0.0, elem)",
             "layer_norm: eps dropped", [TL + "normalization.mlir", E2B + "normalization.mlir"], [num("layer_norm"), edge("layer_norm")]),
    Mutation("M22", NO, 'eps = const_like(attr_dict(op)["eps"], element_type(x))', "eps = const_like(0.0, element_type(x))",
             "batch_norm (inference): eps dropped", [TL + "normalization.mlir"], [num("batch_norm"), edge("batch_norm")]),
    Mutation("M23", NO, "lambda v, _o: math.RsqrtOp(arith.AddFOp(arith.DivFOp(v, n).result, eps_c).result).result)[0]",
             "lambda v, _o: math.RsqrtOp(arith.AddFOp(arith.DivFOp(v, arith.SubFOp(n, const_like(1.0, elem)).result).result, eps_c).result).result)[0]",
             "layer_norm: biased variance -> unbiased (divisor n - 1)", [TL + "normalization.mlir"], [num("layer_norm")]),
    Mutation("M24", NO, "lambda v, m, _o: arith.SubFOp(v, m).result)[0]", "lambda v, m, _o: v)[0]",
             "softmax: row max not subtracted (overflows for large inputs)", [TL + "normalization.mlir"],
             [num("softmax"), edge("softmax")]),
    Mutation("M25", NO, "lambda s, t, _o: arith.SubFOp(s, math.LogOp(t).result).result)[0]",
             "lambda s, t, _o: arith.SubFOp(s, math.Log1pOp(t).result).result)[0]",
             "log_softmax: log -> log1p of the sum", [TL + "normalization.mlir"], [num("log_softmax")]),
    Mutation("M26", NO, "empty_row = arith.CmpFOp(arith.CmpFPredicate.OEQ, m, lowest(elem))",
             "empty_row = arith.CmpFOp(arith.CmpFPredicate.ONE, m, lowest(elem))",
             "safe softmax: fully masked row test inverted", [TL + "attention.mlir", TL + "normalization.mlir"],
             [["test/Runtime/test_models_e2e.py", "-k", "transformer or attention"]]),
    # --- reductions
    Mutation("M27", RE, 'denom = arith.SubFOp(n, const_like(float(a["correction"]), elem)).result',
             "denom = arith.SubFOp(n, const_like(0.0, elem)).result",
             "var: correction ignored (always biased)", [TL + "reduction.mlir"], [num("var"), edge("var")]),
    Mutation("M28", RE, "pred = arith.CmpFPredicate.OGT if is_max else arith.CmpFPredicate.OLT",
             "pred = arith.CmpFPredicate.OGE if is_max else arith.CmpFPredicate.OLT",
             "argmax (float): first -> last index among ties", [TL + "reduction.mlir"], [num("argmax"), edge("argmax")]),
    Mutation("M29", RE, "better = arith.AndIOp(arith.OrIOp(better, nan).result,", "better = arith.AndIOp(better,",
             "argmax/argmin: NaN no longer wins", [TL + "reduction.mlir"], [num("argmax or argmin"), edge("argmax or argmin")]),
    Mutation("M30", RE, "        return arith.MaximumFOp(a, b).result", "        return arith.MaxNumFOp(a, b).result",
             "amax/max reduction: NaN-propagating -> maxnum", [TL + "reduction.mlir"], [num("amax or max"), edge("amax or max")]),
    Mutation("M31", RE, "[PARALLEL] * rank_of(r), lambda v, _o: arith.DivFOp(v, n).result)[0]",
             "[PARALLEL] * rank_of(r), lambda v, _o: arith.DivFOp(v, arith.AddFOp(n, const_like(1.0, elem)).result).result)[0]",
             "mean: divisor n -> n + 1", [TL + "reduction.mlir"], [num("mean")]),
    Mutation("M32", RE, "pred = arith.CmpIPredicate.sgt if is_max else arith.CmpIPredicate.slt",
             "pred = arith.CmpIPredicate.sgt if is_max else arith.CmpIPredicate.sle",
             "argmin (int): first -> last index among ties", [TL + "reduction.mlir"], [num("argmin"), edge("argmin")]),
    # --- indexing and views
    Mutation("M33", IX, "neg = arith.CmpIOp(arith.CmpIPredicate.slt, idx, index_constant(0)).result",
             "neg = arith.CmpIOp(arith.CmpIPredicate.sle, idx, index_constant(0)).result",
             "index wrap: index 0 treated as negative (reads past the end)", [TL + "indexing.mlir"],
             [num("embedding or index_select or gather")]),
    Mutation("M34", IX, "return clamped(arith.SelectOp(neg, arith.AddIOp(idx, size).result, idx).result, size)",
             "return clamped(arith.SelectOp(neg, arith.SubIOp(size, idx).result, idx).result, size)",
             "index wrap: k + n -> n - k", [TL + "indexing.mlir"], [num("embedding or index_select or gather")]),
    Mutation("M35", VI, "mirrored = arith.SubIOp(size(d, 1, 2), src).result",
             "mirrored = arith.SubIOp(arith.AddIOp(size(d, 1, 2), index_constant(1)).result, src).result",
             "reflection pad: mirror about n - 1/2 instead of n - 1", [TL + "view.mlir"], [num("reflection_pad")]),
    Mutation("M36", VI, "src = arith.MinSIOp(src, size(d, 1)).result", "src = arith.MinSIOp(src, size(d)).result",
             "replication pad: clamp off by one", [TL + "view.mlir"], [num("replication_pad")]),
    Mutation("M37", VI, "last = arith.SubIOp(ctx.dim(x, d), index_constant(1)).result", "last = ctx.dim(x, d)",
             "flip: n - 1 - i -> n - i", [TL + "view.mlir"], [num("flip")]),
    Mutation("M38", "lowering/aten_to_edge/view.py", "start = max(start + size, 0)", "start = max(start + size - 1, 0)",
             "slice: negative start off by one", [A2E + "view.mlir"], [num("slice or narrow")]),
    Mutation("M39", VI, 'offsets = [a["start"] if d == a["dim"] else 0 for d in range(rank)]',
             'offsets = [a["start"] + 1 if d == a["dim"] else 0 for d in range(rank)]',
             "slice: offset off by one", [TL + "view.mlir"], [num("slice or narrow")]),
    # --- upsample, attention, pooling
    Mutation("M40", "lowering/to_linalg/upsample.py",
             "h1 = arith.MinSIOp(arith.AddIOp(h0, index_constant(1)).result, last(2)).result",
             "h1 = arith.MinSIOp(arith.AddIOp(h0, index_constant(1)).result, "
             "arith.AddIOp(last(2), index_constant(1)).result).result",
             "bilinear upsample: clamp of the second row off by one", [TL + "upsample.mlir"], [num("upsample")]),
    Mutation("M41", "lowering/to_linalg/attention.py", "above = arith.CmpIOp(arith.CmpIPredicate.ugt, j, i).result",
             "above = arith.CmpIOp(arith.CmpIPredicate.uge, j, i).result",
             "causal attention: the diagonal masked too", [TL + "attention.mlir"],
             [["test/Runtime/test_models_e2e.py", "-k", "transformer or attention or gpt"]]),
    Mutation("M42", "lowering/to_linalg/attention.py", "y = arith.MulFOp(sc, scale).result", "y = sc",
             "attention: scale dropped", [TL + "attention.mlir"], [["test/Runtime/test_models_e2e.py", "-k", "transformer or attention"]]),
    Mutation("M43", "lowering/to_linalg/pooling.py", "dv = const_like(float(divisor) if is_float(elem) else divisor, elem)",
             "dv = const_like(float(divisor) + 1.0 if is_float(elem) else divisor + 1, elem)",
             "avg_pool2d: the constant divisor + 1", [TL + "pooling.mlir"], [num("avg_pool")]),
    Mutation("M44", "lowering/to_linalg/sort.py", "pred = arith.CmpIPredicate.sgt if descending else arith.CmpIPredicate.slt",
             "pred = arith.CmpIPredicate.sge if descending else arith.CmpIPredicate.slt",
             "sort (int, descending): strict -> non-strict order (equal values out of place)", [TL + "sort.mlir"],
             [num("sort or topk"), edge("sort or topk")]),
    # --- shape expressions
    Mutation("M45", "lowering/to_linalg/shapes.py", 'v = (self._binary(arith.AddIOp, arith.AddFOp, v, rhs) if op == "+"',
             'v = (self._binary(arith.SubIOp, arith.SubFOp, v, rhs) if op == "+"',
             "derived dim: s0 + 1 computed as s0 - 1 (the shape-expression evaluator)", [TL + "dynamic_shapes.mlir"], [[GUARDS]]),
    # --- codegen: vectorized math approximations
    Mutation("M46", MA, "    r = b.fma(n, b.c(-_LN2_LO), r)\n", "\n",
             "exp approximation: the low part of the Cody-Waite ln 2 reduction dropped", ["test/Codegen"],
             [["test/Runtime/test_cpu_math_approx.py"]]),
    Mutation("M47", MA, "high, low = 88.72283935546875, -104.0", "high, low = 88.0, -104.0",
             "exp approximation: overflow threshold lowered (exp(88.5) = inf)", ["test/Codegen"],
             [["test/Runtime/test_cpu_math_approx.py"]]),
    Mutation("M48", MA, "result = b.select(b.eq(x, b.c(0.0)), b.c(float(\"-inf\")), result)",
             "result = b.select(b.eq(x, b.c(0.0)), b.c(float(\"nan\")), result)",
             "log approximation: log(0) = NaN instead of -inf", ["test/Codegen"], [["test/Runtime/test_cpu_math_approx.py"]]),
    Mutation("M49", MA, "tiny = b.lt(math.absf(x), b.c(0.0004))", "tiny = b.lt(math.absf(x), b.c(0.04))",
             "tanh approximation: tanh(x) = x up to 0.04", ["test/Codegen"], [["test/Runtime/test_cpu_math_approx.py"]]),
    Mutation("M50", MA, "return b.select(b.lt(ax, b.c(0.5)), near, signed_far)", "return b.select(b.lt(ax, b.c(0.5)), near, far)",
             "erf approximation: sign of the far branch dropped", ["test/Codegen"], [["test/Runtime/test_cpu_math_approx.py"]]),
    # --- the runtime's input guards (the planted derived-dim bug of issue 18)
    Mutation("M51", "exir_mlir/runtime/inputs.py", "            if value.shape[d] != expected:",
             "            if False and value.shape[d] != expected:",
             "guard: derived dims (2*s0, s0+1) not checked", [], GUARD_TESTS),
    Mutation("M52", "exir_mlir/runtime/inputs.py", "        if len({size for _, size in sizes}) > 1:",
             "        if len({size for _, size in sizes}) > 2:",
             "guard: equal dims across inputs checked only for 3 distinct sizes", [], GUARD_TESTS),
    Mutation("M53", "exir_mlir/runtime/inputs.py", "if size < low or (high is not None and size > high):",
             "if size < low or (high is not None and size > high + 1):",
             "guard: range upper bound off by one", [], GUARD_TESTS),
    Mutation("M54", "exir_mlir/runtime/inputs.py", "        if dtype != spec.dtype:", "        if False and dtype != spec.dtype:",
             "guard: dtype not checked", [], GUARD_TESTS),
    Mutation("M55", "exir_mlir/runtime/inputs.py", "        if len(shape) != spec.rank:", "        if len(shape) > spec.rank:",
             "guard: a rank below the program's accepted", [], GUARD_TESTS),
    Mutation("M56", "exir_mlir/runtime/inputs.py", "            if static is not None and size != static:",
             "            if static is not None and size > static:",
             "guard: a static dim smaller than compiled accepted", [], GUARD_TESTS),
    Mutation("M57", "exir_mlir/runtime/inputs.py", 'if value.device.type != "cpu":', 'if value.device.type not in ("cpu", "meta"):',
             "guard: meta tensors accepted", [], GUARD_TESTS),
    # --- the runtime's call plan (exir_mlir/runtime/fastcall.py): the fast checks must refuse what
    # the general checks refuse (the stride and equality checks are equivalent mutations today:
    # identity-layout arguments ignore strides; repeated symbols already force equal dims).
    Mutation("M65", FASTCALL, 'emit(f"if {variable} < {low}{f\' or {variable} > {high}\' if high is not None else \'\'}: return None")',
             'emit(f"if {variable} < {low}: return None")', "call plan: a symbol above its range accepted", [], PLAN_TESTS),
    Mutation("M66", FASTCALL, 'emit(f"if {size} != {static}: return None")', "pass",
             "call plan: static dims not checked", [], PLAN_TESTS),
    Mutation("M68", FASTCALL, 'f"or not {var}.is_contiguous(): return None")\n            else:',
             'f"or False: return None")\n            else:', "call plan: strided views passed as contiguous", [], PLAN_TESTS),
    Mutation("M71", "exir_mlir/runtime/program.py", "frame = frames.pop() if frames else plan.new_frame()",
             "frame = frames[0] if frames else plan.new_frame()", "call plan: one frame shared by concurrent calls",
             [], PLAN_TESTS),
    Mutation("M73", "exir_mlir/runtime/memref.py", "            _libc.free(self.allocated)", "            pass",
             "results wrapped without freeing their malloc'ed memory (a leak per call)", [],
             [["test/Runtime/test_call_fast_path.py", "-k", "freed"]]),
    Mutation("M75", FASTCALL, 'emit(f"if {a} != G: free({a})", 2)', 'emit("pass", 2)',
             "buffer mutations moved into the state without freeing the result (a leak per call)", [],
             [["test/Runtime/test_mutation_write_back.py", "-k", "freed"]]),
    Mutation("M76", FASTCALL, 'checks = [a, f"{a} not in ptrs", *others]',
             'checks = [a, f"{a} not in ptrs"]', "a buffer mutation's result shared with a user output moved and freed", [],
             [["test/Runtime/test_mutation_write_back.py", "-k", "also_returned or shared_with_a_user_output"]]),
    Mutation("M77", "lowering/to_linalg/contraction.py", "    return _expand(product, rt, [[0, 1], [2]], list(dyn))",
             "    return _expand(product, rt, [[0, 1], [2]], list(reversed(dyn)))",
             "bmm with a shared matrix folded to one matmul: batch and rows swapped in the result's shape",
             ["test/Lowering/ToLinalg/contraction.mlir"], [["test/Runtime/test_shared_matrix_bmm.py"]]),
    Mutation("M78", "exir_mlir/codegen/gather_rows.py", "coords = [linalg.IndexOp(e.position).result for e in results]",
             "coords = [linalg.IndexOp(e.position).result for e in results][::-1]",
             "embedding rows: the token read at (s, b) instead of (b, s)",
             ["test/Codegen/read-gather-indices.mlir"], [["test/Numerics/test_gather_rows.py", "-k", "float32-1"]]),
    Mutation("M74", "exir_mlir/codegen/buffer_pool.py", '%found = llvm.icmp "sge" %best, %c0 : i64',
             '%found = llvm.icmp "sge" %best, %n : i64', "buffer pool never reuses a buffer: a malloc per temporary per call",
             [], [["test/Runtime/test_buffer_pool.py", "-k", "known_sizes"]]),
    Mutation("M63", "lowering/to_linalg/sort.py", "return arith.OrIOp(arith.AndIOp(a_nan, not_b).result,",
             "return arith.OrIOp(arith.AndIOp(not_b, not_b).result,",
             "sort (descending): NaN no longer sorts first", [TL + "sort.mlir"], [num("sort or topk"), edge("sort or topk")]),
    Mutation("M64", "lowering/to_linalg/creation.py", "v = arith.AddIOp(const_like(int(start), i64()),",
             "v = arith.AddIOp(const_like(int(start) - 1, i64()),", "arange (int): start off by one",
             [TL + "creation.mlir"], [num("arange")]),
    # --- aten-to-edge attributes
    Mutation("M61", "lowering/aten_to_edge/normalization.py", '"eps": f64_attr(args.attr("eps", 1e-5)),',
             '"eps": f64_attr(1e-5),', "layer_norm (aten-to-edge): the user's eps replaced by the default",
             [A2E + "normalization.mlir"], [num("layer_norm")], nth=1),
    Mutation("M62", "lowering/aten_to_edge/reduction.py", 'correction = 1.0 if args.attr("unbiased", True) else 0.0',
             'correction = 1.0', "var.dim: unbiased=False ignored", [A2E + "reduction.mlir"], [num("var")]),
    # --- edge-to-backend pattern matching
    Mutation("M58", "lowering/edge_to_backend/attention.py", 'factor = factor * c if op.name == "edge.mul" else factor / c',
             "factor = factor * c", "sdpa recognition: a division of the scores read as a multiplication",
             [E2B + "attention.mlir"], [["test/Runtime/test_models_e2e.py", "-k", "transformer or attention"]]),
    Mutation("M59", "lowering/edge_to_backend/activation.py", '            activation = "gelu_tanh"', '            activation = "gelu"',
             "epilogue fusion: gelu(tanh) fused as exact gelu", [E2B + "activation.mlir"], [num("gelu")]),
    Mutation("M60", "lowering/edge_to_backend/activation.py",
             'if attr_dict(target).get("activation") != "none" or not single_use(x):',
             'if attr_dict(target).get("activation") != "none":',
             "epilogue fusion: a matmul result with other users fused (they see the activated value)",
             [E2B + "activation.mlir"], [["test/Runtime/test_models_e2e.py"]]),
]


def _copy_repo(dest: Path) -> None:
    """Tracked and untracked (not ignored) files of the working tree."""
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=REPO,
                           capture_output=True, text=True, check=True).stdout.split("\0")
    for name in filter(None, files):
        src = REPO / name
        if src.is_file():
            target = dest / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, target)
    # pyproject maps these packages into exir_mlir (an editable install): mirror that with links.
    for package, folder in (("lowering", "lowering"), ("dialects", "dialects"), ("tools", "tools")):
        (dest / "exir_mlir" / package).symlink_to(dest / folder, target_is_directory=True)


def _env(copy: Path) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(copy) + os.pathsep + env.get("PYTHONPATH", "")
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    env["EXIR_EDGE_ALL"] = "1"  # every recorded edge-value pair (the -k expression picks the mutated ops)
    env["EXIR_NUMERICS_ALL"] = "1"  # every claimed dtype, not CI's one rotating pair per op
    return env


def _commands(m: Mutation, *, lit: bool = True) -> list[list[str]]:
    bin_dir = Path(sys.executable).parent
    out = []
    if m.lit and lit:
        out.append([str(bin_dir / "lit"), "-q", *m.lit])
    for args in m.pytest:
        out.append([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *args])
    return out


def apply(m: Mutation, root: Path) -> None:
    path = root / m.path
    text = path.read_text()
    count = text.count(m.old)
    if (m.nth == 0 and count != 1) or count <= max(m.nth - 1, 0):
        raise SystemExit(f"{m.id}: `{m.old}` occurs {count} times in {m.path} (stale mutation list)")
    index = -1
    for _ in range(max(m.nth, 1)):
        index = text.index(m.old, index + 1)
    path.write_text(text[:index] + m.new + text[index + len(m.old):])


def run_one(m: Mutation, *, mutate: bool = True, lit: bool = True) -> tuple[str, str, float]:
    """('killed' | 'survived' | 'error', by which command, seconds)."""
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix=f"exir-mutation-{m.id}-") as tmp:
        copy = Path(tmp) / "repo"
        _copy_repo(copy)
        if mutate:
            apply(m, copy)
        env = _env(copy)
        for cmd in _commands(m, lit=lit):
            try:
                proc = subprocess.run(cmd, cwd=copy, env=env, capture_output=True, text=True, timeout=TIMEOUT_S)
            except subprocess.TimeoutExpired:
                return "killed", "timeout: " + " ".join(cmd[2:] if "pytest" in cmd else cmd[1:]), time.perf_counter() - start
            if proc.returncode == 5 and "pytest" in cmd:  # no test selected: nothing was checked
                continue
            if proc.returncode != 0:
                what = " ".join(a for a in cmd[cmd.index("-q") + 1:] if a not in ("-x", "-p", "no:cacheprovider"))
                if not mutate:
                    sys.stderr.write(proc.stdout[-3000:] + proc.stderr[-2000:])
                return "killed", what, time.perf_counter() - start
    return "survived", "", time.perf_counter() - start


def render(rows) -> str:
    killed = sum(r[1] == "killed" for r in rows)
    lines = [
        f"<!-- GENERATED FILE, DO NOT EDIT. Regenerate with: {COMMAND} -->",
        "# Mutation check: do the fast tests notice a wrong lowering?",
        "",
        "Each row is one small semantic bug applied to a copy of the repository (tools/mutation_check.py);",
        "it is *killed* when one of the tests run for it fails (its family's lit files, then the named",
        "pytest slices: the mutated ops' numerics pairs, the edge-value checks, runtime tests).",
        "",
        f"**Score: {killed} of {len(rows)} killed ({100 * killed / max(len(rows), 1):.0f}%).**",
        "",
        "| id | file | mutation | result | killed by |",
        "| --- | --- | --- | --- | --- |",
    ]
    for m, result, by in rows:
        lines.append(f"| {m.id} | `{m.path}` | {m.what} | {result} | {by.replace('|', '/')} |")
    lines.append("")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="comma-separated mutation ids")
    parser.add_argument("--baseline", action="store_true", help="run the tests of each mutation unmutated")
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--skip-lit", action="store_true", help="pytest slices only: do the numerics alone notice?")
    args = parser.parse_args(argv)
    chosen = [m for m in MUTATIONS if not args.only or m.id in args.only.split(",")]
    if args.list:
        for m in chosen:
            print(f"{m.id} {m.path}: {m.what}")
        return 0
    for m in chosen:  # a stale list fails before anything runs
        apply(m, _Probe(REPO))
    rows = []
    for m in chosen:
        result, by, seconds = run_one(m, mutate=not args.baseline, lit=not args.skip_lit)
        if args.baseline:
            result = "ok" if result == "survived" else f"BASELINE FAILS ({by})"
        print(f"{m.id} {result:9s} {seconds:5.0f} s  {m.what}  {by}", flush=True)
        rows.append((m, result, by))
    if not args.only and not args.baseline and not args.skip_lit:
        DOC.write_text(render(rows))
        print(f"wrote {DOC.relative_to(REPO)}")
    killed = sum(r[1] == "killed" for r in rows)
    print(f"score: {killed} of {len(rows)} killed")
    return 0


class _Probe:
    """A root whose files are read but never written (checks that each mutation applies)."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def __truediv__(self, name: str):
        return _ProbeFile(self.root / name)


class _ProbeFile:
    def __init__(self, path: Path) -> None:
        self.path = path

    def read_text(self) -> str:
        return self.path.read_text()

    def write_text(self, _text: str) -> None:
        pass


if __name__ == "__main__":
    sys.exit(main())
