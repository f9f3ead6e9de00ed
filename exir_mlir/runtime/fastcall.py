"""The hot path of a call, prepared once per signature: checks compiled to one Python function,
memref descriptors in reusable ctypes frames, results read back and written back by another.

`CallPlan(signature, user_specs, state_names)` generates, once, a function `bind(args, state, w)`
that accepts a call only when every tensor input is a plain CPU `torch.Tensor` of the compiled
dtype and rank, row-major contiguous, with every static dim, symbol range, repeated symbol, dim
equality and derived dim (`2*s0`, `s0 + 1`) as the program was exported with; it then writes each
input's pointer and dynamic sizes and strides into the frame's descriptor words. Anything else
(numpy, a subclass, a wrong dtype or size, a strided view) makes `bind` return None and the call
takes the general path (exir_mlir.runtime.inputs.check_inputs), which explains the error or copies
the input: the fast check never decides what message a user reads.

After the call, a second generated function, `finish(w, pointers, state, args)`, reads the
results struct once and, per result in straight-line code: leaves a buffer mutation that the
compiled code wrote into the state tensor itself alone (exir_mlir.codegen.state_in_place: the
result is the state's memory), moves a buffer/parameter mutation that is a fresh row-major
allocation of its state's shape into the state tensor (one memmove, the allocation freed, no
tensor made), wraps a row-major result in a torch tensor that owns it (static
sizes compared as constants, dynamic ones read from the descriptor), gives anything else (a result
over an input's or another result's memory, a constant, another layout) to the general builder
(exir_mlir.runtime.memref.tensor_from_parts, which copies where it must), and writes mutations the
move did not take back into the state or the caller's tensor.

A `Frame` holds one call's descriptors (`words`: results first, then each memref input), the
pointers to them and the packed argument array the entry point takes; every size and stride known
at compile time (a dynamic input's static dims included) is written once, when the frame is made,
and `bind` writes only the dynamic sizes and the strides that depend on them. Frames are taken from and returned to a pool
per program, so concurrent calls (threads) never share one and a call allocates none.

torch is imported lazily (the runtime imports no torch at module level).
"""

from __future__ import annotations

import ctypes
import math
import re
import struct
from typing import Sequence

from exir_mlir.abi import SCALAR_CTYPES, Signature, TensorSpec

_DIM_REF = re.compile(r"(.+)\.size\((\d+)\)")
_DERIVED_CACHE_LIMIT = 4096


def _words(rank: int) -> int:
    """int64 words of a ranked memref descriptor: allocated, aligned, offset, sizes, strides."""
    return 3 + 2 * rank


def _is_number(sym: str) -> bool:
    return sym.lstrip("-").isdigit()


class Frame:
    """The ctypes memory of one call: descriptor words, pointers to them, the packed arguments."""

    __slots__ = ("words", "pointers", "packed", "address", "scalars", "error", "error_ref")

    def __init__(self, plan: "CallPlan") -> None:
        self.words = (ctypes.c_int64 * max(1, plan.num_words))()
        ctypes.memmove(self.words, plan.template, ctypes.sizeof(self.words))
        base = ctypes.addressof(self.words)
        self.pointers = (ctypes.c_void_p * max(1, len(plan.memref_offsets)))(
            *[base + 8 * offset for offset in plan.memref_offsets])
        self.scalars = [getattr(ctypes, SCALAR_CTYPES[element])() for element in plan.scalar_elements]
        pointer_base = ctypes.addressof(self.pointers)
        slots = []
        for kind, index in plan.slots:
            if kind == "memref":
                slots.append(pointer_base + 8 * index)  # a pointer to the pointer to the descriptor
            else:
                slots.append(ctypes.addressof(self.scalars[index]))
        # [error slot] The entry point's last argument: a pointer to this frame's error slot, which a
        # failed run-time check sets (exir_mlir.runtime.bounds); one per frame, so per call.
        self.error = ctypes.c_void_p()
        self.error_ref = ctypes.c_void_p(ctypes.addressof(self.error))
        slots.append(ctypes.addressof(self.error_ref))
        self.packed = (ctypes.c_void_p * max(1, len(slots)))(*slots)
        # What the entry point is called with: the packed array's address as a Python int (ctypes
        # converts an int for a void* faster than it takes an array's address).
        self.address = ctypes.addressof(self.packed)


class _Emitter:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def __call__(self, line: str, depth: int = 1) -> None:
        self.lines.append("    " * depth + line)


class CallPlan:
    """Everything about a call that depends only on the signature, computed once."""

    def __init__(self, signature: Signature, user_specs: Sequence[TensorSpec], state_names: Sequence[str],
                 write_back: bool = False) -> None:
        import torch

        self.signature = signature
        self.user_specs = list(user_specs)
        state_names = set(state_names)
        # Word layout: the results struct first (the entry point writes it), then each memref input.
        offset = 0
        self.output_layout = []  # (word offset, rank, dtype, itemsize, numpy typestr or None)
        # Results that are Python scalars (exir.scalar_output): their 0-d tensors become int/float/bool.
        self.scalar_outputs = [i for i, spec in enumerate(signature.outputs) if spec.scalar]
        from exir_mlir.runtime.memref import _typestrs

        for spec in signature.outputs:
            dtype = spec.dtype
            self.output_layout.append((offset, spec.rank, dtype, dtype.itemsize, _typestrs().get(dtype)))
            offset += _words(spec.rank)
        # All result words at once (struct reads a ctypes array through its buffer): one call per
        # call, where indexing the array costs one per word.
        self.unpack_results = struct.Struct(f"{offset}q").unpack_from if offset else None
        self.memref_offsets = [0] if signature.outputs else []
        self.slots: list[tuple[str, int]] = [("memref", 0)] if signature.outputs else []
        self.scalar_elements: list[str] = []
        input_offsets = {}
        for spec in signature.inputs:
            if spec.scalar:
                self.slots.append(("scalar", len(self.scalar_elements)))
                self.scalar_elements.append(spec.element)
                continue
            input_offsets[spec.index] = offset
            self.slots.append(("memref", len(self.memref_offsets)))
            self.memref_offsets.append(offset)
            offset += _words(spec.rank)
        self.num_words = offset
        self.template = (ctypes.c_int64 * max(1, offset))()
        # Every size and stride known at compile time is written here, once: `bind` writes only the
        # sizes of dynamic dims and the strides that depend on one (a stride left of the innermost
        # dynamic dim). A row-major stride is the product of the sizes right of it, each at least 1.
        for spec in signature.inputs:
            if spec.scalar:
                continue
            base = input_offsets[spec.index]
            step = 1
            for d in reversed(range(spec.rank)):
                if step is not None:
                    self.template[base + 3 + spec.rank + d] = step
                if spec.shape[d] is None:
                    step = None
                    continue
                self.template[base + 3 + d] = spec.shape[d]
                if step is not None:
                    step *= max(spec.shape[d], 1)
        self.state_names = [s.name for s in signature.inputs if s.name in state_names and not s.scalar]
        self.source, namespace = self._generate(torch, input_offsets, state_names)
        exec(compile(self.source, f"<exir-mlir call plan {id(self):x}>", "exec"), namespace)  # noqa: S102
        self.bind = namespace["bind"]
        self.finish_source, namespace = self._generate_finish(torch, write_back, state_names)
        exec(compile(self.finish_source, f"<exir-mlir call plan results {id(self):x}>", "exec"), namespace)  # noqa: S102
        self.finish = namespace["finish"]

    # The generated function: bind(args, state, w) -> the tuple of input pointers, or None.
    def _generate(self, torch, input_offsets: dict[int, int], state_names: set[str]):
        sig = self.signature
        namespace: dict = {"Tensor": torch.Tensor}
        emit = _Emitter()
        emit("def bind(args, state, w, scalars):", 0)
        user = self.user_specs
        names = [f"a{i}" for i in range(len(user))]
        if names:
            emit(f"{', '.join(names)}{',' if len(names) == 1 else ''} = args")
        position = {id(s): i for i, s in enumerate(user)}
        bound: dict[str, str] = {}  # symbol -> the variable holding its size
        shapes: dict[str, str] = {}  # input name -> the variable holding its shape
        pointers = []
        scalar_index = 0
        for spec in sig.inputs:
            if spec.scalar:
                var = names[position[id(spec)]] if id(spec) in position else f"state[{spec.name!r}]"
                if spec.element.startswith("f"):
                    emit(f"if type({var}) is not float and type({var}) is not int: return None")
                elif spec.element == "i1":
                    emit(f"if type({var}) is not bool and type({var}) is not int: return None")
                else:
                    emit(f"if type({var}) is not int: return None")
                emit(f"scalars[{scalar_index}].value = {var}")
                scalar_index += 1
                continue
            base = input_offsets[spec.index]
            dtype_name = f"D{spec.index}"
            namespace[dtype_name] = spec.dtype
            if id(spec) in position:
                var = names[position[id(spec)]]
                emit(f"if type({var}) is not Tensor or {var}.dtype is not {dtype_name} or not {var}.is_cpu "
                     f"or not {var}.is_contiguous(): return None")
            else:
                var = f"t{spec.index}"
                # State (parameters, buffers, constants): any tensor type, compiled for its shape.
                emit(f"{var} = state[{spec.name!r}]")
                emit(f"if not isinstance({var}, Tensor) or {var}.dtype is not {dtype_name} or not {var}.is_cpu "
                     f"or not {var}.is_contiguous(): return None")
            shape = f"s{spec.index}"
            shapes[spec.name] = shape
            emit(f"{shape} = {var}.shape")
            emit(f"if len({shape}) != {spec.rank}: return None")
            dynamic = None in spec.shape
            for d, static in enumerate(spec.shape):
                size = f"{shape}[{d}]"
                if static is not None:
                    emit(f"if {size} != {static}: return None")
                sym = spec.sym_shape[d] if spec.sym_shape else None
                if id(spec) not in position or sym is None or _is_number(sym):
                    continue
                if sym in sig.ranges or sym.isidentifier():
                    low, high = sig.ranges.get(sym, (0, None))
                    if sym in bound:
                        emit(f"if {size} != {bound[sym]}: return None")
                    else:
                        variable = f"n{len(bound)}"
                        bound[sym] = variable
                        emit(f"{variable} = {size}")
                        emit(f"if {variable} < {low}{f' or {variable} > {high}' if high is not None else ''}: return None")
            pointer = f"p{spec.index}"
            emit(f"{pointer} = {var}.data_ptr()")
            emit(f"w[{base}] = {pointer}")
            emit(f"w[{base + 1}] = {pointer}")
            pointers.append(pointer)
            if dynamic:
                # Straight-line: each dynamic size once (the symbol's variable where this dim bound
                # it), each stride right of which a dim is dynamic as a product; the rest is in the
                # frame's template.
                constant, factors = 1, []
                for d in reversed(range(spec.rank)):
                    if factors:
                        product = " * ".join(([str(constant)] if constant != 1 else []) + factors)
                        emit(f"w[{base + 3 + spec.rank + d}] = {product}")
                    static = spec.shape[d]
                    if static is not None:
                        constant *= max(static, 1)
                        continue
                    sym = spec.sym_shape[d] if spec.sym_shape else None
                    size = f"{shape}[{d}]"
                    if id(spec) in position and sym in bound:
                        size = bound[sym]  # bound by this dim, or checked equal to it above
                    emit(f"w[{base + 3 + d}] = {size}")
                    if d:
                        low = sig.ranges.get(sym, (0, None))[0] if sym is not None else 0
                        factors.append(size if low >= 1 else f"({size} or 1)")
        # Dims exported as equal (a dim of state, or past the rank, is not compared: as check_inputs).
        user_tensors = {s.name: s for s in user if not s.scalar}
        for group in sig.equalities:
            sizes = []
            for ref in group:
                match = _DIM_REF.fullmatch(ref.strip())
                if match is None or match.group(1) not in user_tensors:
                    continue
                spec, dim = user_tensors[match.group(1)], int(match.group(2))
                if dim < spec.rank:
                    sizes.append(f"{shapes[spec.name]}[{dim}]")
            if len(sizes) > 1:
                emit(f"if not ({' == '.join(sizes)}): return None")
        # Derived dims ("2*s0", "s0 + 1"): sympy evaluates each new binding once, then a dict answers.
        for spec in user:
            if spec.scalar or not spec.sym_shape:
                continue
            for d, sym in enumerate(spec.sym_shape):
                if _is_number(sym) or sym.isidentifier():
                    continue
                derived = _derived(sym, bound)
                if derived is None:
                    continue
                name = f"derived_{spec.index}_{d}"
                namespace[name] = derived[0]
                emit(f"if {shapes[spec.name]}[{d}] != {name}({', '.join(derived[1])}): return None")
        emit(f"return ({', '.join(pointers)}{',' if len(pointers) == 1 else ''})")
        return "\n".join(emit.lines) + "\n", namespace

    # The generated function: finish(w, pointers, state, args) -> the user outputs, after a call
    # that returned (no failed check). Straight-line code per result: the results struct unpacked
    # once, ownership decided by comparing allocations, state written back.
    def _generate_finish(self, torch, write_back: bool, state_names: set[str]):
        from exir_mlir.runtime import memref

        sig = self.signature
        namespace: dict = {"unpack": self.unpack_results, "parts": memref.tensor_from_parts, "G": memref.GLOBAL_MARKER,
                           "memmove": ctypes.memmove, "free": memref._libc.free, "owned_bytes": memref._owned_bytes,
                           "frombuffer": torch.frombuffer, "from_numpy": torch.from_numpy,
                           "np_frombuffer": __import__("numpy").frombuffer}
        emit = _Emitter()
        emit("def finish(w, ptrs, state, args):", 0)
        if not sig.outputs:
            emit("return []")
            return "\n".join(emit.lines) + "\n", namespace
        emit("v = unpack(w)")
        layout = self.output_layout
        allocs = [f"a{i}" for i in range(len(layout))]
        emit(f"{', '.join(allocs)} = {', '.join(f'v[{o[0]}]' for o in layout)}")
        # The pointer of each tensor input in `ptrs` (bind's tuple: the memref inputs in order).
        pointer_of = {s.name: i for i, s in enumerate(s for s in sig.inputs if not s.scalar)}
        state_inputs = {s.name: s for s in sig.inputs if s.name in state_names and not s.scalar}
        user_position = {s.name: i for i, s in enumerate(self.user_specs)}
        owned_before: list[str] = []  # the variables saying whether an earlier result was handed to torch
        returned = []
        for index, (spec, (offset, rank, dtype, itemsize, typestr)) in enumerate(zip(sig.outputs, layout)):
            a, r, o = allocs[index], f"r{index}", f"o{index}"
            sizes, strides = offset + 3, offset + 3 + rank
            namespace[f"D{index}"] = dtype
            mutation = write_back and spec.kind in ("buffer_mutation", "parameter_mutation")
            source = state_inputs.get(spec.name) if mutation else None
            depth = 1
            if (source is not None and not spec.scalar and source.dtype == spec.dtype and None not in source.shape
                    and tuple(spec.shape) == tuple(source.shape)):
                # A fresh row-major allocation (or a constant) of the state's shape, shared with no
                # other result and over no input's memory (another buffer's, which an earlier move may
                # overwrite): one memmove into the state tensor (its dtype, shape and contiguity
                # checked by bind), the allocation freed, no tensor made. Anything else: the general
                # write-back below (a tensor, then copy_).
                shape = tuple(source.shape)
                others = [f"{a} != {b}" for b in allocs if b != a]
                layout_words = shape + memref._contiguous_strides(shape)
                checks = [a, f"{a} not in ptrs", *others]
                if rank:
                    checks.append(f"v[{sizes}:{strides + rank}] == {layout_words!r}")
                # Written by the compiled code into the state tensor itself (the result is the
                # state's memory: exir_mlir.codegen.state_in_place): nothing to do.
                emit(f"if v[{offset + 1}] == ptrs[{pointer_of[spec.name]}] and not v[{offset + 2}]:")
                emit(f"{o} = False", 2)
                emit(f"elif {' and '.join(checks)}:")
                nbytes = math.prod(shape) * itemsize
                if nbytes:
                    emit(f"memmove(ptrs[{pointer_of[spec.name]}], v[{offset + 1}] + v[{offset + 2}] * {itemsize}, {nbytes})", 2)
                emit(f"if {a} != G: free({a})", 2)
                emit(f"{o} = False", 2)
                emit("else:")
                depth = 2
            # Handed to torch (freed with the tensor) unless it is an input's, a constant or an
            # earlier result's allocation: those are copied.
            earlier = "".join(f" and not ({b} and {a} == a{b[1:]})" for b in owned_before)
            emit(f"{o} = bool({a}) and {a} != G and {a} not in ptrs{earlier}", depth)
            static = None not in spec.shape
            if not (static and math.prod(spec.shape) == 0):
                # A row-major result handed to torch: the tensor made here without the general
                # builder (static sizes compared as constants, dynamic ones read once).
                dims = [str(n) if n is not None else f"v[{sizes + d}]" for d, n in enumerate(spec.shape)]
                if not static:
                    for d, n in enumerate(spec.shape):
                        if n is None:
                            emit(f"n{d} = v[{sizes + d}]", depth)
                    dims = [str(n) if n is not None else f"n{d}" for d, n in enumerate(spec.shape)]
                expected, step = [], "1"
                for d in reversed(range(rank)):
                    expected.append(step)
                    size = spec.shape[d]
                    step = (str(int(step) * max(size, 1)) if size is not None and step.isdigit()
                            else f"{step} * {max(size, 1) if size is not None else f'({dims[d]} or 1)'}")
                expected.reverse()
                shape_text = f"({', '.join(dims)}{',' if rank == 1 else ''})"
                if static:
                    shape = tuple(spec.shape)
                    namespace[f"B{index}"] = memref._owned_bytes(math.prod(shape) * itemsize)
                    layout_words = shape + memref._contiguous_strides(shape)
                    emit(f"if {o} and v[{sizes}:{strides + rank}] == {layout_words!r}:" if rank else f"if {o}:", depth)
                    emit(f"b = B{index}.from_address(v[{offset + 1}] + v[{offset + 2}] * {itemsize})", depth + 1)
                else:
                    # The static sizes folded into one constant factor.
                    known = math.prod(n for n in spec.shape if n is not None)
                    numel = " * ".join([f"n{d}" for d, n in enumerate(spec.shape) if n is None]
                                       + ([str(known)] if known != 1 else []))
                    emit(f"if {o} and {numel} and v[{strides}:{strides + rank}] == ({', '.join(expected)},):", depth)
                    emit(f"b = owned_bytes({numel} * {itemsize}).from_address(v[{offset + 1}] + v[{offset + 2}] * {itemsize})",
                         depth + 1)
                emit(f"b.allocated = {a}", depth + 1)
                if rank == 1:
                    emit(f"{r} = frombuffer(b, dtype=D{index})", depth + 1)
                elif typestr is not None:
                    emit(f"{r} = from_numpy(np_frombuffer(b, {typestr!r}).reshape({shape_text}))", depth + 1)
                else:
                    emit(f"{r} = frombuffer(b, dtype=D{index}).view({shape_text})", depth + 1)
                emit("else:", depth)
                static = True  # the general builder below is the else branch
            else:
                static = False
            emit(f"{r} = parts({a}, v[{offset + 1}], v[{offset + 2}], v[{sizes}:{strides}], "
                 f"v[{strides}:{strides + rank}], D{index}, {itemsize}, {typestr!r}, owned={o})",
                 depth + 1 if static else depth)
            if spec.scalar:
                emit(f"{r} = {r}.item()", depth)
            owned_before.append(o)
            if mutation:
                emit(f"state[{spec.name!r}].copy_({r})", depth)
            elif write_back and spec.kind == "user_input_mutation":
                emit(f"args[{user_position[spec.name]}].copy_({r})", depth)
            else:
                returned.append(r)
        emit(f"return [{', '.join(returned)}]")
        return "\n".join(emit.lines) + "\n", namespace

    def new_frame(self) -> Frame:
        return Frame(self)


def _derived(sym: str, bound: dict[str, str]):
    """(fn(*sizes) -> expected size, the variables of its symbols), or None when a symbol is unbound."""
    from exir_mlir.runtime.inputs import _expression

    expr = _expression(sym)
    symbols = sorted(str(s) for s in expr.free_symbols)
    if not set(symbols) <= bound.keys():
        return None
    cache: dict = {}

    def expected(*sizes):
        value = cache.get(sizes)
        if value is None:
            if len(cache) >= _DERIVED_CACHE_LIMIT:
                cache.clear()
            value = cache[sizes] = int(expr.subs(dict(zip(symbols, sizes))))
        return value

    return expected, [bound[s] for s in symbols]
