# The command-line path: save a .pt2 and inputs, then `exir-mlir compile` and `exir-mlir run`.
# RUN: rm -rf %t && mkdir -p %t && %python %s %t
# RUN: exir-mlir compile %t/mlp.pt2 --cache-dir %t/cache --dump-after-each-stage %t/stages --timings | FileCheck %s --check-prefix=COMPILE
# RUN: ls %t/stages | FileCheck %s --check-prefix=STAGES
# RUN: exir-mlir run %t/mlp.pt2 --inputs %t/inputs.npz --check --cache-dir %t/cache | FileCheck %s --check-prefix=RAN
# RUN: exir-mlir run %t/mlp.pt2 --inputs %t/inputs.npz --output %t/out.npz && %python -c "import numpy as np; print(np.load('%t/out.npz')['out0'].shape)" | FileCheck %s --check-prefix=SAVED
# RUN: not exir-mlir run %t/mlp.pt2 --inputs %t/too_big.npz 2>&1 | FileCheck %s --check-prefix=RANGE
# RUN: not exir-mlir run %t/mlp.pt2 --inputs %t/misnamed.npz 2>&1 | FileCheck %s --check-prefix=MISSING
# RUN: not exir-mlir run %t/not-a-program.pt2 --inputs %t/inputs.npz 2>&1 | FileCheck %s --check-prefix=MALFORMED

# COMPILE: compiled {{.*}}mlp.pt2 in {{[0-9.]+}} s (import {{[0-9.]+}} s, aten-to-edge {{[0-9.]+}} s, edge-to-backend {{[0-9.]+}} s, to-linalg {{[0-9.]+}} s, codegen {{[0-9.]+}} s, llvm {{[0-9.]+}} s, load {{[0-9.]+}} s)
# --timings: every step, the codegen pipeline's stages and LLVM's phases (with --cache-dir: opt, llc, cc)
# COMPILE-NEXT: step seconds share
# COMPILE-NEXT: import {{[0-9.]+}} {{[0-9]+}}%
# COMPILE-NEXT:   decompose {{[0-9.]+}}
# COMPILE-NEXT:   import {{[0-9.]+}}
# COMPILE-NEXT: aten-to-edge {{[0-9.]+}} {{[0-9]+}}%
# COMPILE-NEXT: edge-to-backend {{[0-9.]+}} {{[0-9]+}}%
# COMPILE-NEXT: to-linalg {{[0-9.]+}} {{[0-9]+}}%
# COMPILE-NEXT: codegen {{[0-9.]+}} {{[0-9]+}}%
# COMPILE-NEXT:   fuse {{[0-9.]+}}
# COMPILE-NEXT:   tile {{[0-9.]+}}
# COMPILE-NEXT:   bufferize {{[0-9.]+}}
# COMPILE-NEXT:   parallelize {{[0-9.]+}}
# COMPILE-NEXT:   plan-arena {{[0-9.]+}}
# COMPILE-NEXT:   outline-loops {{[0-9.]+}}
# COMPILE-NEXT:   to-llvm {{[0-9.]+}}
# COMPILE-NEXT: llvm {{[0-9.]+}} {{[0-9]+}}%
# COMPILE-NEXT:   translate {{[0-9.]+}}
# COMPILE-NEXT:   optimize {{[0-9.]+}}
# COMPILE-NEXT:   machine code {{[0-9.]+}}
# COMPILE-NEXT:   link {{[0-9.]+}}
# COMPILE-NEXT: load {{[0-9.]+}} {{[0-9]+}}%
# COMPILE-NEXT: total {{[0-9.]+}}
# COMPILE: compiled code cached in
# STAGES: 1-edge.mlir
# STAGES: 2-backend.mlir
# STAGES: 3-linalg.mlir
# RAN: out0: (7, 8) torch.float32
# RAN: check: 1 outputs match eager PyTorch (rtol 1e-4, atol 1e-5)
# SAVED: (7, 8)
# RANGE: exir-mlir run: error: input 'x' {{.*}}size 2000, outside the range [1, 1024]
# MISSING: exir-mlir run: error: {{.*}}misnamed.npz has no array 'x' (or 'arg0'); it has: y
# MALFORMED: exir-mlir run: error: {{.*}}not-a-program.pt2: not a .pt2 file

import sys
import warnings
from pathlib import Path

import numpy as np
import torch

from exir_mlir.models import MODELS

warnings.filterwarnings("ignore")
out = Path(sys.argv[1])
module, args, dynamic_shapes = MODELS["dynamic_mlp"]()
torch.export.save(torch.export.export(module, args, dynamic_shapes=dynamic_shapes), out / "mlp.pt2")
rng = np.random.default_rng(0)
np.savez(out / "inputs.npz", x=rng.standard_normal((7, 16), dtype=np.float32))
np.savez(out / "too_big.npz", x=rng.standard_normal((2000, 16), dtype=np.float32))
np.savez(out / "misnamed.npz", y=rng.standard_normal((7, 16), dtype=np.float32))
(out / "not-a-program.pt2").write_text("garbage")
