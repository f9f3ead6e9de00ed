# RUN: %python %s | FileCheck %s
"""Placeholders by InputSpec kind, output kinds, and weights as arguments or frozen literals."""

import torch
from _importing import export, import_and_print, print_error, run_test
from torch import nn
from torch.export import Dim
from torch.export.graph_signature import InputKind, InputSpec

from exir_mlir.importer import import_program


class Weights(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.full((3,), 2.0))
        self.register_buffer("running", torch.zeros(3))
        self.register_buffer("scratch", torch.ones(3), persistent=False)
        self.table = torch.tensor([1.0, 2.0, 3.0])  # neither parameter nor buffer: a lifted constant

    def forward(self, x):
        return x * self.w + self.running + self.scratch + self.table


# CHECK-LABEL: TEST: weights_are_arguments_with_kind_and_name
# CHECK:      func.func @main(
# CHECK-SAME:   %{{.*}}: tensor<3xf32> {exir.input_kind = "parameter", exir.name = "w"}
# CHECK-SAME:   %{{.*}}: tensor<3xf32> {exir.input_kind = "buffer", exir.name = "running", exir.persistent = true}
# CHECK-SAME:   %{{.*}}: tensor<3xf32> {exir.input_kind = "buffer", exir.name = "scratch", exir.persistent = false}
# CHECK-SAME:   %{{.*}}: tensor<3xf32> {exir.input_kind = "constant_tensor", exir.name = "table"}
# CHECK-SAME:   %{{.*}}: tensor<3xf32> {exir.input_kind = "user_input", exir.name = "x"}
# CHECK-SAME:   -> (tensor<3xf32> {exir.output_kind = "user_output"})
# CHECK-NOT:  exir.literal
# CHECK:      return
@run_test
def weights_are_arguments_with_kind_and_name():
    import_and_print(Weights(), (torch.randn(3),))


class BigWeights(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 4)
        self.register_buffer("offset", torch.arange(4, dtype=torch.float32))

    def forward(self, x):
        return self.fc(x) + self.offset


# Frozen weights are dense_resource blobs named after their state_dict entry, whatever their size;
# only user inputs remain arguments.
# CHECK-LABEL: TEST: frozen_weights_are_resource_literals
# CHECK:      func.func @main(%[[X:[^:]*]]: tensor<2x8xf32> {exir.input_kind = "user_input", exir.name = "x"})
# CHECK-DAG:  %[[W:.*]] = "exir.literal"() {value = dense_resource<fc.weight> : tensor<4x8xf32>}
# CHECK-DAG:  %[[B:.*]] = "exir.literal"() {value = dense_resource<fc.bias> : tensor<4xf32>}
# CHECK-DAG:  %[[O:.*]] = "exir.literal"() {value = dense_resource<offset> : tensor<4xf32>}
# CHECK:      call @"aten::linear"(%[[X]], %[[W]], %[[B]])
# CHECK:      dialect_resources
# CHECK:      fc.weight: "0x04000000
@run_test
def frozen_weights_are_resource_literals():
    import_and_print(BigWeights(), (torch.randn(2, 8),), freeze_weights=True)


class Scalars(nn.Module):
    def forward(self, x, n: int, scale: float, flag: bool, bias=None):
        y = x * scale if flag else x
        return y.sum() + n if bias is None else y + bias


# int/float/bool user inputs: a dynamic int stays symbolic (sym_expr); inputs export specialized
# (a float, a bool, None) are not arguments: the function records the values the caller must pass.
# CHECK-LABEL: TEST: scalar_user_inputs
# CHECK:      func.func @main(
# CHECK-SAME:   %{{.*}}: tensor<4xf32> {exir.input_kind = "user_input", exir.name = "x"}
# CHECK-SAME:   %[[N:[^:]*]]: !exir.symint {exir.input_kind = "user_input", exir.name = "n", exir.sym_expr = "s0"})
# CHECK-SAME:   attributes {exir.specialized_inputs = {bias, flag = true, scale = 2.500000e+00 : f64}}
# CHECK:      "exir.sym_to_tensor"(%[[N]]) {exir.wrapped_number} : (!exir.symint) -> tensor<i64>
@run_test
def scalar_user_inputs():
    import_and_print(Scalars(), (torch.randn(4), 3, 2.5, True, None), (None, Dim.DYNAMIC, None, None, None))


class Multi(nn.Module):
    def forward(self, x):
        return x + 1, x.shape[0] * 2, x.sin()


# CHECK-LABEL: TEST: several_outputs
# CHECK:      -> (tensor<4xf32> {exir.output_kind = "user_output"}, !exir.symint {exir.output_kind = "user_output"}, tensor<4xf32> {exir.output_kind = "user_output"})
@run_test
def several_outputs():
    import_and_print(Multi(), (torch.randn(4),))


class Tiny(nn.Module):
    def forward(self, x):
        return x.cos()


# CHECK-LABEL: TEST: func_name_option
# CHECK: func.func @forward(
@run_test
def func_name_option():
    import_and_print(Tiny(), (torch.randn(2),), func_name="forward")


# Input kinds exir cannot represent are rejected by name (an effect token stands in here for
# both: torch only makes tokens and custom objects from ops and classes registered in C++).
# CHECK-LABEL: TEST: unsupported_input_kinds
# CHECK: ERROR: ExirUserError: input 'x' is an effect token (from an op with side effects
# CHECK: ERROR: ExirUserError: input 'x' is a custom (TorchBind) object; exir programs take only tensors and numbers
@run_test
def unsupported_input_kinds():
    for kind in (InputKind.TOKEN, InputKind.CUSTOM_OBJ):
        ep = export(Tiny(), (torch.randn(2),))
        spec = ep.graph_signature.input_specs[0]
        ep.graph_signature.input_specs[0] = InputSpec(kind=kind, arg=spec.arg, target=None)
        print_error(lambda: import_program(ep))


# CHECK-LABEL: TEST: not_an_exported_program
# CHECK: ERROR: ExirUserError: import_program expects a torch.export.ExportedProgram, got Tiny
@run_test
def not_an_exported_program():
    print_error(lambda: import_program(Tiny()))


class ConstantOutputs(nn.Module):
    def forward(self, x):
        return x + 1, 3, None


# Number outputs are !exir.symint/symfloat results; a None output has no exir form.
# CHECK-LABEL: TEST: constant_outputs
# CHECK: ERROR: ExirUserError: output 2 of the program is the constant None; exir functions return tensors and numbers: leave it out of the model's outputs
@run_test
def constant_outputs():
    print_error(lambda: import_program(export(ConstantOutputs(), (torch.randn(2),))))
