# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %s %t | FileCheck %s
# RUN: exir-mlir import %t/mlp.pt2 | FileCheck %s --check-prefix=IMPORT
# RUN: exir-mlir import --model cnn --freeze-weights --elide-weights | FileCheck %s --check-prefix=FROZEN
# RUN: exir-mlir import %t/mlp.pt2 --summary | FileCheck %s --check-prefix=SUMMARY
# RUN: exir-mlir import %t/dynamic_cond.pt2 2>&1 | FileCheck %s --check-prefix=SAVED
# RUN: not exir-mlir import --report %t/unsupported.pt2 | FileCheck %s --check-prefix=REPORT
# RUN: not exir-mlir import %t/truncated.pt2 2>&1 | FileCheck %s --check-prefix=TRUNCATED
"""`exir-mlir import`: .pt2 files, one-line errors with exit code 2, the pre-flight report."""

import subprocess
import sys
import zipfile
from pathlib import Path

import torch
from _importing import export, run_test
from torch import nn
from torch.export import Dim

from exir_mlir.cli.main import main
from exir_mlir.models import export_model

out = Path(sys.argv[1])


class Unsupported(nn.Module):
    def forward(self, x, i):
        y = torch.ops.aten.avg_pool2d_backward(x, x.repeat(1, 1, 2, 2), [2, 2], [2, 2], [0, 0], False, True, None)  # no lowering
        z = y.to(torch.float8_e5m2).to(torch.float32)  # a dtype exir lacks
        return torch.linalg.vector_norm(z) + i.sum(), torch.nn.functional.softplus(x)  # softplus: torch decomposes it


# Everything unsupported, in one go, with source lines; exit code 1. softplus and vector_norm are
# not listed: the decompositions that compile runs (torch's, torch._decomp's) rewrite them. import fails on the dtype, so the ops that the
# lowering would reject are predicted from their names.
# REPORT:      check of {{.*}}unsupported.pt2: stages run: decompose, import
# REPORT-NEXT:   [import] {{.*}}cli.py:[[# @LINE - 8]] (_to_copy{{(_[0-9]+)?}}): dtype float8_e5m2: exir has no element type for this dtype; cast in the model before export
# REPORT-NEXT:   [edge] {{.*}}cli.py:[[# @LINE - 10]] (avg_pool2d_backward): op aten::avg_pool2d_backward: imports as exir.avg_pool2d_backward, which aten-to-edge has no pattern for
# REPORT-SAME:   (predicted from the op's name: import failed, so the lowering did not run)
# REPORT-NOT:    softplus
# REPORT:        not checked: edge, backend, linalg, codegen
# REPORT-NEXT: summary: 2 problems


class DynamicCond(nn.Module):
    def forward(self, x):
        return torch.cond(x.sum() > 0, lambda y: y.cos(), lambda y: y.sin(), (x,))


def write_files():
    torch.export.save(export_model("mlp"), out / "mlp.pt2")
    torch.export.save(export(DynamicCond(), (torch.randn(6, 3),), ({0: Dim("rows", min=2, max=100)},)),
                      out / "dynamic_cond.pt2")
    torch.export.save(export(Unsupported(), (torch.randn(1, 1, 2, 2), torch.ones(2, dtype=torch.int32))), out / "unsupported.pt2")
    data = (out / "mlp.pt2").read_bytes()
    (out / "truncated.pt2").write_bytes(data[: len(data) // 2])
    (out / "text.pt2").write_text("not an archive\n")
    (out / "empty.pt2").write_bytes(b"")
    torch.save({"w": torch.ones(2)}, out / "checkpoint.pt")
    # A .pt2 from an incompatible torch: same archive, another archive version; another program
    # schema; a model.json cut short.
    edits = {
        "old.pt2": ("/archive_version", lambda data: b"99"),
        "schema.pt2": ("/models/model.json", lambda data: data.replace(b'"major": ', b'"major": 1', 1)),
        "malformed.pt2": ("/models/model.json", lambda data: data[: len(data) // 2]),
    }
    for target, (member, edit) in edits.items():
        with zipfile.ZipFile(out / "mlp.pt2") as src, zipfile.ZipFile(out / target, "w") as dst:
            for name in src.namelist():
                dst.writestr(name, edit(src.read(name)) if name.endswith(member) else src.read(name))


write_files()


# In process: each bad file is one line on stderr and exit code 2.
# CHECK-LABEL: TEST: bad_files
# CHECK-NEXT: truncated.pt2: exit 2: exir-mlir import: error: {{.*}}truncated.pt2: truncated or corrupted .pt2 archive
# CHECK-NEXT: text.pt2: exit 2: exir-mlir import: error: {{.*}}text.pt2: not a .pt2 file (not a zip archive); save the program with torch.export.save
# CHECK-NEXT: empty.pt2: exit 2: exir-mlir import: error: {{.*}}empty.pt2: not a .pt2 file (an empty file)
# CHECK-NEXT: checkpoint.pt: exit 2: exir-mlir import: error: {{.*}}checkpoint.pt: a zip archive but not a .pt2 program (it looks like a torch.save checkpoint)
# CHECK-NEXT: old.pt2: exit 2: exir-mlir import: error: {{.*}}old.pt2: .pt2 archive version 99 is not readable by torch
# CHECK-NEXT: schema.pt2: exit 2: exir-mlir import: error: {{.*}}schema.pt2: exported with program schema 1{{[0-9]+}}.{{[0-9]+}}, but torch {{.*}} reads schema {{[0-9]+}}.x; re-export with this torch version
# CHECK-NEXT: malformed.pt2: exit 2: exir-mlir import: error: {{.*}}malformed.pt2: malformed .pt2 archive
# CHECK-NEXT: missing.pt2: exit 2: exir-mlir import: error: {{.*}}missing.pt2: no such file
@run_test
def bad_files():
    import contextlib
    import io

    for name in ["truncated.pt2", "text.pt2", "empty.pt2", "checkpoint.pt", "old.pt2", "schema.pt2", "malformed.pt2",
                 "missing.pt2"]:
        stderr = io.StringIO()
        with contextlib.redirect_stderr(stderr):
            code = main(["import", str(out / name)])
        lines = stderr.getvalue().splitlines()
        assert len(lines) == 1, (name, code, lines)
        print(f"{name}: exit {code}: {lines[0]}")


# As a process: no traceback, exit code 2.
# CHECK-LABEL: TEST: no_traceback
# CHECK-NEXT: exit 2, 1 line, traceback: False
@run_test
def no_traceback():
    r = subprocess.run(["exir-mlir", "import", str(out / "truncated.pt2")], capture_output=True, text=True)
    print(f"exit {r.returncode}, {len(r.stderr.splitlines())} line, traceback: {'Traceback' in r.stderr}")


# IMPORT: func.func @main(
# IMPORT-SAME: exir.input_kind = "parameter", exir.name = "fc1.weight"
# IMPORT: "exir.relu"

# FROZEN: func.func @main(%{{.*}}: tensor<2x3x16x16xf32> {exir.input_kind = "user_input", exir.name = "x"})
# FROZEN:     "exir.literal"() {value = dense_resource<conv1.weight> : tensor<8x3x3x3xf32>}
# FROZEN:     "exir.literal"() {value = dense_resource<bn1.running_mean> : tensor<8xf32>}
# FROZEN:     {-#
# FROZEN-NOT: conv1.weight: "0x

# Saved and loaded back, a program keeps its control flow and its range constraints; torch's
# deserializer warnings stay quiet.
# SAVED-NOT:  W{{[0-9]+}}
# SAVED:      module attributes {exir.range_constraints = {s0 = {max = 100 : i64, min = 2 : i64}}}
# SAVED:      scf.if
# SAVED:        "exir.cos"
# SAVED:      } else {
# SAVED:        "exir.sin"

# SUMMARY:      func @main
# SUMMARY-NEXT:   inputs:  6 parameter, 1 user_input
# SUMMARY-NEXT:   outputs: 1 user_output
# SUMMARY-NEXT:   ops: 5 (2 kinds)
# SUMMARY-NEXT:     func.call[aten::linear]  3
# SUMMARY-NEXT:     exir.relu                2
# SUMMARY-NEXT: symbols: none (all shapes static)


# TRUNCATED: exir-mlir import: error: {{.*}}truncated.pt2: truncated or corrupted .pt2 archive (File is not a zip file)
# TRUNCATED-NOT: Traceback
