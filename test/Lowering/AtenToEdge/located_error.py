# RUN: %python %s | FileCheck %s
"""A stage failure names the op and the user's source line (the op's FileLineColLoc)."""

import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

from exir_mlir._mlir import ir
from exir_mlir.dialects import load_dialects
from exir_mlir.errors import ExirUserError
from exir_mlir.lowering import lower


def run(name, text, to, dump_dir=None):
    print(f"TEST: {name}")
    with ir.Context() as ctx, ir.Location.unknown():
        load_dialects(ctx)
        module = ir.Module.parse(text)
        try:
            lower(module, to=to, dump_dir=dump_dir)
            print("RESULT: lowered without error")
        except ExirUserError as e:
            print(e)
            return str(e)


# The op is named as the program called it (its ATen overload, not the exir op), at the user's
# line; the last line says what to do. Without a dump dir no file is written.
# (`_pdist_forward` stands for any op that has no lowering yet.)
# CHECK-LABEL: TEST: pdist_at_user_line
# CHECK: lowering to edge failed:
# CHECK-NEXT: model.py:12:8 (node _pdist_forward): 'aten::_pdist_forward' cannot be lowered to edge: no lowering for this op
# CHECK-NEXT: what to do: exir-mlir does not support these constructs yet; `exir-mlir import --report`
PDIST = """
func.func @f(%x: tensor<4x3xf32>) -> tensor<6xf32> {
  %0 = "exir.priv_pdist_forward"(%x) {p = 2.0 : f64} : (tensor<4x3xf32>) -> tensor<6xf32> loc(fused["model.py":12:8, "_pdist_forward"])
  return %0 : tensor<6xf32>
}"""
run("pdist_at_user_line", PDIST, "edge")

# Symbolic-size ops are named by the Python operation on sizes, never `exir.sym_*` (a SymFloat
# program input is not supported yet).
# CHECK-LABEL: TEST: sym_op_named_as_written
# CHECK: m.py:3:4 (node neg): 'operator.neg on symbolic sizes' cannot be lowered to edge: a !exir.symfloat that is not computed in the program
run("sym_op_named_as_written", """
func.func @f(%s: !exir.symfloat) -> !exir.symfloat {
  %0 = "exir.sym_neg"(%s) : (!exir.symfloat) -> !exir.symfloat loc(fused["m.py":3:4, "neg"])
  return %0 : !exir.symfloat
}""", "edge")

# With a dump dir (the user asked to keep the IR), the failing stage's input is saved there.
# CHECK-LABEL: TEST: pdist_with_dump_dir
# CHECK: reproduce with: exir-mlir-opt {{.*}}1-edge.input.mlir --pass-pipeline='builtin.module(aten-to-edge)'
message = run("pdist_with_dump_dir", PDIST, "edge", dump_dir=tempfile.mkdtemp(prefix="located-error-"))

# The reproducer command fails the same way on the saved IR.
# CHECK-LABEL: TEST: reproducer
# CHECK: exit 1
# CHECK: error: 'exir.priv_pdist_forward' cannot be lowered to edge
print("TEST: reproducer")
command = next(line for line in message.splitlines() if line.startswith("reproduce with: ")).removeprefix("reproduce with: ")
argv = shlex.split(command)
argv[0] = str(Path(sys.executable).with_name(argv[0]))  # the venv's, whether or not it is on PATH
proc = subprocess.run(argv, capture_output=True, text=True)
print("exit", proc.returncode)
print(proc.stderr)

# Every failing op is reported, not only the first.
# CHECK-LABEL: TEST: two_failures
# CHECK: a.py:1:1: 'aten::_pdist_forward' cannot be lowered
# CHECK-NEXT: b.py:2:2: 'aten::convolution' cannot be lowered to edge: convolution over 4 spatial dims is not supported (1-d, 2-d and 3-d are)
run("two_failures", """
func.func @f(%x: tensor<4x3xf32>, %y: tensor<1x8x4x4x4x4xf32>, %w: tensor<3x8x1x1x1x1xf32>) -> (tensor<6xf32>, tensor<1x3x4x4x4x4xf32>) {
  %0 = "exir.priv_pdist_forward"(%x) {p = 2.0 : f64} : (tensor<4x3xf32>) -> tensor<6xf32> loc("a.py":1:1)
  %1 = "exir.convolution"(%y, %w) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0>, static_dilation = array<i64: 1, 1, 1, 1>, static_groups = 1 : i64, static_output_padding = array<i64: 0, 0, 0, 0>, static_padding = array<i64: 0, 0, 0, 0>, static_stride = array<i64: 1, 1, 1, 1>, transposed = false} : (tensor<1x8x4x4x4x4xf32>, tensor<3x8x1x1x1x1xf32>) -> tensor<1x3x4x4x4x4xf32> loc("b.py":2:2)
  return %0, %1 : tensor<6xf32>, tensor<1x3x4x4x4x4xf32>
}""", "edge")

# CHECK-LABEL: TEST: lowers_to_linalg
# CHECK-NEXT: RESULT: lowered without error
run("lowers_to_linalg", """
func.func @f(%x: tensor<4xi32>) -> tensor<4xf32> {
  %0 = "exir.sigmoid"(%x) : (tensor<4xi32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}""", "linalg")

# A later stage's error about an op made from one node names the ATen op the user wrote, which the
# importer keeps in the location's metadata (`fused<"aten::...">`), not the edge op: edge.convolution
# has no exir op of its name to map back by. (A grouped convolution with a dynamic weight stands
# for any construct to-linalg refuses.)
# CHECK-LABEL: TEST: linalg_error_names_aten_op
# CHECK: lowering to linalg failed:
# CHECK-NEXT: m.py:7:4 (node conv2d): 'aten::conv2d' cannot be lowered to linalg: a grouped convolution needs the weight's channel sizes static
run("linalg_error_names_aten_op", """
func.func @f(%x: tensor<1x4x8x8xf32>, %w: tensor<?x2x3x3xf32>) -> tensor<1x4x6x6xf32> {
  %0 = "edge.convolution"(%x, %w) {dilation = array<i64: 1, 1>, groups = 2 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x8x8xf32>, tensor<?x2x3x3xf32>) -> tensor<1x4x6x6xf32> loc(fused<"aten::conv2d">["m.py":7:4, "conv2d"])
  return %0 : tensor<1x4x6x6xf32>
}""", "linalg")
