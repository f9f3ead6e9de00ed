"""Programs that contain a given core ATen overload, exported from torch's OpInfo samples."""

from __future__ import annotations

import functools
import warnings
from dataclasses import dataclass

import torch

from exir_mlir import schema
from torch.utils import _pytree as pytree


# Core packets with no OpInfo of the same name, and the OpInfo whose export contains them.
OPINFO_ALIASES = {
    "convolution": ["nn.functional.conv2d", "nn.functional.conv1d"],
    "max_pool2d_with_indices": ["nn.functional.max_pool2d"],
    "max_pool3d_with_indices": ["nn.functional.max_pool3d"],
    "_native_batch_norm_legit_no_training": ["nn.functional.batch_norm"],
    "_native_batch_norm_legit": ["nn.functional.batch_norm"],
    "native_layer_norm": ["nn.functional.layer_norm"],
    "native_group_norm": ["nn.functional.group_norm"],
    "_to_copy": ["to", "double", "float"],
    "index": ["__getitem__", "index_select"],
    # "name:variant" picks one variant of an OpInfo (variant_test_name).
    "upsample_bilinear2d": ["nn.functional.interpolate:bilinear"],
    "upsample_nearest2d": ["nn.functional.interpolate:nearest"],
    "reflection_pad1d": ["nn.functional.pad:reflect"],
    "reflection_pad2d": ["nn.functional.pad:reflect"],
    "reflection_pad3d": ["nn.functional.pad:reflect"],
    "replication_pad2d": ["nn.functional.pad:replicate"],
    "replication_pad3d": ["nn.functional.pad:replicate"],
    "_cdist_forward": ["cdist"],
    "_pdist_forward": ["nn.functional.pdist"],
    "_softmax": ["softmax", "nn.functional.softmax"],
    "_log_softmax": ["log_softmax", "nn.functional.log_softmax"],
    "embedding": ["nn.functional.embedding"],
    "_embedding_bag": ["nn.functional.embedding_bag"],
    "col2im": ["nn.functional.fold"],
    "_adaptive_avg_pool2d": ["nn.functional.adaptive_avg_pool2d"],
    "_adaptive_avg_pool3d": ["nn.functional.adaptive_avg_pool3d"],
    "adaptive_avg_pool1d": ["nn.functional.adaptive_avg_pool1d"],
    "avg_pool2d": ["nn.functional.avg_pool2d"],
    "elu": ["nn.functional.elu"],
    "_fft_r2c": ["fft.rfft"],
    "_fft_c2r": ["fft.irfft"],
    "native_dropout": ["nn.functional.dropout"],
    "copy": ["copy_"],
    "alias": ["view_as"],
}

# One sample per op: the first dtype the OpInfo supports, in this order.
_DTYPES = (torch.float32, torch.int64, torch.bool, torch.complex64)


def core_overloads() -> list[torch._ops.OpOverload]:
    """Every ATen overload tagged torch.Tag.core, sorted by name (the dialect's own list)."""
    return schema.core_aten_overloads()


@functools.cache
def _opinfos_by_name() -> dict[str, list]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from torch.testing._internal.common_methods_invocations import op_db
    by_name: dict[str, list] = {}
    for info in op_db:
        for n in {info.name, info.aten_name}:
            by_name.setdefault(n, []).append(info)
    return by_name


def candidate_opinfos(op: torch._ops.OpOverload) -> list:
    packet = op._schema.name.split("::")[1]
    by_name = _opinfos_by_name()
    names = [packet, packet.lstrip("_"), *OPINFO_ALIASES.get(packet, [])]
    out = []
    for n in names:
        name, _, variant = n.partition(":")
        for info in by_name.get(name, []):
            if info not in out and (not variant or info.variant_test_name == variant):
                out.append(info)
    return out


class _Call(torch.nn.Module):
    """Calls an OpInfo's op on a sample; the sample's tensors are the module's inputs."""

    def __init__(self, fn, spec, constants):
        super().__init__()
        self.fn, self.spec, self.constants = fn, spec, constants

    def forward(self, *tensors):
        it = iter(tensors)
        leaves = [next(it) if c is None else c[0] for c in self.constants]
        inp, args, kwargs = pytree.tree_unflatten(leaves, self.spec)
        return self.fn(inp, *args, **kwargs)


@dataclass
class Sample:
    opinfo: str
    dtype: torch.dtype
    program: torch.export.ExportedProgram


def _samples(info, limit: int):
    """The first `limit` samples of the first dtype the OpInfo supports (in _DTYPES order)."""
    for dtype in _DTYPES:
        if dtype not in info.dtypes:
            continue
        out = []
        for sample in info.sample_inputs("cpu", dtype, requires_grad=False):
            out.append(sample)
            if len(out) == limit:
                break
        if out:
            return dtype, out
    return None, []


def _contains(ep: torch.export.ExportedProgram, op) -> bool:
    return any(n.op == "call_function" and n.target == op for n in ep.graph.nodes)


def _export(fn, sample) -> torch.export.ExportedProgram:
    leaves, spec = pytree.tree_flatten((sample.input, tuple(sample.args), dict(sample.kwargs)))
    constants = [None if isinstance(x, torch.Tensor) else (x,) for x in leaves]
    tensors = tuple(x for x in leaves if isinstance(x, torch.Tensor))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return torch.export.export(_Call(fn, spec, constants), tensors)


@dataclass
class _Args:
    input: object
    args: tuple
    kwargs: dict


def _fitted(op: torch._ops.OpOverload, sample) -> _Args:
    """The sample with tensors passed where `op`'s schema wants a Scalar replaced by their first
    element (OpInfo samples feed the Tensor overloads; the Scalar overloads want numbers)."""
    values = [sample.input, *sample.args]
    for i, arg in enumerate(op._schema.arguments[: len(values)]):
        if type(arg.real_type).__name__ == "NumberType" and isinstance(values[i], torch.Tensor) and values[i].numel():
            values[i] = values[i].reshape(-1)[0].item()
    return _Args(values[0], tuple(values[1:]), dict(sample.kwargs))


def program_with(op: torch._ops.OpOverload, *, max_candidates: int = 2, max_samples: int = 16) -> Sample | None:
    """An exported program whose graph calls `op`, from an OpInfo sample: first the overload
    itself called on the sample's arguments (the samples fit some overload of the packet), then
    the OpInfo's own op, as exported or after run_decompositions. None if no sample yields one."""
    for info in candidate_opinfos(op)[:max_candidates]:
        dtype, samples = _samples(info, max_samples)
        for sample in [*samples, *(_fitted(op, s) for s in samples)]:
            try:
                op(sample.input, *sample.args, **sample.kwargs)  # eager first: cheap schema check
            except Exception:  # noqa: BLE001 - the sample does not fit this overload's schema
                continue
            try:
                ep = _export(op, sample)
            except Exception:  # noqa: BLE001 - the sample does not fit this overload's schema
                continue
            if _contains(ep, op):
                return Sample(info.name, dtype, ep)
        if samples:
            try:
                ep = _export(info.op, samples[0])
                if not _contains(ep, op):
                    ep = ep.run_decompositions()
            except Exception:  # noqa: BLE001 - a sample torch itself cannot export says nothing of us
                continue
            if _contains(ep, op):
                return Sample(info.name, dtype, ep)
    return None
