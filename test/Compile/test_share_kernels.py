"""codegen/share_kernels.py: identical groups of ops (the layers of a network) are tiled once and shared.

Two layers of one structure whose weights differ (arguments) and whose constants differ (a scale
in the epilogue of the linear): what is identical is shared, what differs in a constant is not, and
each layer computes with its own weights and constant. One dynamic-batch compile at 2 threads, run
across the register blocks' and thread tiles' boundaries. Tolerances: f32 rtol 1e-4, atol 1e-5
against eager (test_models.py's bar).
"""

import torch
from torch.export import Dim, export

import exir_mlir
from exir_mlir.codegen import schedule

RTOL, ATOL = 1e-4, 1e-5


class _Layer(torch.nn.Module):
    def __init__(self, scale: float):
        super().__init__()
        self.linear = torch.nn.Linear(48, 48)
        self.scale = scale

    def forward(self, x):
        h = torch.relu(self.linear(x)) * self.scale
        return h / (h.pow(2).mean(-1, keepdim=True) + 1e-5).sqrt() + h + x


class _TwoLayers(torch.nn.Module):
    def __init__(self):
        super().__init__()
        torch.manual_seed(0)
        self.first, self.second = _Layer(0.5), _Layer(2.0)

    def forward(self, x):
        return self.second(self.first(x))


def test_layers_share_kernels_and_keep_their_own_weights_and_constants(monkeypatch):
    shared = []
    real = schedule.outline_kernels

    def spy(module):
        shared.append(real(module))
        return shared[-1]

    monkeypatch.setattr(schedule, "outline_kernels", spy)
    model = _TwoLayers().eval()
    ep = export(model, (torch.randn(5, 48),), dynamic_shapes=({0: Dim("batch", min=1, max=2048)},))
    program = exir_mlir.compile(ep, num_threads=2)
    assert shared and shared[0] > 0, "the two layers shared no kernel"
    for rows in (1, 63, 65, 130):
        x = torch.randn(rows, 48)
        with torch.no_grad():
            torch.testing.assert_close(program(x), model(x), rtol=RTOL, atol=ATOL)
