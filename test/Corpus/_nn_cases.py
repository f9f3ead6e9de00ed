"""The torch.nn layers of the corpus: stock layers that take tensors, each built the way a user would, on a batch.

Each entry: a constructor, the inputs for a batch size, which dim of each input is the batch (None: the input
has none), the smallest batch the dynamic export allows, and the mode (eval, or train where the layer is
deterministic in train mode: norms with batch statistics; dropout is in eval only).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import torch
from torch import nn


@dataclass
class NNCase:
    make: Callable[[], nn.Module]
    inputs: Callable[[int], tuple]  # batch size -> input tensors
    batch: tuple | None = None  # batch dim of each input (None: dim 0 of every input)
    train: bool = False
    min_batch: int = 1

    def batch_dims(self, n: int) -> tuple:
        return self.batch if self.batch is not None else (0,) * n


def _x(*shape):
    return lambda b: (torch.randn(b, *shape),)


def _xy(*shape, target=None):
    return lambda b: (torch.randn(b, *shape), target(b) if target else torch.randn(b, *shape))


def _classes(b, n=5):
    return torch.arange(b) % n


def _bce_target(*shape):
    return lambda b: (torch.rand(b, *shape), (torch.arange(b * 6).reshape(b, *shape) % 2).float())


NN_CASES: dict[str, NNCase] = {}


def _add(name: str, case: NNCase) -> None:
    assert name not in NN_CASES, name
    NN_CASES[name] = case


# ---- linear / embedding
_add("Linear", NNCase(lambda: nn.Linear(8, 6), _x(8)))
_add("Linear(no bias, 3-d input)", NNCase(lambda: nn.Linear(8, 6, bias=False), _x(4, 8)))
_add("Bilinear", NNCase(lambda: nn.Bilinear(4, 5, 3), lambda b: (torch.randn(b, 4), torch.randn(b, 5))))
_add("Identity", NNCase(nn.Identity, _x(4)))
_add("Flatten", NNCase(nn.Flatten, _x(2, 3, 4)))
_add("Unflatten", NNCase(lambda: nn.Unflatten(1, (2, 3)), _x(6)))
_add("Embedding", NNCase(lambda: nn.Embedding(10, 4), lambda b: (torch.arange(b * 3).reshape(b, 3) % 10,)))
_add("Embedding(padding_idx)", NNCase(lambda: nn.Embedding(10, 4, padding_idx=0),
                                      lambda b: (torch.arange(b * 3).reshape(b, 3) % 10,)))
_add("EmbeddingBag(mean)", NNCase(lambda: nn.EmbeddingBag(10, 4, mode="mean"),
                                  lambda b: (torch.arange(b * 3).reshape(b, 3) % 10,)))
_add("EmbeddingBag(sum)", NNCase(lambda: nn.EmbeddingBag(10, 4, mode="sum"),
                                 lambda b: (torch.arange(b * 3).reshape(b, 3) % 10,)))
_add("EmbeddingBag(max)", NNCase(lambda: nn.EmbeddingBag(10, 4, mode="max"),
                                 lambda b: (torch.arange(b * 3).reshape(b, 3) % 10,)))

# ---- convolutions
_add("Conv1d", NNCase(lambda: nn.Conv1d(3, 4, 3), _x(3, 10)))
_add("Conv1d(stride, padding, dilation)", NNCase(lambda: nn.Conv1d(3, 4, 3, stride=2, padding=1, dilation=2), _x(3, 11)))
_add("Conv1d(groups=3, depthwise)", NNCase(lambda: nn.Conv1d(3, 6, 3, groups=3), _x(3, 10)))
_add("Conv2d", NNCase(lambda: nn.Conv2d(3, 4, 3), _x(3, 8, 8)))
_add("Conv2d(stride, padding)", NNCase(lambda: nn.Conv2d(3, 4, 3, stride=2, padding=1), _x(3, 9, 9)))
_add("Conv2d(padding=same)", NNCase(lambda: nn.Conv2d(3, 4, 3, padding="same"), _x(3, 7, 7)))
_add("Conv2d(padding_mode=reflect)", NNCase(lambda: nn.Conv2d(3, 4, 3, padding=1, padding_mode="reflect"), _x(3, 7, 7)))
_add("Conv2d(dilation=2, no bias)", NNCase(lambda: nn.Conv2d(3, 4, 3, dilation=2, bias=False), _x(3, 9, 9)))
_add("Conv2d(groups=2)", NNCase(lambda: nn.Conv2d(4, 6, 3, groups=2), _x(4, 8, 8)))
_add("Conv2d(depthwise)", NNCase(lambda: nn.Conv2d(4, 4, 3, groups=4), _x(4, 8, 8)))
_add("Conv3d", NNCase(lambda: nn.Conv3d(2, 3, 3), _x(2, 5, 6, 6)))
_add("ConvTranspose1d", NNCase(lambda: nn.ConvTranspose1d(3, 4, 3, stride=2), _x(3, 6)))
_add("ConvTranspose2d", NNCase(lambda: nn.ConvTranspose2d(3, 4, 3, stride=2, padding=1, output_padding=1), _x(3, 5, 5)))
_add("ConvTranspose2d(groups=2)", NNCase(lambda: nn.ConvTranspose2d(4, 6, 3, groups=2), _x(4, 5, 5)))
_add("ConvTranspose3d", NNCase(lambda: nn.ConvTranspose3d(2, 3, 3), _x(2, 4, 4, 4)))

# ---- pooling
_add("MaxPool1d", NNCase(lambda: nn.MaxPool1d(2), _x(3, 10)))
_add("MaxPool2d", NNCase(lambda: nn.MaxPool2d(2), _x(3, 8, 8)))
_add("MaxPool2d(3, stride 2, padding 1)", NNCase(lambda: nn.MaxPool2d(3, 2, padding=1), _x(3, 9, 9)))
_add("MaxPool2d(ceil_mode)", NNCase(lambda: nn.MaxPool2d(2, ceil_mode=True), _x(3, 7, 7)))
_add("MaxPool2d(return_indices)", NNCase(lambda: nn.MaxPool2d(2, return_indices=True), _x(3, 8, 8)))
_add("MaxPool3d", NNCase(lambda: nn.MaxPool3d(2), _x(2, 4, 4, 4)))
_add("AvgPool1d", NNCase(lambda: nn.AvgPool1d(2), _x(3, 10)))
_add("AvgPool2d", NNCase(lambda: nn.AvgPool2d(2), _x(3, 8, 8)))
_add("AvgPool2d(padding, count_include_pad=False)", NNCase(lambda: nn.AvgPool2d(3, 2, padding=1, count_include_pad=False),
                                                           _x(3, 8, 8)))
_add("AvgPool2d(ceil_mode)", NNCase(lambda: nn.AvgPool2d(2, ceil_mode=True), _x(3, 7, 7)))
_add("AvgPool3d", NNCase(lambda: nn.AvgPool3d(2), _x(2, 4, 4, 4)))
_add("LPPool2d", NNCase(lambda: nn.LPPool2d(2, 2), _x(3, 8, 8)))
_add("AdaptiveAvgPool1d", NNCase(lambda: nn.AdaptiveAvgPool1d(4), _x(3, 10)))
_add("AdaptiveAvgPool2d", NNCase(lambda: nn.AdaptiveAvgPool2d((3, 3)), _x(3, 8, 8)))
_add("AdaptiveAvgPool2d(1)", NNCase(lambda: nn.AdaptiveAvgPool2d(1), _x(3, 8, 8)))
_add("AdaptiveAvgPool3d", NNCase(lambda: nn.AdaptiveAvgPool3d(2), _x(2, 4, 4, 4)))
_add("AdaptiveMaxPool1d", NNCase(lambda: nn.AdaptiveMaxPool1d(4), _x(3, 10)))
_add("AdaptiveMaxPool2d", NNCase(lambda: nn.AdaptiveMaxPool2d((3, 3)), _x(3, 8, 8)))

# ---- normalization (eval, and train where the statistics come from the batch)
for _mode, _train in (("eval", False), ("train", True)):
    _add(f"BatchNorm1d({_mode})", NNCase(lambda: nn.BatchNorm1d(4), _x(4), train=_train, min_batch=2))
    _add(f"BatchNorm1d(3-d, {_mode})", NNCase(lambda: nn.BatchNorm1d(4), _x(4, 5), train=_train, min_batch=2))
    _add(f"BatchNorm2d({_mode})", NNCase(lambda: nn.BatchNorm2d(3), _x(3, 5, 5), train=_train, min_batch=2))
    _add(f"BatchNorm3d({_mode})", NNCase(lambda: nn.BatchNorm3d(2), _x(2, 3, 4, 4), train=_train, min_batch=2))
    _add(f"InstanceNorm2d(affine, {_mode})", NNCase(lambda: nn.InstanceNorm2d(3, affine=True), _x(3, 5, 5), train=_train))
    _add(f"GroupNorm({_mode})", NNCase(lambda: nn.GroupNorm(2, 4), _x(4, 5, 5), train=_train))
_add("InstanceNorm1d", NNCase(lambda: nn.InstanceNorm1d(3), _x(3, 7)))
_add("InstanceNorm2d(track_running_stats)", NNCase(lambda: nn.InstanceNorm2d(3, track_running_stats=True), _x(3, 5, 5)))
_add("LayerNorm", NNCase(lambda: nn.LayerNorm(8), _x(5, 8)))
_add("LayerNorm(2-d shape, no affine)", NNCase(lambda: nn.LayerNorm((5, 8), elementwise_affine=False), _x(5, 8)))
_add("RMSNorm", NNCase(lambda: nn.RMSNorm(8), _x(5, 8)))
_add("LocalResponseNorm", NNCase(lambda: nn.LocalResponseNorm(2), _x(4, 5, 5)))

# ---- recurrent (batch_first, and the default time-major form)
_add("RNN(tanh)", NNCase(lambda: nn.RNN(4, 6, batch_first=True), _x(5, 4)))
_add("RNN(relu, 2 layers)", NNCase(lambda: nn.RNN(4, 6, num_layers=2, nonlinearity="relu", batch_first=True), _x(5, 4)))
_add("RNN(time-major)", NNCase(lambda: nn.RNN(4, 6), lambda b: (torch.randn(5, b, 4),), batch=(1,)))
_add("LSTM", NNCase(lambda: nn.LSTM(4, 6, batch_first=True), _x(5, 4)))
_add("LSTM(2 layers, bidirectional)", NNCase(lambda: nn.LSTM(4, 6, num_layers=2, bidirectional=True, batch_first=True),
                                             _x(5, 4)))
_add("GRU", NNCase(lambda: nn.GRU(4, 6, batch_first=True), _x(5, 4)))
_add("RNNCell", NNCase(lambda: nn.RNNCell(4, 6), _x(4)))
_add("LSTMCell", NNCase(lambda: nn.LSTMCell(4, 6), _x(4)))
_add("GRUCell", NNCase(lambda: nn.GRUCell(4, 6), _x(4)))

# ---- attention / transformer
_add("MultiheadAttention", NNCase(lambda: _SelfAttention(nn.MultiheadAttention(8, 2, batch_first=True)), _x(5, 8)))
_add("MultiheadAttention(time-major)", NNCase(lambda: _SelfAttention(nn.MultiheadAttention(8, 2)),
                                              lambda b: (torch.randn(5, b, 8),), batch=(1,)))
_add("TransformerEncoderLayer", NNCase(lambda: nn.TransformerEncoderLayer(8, 2, dim_feedforward=16, dropout=0.0,
                                                                          batch_first=True), _x(5, 8)))
_add("TransformerEncoderLayer(norm_first, gelu)", NNCase(
    lambda: nn.TransformerEncoderLayer(8, 2, dim_feedforward=16, dropout=0.0, activation="gelu", norm_first=True,
                                       batch_first=True), _x(5, 8)))
_add("TransformerDecoderLayer", NNCase(
    lambda: nn.TransformerDecoderLayer(8, 2, dim_feedforward=16, dropout=0.0, batch_first=True),
    lambda b: (torch.randn(b, 5, 8), torch.randn(b, 4, 8))))

# ---- activations
for _name, _make in [
    ("ReLU", nn.ReLU), ("ReLU6", nn.ReLU6), ("LeakyReLU", lambda: nn.LeakyReLU(0.1)), ("PReLU", nn.PReLU),
    ("ELU", nn.ELU), ("SELU", nn.SELU), ("CELU", nn.CELU), ("GELU", nn.GELU), ("GELU(tanh)", lambda: nn.GELU("tanh")),
    ("SiLU", nn.SiLU), ("Mish", nn.Mish), ("Sigmoid", nn.Sigmoid), ("Tanh", nn.Tanh), ("Hardtanh", nn.Hardtanh),
    ("Hardsigmoid", nn.Hardsigmoid), ("Hardswish", nn.Hardswish), ("Hardshrink", nn.Hardshrink),
    ("Softshrink", nn.Softshrink), ("Tanhshrink", nn.Tanhshrink), ("Softplus", nn.Softplus),
    ("Softsign", nn.Softsign), ("LogSigmoid", nn.LogSigmoid), ("Threshold", lambda: nn.Threshold(0.1, 20.0)),
    ("Softmax", lambda: nn.Softmax(-1)), ("LogSoftmax", lambda: nn.LogSoftmax(-1)), ("Softmin", lambda: nn.Softmin(-1)),
    ("Softmax2d", nn.Softmax2d), ("GLU", nn.GLU),
]:
    _add(_name, NNCase(_make, _x(3, 4, 6)))

# ---- shape / resampling / padding / dropout (eval)
_add("Upsample(nearest)", NNCase(lambda: nn.Upsample(scale_factor=2, mode="nearest"), _x(3, 4, 4)))
_add("Upsample(bilinear)", NNCase(lambda: nn.Upsample(scale_factor=2, mode="bilinear"), _x(3, 4, 4)))
_add("Upsample(bilinear, align_corners)", NNCase(lambda: nn.Upsample(size=(7, 5), mode="bilinear", align_corners=True),
                                                 _x(3, 4, 4)))
_add("Upsample(bicubic)", NNCase(lambda: nn.Upsample(scale_factor=2, mode="bicubic"), _x(3, 4, 4)))
_add("Upsample(nearest, 1-d)", NNCase(lambda: nn.Upsample(scale_factor=2), _x(3, 4)))
_add("Upsample(trilinear)", NNCase(lambda: nn.Upsample(scale_factor=2, mode="trilinear"), _x(2, 3, 3, 3)))
_add("PixelShuffle", NNCase(lambda: nn.PixelShuffle(2), _x(8, 3, 3)))
_add("PixelUnshuffle", NNCase(lambda: nn.PixelUnshuffle(2), _x(2, 4, 4)))
_add("ChannelShuffle", NNCase(lambda: nn.ChannelShuffle(2), _x(4, 3, 3)))
_add("ZeroPad2d", NNCase(lambda: nn.ZeroPad2d((1, 2, 0, 1)), _x(3, 4, 4)))
_add("ConstantPad1d", NNCase(lambda: nn.ConstantPad1d(2, 0.5), _x(3, 4)))
_add("ReflectionPad1d", NNCase(lambda: nn.ReflectionPad1d(2), _x(3, 5)))
_add("ReflectionPad2d", NNCase(lambda: nn.ReflectionPad2d(1), _x(3, 4, 4)))
_add("ReplicationPad2d", NNCase(lambda: nn.ReplicationPad2d(1), _x(3, 4, 4)))
_add("CircularPad2d", NNCase(lambda: nn.CircularPad2d(1), _x(3, 4, 4)))
_add("Fold", NNCase(lambda: nn.Fold((4, 5), (2, 2)), _x(3 * 4, 12)))
_add("Unfold", NNCase(lambda: nn.Unfold((2, 2)), _x(3, 4, 5)))
_add("Dropout(eval)", NNCase(lambda: nn.Dropout(0.5), _x(4, 5)))
_add("Dropout2d(eval)", NNCase(lambda: nn.Dropout2d(0.5), _x(3, 4, 5)))
_add("AlphaDropout(eval)", NNCase(lambda: nn.AlphaDropout(0.5), _x(4, 5)))
_add("CosineSimilarity", NNCase(nn.CosineSimilarity, lambda b: (torch.randn(b, 6), torch.randn(b, 6))))
_add("PairwiseDistance", NNCase(nn.PairwiseDistance, lambda b: (torch.randn(b, 6), torch.randn(b, 6))))

# ---- losses (mean reduction unless named)
_add("MSELoss", NNCase(nn.MSELoss, _xy(6)))
_add("MSELoss(none)", NNCase(lambda: nn.MSELoss(reduction="none"), _xy(6)))
_add("L1Loss", NNCase(nn.L1Loss, _xy(6)))
_add("SmoothL1Loss", NNCase(nn.SmoothL1Loss, _xy(6)))
_add("HuberLoss", NNCase(nn.HuberLoss, _xy(6)))
_add("CrossEntropyLoss", NNCase(nn.CrossEntropyLoss, lambda b: (torch.randn(b, 5), _classes(b))))
_add("CrossEntropyLoss(label_smoothing)", NNCase(lambda: nn.CrossEntropyLoss(label_smoothing=0.1),
                                                 lambda b: (torch.randn(b, 5), _classes(b))))
_add("CrossEntropyLoss(probabilities)", NNCase(nn.CrossEntropyLoss,
                                               lambda b: (torch.randn(b, 5), torch.softmax(torch.randn(b, 5), -1))))
_add("NLLLoss", NNCase(nn.NLLLoss, lambda b: (torch.log_softmax(torch.randn(b, 5), -1), _classes(b))))
_add("NLLLoss(2-d)", NNCase(nn.NLLLoss, lambda b: (torch.log_softmax(torch.randn(b, 5, 3, 3), 1),
                                                   torch.arange(b * 9).reshape(b, 3, 3) % 5)))
_add("BCELoss", NNCase(nn.BCELoss, _bce_target(6)))
_add("BCEWithLogitsLoss", NNCase(nn.BCEWithLogitsLoss, _bce_target(6)))
_add("KLDivLoss(batchmean)", NNCase(lambda: nn.KLDivLoss(reduction="batchmean"),
                                    lambda b: (torch.log_softmax(torch.randn(b, 5), -1), torch.softmax(torch.randn(b, 5), -1))))
_add("PoissonNLLLoss", NNCase(nn.PoissonNLLLoss, lambda b: (torch.randn(b, 6), torch.rand(b, 6) * 3)))
_add("GaussianNLLLoss", NNCase(nn.GaussianNLLLoss, lambda b: (torch.randn(b, 6), torch.randn(b, 6), torch.rand(b, 6) + 0.1)))
_add("HingeEmbeddingLoss", NNCase(nn.HingeEmbeddingLoss,
                                  lambda b: (torch.randn(b, 6), (torch.arange(b * 6).reshape(b, 6) % 2) * 2.0 - 1)))
_add("SoftMarginLoss", NNCase(nn.SoftMarginLoss, lambda b: (torch.randn(b, 6), (torch.arange(b * 6).reshape(b, 6) % 2) * 2.0 - 1)))
_add("MultiLabelSoftMarginLoss", NNCase(nn.MultiLabelSoftMarginLoss, _bce_target(6)))
_add("MultiMarginLoss", NNCase(nn.MultiMarginLoss, lambda b: (torch.randn(b, 5), _classes(b))))
_add("MarginRankingLoss", NNCase(nn.MarginRankingLoss,
                                 lambda b: (torch.randn(b), torch.randn(b), (torch.arange(b) % 2) * 2.0 - 1)))
_add("CosineEmbeddingLoss", NNCase(nn.CosineEmbeddingLoss,
                                   lambda b: (torch.randn(b, 6), torch.randn(b, 6), (torch.arange(b) % 2) * 2.0 - 1)))
_add("TripletMarginLoss", NNCase(nn.TripletMarginLoss, lambda b: (torch.randn(b, 6), torch.randn(b, 6), torch.randn(b, 6))))
_add("CTCLoss", NNCase(nn.CTCLoss, lambda b: (torch.log_softmax(torch.randn(8, b, 5), -1), torch.arange(b * 3).reshape(b, 3) % 4 + 1,
                                              torch.full((b,), 8), torch.full((b,), 3)), batch=(1, 0, 0, 0)))


class _SelfAttention(nn.Module):
    """MultiheadAttention(x, x, x): the usual self-attention call."""

    def __init__(self, attn):
        super().__init__()
        self.attn = attn

    def forward(self, x):
        return self.attn(x, x, x)
