"""codegen/machine_code.py: LLVM in process, the module's functions split into parts compiled on threads.

Tolerances: f32 rtol 1e-4, atol 1e-5 against eager (the same bar as test_models.py).
"""

import collections
import re
import warnings

import torch

import exir_mlir
from exir_mlir import runtime
from exir_mlir._mlir import ir
from exir_mlir.codegen import machine_code
from exir_mlir.compiler import clear_memory_cache
from exir_mlir.models import MODELS

warnings.filterwarnings("ignore", category=FutureWarning)
RTOL, ATOL = 1e-4, 1e-5


def test_partition_covers_every_function_once_and_balances_sizes():
    sizes = {"main": 70, "a": 40, "b": 30, "c": 20, "d": 10, "e": 10}
    parts = machine_code.partition(sizes, 3)
    assert sorted(n for p in parts for n in p) == sorted(sizes)
    assert len(parts) == 3
    # largest first, each to the lightest part: the parts weigh 70, 60 and 50
    assert sorted(sum(sizes[n] for n in p) for p in parts) == [50, 60, 70]
    assert machine_code.partition({"main": 5}, 4) == [{"main"}]


def test_program_split_over_three_threads_matches_eager(monkeypatch):
    """Functions of one program in three parts (calls and globals across parts: the entry, the
    outlined loop nests and parallel bodies, the buffer pool) link and compute what eager does."""
    compiled_parts = []
    real = machine_code.compile_part

    def spy(bitcode, keep, **kwargs):
        compiled_parts.append(keep)
        return real(bitcode, keep, **kwargs)

    monkeypatch.setattr(machine_code, "compile_part", spy)
    monkeypatch.setenv("EXIR_MLIR_COMPILE_THREADS", "3")
    module, args, dynamic_shapes = MODELS["dynamic_mlp"]()
    ep = torch.export.export(module, args, dynamic_shapes=dynamic_shapes)
    clear_memory_cache()
    program = exir_mlir.compile(ep, num_threads=2)
    clear_memory_cache()
    assert len(compiled_parts) == 3 and all(compiled_parts)
    assert not set.intersection(*compiled_parts)  # each function compiled in one part only
    for batch in (1, 5, 64):
        x = torch.randn(batch, *args[0].shape[1:])
        torch.testing.assert_close(program(x), module(x), rtol=RTOL, atol=ATOL)


def _bf16_bits(t) -> torch.Tensor:
    """The 16 bits of bf16 values: a bf16 tensor, or the uint16 array the native runtime returns
    without torch."""
    t = torch.as_tensor(t)
    return (t.view(torch.int16) if t.dtype == torch.bfloat16 else t).to(torch.int32) & 0xFFFF


def test_float_to_bfloat_conversions_link_and_round_to_nearest_even(tmp_path):
    """LLVM calls compiler-rt's __truncsfbf2/__truncdfbf2 for these conversions (libgcc has them only
    from GCC 13): the kernel library carries its own (library_c.BF16_BUILTINS_SOURCE). Ties, both
    parities, signs, overflow, subnormals, infinities, NaN; JIT and AOT link the same source."""
    ties = torch.tensor([0x3F808000, 0x3F818000, 0x3F817FFF, 0x3F818001, 0xBF808000, 0x7F7FFFFF, 0x7F7F7FFF,
                         0x00018000, 0x80008000, 0x7F800000, 0xFF800000, 0x7FC00000], dtype=torch.int64)
    x = torch.cat([ties.to(torch.int32).view(torch.float32), torch.randn(997) * 1e3])

    class Convert(torch.nn.Module):
        def forward(self, f32, f64):
            return f32.to(torch.bfloat16), f64.to(torch.bfloat16)

    # One rounding from f64 (what the IR's truncf means and compiler-rt does): just above a tie
    # goes up. Eager rounds twice (to f32, then to bf16) and gives 1.0 here.
    above_tie = torch.tensor([1 + 2**-8 + 2**-30], dtype=torch.float64)
    f64 = torch.cat([x.double(), above_tie])
    ep = torch.export.export(Convert(), (x, f64))
    want = _bf16_bits(x.to(torch.bfloat16))
    nan = x.isnan()
    library = runtime.load(exir_mlir.export_library(ep, tmp_path / "convert.so"))
    for got32, got64 in (exir_mlir.compile(ep, num_threads=1)(x, f64), library(x, f64)):
        bits32, bits64 = _bf16_bits(got32), _bf16_bits(got64)
        assert torch.equal(bits32[~nan], want[~nan]) and torch.equal(bits64[:-1][~nan], want[~nan])
        assert ((bits32[nan] & 0x7FFF) > 0x7F80).all() and ((bits64[:-1][nan] & 0x7FFF) > 0x7F80).all()
        assert bits64[-1].item() == 0x3F81  # 1 + 2**-7


def test_a_linkonce_helper_called_from_several_parts_is_defined_once(monkeypatch):
    """MLIR's math-to-funcs writes integer pow as a linkonce_odr helper (__mlir_math_ipowi_i64). A
    part that inlined all its own calls dropped that definition while the other parts still called
    it: the library failed to load ("undefined symbol"). The part that keeps it defines it for all."""
    monkeypatch.setenv("EXIR_MLIR_COMPILE_THREADS", "3")

    class Powers(torch.nn.Module):
        def forward(self, x, y):
            return x ** y, x.square() + 1, (x * 3) ** 2, torch.pow(y, 3)

    x, y = torch.randint(-5, 6, (4, 7)), torch.randint(0, 5, (4, 7))
    clear_memory_cache()
    for threads in (1, 2):
        program = exir_mlir.compile(torch.export.export(Powers(), (x, y)), num_threads=threads)
        for got, want in zip(program(x, y), Powers()(x, y), strict=True):
            assert torch.equal(got, want)
    clear_memory_cache()


_TWO_SAME_ONE_OTHER = """
module {
  llvm.func @poly_a(%x: f32) -> f32 attributes {passthrough = ["noinline"]} {
    %a = llvm.fadd %x, %x : f32
    %b = llvm.fmul %a, %x : f32
    %c = llvm.fsub %b, %a : f32
    %d = llvm.fdiv %c, %x : f32
    llvm.return %d : f32
  }
  llvm.func @poly_b(%x: f32) -> f32 attributes {passthrough = ["noinline"]} {
    %a = llvm.fadd %x, %x : f32
    %b = llvm.fmul %a, %x : f32
    %c = llvm.fsub %b, %a : f32
    %d = llvm.fdiv %c, %x : f32
    llvm.return %d : f32
  }
  llvm.func @poly_c(%x: f32) -> f32 attributes {passthrough = ["noinline"]} {
    %a = llvm.fadd %x, %x : f32
    %b = llvm.fmul %a, %a : f32
    %c = llvm.fsub %b, %a : f32
    %d = llvm.fdiv %c, %x : f32
    llvm.return %d : f32
  }
}
"""


def test_translate_merges_functions_identical_in_llvm_ir():
    """LLVM's MergeFunctions after the translation (what the MLIR-level merge of outlined loop nests
    cannot see: functions that become identical only in LLVM IR): of two identical bodies one is
    kept, the other becomes a call of it and is named; a body that differs in one operand is not."""
    with ir.Context(), ir.Location.unknown():
        _, merged, _ = machine_code.translate(ir.Module.parse(_TWO_SAME_ONE_OTHER))
    assert merged == {"poly_b"}


def test_identical_loop_nests_are_compiled_once(monkeypatch):
    """Repeated blocks of one shape outline to functions with identical bodies: one is kept before
    the LLVM lowering (MLIR's duplicate-function-elimination, exir-cpu-outline-loops), the three
    convolutions that write the next one's padded input (their ReLU fused into their blocks,
    im2col._epilogue) call its one parallel launch, so it is lowered, optimized and compiled once;
    the last, which writes the program's output, has a body of its own. The program still computes
    what eager does (thread parts calling across the merge)."""
    modules = []
    real = machine_code.translate

    def spy(module):
        modules.append(str(module))
        return real(module)

    monkeypatch.setattr(machine_code, "translate", spy)
    monkeypatch.setenv("EXIR_MLIR_COMPILE_THREADS", "2")
    block = [torch.nn.Conv2d(8, 8, 3, padding=1), torch.nn.ReLU()]
    module = torch.nn.Sequential(*block, torch.nn.Conv2d(8, 8, 3, padding=1), torch.nn.ReLU(),
                                 torch.nn.Conv2d(8, 8, 3, padding=1), torch.nn.ReLU(),
                                 torch.nn.Conv2d(8, 8, 3, padding=1), torch.nn.ReLU()).eval()
    x = torch.randn(2, 8, 12, 12)
    clear_memory_cache()
    program = exir_mlir.compile(torch.export.export(module, (x,)), num_threads=2)
    clear_memory_cache()
    assert len(modules) == 1
    bodies = re.findall(r"llvm\.func @(__exir_parallel_body_\d+)\(", modules[0])
    main = modules[0][modules[0].index("llvm.func @main("):]
    launches = collections.Counter(re.findall(r"llvm\.call @(__exir_parallel_launch_\d+)\(", main))
    # The three writing padded inputs share one body, the last its own.
    assert len(bodies) == 2 and sorted(launches.values()) == [1, 3], (bodies, launches)
    torch.testing.assert_close(program(x), module(x), rtol=RTOL, atol=ATOL)


_WRAPPED_ENTRY = """
module {
  llvm.func @entry(%a: i64, %b: i64, %unused: i64) -> i64 attributes {passthrough = ["noinline"]} {
    %s = llvm.mul %a, %b : i64
    llvm.return %s : i64
  }
  llvm.func @_mlir_ciface_entry(%p: !llvm.ptr) -> i64 {
    %a = llvm.load %p : !llvm.ptr -> i64
    %q = llvm.getelementptr %p[1] : (!llvm.ptr) -> !llvm.ptr, i64
    %b = llvm.load %q : !llvm.ptr -> i64
    %r = llvm.getelementptr %p[2] : (!llvm.ptr) -> !llvm.ptr, i64
    %c = llvm.load %r : !llvm.ptr -> i64
    %v = llvm.call @entry(%a, %b, %c) : (i64, i64, i64) -> i64
    llvm.return %v : i64
  }
  llvm.func @shared(%a: i64) -> i64 attributes {passthrough = ["noinline"]} {
    %s = llvm.add %a, %a : i64
    llvm.return %s : i64
  }
  llvm.func @_mlir_ciface_shared(%a: i64) -> i64 {
    %v = llvm.call @shared(%a) : (i64) -> i64
    llvm.return %v : i64
  }
  llvm.func @other(%a: i64) -> i64 attributes {passthrough = ["noinline"]} {
    %v = llvm.call @shared(%a) : (i64) -> i64
    %w = llvm.mul %v, %a : i64
    %x = llvm.sub %w, %v : i64
    %y = llvm.xor %x, %w : i64
    llvm.return %y : i64
  }
}
"""


def _symbols(object_code: bytes, tmp_path) -> dict[str, str]:
    """Defined symbols of an object file and their `nm` type (T: global code, t: local)."""
    import shutil
    import subprocess

    nm = shutil.which("nm")
    assert nm is not None, "binutils' nm (installed beside the C compiler's linker) is needed"
    path = tmp_path / "part.o"
    path.write_bytes(object_code)
    out = subprocess.run([nm, "--defined-only", str(path)], capture_output=True, text=True, check=True).stdout
    return {line.split()[2]: line.split()[1] for line in out.splitlines() if len(line.split()) == 3}


def test_an_entry_only_its_c_interface_wrapper_calls_is_internal(monkeypatch, tmp_path):
    """The function behind `_mlir_ciface_f` (f called with every memref descriptor unpacked, ~1,000
    arguments for ResNet-18) is internal to the part that compiles its wrapper, so LLVM drops the
    arguments it does not read and passes the rest in registers (external, that one call cost ~40% of
    the module's code generation). A function that something else calls too (`shared`) stays global;
    with three parts, the entry is compiled in its wrapper's part."""
    parts = []
    real = machine_code.compile_part

    def spy(bitcode, keep, **kwargs):
        result = real(bitcode, keep, **kwargs)
        parts.append((keep, result.object_code))
        return result

    monkeypatch.setattr(machine_code, "compile_part", spy)
    with ir.Context(), ir.Location.unknown():
        module = ir.Module.parse(_WRAPPED_ENTRY)
        _, _, wrapped = machine_code.translate(module)
        assert wrapped == {"entry"}
        for workers in (1, 3):
            parts.clear()
            machine_code.compile_objects(module, workers=workers)
            assert len(parts) == (1 if workers == 1 else 3)
            symbols = {}
            for keep, code in parts:
                assert keep is None or ("entry" in keep) == ("_mlir_ciface_entry" in keep)
                symbols.update(_symbols(code, tmp_path))
            assert symbols.get("entry", "t") == "t", symbols  # local, or inlined into its wrapper
            assert symbols["_mlir_ciface_entry"] == "T" and symbols["shared"] == "T", symbols
