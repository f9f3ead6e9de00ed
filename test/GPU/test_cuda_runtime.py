"""The CUDA host runtime (exir_mlir.runtime.cuda) without a GPU: the no-device error, the ctypes
declarations of the driver API checked against CUDA's own cuda.h, and the packing of kernel
parameters checked against each kernel's PTX `.param` list. (On a GPU: test/GPU/cuda/run_device.py,
figures in docs/gpu-cuda.md.)"""

import ctypes
import re
import warnings
from pathlib import Path

import pytest
import torch

import exir_mlir
from exir_mlir.codegen.gpu import host
from exir_mlir.models import MODELS
from exir_mlir.runtime.cuda import NoCudaDevice, driver, kernel_parameters
from exir_mlir.runtime.cuda.executor import Buffer, _view

warnings.filterwarnings("ignore", category=FutureWarning)
CUDA_H = Path("/usr/local/cuda/include/cuda.h")


def _has_device() -> bool:
    try:
        driver.driver()
        return True
    except NoCudaDevice:
        return False


@pytest.fixture(scope="module")
def programs():
    out = {}
    for name in ("mlp", "dynamic_mlp"):
        module, args, dynamic_shapes = MODELS[name]()
        ep = torch.export.export(module, args, dynamic_shapes=dynamic_shapes)
        out[name] = (exir_mlir.compile(ep, target="cuda"), args, ep)
    return out


@pytest.mark.skipif(_has_device(), reason="a CUDA device is present")
def test_call_without_a_device_says_no_cuda_device_is_present(programs):
    program, args, _ = programs["mlp"]
    assert program.kernels.chip == "sm_90" and len(program.kernels.ptx) == 5  # compiling needs no GPU
    with pytest.raises(NoCudaDevice, match="no CUDA device is present.*cuda-on-cpu"):
        program(*args)


def test_a_missing_driver_library_is_no_device():
    with pytest.raises(NoCudaDevice, match="no CUDA device is present: the NVIDIA driver library libexir-none"):
        driver.driver("libexir-none.so.1")


_C_TYPES = {"CUdeviceptr": ctypes.c_uint64, "size_t": ctypes.c_size_t, "unsigned int": ctypes.c_uint,
            "int": ctypes.c_int, "CUdevice": ctypes.c_int, "unsigned char": ctypes.c_ubyte,
            "CUdevice_attribute": ctypes.c_int, "CUresult": ctypes.c_int}


def _prototype(header: str, name: str) -> list[str]:
    plain = name.removesuffix("_v2")
    match = re.search(r"CUresult CUDAAPI " + plain + r"\(([^)]*)\);", header)
    assert match, name
    params = [" ".join(p.split()) for p in match.group(1).split(",")]
    return [] if params == ["void"] else params


@pytest.mark.skipif(not CUDA_H.exists(), reason="CUDA's cuda.h is not installed")
def test_driver_signatures_match_cuda_h():
    header = CUDA_H.read_text(errors="replace")
    for name, argtypes in driver.SIGNATURES.items():
        params = _prototype(header, name)
        assert len(params) == len(argtypes), (name, params)
        for param, ours in zip(params, argtypes):
            ctype = param.rsplit(" ", 1)[0].replace("const ", "")
            if "*" in param:
                # a pointer (out-parameter, buffer, string, void**)
                assert ctypes.sizeof(ours) == 8 and ours not in (ctypes.c_uint64, ctypes.c_size_t), (name, param)
            elif ctype in _C_TYPES:
                assert ctypes.sizeof(ours) == ctypes.sizeof(_C_TYPES[ctype]), (name, param, ours)
                assert (ours in (ctypes.c_void_p,)) is False, (name, param)
            else:  # an opaque handle (CUstream, CUfunction, CUmodule, CUcontext)
                assert ctype.startswith("CU") and ours is ctypes.c_void_p, (name, param, ours)


def _ptx_params(ptx: str) -> list[str]:
    entry = ptx[ptx.index(".entry"):]
    entry = entry[:entry.index(")")]
    out = []
    for line in re.findall(r"\.param (\.[^\n,]*)", entry):
        kinds = line.split()
        out.append("ptr" if ".ptr" in kinds else kinds[0].lstrip(".").replace("b", "u"))
    return out


_SIZES = {"ptr": 8, "u64": 8, "u32": 4, "f32": 4, "f64": 8, "u16": 2, "u8": 1}


@pytest.mark.parametrize("name", ["mlp", "dynamic_mlp"])
def test_kernel_parameters_match_the_ptx_param_lists(programs, name):
    program, _, _ = programs[name]
    plan = program.executable.module
    assert plan["kernels"]
    for kernel, info in plan["kernels"].items():
        expected = _ptx_params(program.kernels.ptx[kernel])
        assert host.expanded_parameters(info["params"]) == expected, kernel
        values = []
        for kind in info["params"]:
            if kind.startswith("memref"):
                rank = int(kind.split(":")[1])
                values.append(Buffer(0x1000, 3, range(5, 5 + rank), range(50, 50 + rank), "f32"))
            else:
                values.append(1.5 if kind.startswith("f") else 7)
        slots, array = kernel_parameters(info["params"], values)
        assert [ctypes.sizeof(s) for s in slots] == [_SIZES[k] for k in expected], kernel
        assert len(array) == len(expected) and array[0] == ctypes.addressof(slots[0])


def test_a_memref_parameter_is_mlirs_descriptor_in_order():
    slots, _ = kernel_parameters(["memref:2", "index", "f32"],
                                 [Buffer(0xABC0, 3, (4, 5), (10, 1), "f32"), 9, 0.5])
    assert [s.value for s in slots] == [0xABC0, 0xABC0, 3, 4, 5, 10, 1, 9, 0.5]


def test_views_follow_memref_semantics():
    vals = [Buffer(0, 0, (2, 8, 96), (768, 96, 1), "f32"), 32]
    sub = _view(vals, ["view", 2, 0, "subview", {
        "offsets": [0, 0, None], "sizes": [2, 8, 32], "strides": [1, 1, 1], "dyn_offsets": [1], "dyn_sizes": [],
        "dyn_strides": [], "dropped": []}])
    assert (sub.offset, sub.sizes, sub.strides) == (32, (2, 8, 32), (768, 96, 1))
    vals.append(sub)
    expanded = _view(vals, ["view", 3, 2, "expand", {"reassociation": [[0], [1], [2, 3]], "shape": [2, 8, 4, 8],
                                                      "dynamic": []}])
    assert (expanded.sizes, expanded.strides) == ((2, 8, 4, 8), (768, 96, 8, 1))
    collapsed = _view([Buffer(0, 0, (2, 4, 8, 8), (256, 64, 8, 1), "f32")],
                      ["view", 1, 0, "collapse", {"reassociation": [[0, 1], [2], [3]]}])
    assert (collapsed.sizes, collapsed.strides) == ((8, 8, 8), (64, 8, 1))


@pytest.mark.skipif(not CUDA_H.exists(), reason="CUDA's cuda.h is not installed")
def test_memcpy2d_struct_matches_cuda_h():
    header = CUDA_H.read_text(errors="replace")
    body = header[header.index("typedef struct CUDA_MEMCPY2D_st {"):]
    body = re.sub(r"/\*.*?\*/", "", body[:body.index("}")], flags=re.DOTALL)
    names = re.findall(r"\s\**(\w+);", body)
    assert [f[0] for f in driver.CUDA_MEMCPY2D._fields_] == names
    assert ctypes.sizeof(driver.CUDA_MEMCPY2D) == 128  # 14 8-byte fields, 2 enums padded to 8


@pytest.mark.skipif(not _has_device(), reason="no CUDA device (on one: test/GPU/cuda/run_device.py for the full run)")
@pytest.mark.parametrize("name", ["mlp", "dynamic_mlp"])
def test_runs_on_the_device_and_matches_eager(programs, name):
    program, args, ep = programs[name]
    torch.testing.assert_close(program(*args), ep.module()(*args), rtol=1e-4, atol=1e-5)
