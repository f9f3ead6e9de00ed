// RUN: exir-mlir-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(aten-to-edge)'

// Random ops are not compiled yet (bits cannot match eager; no seed rule implemented): each is
// refused at its line with what to do. Dynamic size.
func.func @rand_dynamic(%n: !exir.symint) -> tensor<?x5xf32> {
  // expected-error @+1 {{'aten::rand' draws random numbers, which exir-mlir does not compile yet. What to do: draw the tensor with torch in eager and pass it in as an input of the program}}
  %0 = "exir.rand"(%n) {device = "cpu", pin_memory = false, static_size = array<i64: -9223372036854775808, 5>} : (!exir.symint) -> tensor<?x5xf32>
  return %0 : tensor<?x5xf32>
}

// -----

// randn_like has no exir op: a fallback call, refused the same way (not "pass a decomposition").
func.func private @"aten::randn_like"(tensor<?x8xf32>) -> tensor<?x8xf32> attributes {exir.aten_overload = "aten::randn_like"}
func.func @randn_like(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  // expected-error @+1 {{'aten::randn_like' draws random numbers}}
  %0 = call @"aten::randn_like"(%x) {exir.args = {pin_memory = false}, exir.operand_args = ["self"]} : (tensor<?x8xf32>) -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}
