# RUN: %python %s | FileCheck %s
"""torch.cond and torch.while_loop: ops with regions, bodies imported recursively (nested too)."""

import torch
from _importing import export, import_and_print, run_test
from torch import nn
from torch.export import Dim

from exir_mlir.importer import import_program
from exir_mlir.models import MODELS


# The shipped cond model: a data-dependent predicate (x.sum() > 0) extracted to an i1 for
# scf.if; the branches use the operands (x and the linear's weights) directly.
# CHECK-LABEL: TEST: cond_data_dependent
# CHECK:      func.func @main(%[[W:[^:]*]]: tensor<8x8xf32> {{.*}}, %[[B:[^:]*]]: tensor<8xf32> {{.*}}, %[[X:[^:]*]]: tensor<4x8xf32> {{.*}})
# CHECK:      %[[SUM:.*]] = "exir.sum_dim_intlist"(%[[X]])
# CHECK:      %[[PRED:.*]] = "exir.gt_scalar"(%[[SUM]]) {other = 0 : i64} : (tensor<f32>) -> tensor<i1>
# CHECK:      %[[I1:.*]] = tensor.extract %[[PRED]][] : tensor<i1>
# CHECK:      %[[R:.*]] = scf.if %[[I1]] -> (tensor<4x8xf32>) {
# CHECK:        %[[T:.*]] = "exir.permute"(%[[W]])
# CHECK:        %[[MM:.*]] = "exir.addmm"(%[[B]], %[[X]], %[[T]])
# CHECK:        %[[RELU:.*]] = "exir.relu"(%[[MM]])
# CHECK:        scf.yield %[[RELU]] : tensor<4x8xf32>
# CHECK-NEXT: } else {
# CHECK:        %[[SIN:.*]] = "exir.sin"
# CHECK:        scf.yield %[[SIN]] : tensor<4x8xf32>
# CHECK-NEXT: }
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
# CHECK:      scf.if %{{.*}} -> (tensor<5xf32>) {
# CHECK:        "exir.mean"
# CHECK:        scf.if %{{.*}} -> (tensor<5xf32>) {
# CHECK:          "exir.mul_tensor"
# CHECK:          scf.yield
# CHECK:        } else {
# CHECK:          "exir.sub_tensor"
# CHECK:          scf.yield
# CHECK:        }
# CHECK:        scf.yield
# CHECK:      } else {
# CHECK:        "exir.cos"
# CHECK:        scf.yield
# CHECK:      }
@run_test
def nested_cond():
    import_and_print(Nested(), (torch.randn(5),))


class ShapePredicate(nn.Module):
    def forward(self, x):
        return torch.cond(x.shape[0] > 4, lambda y: y + 1, lambda y: y - 1, (x,))


# A predicate on a symbolic size is a !exir.symbool (-> 0-d tensor -> i1); branch values keep
# their symbolic dims.
# CHECK-LABEL: TEST: cond_on_symbolic_size
# CHECK:      %[[GT:.*]] = "exir.sym_gt"(%{{.*}}, %{{.*}}) {exir.sym_expr = "s0 > 4"} : (!exir.symint, !exir.symint) -> !exir.symbool
# CHECK:      %[[T:.*]] = "exir.sym_to_tensor"(%[[GT]]) : (!exir.symbool) -> tensor<i1>
# CHECK:      %[[I1:.*]] = tensor.extract %[[T]][] : tensor<i1>
# CHECK:      scf.if %[[I1]] -> (tensor<?xf32>) {
# CHECK:        "exir.add_tensor"({{.*}}exir.sym_shapes = {{\[\["s0"\]\]}}
# CHECK:      } {exir.sym_shapes = {{\[\["s0"\]\]}}}
@run_test
def cond_on_symbolic_size():
    import_and_print(ShapePredicate(), (torch.randn(6),), ({0: Dim("n", min=2, max=10)},))


# The shipped while_loop model: scf.while over the carried (counter, x); the additional inputs
# (n, w) are used directly.
# CHECK-LABEL: TEST: while_loop
# CHECK:      func.func @main(%[[W:[^:]*]]: tensor<8x8xf32> {{.*}}, %[[N:[^:]*]]: tensor<i64> {{.*}}, %[[X:[^:]*]]: tensor<4x8xf32> {{.*}})
# CHECK:      %[[R:.*]]:2 = scf.while (%[[CI:.*]] = %{{.*}}, %[[CX:.*]] = %[[X]]) : (tensor<i64>, tensor<4x8xf32>) -> (tensor<i64>, tensor<4x8xf32>) {
# CHECK-NEXT:   %[[LT:.*]] = "exir.lt_tensor"(%[[CI]], %[[N]])
# CHECK-NEXT:   %[[C:.*]] = tensor.extract %[[LT]][] : tensor<i1>
# CHECK-NEXT:   scf.condition(%[[C]]) %[[CI]], %[[CX]] : tensor<i64>, tensor<4x8xf32>
# CHECK-NEXT: } do {
# CHECK-NEXT: ^bb0(%[[BI:[^:]*]]: tensor<i64>, %[[BX:[^:]*]]: tensor<4x8xf32>):
# CHECK:        %[[NEXT_I:.*]] = "exir.add_tensor"(%[[BI]], %{{.*}})
# CHECK:        %[[MM:.*]] = "exir.mm"(%[[BX]], %[[W]])
# CHECK:        %[[NEXT_X:.*]] = "exir.add_tensor"(%{{.*}}, %[[BX]])
# CHECK:        scf.yield %[[NEXT_I]], %[[NEXT_X]] : tensor<i64>, tensor<4x8xf32>
# CHECK-NEXT: }
# CHECK:      return %[[R]]#0, %[[R]]#1
@run_test
def while_loop():
    module, args, dynamic_shapes = MODELS["while_loop"]()
    import_and_print(module, args, dynamic_shapes, decompose=True)


class NoGrad(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.ones(3))

    def forward(self, x):
        with torch.no_grad():
            y = x * self.w
        return y + 1


# torch.no_grad() blocks become wrap_with_set_grad_enabled(False, submodule, ...), whose body is
# imported in place (grad mode does not change forward values).
# CHECK-LABEL: TEST: no_grad_block_inlined
# CHECK:      func.func @main(%[[W:[^:]*]]: tensor<3xf32> {{.*}}, %[[X:[^:]*]]: tensor<3xf32>
# CHECK-NEXT: %[[Y:.*]] = "exir.mul_tensor"(%[[X]], %[[W]])
# CHECK:      "exir.add_tensor"(%[[Y]],
@run_test
def no_grad_block_inlined():
    ep = export(NoGrad(), (torch.randn(3),))
    hops = [n.target.name() for n in ep.graph.nodes if isinstance(n.target, torch._ops.HigherOrderOperator)]
    assert hops == ["wrap_with_set_grad_enabled"], hops
    import_program(ep).operation.print()
    print()
