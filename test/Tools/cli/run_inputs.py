# `exir-mlir run` on what `compile` handles: a mutated buffer (--check replays eager from the same
# state and compares the buffer too), keyword inputs, nested outputs, bfloat16/float16 inputs in a
# .npz (bfloat16 as uint16 bits or float32); bad .npz files are one-line errors, never a traceback.
# RUN: rm -rf %t && mkdir -p %t && %python %s %t
# RUN: exir-mlir run %t/counter.pt2 --inputs %t/counter.npz --check | FileCheck %s --check-prefix=COUNTER
# RUN: exir-mlir run %t/bf16.pt2 --inputs %t/bf16_bits.npz --check | FileCheck %s --check-prefix=BITS
# RUN: exir-mlir run %t/bf16.pt2 --inputs %t/bf16_f32.npz --output %t/out.npz && %python -c "import numpy as np; o = np.load('%t/out.npz')['out0']; print(o.dtype, o.tolist())" | FileCheck %s --check-prefix=SAVED
# RUN: not exir-mlir run %t/bf16.pt2 --inputs %t/bf16_bad.npz 2>&1 | FileCheck %s --check-prefix=BADDTYPE
# RUN: not exir-mlir run %t/counter.pt2 --inputs %t/random.npz 2>&1 | FileCheck %s --check-prefix=RANDOM
# RUN: not exir-mlir run %t/counter.pt2 --inputs %t/pickled.npz 2>&1 | FileCheck %s --check-prefix=PICKLED
# RUN: not exir-mlir run %t/counter.pt2 --inputs %t/single.npy 2>&1 | FileCheck %s --check-prefix=NPY
# RUN: not exir-mlir run %t/counter.pt2 --inputs %t/extra.npz 2>&1 | FileCheck %s --check-prefix=EXTRA

# x = [0, 1, 2], scale = 1: y = x, count = x after one call, returned doubled (mean 2).
# COUNTER: out0: (3,) torch.float32 mean=1
# COUNTER-NEXT: out1: (3,) torch.float32 mean=2
# COUNTER-NEXT: check: 2 outputs and 1 mutated buffers match eager PyTorch (rtol 1e-4, atol 1e-5)
# 2 * [1.5, -2, 3.25, 0.5] + 1 = [4, -3, 7.5, 2]: mean 2.625.
# BITS: out0: (4,) torch.float32 mean=2.625
# BITS-NEXT: check: 1 outputs match eager PyTorch
# SAVED: float32 [4.0, -3.0, 7.5, 2.0]
# BADDTYPE: exir-mlir run: error: {{.*}}bf16_bad.npz: array 'x' has dtype int32, but the program's input 'x' is bfloat16; store bfloat16 as float32 or as uint16 bits
# BADDTYPE-NOT: Traceback
# RANDOM: exir-mlir run: error: {{.*}}random.npz: not a .npz archive; write the inputs with numpy.savez
# RANDOM-NOT: allow_pickle
# PICKLED: exir-mlir run: error: {{.*}}pickled.npz: array 'x' holds Python objects (pickled), which are not read
# PICKLED-NOT: Traceback
# NPY: exir-mlir run: error: {{.*}}single.npy: a single .npy array, not a .npz archive
# EXTRA: exir-mlir run: error: {{.*}}extra.npz has arrays the program does not take: bias

import sys
import warnings

import numpy as np
import torch

warnings.filterwarnings("ignore")
out = sys.argv[1]


class Counter(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("count", torch.zeros(3))

    def forward(self, x, *, scale):
        self.count.add_(x)
        return {"y": (x * scale, [self.count * 2])}


class Half(torch.nn.Module):
    def forward(self, x, h):
        return x.float() * 2 + h.float()


torch.export.save(torch.export.export(Counter(), (torch.randn(3),), {"scale": torch.randn(3)}), f"{out}/counter.pt2")
torch.export.save(torch.export.export(Half(), (torch.randn(4, dtype=torch.bfloat16), torch.randn(4, dtype=torch.float16))),
                  f"{out}/bf16.pt2")
np.savez(f"{out}/counter.npz", x=np.arange(3, dtype=np.float32), scale=np.ones(3, np.float32))
np.savez(f"{out}/extra.npz", x=np.arange(3, dtype=np.float32), scale=np.ones(3, np.float32), bias=np.ones(3))
values = torch.tensor([1.5, -2.0, 3.25, 0.5], dtype=torch.bfloat16)
np.savez(f"{out}/bf16_bits.npz", x=values.view(torch.int16).numpy().view(np.uint16), h=np.ones(4, np.float16))
np.savez(f"{out}/bf16_f32.npz", x=values.float().numpy(), h=np.ones(4, np.float16))
np.savez(f"{out}/bf16_bad.npz", x=np.ones(4, np.int32), h=np.ones(4, np.float16))
with open(f"{out}/random.npz", "wb") as f:
    f.write(bytes(range(256)) * 4)
np.save(f"{out}/single.npy", np.ones(3))
np.savez(f"{out}/pickled.npz", x=np.array([{"a": 1}], dtype=object), scale=np.ones(3, np.float32))
