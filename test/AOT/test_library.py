"""Native shared libraries (issue 14): export_library -> model.so -> runtime.load / the C example.

Each library is built once per module (a few seconds each); the full list of shipped models is
checked by `python tools/aot_check_models.py`.
"""

import ctypes
import os
import subprocess
import threading
from pathlib import Path

import numpy as np
import pytest
import torch

import exir_mlir
from exir_mlir import runtime
from exir_mlir.errors import ExirUserError
from exir_mlir.models import MODELS, export_model
from exir_mlir.tools.aot_fresh_check import check_in_fresh_process, record_calls

REPO = Path(__file__).resolve().parents[2]
RTOL, ATOL = 1e-4, 1e-4


class Shifted(torch.nn.Module):
    """Symbolic dims in three forms: a repeated symbol (x and z), a derived dim (y: s0 + 1)."""

    def forward(self, x, y, z):
        return x + y[1:] * z


def _shifted_ep():
    s0 = torch.export.Dim("s0", min=2, max=64)
    args = (torch.randn(5, 4), torch.randn(6, 4), torch.randn(5, 4))
    return torch.export.export(Shifted(), args, dynamic_shapes=({0: s0}, {0: s0 + 1}, {0: s0}))


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Libraries and eager outputs saved beforehand (as .npy), by model."""
    root = tmp_path_factory.mktemp("aot")
    out = {}
    for name, weights in (("dynamic_mlp", "embedded"), ("buffer_mutation", "external")):
        module, args, _ = MODELS[name]()
        path = exir_mlir.export_library(export_model(name), root / f"{name}.so", weights=weights)
        out[name] = (path, record_calls(module, args, root, name))  # buffer mutations carry over
    out["shifted"] = (exir_mlir.export_library(_shifted_ep(), root / "shifted.so"), None)
    return out


@pytest.mark.parametrize("name", ["dynamic_mlp", "buffer_mutation"])
def test_fresh_process_without_torch_reproduces_eager(built, name):
    path, calls = built[name]
    report = check_in_fresh_process(path, calls, timeout=120)
    assert report["loaded"] == []
    assert report["worst"] <= 1.0, report  # |got - expected| <= atol + rtol * |expected|


def test_library_needs_only_libc_libm_and_openmp(built):
    path, _ = built["dynamic_mlp"]
    ldd = subprocess.run(["ldd", str(path)], capture_output=True, text=True, check=True).stdout
    needed = {line.split()[0] for line in ldd.splitlines() if line.strip()}
    allowed = ("linux-vdso", "libc.so", "libm.so", "libgomp.so", "/lib64/ld-linux", "ld-linux")
    assert needed and all(n.startswith(allowed) for n in needed), needed
    assert not any(w in ldd for w in ("libMLIR", "libLLVM", "mlir_c_runner", "mlir_async", "libtorch"))


def test_queries_describe_inputs_outputs_and_symbols(built):
    program = runtime.load(built["shifted"][0])
    assert program.abi_version == 1
    assert [(i.name, i.element, i.dims) for i in program.inputs] == [
        ("x", "f32", ("s0", 4)), ("y", "f32", ("s0 + 1", 4)), ("z", "f32", ("s0", 4))]
    assert program.symbols == {"s0": (2, 64), "s0 + 1": (3, 65)}  # the range constraints as exported
    assert [o.dims for o in program.outputs] == [("s0", 4)]


def test_dynamic_shapes_and_the_jit_checks(built):
    program = runtime.load(built["shifted"][0])
    for n in (2, 9, 64):
        x, y, z = np.random.randn(n, 4).astype(np.float32), np.random.randn(n + 1, 4).astype(np.float32), \
            np.random.randn(n, 4).astype(np.float32)
        np.testing.assert_allclose(program(x, y, z)[0], x + y[1:] * z, rtol=1e-6, atol=1e-6)
    x = np.zeros((5, 4), np.float32)
    y = np.zeros((6, 4), np.float32)
    cases = [
        ((np.zeros((65, 4), np.float32), np.zeros((66, 4), np.float32), np.zeros((65, 4), np.float32)),
         r"input 'x' \(argument 0\) dim 0 has size 65, outside the range \[2, 64\] of 's0'"),
        ((x, y, np.zeros((6, 4), np.float32)),
         r"input 'z' \(argument 2\) dim 0 has size 6, but input 'x' \(argument 0\) dim 0 has size 5 and both are 's0'"),
        ((x, np.zeros((5, 4), np.float32), x), r"input 'y' \(argument 1\) dim 0 has size 5, but it must be s0 \+ 1 = 6"),
        ((x.astype(np.float64), y, x), r"input 'x' \(argument 0\) has dtype f64, but the program was compiled for f32"),
        ((x[None], y, x), r"input 'x' \(argument 0\) has rank 3, expected rank 2"),
        ((np.zeros((5, 3), np.float32), y, x), r"dim 1 has size 3, but the program was compiled for size 4"),
    ]
    for args, message in cases:
        with pytest.raises(ExirUserError, match=message):
            program(*args)
    # The instance still works after refusals.
    np.testing.assert_allclose(program(x, y, x)[0], x, atol=0)


def test_torch_tensors_in_and_out_and_noncontiguous_inputs(built):
    program = runtime.load(built["shifted"][0])
    x, y, z = torch.randn(4, 8).t(), torch.randn(9, 4), torch.randn(8, 4)  # x is not contiguous
    out = program(x, y, z)[0]
    assert isinstance(out, torch.Tensor)
    torch.testing.assert_close(out, x + y[1:] * z)


def test_layout_the_library_does_not_take_and_a_failed_run_are_refused_by_the_c_abi(built):
    lib = ctypes.CDLL(str(built["shifted"][0]))
    lib.exir_create.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]
    lib.exir_set_input.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p, ctypes.c_int, ctypes.c_int,
                                   ctypes.POINTER(ctypes.c_int64), ctypes.POINTER(ctypes.c_int64)]
    lib.exir_last_error.restype = ctypes.c_char_p
    lib.exir_last_error.argtypes = [ctypes.c_void_p]
    lib.exir_destroy.argtypes = [ctypes.c_void_p]
    lib.exir_get_output.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_void_p),
                                    ctypes.POINTER(ctypes.c_int64), ctypes.POINTER(ctypes.c_int64)]
    instance = ctypes.c_void_p()
    assert lib.exir_create(None, ctypes.byref(instance)) == 0
    good = [np.ones((5, 4), np.float32), np.ones((6, 4), np.float32), np.ones((5, 4), np.float32)]
    for i, array in enumerate(good):
        assert lib.exir_set_input(instance, i, array.ctypes.data, 3, 2, (ctypes.c_int64 * 2)(*array.shape), None) == 0
    assert lib.exir_run(instance) == 0
    out = ctypes.c_void_p()
    assert lib.exir_get_output(instance, 0, ctypes.byref(out), None, None) == 0 and out.value
    data = np.zeros((4, 5), np.float32)
    shape, strides = (ctypes.c_int64 * 2)(5, 4), (ctypes.c_int64 * 2)(1, 5)  # a transposed view
    assert lib.exir_set_input(instance, 0, data.ctypes.data, 3, 2, shape, strides) == 4  # EXIR_ERR_LAYOUT
    assert b"is not row-major contiguous (dim 1 has stride 5, expected 1)" in lib.exir_last_error(instance)
    assert lib.exir_run(instance) == 1  # EXIR_ERR_ARGUMENT: the input was not set
    assert b"input 'x' (argument 0) is not set" in lib.exir_last_error(instance)
    # The failed run leaves nothing to read, never the outputs of the run before it.
    assert lib.exir_get_output(instance, 0, ctypes.byref(out), None, None) == 5  # EXIR_ERR_STATE
    assert b"no outputs: exir_run was not called, or the last call failed" in lib.exir_last_error(instance)
    lib.exir_destroy(instance)


def test_two_instances_in_two_threads(built):
    first = runtime.load(built["dynamic_mlp"][0])
    second = first.clone()
    module, _, _ = MODELS["dynamic_mlp"]()
    inputs = [torch.randn(256, 16) for _ in range(2)]
    results, errors = {}, []

    def work(k, program):
        try:
            for _ in range(20):
                results[k] = program(inputs[k])[0]
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(k, p)) for k, p in enumerate((first, second))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    with torch.no_grad():
        for k in range(2):
            torch.testing.assert_close(results[k], module(inputs[k]), rtol=RTOL, atol=ATOL)


def test_one_instance_from_two_threads_at_once_is_refused(built):
    """The C ABI refuses a second concurrent call on an instance with EXIR_ERR_BUSY (never a race)."""
    lib = ctypes.CDLL(str(built["dynamic_mlp"][0]))
    lib.exir_create.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]
    lib.exir_set_input.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p, ctypes.c_int, ctypes.c_int,
                                   ctypes.POINTER(ctypes.c_int64), ctypes.POINTER(ctypes.c_int64)]
    lib.exir_run.argtypes = [ctypes.c_void_p]
    lib.exir_last_error.restype, lib.exir_last_error.argtypes = ctypes.c_char_p, [ctypes.c_void_p]
    lib.exir_destroy.argtypes = [ctypes.c_void_p]
    instance = ctypes.c_void_p()
    assert lib.exir_create(None, ctypes.byref(instance)) == 0
    data = np.ones((1024, 16), np.float32)
    assert lib.exir_set_input(instance, 0, data.ctypes.data, 3, 2, (ctypes.c_int64 * 2)(1024, 16), None) == 0
    statuses, stop = [], threading.Event()

    def hammer():
        while not stop.is_set():
            statuses.append(lib.exir_run(instance))

    thread = threading.Thread(target=hammer)
    thread.start()
    busy_message = None
    for _ in range(20000):
        status = lib.exir_run(instance)
        statuses.append(status)
        if status == 6 and busy_message is None:
            busy_message = lib.exir_last_error(instance)
        if busy_message and len(statuses) > 50:
            break
    stop.set()
    thread.join()
    lib.exir_destroy(instance)
    assert set(statuses) <= {0, 6}, set(statuses)
    assert 6 in statuses, "no concurrent call was observed"
    assert b"in use by another thread" in busy_message


def test_external_weights_missing_or_of_another_build(built, tmp_path):
    path, _ = built["buffer_mutation"]
    weights = Path(f"{path}.weights")
    assert weights.stat().st_size > 64
    moved = tmp_path / "w.weights"
    moved.write_bytes(weights.read_bytes())
    runtime.load(path, weights=moved).close()  # a weights file passed explicitly
    with pytest.raises(ExirUserError, match="cannot open the weights file .*keep the .weights file"):
        runtime.load(path, weights=tmp_path / "absent.weights")
    data = bytearray(weights.read_bytes())
    data[20] ^= 0xFF  # another build id
    moved.write_bytes(bytes(data))
    with pytest.raises(ExirUserError, match="is not the one written with this library"):
        runtime.load(path, weights=moved)


def test_a_library_that_is_not_ours_or_of_another_abi_is_refused(tmp_path):
    foreign = tmp_path / "foreign.c"
    foreign.write_text("int answer(void) { return 42; }\n")
    other_abi = tmp_path / "other.c"
    other_abi.write_text('const char *exir_library_kind(void) { return "exir-mlir native library"; }\n'
                         "unsigned exir_abi_version(void) { return 99; }\n")
    for source in (foreign, other_abi):
        subprocess.run(["cc", "-shared", "-fPIC", "-o", str(source.with_suffix(".so")), str(source)], check=True)
    with pytest.raises(ExirUserError, match="is not a native library made by exir-mlir"):
        runtime.load(tmp_path / "foreign.so")
    with pytest.raises(ExirUserError, match="has ABI version 99, this loader reads version 1"):
        runtime.load(tmp_path / "other.so")
    text = tmp_path / "text.so"
    text.write_text("not an ELF file")
    with pytest.raises(ExirUserError, match="is not a loadable shared library"):
        runtime.load(text)


def test_c_example_builds_and_runs(built, tmp_path):
    path, calls = built["dynamic_mlp"]
    x = np.load(calls[0]["inputs"][0])
    expected = np.load(calls[0]["expected"][0])
    inputs = tmp_path / "inputs.txt"
    inputs.write_text(f"{x.ndim} {' '.join(map(str, x.shape))}\n" + " ".join(repr(float(v)) for v in x.ravel()))
    (tmp_path / "model.h").write_text(path.with_suffix(".h").read_text())
    binary = tmp_path / "run_model"
    subprocess.run(["cc", "-O2", "-Wall", "-Werror", f"-I{tmp_path}", str(REPO / "examples" / "run_model.c"),
                    str(path), f"-Wl,-rpath,{path.parent}", "-o", str(binary)], check=True)
    out = subprocess.run([str(binary), str(inputs)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[:2] == ["model dynamic_mlp: 1 inputs, 1 outputs", "symbol s0 in [1, 1024]"]
    assert lines[2] == f"output 0 result0 shape {expected.shape[0]} {expected.shape[1]}"
    got = np.array([float(v) for v in lines[3].split()], np.float32).reshape(expected.shape)
    np.testing.assert_allclose(got, expected, rtol=RTOL, atol=ATOL)
    inputs.write_text("2 3 15 " + " ".join(["1"] * 45))
    bad = subprocess.run([str(binary), str(inputs)], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 1
    assert "dim 1 has size 15, but the program was compiled for size 16" in bad.stderr


class _IntegerTypes(torch.nn.Module):
    def forward(self, a, b, c, d, e):
        return a + 1, b + 1, c + 1, d + 1, e + 1


def test_c_example_reads_and_prints_every_integer_type(tmp_path):
    """int8/int16 read and print signed, uint16/32/64 unsigned, at the values a wrong width or sign mangles."""
    values = {torch.int8: -128, torch.int16: -32768, torch.uint16: 65534, torch.uint32: 4294967294,
              torch.uint64: 2**64 - 2}
    args = tuple(torch.tensor([v, 5], dtype=dt) for dt, v in values.items())
    path = exir_mlir.export_library(torch.export.export(_IntegerTypes(), args), tmp_path / "ints.so")
    (tmp_path / "model.h").write_text(path.with_suffix(".h").read_text())
    binary = tmp_path / "run_model"
    subprocess.run(["cc", "-O2", "-Wall", "-Werror", f"-I{tmp_path}", str(REPO / "examples" / "run_model.c"),
                    str(path), f"-Wl,-rpath,{path.parent}", "-o", str(binary)], check=True)
    inputs = tmp_path / "inputs.txt"
    inputs.write_text("".join(f"1 2 {v} 5\n" for v in values.values()))
    out = subprocess.run([str(binary), str(inputs)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    printed = [line for line in out.stdout.splitlines() if not line.startswith(("model ", "output "))]
    assert printed == ["-127 6", "-32767 6", "65535 6", "4294967295 6", f"{2**64 - 1} 6"]


def test_output_must_be_a_shared_library_name(tmp_path):
    with pytest.raises(ExirUserError, match=r"name it '\*.so'"):
        exir_mlir.export_library(export_model("mlp"), tmp_path / "model.bin")


def test_torch_tensors_cross_without_copies(built, monkeypatch):
    from exir_mlir.runtime import native

    program = runtime.load(built["shifted"][0])
    x, y, z = torch.randn(8, 4), torch.randn(9, 4), torch.randn(8, 4)
    array, code = program._as_array(program.inputs[0], 0, x)
    assert array.ctypes.data == x.data_ptr() and code == 3  # the library reads the tensor's memory
    handed_over = []
    real = native._Owned.__init__

    def record(self, lib, pointer, shape, dtype):
        handed_over.append(pointer)
        real(self, lib, pointer, shape, dtype)

    monkeypatch.setattr(native._Owned, "__init__", record)
    out = program(x, y, z)[0]
    assert out.data_ptr() == handed_over[0]  # the tensor is the library's output buffer


def test_a_missing_c_compiler_names_what_to_install(monkeypatch):
    from exir_mlir import toolchain
    from exir_mlir.errors import ToolchainError

    monkeypatch.delenv("CC", raising=False)
    monkeypatch.setenv("PATH", "/nonexistent")
    toolchain.c_compiler.cache_clear()
    try:
        with pytest.raises(ToolchainError, match=r"no C compiler \(cc, gcc or clang\) on PATH.*apt-get install gcc"):
            toolchain.c_compiler()
        monkeypatch.setenv("CC", "no-such-cc")
        toolchain.c_compiler.cache_clear()
        with pytest.raises(ToolchainError, match="CC is 'no-such-cc'"):
            toolchain.c_compiler()
    finally:
        toolchain.c_compiler.cache_clear()


class Dtypes(torch.nn.Module):
    def forward(self, a, b, c, d):
        return a * 2 + 1, (b.float() * 3).to(torch.bfloat16), c & (d > 0), d.sum(0)


def test_f16_bf16_bool_int64_through_torch_and_numpy(tmp_path):
    """f16/bf16 arithmetic becomes LLVM ops that mlir-translate must parse (a discardable arith
    attribute on llvm.fpext once made it fail); bf16 crosses numpy as its uint16 bits."""
    args = (torch.randn(4, 3).half(), torch.randn(4, 3).bfloat16(), torch.rand(4, 3) > 0.5,
            torch.randint(-5, 5, (4, 3)))
    program = runtime.load(exir_mlir.export_library(torch.export.export(Dtypes(), args), tmp_path / "dtypes.so"))
    assert [i.element for i in program.inputs] == ["f16", "bf16", "i1", "i64"]
    expected = Dtypes()(*args)
    for got, want in zip(program(*args), expected):
        assert got.dtype == want.dtype and torch.equal(got, want)
    numpy_args = [a.view(torch.uint16).numpy() if a.dtype == torch.bfloat16 else a.numpy() for a in args]
    for got, want in zip(program(*numpy_args), expected):
        want = want.view(torch.uint16) if want.dtype == torch.bfloat16 else want
        np.testing.assert_array_equal(got, want.numpy())


class Twice(torch.nn.Module):
    def forward(self, x):
        return x * 2


def test_a_cpu_without_the_compiled_extensions_is_refused(tmp_path, monkeypatch):
    """The library checks at exir_create that this CPU has the extensions llc compiled for (it
    was built with -mcpu=native): a missing one is an error, never an illegal instruction."""
    from exir_mlir.codegen import library
    from exir_mlir.codegen.host import _cpu_flags
    from exir_mlir.codegen.library_c import CPU_FEATURES

    ep = torch.export.export(Twice(), (torch.randn(3),))
    have = library.required_cpu_features()
    assert library.llc_cpu() != "native" or "sse4.2" in have or "avx" not in _cpu_flags()
    absent = [name for flag, name in CPU_FEATURES.items() if flag not in _cpu_flags()]
    if not absent:
        pytest.skip("this CPU has every extension the check knows")
    monkeypatch.setattr(library, "required_cpu_features", lambda: have + absent[:1])
    path = exir_mlir.export_library(ep, tmp_path / "twice.so")
    with pytest.raises(ExirUserError, match=f"this CPU lacks {absent[0]}, which the library's code uses .*"
                                            "build the library on this machine"):
        runtime.load(path)


def test_a_library_replaced_after_loading_is_refused(built, tmp_path):
    import shutil
    import time

    path = tmp_path / "model.so"
    shutil.copyfile(built["shifted"][0], path)
    runtime.load(path).close()
    runtime.load(path).close()  # the same file again: fine
    time.sleep(0.01)
    shutil.copyfile(built["dynamic_mlp"][0], tmp_path / "new.so")
    os.replace(tmp_path / "new.so", path)  # what a rebuild does
    with pytest.raises(ExirUserError, match="was replaced after this process loaded it"):
        runtime.load(path)  # dlopen would return the first library again


class _Take(torch.nn.Module):
    def forward(self, x, i):
        return torch.index_select(x, 0, i) + 1


def test_an_index_out_of_range_is_an_index_error_of_the_c_abi(tmp_path):
    """The library's run returns EXIR_ERR_INDEX (10) with the op and line, and keeps working after."""
    x, i = torch.randn(6, 3), torch.tensor([5, 0])
    n = torch.export.Dim("n", min=1, max=64)
    ep = torch.export.export(_Take(), (x, i), dynamic_shapes=({0: n}, None))
    program = runtime.load(exir_mlir.export_library(ep, tmp_path / "take.so"))
    torch.testing.assert_close(torch.as_tensor(program(x, i)[0]), _Take()(x, i))
    from exir_mlir.errors import IndexOutOfRangeError
    for bad in ([6, 0], [0, -1]):
        with pytest.raises(IndexOutOfRangeError, match=r"aten.index_select at .*test_library.py:\d+.*\[0, n-1\]"):
            program(x, torch.tensor(bad))
    torch.testing.assert_close(torch.as_tensor(program(x, i)[0]), _Take()(x, i))


@pytest.mark.parametrize("name", ["dynamic_mlp", "buffer_mutation"])
def test_runs_at_seen_sizes_malloc_only_their_outputs(built, name):
    """exir_allocation_counts: the library's compiled code mallocs only the outputs it hands out per
    run (temporaries from its pool); the buffer mutation is written into the instance's buffer
    (exir_mlir/codegen/state_in_place.py), so buffer_mutation allocates its output and nothing else."""
    path, _ = built[name]
    _, args, _ = MODELS[name]()
    with runtime.load(path) as program:
        assert program.allocation_counts() is not None
        program(*[a.numpy() for a in args])  # sizes seen from here on
        per_run = []
        for _ in range(3):
            allocs, mallocs = program.allocation_counts()
            program(*[a.numpy() for a in args])
            after = program.allocation_counts()
            per_run.append((after[0] - allocs, after[1] - mallocs))
        outputs = len(program.outputs)
    assert [m for _, m in per_run] == [outputs] * 3, per_run
    if name == "buffer_mutation":
        assert [a for a, _ in per_run] == [outputs] * 3, per_run
