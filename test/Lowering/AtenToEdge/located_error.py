# RUN: %python %s | FileCheck %s
"""A stage failure names the op and the user's source line (the op's FileLineColLoc)."""

import shlex
import subprocess

from exir_mlir._mlir import ir
from exir_mlir.dialects import load_dialects
from exir_mlir.errors import ExirUserError
from exir_mlir.lowering import lower


def run(name, text, to):
    print(f"TEST: {name}")
    with ir.Context() as ctx, ir.Location.unknown():
        load_dialects(ctx)
        module = ir.Module.parse(text)
        try:
            lower(module, to=to)
            print("RESULT: lowered without error")
        except ExirUserError as e:
            print(e)
            return str(e)


# CHECK-LABEL: TEST: nonzero_at_user_line
# CHECK: lowering to edge failed:
# CHECK-NEXT: model.py:12:8 (node nonzero): 'exir.nonzero' cannot be lowered to edge: no lowering for this op
# CHECK-NEXT: reproduce with: exir-mlir-opt {{.*}}1-edge.input.mlir --pass-pipeline='builtin.module(aten-to-edge)'
message = run("nonzero_at_user_line", """
func.func @f(%x: tensor<4xf32>) -> tensor<?x1xi64> {
  %0 = "exir.nonzero"(%x) : (tensor<4xf32>) -> tensor<?x1xi64> loc(fused["model.py":12:8, "nonzero"])
  return %0 : tensor<?x1xi64>
}""", "edge")

# The reproducer command fails the same way on the saved IR.
# CHECK-LABEL: TEST: reproducer
# CHECK: exit 1
# CHECK: error: 'exir.nonzero' cannot be lowered to edge
print("TEST: reproducer")
command = message.splitlines()[-1].removeprefix("reproduce with: ")
proc = subprocess.run(shlex.split(command), capture_output=True, text=True)
print("exit", proc.returncode)
print(proc.stderr)

# Every failing op is reported, not only the first.
# CHECK-LABEL: TEST: two_failures
# CHECK: a.py:1:1: 'exir.nonzero' cannot be lowered
# CHECK-NEXT: b.py:2:2: 'exir.convolution' cannot be lowered to edge: convolution over 4 spatial dims is not supported (1-d, 2-d and 3-d are)
run("two_failures", """
func.func @f(%x: tensor<4xf32>, %y: tensor<1x8x4x4x4x4xf32>, %w: tensor<3x8x1x1x1x1xf32>) -> (tensor<?x1xi64>, tensor<1x3x4x4x4x4xf32>) {
  %0 = "exir.nonzero"(%x) : (tensor<4xf32>) -> tensor<?x1xi64> loc("a.py":1:1)
  %1 = "exir.convolution"(%y, %w) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0>, static_dilation = array<i64: 1, 1, 1, 1>, static_groups = 1 : i64, static_output_padding = array<i64: 0, 0, 0, 0>, static_padding = array<i64: 0, 0, 0, 0>, static_stride = array<i64: 1, 1, 1, 1>, transposed = false} : (tensor<1x8x4x4x4x4xf32>, tensor<3x8x1x1x1x1xf32>) -> tensor<1x3x4x4x4x4xf32> loc("b.py":2:2)
  return %0, %1 : tensor<?x1xi64>, tensor<1x3x4x4x4x4xf32>
}""", "edge")

# CHECK-LABEL: TEST: lowers_to_linalg
# CHECK-NEXT: RESULT: lowered without error
run("lowers_to_linalg", """
func.func @f(%x: tensor<4xi32>) -> tensor<4xf32> {
  %0 = "exir.sigmoid"(%x) : (tensor<4xi32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}""", "linalg")
