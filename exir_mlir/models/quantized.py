"""PT2E int8 models (issue 12): the MobileNetV2 of convnets.py quantized with torchao's PT2E flow
(`prepare_pt2e`/`convert_pt2e`, X86InductorQuantizer: uint8 activations per tensor, int8 weights
per channel), calibrated on seeded random batches. Needs torchao (the `test` extra)."""

from __future__ import annotations

import torch

from exir_mlir.errors import ExirUserError
from exir_mlir.models.convnets import MobileNetV2, randomize_batch_norm_stats
from exir_mlir.models.registry import ExampleModel, register_model, register_tolerance, seeded

# The compiled program sums int8 products exactly in i32; eager's reference computes the same
# convolutions in f32 on dequantized values, so a value near a rounding boundary of a later
# quantize can land one step away: test/Compile/test_quantized.py bounds that by one step. On the
# logits, one step of the classifier's input (0.0062) times its largest row sum of |w| is 0.032;
# this absolute tolerance is tighter (measured: 6e-4).
QUANTIZED_ATOL = 5e-3


def quantize_pt2e(module: torch.nn.Module, example_args: tuple, dynamic_shapes=None, *, calibration: int = 4,
                  quantizer=None) -> torch.nn.Module:
    """`module` exported, prepared with `quantizer` (default: torchao's X86InductorQuantizer),
    calibrated on `calibration` random batches shaped like `example_args`, and converted."""
    try:  # an optional dependency (the `test` extra): imported where it is used
        from torchao.quantization.pt2e.quantize_pt2e import convert_pt2e, prepare_pt2e
        from torchao.quantization.pt2e.quantizer import x86_inductor_quantizer as x86
    except ImportError as e:
        raise ExirUserError(f"the PT2E int8 models need torchao ({e}); install it with "
                            "`pip install torchao==0.18.0 --no-deps` (or this package's `test` extra)") from e
    if quantizer is None:
        quantizer = x86.X86InductorQuantizer().set_global(x86.get_default_x86_inductor_quantization_config())
    ep = torch.export.export(module.eval(), example_args, dynamic_shapes=dynamic_shapes)
    prepared = prepare_pt2e(ep.module(), quantizer)
    for _ in range(calibration):
        prepared(*[torch.randn_like(a) for a in example_args])
    return convert_pt2e(prepared)


@register_model("mobilenet_v2_int8")
def mobilenet_v2_int8() -> ExampleModel:
    seeded()
    model = MobileNetV2()
    randomize_batch_norm_stats(model)
    args = (torch.randn(2, 3, 32, 32),)
    dynamic = ({0: torch.export.Dim("batch", min=1, max=64)},)
    return ExampleModel(quantize_pt2e(model, args, dynamic), args, dynamic)


register_tolerance("mobilenet_v2_int8", rtol=0.0, atol=QUANTIZED_ATOL)
