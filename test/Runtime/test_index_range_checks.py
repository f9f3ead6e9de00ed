"""Index values out of range in gather/scatter ops are a Python IndexError in every build, never a wrong answer.

One program holds every op family (index_select, gather, x[idx], embedding, index_put, scatter,
scatter_add, index_add), each reading its own index input, compiled once with static and once with dynamic
shapes. In-range calls match eager; an index past either end of one op's range raises
IndexOutOfRangeError (an IndexError) naming that op and its source line, and the next call is right again.
lowering/to_linalg/index_checks.py emits the checks; exir_mlir.runtime raises after the call."""

import inspect

import pytest
import torch

import exir_mlir
from exir_mlir.errors import IndexOutOfRangeError


class Ops(torch.nn.Module):
    def forward(self, x, w, i_sel, i_gat, i_adv, i_emb, i_put, i_sca, i_add):
        a = torch.index_select(x, 0, i_sel)
        b = torch.gather(x, 1, i_gat)
        c = x[i_adv]
        d = torch.nn.functional.embedding(i_emb, w)
        e = x.index_put((i_put,), torch.ones(i_put.shape[0], x.shape[1]))
        f = torch.zeros_like(x).scatter(1, i_sca, x)
        g = torch.zeros_like(x).scatter_add(1, i_sca, x)
        h = x.index_add(0, i_add, torch.ones(i_add.shape[0], x.shape[1]))
        return a, b, c, d, e, f, g, h


LINE = {name: inspect.getsourcelines(Ops.forward)[1] + k for k, name in enumerate(
    ["", "index_select", "gather", "index", "embedding", "index_put", "scatter", "scatter_add", "index_add"]) if name}


def _inputs(n=6, m=4):
    x = torch.randn(n, m)
    w = torch.randn(7, 3)
    return [x, w, torch.tensor([0, n - 1, 2]), torch.randint(0, m, (n, 2)), torch.tensor([-n, n - 1, -1]),
            torch.tensor([[0, 6], [3, 1]]), torch.tensor([-1, 0, n - 1]), torch.randint(0, m, (n, m)),
            torch.tensor([n - 1, 0, 2])]


# (input position, op name in the message): index_add reaches the compiler as index_put, marked as index_add.
CASES = [(2, "index_select"), (3, "gather"), (4, "index"), (5, "embedding"), (6, "index_put"), (7, "scatter"),
         (8, "index_add")]


def _bad(args, position, value):
    args = list(args)
    t = args[position].clone()
    t.view(-1)[0] = value
    args[position] = t
    return args


def _limits(args, position):
    """(smallest valid, largest valid) index of the op reading args[position]."""
    x, w = args[0], args[1]
    size = {2: x.shape[0], 3: x.shape[1], 4: x.shape[0], 5: w.shape[0], 6: x.shape[0], 7: x.shape[1],
            8: x.shape[0]}[position]
    # x[idx] and index_put take negative indices, the others do not (index_add neither, although it reaches
    # the compiler as index_put: the importer marks it)
    negative = position in (4, 6)
    return (-size if negative else 0), size - 1


def _check(program, args):
    got = program(*args)
    want = Ops()(*args)
    for g, e in zip(got, want):
        torch.testing.assert_close(g, e, rtol=1e-6, atol=1e-6)


@pytest.fixture(scope="module", params=["static", "dynamic"])
def compiled(request):
    args = _inputs()
    shapes = None
    if request.param == "dynamic":
        n = torch.export.Dim("n", min=2, max=64)
        shapes = {"x": {0: n}, "w": None, "i_sel": None, "i_gat": {0: n}, "i_adv": None, "i_emb": None,
                  "i_put": None, "i_sca": {0: n}, "i_add": None}
    ep = torch.export.export(Ops(), tuple(args), dynamic_shapes=shapes)
    return request.param, exir_mlir.compile(ep, num_threads=1)


@pytest.mark.parametrize("position,name", CASES)
def test_out_of_range_index_raises(compiled, position, name):
    line = LINE[name]
    kind, program = compiled
    args = _inputs(n=9 if kind == "dynamic" else 6)
    _check(program, args)
    low, high = _limits(args, position)
    for value in (high + 1, low - 1, high + 1000):
        with pytest.raises(IndexOutOfRangeError) as info:
            program(*_bad(args, position, value))
        message = str(info.value)
        assert isinstance(info.value, IndexError)
        assert f"aten.{name}" in message or f"node {name}" in message, message
        assert f"test_index_range_checks.py:{line}" in message, message
        assert f"[{low}, {high}]" in message or "where n is the size" in message, message
        # eager agrees that this is an error
        with pytest.raises((IndexError, RuntimeError)):
            Ops()(*_bad(args, position, value))
    # the call's error slot was cleared: the next in-range call is right
    _check(program, args)


class _Take(torch.nn.Module):
    def forward(self, x, i):
        return torch.index_select(x, 0, i) * 2


def test_a_program_from_the_disk_cache_checks_too(tmp_path):
    """The cache_dir's kernel library passes the call's error slot (exir_mlir/codegen/library.py build_kernel)."""
    from exir_mlir.compiler import clear_memory_cache

    x, i = torch.randn(5, 3), torch.tensor([0, 4, 3, 2])
    ep = torch.export.export(_Take(), (x, i))
    for from_disk in (False, True):
        clear_memory_cache()
        program = exir_mlir.compile(ep, cache_dir=tmp_path, num_threads=1)
        assert program.loaded_from_disk == from_disk
        torch.testing.assert_close(program(x, i), _Take()(x, i))
        with pytest.raises(IndexOutOfRangeError, match=r"aten.index_select .*\[0, 4\]"):
            program(x, torch.tensor([0, 5, 1, 1]))
        torch.testing.assert_close(program(x, i), _Take()(x, i))
