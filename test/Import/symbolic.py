# RUN: %python %s | FileCheck %s
"""Symbolic shapes: renamed symbols with ranges, dim expressions on every value, SymInt ops."""

import torch
from _importing import import_and_print, run_test
from torch import nn
from torch.export import Dim

from exir_mlir.models import MODELS


# Dim("batch", min=1, max=1024) on the shipped dynamic-batch MLP is s0 with range [1, 1024].
# CHECK-LABEL: TEST: batch_dim_range
# CHECK:      module attributes {exir.range_constraints = {s0 = {max = 1024 : i64, min = 1 : i64}}}
# CHECK:      %{{.*}}: tensor<?x16xf32> {exir.input_kind = "user_input", exir.name = "x", exir.sym_shape = ["s0", "16"]}
# CHECK-SAME: -> (tensor<?x8xf32> {exir.output_kind = "user_output", exir.sym_shape = ["s0", "8"]})
# CHECK:      "exir.relu"(%{{.*}}) {exir.sym_shapes = {{\[\["s0", "32"\]\]}}} : (tensor<?x32xf32>) -> tensor<?x32xf32>
@run_test
def batch_dim_range():
    module, args, dynamic_shapes = MODELS["dynamic_mlp"]()
    import_and_print(module, args, dynamic_shapes)


class SizeArithmetic(nn.Module):
    def forward(self, x, y):
        z = torch.cat([x, y], 0)
        n = z.shape[0]
        return z.reshape(n // 2, -1), torch.ones(n + 1)


# SymInt-producing nodes become ops carrying their expression; dims of every value carry theirs;
# x and y share one symbol, which is an input-dim equality. A derived dim (2*h) has its own range.
# CHECK-LABEL: TEST: symint_ops_and_expressions
# CHECK:      module attributes {exir.dim_equalities = {{\[\["x.size\(0\)", "y.size\(0\)"\]\]}}, exir.range_constraints = {"2*s0" = {max = 64 : i64, min = 4 : i64}, s0 = {max = 32 : i64, min = 2 : i64}}}
# CHECK:      %[[X:[^:]*]]: tensor<?x6xf32> {exir.input_kind = "user_input", exir.name = "x", exir.sym_shape = ["2*s0", "6"]}
# CHECK:      %[[CAT:.*]] = "exir.cat"(%[[X]], %{{.*}}) {dim = 0 : i64, exir.sym_shapes = {{\[\["4\*s0", "6"\]\]}}}
# CHECK:      %[[N:.*]] = "exir.sym_size_int"(%[[CAT]]) {dim = 0 : i64, exir.sym_expr = "4*s0"} : (tensor<?x6xf32>) -> !exir.symint
# CHECK:      %[[TWO:.*]] = "exir.sym_constant"() {value = 2 : i64} : () -> !exir.symint
# CHECK:      %[[H:.*]] = "exir.sym_floordiv"(%[[N]], %[[TWO]]) {exir.sym_expr = "2*s0"} : (!exir.symint, !exir.symint) -> !exir.symint
# CHECK:      call @"aten::reshape"(%[[CAT]], %[[H]]) {exir.args = {shape = array<i64: -9223372036854775808, -1>}, exir.operand_args = ["self", "shape[0]"], exir.sym_shapes = {{\[\["2\*s0", "12"\]\]}}}
# CHECK:      %[[P:.*]] = "exir.sym_add"(%[[N]], %{{.*}}) {exir.sym_expr = "4*s0 + 1"}
# CHECK:      call @"aten::ones"(%[[P]]) {exir.args = {device = "cpu", pin_memory = false, size = array<i64: -9223372036854775808>}, exir.operand_args = ["size[0]"], exir.sym_shapes = {{\[\["4\*s0 \+ 1"\]\]}}}
@run_test
def symint_ops_and_expressions():
    h = Dim("h", min=2, max=32)
    import_and_print(SizeArithmetic(), (torch.randn(8, 6), torch.randn(8, 6)), ({0: 2 * h}, {0: 2 * h}))


class Unbounded(nn.Module):
    def forward(self, x):
        return x.sum(0)


# CHECK-LABEL: TEST: unbounded_symbol
# CHECK: module attributes {exir.range_constraints = {s0 = {min = 0 : i64}}}
# CHECK: exir.sym_shape = ["s0", "3"]
@run_test
def unbounded_symbol():
    import_and_print(Unbounded(), (torch.randn(5, 3),), ({0: Dim("n")},))


class DataDependent(nn.Module):
    def forward(self, x):
        return x.nonzero()


# Unbacked (data-dependent) sizes are u0, u1, ...
# CHECK-LABEL: TEST: unbacked_symbol
# CHECK: exir.range_constraints = {u0 = {max = 6 : i64, min = 0 : i64}}
# CHECK: %[[NZ:.*]] = "exir.nonzero"(%{{.*}}) {exir.sym_shapes = {{\[\["u0", "2"\]\]}}} : (tensor<3x2xf32>) -> tensor<?x2xi64>
# CHECK: %[[U:.*]] = "exir.sym_size_int"(%[[NZ]]) {dim = 0 : i64, exir.sym_expr = "u0"}
# CHECK: %[[GE:.*]] = "exir.sym_ge"(%[[U]], %{{.*}}) {exir.sym_expr = "u0 >= 0"} : (!exir.symint, !exir.symint) -> !exir.symbool
# CHECK: "exir.priv_assert_scalar"(%[[GE]])
@run_test
def unbacked_symbol():
    import_and_print(DataDependent(), (torch.randn(3, 2),))
