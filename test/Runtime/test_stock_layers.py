"""torch.nn's attention and recurrent layers, as users export them (dynamic batch), against eager.

They stopped in exir-cpu-fuse with "'linalg.batch_matmul' op Invalid batch dimension expression":
a transpose that moves the batch dim was folded into batch_matmul's maps (transpose_folding.py).
"""

import pytest
import torch

import exir_mlir

BATCH = torch.export.Dim("batch", min=1, max=64)


class FirstOutput(torch.nn.Module):
    def __init__(self, layer, calls_with_query_only=False):
        super().__init__()
        self.layer = layer
        self.attention = calls_with_query_only

    def forward(self, x):
        return (self.layer(x, x, x) if self.attention else self.layer(x))[0]


class BmmOfTranspose(torch.nn.Module):
    def forward(self, x, w):
        return torch.bmm(x.transpose(0, 1), w)


LAYERS = {
    # name: (module, input of batch b, batch dim)
    "mha_time_major": (lambda: FirstOutput(torch.nn.MultiheadAttention(16, 4), True), lambda b: torch.randn(5, b, 16), 1),
    "mha_batch_first": (lambda: FirstOutput(torch.nn.MultiheadAttention(16, 4, batch_first=True), True),
                        lambda b: torch.randn(b, 5, 16), 0),
    "lstm": (lambda: FirstOutput(torch.nn.LSTM(8, 12, batch_first=True)), lambda b: torch.randn(b, 5, 8), 0),
    "gru_2_layers": (lambda: FirstOutput(torch.nn.GRU(8, 12, num_layers=2)), lambda b: torch.randn(5, b, 8), 1),
}


@pytest.mark.parametrize("name", sorted(LAYERS))
def test_layer_with_dynamic_batch(name):
    torch.manual_seed(0)
    make, make_input, batch_dim = LAYERS[name]
    module = make().eval()
    program = exir_mlir.compile(torch.export.export(module, (make_input(3),), dynamic_shapes=({batch_dim: BATCH},)))
    for batch in (1, 3, 7):
        x = make_input(batch)
        torch.testing.assert_close(program(x), module(x), rtol=1e-4, atol=1e-5)


def test_bmm_of_batch_transpose():
    x, w = torch.randn(5, 3, 4), torch.randn(3, 4, 6)
    program = exir_mlir.compile(torch.export.export(BmmOfTranspose(), (x, w)))
    torch.testing.assert_close(program(x, w), torch.bmm(x.transpose(0, 1), w), rtol=1e-5, atol=1e-5)
