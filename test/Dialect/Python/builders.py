# RUN: %python %s | FileCheck %s
# The Python op classes generated from the ODS (exir_mlir.dialects.generated.*_ops_gen) build
# IRDL-loaded ops: operands, attributes, optional operands with segment sizes, results.

from exir_mlir._mlir import func, ir
from exir_mlir.dialects import load_dialects, verify_module
from exir_mlir.dialects.generated import backend_ops_gen as backend
from exir_mlir.dialects.generated import exir_ops_gen as exir


def run(f):
    print(f"TEST: {f.__name__}")
    with ir.Context() as ctx, ir.Location.unknown():
        load_dialects(ctx)
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            f()
        module.operation.verify()
        assert verify_module(module) == []
        print(module)


def i64(value):
    return ir.IntegerAttr.get(ir.IntegerType.get_signless(64), value)


# CHECK-LABEL: TEST: exir_ops
# CHECK: %[[N:.*]] = "exir.sym_size_int"(%arg0) {dim = 0 : i64} : (tensor<?x3xf32>) -> !exir.symint
# CHECK: %[[ADD:.*]] = "exir.add_tensor"(%arg0, %arg0) {alpha = 1 : i64}
# CHECK: "exir.slice_tensor"(%[[ADD]], %[[N]]) {dim = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 1, 0>, static_end = -9223372036854775808 : i64, static_step = 1 : i64}
@run
def exir_ops():
    t = ir.RankedTensorType.get([ir.ShapedType.get_dynamic_size(), 3], ir.F32Type.get())
    symint = ir.Type.parse("!exir.symint")
    f = func.FuncOp("f", ([t], [t]))
    with ir.InsertionPoint(f.add_entry_block()):
        (x,) = f.arguments
        n = exir.sym_size_int(symint, x, 0)
        y = exir.add_tensor(t, x, x, i64(1))
        z = exir.slice_tensor(t, y, 0, 1, static_end=-(2**63), end=n)
        func.ReturnOp([z])


# CHECK-LABEL: TEST: backend_ops
# CHECK: "backend.matmul"(%arg0, %arg1, %arg2) {activation = "relu"} : (tensor<2x8xf32>, tensor<8x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
@run
def backend_ops():
    f32 = ir.F32Type.get()
    x, w, b = (ir.RankedTensorType.get(s, f32) for s in ([2, 8], [8, 4], [4]))
    out = ir.RankedTensorType.get([2, 4], f32)
    f = func.FuncOp("g", ([x, w, b], [out]))
    with ir.InsertionPoint(f.add_entry_block()):
        r = backend.matmul(out, *f.arguments[:2], "relu", bias=f.arguments[2])
        func.ReturnOp([r])
