# RUN: %python %s | FileCheck %s
"""Builds IR with the MLIR Python bindings through exir_mlir._mlir, and runs it through a pipeline."""

from exir_mlir._mlir import arith, func, ir
from exir_mlir.passes import build_pass_manager


def run_test(f):
    print("TEST:", f.__name__)
    with ir.Context(), ir.Location.unknown():
        f()
    return f


# CHECK-LABEL: TEST: build_function
# CHECK: func.func @scale(%[[X:.*]]: f32) -> f32
# CHECK:   %[[C:.*]] = arith.constant 2.000000e+00 : f32
# CHECK:   %[[R:.*]] = arith.mulf %[[X]], %[[C]] : f32
# CHECK:   return %[[R]] : f32
@run_test
def build_function():
    module = ir.Module.create()
    f32 = ir.F32Type.get()
    with ir.InsertionPoint(module.body):

        @func.FuncOp.from_py_func(f32, name="scale")
        def scale(x):
            return arith.MulFOp(x, arith.ConstantOp(f32, 2.0)).result

    assert module.operation.verify()
    print(module)


# CHECK-LABEL: TEST: pipeline_from_python
# CHECK: func.func @twice(%[[X:.*]]: i32)
# CHECK-NEXT: %[[S:.*]] = arith.addi %[[X]], %[[X]]
# CHECK-NEXT: return %[[S]]
@run_test
def pipeline_from_python():
    module = ir.Module.parse(
        """
        func.func @twice(%x: i32) -> i32 {
          %a = arith.addi %x, %x : i32
          %b = arith.addi %x, %x : i32
          return %a : i32
        }
        """
    )
    build_pass_manager("builtin.module(cse,canonicalize)").run(module.operation)
    print(module)
