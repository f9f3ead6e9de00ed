"""Whole-module GPU compilation: PTX per kernel, `ptxas -v` reports, and the CPU twin for numerics."""

from __future__ import annotations

import re
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from exir_mlir import toolchain
from exir_mlir._mlir import ir
from exir_mlir.codegen.op_walk import collect_ops
from exir_mlir.codegen import pipeline as cpu
from exir_mlir.codegen.compile import LLVMModule, _find_entry, _strip_exir_attributes, check_lowered
from exir_mlir.codegen.gpu import host, lowering, mapping
from exir_mlir.codegen.signature import read_signature
from exir_mlir.errors import ExirUserError


def run_gpu_pipeline(module: ir.Operation, *, chip: str = "sm_90") -> None:
    """`exir-gpu-pipeline`: fuse, map, bufferize, launch, NVVM/PTX."""
    cpu.drop_failed_assert_reports(module)  # no host-side error report on CUDA yet: clamped only
    cpu.fuse_elementwise(module)
    mapping.map_to_gpu(module)
    lowering.bufferize(module)
    lowering.launch(module)
    lowering.to_nvvm(module, chip=chip)


@dataclass(frozen=True)
class GpuKernels:
    """The kernels of a CUDA compilation: one PTX per kernel, in launch order (`program.kernels`
    of `compile(ep, target="cuda")`)."""

    chip: str
    ptx: dict[str, str]  # kernel module name -> PTX text
    launches: int
    seconds: float
    # kernel module name -> (grid, block) sizes; None for a size known only at run time
    bounds: dict[str, tuple[tuple[int | None, ...], tuple[int | None, ...]]] = None  # type: ignore[assignment]

    def write(self, directory: str | Path, *, format: str = "ptx") -> list[Path]:  # noqa: A002
        """Write each kernel as `<kernel>.<chip>.ptx`, or assembled by ptxas as `.cubin`."""
        if format not in ("ptx", "cubin"):
            raise ExirUserError(f"unknown kernel format '{format}': ptx or cubin")
        out = Path(directory)
        out.mkdir(parents=True, exist_ok=True)
        paths = []
        for name, text in self.ptx.items():
            path = out / f"{name}.{self.chip}.{format}"
            if format == "ptx":
                path.write_text(text)
            else:
                assemble(text, self.chip, path)
            paths.append(path)
        return paths


@dataclass
class CudaBuild:
    """What the CUDA target compiles a module to: the kernels (PTX, and their images: cubin where
    ptxas is installed, else PTX for the driver to JIT), the host side as a launch plan
    (host.py), and the entry's calling convention."""

    kernels: GpuKernels
    plan: dict
    images: dict[str, bytes]
    signature: object


def compile_cuda(module: ir.Module, *, chip: str = "sm_90", entry: str = "main") -> CudaBuild:
    """Compile a linalg-on-tensors module for CUDA (the module is not modified)."""
    start = time.perf_counter()
    check_lowered(module)
    text = module.operation.get_asm(enable_debug_info=True)
    with ir.Context(), ir.Location.unknown():
        copy = ir.Module.parse(text)
        signature = read_signature(_find_entry(copy, entry), copy.operation)
        for op in copy.body.operations:
            if op.operation.name == "func.func":
                _strip_exir_attributes(copy, op.operation)
        # The launch plan has no host-side error report yet: index-range checks are dropped (clamped only).
        cpu.drop_failed_assert_reports(copy.operation)
        cpu.fuse_elementwise(copy.operation)
        mapping.map_to_gpu(copy.operation)
        lowering.bufferize(copy.operation)
        lowering.launch(copy.operation)
        plan = host.launch_plan(copy.operation, entry=entry)
        bounds = launch_bounds(copy.operation)
        lowering.to_nvvm(copy.operation, chip=chip)
        ptx = lowering.ptx_of(copy.operation)
    images = {}
    use_cubin = toolchain.ptxas() is not None
    for name, kernel in plan["kernels"].items():
        if use_cubin:
            with tempfile.TemporaryDirectory() as tmp:
                path = Path(tmp) / "k.cubin"
                assemble(ptx[name], chip, path)
                images[name] = path.read_bytes()
        else:
            images[name] = ptx[name].encode()
        kernel["format"] = "cubin" if use_cubin else "ptx"
    plan["chip"] = chip
    kernels = GpuKernels(chip, ptx, len(bounds), time.perf_counter() - start, bounds)
    return CudaBuild(kernels, plan, images, signature)


def emit_ptx(module: ir.Module, *, chip: str = "sm_90") -> GpuKernels:
    """Compile a linalg-on-tensors module's kernels to PTX for `chip` (the module is not modified)."""
    start = time.perf_counter()
    check_lowered(module)
    text = module.operation.get_asm(enable_debug_info=True)
    with ir.Context(), ir.Location.unknown():
        copy = ir.Module.parse(text)
        for op in copy.body.operations:
            if op.operation.name == "func.func":
                _strip_exir_attributes(copy, op.operation)
        run_gpu_pipeline(copy.operation, chip=chip)
        bounds = launch_bounds(copy.operation)
        ptx = lowering.ptx_of(copy.operation)
    return GpuKernels(chip, ptx, len(bounds), time.perf_counter() - start, bounds)


def _constant(value: ir.Value) -> int | None:
    owner = value.owner
    if isinstance(owner, ir.Block) or owner.name not in ("arith.constant", "llvm.mlir.constant"):
        return None
    return ir.IntegerAttr(owner.attributes["value"]).value


def launch_bounds(module: ir.Operation) -> dict[str, tuple[tuple[int | None, ...], tuple[int | None, ...]]]:
    """Grid and block sizes of every `gpu.launch_func`, by kernel module name."""
    out = {}
    for op in collect_ops(module, "gpu.launch_func"):
        view = op.opview
        name = str(op.attributes["kernel"]).split("::")[0].lstrip("@")
        grid = tuple(_constant(v) for v in (view.gridSizeX, view.gridSizeY, view.gridSizeZ))
        block = tuple(_constant(v) for v in (view.blockSizeX, view.blockSizeY, view.blockSizeZ))
        out[name] = (grid, block)
    return out


def compile_on_cpu(module: ir.Module, *, entry: str = "main") -> LLVMModule:
    """The GPU-mapped program (after distribution and bufferization, before launch) as CPU code.

    Block and thread foralls become sequential loops (blocks outermost; sibling thread loops run
    one after the other, which is what a barrier between them guarantees), shared memory becomes
    stack buffers. The result loads with `exir_mlir.runtime.load` like the CPU pipeline's.
    """
    start = time.perf_counter()
    check_lowered(module)
    text = module.operation.get_asm(enable_debug_info=True)
    with ir.Context(), ir.Location.unknown():
        copy = ir.Module.parse(text)
        func_op = _find_entry(copy, entry)
        signature = read_signature(func_op, copy.operation)
        _strip_exir_attributes(copy, func_op)
        func_op.attributes["llvm.emit_c_interface"] = ir.UnitAttr.get()
        cpu.fuse_elementwise(copy.operation)
        mapping.map_to_gpu(copy.operation)
        lowering.bufferize(copy.operation)
        lowering.to_cpu(copy.operation)
        cpu.lower_to_llvm(copy.operation)
        llvm_text = str(copy)
    return LLVMModule(llvm_text, entry, signature, False, False, time.perf_counter() - start)


_PTXAS_FUNCTION = re.compile(r"Compiling entry function '(\w+)' for '(\w+)'")
_PTXAS_NUMBERS = {
    "registers": re.compile(r"Used (\d+) registers"),
    "spill_stores": re.compile(r"(\d+) bytes spill stores"),
    "spill_loads": re.compile(r"(\d+) bytes spill loads"),
    "stack": re.compile(r"(\d+) bytes stack frame"),
    "smem": re.compile(r"(\d+) bytes smem"),
    "barriers": re.compile(r"used (\d+) barriers"),
}


def assemble(ptx: str, chip: str, cubin: Path) -> str:
    """`ptxas -arch=<chip> -v` the PTX into `cubin`; returns ptxas's report (its -v output).

    Raises ExirUserError when ptxas is not installed and RuntimeError (with ptxas's message) when
    it rejects the PTX.
    """
    ptxas = toolchain.ptxas()
    if ptxas is None:
        raise ExirUserError("ptxas (CUDA toolkit) is not installed: install CUDA or put ptxas on PATH")
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "kernel.ptx"
        src.write_text(ptx)
        proc = subprocess.run([str(ptxas), f"-arch={chip}", "-v", str(src), "-o", str(cubin)],
                              capture_output=True, text=True, timeout=120)
    if proc.returncode != 0:
        raise RuntimeError(f"ptxas -arch={chip} rejected the PTX:\n{proc.stderr}")
    return proc.stderr + proc.stdout


def ptxas_report(ptx: str, chip: str) -> dict[str, int]:
    """Assemble `ptx` with `ptxas -arch=<chip> -v`; the resources of its (one) kernel."""
    with tempfile.TemporaryDirectory() as tmp:
        info = assemble(ptx, chip, Path(tmp) / "kernel.cubin")
    report = {}
    for key, pattern in _PTXAS_NUMBERS.items():
        match = pattern.search(info)
        report[key] = int(match.group(1)) if match else 0
    return report
