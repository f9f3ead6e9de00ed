"""The call plan (exir_mlir/runtime/fastcall.py): plain CPU tensors take a path prepared once per
signature; everything else must behave as before it existed.

- inputs the plan does not take (wrong dtype, rank or size, a transposed or strided view, numpy)
  give the same errors, or the right result through the general path;
- calls at different dynamic sizes, one after another and from several threads at once, each get
  their own sizes (descriptor frames are reused, never shared);
- results are never aliased across calls, nor with the inputs: a returned tensor written to does
  not change the next call's result;
- dict-in/dict-out programs and a buffer mutation keep their semantics.
tools/mutation_check.py plants bugs in the plan and the result ownership (M65, M66, M68, M71, M73)
to check that these tests fail.
"""

from __future__ import annotations

import threading

import numpy as np
import pytest
import torch
from torch.export import Dim

import exir_mlir
from exir_mlir.errors import ExirUserError
from exir_mlir.models.stateful import CountCalls
from exir_mlir.models.structured import DictInOut


class Affine(torch.nn.Module):
    def forward(self, x, y):
        return x * 2 + y, x.sum(dim=-2)


class Identity(torch.nn.Module):
    def forward(self, x):
        return x


def _eager(x, y):
    return Affine()(x, y)


@pytest.fixture(scope="module")
def static():
    x, y = torch.randn(4, 8), torch.randn(4, 8)
    return exir_mlir.compile(torch.export.export(Affine(), (x, y)), num_threads=1)


@pytest.fixture(scope="module")
def dynamic():
    # Rank 3: the strides of a dynamic dim multiply two static sizes.
    n = Dim("n", min=2, max=64)
    x, y = torch.randn(4, 3, 8), torch.randn(4, 3, 8)
    return exir_mlir.compile(torch.export.export(Affine(), (x, y), dynamic_shapes=({0: n}, {0: n})), num_threads=2)


def _sample(which: str, n: int = 4):
    shape = (n, 8) if which == "static" else (n, 3, 8)
    return torch.randn(shape), torch.randn(shape)


def _check(program, x, y):
    ours = program(x, y)
    for got, want in zip(ours, _eager(x, y)):
        torch.testing.assert_close(got, want, rtol=1e-6, atol=1e-6)
    return ours


def test_plain_tensors_take_the_plan(static, dynamic, monkeypatch):
    for program in (static, dynamic):
        def general(args, program=program):
            raise AssertionError("plain contiguous CPU tensors went through the general path")

        monkeypatch.setattr(program, "_run_general", general)
        _check(program, *_sample("static" if program is static else "dynamic"))
        assert program._plan is not None and program._frames


@pytest.mark.parametrize("which", ["static", "dynamic"])
def test_views_and_numpy_give_the_right_result(request, which):
    program = request.getfixturevalue(which)
    base = torch.randn((8, 16) if which == "static" else (8, 3, 16))
    _check(program, base[::2, ..., ::2], base[1::2, ..., 1::2])  # strided views
    x, y = _sample(which)
    _check(program, x.transpose(0, -1).contiguous().transpose(0, -1), y)  # transposed storage
    x, y = (v.numpy() for v in _sample(which))
    out = program(x, y)
    assert isinstance(out[0], np.ndarray)
    np.testing.assert_allclose(out[0], x * 2 + y, rtol=1e-6)
    np.testing.assert_allclose(out[1], x.sum(axis=-2), rtol=1e-5)


@pytest.mark.parametrize("which,inputs,message", [
    ("static", (torch.randn(4, 8, dtype=torch.float64), torch.randn(4, 8)), r"input 'x' \(argument 0\) has dtype torch.float64"),
    ("static", (torch.randn(5, 8), torch.randn(4, 8)), r"input 'x' \(argument 0\) dim 0 has size 5, but the program was compiled for size 4"),
    ("static", (torch.randn(4, 8), torch.randn(32)), r"input 'y' \(argument 1\) has rank 1"),
    ("dynamic", (torch.randn(65, 3, 8), torch.randn(65, 3, 8)), r"input 'x' \(argument 0\) dim 0 has size 65, outside the range \[2, 64\]"),
    ("dynamic", (torch.randn(5, 3, 8), torch.randn(6, 3, 8)), r"input 'y' \(argument 1\) dim 0 has size 6, but input 'x' \(argument 0\) dim 0 has size 5"),
    ("dynamic", (torch.randn(5, 3, 7), torch.randn(5, 3, 16)[..., ::2]), r"input 'x' \(argument 0\) dim 2 has size 7"),
    ("dynamic", (torch.randn(5, 3, 8), torch.randn(5, 3, 8, dtype=torch.float16)), r"input 'y' \(argument 1\) has dtype torch.float16"),
    ("dynamic", (torch.randn(4, 3, 8), [torch.randn(4, 3, 8)]), r"argument 1 \(y\) must be a tensor or number"),
])
def test_wrong_inputs_give_the_same_errors(request, which, inputs, message):
    program = request.getfixturevalue(which)
    with pytest.raises(ExirUserError, match=message):
        program(*inputs)


def test_calls_at_different_sizes_one_after_another(dynamic):
    for n in (3, 17, 3, 64, 2, 17):
        first, second = _check(dynamic, *_sample("dynamic", n))
        assert first.shape == (n, 3, 8) and second.shape == (n, 8)


def test_inner_dynamic_dims_get_their_strides():
    # Two dynamic dims, the inner one between static ones: the plan writes the outer dims' strides
    # from the run-time sizes (a size of 1 counts as 1), the static ones come from the frame's template.
    rows, cols = Dim("rows", min=1, max=64), Dim("cols", min=1, max=64)
    x, y = torch.randn(2, 3, 5, 4), torch.randn(2, 3, 5, 4)
    shapes = ({0: rows, 2: cols}, {0: rows, 2: cols})
    program = exir_mlir.compile(torch.export.export(Affine(), (x, y), dynamic_shapes=shapes), num_threads=1)
    for n, m in ((2, 5), (3, 1), (1, 17), (7, 2)):
        x, y = torch.randn(n, 3, m, 4), torch.randn(n, 3, m, 4)
        assert program._fast((x, y)) is not None, "the plan declined plain tensors"
        for got, want in zip(program(x, y), _eager(x, y)):
            torch.testing.assert_close(got, want, rtol=1e-6, atol=1e-6)


def test_calls_at_different_sizes_from_threads(dynamic):
    errors = []

    def worker(n):
        try:
            for _ in range(30):
                _check(dynamic, *_sample("dynamic", n))
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)

    threads = [threading.Thread(target=worker, args=(n,)) for n in (2, 5, 31, 64)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[0]


def test_a_call_made_during_another_gets_its_own_frame(dynamic, monkeypatch):
    """Two calls in flight at once (threads: the compiled code runs without the GIL) each need a
    frame of their own (input descriptors, result slots). Threads overlap by chance only, so here
    the second call is made from inside the first one, deterministically: with a frame shared, the
    inner call's sizes and results overwrite the outer's and the outer returns the inner's."""
    addresses = []
    outer, inner = _sample("dynamic", 5), _sample("dynamic", 9)
    compiled = dynamic._function

    def during(address):
        addresses.append(address)
        if len(addresses) == 1:
            _check(dynamic, *inner)
        compiled(address)

    monkeypatch.setattr(dynamic, "_function", during)
    _check(dynamic, *outer)
    assert len(addresses) == 2 and addresses[0] != addresses[1], "two calls in flight shared one frame"


def test_results_are_not_aliased_across_calls(static, dynamic):
    for which, program in (("static", static), ("dynamic", dynamic)):
        x, y = _sample(which)
        first = program(x, y)
        first[0].add_(100.0)
        first[1].zero_()
        second = _check(program, x, y)
        assert first[0].data_ptr() != second[0].data_ptr()
        torch.testing.assert_close(first[0], second[0] + 100.0)


def test_a_result_that_is_an_input_is_a_copy():
    x = torch.randn(6)
    program = exir_mlir.compile(torch.export.export(Identity(), (x,)), num_threads=1)
    out = program(x)
    assert out.data_ptr() != x.data_ptr()
    out.add_(1.0)
    torch.testing.assert_close(program(x), x)


def test_dict_in_dict_out():
    d = {"a": torch.randn(16), "b": torch.randn(16)}
    program = exir_mlir.compile(torch.export.export(DictInOut(), (d,)), num_threads=1)
    for _ in range(2):
        d = {"a": torch.randn(16), "b": torch.randn(16)}
        ours, eager = program(d), DictInOut()(d)
        assert type(ours) is dict and list(ours) == list(eager)
        for key in eager:
            torch.testing.assert_close(ours[key], eager[key])
    with pytest.raises(ExirUserError, match=r"^argument 0 \(\{'a': inputs_a, 'b': inputs_b\}\) must be a dict .*got a dict with keys 'a':"):
        program({"a": torch.randn(16)})


def test_buffer_mutation_accumulates():
    program = exir_mlir.compile(torch.export.export(CountCalls(4), (torch.zeros(4),)), num_threads=1)
    eager = CountCalls(4)
    for step in range(3):
        x = torch.full((4,), float(step + 1))
        torch.testing.assert_close(program(x), eager(x))
    torch.testing.assert_close(program.state["total"], eager.total)
    torch.testing.assert_close(program.state["total"], torch.full((4,), 6.0))


def _rss_bytes() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * 4096


def test_results_are_freed_with_their_tensors_and_views_keep_them():
    """The compiled code mallocs each result; the tensor owns it: freed when the last view goes."""
    x = torch.randn(256, 1024)  # 1 MiB per result
    program = exir_mlir.compile(torch.export.export(Identity(), (x,)), num_threads=1)
    view = program(x)[3:5]  # the result itself is gone: the view keeps its memory
    for _ in range(50):
        program(x)
    torch.testing.assert_close(view, x[3:5])
    before = _rss_bytes()
    for _ in range(300):
        program(x)
    assert _rss_bytes() - before < 64 * 2**20, "300 results of 1 MiB were not freed"
