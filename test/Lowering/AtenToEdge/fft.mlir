// RUN: exir-mlir-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(aten-to-edge)'

// FFT (torch.fft.*) computes with complex tensors, which the lowering does not take (compile's
// complex_to_real rewrites them before import): in IR imported without it, each FFT op is refused
// at its line with what to do, and `abs` of its result says the operand is complex (not that the
// program is inconsistent). Dynamic batch.
func.func @rfft_abs(%x: tensor<?x8xf32>) -> tensor<?x5xf32> {
  // expected-error @+1 {{'aten::_fft_r2c' (torch.fft) computes with complex numbers: the lowering takes real tensors only. What to do: compile with exir_mlir.compile or import with `exir-mlir import --decompose`, which rewrite complex values and FFTs to real ops first}}
  %0 = "exir.priv_fft_r2c"(%x) {dim = array<i64: 1>, normalization = 0 : i64, onesided = true} : (tensor<?x8xf32>) -> tensor<?x5xcomplex<f32>>
  // expected-error @+1 {{'exir.abs' cannot be lowered to edge: its operand is a complex tensor (complex<f32>); the lowering takes real tensors only}}
  %1 = "exir.abs"(%0) : (tensor<?x5xcomplex<f32>>) -> tensor<?x5xf32>
  return %1 : tensor<?x5xf32>
}

// -----

// `_fft_c2c` (a complex input) arrives as a fallback call: the same message, not "no decomposition".
func.func private @"aten::_fft_c2c"(tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>> attributes {exir.aten_overload = "aten::_fft_c2c"}
func.func @fft_c2c(%x: tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>> {
  // expected-error @+1 {{'aten::_fft_c2c' (torch.fft) computes with complex numbers}}
  %0 = call @"aten::_fft_c2c"(%x) {exir.args = {dim = array<i64: 1>, normalization = 0 : i64, forward = true}, exir.operand_args = ["self"]} : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>>
  return %0 : tensor<4x8xcomplex<f32>>
}
