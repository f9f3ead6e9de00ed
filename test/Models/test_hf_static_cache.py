"""Language models exported as ExecuTorch users export them: transformers' own
`TorchExportableModuleForDecoderOnlyLM` (a StaticCache whose key/value tensors the program updates in place at
`cache_position`), with a Dim on the sequence so that one program runs the prompt (prefill) and then one token
at a time (decode). Each step's logits are compared with the model's full forward without a cache over the
same prefix: a cache write or read at the wrong position, or a state update that does not persist from one
call to the next, changes the logits of every later step."""

from __future__ import annotations

import pytest
import torch
from torch.export import Dim

import exir_mlir
from _torchvision_ops import prepare as _prepare_torchvision

_prepare_torchvision()  # before transformers is imported (see _torchvision_ops.py)

_VOCAB, _CACHE = 512, 64


def _model(name: str):
    import transformers

    if name == "gpt2":
        config = transformers.GPT2Config(vocab_size=_VOCAB, n_embd=64, n_layer=2, n_head=4, n_positions=128)
        model = transformers.GPT2LMHeadModel(config)
    else:  # Llama: grouped-query attention (2 KV heads), RoPE, RMSNorm, SwiGLU
        config = transformers.LlamaConfig(vocab_size=_VOCAB, hidden_size=64, num_hidden_layers=2,
                                          num_attention_heads=4, num_key_value_heads=2, intermediate_size=128,
                                          max_position_embeddings=128)
        model = transformers.LlamaForCausalLM(config)
    model.eval()
    model.generation_config.cache_implementation = "static"
    model.generation_config.use_cache = True
    model.generation_config.cache_config = {"batch_size": 1, "max_cache_len": _CACHE}
    return model


@pytest.mark.parametrize("name, threads", [("gpt2", 1), ("llama", 2)])
def test_prefill_then_decode_matches_the_full_forward(name, threads):
    from transformers.integrations.executorch import TorchExportableModuleForDecoderOnlyLM

    torch.manual_seed(0)
    model = _model(name)
    wrapper = TorchExportableModuleForDecoderOnlyLM(model, batch_size=1, max_cache_len=_CACHE)
    seq = Dim("seq", min=1, max=32)
    ep = wrapper.export(input_ids=torch.tensor([[1, 2, 3]]), cache_position=torch.arange(3),
                        dynamic_shapes={"input_ids": {1: seq}, "cache_position": {0: seq}})
    program = exir_mlir.compile(ep, num_threads=threads)

    tokens = torch.randint(0, _VOCAB, (1, 24))
    with torch.no_grad():
        full = model(tokens, use_cache=False).logits
    scale = float(full.abs().max())
    # A prompt of 17 tokens (across a 16-lane boundary), then single tokens, then a second chunk of 3.
    steps = [(0, 17)] + [(t, t + 1) for t in range(17, 21)] + [(21, 24)]
    for start, stop in steps:
        got = program(input_ids=tokens[:, start:stop], cache_position=torch.arange(start, stop))
        assert got.shape == (1, stop - start, _VOCAB)
        torch.testing.assert_close(got, full[:, start:stop], rtol=0, atol=1e-5 * scale,
                                   msg=lambda m: f"{name}, tokens {start}..{stop}: {m}")
