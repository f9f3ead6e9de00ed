# RUN: %python %s | FileCheck %s
"""The pre-flight report lists every unsupported input kind, higher-order op, dtype and op at once."""

import torch
from _importing import export, run_test
from torch import nn
from torch._higher_order_ops.map import map as torch_map
from torch.export.graph_signature import InputKind, InputSpec

from exir_mlir.importer import preflight


class Everything(nn.Module):
    def forward(self, x, y):
        a = torch_map(lambda row: row.sin(), x)  # a higher-order op exir has no form for
        b = torch.igamma(y, y).to(torch.float8_e4m3fn).to(torch.float32)  # fallback op, bad dtype
        return a.sum() + b.sum()


# CHECK-LABEL: TEST: all_problems_at_once
# CHECK:      pre-flight report for everything: {{[0-9]+}} nodes
# CHECK:      error        dtype           float8_e4m3fn 1x
# CHECK-NEXT:     exir has no element type for this dtype; cast in the model before export
# CHECK-NEXT:     at {{.*}}report.py:16 (to)
# CHECK:      error        higher-order op map_impl 1x
# CHECK-NEXT:     supported higher-order ops: cond, while_loop, wrap_with_set_grad_enabled
# CHECK-NEXT:     at {{.*}}report.py:15 (map_impl)
# CHECK:      error        input kind      token 1x
# CHECK-NEXT:     input 'x' is an effect token
# CHECK-NEXT:     at the program's input 'x'
# CHECK:      unsupported  op              aten::igamma 1x
# CHECK:      summary: 3 blocking import, 1 unsupported by later stages
# CHECK-NEXT: blocks import: True
@run_test
def all_problems_at_once():
    ep = export(Everything(), (torch.randn(2, 3), torch.randn(3)))
    spec = ep.graph_signature.input_specs[0]
    ep.graph_signature.input_specs[0] = InputSpec(kind=InputKind.TOKEN, arg=spec.arg, target=None)
    report = preflight(ep)
    print(report.format("everything"))
    print("blocks import:", report.blocks_import)


# CHECK-LABEL: TEST: clean_program
# CHECK-NEXT: pre-flight report for mlp: {{[0-9]+}} nodes
# CHECK-NEXT:   nothing unsupported: import and the later stages accept every construct
@run_test
def clean_program():
    from exir_mlir.models import export_model

    print(preflight(export_model("mlp")).format("mlp"))
