# `exir-mlir run --target cuda` on a machine without a CUDA device: the program compiles, and the
# call says that no device is present (and what to do instead).
# UNSUPPORTED: cuda
# RUN: rm -rf %t && mkdir -p %t && %python %S/cli_emit.py %t
# RUN: not exir-mlir run %t/mlp.pt2 --inputs %t/inputs.npz --target cuda 2>&1 | FileCheck %s
# CHECK: error: no CUDA device is present: {{.*}} compile with target="cuda-on-cpu" or "cpu" to run it here
