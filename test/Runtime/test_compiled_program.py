"""CompiledProgram behaviour: input checks, state binding, mutations, aliasing, caches, errors."""

import numpy as np
import pytest
import torch

import _linalg_kernels as K
from exir_mlir._mlir import ir
from exir_mlir.errors import ExirUserError
from exir_mlir.compiler import clear_memory_cache, compile_linalg

DYNAMIC_ADD = """
module attributes {exir.range_constraints = {s0 = {max = 64 : i64, min = 2 : i64}}} {
  func.func @main(%x: tensor<?x4xf32> {exir.input_kind = "user_input", exir.name = "x", exir.sym_shape = ["s0", "4"]},
                  %y: tensor<?x4xf32> {exir.input_kind = "user_input", exir.name = "y", exir.sym_shape = ["s0", "4"]})
      -> (tensor<?x4xf32> {exir.output_kind = "user_output"}) {
    %0 = tensor.empty(%d) : tensor<?x4xf32>
    %r = linalg.add ins(%x, %y : tensor<?x4xf32>, tensor<?x4xf32>) outs(%0 : tensor<?x4xf32>) -> tensor<?x4xf32>
    return %r : tensor<?x4xf32>
  }
}
"""

# A module with a parameter and a mutated buffer: out = x * w; counter = counter + 1.
STATEFUL = """
module {
  func.func @main(%w: tensor<3xf32> {exir.input_kind = "parameter", exir.name = "w"},
                  %counter: tensor<1xi64> {exir.input_kind = "buffer", exir.name = "counter", exir.persistent = true},
                  %x: tensor<3xf32> {exir.input_kind = "user_input", exir.name = "x"})
      -> (tensor<1xi64> {exir.output_kind = "buffer_mutation", exir.target = "counter"},
          tensor<3xf32> {exir.output_kind = "user_output"}) {
    %one = arith.constant dense<1> : tensor<1xi64>
    %e1 = tensor.empty() : tensor<1xi64>
    %c = linalg.add ins(%counter, %one : tensor<1xi64>, tensor<1xi64>) outs(%e1 : tensor<1xi64>) -> tensor<1xi64>
    %e2 = tensor.empty() : tensor<3xf32>
    %y = linalg.mul ins(%x, %w : tensor<3xf32>, tensor<3xf32>) outs(%e2 : tensor<3xf32>) -> tensor<3xf32>
    return %c, %y : tensor<1xi64>, tensor<3xf32>
  }
}
"""

ALIASING = """
func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<2xf32>) {
  %cst = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  return %x, %x, %cst : tensor<4xf32>, tensor<4xf32>, tensor<2xf32>
}
"""


def compile_text(text: str, **kwargs):
    with ir.Context():
        return compile_linalg(ir.Module.parse(text.replace("(%d)", "(%n)").replace(
            "%0 = tensor.empty", "%c0 = arith.constant 0 : index\n    %n = tensor.dim %x, %c0 : tensor<?x4xf32>\n    %0 = tensor.empty")), **kwargs)


@pytest.fixture(scope="module")
def dynamic_add():
    return compile_text(DYNAMIC_ADD)


def test_dynamic_sizes_inside_the_range_run(dynamic_add):
    for rows in (2, 9, 64):
        x, y = torch.randn(rows, 4), torch.randn(rows, 4)
        torch.testing.assert_close(dynamic_add(x, y)[0], x + y, rtol=0, atol=0)


@pytest.mark.parametrize(
    "x_shape,y_shape,dtype,message",
    [
        ((65, 4), (65, 4), torch.float32, r"input 'x' \(argument 0\) dim 0 has size 65, outside the range \[2, 64\] of 's0'"),
        ((1, 4), (1, 4), torch.float32, r"dim 0 has size 1, outside the range \[2, 64\]"),
        ((5, 4), (6, 4), torch.float32, r"input 'y' \(argument 1\) dim 0 has size 6, but input 'x' \(argument 0\) dim 0 has size 5"),
        ((5, 3), (5, 3), torch.float32, r"input 'x' \(argument 0\) dim 1 has size 3, but the program was compiled for size 4"),
        ((5, 4), (5, 4), torch.float64, r"input 'x' \(argument 0\) has dtype torch.float64, but the program was compiled for torch.float32"),
        ((5,), (5,), torch.float32, r"input 'x' \(argument 0\) has rank 1"),
    ],
)
def test_bad_inputs_are_clear_errors(dynamic_add, x_shape, y_shape, dtype, message):
    with pytest.raises(ExirUserError, match=message):
        dynamic_add(torch.zeros(x_shape, dtype=dtype), torch.zeros(y_shape, dtype=dtype))


EQUAL_DIMS = """
module attributes {exir.dim_equalities = [["a.size(0)", "b.size(1)"]]} {
  func.func @main(%a: tensor<?xf32> {exir.name = "a"}, %b: tensor<2x?xf32> {exir.name = "b"}) -> tensor<?xf32> {
    return %a : tensor<?xf32>
  }
}
"""


def test_dim_equalities_between_inputs():
    program = compile_text(EQUAL_DIMS)
    torch.testing.assert_close(program(torch.ones(3), torch.ones(2, 3))[0], torch.ones(3))
    with pytest.raises(ExirUserError, match=r"input 'a' \(argument 0\) dim 0 has size 3, input 'b' \(argument 1\) dim 1 has size 4"):
        program(torch.ones(3), torch.ones(2, 4))


def test_wrong_number_of_inputs(dynamic_add):
    with pytest.raises(ExirUserError, match=r"takes 2 inputs \(x, y\), got 1"):
        dynamic_add(torch.zeros(3, 4))


def test_state_binding_and_buffer_mutation_over_three_calls():
    state = {"w": torch.tensor([1.0, 2.0, 3.0]), "counter": torch.zeros(1, dtype=torch.int64)}
    program = compile_text(STATEFUL, state=state)
    x = torch.tensor([1.0, 1.0, 2.0])
    for call in range(1, 4):
        (y,) = program(x)
        torch.testing.assert_close(y, x * state["w"])
        assert program.state["counter"].item() == call


def test_missing_state_is_an_error():
    with pytest.raises(ExirUserError, match="state has no tensor for 'counter'"):
        compile_text(STATEFUL, state={"w": torch.ones(3)})


def test_results_aliasing_inputs_and_constants_are_copies():
    program = compile_text(ALIASING)
    x = torch.arange(4.0)
    a, b, c = program(x)
    x.add_(10)  # the outputs must not see the caller's later writes
    assert a.tolist() == [0.0, 1.0, 2.0, 3.0] and b.tolist() == [0.0, 1.0, 2.0, 3.0]
    assert a.data_ptr() != b.data_ptr()
    assert c.tolist() == [1.0, 2.0]


def test_outputs_are_handed_over_without_copy_and_survive_the_program():
    program = compile_text(K.matmul(4, 8, 4))
    a, b = torch.randn(4, 8), torch.randn(8, 4)
    (out,) = program(a, b)
    del program
    torch.testing.assert_close(out, a @ b, rtol=1e-4, atol=1e-5)


def test_unlowered_op_is_an_error_naming_it():
    with ir.Context() as ctx:
        ctx.allow_unregistered_dialects = True
        module = ir.Module.parse(
            'func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {\n'
            '  %0 = "exir.relu"(%x) : (tensor<2xf32>) -> tensor<2xf32> loc("model.py":12:4)\n'
            "  return %0 : tensor<2xf32>\n}"
        )
        with pytest.raises(ExirUserError, match=r"op 'exir.relu' at .*model.py.*:12:4.* is not lowered to linalg"):
            compile_linalg(module)


def test_missing_entry_is_an_error():
    with ir.Context():
        module = ir.Module.parse(K.matmul(2, 2, 2))
        with pytest.raises(ExirUserError, match="no func.func @forward"):
            compile_linalg(module, entry="forward")


def test_in_process_cache_reuses_compilation():
    clear_memory_cache()
    first = compile_text(K.matmul(3, 5, 7))
    second = compile_text(K.matmul(3, 5, 7))
    assert not first.reused_compilation and second.reused_compilation


def test_disk_cache_serves_a_fresh_process(tmp_path):
    clear_memory_cache()
    first = compile_text(K.matmul(3, 5, 9), cache_dir=tmp_path)
    assert not first.loaded_from_disk and list(tmp_path.glob("*.so"))  # machine code, not IR
    clear_memory_cache()  # what a new process starts with
    second = compile_text(K.matmul(3, 5, 9), cache_dir=tmp_path)
    assert second.loaded_from_disk
    a, b = np.random.rand(3, 5).astype(np.float32), np.random.rand(5, 9).astype(np.float32)
    np.testing.assert_allclose(second(a, b)[0], a @ b, rtol=1e-5, atol=1e-6)


SCALAR_ARG_NO_RESULT = """
func.func @main(%x: tensor<4xf32> {exir.name = "x"}, %n: i64 {exir.name = "n"}, %scale: f64 {exir.name = "scale"}) -> tensor<4xf32> {
  %f = arith.sitofp %n : i64 to f32
  %s = arith.truncf %scale : f64 to f32
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%v: f32, %o: f32):
    %a = arith.addf %v, %f : f32
    %m = arith.mulf %a, %s : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
"""


def test_scalar_arguments():
    program = compile_text(SCALAR_ARG_NO_RESULT)
    x = torch.arange(4.0)
    torch.testing.assert_close(program(x, 3, 0.5)[0], (x + 3) * 0.5)
    torch.testing.assert_close(program(x, torch.tensor(2), 2.0)[0], (x + 2) * 2)
    with pytest.raises(ExirUserError, match=r"input 'n' \(argument 1\) takes an int \(i64\), got 1.5"):
        program(x, 1.5, 1.0)


NO_RESULTS = """
func.func @main(%x: tensor<4xf32>) {
  return
}
"""


def test_function_without_results():
    assert compile_text(NO_RESULTS)(torch.ones(4)) == []


def test_exports_at_other_example_sizes_do_not_share_compiled_code():
    # str(ep) names a dynamic dim without its example size, on which decompositions may branch:
    # the in-process cache must tell the two exports apart (a reused program gave wrong values).
    import torch
    from torch.export import Dim, export

    import exir_mlir

    clear_memory_cache()
    model = torch.nn.Linear(4, 3)
    batch = Dim("batch", min=1, max=64)
    exports = [export(model, (torch.randn(n, 4),), dynamic_shapes=({0: batch},)) for n in (4, 8)]
    assert str(exports[0]) == str(exports[1])  # what the old key alone could not tell apart
    first, second = (exir_mlir.compile(ep) for ep in exports)
    again = exir_mlir.compile(exports[0])
    assert not first.reused_compilation and not second.reused_compilation and again.reused_compilation
