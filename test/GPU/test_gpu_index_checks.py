"""The CUDA launch plan has no host-side error report: the index-range checks (cf.assert after a
reduction on the host) are dropped for it, the clamps in the kernels stay. Without that, every
program with index_select/embedding was refused ("cannot run the host-side op 'memref.load'")."""

import torch

from exir_mlir import importer, lowering
from exir_mlir.codegen.gpu.driver import compile_cuda


class _Take(torch.nn.Module):
    def forward(self, x, i, e):
        return torch.index_select(x, 0, i) * 2, torch.nn.functional.embedding(i, e)


def test_cuda_build_of_checked_gathers():
    args = (torch.randn(5, 3), torch.tensor([0, 4, 3, 2]), torch.randn(6, 8))
    module = importer.import_program(torch.export.export(_Take(), args).run_decompositions())
    lowering.lower(module, to="linalg")
    assert str(module).count("cf.assert") == 2
    build = compile_cuda(module, chip="sm_90")
    assert len(build.plan["kernels"]) == 2
