"""exir_mlir.compile pauses Python's cyclic garbage collector while it compiles (compiler.cyclic_gc_paused):
a full collection over the whole process during the compile cost ~0.24 s of ResNet-18's."""

import gc

import pytest
import torch

import exir_mlir
from exir_mlir import compiler, importer
from exir_mlir.compiler import clear_memory_cache


class _AddOne(torch.nn.Module):
    def forward(self, x):
        return x + 1


def _spy_on_decompose(monkeypatch, fail: bool = False) -> list[bool]:
    """Records whether the collector was on when the compile decomposed the program."""
    seen = []
    real = importer.decompose

    def spy(*args, **kwargs):
        seen.append(gc.isenabled())
        if fail:
            raise RuntimeError("planted failure inside the compile")
        return real(*args, **kwargs)

    monkeypatch.setattr(importer, "decompose", spy)
    return seen


def test_collector_paused_during_a_compile_and_restored_after(monkeypatch):
    seen = _spy_on_decompose(monkeypatch)
    clear_memory_cache()
    assert gc.isenabled()
    x = torch.randn(3)
    program = exir_mlir.compile(torch.export.export(_AddOne(), (x,)), num_threads=1)
    assert seen == [False] and gc.isenabled()
    torch.testing.assert_close(program(x), x + 1)
    clear_memory_cache()


def test_collector_restored_after_a_failed_compile_and_left_off_if_it_was(monkeypatch):
    _spy_on_decompose(monkeypatch, fail=True)
    ep = torch.export.export(_AddOne(), (torch.randn(3),))
    clear_memory_cache()
    with pytest.raises(Exception, match="planted failure"):
        exir_mlir.compile(ep, num_threads=1)
    assert gc.isenabled()
    gc.disable()
    try:
        with compiler.cyclic_gc_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the caller's choice is kept
    finally:
        gc.enable()
    clear_memory_cache()
