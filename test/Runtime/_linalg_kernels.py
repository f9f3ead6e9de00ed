"""Hand-written linalg-on-tensors kernels (with torch references) shared by runtime tests and benchmarks."""

from __future__ import annotations

import torch

ID1 = "#id1 = affine_map<(d0) -> (d0)>"


def matmul(m: int | None, k: int, n: int, *, dtype: str = "f32") -> str:
    """`C = A @ B` with a zero-filled init; `m=None` makes the rows dynamic."""
    ms = "?" if m is None else str(m)
    dyn = "%c0 = arith.constant 0 : index\n  %m = tensor.dim %a, %c0 : tensor<?x{k}x{t}>\n  ".format(k=k, t=dtype) if m is None else ""
    empty = "tensor.empty(%m)" if m is None else "tensor.empty()"
    zero = "0.0" if dtype.startswith(("f", "bf")) else "0"
    return f"""
func.func @main(%a: tensor<{ms}x{k}x{dtype}>, %b: tensor<{k}x{n}x{dtype}>) -> tensor<{ms}x{n}x{dtype}> {{
  {dyn}%zero = arith.constant {zero} : {dtype}
  %e = {empty} : tensor<{ms}x{n}x{dtype}>
  %f = linalg.fill ins(%zero : {dtype}) outs(%e : tensor<{ms}x{n}x{dtype}>) -> tensor<{ms}x{n}x{dtype}>
  %r = linalg.matmul ins(%a, %b : tensor<{ms}x{k}x{dtype}>, tensor<{k}x{n}x{dtype}>) outs(%f : tensor<{ms}x{n}x{dtype}>) -> tensor<{ms}x{n}x{dtype}>
  return %r : tensor<{ms}x{n}x{dtype}>
}}"""


def batch_matmul(b: int, m: int, k: int, n: int) -> str:
    return f"""
func.func @main(%a: tensor<{b}x{m}x{k}xf32>, %b: tensor<{b}x{k}x{n}xf32>) -> tensor<{b}x{m}x{n}xf32> {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<{b}x{m}x{n}xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<{b}x{m}x{n}xf32>) -> tensor<{b}x{m}x{n}xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<{b}x{m}x{k}xf32>, tensor<{b}x{k}x{n}xf32>) outs(%f : tensor<{b}x{m}x{n}xf32>) -> tensor<{b}x{m}x{n}xf32>
  return %r : tensor<{b}x{m}x{n}xf32>
}}"""


def linear_relu(m: int | None, k: int, n: int) -> str:
    """`relu(x @ W^T + b)` as torch's linear: a transposed-B contraction generic, then bias + relu."""
    ms = "?" if m is None else str(m)
    dims = "(%m)" if m is None else "()"
    return f"""
#x = affine_map<(d0, d1, d2) -> (d0, d2)>
#w = affine_map<(d0, d1, d2) -> (d1, d2)>
#o = affine_map<(d0, d1, d2) -> (d0, d1)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @main(%x: tensor<{ms}x{k}xf32>, %w: tensor<{n}x{k}xf32>, %bias: tensor<{n}xf32>) -> tensor<{ms}x{n}xf32> {{
  %c0 = arith.constant 0 : index
  %m = tensor.dim %x, %c0 : tensor<{ms}x{k}xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty{dims} : tensor<{ms}x{n}xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<{ms}x{n}xf32>) -> tensor<{ms}x{n}xf32>
  %mm = linalg.generic {{indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "reduction"]}}
      ins(%x, %w : tensor<{ms}x{k}xf32>, tensor<{n}x{k}xf32>) outs(%f : tensor<{ms}x{n}xf32>) {{
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }} -> tensor<{ms}x{n}xf32>
  %e2 = tensor.empty{dims} : tensor<{ms}x{n}xf32>
  %r = linalg.generic {{indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}}
      ins(%mm, %bias : tensor<{ms}x{n}xf32>, tensor<{n}xf32>) outs(%e2 : tensor<{ms}x{n}xf32>) {{
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    %y = arith.maximumf %s, %zero : f32
    linalg.yield %y : f32
  }} -> tensor<{ms}x{n}xf32>
  return %r : tensor<{ms}x{n}xf32>
}}"""


def elementwise_chain(n: int | None) -> str:
    """`tanh(relu(x * 1.5 + 0.5) * x)` as four separate generics (fusion makes it one)."""
    t = "tensor<?xf32>" if n is None else f"tensor<{n}xf32>"
    empty = "tensor.empty(%n)" if n is None else "tensor.empty()"

    def generic(result: str, ins: list[str], body: str) -> str:
        types = ", ".join([t] * len(ins))
        maps = ", ".join(["#id1"] * (len(ins) + 1))
        args = ", ".join(f"%i{j}: f32" for j in range(len(ins)))
        return (
            f"  %e{result} = {empty} : {t}\n"
            f"  %{result} = linalg.generic {{indexing_maps = [{maps}], iterator_types = [\"parallel\"]}}"
            f" ins({', '.join(ins)} : {types}) outs(%e{result} : {t}) {{\n"
            f"  ^bb0({args}, %o: f32):\n{body}\n  }} -> {t}\n"
        )

    g1 = generic("1", ["%x"], "    %m = arith.mulf %i0, %c15 : f32\n    %s = arith.addf %m, %c05 : f32\n    linalg.yield %s : f32")
    g2 = generic("2", ["%1"], "    %r = arith.maximumf %i0, %z : f32\n    linalg.yield %r : f32")
    g3 = generic("3", ["%2", "%x"], "    %r = arith.mulf %i0, %i1 : f32\n    linalg.yield %r : f32")
    g4 = generic("4", ["%3"], "    %r = math.tanh %i0 : f32\n    linalg.yield %r : f32")
    return f"""
{ID1}
func.func @main(%x: {t}) -> {t} {{
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : {t}
  %c15 = arith.constant 1.5 : f32
  %c05 = arith.constant 0.5 : f32
  %z = arith.constant 0.0 : f32
{g1}{g2}{g3}{g4}  return %4 : {t}
}}"""


def elementwise_chain_reference(x: torch.Tensor) -> torch.Tensor:
    return torch.tanh(torch.relu(x * 1.5 + 0.5) * x)


def softmax(rows: int | None, cols: int) -> str:
    """Softmax over the last dim: max-reduce, exp(x - max), sum-reduce, divide."""
    r = "?" if rows is None else str(rows)
    t = f"tensor<{r}x{cols}xf32>"
    v = f"tensor<{r}xf32>"
    dims = "(%n)" if rows is None else "()"
    return f"""
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#red = affine_map<(d0, d1) -> (d0)>
func.func @main(%x: {t}) -> {t} {{
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : {t}
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty{dims} : {v}
  %m0 = linalg.fill ins(%ninf : f32) outs(%e1 : {v}) -> {v}
  %max = linalg.generic {{indexing_maps = [#id2, #red], iterator_types = ["parallel", "reduction"]}}
      ins(%x : {t}) outs(%m0 : {v}) {{
  ^bb0(%a: f32, %acc: f32):
    %r = arith.maximumf %a, %acc : f32
    linalg.yield %r : f32
  }} -> {v}
  %e2 = tensor.empty{dims} : {t}
  %ex = linalg.generic {{indexing_maps = [#id2, #red, #id2], iterator_types = ["parallel", "parallel"]}}
      ins(%x, %max : {t}, {v}) outs(%e2 : {t}) {{
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  }} -> {t}
  %s0 = linalg.fill ins(%zero : f32) outs(%e1 : {v}) -> {v}
  %sum = linalg.generic {{indexing_maps = [#id2, #red], iterator_types = ["parallel", "reduction"]}}
      ins(%ex : {t}) outs(%s0 : {v}) {{
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  }} -> {v}
  %e3 = tensor.empty{dims} : {t}
  %y = linalg.generic {{indexing_maps = [#id2, #red, #id2], iterator_types = ["parallel", "parallel"]}}
      ins(%ex, %sum : {t}, {v}) outs(%e3 : {t}) {{
  ^bb0(%a: f32, %s: f32, %o: f32):
    %r = arith.divf %a, %s : f32
    linalg.yield %r : f32
  }} -> {t}
  return %y : {t}
}}"""


def column_mean(rows: int, cols: int) -> str:
    """Mean over the first (non-contiguous) dim: a reduction whose innermost loop is parallel."""
    t = f"tensor<{rows}x{cols}xf32>"
    return f"""
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @main(%x: {t}) -> tensor<{cols}xf32> {{
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant {1.0 / rows!r} : f32
  %e = tensor.empty() : tensor<{cols}xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%e : tensor<{cols}xf32>) -> tensor<{cols}xf32>
  %sum = linalg.generic {{indexing_maps = [#id2, #col], iterator_types = ["reduction", "parallel"]}}
      ins(%x : {t}) outs(%s0 : tensor<{cols}xf32>) {{
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  }} -> tensor<{cols}xf32>
  %e2 = tensor.empty() : tensor<{cols}xf32>
  %mean = linalg.generic {{indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}}
      ins(%sum : tensor<{cols}xf32>) outs(%e2 : tensor<{cols}xf32>) {{
  ^bb0(%a: f32, %o: f32):
    %r = arith.mulf %a, %scale : f32
    linalg.yield %r : f32
  }} -> tensor<{cols}xf32>
  return %mean : tensor<{cols}xf32>
}}"""


def conv2d_nchw(n: int, c: int, h: int, w: int, f: int, kh: int, kw: int, *, stride: int = 1, dilation: int = 1) -> str:
    oh = (h - dilation * (kh - 1) - 1) // stride + 1
    ow = (w - dilation * (kw - 1) - 1) // stride + 1
    out = f"tensor<{n}x{f}x{oh}x{ow}xf32>"
    return f"""
func.func @main(%x: tensor<{n}x{c}x{h}x{w}xf32>, %k: tensor<{f}x{c}x{kh}x{kw}xf32>) -> {out} {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : {out}
  %init = linalg.fill ins(%zero : f32) outs(%e : {out}) -> {out}
  %r = linalg.conv_2d_nchw_fchw {{dilations = dense<{dilation}> : tensor<2xi64>, strides = dense<{stride}> : tensor<2xi64>}}
      ins(%x, %k : tensor<{n}x{c}x{h}x{w}xf32>, tensor<{f}x{c}x{kh}x{kw}xf32>) outs(%init : {out}) -> {out}
  return %r : {out}
}}"""


def maxpool2x2(n: int, c: int, h: int, w: int) -> str:
    out = f"tensor<{n}x{c}x{h // 2}x{w // 2}xf32>"
    return f"""
func.func @main(%x: tensor<{n}x{c}x{h}x{w}xf32>) -> {out} {{
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : {out}
  %init = linalg.fill ins(%ninf : f32) outs(%e : {out}) -> {out}
  %win = tensor.empty() : tensor<2x2xf32>
  %r = linalg.pooling_nchw_max {{dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}}
      ins(%x, %win : tensor<{n}x{c}x{h}x{w}xf32>, tensor<2x2xf32>) outs(%init : {out}) -> {out}
  return %r : {out}
}}"""


def torch_style_linear(m: int | None, k: int, n: int) -> str:
    """What the lowering makes of `linear`: W transposed by linalg.transpose, bias broadcast as init."""
    ms = "?" if m is None else str(m)
    dims = "(%m)" if m is None else "()"
    return f"""
func.func @main(%x: tensor<{ms}x{k}xf32>, %w: tensor<{n}x{k}xf32>, %bias: tensor<{n}xf32>) -> tensor<{ms}x{n}xf32> {{
  %c0 = arith.constant 0 : index
  %m = tensor.dim %x, %c0 : tensor<{ms}x{k}xf32>
  %et = tensor.empty() : tensor<{k}x{n}xf32>
  %wt = linalg.transpose ins(%w : tensor<{n}x{k}xf32>) outs(%et : tensor<{k}x{n}xf32>) permutation = [1, 0]
  %e = tensor.empty{dims} : tensor<{ms}x{n}xf32>
  %init = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                          iterator_types = ["parallel", "parallel"]}} ins(%bias : tensor<{n}xf32>) outs(%e : tensor<{ms}x{n}xf32>) {{
  ^bb0(%b: f32, %o: f32):
    linalg.yield %b : f32
  }} -> tensor<{ms}x{n}xf32>
  %r = linalg.matmul ins(%x, %wt : tensor<{ms}x{k}xf32>, tensor<{k}x{n}xf32>) outs(%init : tensor<{ms}x{n}xf32>) -> tensor<{ms}x{n}xf32>
  return %r : tensor<{ms}x{n}xf32>
}}"""
