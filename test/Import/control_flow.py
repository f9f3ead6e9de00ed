# RUN: %python %s | FileCheck %s
"""torch.cond and torch.while_loop: ops with regions, bodies imported recursively (nested too)."""

import torch
from _importing import import_and_print, run_test
from torch import nn
from torch.export import Dim

from exir_mlir.models import MODELS


# The shipped cond model: a data-dependent predicate (x.sum() > 0); the branches take the
# operands (x and the linear's weights) as block arguments and end in vector.yield.
# CHECK-LABEL: TEST: cond_data_dependent
# CHECK:      %[[SUM:.*]] = "exir.sum_dim_intlist"
# CHECK:      %[[PRED:.*]] = "exir.gt_scalar"(%[[SUM]]) {other = 0 : i64} : (tensor<f32>) -> tensor<i1>
# CHECK:      %[[R:.*]] = "exir.cond"(%[[PRED]], %[[X:.*]], %[[B:.*]], %[[W:.*]]) ({
# CHECK-NEXT: ^bb0(%[[TX:.*]]: tensor<4x8xf32>, %[[TB:.*]]: tensor<8xf32>, %[[TW:.*]]: tensor<8x8xf32>):
# CHECK:        %[[T:.*]] = "exir.permute"(%[[TW]])
# CHECK:        %[[MM:.*]] = "exir.addmm"(%[[TB]], %[[TX]], %[[T]])
# CHECK:        %[[RELU:.*]] = "exir.relu"(%[[MM]])
# CHECK:        vector.yield %[[RELU]] : tensor<4x8xf32>
# CHECK-NEXT: }, {
# CHECK-NEXT: ^bb0(%[[FX:.*]]: tensor<4x8xf32>, %{{.*}}: tensor<8xf32>, %{{.*}}: tensor<8x8xf32>):
# CHECK:        %[[SIN:.*]] = "exir.sin"
# CHECK:        vector.yield %[[SIN]] : tensor<4x8xf32>
# CHECK-NEXT: }) : (tensor<i1>, tensor<4x8xf32>, tensor<8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
# CHECK:      return %[[R]]
@run_test
def cond_data_dependent():
    module, args, dynamic_shapes = MODELS["cond"]()
    import_and_print(module, args, dynamic_shapes, decompose=True)


class Nested(nn.Module):
    def forward(self, x):
        def outer_true(x):
            return torch.cond(x.mean() > 1, lambda y: y * 3, lambda y: y - 3, (x,))

        return torch.cond(x.sum() > 0, outer_true, lambda y: y.cos(), (x,))


# CHECK-LABEL: TEST: nested_cond
# CHECK:      "exir.cond"(%{{.*}}, %{{.*}}) ({
# CHECK:        "exir.cond"(%{{.*}}, %{{.*}}) ({
# CHECK:          "exir.mul_tensor"
# CHECK:          vector.yield
# CHECK:        }, {
# CHECK:          "exir.sub_tensor"
# CHECK:          vector.yield
# CHECK:        })
# CHECK:        vector.yield
# CHECK:      }, {
# CHECK:        "exir.cos"
# CHECK:        vector.yield
# CHECK:      })
@run_test
def nested_cond():
    import_and_print(Nested(), (torch.randn(5),))


class ShapePredicate(nn.Module):
    def forward(self, x):
        return torch.cond(x.shape[0] > 4, lambda y: y + 1, lambda y: y - 1, (x,))


# A predicate on a symbolic size is a !exir.symbool; branch values keep their symbolic dims.
# CHECK-LABEL: TEST: cond_on_symbolic_size
# CHECK:      %[[GT:.*]] = "exir.sym_gt"(%{{.*}}, %{{.*}}) {exir.sym_expr = "s0 > 4"} : (!exir.symint, !exir.symint) -> !exir.symbool
# CHECK:      "exir.cond"(%[[GT]], %{{.*}}) ({
# CHECK:        "exir.add_tensor"({{.*}}exir.sym_shapes = {{\[\["s0"\]\]}}
# CHECK:      }) {exir.sym_shapes = {{\[\["s0"\]\]}}} : (!exir.symbool, tensor<?xf32>) -> tensor<?xf32>
@run_test
def cond_on_symbolic_size():
    import_and_print(ShapePredicate(), (torch.randn(6),), ({0: Dim("n", min=2, max=10)},))


# The shipped while_loop model: carried (counter, x) and additional inputs (n, w) are operand
# segments; both regions take all four as block arguments.
# CHECK-LABEL: TEST: while_loop
# CHECK:      %[[R:.*]]:2 = "exir.while_loop"(%[[I0:.*]], %[[X:.*]], %[[N:.*]], %[[W:.*]]) ({
# CHECK-NEXT: ^bb0(%[[CI:.*]]: tensor<i64>, %{{.*}}: tensor<4x8xf32>, %[[CN:.*]]: tensor<i64>, %{{.*}}: tensor<8x8xf32>):
# CHECK-NEXT:   %[[LT:.*]] = "exir.lt_tensor"(%[[CI]], %[[CN]])
# CHECK-NEXT:   vector.yield %[[LT]] : tensor<i1>
# CHECK-NEXT: }, {
# CHECK-NEXT: ^bb0(%[[BI:.*]]: tensor<i64>, %[[BX:.*]]: tensor<4x8xf32>, %{{.*}}: tensor<i64>, %[[BW:.*]]: tensor<8x8xf32>):
# CHECK:        %[[NEXT_I:.*]] = "exir.add_tensor"(%[[BI]], %{{.*}})
# CHECK:        %[[MM:.*]] = "exir.mm"(%[[BX]], %[[BW]])
# CHECK:        %[[NEXT_X:.*]] = "exir.add_tensor"(%{{.*}}, %[[BX]])
# CHECK:        vector.yield %[[NEXT_I]], %[[NEXT_X]] : tensor<i64>, tensor<4x8xf32>
# CHECK-NEXT: }) {operandSegmentSizes = array<i32: 2, 2>} : (tensor<i64>, tensor<4x8xf32>, tensor<i64>, tensor<8x8xf32>) -> (tensor<i64>, tensor<4x8xf32>)
# CHECK:      return %[[R]]#0, %[[R]]#1
@run_test
def while_loop():
    module, args, dynamic_shapes = MODELS["while_loop"]()
    import_and_print(module, args, dynamic_shapes, decompose=True)
