"""codegen/machine_code.py: LLVM in process, the module's functions split into parts compiled on threads.

Tolerances: f32 rtol 1e-4, atol 1e-5 against eager (the same bar as test_models.py).
"""

import warnings

import torch

import exir_mlir
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
