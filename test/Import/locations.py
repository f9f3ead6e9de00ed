# RUN: %python %s | FileCheck %s
"""Locations: the user's source line (call stack as call sites) fused with node name and module path."""

import torch
from _importing import import_and_print, print_error, run_test
from torch import nn

from exir_mlir.importer import import_program
from exir_mlir.models import MODELS


# Each op's location is fused<ATen overload, for errors>[user line, node name, nn.Module path];
# torch-internal frames (nn.Linear.forward) are dropped: the module path names the layer.
# CHECK-LABEL: TEST: model_locations
# CHECK: "exir.relu"(%{{.*}}) : (tensor<4x32xf32>) -> tensor<4x32xf32> loc(#[[RELU:loc[0-9]+]])
# CHECK-DAG: #[[LINE:loc[0-9]+]] = loc("{{.*}}exir_mlir/models/mlp.py":22:0)
# CHECK-DAG: #[[NAME:loc[0-9]+]] = loc("relu")
# CHECK-DAG: #[[FC:loc[0-9]+]] = loc("fc1")
# CHECK-DAG: #[[LIN:loc[0-9]+]] = loc("linear")
# CHECK-DAG: loc(fused<"aten::linear">[#[[LINE]], #[[LIN]], #[[FC]]])
# CHECK-DAG: #[[RELU]] = loc(fused<"aten::relu">[#[[LINE]], #[[NAME]]])
@run_test
def model_locations():
    module, args, _ = MODELS["mlp"]()
    import_and_print(module, args, debug_info=True)


class Inner(nn.Module):
    def forward(self, x):
        return x.exp()  # the op's own line: the innermost frame


class Outer(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Inner()

    def forward(self, x):
        return self.inner(x)  # the caller's frame


# A call stack of user frames becomes nested call-site locations, innermost frame first;
# function arguments are named after the inputs.
# CHECK-LABEL: TEST: call_stack
# CHECK: func.func @main(%{{.*}}: tensor<2xf32> {{{.*}}} loc("x"))
# CHECK: "exir.exp"{{.*}} loc(#[[EXP:loc[0-9]+]])
# CHECK-DAG: #[[INNER:loc[0-9]+]] = loc("{{.*}}locations.py":30:0)
# CHECK-DAG: #[[OUTER:loc[0-9]+]] = loc("{{.*}}locations.py":39:0)
# CHECK-DAG: #[[SITE:loc[0-9]+]] = loc(callsite(#[[INNER]] at #[[OUTER]]))
# CHECK-DAG: #[[PATH:loc[0-9]+]] = loc("inner")
# CHECK-DAG: #[[EXP]] = loc(fused<"aten::exp">[#[[SITE]], #{{loc[0-9]+}}, #[[PATH]]])
@run_test
def call_stack():
    import_and_print(Outer(), (torch.randn(2),), debug_info=True)


class Float8(nn.Module):
    def forward(self, x):
        return x.to(torch.float8_e4m3fn)  # the line the error names


# Errors name the user's source line, the node and its target.
# CHECK-LABEL: TEST: error_names_source_line
# CHECK: ERROR: ExirUserError: {{.*}}locations.py:59: node 'to' (aten.to.dtype): dtype torch.float8_e4m3fn is not supported by exir
@run_test
def error_names_source_line():
    ep = torch.export.export(Float8(), (torch.randn(2),))
    print_error(lambda: import_program(ep))
