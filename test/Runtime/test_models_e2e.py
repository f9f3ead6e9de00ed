"""End to end on CPU: the example models through exir_mlir.compile, against eager (issue 6 item 4)."""

import copy

import pytest
import torch

import exir_mlir
from exir_mlir.errors import ExirUserError
from exir_mlir.models import MODELS, export_model

# f32, rtol 1e-4 / atol 1e-5 (the default); matmul chains sum in another order than torch.
RTOL, ATOL = 1e-4, 1e-5


def close(actual, expected, *, atol=ATOL):
    torch.testing.assert_close(actual, expected, rtol=RTOL, atol=atol)


@pytest.mark.parametrize("name", ["mlp", "cnn", "residual_block", "transformer_block", "attention",
                                  "embedding_mean", "elementwise_chain"])
def test_model_matches_eager(name):
    module, args, _ = MODELS[name]()
    program = exir_mlir.compile(export_model(name))
    with torch.no_grad():
        close(program(*args), module(*args), atol=1e-4)


def test_dynamic_batch_mlp_serves_batch_1_7_512():
    module, _, _ = MODELS["dynamic_mlp"]()
    program = exir_mlir.compile(export_model("dynamic_mlp"))
    for batch in (1, 7, 512):
        x = torch.randn(batch, 16)
        with torch.no_grad():
            close(program(x), module(x), atol=1e-4)


def test_cond_takes_both_branches():
    module, (x,), _ = MODELS["cond"]()
    program = exir_mlir.compile(export_model("cond"))
    positive, negative = x.abs() + 0.1, -(x.abs() + 0.1)
    with torch.no_grad():
        for inp in (positive, negative):
            close(program(inp), module(inp), atol=1e-4)


def test_while_loop_iterations():
    module, (n, x), _ = MODELS["while_loop"]()
    program = exir_mlir.compile(export_model("while_loop"))
    with torch.no_grad():
        for count in (0, 1, 5):
            steps = torch.tensor(count, dtype=torch.int64)
            close(program(steps, x), module(steps, x), atol=1e-4)


def test_buffer_mutation_over_three_calls():
    module, (x,), _ = MODELS["buffer_mutation"]()
    eager = copy.deepcopy(module)
    program = exir_mlir.compile(export_model("buffer_mutation"))
    for _ in range(3):
        with torch.no_grad():
            close(program(x), eager(x))


class CausalAttention(torch.nn.Module):
    def forward(self, q, k, v):
        return torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)


def test_scaled_dot_product_attention_causal():
    q, k, v = (torch.randn(2, 4, 16, 8) for _ in range(3))
    module = CausalAttention()
    program = exir_mlir.compile(torch.export.export(module, (q, k, v)))
    close(program(q, k, v), module(q, k, v), atol=1e-5)


def test_out_of_range_dynamic_batch_is_a_clear_error():
    program = exir_mlir.compile(export_model("dynamic_mlp"))
    with pytest.raises(ExirUserError, match=r"dim 0 has size 2000, outside the range \[1, 1024\]"):
        program(torch.randn(2000, 16))
