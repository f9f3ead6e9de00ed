"""complex_to_real on the FX graph: after `decompose`, a program with complex values holds none.

torch.fft.rfft/ifft/irfft and complex arithmetic become real ops on view_as_real's layout: the
complex user input is its real view ([..., 2]), complex outputs are returned as real views (their
output specs name the real node), no node's value is complex, the view_as_real/view_as_complex
pairs are gone, and each DFT is a matmul. (Numerics, and the error for an op with no real rewrite:
test/Compile/test_complex.py.)
"""

import warnings

import torch

from exir_mlir import lowering
from exir_mlir.importer.complex_to_real import complex_boundary
from exir_mlir.importer.decompositions import decompose

warnings.filterwarnings("ignore", category=FutureWarning)
aten = torch.ops.aten


class Spectrum(torch.nn.Module):
    def forward(self, x, z):
        y = torch.fft.rfft(x, norm="ortho")
        return torch.fft.ifft(y * z).abs(), torch.fft.irfft(y, n=x.shape[-1]), y


def _values(node):
    val = node.meta.get("val")
    return val if isinstance(val, (list, tuple)) else [val]


def test_decomposed_program_has_no_complex_value():
    # Batch and length dynamic (with the batch static, torch's export of an FFT chain fails on a
    # stride guard of its own).
    b, n = torch.export.Dim("b"), torch.export.Dim("n")
    ep = torch.export.export(Spectrum(), (torch.randn(3, 8), torch.randn(3, 1, dtype=torch.complex64)),
                             dynamic_shapes=({0: b, 1: n}, {0: b}))
    assert complex_boundary(ep) == [False, False, True]
    real = decompose(ep, handled=lowering.takes_overload).ep
    nodes = list(real.graph.nodes)
    for node in nodes:
        assert not any(isinstance(v, torch.Tensor) and v.is_complex() for v in _values(node)), node.format_node()
    targets = [node.target for node in nodes if node.op == "call_function"]
    assert aten.view_as_real.default not in targets and aten.view_as_complex.default not in targets
    assert not any("fft" in str(t) for t in targets)
    assert targets.count(aten.mm.default) >= 3  # rfft, ifft, irfft: one DFT matmul each
    z = next(node for node in nodes if node.name == "z")
    assert z.meta["val"].dtype == torch.float32 and z.meta["val"].shape[-1] == 2 and z.meta["val"].dim() == 3
    spectrum_spec = real.graph_signature.output_specs[2]
    returned = list(real.graph.output_node().args[0])[2]
    assert spectrum_spec.arg.name == returned.name
    assert returned.meta["val"].dtype == torch.float32 and returned.meta["val"].shape[-1] == 2
