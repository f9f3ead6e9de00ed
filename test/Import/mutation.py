# RUN: %python %s | FileCheck %s
"""Mutations: buffer and user-input writes become outputs that name what they write back."""

import torch
from _importing import import_and_print, run_test
from torch import nn

from exir_mlir.models import MODELS


# The shipped buffer-mutating model, straight from torch.export (in-place add_/mul_ in the
# graph): the importer functionalizes it, and each buffer write is a result with its target.
# CHECK-LABEL: TEST: buffer_mutation
# CHECK:      func.func @main(%{{.*}}: tensor<8xf32> {exir.input_kind = "parameter", exir.name = "scale"},
# CHECK-SAME:   %[[CALLS:[^:]*]]: tensor<i64> {exir.input_kind = "buffer", exir.name = "calls", exir.persistent = true},
# CHECK-SAME:   %[[MEAN:[^:]*]]: tensor<8xf32> {exir.input_kind = "buffer", exir.name = "running_mean", exir.persistent = true},
# CHECK-SAME:   -> (tensor<i64> {exir.output_kind = "buffer_mutation", exir.target = "calls"},
# CHECK-SAME:       tensor<8xf32> {exir.output_kind = "buffer_mutation", exir.target = "running_mean"},
# CHECK-SAME:       tensor<4x8xf32> {exir.output_kind = "user_output"})
# CHECK:      %[[NEW_CALLS:.*]] = "exir.add_tensor"(%[[CALLS]], %{{.*}})
# CHECK:      %[[DECAYED:.*]] = "exir.mul_tensor"(%[[MEAN]], %{{.*}})
# CHECK:      %[[NEW_MEAN:.*]] = "exir.add_tensor"(%[[DECAYED]], %{{.*}}) {alpha = 1.000000e-01 : f64}
# CHECK-NOT:  _inplace
# CHECK:      return %[[NEW_CALLS]], %[[NEW_MEAN]], %{{.*}} :
@run_test
def buffer_mutation():
    module, args, dynamic_shapes = MODELS["buffer_mutation"]()
    import_and_print(module, args, dynamic_shapes)


class InputMutation(nn.Module):
    def forward(self, x, y):
        x.add_(y)
        return y * 2


# CHECK-LABEL: TEST: user_input_mutation
# CHECK:      func.func @main(%[[X:[^:]*]]: tensor<3xf32> {exir.input_kind = "user_input", exir.name = "x"}, %[[Y:[^:]*]]: tensor<3xf32> {exir.input_kind = "user_input", exir.name = "y"})
# CHECK-SAME: -> (tensor<3xf32> {exir.output_kind = "user_input_mutation", exir.target = "x"}, tensor<3xf32> {exir.output_kind = "user_output"})
# CHECK:      %[[SUM:.*]] = "exir.add_tensor"(%[[X]], %[[Y]])
# CHECK:      return %[[SUM]], %{{.*}}
@run_test
def user_input_mutation():
    import_and_print(InputMutation(), (torch.randn(3), torch.randn(3)))


class TrainingBatchNorm(nn.Module):
    def __init__(self):
        super().__init__()
        self.bn = nn.BatchNorm1d(4)

    def forward(self, x):
        return self.bn(x)


# Batch norm in training mode updates running stats and the batch counter.
# CHECK-LABEL: TEST: batch_norm_training_updates
# CHECK: -> (tensor<4xf32> {exir.output_kind = "buffer_mutation", exir.target = "bn.running_mean"}, tensor<4xf32> {exir.output_kind = "buffer_mutation", exir.target = "bn.running_var"}, tensor<i64> {exir.output_kind = "buffer_mutation", exir.target = "bn.num_batches_tracked"}, tensor<8x4xf32> {exir.output_kind = "user_output"})
@run_test
def batch_norm_training_updates():
    import_and_print(TrainingBatchNorm().train(), (torch.randn(8, 4),))


# A buffer written on every call cannot become a constant: freezing it would be wrong output.
# CHECK-LABEL: TEST: frozen_mutated_buffer_is_an_error
# CHECK: ERROR: ExirUserError: the program writes 'calls', 'running_mean' on every call, so its weights cannot be frozen into the module; import with freeze_weights=False
@run_test
def frozen_mutated_buffer_is_an_error():
    from _importing import export, print_error

    from exir_mlir.importer import import_program

    module, args, dynamic_shapes = MODELS["buffer_mutation"]()
    ep = export(module, args, dynamic_shapes)
    print_error(lambda: import_program(ep, freeze_weights=True))


class ParameterUpdate(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.ones(3))

    def forward(self, x):
        with torch.no_grad():
            self.w.mul_(0.5)
        return x + self.w


# An in-place update of a parameter (inside no_grad) is a parameter_mutation output.
# CHECK-LABEL: TEST: parameter_mutation
# CHECK:      func.func @main(%[[W:[^:]*]]: tensor<3xf32> {exir.input_kind = "parameter", exir.name = "w"}
# CHECK-SAME: -> (tensor<3xf32> {exir.output_kind = "parameter_mutation", exir.target = "w"}, tensor<3xf32> {exir.output_kind = "user_output"})
# CHECK:      %[[NEW:.*]] = "exir.mul_tensor"(%[[W]], %{{.*}})
# CHECK:      return %[[NEW]], %{{.*}}
@run_test
def parameter_mutation():
    import_and_print(ParameterUpdate(), (torch.randn(3),))
