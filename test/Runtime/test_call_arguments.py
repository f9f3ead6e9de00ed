"""The Python API checks what it is given up front: compile's arguments, a call's arguments, and
calls of one stateful program from several threads (no lost buffer updates)."""

import threading

import pytest
import torch

import exir_mlir
from exir_mlir.errors import ExirUserError


class Masked(torch.nn.Module):
    def forward(self, x, mask):
        return x * mask


class Nested(torch.nn.Module):
    def forward(self, xs, *, scale):
        return {"sum": xs[0] + xs[1] * scale, "first": xs[0]}


class Counter(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("count", torch.zeros(1))

    def forward(self, x):
        self.count.add_(1)
        return x + self.count


@pytest.fixture(scope="module")
def masked():
    ep = torch.export.export(Masked(), (torch.randn(2, 4), torch.randn(2, 4)))
    return ep, exir_mlir.compile(ep)


@pytest.fixture(scope="module")
def nested():
    ep = torch.export.export(Nested(), ([torch.randn(3), torch.randn(3)],), {"scale": torch.randn(3)})
    return exir_mlir.compile(ep)


@pytest.mark.parametrize("value, message", [
    ("no/such/model.pt2", r"'no/such/model.pt2' is not a file; pass an ExportedProgram .* or the path of a \.pt2 file"),
    (Masked(), r"got a torch.nn.Module \(Masked\): export it first: exir_mlir.compile\(torch.export.export\("),
    (42, r"takes an ExportedProgram \(torch.export.export\) or the path of a \.pt2 file, got int"),
    (lambda x: x, r"got a function .*torch.export.export"),
])
def test_compile_says_what_to_pass(value, message):
    with pytest.raises(ExirUserError, match=message):
        exir_mlir.compile(value)


def test_compile_of_a_module_of_the_program_names_the_program(masked):
    ep, _ = masked
    with pytest.raises(ExirUserError, match=r"pass the ExportedProgram itself, not ep.module\(\)"):
        exir_mlir.compile(ep.module())


@pytest.mark.parametrize("options, message", [
    ({"num_threads": -1}, r"num_threads must be an int >= 0 \(0: every core\), got -1"),
    ({"num_threads": 2.5}, r"num_threads must be an int >= 0 .*got 2.5"),
    ({"fusion": "no"}, r"fusion must be True or False, got 'no'"),
    ({"cache_dir": 3}, r"cache_dir must be a path .*got int"),
    ({"target": "tpu"}, r"unknown target 'tpu'; known targets: cpu"),
])
def test_bad_options_are_refused_before_compiling(masked, options, message):
    ep, _ = masked
    with pytest.raises(ExirUserError, match=message):
        exir_mlir.compile(ep, **options)


def test_a_pt2_path_compiles(masked, tmp_path):
    ep, _ = masked
    path = tmp_path / "masked.pt2"
    torch.export.save(ep, path)
    x, m = torch.randn(2, 4), torch.randn(2, 4)
    torch.testing.assert_close(exir_mlir.compile(str(path))(x, m), x * m)


@pytest.mark.parametrize("call, message", [
    (lambda p, x: p(x), r"^expected 2 inputs \(x, mask\), got 1$"),
    (lambda p, x: p(x, x, x), r"^expected 2 inputs \(x, mask\), got 3$"),
    (lambda p, x: p(x, [x]), r"^argument 1 \(mask\) must be a tensor or number, got a list of 1: the program takes \(x, mask\)$"),
    (lambda p, x: p(x, mask=x), r"^expected 2 inputs \(x, mask\) passed by position, got 1 and keyword argument 'mask'"),
])
def test_call_mismatch_is_one_line(masked, call, message):
    _, program = masked
    with pytest.raises(ExirUserError, match=message) as info:
        call(program, torch.randn(2, 4))
    assert "\n" not in str(info.value) and "TreeSpec" not in str(info.value)


@pytest.mark.parametrize("call, message", [
    (lambda p, v: p([v, v]), r"^missing keyword argument 'scale': the program takes \(\[xs_0, xs_1\], scale=scale\)$"),
    (lambda p, v: p([v], scale=v), r"^argument 0 \(\[xs_0, xs_1\]\) must be a list \[xs_0, xs_1\], got a list of 1"),
    (lambda p, v: p(v, scale=v), r"^argument 0 .* must be a list \[xs_0, xs_1\], got a tensor of shape \[3\]"),
    (lambda p, v: p([v, v], scale=v, bias=v), r"^unexpected keyword argument 'bias'"),
    (lambda p, v: p([v, v], v), r"^expected 1 positional argument and keyword arguments scale .*got 2 positional$"),
])
def test_nested_call_mismatch_is_one_line(nested, call, message):
    with pytest.raises(ExirUserError, match=message) as info:
        call(nested, torch.randn(3))
    assert "\n" not in str(info.value)


def test_nested_inputs_and_outputs_round_trip(nested):
    a, b, s = torch.randn(3), torch.randn(3), torch.randn(3)
    out = nested([a, b], scale=s)
    assert set(out) == {"sum", "first"}
    torch.testing.assert_close(out["sum"], a + b * s)
    torch.testing.assert_close(out["first"], a)


def test_buffer_mutation_from_two_threads_loses_no_update():
    ep = torch.export.export(Counter(), (torch.zeros(4),))
    program = exir_mlir.compile(ep)
    calls, errors = 500, []

    def work():
        try:
            for _ in range(calls):
                program(torch.zeros(4))
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=work) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert program.state["count"].item() == 2 * calls
