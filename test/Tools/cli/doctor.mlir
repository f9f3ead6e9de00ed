// `exir-mlir doctor` names every tool and where it was found, and says the toolchain is whole.
// RUN: exir-mlir doctor | FileCheck %s
// CHECK: torch==2.13.0
// CHECK: xtc-mlir-python-bindings==22.1.8.4
// CHECK: mlir-opt {{.*}}/mlir/bin/mlir-opt
// CHECK: FileCheck {{.*}}/llvm/bin/FileCheck
// CHECK: libmlir_c_runner_utils.so {{.*}}/mlir/lib/libmlir_c_runner_utils.so
// CHECK-NOT: libmlir_async_runtime
// CHECK: OpenMP (parallel loops) {{.*}}libgomp{{.*}}.so
// CHECK: C compiler (links native libraries, `compile -o x.so`, the JIT's cache_dir): {{.*}}cc
// CHECK: ptxas (optional, for NVIDIA GPU targets):
// CHECK: doctor: everything exir-mlir needs is installed

// RUN: exir-mlir --version | FileCheck %s --check-prefix=VERSION
// VERSION: exir-mlir 0.1.0
