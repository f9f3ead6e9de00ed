# RUN: rm -rf %t && exir-mlir import --model dynamic_mlp --to linalg --dump-after-each-stage %t | FileCheck %s
# RUN: ls %t | FileCheck %s --check-prefix=DUMP
# RUN: exir-mlir import --model dynamic_mlp --to backend | FileCheck %s --check-prefix=BACKEND
# RUN: exir-mlir import --model dynamic_mlp --to backend --no-fusion | FileCheck %s --check-prefix=NOFUSION
"""`exir-mlir import --to STAGE`: import a shipped model and lower it, dumping each stage."""

# The dynamic batch is one tensor.dim of the input, used by every op.
# CHECK-LABEL: func.func @main
# CHECK: %[[S0:.*]] = tensor.dim %arg6, %{{.*}} : tensor<?x16xf32>
# CHECK: tensor.empty(%[[S0]]) : tensor<?x32xf32>
# CHECK: linalg.matmul
# CHECK-NOT: edge.
# CHECK-NOT: backend.

# DUMP: 1-edge.mlir
# DUMP-NEXT: 2-backend.mlir
# DUMP-NEXT: 3-linalg.mlir

# BACKEND: "backend.matmul"({{.*}}) {activation = "relu", exir.sym_shapes = {{\[\[}}"s0", "32"]]}
# NOFUSION-NOT: backend.
# NOFUSION: "edge.addmm"
