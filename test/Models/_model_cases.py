"""The model corpus: models other people wrote (torchvision, Hugging Face transformers) and everyday programs,
each built as its authors ship it (random weights, eval mode) and exported the way users export them:
`torch.export.export(model, args, kwargs, dynamic_shapes=...)` with a Dim on the batch and, where the model
allows it, on the sequence or the image height and width.

A case: its source, a constructor, `inputs(**sizes) -> (args, kwargs)`, the dynamic shapes (a function, so
each export gets fresh Dims), the sizes of the export sample, the sizes it is run at after one compile
(chosen across tile boundaries: batch 1, 3, 8; sequence 1, 7, 65 where the model allows), and its explicit
tolerance (rtol, atol) against eager. Everything is tiny (2 layers, hidden 64, 32x32 images) so that a
compile takes seconds; no weights are downloaded.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import torch
import torch.nn.functional as F
from torch import nn
from torch.export import Dim

from _torchvision_ops import prepare as _prepare_torchvision

_prepare_torchvision()  # before transformers or torchvision is imported (see _torchvision_ops.py)

TORCHVISION = "torchvision"
TRANSFORMERS = "transformers"
EVERYDAY = "everyday"


@dataclass
class ModelCase:
    source: str
    make: Callable[[], nn.Module]
    inputs: Callable[..., tuple[tuple, dict]]  # sizes -> (args, kwargs)
    dynamic: Callable[[], object]  # -> dynamic_shapes for torch.export (fresh Dims per export)
    export_at: dict  # the sizes of the export sample
    check_at: list[dict]  # the sizes the compiled program runs at (each compared with eager)
    tolerance: tuple[float, float] = (1e-4, 1e-4)  # (rtol, atol), torch.allclose's
    note: str = ""  # how it is built, if not obvious from the name


MODEL_CASES: dict[str, ModelCase] = {}


def _add(name: str, case: ModelCase) -> None:
    assert name not in MODEL_CASES, name
    MODEL_CASES[name] = case


def _args(*tensors):
    return tensors, {}


# ----------------------------------------------------------------------------- torchvision

_BATCHES = [{"b": 1}, {"b": 3}, {"b": 8}]


def _tv(name: str, **kwargs) -> Callable[[], nn.Module]:
    def make():
        import torchvision

        return getattr(torchvision.models, name)(weights=None, **kwargs)
    return make


def _image(size: int, channels: int = 3):
    return lambda b: _args(torch.randn(b, channels, size, size))


def _batch_dim():
    return ({0: Dim("batch", min=1, max=64)},)


def _batch_hw_dims(multiple: int, low: int, high: int):
    """Batch, and a square-free image height and width that are multiples of `multiple` (a net's stride)."""
    def dims():
        h, w = Dim("h", min=low, max=high), Dim("w", min=low, max=high)
        return ({0: Dim("batch", min=1, max=64), 2: multiple * h, 3: multiple * w},)
    return dims


def _image_hw(channels: int = 3):
    return lambda b, h, w: _args(torch.randn(b, channels, h, w))


def _classifier(name: str, make, size: int = 32, tolerance=(1e-3, 1e-4), note=""):
    _add(name, ModelCase(TORCHVISION, make, _image(size), _batch_dim, {"b": 2}, _BATCHES, tolerance, note))


# image height and width dynamic too (multiples of the net's total stride, 32). torch.export keeps a guard that
# each is not 32 (one pixel after the last downsampling: the 0/1 specialization of the sample's 2 and 3), so
# they are run at 64 and more.
_add("tv:resnet18(dynamic hw)", ModelCase(
    TORCHVISION, _tv("resnet18"), _image_hw(), _batch_hw_dims(32, 1, 8), {"b": 2, "h": 64, "w": 96},
    [{"b": 1, "h": 64, "w": 64}, {"b": 3, "h": 64, "w": 96}, {"b": 8, "h": 96, "w": 128}], (1e-3, 1e-4)))
_add("tv:mobilenet_v2(dynamic hw)", ModelCase(
    TORCHVISION, _tv("mobilenet_v2"), _image_hw(), _batch_hw_dims(32, 1, 8), {"b": 2, "h": 64, "w": 96},
    [{"b": 1, "h": 64, "w": 64}, {"b": 3, "h": 64, "w": 96}, {"b": 8, "h": 96, "w": 128}], (1e-3, 1e-4)))
_classifier("tv:resnet18", _tv("resnet18"))
_classifier("tv:resnet50", _tv("resnet50"))
_classifier("tv:resnext50_32x4d", _tv("resnext50_32x4d"))
_classifier("tv:wide_resnet50_2", _tv("wide_resnet50_2"))
_classifier("tv:mobilenet_v2", _tv("mobilenet_v2"))
_classifier("tv:mobilenet_v3_small", _tv("mobilenet_v3_small"))
_classifier("tv:mobilenet_v3_large", _tv("mobilenet_v3_large"))
_classifier("tv:efficientnet_b0", _tv("efficientnet_b0"))
_classifier("tv:efficientnet_v2_s", _tv("efficientnet_v2_s"))
_classifier("tv:shufflenet_v2_x0_5", _tv("shufflenet_v2_x0_5"))
_classifier("tv:squeezenet1_0", _tv("squeezenet1_0"), size=64)
_classifier("tv:squeezenet1_1", _tv("squeezenet1_1"), size=64)
_classifier("tv:densenet121", _tv("densenet121"))
_classifier("tv:regnet_y_400mf", _tv("regnet_y_400mf"))
_classifier("tv:regnet_x_400mf", _tv("regnet_x_400mf"))
_classifier("tv:mnasnet0_5", _tv("mnasnet0_5"))
_classifier("tv:convnext_tiny", _tv("convnext_tiny"))
_classifier("tv:googlenet", _tv("googlenet", aux_logits=False, init_weights=True), size=64)
_classifier("tv:inception_v3", _tv("inception_v3", aux_logits=False, init_weights=True), size=96)
_classifier("tv:alexnet", _tv("alexnet"), size=64)
_classifier("tv:vgg11_bn", _tv("vgg11_bn"), size=32)


def _small_vit():
    from torchvision.models import VisionTransformer

    model = VisionTransformer(image_size=32, patch_size=8, num_layers=2, num_heads=4, hidden_dim=64, mlp_dim=128,
                              num_classes=10)
    nn.init.normal_(model.heads.head.weight, std=0.1)  # torchvision zero-initializes it: every logit would be 0
    return model


def _small_swin():
    from torchvision.models import SwinTransformer

    return SwinTransformer(patch_size=[4, 4], embed_dim=32, depths=[2, 2], num_heads=[2, 4], window_size=[4, 4],
                           num_classes=10)


def _small_swin_v2():
    from torchvision.models.swin_transformer import SwinTransformer, SwinTransformerBlockV2, PatchMergingV2

    return SwinTransformer(patch_size=[4, 4], embed_dim=32, depths=[2, 2], num_heads=[2, 4], window_size=[4, 4],
                           num_classes=10, block=SwinTransformerBlockV2, downsample_layer=PatchMergingV2)


_classifier("tv:VisionTransformer(32px, patch 8, 2 layers, hidden 64)", _small_vit,
            note="vit_b_16's class, small; its zero-initialized head drawn at random")
_classifier("tv:SwinTransformer(32px, 2+2 blocks, window 4)", _small_swin, note="swin_t's class, small")
_classifier("tv:SwinTransformer v2(32px, 2+2 blocks, window 4)", _small_swin_v2, note="swin_v2_t's classes, small")


def _segmentation(name, **kwargs):
    def make():
        from torchvision.models import segmentation

        return getattr(segmentation, name)(weights=None, weights_backbone=None, num_classes=4, **kwargs)
    return make


_add("tv:lraspp_mobilenet_v3_large", ModelCase(
    TORCHVISION, _segmentation("lraspp_mobilenet_v3_large"), _image(64), _batch_dim, {"b": 2}, _BATCHES,
    (1e-3, 1e-4)))
_add("tv:deeplabv3_mobilenet_v3_large", ModelCase(
    TORCHVISION, _segmentation("deeplabv3_mobilenet_v3_large", aux_loss=False), _image(64), _batch_dim, {"b": 2},
    _BATCHES, (1e-3, 1e-4)))
_add("tv:fcn_resnet50", ModelCase(
    TORCHVISION, _segmentation("fcn_resnet50", aux_loss=False), _image(32), _batch_dim, {"b": 2},
    _BATCHES, (1e-3, 1e-4)))


# ----------------------------------------------------------------------------- Hugging Face transformers

_SEQ = [{"b": 1, "s": 1}, {"b": 3, "s": 7}, {"b": 8, "s": 65}, {"b": 2, "s": 64}]
_VOCAB = 128


def _lm_dims(*names):
    def dims():
        batch, seq = Dim("batch", min=1, max=32), Dim("seq", min=1, max=128)
        return {n: {0: batch, 1: seq} for n in names}
    return dims


def _ids_and_mask(b, s):
    """Token ids and an attention mask with padding on the left of every other row (a batch of prompts)."""
    ids = torch.randint(0, _VOCAB, (b, s))
    mask = torch.ones(b, s, dtype=torch.long)
    for i in range(1, b, 2):
        mask[i, : (s // 3)] = 0
    return (), {"input_ids": ids, "attention_mask": mask}


def _ids(b, s):
    return (), {"input_ids": torch.randint(0, _VOCAB, (b, s))}


def _hf(config_cls: str, model_cls: str, **config):
    def make():
        import transformers

        cfg = getattr(transformers, config_cls)(**config)
        return getattr(transformers, model_cls)(cfg)
    return make


_TINY = dict(vocab_size=_VOCAB, hidden_size=64, num_hidden_layers=2, num_attention_heads=4, intermediate_size=128)

_add("hf:GPT2LMHeadModel", ModelCase(
    TRANSFORMERS, _hf("GPT2Config", "GPT2LMHeadModel", vocab_size=_VOCAB, n_embd=64, n_layer=2, n_head=4,
                      n_positions=128, use_cache=False),
    _ids_and_mask, _lm_dims("input_ids", "attention_mask"), {"b": 2, "s": 8}, _SEQ, (1e-4, 1e-4)))
_add("hf:GPT2LMHeadModel(use_cache=True)", ModelCase(
    TRANSFORMERS, _hf("GPT2Config", "GPT2LMHeadModel", vocab_size=_VOCAB, n_embd=64, n_layer=2, n_head=4,
                      n_positions=128, use_cache=True),
    _ids_and_mask, _lm_dims("input_ids", "attention_mask"), {"b": 2, "s": 8}, _SEQ, (1e-4, 1e-4),
    note="returns its KV cache (a DynamicCache)"))
_add("hf:BertModel", ModelCase(
    TRANSFORMERS, _hf("BertConfig", "BertModel", max_position_embeddings=128, **_TINY),
    _ids_and_mask, _lm_dims("input_ids", "attention_mask"), {"b": 2, "s": 8}, _SEQ, (1e-4, 1e-4)))
_add("hf:BertForSequenceClassification", ModelCase(
    TRANSFORMERS, _hf("BertConfig", "BertForSequenceClassification", max_position_embeddings=128, num_labels=3,
                      **_TINY),
    _ids_and_mask, _lm_dims("input_ids", "attention_mask"), {"b": 2, "s": 8}, _SEQ, (1e-4, 1e-4)))
_add("hf:DistilBertModel", ModelCase(
    TRANSFORMERS, _hf("DistilBertConfig", "DistilBertModel", vocab_size=_VOCAB, dim=64, n_layers=2, n_heads=4,
                      hidden_dim=128, max_position_embeddings=128),
    _ids_and_mask, _lm_dims("input_ids", "attention_mask"), {"b": 2, "s": 8}, _SEQ, (1e-4, 1e-4)))
_add("hf:RobertaModel", ModelCase(
    TRANSFORMERS, _hf("RobertaConfig", "RobertaModel", max_position_embeddings=130, **_TINY),
    _ids_and_mask, _lm_dims("input_ids", "attention_mask"), {"b": 2, "s": 8}, _SEQ, (1e-4, 1e-4)))
_add("hf:T5EncoderModel", ModelCase(
    TRANSFORMERS, _hf("T5Config", "T5EncoderModel", vocab_size=_VOCAB, d_model=64, d_kv=16, d_ff=128, num_layers=2,
                      num_heads=4),
    _ids_and_mask, _lm_dims("input_ids", "attention_mask"), {"b": 2, "s": 8}, _SEQ, (1e-4, 1e-4)))


def _t5_inputs(b, s):
    _, kw = _ids_and_mask(b, s)
    kw["decoder_input_ids"] = torch.randint(0, _VOCAB, (b, max(1, s // 2)))
    return (), kw


def _t5_dims():
    batch, seq, dec = Dim("batch", min=1, max=32), Dim("seq", min=1, max=128), Dim("dec", min=1, max=64)
    return {"input_ids": {0: batch, 1: seq}, "attention_mask": {0: batch, 1: seq}, "decoder_input_ids": {0: batch, 1: dec}}


_add("hf:T5ForConditionalGeneration", ModelCase(
    TRANSFORMERS, _hf("T5Config", "T5ForConditionalGeneration", vocab_size=_VOCAB, d_model=64, d_kv=16, d_ff=128,
                      num_layers=2, num_decoder_layers=2, num_heads=4, use_cache=False),
    _t5_inputs, _t5_dims, {"b": 2, "s": 8}, [{"b": 1, "s": 1}, {"b": 3, "s": 7}, {"b": 8, "s": 65}], (1e-4, 1e-4)))

_LLAMA = dict(num_key_value_heads=2, max_position_embeddings=256, use_cache=False, **_TINY)
_add("hf:LlamaForCausalLM", ModelCase(
    TRANSFORMERS, _hf("LlamaConfig", "LlamaForCausalLM", **_LLAMA),
    _ids_and_mask, _lm_dims("input_ids", "attention_mask"), {"b": 2, "s": 8}, _SEQ, (1e-4, 1e-4),
    note="GQA (2 KV heads), RoPE, RMSNorm, SwiGLU"))
_add("hf:Qwen2ForCausalLM", ModelCase(
    TRANSFORMERS, _hf("Qwen2Config", "Qwen2ForCausalLM", **_LLAMA),
    _ids_and_mask, _lm_dims("input_ids", "attention_mask"), {"b": 2, "s": 8}, _SEQ, (1e-4, 1e-4)))
_add("hf:MistralForCausalLM", ModelCase(
    TRANSFORMERS, _hf("MistralConfig", "MistralForCausalLM", sliding_window=16, **_LLAMA),
    _ids_and_mask, _lm_dims("input_ids", "attention_mask"), {"b": 2, "s": 8}, _SEQ, (1e-4, 1e-4),
    note="sliding window 16"))
_add("hf:LlamaForCausalLM(ids only)", ModelCase(
    TRANSFORMERS, _hf("LlamaConfig", "LlamaForCausalLM", **_LLAMA),
    _ids, _lm_dims("input_ids"), {"b": 2, "s": 8}, _SEQ, (1e-4, 1e-4)))


def _vit_inputs(b):
    return (), {"pixel_values": torch.randn(b, 3, 32, 32)}


_add("hf:ViTModel", ModelCase(
    TRANSFORMERS, _hf("ViTConfig", "ViTModel", image_size=32, patch_size=8, hidden_size=64, num_hidden_layers=2,
                      num_attention_heads=4, intermediate_size=128),
    _vit_inputs, lambda: {"pixel_values": {0: Dim("batch", min=1, max=64)}}, {"b": 2}, _BATCHES, (1e-4, 1e-4)))


def _whisper_encoder():
    import transformers

    cfg = transformers.WhisperConfig(d_model=64, encoder_layers=2, encoder_attention_heads=4, encoder_ffn_dim=128,
                                     decoder_layers=2, decoder_attention_heads=4, decoder_ffn_dim=128,
                                     num_mel_bins=16, max_source_positions=32, vocab_size=_VOCAB,
                                     pad_token_id=0, bos_token_id=1, eos_token_id=2, decoder_start_token_id=1)
    return transformers.WhisperModel(cfg).get_encoder()


_add("hf:WhisperEncoder", ModelCase(
    TRANSFORMERS, _whisper_encoder, lambda b: ((), {"input_features": torch.randn(b, 16, 64)}),
    lambda: {"input_features": {0: Dim("batch", min=1, max=64)}}, {"b": 2}, _BATCHES, (1e-4, 1e-4),
    note="WhisperModel(...).get_encoder(); the encoder takes exactly 2 * max_source_positions frames"))


# ----------------------------------------------------------------------------- everyday programs
# Programs of the shapes people write (attention with a KV cache, RNNs, indexing, sampling...), each
# written here, not taken from a library.


class GPT2Attn(nn.Module):
    """Attention with a KV cache passed in and returned (the past grows by concatenation)."""

    def __init__(self, d=64, h=4):
        super().__init__()
        self.h, self.c_attn, self.c_proj = h, nn.Linear(d, 3 * d), nn.Linear(d, d)

    def forward(self, x, past_k, past_v):
        B, T, C = x.shape
        q, k, v = self.c_attn(x).split(C, dim=2)
        q, k, v = (t.view(B, T, self.h, C // self.h).transpose(1, 2) for t in (q, k, v))
        k, v = torch.cat([past_k, k], dim=2), torch.cat([past_v, v], dim=2)
        y = F.scaled_dot_product_attention(q, k, v)
        return self.c_proj(y.transpose(1, 2).contiguous().view(B, T, C)), k, v


class KVStatic(nn.Module):
    """A static KV cache in buffers, written in place with index_copy_."""

    def __init__(self, d=64, h=4, maxlen=32):
        super().__init__()
        self.h, self.qkv, self.o = h, nn.Linear(d, 3 * d), nn.Linear(d, d)
        self.register_buffer("kc", torch.zeros(1, h, maxlen, d // h))
        self.register_buffer("vc", torch.zeros(1, h, maxlen, d // h))

    def forward(self, x, pos):
        B, T, C = x.shape
        q, k, v = self.qkv(x).split(C, 2)
        q, k, v = (t.view(B, T, self.h, -1).transpose(1, 2) for t in (q, k, v))
        self.kc.index_copy_(2, pos, k)
        self.vc.index_copy_(2, pos, v)
        y = F.scaled_dot_product_attention(q, self.kc, self.vc)
        return self.o(y.transpose(1, 2).reshape(B, T, C))


class Indexing(nn.Module):
    def forward(self, x, idx):
        y = x[:, idx] * 2
        y[:, 0] = 0
        return (y[x[:, 0] > 0].sum() + x[..., 1:3].mean()
                + torch.gather(x, 1, idx.unsqueeze(0).expand(x.shape[0], -1)).sum())


class LSTMHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm, self.fc = nn.LSTM(16, 32, num_layers=2, batch_first=True), nn.Linear(32, 4)

    def forward(self, x):
        out, _ = self.lstm(x)
        return self.fc(out[:, -1])


class BiGRU(nn.Module):
    def __init__(self):
        super().__init__()
        self.gru = nn.GRU(16, 32, batch_first=True, bidirectional=True)

    def forward(self, x):
        return self.gru(x)[0]


class MaskedMHA(nn.Module):
    def __init__(self):
        super().__init__()
        self.mha = nn.MultiheadAttention(64, 4, batch_first=True)

    def forward(self, x, mask):
        return self.mha(x, x, x, key_padding_mask=mask, need_weights=False)[0]


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(64, 4, 128, batch_first=True), 2,
                                         enable_nested_tensor=False)

    def forward(self, x):
        return self.enc(x)


class ViTPatch(nn.Module):
    def __init__(self):
        super().__init__()
        self.patch, self.cls, self.norm = nn.Conv2d(3, 64, 8, 8), nn.Parameter(torch.randn(1, 1, 64)), nn.LayerNorm(64)

    def forward(self, x):
        t = self.patch(x).flatten(2).transpose(1, 2)
        t = torch.cat([self.cls.expand(t.shape[0], -1, -1), t], 1)
        return self.norm(t).mean(1)


class PosEmbedding(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok, self.pos = nn.Embedding(100, 32), nn.Embedding(64, 32)

    def forward(self, ids):
        p = torch.arange(ids.shape[1]).unsqueeze(0)
        return F.layer_norm(self.tok(ids) + self.pos(p), (32,))


class ConvTransposeUp(nn.Module):
    def __init__(self):
        super().__init__()
        self.up, self.bn = nn.ConvTranspose2d(8, 4, 4, 2, 1), nn.BatchNorm2d(4)
        self.resize = nn.Upsample(scale_factor=2, mode="bilinear")

    def forward(self, x):
        return self.resize(F.silu(self.bn(self.up(x))))


class GPT2Block(nn.Module):
    """nanoGPT's block: causal mask from a tril buffer sliced to T, tanh GELU."""

    def __init__(self, d=64, h=4, n=64):
        super().__init__()
        self.h, self.ln1, self.ln2 = h, nn.LayerNorm(d), nn.LayerNorm(d)
        self.attn, self.proj, self.fc, self.fc2 = nn.Linear(d, 3 * d), nn.Linear(d, d), nn.Linear(d, 4 * d), nn.Linear(4 * d, d)
        self.register_buffer("bias", torch.tril(torch.ones(n, n)).view(1, 1, n, n))

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self.attn(self.ln1(x)).split(C, 2)
        q, k, v = (t.view(B, T, self.h, -1).transpose(1, 2) for t in (q, k, v))
        a = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        a = F.softmax(a.masked_fill(self.bias[:, :, :T, :T] == 0, float("-inf")), -1)
        y = (a @ v).transpose(1, 2).contiguous().view(B, T, C)
        x = x + self.proj(y)
        return x + self.fc2(F.gelu(self.fc(self.ln2(x)), approximate="tanh"))


class BertEmbeddings(nn.Module):
    def __init__(self):
        super().__init__()
        self.w, self.t, self.p, self.ln = nn.Embedding(100, 32), nn.Embedding(2, 32), nn.Embedding(64, 32), nn.LayerNorm(32)

    def forward(self, ids, mask):
        pos = (torch.cumsum(mask, 1) * mask).long()
        ext = (1.0 - mask[:, None, None, :].float()) * torch.finfo(torch.float32).min
        return self.ln(self.w(ids) + self.t(torch.zeros_like(ids)) + self.p(pos)), ext


class T5Bias(nn.Module):
    """T5's relative-position buckets (log-spaced beyond 16) added to self-similarities."""

    def __init__(self):
        super().__init__()
        self.e = nn.Embedding(32, 4)

    def forward(self, x):
        q = x.shape[1]
        rel = torch.arange(q)[None, :] - torch.arange(q)[:, None]
        n = torch.max(-rel, torch.zeros_like(rel))
        exact = 16
        large = exact + (torch.log(n.float() / exact + 1e-6) / math.log(128 / exact) * (32 - exact)).to(torch.long)
        large = torch.min(large, torch.full_like(large, 31))
        return x @ x.transpose(1, 2) + self.e(torch.where(n < exact, n, large)).permute(2, 0, 1)[:1]


class Sampler(nn.Module):
    def forward(self, logits):
        v, i = torch.topk(logits, 5, -1)
        return torch.argmax(logits, -1), F.softmax(v, -1), i, torch.sort(logits, -1, descending=True)[1][:, :3]


class Einsum(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(4, 16, 16))

    def forward(self, x):
        return torch.einsum("bhd,hde->bhe", x, self.w).relu().sum(-1)


class ScatterPool(nn.Module):
    def forward(self, x, seg):
        out = torch.zeros(8, x.shape[1]).index_add(0, seg, x)
        cnt = torch.zeros(8).scatter_add(0, seg, torch.ones_like(seg, dtype=torch.float))
        return out / cnt.clamp(min=1)[:, None]


class DynPad(nn.Module):
    def forward(self, x):
        pad = (8 - x.shape[-1] % 8) % 8
        return F.pad(x, (0, pad)).view(x.shape[0], -1, 8).mean(-1)


class Whisperish(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1, self.c2 = nn.Conv1d(16, 32, 3, padding=1), nn.Conv1d(32, 32, 3, stride=2, padding=1)

    def forward(self, x):
        return F.gelu(self.c2(F.gelu(self.c1(x)))).transpose(1, 2)


class UNetDynHW(nn.Module):
    def __init__(self):
        super().__init__()
        self.d, self.p = nn.Conv2d(3, 8, 3, padding=1), nn.MaxPool2d(2)
        self.u, self.o = nn.ConvTranspose2d(8, 8, 2, 2), nn.Conv2d(16, 1, 1)

    def forward(self, x):
        a = F.relu(self.d(x))
        return self.o(torch.cat([a, self.u(self.p(a))], 1))


class InterpDyn(nn.Module):
    def forward(self, x, y):
        return F.interpolate(x, size=y.shape[-2:], mode="bilinear", align_corners=False) + y


class GroupNormSiLU(nn.Module):
    def __init__(self):
        super().__init__()
        self.g, self.c = nn.GroupNorm(4, 16), nn.Conv2d(16, 16, 3, padding=1)

    def forward(self, x):
        return x + self.c(F.silu(self.g(x)))


def _everyday(name, make, inputs, dims, check_at, tolerance=(1e-4, 1e-4), export_at=None):
    _add(f"everyday:{name}", ModelCase(EVERYDAY, make, lambda **s: _args(*inputs(**s)), dims,
                                       export_at or {"b": 2, "t": 4}, check_at, tolerance))


_BT = [{"b": 1, "t": 1}, {"b": 3, "t": 7}, {"b": 8, "t": 32}, {"b": 2, "t": 4}]
_BT2 = [{"b": 1, "t": 2}, {"b": 3, "t": 7}, {"b": 5, "t": 13}, {"b": 8, "t": 63}]


def _b(lo=1):
    return Dim("batch", min=lo, max=64)


def _s(lo=1, hi=32):
    return Dim("seq", min=lo, max=hi)


def _gpt2_kv_dims():
    b, s, p = _b(), _s(), Dim("past", min=0, max=32)
    return ({0: b, 1: s}, {0: b, 2: p}, {0: b, 2: p})


_everyday("gpt2_kv_concat", GPT2Attn,
          lambda b, t: (torch.randn(b, t, 64), torch.randn(b, 4, 5, 16), torch.randn(b, 4, 5, 16)),
          _gpt2_kv_dims, _BT)
_everyday("kv_static_cache", KVStatic, lambda b, t: (torch.randn(1, t, 64), torch.arange(t)),
          lambda: (lambda s: ({1: s}, {0: s}))(_s()), [{"b": 1, "t": 1}, {"b": 1, "t": 7}, {"b": 1, "t": 32}])
_everyday("indexing", Indexing, lambda b, t: (torch.randn(b, 8), torch.tensor([1, 3, 5])),
          lambda: ({0: _b()}, None), _BT)
_everyday("lstm", LSTMHead, lambda b, t: (torch.randn(b, 5, 16),), lambda: ({0: _b()},), _BT)
_everyday("gru_bidirectional", BiGRU, lambda b, t: (torch.randn(b, 5, 16),), lambda: ({0: _b()},), _BT)
_everyday("mha_key_padding_mask", MaskedMHA,
          lambda b, t: (torch.randn(b, t, 64), torch.arange(b * t).reshape(b, t) % 3 == 2),
          lambda: (lambda b, s: ({0: b, 1: s}, {0: b, 1: s}))(_b(), _s()), _BT)
_everyday("transformer_encoder", Encoder, lambda b, t: (torch.randn(b, t, 64),),
          lambda: ({0: _b(), 1: _s()},), _BT)
_everyday("vit_patch_cls", ViTPatch, lambda b, t: (torch.randn(b, 3, 32, 32),), lambda: ({0: _b()},), _BT)
_everyday("embedding_positions", PosEmbedding, lambda b, t: (torch.randint(0, 100, (b, t)),),
          lambda: ({0: _b(), 1: _s()},), _BT)
_everyday("conv_transpose_upsample", ConvTransposeUp, lambda b, t: (torch.randn(b, 8, 8, 8),),
          lambda: ({0: _b()},), _BT)
_everyday("gpt2_block_tril_mask", GPT2Block, lambda b, t: (torch.randn(b, t, 64),),
          lambda: ({0: _b(), 1: _s(2, 63)},), _BT2)
_everyday("bert_embeddings_mask", BertEmbeddings,
          lambda b, t: (torch.randint(0, 100, (b, t)), (torch.arange(b * t).reshape(b, t) % 5 != 0).long()),
          lambda: (lambda b, s: ({0: b, 1: s}, {0: b, 1: s}))(_b(), _s(2, 63)), _BT2)
_everyday("t5_relative_bias", T5Bias, lambda b, t: (torch.randn(1, t, 8),), lambda: ({1: _s(2, 63)},), _BT2)
_everyday("sampler_topk_sort", Sampler, lambda b, t: (torch.randn(b, 50 + t),),
          lambda: ({0: _b(), 1: Dim("v", min=8, max=200)},), _BT2)
_everyday("einsum", Einsum, lambda b, t: (torch.randn(b, 4, 16),), lambda: ({0: _b()},), _BT2)
_everyday("scatter_mean_pool", ScatterPool,
          lambda b, t: (torch.randn(b * t, 8), torch.arange(b * t) * 5 % 8),
          lambda: (lambda n: ({0: n}, {0: n}))(Dim("n", min=2, max=512)), _BT2)
_everyday("dynamic_pad", DynPad, lambda b, t: (torch.randn(b, 8 * t + 3),),
          lambda: ({0: _b(), 1: Dim.DYNAMIC},), _BT2)  # a named Dim: torch cannot prove its guards
_everyday("whisper_like_conv1d", Whisperish, lambda b, t: (torch.randn(b, 16, 10 * t),),
          lambda: ({0: _b(), 2: Dim("t", min=4, max=1000)},), _BT2)
_everyday("unet_dynamic_hw", UNetDynHW, lambda b, t: (torch.randn(b, 3, 2 * t + 2, 2 * t + 4),),
          lambda: ({0: _b(), 2: 2 * Dim("h", min=1, max=80), 3: 2 * Dim("w", min=1, max=80)},), _BT2)
_everyday("interpolate_to_dynamic_size", InterpDyn, lambda b, t: (torch.randn(b, 3, 4, 4), torch.randn(b, 3, t + 3, t + 5)),
          lambda: (lambda b: ({0: b}, {0: b, 2: Dim("h2", min=2, max=80), 3: Dim("w2", min=2, max=80)}))(_b()), _BT2)
_everyday("groupnorm_silu_residual", GroupNormSiLU, lambda b, t: (torch.randn(b, 16, t + 2, t + 2),),
          lambda: ({0: _b(), 2: Dim("hh", min=2, max=80), 3: Dim("ww", min=2, max=80)},), _BT2)
