# `exir-mlir compile --target cuda:...`: PTX (or cubin) per kernel written for inspection;
# `--target cuda-on-cpu` runs the GPU mapping on the CPU (`run --target cuda` without a device:
# cli_no_device.py).
# REQUIRES: ptxas
# RUN: rm -rf %t && mkdir -p %t && %python %s %t
# RUN: exir-mlir compile %t/mlp.pt2 --target cuda:sm_80 --emit ptx --emit-dir %t/ptx | FileCheck %s --check-prefix=PTX
# RUN: FileCheck %s --check-prefix=SM80 < %t/ptx/main_kernel.sm_80.ptx
# RUN: exir-mlir compile %t/mlp.pt2 --target cuda --emit cubin --emit-dir %t/cubin | FileCheck %s --check-prefix=CUBIN
# RUN: exir-mlir run %t/mlp.pt2 --inputs %t/inputs.npz --target cuda-on-cpu --check | FileCheck %s --check-prefix=EMULATED
# RUN: not exir-mlir compile %t/mlp.pt2 --emit ptx 2>&1 | FileCheck %s --check-prefix=NEEDS-CUDA

# PTX: compiled {{.*}}mlp.pt2 for sm_80: 5 kernels in {{[0-9.]+}} s (`exir-mlir run --target cuda` runs them on a CUDA device)
# PTX: {{.*}}/ptx/main_kernel.sm_80.ptx
# PTX-COUNT-4: {{.*}}/ptx/main_kernel_{{[0-9]+}}.sm_80.ptx
# SM80: .target sm_80
# SM80: .visible .entry main_kernel(
# SM80: .maxntid 32, 4, 1
# SM80: bar.sync 0
# CUBIN: compiled {{.*}} for sm_90: 5 kernels
# CUBIN: {{.*}}/cubin/main_kernel.sm_90.cubin
# EMULATED: check: 1 outputs match eager PyTorch (rtol 1e-4, atol 1e-5)
# NEEDS-CUDA: error: --emit ptx/cubin needs --target cuda, cuda:sm_80 or cuda:sm_90

import sys
from pathlib import Path

import numpy as np
import torch

from exir_mlir.models import MODELS, export_model

out = Path(sys.argv[1])
torch.export.save(export_model("mlp"), out / "mlp.pt2")
_, args, _ = MODELS["mlp"]()
np.savez(out / "inputs.npz", x=args[0].numpy())
