"""The C wrapper of a native library: generated model.h and wrapper source, from the entry's signature.

The wrapper is the fixed code of library_runtime.c (the C ABI of library_api.h) between tables
generated here (inputs, outputs, symbols, state, the entry function's arguments and results) and
two generated functions: `exir_check_dims` (the JIT's input checks of exir_mlir/runtime/inputs.py:
symbolic dims against their ranges, repeated symbols, dim equalities, derived dims like `s0 + 1`)
and `exir_invoke` (the call of `_mlir_ciface_<entry>` with memref descriptors).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from exir_mlir.abi import ELEMENT_TYPES, HOISTED_KIND, Signature, TensorSpec
from exir_mlir.errors import ExirUserError

STATE_KINDS = ("parameter", "buffer", "constant_tensor")
# Arguments the caller does not pass: the state, and what the init function computes from it.
NOT_USER_KINDS = (*STATE_KINDS, HOISTED_KIND)
MUTATION_KINDS = {"buffer_mutation": "EXIR_ROLE_BUFFER", "parameter_mutation": "EXIR_ROLE_BUFFER",
                  "user_input_mutation": "EXIR_ROLE_INPUT"}
_HERE = Path(__file__).resolve().parent
API_HEADER = _HERE / "library_api.h"
RUNTIME_SOURCE = _HERE / "library_runtime.c"

# Scalar argument types: their exir_dtype code and C type.
_SCALARS = {"i1": (5, "_Bool"), "i8": (6, "int8_t"), "i16": (8, "int16_t"), "i32": (9, "int32_t"),
            "i64": (10, "int64_t"), "index": (10, "int64_t"), "f32": (3, "float"), "f64": (4, "double")}
_DIM_REF = re.compile(r"(.+)\.size\((\d+)\)")
ELEMENT_BYTES = {"f16": 2, "bf16": 2, "f32": 4, "f64": 8, "i1": 1, "i8": 1, "ui8": 1, "i16": 2, "i32": 4,
                 "i64": 8, "complex<f32>": 8, "complex<f64>": 16, "index": 8,
                 "ui16": 2, "ui32": 4, "ui64": 8}


def dtype_code(element: str) -> int:
    if element in _SCALARS:
        return _SCALARS[element][0]
    return ELEMENT_TYPES.index(element) + 1


def _c_string(text: str) -> str:
    return json.dumps(text)  # a valid C string literal for the names and expressions we write


def _int_list(values) -> str:
    values = list(values)
    return "{" + ", ".join(f"INT64_C({v})" for v in values) + "}" if values else "{0}"


@dataclass(frozen=True)
class StateEntry:
    """One parameter, buffer or constant tensor in the weights blob."""

    name: str
    offset: int
    nbytes: int
    is_buffer: bool


def state_layout(signature: Signature, sizes: dict[str, int], *, align: int = 64) -> list[StateEntry]:
    """Where each state input lives in the weights blob (64-byte aligned), in argument order."""
    entries, offset = [], 0
    for spec in signature.inputs:
        if spec.kind not in STATE_KINDS:
            continue
        if None in spec.shape:
            raise ExirUserError(f"state tensor '{spec.name}' has a dynamic shape; a native library needs static weights")
        nbytes = sizes[spec.name]
        expected = ELEMENT_BYTES[spec.element]
        for size in spec.shape:
            expected *= size
        if nbytes != expected:
            raise ExirUserError(f"state tensor '{spec.name}' has {nbytes} bytes, its type {spec.shape} x {spec.element} "
                                f"needs {expected}")
        entries.append(StateEntry(spec.name, offset, nbytes, spec.kind == "buffer"))
        offset += (nbytes + align - 1) // align * align
    return entries


def _io_table(name: str, specs: list[TensorSpec]) -> list[str]:
    lines = []
    for k, spec in enumerate(specs):
        dims = [-1 if s is None else s for s in spec.shape]
        exprs = [spec.sym_shape[d] if spec.sym_shape else (str(s) if s is not None else "?")
                 for d, s in enumerate(spec.shape)]
        lines.append(f"static const int64_t {name}_DIMS_{k}[] = {_int_list(dims)};")
        lines.append(f"static const char *const {name}_EXPRS_{k}[] = "
                     "{" + (", ".join(_c_string(e) for e in exprs) or "0") + "};")
    rows = [f"  {{{_c_string(s.name)}, {dtype_code(s.element)}, {s.rank}, {name}_DIMS_{k}, {name}_EXPRS_{k}, "
            f"{int(s.scalar)}}}," for k, s in enumerate(specs)]
    lines.append(f"static const exir_io {name}[] = {{\n" + ("\n".join(rows) or "  {0}") + "\n};")
    return lines


def _c_expression(expr, variables: dict[str, str]) -> str:
    """An integer C expression for a sympy expression over symbolic dims (floor division exact)."""
    import sympy

    if expr.is_Integer:
        return f"INT64_C({int(expr)})"
    if expr.is_Symbol:
        return variables[str(expr)]
    if expr.is_Add:
        return "(" + " + ".join(_c_expression(a, variables) for a in expr.args) + ")"
    if expr.is_Mul and all(a.is_Integer or not a.is_Rational for a in expr.args):
        return "(" + " * ".join(_c_expression(a, variables) for a in expr.args) + ")"
    if expr.is_Pow and expr.exp.is_Integer and int(expr.exp) > 0:
        return "(" + " * ".join([_c_expression(expr.base, variables)] * int(expr.exp)) + ")"
    if isinstance(expr, sympy.floor) or getattr(expr.func, "__name__", "") == "FloorDiv":
        if isinstance(expr, sympy.floor):
            numerator, denominator = sympy.fraction(sympy.together(expr.args[0]))
        else:
            numerator, denominator = expr.args
        return f"exir_floordiv({_c_expression(numerator, variables)}, {_c_expression(denominator, variables)})"
    if isinstance(expr, sympy.Mod):
        return f"exir_mod({_c_expression(expr.args[0], variables)}, {_c_expression(expr.args[1], variables)})"
    if isinstance(expr, (sympy.Max, sympy.Min)):
        op = ">" if isinstance(expr, sympy.Max) else "<"
        out = _c_expression(expr.args[0], variables)
        for a in expr.args[1:]:
            b = _c_expression(a, variables)
            out = f"(({out}) {op} ({b}) ? ({out}) : ({b}))"
        return out
    raise ExirUserError(f"the symbolic dim expression '{expr}' has no integer C form for the native library's input "
                        "checks; export with a simpler dynamic shape")


def _check_dims_source(signature: Signature, inputs: list[TensorSpec]) -> str:
    """`exir_check_dims`: the checks of runtime/inputs.py, in the same order and words."""
    import sympy

    body: list[str] = []
    bound: dict[str, str] = {}  # symbol -> C variable
    where_of: dict[str, str] = {}
    symbol_ranges = signature.ranges
    for i, spec in enumerate(inputs):
        if spec.scalar or not spec.sym_shape:
            continue
        who = f"input '{spec.name}' (argument {i})"
        for d, sym in enumerate(spec.sym_shape):
            if sym.lstrip("-").isdigit():
                continue
            if not (sym in symbol_ranges or sym.isidentifier()):
                continue
            low, high = symbol_ranges.get(sym, (0, None))
            size = f"inst->in_shape[{i}][{d}]"
            condition = f"{size} < INT64_C({low})" + (f" || {size} > INT64_C({high})" if high is not None else "")
            range_text = f"[{low}, {high if high is not None else 'inf'}]"
            body.append(f"  if ({condition})\n    return exir_fail(inst, EXIR_ERR_SHAPE, "
                        f"{_c_string(f'{who} dim {d} has size %lld, outside the range {range_text} of {sym!r} the program was exported with')}"
                        f", (long long){size});")
            if sym in bound:
                body.append(f"  if ({size} != {bound[sym]})\n    return exir_fail(inst, EXIR_ERR_SHAPE, "
                            f"{_c_string(f'{who} dim {d} has size %lld, but {where_of[sym]} has size %lld and both are {sym!r}')}"
                            f", (long long){size}, (long long){bound[sym]});")
            else:
                bound[sym] = size
                where_of[sym] = f"{who} dim {d}"
    by_name = {spec.name: i for i, spec in enumerate(inputs) if not spec.scalar}
    for group in signature.equalities:
        refs = []
        for ref in group:
            match = _DIM_REF.fullmatch(ref.strip())
            if match is None or match.group(1) not in by_name:
                continue
            i, dim = by_name[match.group(1)], int(match.group(2))
            if dim < inputs[i].rank:
                refs.append((f"input '{inputs[i].name}' (argument {i}) dim {dim}", f"inst->in_shape[{i}][{dim}]"))
        for where, size in refs[1:]:
            first_where, first = refs[0]
            message = f"dims that the program was exported with as equal differ: {first_where} has size %lld, {where} has size %lld"
            body.append(f"  if ({size} != {first})\n    return exir_fail(inst, EXIR_ERR_SHAPE, {_c_string(message)}, "
                        f"(long long){first}, (long long){size});")
    for i, spec in enumerate(inputs):
        if spec.scalar or not spec.sym_shape:
            continue
        for d, sym in enumerate(spec.sym_shape):
            if sym.lstrip("-").isdigit() or sym.isidentifier():
                continue
            expr = sympy.sympify(sym)
            names = sorted(str(s) for s in expr.free_symbols)
            if not set(names) <= bound.keys():
                continue
            value = _c_expression(expr, bound)
            given = ", ".join(f"{n}=%lld" for n in names)
            message = f"input '{spec.name}' (argument {i}) dim {d} has size %lld, but it must be {sym} = %lld given {given}"
            arguments = ", ".join(f"(long long){bound[n]}" for n in names)
            body.append(f"  if (inst->in_shape[{i}][{d}] != {value})\n    return exir_fail(inst, EXIR_ERR_SHAPE, "
                        f"{_c_string(message)}, (long long)inst->in_shape[{i}][{d}], (long long)({value}), {arguments});")
    return "static exir_status exir_check_dims(exir_instance *inst) {\n  (void)inst;\n" + "\n".join(body) + "\n  return EXIR_OK;\n}\n"


def _ciface_declaration(signature: Signature, entry: str) -> str:
    params = ["void *"] if signature.outputs else []
    for spec in signature.inputs:
        params.append(_SCALARS[spec.element][1] if spec.scalar else "void *")
    # Last: the call's error slot (exir_mlir.codegen.pipeline.report_failed_asserts), where a failed
    # run-time check stores a pointer to its message; the caller sets it to NULL before the call.
    params.append("const char **")
    return f"extern void _mlir_ciface_{entry}({', '.join(params)});"


# Compiler-rt's float -> bfloat conversions. LLVM lowers such a conversion to a call of these on a
# target without the instruction (x86 without AVX512-BF16), and its optimizer turns the rounding
# that MLIR's arith-expand writes out as integer code back into that conversion. libgcc defines them
# only from GCC 13, so both native libraries (the JIT's kernel and the AOT library) carry their own:
# round to nearest even, a NaN stays a quiet NaN. The result travels in the register of a float
# return value: its low 16 bits, where the caller reads a bfloat (x86-64 and AArch64 alike), so no
# C compiler needs a bfloat (or _Float16) type.
BF16_BUILTINS_SOURCE = r"""
static uint32_t exir_f32_bits(float f) { uint32_t u; __builtin_memcpy(&u, &f, 4); return u; }
static float exir_bf16_result(uint32_t u) {
  uint32_t bits = ((u & 0x7fffffffu) > 0x7f800000u) ? ((u >> 16) | 0x40u)
                                                    : ((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
  float out; __builtin_memcpy(&out, &bits, 4); return out;
}
__attribute__((visibility("hidden"))) float __truncsfbf2(float f) { return exir_bf16_result(exir_f32_bits(f)); }
/* double -> bfloat rounded once: to float rounding toward zero with the inexact bit kept in the
   last place (round to odd), then to nearest even. */
__attribute__((visibility("hidden"))) float __truncdfbf2(double d) {
  float f = (float)d;
  uint32_t u = exir_f32_bits(f);
  if (d == d && (double)f != d) {
    if (__builtin_fabs((double)f) > __builtin_fabs(d)) u -= 1;
    u |= 1u;
  }
  return exir_bf16_result(u);
}
"""


def packed_entry_source(signature: Signature, entry: str) -> str:
    """`exir_packed_entry(void **args)`: the ExecutionEngine's packed calling convention (args[k]
    points at the k-th argument of `_mlir_ciface_<entry>`), for the JIT's disk cache; and
    `exir_packed_init`, the same for the init function (codegen.hoist_state; an empty function
    where there is none)."""
    source = _packed_source(signature, entry, "exir_packed_entry")
    if signature.init is not None:
        source += _packed_source(signature.init_signature(), signature.init.entry, "exir_packed_init")
    else:
        source += "void exir_packed_init(void **args) { (void)args; }\n"
    return (f"/* Generated by exir_mlir/codegen/library_c.py: the packed entry point of a compiled program. */\n"
            f"#include <stdint.h>\n{source}{BF16_BUILTINS_SOURCE}")


def _packed_source(signature: Signature, entry: str, name: str) -> str:
    arguments = []
    k = 0
    if signature.outputs:
        arguments.append("*(void **)args[0]")
        k = 1
    for spec in signature.inputs:
        c_type = _SCALARS[spec.element][1] if spec.scalar else "void *"
        arguments.append(f"*({c_type} *)args[{k}]")
        k += 1
    arguments.append(f"*(const char ***)args[{k}]")  # the error slot
    return (f"{_ciface_declaration(signature, entry)}\n"
            f"void {name}(void **args) {{ _mlir_ciface_{entry}({', '.join(arguments)}); }}\n")


def header_source(signature: Signature, model_name: str) -> str:
    """model.h: the fixed API (library_api.h) and a description of this model."""
    user_inputs = [s for s in signature.inputs if s.kind not in NOT_USER_KINDS]
    outputs = [s for s in signature.outputs if s.kind not in MUTATION_KINDS]

    def describe(spec: TensorSpec) -> str:
        dims = [spec.sym_shape[d] if spec.sym_shape else str(s) for d, s in enumerate(spec.shape)]
        return f"{spec.name}: {spec.element}[{', '.join(dims)}]" + (" (scalar)" if spec.scalar else "")

    lines = [f"/* Generated by exir_mlir/codegen/library_c.py for the model '{model_name}'.",
             " *", " * Inputs:"]
    lines += [f" *   {i}: {describe(s)}" for i, s in enumerate(user_inputs)]
    lines += [" * Outputs:"] + [f" *   {i}: {describe(s)}" for i, s in enumerate(outputs)]
    if signature.ranges:
        lines += [" * Symbols:"] + [f" *   {n} in [{lo}, {hi if hi is not None else 'inf'}]"
                                    for n, (lo, hi) in signature.ranges.items()]
    lines += [" */", API_HEADER.read_text(),
              f"#define EXIR_MODEL_NUM_INPUTS {len(user_inputs)}",
              f"#define EXIR_MODEL_NUM_OUTPUTS {len(outputs)}", ""]
    return "\n".join(lines)


# x86 extensions that `__builtin_cpu_supports` (GCC and clang) knows, with their /proc/cpuinfo names.
CPU_FEATURES = {"sse4_1": "sse4.1", "sse4_2": "sse4.2", "avx": "avx", "avx2": "avx2", "fma": "fma", "bmi1": "bmi",
                "bmi2": "bmi2", "avx512f": "avx512f", "avx512vl": "avx512vl", "avx512bw": "avx512bw",
                "avx512dq": "avx512dq", "avx512cd": "avx512cd", "avx512_vnni": "avx512vnni",
                "avx512_bf16": "avx512bf16", "avx512vbmi": "avx512vbmi"}


def _cpu_check_source(features: list[str], built_for: str) -> list[str]:
    lines = [f"#define BUILT_FOR {_c_string(built_for)}", "static const char *exir_missing_cpu_feature(void) {"]
    if features:
        lines.append("#if defined(__x86_64__) || defined(__i386__)")
        lines.append("  __builtin_cpu_init();")
        lines += [f"  if (!__builtin_cpu_supports({_c_string(f)})) return {_c_string(f)};" for f in features]
        lines.append("#endif")
    lines += ["  return 0;", "}"]
    return lines


def wrapper_source(signature: Signature, entry: str, *, model_name: str, state: list[StateEntry],
                   weights_bytes: int, external: bool, build_id: bytes, cpu_features: list[str] = (),
                   built_for: str = "") -> str:
    """`cpu_features`: names of CPU_FEATURES' values that exir_create checks the CPU has."""
    user_inputs = [s for s in signature.inputs if s.kind not in NOT_USER_KINDS]
    outputs = [s for s in signature.outputs if s.kind not in MUTATION_KINDS]
    user_index = {s.name: i for i, s in enumerate(user_inputs)}
    state_index = {e.name: k for k, e in enumerate(state)}
    hoisted_index = {name: k for k, name in enumerate(signature.init.results)} if signature.init else {}
    max_rank = max([s.rank for s in signature.inputs + signature.outputs] + [1])
    out: list[str] = [
        "/* Generated by exir_mlir/codegen/library_c.py: the C ABI (model.h) of one compiled program. */",
        "#define _GNU_SOURCE",
        "#include <dlfcn.h>", "#include <errno.h>", "#include <fcntl.h>", "#include <stdarg.h>",
        "#include <stdint.h>", "#include <stdio.h>", "#include <stdlib.h>", "#include <string.h>",
        "#include <sys/mman.h>", "#include <sys/stat.h>", "#include <unistd.h>",
        '#include "model.h"', BF16_BUILTINS_SOURCE,
        f"#define MODEL_NAME {_c_string(model_name)}",
        f"#define NUM_INPUTS {len(user_inputs)}", f"#define NUM_OUTPUTS {len(outputs)}",
        f"#define NUM_SYMBOLS {len(signature.ranges)}", f"#define NUM_STATE {len(state)}",
        f"#define NUM_ARGS {len(signature.inputs)}", f"#define NUM_RESULTS {len(signature.outputs)}",
        f"#define MAX_RANK {max_rank}", f"#define WEIGHTS_BYTES UINT64_C({weights_bytes})",
        f"#define NUM_HOISTED {len(hoisted_index)}",
        f"#define WEIGHTS_EXTERNAL {int(external)}",
        "static const unsigned char BUILD_ID[16] = {" + ", ".join(str(b) for b in build_id) + "};",
        "typedef struct { const char *name; int dtype; int rank; const int64_t *dims; const char *const *exprs; int scalar; } exir_io;",
        "typedef struct { const char *name; int64_t min; int64_t max; } exir_symbol;",
        "typedef struct { const char *name; size_t offset; size_t nbytes; int is_buffer; } exir_state_entry;",
        "typedef struct { int is_state; int index; int rank; int scalar; const int64_t *static_shape; } exir_arg;",
        "typedef struct { size_t offset; int rank; int dtype; int role; int index; } exir_result;",
        "enum { EXIR_ROLE_OUTPUT, EXIR_ROLE_BUFFER, EXIR_ROLE_INPUT };",
        "static inline int64_t exir_floordiv(int64_t a, int64_t b) { int64_t q = a / b; return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q; }",
        "static inline int64_t exir_mod(int64_t a, int64_t b) { return a - exir_floordiv(a, b) * b; }",
    ]
    out += _io_table("INPUTS", user_inputs)
    out += _io_table("OUTPUTS", outputs)
    symbols = [f"  {{{_c_string(n)}, INT64_C({lo}), INT64_C({hi if hi is not None else -1})}},"
               for n, (lo, hi) in signature.ranges.items()]
    out.append("static const exir_symbol SYMBOLS[] = {\n" + ("\n".join(symbols) or "  {0}") + "\n};")
    rows = [f"  {{{_c_string(e.name)}, {e.offset}, {e.nbytes}, {int(e.is_buffer)}}}," for e in state]
    out.append("static const exir_state_entry STATE[] = {\n" + ("\n".join(rows) or "  {0}") + "\n};")
    rows = []
    for k, spec in enumerate(signature.inputs):
        if spec.kind in STATE_KINDS:
            out.append(f"static const int64_t ARG_SHAPE_{k}[] = {_int_list(spec.shape)};")
            rows.append(f"  {{1, {state_index[spec.name]}, {spec.rank}, 0, ARG_SHAPE_{k}}},")
        elif spec.kind == HOISTED_KIND:
            out.append(f"static const int64_t ARG_SHAPE_{k}[] = {_int_list(spec.shape)};")
            rows.append(f"  {{2, {hoisted_index[spec.name]}, {spec.rank}, 0, ARG_SHAPE_{k}}},")
        else:
            rows.append(f"  {{0, {user_index[spec.name]}, {spec.rank}, {int(spec.scalar)}, 0}},")
    out.append("static const exir_arg ARGS[] = {\n" + ("\n".join(rows) or "  {0}") + "\n};")
    rows, offset, output_result = [], 0, []
    for r, spec in enumerate(signature.outputs):
        role, index = MUTATION_KINDS.get(spec.kind, "EXIR_ROLE_OUTPUT"), 0
        if role == "EXIR_ROLE_BUFFER":
            if spec.name not in state_index:
                raise ExirUserError(f"result {r} mutates '{spec.name}', which is not a state tensor of the program")
            index = state_index[spec.name]
            if not state[index].is_buffer:
                raise ExirUserError(f"result {r} mutates the parameter '{spec.name}'; a native library keeps "
                                    "parameters read-only")
        elif role == "EXIR_ROLE_INPUT":
            if spec.name not in user_index:
                raise ExirUserError(f"result {r} mutates '{spec.name}', which is not a user input of the program")
            index = user_index[spec.name]
        else:
            output_result.append(r)
        rows.append(f"  {{{offset}, {spec.rank}, {dtype_code(spec.element)}, {role}, {index}}},")
        offset += 24 + 16 * spec.rank
    out.append(f"#define RESULTS_BYTES {offset}")
    out.append("static const exir_result RESULTS[] = {\n" + ("\n".join(rows) or "  {0}") + "\n};")
    out.append("static const int OUTPUT_RESULT[] = {" + (", ".join(map(str, output_result)) or "0") + "};")
    if weights_bytes and not external:
        out.append("extern const unsigned char exir_weights_blob[] __attribute__((visibility(\"hidden\")));")
        out.append("static const unsigned char *exir_embedded_weights(void) { return exir_weights_blob; }")
    else:
        out.append("static const unsigned char *exir_embedded_weights(void) { return 0; }")
    out += _cpu_check_source(list(cpu_features), built_for)
    out.append("struct exir_instance;")
    out.append("static exir_status exir_check_dims(struct exir_instance *inst);")
    out.append("static exir_status exir_initialize(struct exir_instance *inst);")
    out.append("static void exir_invoke(struct exir_instance *inst, const char **error);")
    out.append(RUNTIME_SOURCE.read_text())
    out.append(_check_dims_source(signature, user_inputs))
    out.append(_initialize_source(signature, state_index))
    out.append(_ciface_declaration(signature, entry))
    arguments = ["inst->results"] if signature.outputs else []
    for k, spec in enumerate(signature.inputs):
        if spec.scalar:
            arguments.append(f"*({_SCALARS[spec.element][1]} *)inst->in_data[{user_index[spec.name]}]")
        else:
            arguments.append(f"inst->args[{k}]")
    arguments.append("error")
    out.append(f"static void exir_invoke(exir_instance *inst, const char **error) {{ _mlir_ciface_{entry}({', '.join(arguments)}); }}")
    return "\n".join(out) + "\n"


def _initialize_source(signature: Signature, state_index: dict[str, int]) -> str:
    """`exir_initialize`: the init function (codegen.hoist_state) run on the instance's state, once,
    by exir_create; each result kept (contiguous) in `inst->hoisted`, freed by exir_destroy."""
    if signature.init is None:
        return "static exir_status exir_initialize(exir_instance *inst) { (void)inst; return EXIR_OK; }\n"
    init = signature.init_signature()
    lines = [_ciface_declaration(init, signature.init.entry),
             "static exir_status exir_initialize(exir_instance *inst) {",
             f"  _Alignas(16) unsigned char args[{len(init.inputs)}][EXIR_DESC_BYTES(MAX_RANK)];"]
    results_bytes = sum(24 + 16 * spec.rank for spec in init.outputs)
    lines.append(f"  _Alignas(16) unsigned char results[{results_bytes}];")
    lines.append("  memset(results, 0, sizeof(results));")
    for j, spec in enumerate(init.inputs):
        lines.append(f"  static const int64_t shape_{j}[] = {_int_list(spec.shape)};")
        lines.append(f"  exir_fill_descriptor(args[{j}], inst->state[{state_index[spec.name]}], {spec.rank}, shape_{j});")
    lines.append("  const char *failed = 0;")
    call = ["results", *(f"args[{j}]" for j in range(len(init.inputs))), "&failed"]
    lines.append(f"  _mlir_ciface_{signature.init.entry}({', '.join(call)});")
    lines.append('  if (failed) return exir_fail(NULL, EXIR_ERR_INDEX, "computing the weights\' derived values: %s", failed);')
    offset = 0
    for r, spec in enumerate(init.outputs):
        lines.append(f"  exir_hoisted_result(inst, {r}, results + {offset}, {spec.rank}, {dtype_code(spec.element)});")
        offset += 24 + 16 * spec.rank
    lines += ["  for (int k = 0; k < NUM_HOISTED; ++k)",
              "    if (!inst->hoisted[k]) return exir_fail(NULL, EXIR_ERR_MEMORY, \"out of memory computing the weights' derived values\");",
              "  return EXIR_OK;", "}"]
    return "\n".join(lines) + "\n"
