"""Lowering speed on a 1,000-op program: the greedy pattern driver vs an in-order walk (prints seconds)."""

import time
from exir_mlir._mlir import ir
from exir_mlir.dialects import load_dialects
from exir_mlir.lowering.aten_to_edge import edge_patterns, run_aten_to_edge
from exir_mlir.lowering.conversion import apply_patterns, convert_in_order
from exir_mlir.lowering.to_linalg import run_to_linalg
N = 1000
lines = ["func.func @f(%x: tensor<64x64xf32>, %y: tensor<64x64xi32>) -> tensor<64x64xf32> {", "  %v0 = \"exir.relu\"(%x) : (tensor<64x64xf32>) -> tensor<64x64xf32>"]
for i in range(1, N):
    if i % 3 == 0:
        lines.append(f"  %v{i} = \"exir.add_tensor\"(%v{i-1}, %y) {{alpha = 1 : i64}} : (tensor<64x64xf32>, tensor<64x64xi32>) -> tensor<64x64xf32>")
    elif i % 3 == 1:
        lines.append(f"  %v{i} = \"exir.mul_scalar\"(%v{i-1}) {{other = 2.0 : f64}} : (tensor<64x64xf32>) -> tensor<64x64xf32>")
    else:
        lines.append(f"  %v{i} = \"exir.sigmoid\"(%v{i-1}) : (tensor<64x64xf32>) -> tensor<64x64xf32>")
lines.append(f"  return %v{N-1} : tensor<64x64xf32>\n}}")
src = "\n".join(lines)
def fresh():
    ctx = ir.Context(); load_dialects(ctx)
    with ctx, ir.Location.unknown():
        return ctx, ir.Module.parse(src)
ctx, m = fresh()
with ctx, ir.Location.unknown():
    t = time.perf_counter(); run_aten_to_edge(m.operation); t1 = time.perf_counter()
    run_to_linalg(m.operation); t2 = time.perf_counter()
print(f"{N} exir ops: aten-to-edge (greedy driver + contract check) {t1-t:.2f} s, to-linalg (in-order walk) {t2-t1:.2f} s")
ctx, m = fresh()
with ctx, ir.Location.unknown():
    t = time.perf_counter(); apply_patterns(m.operation, edge_patterns()); t1 = time.perf_counter()
print(f"  greedy apply_patterns_and_fold_greedily alone: {t1-t:.2f} s")
ctx, m = fresh()
with ctx, ir.Location.unknown():
    t = time.perf_counter(); convert_in_order(m.operation, edge_patterns(), illegal_dialects=["exir"], stage="edge"); t1 = time.perf_counter()
print(f"  same patterns, in-order walk: {t1-t:.2f} s")
