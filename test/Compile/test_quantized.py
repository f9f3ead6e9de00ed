"""PT2E int8 (issue 12 item 5): programs quantized with torchao's PT2E flow (prepare_pt2e /
convert_pt2e with a quantizer torchao ships) compile, with convolutions and linears between
dequantizes computed as sums of integer products (held in f32, exact below 2^24:
lowering/aten_to_edge/quantization.py), and match eager's quantized reference within one
quantization step.

Why not bit-exact: eager's reference convolves the dequantized values in f32, the compiled program
sums the integers (exactly, below 2^24), so a value within f32 rounding of a rounding boundary of the next
quantize may land one step away. The bound checked: at most one step at the last quantize (for a
float output after a linear, one step of its input times the weight's largest row sum of |w|).
"""

import re
import warnings

import pytest
import torch

import exir_mlir
from exir_mlir.importer import import_program, run_decompositions
from exir_mlir.lowering import lower

pytest.importorskip("torchao", reason="PT2E quantization needs torchao (the `test` extra)")
from torchao.testing.pt2e import _xnnpack_quantizer as xnnpack  # noqa: E402

from exir_mlir.models.quantized import quantize_pt2e  # noqa: E402

warnings.filterwarnings("ignore")
qd = torch.ops.quantized_decomposed


class ConvLinear(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.dw = torch.nn.Conv2d(8, 8, 3, stride=2, padding=1, groups=8)  # depthwise
        self.fc = torch.nn.Linear(8, 5)

    def forward(self, x):
        y = torch.relu(self.dw(torch.relu(self.conv(x))))
        return self.fc(y.mean((2, 3)))


def _quantized(quantizer=None, dynamic=False):
    torch.manual_seed(0)
    model = ConvLinear().eval()
    args = (torch.randn(2, 3, 10, 10),)
    ds = ({0: torch.export.Dim("batch", min=1, max=32)},) if dynamic else None
    converted = quantize_pt2e(model, args, ds, quantizer=quantizer)
    return model, converted, torch.export.export(converted, args, dynamic_shapes=ds)


def _edge(ep) -> str:
    return str(lower(import_program(run_decompositions(ep)), to="edge"))


def _integer_contractions(edge: str) -> list[str]:
    """The convolutions and matmuls of `edge` whose operands are all integers (quantized values
    centered on their zero point: a clamp, a subtraction, a conversion or a permute of one), not
    dequantized floats (a multiply by the scale); asserts every contraction is one."""
    defs = {line.split(" = ", 1)[0].strip(): line for line in edge.splitlines() if " = " in line}
    contractions = [line for line in edge.splitlines() if '"edge.convolution"' in line or '"edge.mm"' in line]
    for line in contractions:
        operands = re.search(r'"edge\.(?:convolution|mm)"\(([^)]*)\)', line).group(1).split(", ")
        for name in operands:
            producer = defs.get(name, "")
            assert re.search(r'"edge\.(sub|cast|clamp|permute)"', producer), (line, producer)
    return contractions


def _last_input_scale(ep) -> float:
    """The scale of the dequantize feeding the program's last linear (its addmm)."""
    node = next(n for n in reversed(list(ep.graph.nodes)) if n.target == torch.ops.aten.linear.default)
    dq = node.args[0]
    assert dq.target == qd.dequantize_per_tensor.default
    return float(dq.args[1])


def test_x86_quantizer_integer_convolutions_within_one_step():
    """uint8 activations per tensor, int8 weights per channel; a dynamic batch."""
    model, converted, ep = _quantized(dynamic=True)
    edge = _edge(ep)
    # both convolutions and the linear are integer contractions, no float one is left
    assert len(_integer_contractions(edge)) == 3, edge
    program = exir_mlir.compile(ep)
    step = _last_input_scale(ep) * model.fc.weight.abs().sum(1).max().item() * 1.01
    torch.manual_seed(1)
    for batch in (2, 1, 7):
        x = torch.randn(batch, 3, 10, 10)
        err = (program(x) - converted(x)).abs().max().item()
        assert err <= step, (err, step)


def test_xnnpack_per_tensor_weights_output_within_one_step():
    """int8 (signed) activations, per-tensor symmetric weights; the output itself is quantized."""
    quantizer = xnnpack.XNNPACKQuantizer().set_global(
        xnnpack.get_symmetric_quantization_config(is_per_channel=False))
    _, converted, ep = _quantized(quantizer)
    out = list(ep.graph.nodes)[-1].args[0][0]
    assert out.target == qd.dequantize_per_tensor.default
    step = float(out.args[1])
    edge = _edge(ep)
    assert edge.count('"edge.convolution"') == 2 and "dequantize" not in edge
    assert _integer_contractions(edge), edge
    program = exir_mlir.compile(ep)
    x = torch.randn(2, 3, 10, 10)
    diff = (program(x) - converted(x)).abs()
    assert diff.max().item() <= step * 1.0001, (diff.max().item(), step)
    assert (diff < step / 2).float().mean() > 0.9  # most values agree exactly


class QuantizeOps(torch.nn.Module):
    """The ops alone (no contraction around them): the float arithmetic of torch's kernels."""

    def __init__(self):
        super().__init__()
        self.register_buffer("scales", torch.tensor([0.05, 0.1, 0.02]))
        self.register_buffer("zps", torch.tensor([0, 3, -4]))

    def forward(self, x):
        q = qd.quantize_per_tensor.default(x, 0.03, 5, -128, 127, torch.int8)
        qc = qd.quantize_per_channel.default(x, self.scales, self.zps, 1, -128, 127, torch.int8)
        d = qd.dequantize_per_channel.default(qc, self.scales, self.zps, 1, -128, 127, torch.int8)
        return q, d + qd.dequantize_per_tensor.default(q, 0.03, 5, -128, 127, torch.int8)


def test_quantize_dequantize_ops_match_eager_exactly():
    m = QuantizeOps()
    x = torch.randn(4, 3, 5) * 3  # values beyond the int8 range of both scales: the clamp matters
    ep = torch.export.export(m, (x,), dynamic_shapes=({0: torch.export.Dim("n", max=64)},))
    program = exir_mlir.compile(ep)
    for xx in (x, torch.randn(9, 3, 5) * 3, torch.tensor([[[0.015, -0.045, 0.075, 0.105, 0.0]] * 3])):
        got, want = program(xx), m(xx)
        assert got[0].dtype == torch.int8
        torch.testing.assert_close(got[0], want[0], rtol=0, atol=0)
        torch.testing.assert_close(got[1], want[1], rtol=0, atol=0)


def test_int8_mobilenet_is_shipped_and_matches():
    from exir_mlir.models import MODELS, tolerance

    assert "mobilenet_v2_int8" in MODELS
    module, args, ds = MODELS["mobilenet_v2_int8"]()
    ep = torch.export.export(module, args, dynamic_shapes=ds)
    assert _edge(ep).count('"edge.convolution"') == sum(
        1 for n in ep.graph.nodes if n.target == torch.ops.aten.conv2d.default)
    program = exir_mlir.compile(ep)
    rtol, atol = tolerance("mobilenet_v2_int8")
    for x in (args[0], torch.randn(3, 3, 32, 32)):
        torch.testing.assert_close(program(x), module(x), rtol=rtol, atol=atol)


def test_pt2_of_a_quantized_program_loads_without_torchao(tmp_path):
    """torch defines the quantized_decomposed library but does not import it; load_program does."""
    import subprocess
    import sys

    _, _, ep = _quantized()
    path = tmp_path / "q.pt2"
    torch.export.save(ep, path)
    code = ("import sys; from exir_mlir.importer import load_program; ep = load_program(sys.argv[1]); "
            "assert 'torchao' not in sys.modules; "
            "print(sum('quantized_decomposed' in str(n.target) for n in ep.graph.nodes))")
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=300, check=False)
    assert out.returncode == 0, out.stderr[-2000:]
    assert int(out.stdout.split()[-1]) == sum("quantized_decomposed" in str(n.target) for n in ep.graph.nodes) > 0
