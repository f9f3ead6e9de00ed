// GENERATED FILE, DO NOT EDIT. Regenerate with: python -m exir_mlir.tools.gen_dialects
// IRDL of the `exir` dialect, translated from dialects/Exir.td by tools/gen_irdl.py.
// Loaded at run time by exir_mlir.dialects.load_dialects (or `mlir-opt --irdl-file=`).
irdl.dialect @exir {
  irdl.type @symbool {
    irdl.parameters()
  }
  irdl.type @symfloat {
    irdl.parameters()
  }
  irdl.type @symint {
    irdl.parameters()
  }
  irdl.operation @abs {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @acos {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @acosh {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @adaptive_avg_pool1d {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"output_size" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @add_scalar {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.any
    %2 = irdl.any
    %3 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"other" = %1, "alpha" = %2}
    irdl.results(result: %3)
  }
  irdl.operation @add_tensor {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.any
    %3 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, other: %1)
    irdl.attributes {"alpha" = %2}
    irdl.results(result: %3)
  }
  irdl.operation @addmm {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.any
    %4 = irdl.any
    %5 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, mat1: %1, mat2: %2)
    irdl.attributes {"beta" = %3, "alpha" = %4}
    irdl.results(result: %5)
  }
  irdl.operation @alias {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @amax {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.is true
    %3 = irdl.is false
    %4 = irdl.any_of(%2, %3)
    %5 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"dim" = %1, "keepdim" = %4}
    irdl.results(result: %5)
  }
  irdl.operation @amin {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.is true
    %3 = irdl.is false
    %4 = irdl.any_of(%2, %3)
    %5 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"dim" = %1, "keepdim" = %4}
    irdl.results(result: %5)
  }
  irdl.operation @any {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @any_dim {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.integer"
    %2 = irdl.is true
    %3 = irdl.is false
    %4 = irdl.any_of(%2, %3)
    %5 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"dim" = %1, "keepdim" = %4}
    irdl.results(result: %5)
  }
  irdl.operation @any_dims {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.is true
    %2 = irdl.is false
    %3 = irdl.any_of(%1, %2)
    %4 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"keepdim" = %3}
    irdl.results(result: %4)
  }
  irdl.operation @arange_start_step {
    %0 = irdl.any
    %1 = irdl.any
    %2 = irdl.any
    %3 = irdl.base "!builtin.tensor"
    irdl.operands()
    irdl.attributes {"start" = %0, "end" = %1, "step" = %2}
    irdl.results(result: %3)
  }
  irdl.operation @argmax {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.is true
    %2 = irdl.is false
    %3 = irdl.any_of(%1, %2)
    %4 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"keepdim" = %3}
    irdl.results(result: %4)
  }
  irdl.operation @argmin {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.is true
    %2 = irdl.is false
    %3 = irdl.any_of(%1, %2)
    %4 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"keepdim" = %3}
    irdl.results(result: %4)
  }
  irdl.operation @as_strided {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.parametric @exir::@symint<>
    %3 = irdl.base "#builtin.dense_array"
    %4 = irdl.parametric @exir::@symint<>
    %5 = irdl.parametric @exir::@symint<>
    %6 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, size: variadic %2, stride: variadic %4, storage_offset: optional %5)
    irdl.attributes {"static_size" = %1, "static_stride" = %3}
    irdl.results(result: %6)
  }
  irdl.operation @asin {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @asinh {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @atan {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @atan2 {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, other: %1)
    irdl.results(result: %2)
  }
  irdl.operation @atan2_out {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, other: %1, out: %2)
    irdl.results(result: %3)
  }
  irdl.operation @atanh {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @avg_pool1d {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.base "#builtin.dense_array"
    %3 = irdl.base "#builtin.dense_array"
    %4 = irdl.is true
    %5 = irdl.is false
    %6 = irdl.any_of(%4, %5)
    %7 = irdl.is true
    %8 = irdl.is false
    %9 = irdl.any_of(%7, %8)
    %10 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"kernel_size" = %1, "stride" = %2, "padding" = %3, "ceil_mode" = %6, "count_include_pad" = %9}
    irdl.results(result: %10)
  }
  irdl.operation @avg_pool2d {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.base "#builtin.dense_array"
    %3 = irdl.base "#builtin.dense_array"
    %4 = irdl.is true
    %5 = irdl.is false
    %6 = irdl.any_of(%4, %5)
    %7 = irdl.is true
    %8 = irdl.is false
    %9 = irdl.any_of(%7, %8)
    %10 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"kernel_size" = %1, "stride" = %2, "padding" = %3, "ceil_mode" = %6, "count_include_pad" = %9}
    irdl.results(result: %10)
  }
  irdl.operation @avg_pool2d_backward {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "#builtin.dense_array"
    %3 = irdl.base "#builtin.dense_array"
    %4 = irdl.base "#builtin.dense_array"
    %5 = irdl.is true
    %6 = irdl.is false
    %7 = irdl.any_of(%5, %6)
    %8 = irdl.is true
    %9 = irdl.is false
    %10 = irdl.any_of(%8, %9)
    %11 = irdl.base "!builtin.tensor"
    irdl.operands(grad_output: %0, self: %1)
    irdl.attributes {"kernel_size" = %2, "stride" = %3, "padding" = %4, "ceil_mode" = %7, "count_include_pad" = %10}
    irdl.results(result: %11)
  }
  irdl.operation @avg_pool3d {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.base "#builtin.dense_array"
    %3 = irdl.base "#builtin.dense_array"
    %4 = irdl.is true
    %5 = irdl.is false
    %6 = irdl.any_of(%4, %5)
    %7 = irdl.is true
    %8 = irdl.is false
    %9 = irdl.any_of(%7, %8)
    %10 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"kernel_size" = %1, "stride" = %2, "padding" = %3, "ceil_mode" = %6, "count_include_pad" = %9}
    irdl.results(result: %10)
  }
  irdl.operation @bitwise_and_scalar {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.any
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"other" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @bitwise_and_tensor {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, other: %1)
    irdl.results(result: %2)
  }
  irdl.operation @bitwise_not {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @bitwise_or_scalar {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.any
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"other" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @bitwise_or_tensor {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, other: %1)
    irdl.results(result: %2)
  }
  irdl.operation @bitwise_xor_scalar {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.any
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"other" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @bitwise_xor_tensor {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, other: %1)
    irdl.results(result: %2)
  }
  irdl.operation @bmm {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, mat2: %1)
    irdl.results(result: %2)
  }
  irdl.operation @cat {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.integer"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(tensors: variadic %0)
    irdl.attributes {"dim" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @ceil {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @clamp {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @clamp_tensor {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, min: optional %1, max: optional %2)
    irdl.results(result: %3)
  }
  irdl.operation @clone {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @col2im {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.parametric @exir::@symint<>
    %3 = irdl.base "#builtin.dense_array"
    %4 = irdl.base "#builtin.dense_array"
    %5 = irdl.base "#builtin.dense_array"
    %6 = irdl.base "#builtin.dense_array"
    %7 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, output_size: variadic %2)
    irdl.attributes {"static_output_size" = %1, "kernel_size" = %3, "dilation" = %4, "padding" = %5, "stride" = %6}
    irdl.results(result: %7)
  }
  irdl.operation @constant_pad_nd {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.parametric @exir::@symint<>
    %3 = irdl.any
    %4 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, pad: variadic %2)
    irdl.attributes {"static_pad" = %1, "value" = %3}
    irdl.results(result: %4)
  }
  irdl.operation @convolution {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.base "#builtin.dense_array"
    %4 = irdl.parametric @exir::@symint<>
    %5 = irdl.base "#builtin.dense_array"
    %6 = irdl.parametric @exir::@symint<>
    %7 = irdl.base "#builtin.dense_array"
    %8 = irdl.parametric @exir::@symint<>
    %9 = irdl.is true
    %10 = irdl.is false
    %11 = irdl.any_of(%9, %10)
    %12 = irdl.base "#builtin.dense_array"
    %13 = irdl.parametric @exir::@symint<>
    %14 = irdl.base "#builtin.integer"
    %15 = irdl.parametric @exir::@symint<>
    %16 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0, weight: %1, bias: optional %2, stride: variadic %4, padding: variadic %6, dilation: variadic %8, output_padding: variadic %13, groups: optional %15)
    irdl.attributes {"static_stride" = %3, "static_padding" = %5, "static_dilation" = %7, "transposed" = %11, "static_output_padding" = %12, "static_groups" = %14}
    irdl.results(result: %16)
  }
  irdl.operation @convolution_backward {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.parametric @exir::@symint<>
    %4 = irdl.base "#builtin.dense_array"
    %5 = irdl.parametric @exir::@symint<>
    %6 = irdl.base "#builtin.dense_array"
    %7 = irdl.parametric @exir::@symint<>
    %8 = irdl.base "#builtin.dense_array"
    %9 = irdl.parametric @exir::@symint<>
    %10 = irdl.is true
    %11 = irdl.is false
    %12 = irdl.any_of(%10, %11)
    %13 = irdl.base "#builtin.dense_array"
    %14 = irdl.parametric @exir::@symint<>
    %15 = irdl.base "#builtin.integer"
    %16 = irdl.parametric @exir::@symint<>
    %17 = irdl.base "#builtin.dense_array"
    %18 = irdl.base "!builtin.tensor"
    %19 = irdl.base "!builtin.tensor"
    %20 = irdl.base "!builtin.tensor"
    irdl.operands(grad_output: %0, input: %1, weight: %2, bias_sizes: variadic %3, stride: variadic %5, padding: variadic %7, dilation: variadic %9, output_padding: variadic %14, groups: optional %16)
    irdl.attributes {"static_stride" = %4, "static_padding" = %6, "static_dilation" = %8, "transposed" = %12, "static_output_padding" = %13, "static_groups" = %15, "output_mask" = %17}
    irdl.results(result0: %18, result1: %19, result2: %20)
  }
  irdl.operation @copy {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.is true
    %3 = irdl.is false
    %4 = irdl.any_of(%2, %3)
    %5 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, src: %1)
    irdl.attributes {"non_blocking" = %4}
    irdl.results(result: %5)
  }
  irdl.operation @cos {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @cosh {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @cumsum {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.integer"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"dim" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @diagonal {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.integer"
    %2 = irdl.base "#builtin.integer"
    %3 = irdl.base "#builtin.integer"
    %4 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"offset" = %1, "dim1" = %2, "dim2" = %3}
    irdl.results(result: %4)
  }
  irdl.operation @div_scalar {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.any
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"other" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @div_scalar_mode {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.any
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"other" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @div_tensor {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, other: %1)
    irdl.results(result: %2)
  }
  irdl.operation @div_tensor_mode {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, other: %1)
    irdl.results(result: %2)
  }
  irdl.operation @elu {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.any
    %2 = irdl.any
    %3 = irdl.any
    %4 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"alpha" = %1, "scale" = %2, "input_scale" = %3}
    irdl.results(result: %4)
  }
  irdl.operation @embedding {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "#builtin.integer"
    %3 = irdl.parametric @exir::@symint<>
    %4 = irdl.is true
    %5 = irdl.is false
    %6 = irdl.any_of(%4, %5)
    %7 = irdl.is true
    %8 = irdl.is false
    %9 = irdl.any_of(%7, %8)
    %10 = irdl.base "!builtin.tensor"
    irdl.operands(weight: %0, indices: %1, padding_idx: optional %3)
    irdl.attributes {"static_padding_idx" = %2, "scale_grad_by_freq" = %6, "sparse" = %9}
    irdl.results(result: %10)
  }
  irdl.operation @embedding_dense_backward {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "#builtin.integer"
    %3 = irdl.parametric @exir::@symint<>
    %4 = irdl.base "#builtin.integer"
    %5 = irdl.parametric @exir::@symint<>
    %6 = irdl.is true
    %7 = irdl.is false
    %8 = irdl.any_of(%6, %7)
    %9 = irdl.base "!builtin.tensor"
    irdl.operands(grad_output: %0, indices: %1, num_weights: optional %3, padding_idx: optional %5)
    irdl.attributes {"static_num_weights" = %2, "static_padding_idx" = %4, "scale_grad_by_freq" = %8}
    irdl.results(result: %9)
  }
  irdl.operation @empty_memory_format {
    %0 = irdl.base "#builtin.dense_array"
    %1 = irdl.parametric @exir::@symint<>
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(size: variadic %1)
    irdl.attributes {"static_size" = %0}
    irdl.results(result: %2)
  }
  irdl.operation @empty_strided {
    %0 = irdl.base "#builtin.dense_array"
    %1 = irdl.parametric @exir::@symint<>
    %2 = irdl.base "#builtin.dense_array"
    %3 = irdl.parametric @exir::@symint<>
    %4 = irdl.base "!builtin.tensor"
    irdl.operands(size: variadic %1, stride: variadic %3)
    irdl.attributes {"static_size" = %0, "static_stride" = %2}
    irdl.results(result: %4)
  }
  irdl.operation @eq_scalar {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.any
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"other" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @eq_tensor {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, other: %1)
    irdl.results(result: %2)
  }
  irdl.operation @erf {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @exp {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @expand {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.parametric @exir::@symint<>
    %3 = irdl.is true
    %4 = irdl.is false
    %5 = irdl.any_of(%3, %4)
    %6 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, size: variadic %2)
    irdl.attributes {"static_size" = %1, "implicit" = %5}
    irdl.results(result: %6)
  }
  irdl.operation @expm1 {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @fill_scalar {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.any
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"value" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @flip {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"dims" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @floor {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @fmod_scalar {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.any
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"other" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @fmod_tensor {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, other: %1)
    irdl.results(result: %2)
  }
  irdl.operation @full {
    %0 = irdl.base "#builtin.dense_array"
    %1 = irdl.parametric @exir::@symint<>
    %2 = irdl.any
    %3 = irdl.base "!builtin.tensor"
    irdl.operands(size: variadic %1)
    irdl.attributes {"static_size" = %0, "fill_value" = %2}
    irdl.results(result: %3)
  }
  irdl.operation @full_like {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.any
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"fill_value" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @gather {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.integer"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.is true
    %4 = irdl.is false
    %5 = irdl.any_of(%3, %4)
    %6 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, index: %2)
    irdl.attributes {"dim" = %1, "sparse_grad" = %5}
    irdl.results(result: %6)
  }
  irdl.operation @ge_scalar {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.any
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"other" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @ge_tensor {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, other: %1)
    irdl.results(result: %2)
  }
  irdl.operation @gelu {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.string"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"approximate" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @grid_sampler_2d {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "#builtin.integer"
    %3 = irdl.base "#builtin.integer"
    %4 = irdl.is true
    %5 = irdl.is false
    %6 = irdl.any_of(%4, %5)
    %7 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0, grid: %1)
    irdl.attributes {"interpolation_mode" = %2, "padding_mode" = %3, "align_corners" = %6}
    irdl.results(result: %7)
  }
  irdl.operation @gt_scalar {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.any
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"other" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @gt_tensor {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, other: %1)
    irdl.results(result: %2)
  }
  irdl.operation @hardtanh {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.any
    %2 = irdl.any
    %3 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"min_val" = %1, "max_val" = %2}
    irdl.results(result: %3)
  }
  irdl.operation @index_put {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "#builtin.dense_array"
    %3 = irdl.base "!builtin.tensor"
    %4 = irdl.is true
    %5 = irdl.is false
    %6 = irdl.any_of(%4, %5)
    %7 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, indices: variadic %1, values: %3)
    irdl.attributes {"indices_present" = %2, "accumulate" = %6}
    irdl.results(result: %7)
  }
  irdl.operation @index_select {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.integer"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, index: %2)
    irdl.attributes {"dim" = %1}
    irdl.results(result: %3)
  }
  irdl.operation @index_tensor {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "#builtin.dense_array"
    %3 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, indices: variadic %1)
    irdl.attributes {"indices_present" = %2}
    irdl.results(result: %3)
  }
  irdl.operation @isinf {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @isnan {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @le_scalar {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.any
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"other" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @le_tensor {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, other: %1)
    irdl.results(result: %2)
  }
  irdl.operation @leaky_relu {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.any
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"negative_slope" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @literal {
    %0 = irdl.any
    %1 = irdl.base "!builtin.tensor"
    irdl.operands()
    irdl.attributes {"value" = %0}
    irdl.results(result: %1)
  }
  irdl.operation @log {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @log10 {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @log1p {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @log2 {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @logical_and {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, other: %1)
    irdl.results(result: %2)
  }
  irdl.operation @logical_not {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @logical_or {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, other: %1)
    irdl.results(result: %2)
  }
  irdl.operation @logical_xor {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, other: %1)
    irdl.results(result: %2)
  }
  irdl.operation @lt_scalar {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.any
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"other" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @lt_tensor {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, other: %1)
    irdl.results(result: %2)
  }
  irdl.operation @masked_scatter {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, mask: %1, source: %2)
    irdl.results(result: %3)
  }
  irdl.operation @max_dim {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.integer"
    %2 = irdl.is true
    %3 = irdl.is false
    %4 = irdl.any_of(%2, %3)
    %5 = irdl.base "!builtin.tensor"
    %6 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"dim" = %1, "keepdim" = %4}
    irdl.results(values: %5, indices: %6)
  }
  irdl.operation @max_pool2d_with_indices {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.base "#builtin.dense_array"
    %3 = irdl.base "#builtin.dense_array"
    %4 = irdl.base "#builtin.dense_array"
    %5 = irdl.is true
    %6 = irdl.is false
    %7 = irdl.any_of(%5, %6)
    %8 = irdl.base "!builtin.tensor"
    %9 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"kernel_size" = %1, "stride" = %2, "padding" = %3, "dilation" = %4, "ceil_mode" = %7}
    irdl.results(result0: %8, result1: %9)
  }
  irdl.operation @max_pool2d_with_indices_backward {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "#builtin.dense_array"
    %3 = irdl.base "#builtin.dense_array"
    %4 = irdl.base "#builtin.dense_array"
    %5 = irdl.base "#builtin.dense_array"
    %6 = irdl.is true
    %7 = irdl.is false
    %8 = irdl.any_of(%6, %7)
    %9 = irdl.base "!builtin.tensor"
    %10 = irdl.base "!builtin.tensor"
    irdl.operands(grad_output: %0, self: %1, indices: %9)
    irdl.attributes {"kernel_size" = %2, "stride" = %3, "padding" = %4, "dilation" = %5, "ceil_mode" = %8}
    irdl.results(result: %10)
  }
  irdl.operation @max_pool3d_with_indices {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.base "#builtin.dense_array"
    %3 = irdl.base "#builtin.dense_array"
    %4 = irdl.base "#builtin.dense_array"
    %5 = irdl.is true
    %6 = irdl.is false
    %7 = irdl.any_of(%5, %6)
    %8 = irdl.base "!builtin.tensor"
    %9 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"kernel_size" = %1, "stride" = %2, "padding" = %3, "dilation" = %4, "ceil_mode" = %7}
    irdl.results(result0: %8, result1: %9)
  }
  irdl.operation @maximum {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, other: %1)
    irdl.results(result: %2)
  }
  irdl.operation @mean {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @mean_dim {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.is true
    %2 = irdl.is false
    %3 = irdl.any_of(%1, %2)
    %4 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"keepdim" = %3}
    irdl.results(result: %4)
  }
  irdl.operation @min_dim {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.integer"
    %2 = irdl.is true
    %3 = irdl.is false
    %4 = irdl.any_of(%2, %3)
    %5 = irdl.base "!builtin.tensor"
    %6 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"dim" = %1, "keepdim" = %4}
    irdl.results(values: %5, indices: %6)
  }
  irdl.operation @minimum {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, other: %1)
    irdl.results(result: %2)
  }
  irdl.operation @mm {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, mat2: %1)
    irdl.results(result: %2)
  }
  irdl.operation @mul_scalar {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.any
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"other" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @mul_tensor {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, other: %1)
    irdl.results(result: %2)
  }
  irdl.operation @native_dropout {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.float"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.attributes {"p" = %1}
    irdl.results(result0: %2, result1: %3)
  }
  irdl.operation @native_group_norm {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.base "#builtin.integer"
    %4 = irdl.parametric @exir::@symint<>
    %5 = irdl.base "#builtin.integer"
    %6 = irdl.parametric @exir::@symint<>
    %7 = irdl.base "#builtin.integer"
    %8 = irdl.parametric @exir::@symint<>
    %9 = irdl.base "#builtin.integer"
    %10 = irdl.base "#builtin.float"
    %11 = irdl.base "!builtin.tensor"
    %12 = irdl.base "!builtin.tensor"
    %13 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0, weight: optional %1, bias: optional %2, n: optional %4, c: optional %6, hxw: optional %8)
    irdl.attributes {"static_n" = %3, "static_c" = %5, "static_hxw" = %7, "group" = %9, "eps" = %10}
    irdl.results(result0: %11, result1: %12, result2: %13)
  }
  irdl.operation @native_group_norm_backward {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.base "!builtin.tensor"
    %4 = irdl.base "!builtin.tensor"
    %5 = irdl.base "#builtin.integer"
    %6 = irdl.parametric @exir::@symint<>
    %7 = irdl.base "#builtin.integer"
    %8 = irdl.parametric @exir::@symint<>
    %9 = irdl.base "#builtin.integer"
    %10 = irdl.parametric @exir::@symint<>
    %11 = irdl.base "#builtin.integer"
    %12 = irdl.base "#builtin.dense_array"
    %13 = irdl.base "!builtin.tensor"
    %14 = irdl.base "!builtin.tensor"
    %15 = irdl.base "!builtin.tensor"
    irdl.operands(grad_out: %0, input: %1, mean: %2, rstd: %3, weight: optional %4, n: optional %6, c: optional %8, hxw: optional %10)
    irdl.attributes {"static_n" = %5, "static_c" = %7, "static_hxw" = %9, "group" = %11, "output_mask" = %12}
    irdl.results(result0: %13, result1: %14, result2: %15)
  }
  irdl.operation @native_layer_norm {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.parametric @exir::@symint<>
    %3 = irdl.base "!builtin.tensor"
    %4 = irdl.base "!builtin.tensor"
    %5 = irdl.base "#builtin.float"
    %6 = irdl.base "!builtin.tensor"
    %7 = irdl.base "!builtin.tensor"
    %8 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0, normalized_shape: variadic %2, weight: optional %3, bias: optional %4)
    irdl.attributes {"static_normalized_shape" = %1, "eps" = %5}
    irdl.results(result0: %6, result1: %7, result2: %8)
  }
  irdl.operation @native_layer_norm_backward {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "#builtin.dense_array"
    %3 = irdl.parametric @exir::@symint<>
    %4 = irdl.base "!builtin.tensor"
    %5 = irdl.base "!builtin.tensor"
    %6 = irdl.base "!builtin.tensor"
    %7 = irdl.base "!builtin.tensor"
    %8 = irdl.base "#builtin.dense_array"
    %9 = irdl.base "!builtin.tensor"
    %10 = irdl.base "!builtin.tensor"
    %11 = irdl.base "!builtin.tensor"
    irdl.operands(grad_out: %0, input: %1, normalized_shape: variadic %3, mean: %4, rstd: %5, weight: optional %6, bias: optional %7)
    irdl.attributes {"static_normalized_shape" = %2, "output_mask" = %8}
    irdl.results(result0: %9, result1: %10, result2: %11)
  }
  irdl.operation @ne_scalar {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.any
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"other" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @ne_tensor {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, other: %1)
    irdl.results(result: %2)
  }
  irdl.operation @neg {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @nonzero {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @permute {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"dims" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @pow_scalar {
    %0 = irdl.any
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(exponent: %1)
    irdl.attributes {"self" = %0}
    irdl.results(result: %2)
  }
  irdl.operation @pow_tensor_scalar {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.any
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"exponent" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @pow_tensor_tensor {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, exponent: %1)
    irdl.results(result: %2)
  }
  irdl.operation @priv_adaptive_avg_pool2d {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.parametric @exir::@symint<>
    %3 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, output_size: variadic %2)
    irdl.attributes {"static_output_size" = %1}
    irdl.results(result: %3)
  }
  irdl.operation @priv_adaptive_avg_pool2d_backward {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(grad_output: %0, self: %1)
    irdl.results(result: %2)
  }
  irdl.operation @priv_adaptive_avg_pool3d {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.parametric @exir::@symint<>
    %3 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, output_size: variadic %2)
    irdl.attributes {"static_output_size" = %1}
    irdl.results(result: %3)
  }
  irdl.operation @priv_assert_scalar {
    %0 = irdl.parametric @exir::@symint<>
    %1 = irdl.parametric @exir::@symfloat<>
    %2 = irdl.parametric @exir::@symbool<>
    %3 = irdl.any_of(%0, %1, %2)
    %4 = irdl.base "#builtin.string"
    irdl.operands(self: %3)
    irdl.attributes {"assert_msg" = %4}
    irdl.results()
  }
  irdl.operation @priv_cdist_forward {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "#builtin.float"
    %3 = irdl.base "!builtin.tensor"
    irdl.operands(x1: %0, x2: %1)
    irdl.attributes {"p" = %2}
    irdl.results(result: %3)
  }
  irdl.operation @priv_embedding_bag {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.is true
    %4 = irdl.is false
    %5 = irdl.any_of(%3, %4)
    %6 = irdl.base "#builtin.integer"
    %7 = irdl.is true
    %8 = irdl.is false
    %9 = irdl.any_of(%7, %8)
    %10 = irdl.base "!builtin.tensor"
    %11 = irdl.is true
    %12 = irdl.is false
    %13 = irdl.any_of(%11, %12)
    %14 = irdl.base "#builtin.integer"
    %15 = irdl.base "!builtin.tensor"
    %16 = irdl.base "!builtin.tensor"
    %17 = irdl.base "!builtin.tensor"
    %18 = irdl.base "!builtin.tensor"
    irdl.operands(weight: %0, indices: %1, offsets: %2, per_sample_weights: optional %10)
    irdl.attributes {"scale_grad_by_freq" = %5, "mode" = %6, "sparse" = %9, "include_last_offset" = %13, "padding_idx" = %14}
    irdl.results(result0: %15, result1: %16, result2: %17, result3: %18)
  }
  irdl.operation @priv_fft_c2r {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.base "#builtin.integer"
    %3 = irdl.base "#builtin.integer"
    %4 = irdl.parametric @exir::@symint<>
    %5 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, last_dim_size: optional %4)
    irdl.attributes {"dim" = %1, "normalization" = %2, "static_last_dim_size" = %3}
    irdl.results(result: %5)
  }
  irdl.operation @priv_fft_r2c {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.base "#builtin.integer"
    %3 = irdl.is true
    %4 = irdl.is false
    %5 = irdl.any_of(%3, %4)
    %6 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"dim" = %1, "normalization" = %2, "onesided" = %5}
    irdl.results(result: %6)
  }
  irdl.operation @priv_local_scalar_dense {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.parametric @exir::@symint<>
    %2 = irdl.parametric @exir::@symfloat<>
    %3 = irdl.parametric @exir::@symbool<>
    %4 = irdl.any_of(%1, %2, %3)
    irdl.operands(self: %0)
    irdl.results(result: %4)
  }
  irdl.operation @priv_log_softmax {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.integer"
    %2 = irdl.is true
    %3 = irdl.is false
    %4 = irdl.any_of(%2, %3)
    %5 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"dim" = %1, "half_to_float" = %4}
    irdl.results(result: %5)
  }
  irdl.operation @priv_native_batch_norm_legit {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.base "!builtin.tensor"
    %4 = irdl.base "!builtin.tensor"
    %5 = irdl.is true
    %6 = irdl.is false
    %7 = irdl.any_of(%5, %6)
    %8 = irdl.base "#builtin.float"
    %9 = irdl.base "#builtin.float"
    %10 = irdl.base "!builtin.tensor"
    %11 = irdl.base "!builtin.tensor"
    %12 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0, weight: optional %1, bias: optional %2, running_mean: %3, running_var: %4)
    irdl.attributes {"training" = %7, "momentum" = %8, "eps" = %9}
    irdl.results(result0: %10, result1: %11, result2: %12)
  }
  irdl.operation @priv_native_batch_norm_legit_no_stats {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.is true
    %4 = irdl.is false
    %5 = irdl.any_of(%3, %4)
    %6 = irdl.base "#builtin.float"
    %7 = irdl.base "#builtin.float"
    %8 = irdl.base "!builtin.tensor"
    %9 = irdl.base "!builtin.tensor"
    %10 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0, weight: optional %1, bias: optional %2)
    irdl.attributes {"training" = %5, "momentum" = %6, "eps" = %7}
    irdl.results(result0: %8, result1: %9, result2: %10)
  }
  irdl.operation @priv_native_batch_norm_legit_no_training {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.base "!builtin.tensor"
    %4 = irdl.base "!builtin.tensor"
    %5 = irdl.base "#builtin.float"
    %6 = irdl.base "#builtin.float"
    %7 = irdl.base "!builtin.tensor"
    %8 = irdl.base "!builtin.tensor"
    %9 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0, weight: optional %1, bias: optional %2, running_mean: %3, running_var: %4)
    irdl.attributes {"momentum" = %5, "eps" = %6}
    irdl.results(result0: %7, result1: %8, result2: %9)
  }
  irdl.operation @priv_pdist_forward {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.float"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"p" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @priv_softmax {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.integer"
    %2 = irdl.is true
    %3 = irdl.is false
    %4 = irdl.any_of(%2, %3)
    %5 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"dim" = %1, "half_to_float" = %4}
    irdl.results(result: %5)
  }
  irdl.operation @priv_to_copy {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.is true
    %2 = irdl.is false
    %3 = irdl.any_of(%1, %2)
    %4 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"non_blocking" = %3}
    irdl.results(result: %4)
  }
  irdl.operation @prod {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @prod_dim_int {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.integer"
    %2 = irdl.is true
    %3 = irdl.is false
    %4 = irdl.any_of(%2, %3)
    %5 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"dim" = %1, "keepdim" = %4}
    irdl.results(result: %5)
  }
  irdl.operation @rand {
    %0 = irdl.base "#builtin.dense_array"
    %1 = irdl.parametric @exir::@symint<>
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(size: variadic %1)
    irdl.attributes {"static_size" = %0}
    irdl.results(result: %2)
  }
  irdl.operation @randn {
    %0 = irdl.base "#builtin.dense_array"
    %1 = irdl.parametric @exir::@symint<>
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(size: variadic %1)
    irdl.attributes {"static_size" = %0}
    irdl.results(result: %2)
  }
  irdl.operation @randperm {
    %0 = irdl.base "#builtin.integer"
    %1 = irdl.parametric @exir::@symint<>
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(n: optional %1)
    irdl.attributes {"static_n" = %0}
    irdl.results(result: %2)
  }
  irdl.operation @reciprocal {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @reflection_pad1d {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.parametric @exir::@symint<>
    %3 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, padding: variadic %2)
    irdl.attributes {"static_padding" = %1}
    irdl.results(result: %3)
  }
  irdl.operation @reflection_pad2d {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.parametric @exir::@symint<>
    %3 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, padding: variadic %2)
    irdl.attributes {"static_padding" = %1}
    irdl.results(result: %3)
  }
  irdl.operation @reflection_pad3d {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.parametric @exir::@symint<>
    %3 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, padding: variadic %2)
    irdl.attributes {"static_padding" = %1}
    irdl.results(result: %3)
  }
  irdl.operation @relu {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @remainder_scalar {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.any
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"other" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @remainder_tensor {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, other: %1)
    irdl.results(result: %2)
  }
  irdl.operation @repeat {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.parametric @exir::@symint<>
    %3 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, repeats: variadic %2)
    irdl.attributes {"static_repeats" = %1}
    irdl.results(result: %3)
  }
  irdl.operation @replication_pad2d {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.parametric @exir::@symint<>
    %3 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, padding: variadic %2)
    irdl.attributes {"static_padding" = %1}
    irdl.results(result: %3)
  }
  irdl.operation @replication_pad3d {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.parametric @exir::@symint<>
    %3 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, padding: variadic %2)
    irdl.attributes {"static_padding" = %1}
    irdl.results(result: %3)
  }
  irdl.operation @resize_inplace {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.parametric @exir::@symint<>
    %3 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, size: variadic %2)
    irdl.attributes {"static_size" = %1}
    irdl.results(result: %3)
  }
  irdl.operation @round {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @rsqrt {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @scalar_tensor {
    %0 = irdl.any
    %1 = irdl.base "!builtin.tensor"
    irdl.operands()
    irdl.attributes {"s" = %0}
    irdl.results(result: %1)
  }
  irdl.operation @scatter_add {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.integer"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.base "!builtin.tensor"
    %4 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, index: %2, src: %3)
    irdl.attributes {"dim" = %1}
    irdl.results(result: %4)
  }
  irdl.operation @scatter_reduce_two {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.integer"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.base "!builtin.tensor"
    %4 = irdl.base "#builtin.string"
    %5 = irdl.is true
    %6 = irdl.is false
    %7 = irdl.any_of(%5, %6)
    %8 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, index: %2, src: %3)
    irdl.attributes {"dim" = %1, "reduce" = %4, "include_self" = %7}
    irdl.results(result: %8)
  }
  irdl.operation @scatter_src {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.integer"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.base "!builtin.tensor"
    %4 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, index: %2, src: %3)
    irdl.attributes {"dim" = %1}
    irdl.results(result: %4)
  }
  irdl.operation @scatter_value {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.integer"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.any
    %4 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, index: %2)
    irdl.attributes {"dim" = %1, "value" = %3}
    irdl.results(result: %4)
  }
  irdl.operation @select_int {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.integer"
    %2 = irdl.base "#builtin.integer"
    %3 = irdl.parametric @exir::@symint<>
    %4 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, index: optional %3)
    irdl.attributes {"dim" = %1, "static_index" = %2}
    irdl.results(result: %4)
  }
  irdl.operation @select_scatter {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "#builtin.integer"
    %3 = irdl.base "#builtin.integer"
    %4 = irdl.parametric @exir::@symint<>
    %5 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, src: %1, index: optional %4)
    irdl.attributes {"dim" = %2, "static_index" = %3}
    irdl.results(result: %5)
  }
  irdl.operation @sigmoid {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @sign {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @sin {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @sinh {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @slice_scatter {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "#builtin.integer"
    %3 = irdl.parametric @exir::@symint<>
    %4 = irdl.parametric @exir::@symint<>
    %5 = irdl.base "#builtin.integer"
    %6 = irdl.parametric @exir::@symint<>
    %7 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, src: %1, start: optional %3, end: optional %4, step: optional %6)
    irdl.attributes {"dim" = %2, "static_step" = %5}
    irdl.results(result: %7)
  }
  irdl.operation @slice_tensor {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.integer"
    %2 = irdl.parametric @exir::@symint<>
    %3 = irdl.parametric @exir::@symint<>
    %4 = irdl.base "#builtin.integer"
    %5 = irdl.parametric @exir::@symint<>
    %6 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, start: optional %2, end: optional %3, step: optional %5)
    irdl.attributes {"dim" = %1, "static_step" = %4}
    irdl.results(result: %6)
  }
  irdl.operation @sort {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.integer"
    %2 = irdl.is true
    %3 = irdl.is false
    %4 = irdl.any_of(%2, %3)
    %5 = irdl.base "!builtin.tensor"
    %6 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"dim" = %1, "descending" = %4}
    irdl.results(values: %5, indices: %6)
  }
  irdl.operation @split_with_sizes {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.parametric @exir::@symint<>
    %3 = irdl.base "#builtin.integer"
    %4 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, split_sizes: variadic %2)
    irdl.attributes {"static_split_sizes" = %1, "dim" = %3}
    irdl.results(result: variadic %4)
  }
  irdl.operation @sqrt {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @squeeze_dim {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.integer"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"dim" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @squeeze_dims {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"dim" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @sub_scalar {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.any
    %2 = irdl.any
    %3 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"other" = %1, "alpha" = %2}
    irdl.results(result: %3)
  }
  irdl.operation @sub_tensor {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.any
    %3 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, other: %1)
    irdl.attributes {"alpha" = %2}
    irdl.results(result: %3)
  }
  irdl.operation @sum_dim_intlist {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.is true
    %2 = irdl.is false
    %3 = irdl.any_of(%1, %2)
    %4 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"keepdim" = %3}
    irdl.results(result: %4)
  }
  irdl.operation @sym_add {
    %0 = irdl.parametric @exir::@symint<>
    %1 = irdl.parametric @exir::@symfloat<>
    %2 = irdl.any_of(%0, %1)
    %3 = irdl.parametric @exir::@symint<>
    %4 = irdl.parametric @exir::@symfloat<>
    %5 = irdl.any_of(%3, %4)
    %6 = irdl.parametric @exir::@symint<>
    %7 = irdl.parametric @exir::@symfloat<>
    %8 = irdl.any_of(%6, %7)
    irdl.operands(lhs: %2, rhs: %5)
    irdl.results(result: %8)
  }
  irdl.operation @sym_and {
    %0 = irdl.parametric @exir::@symbool<>
    %1 = irdl.parametric @exir::@symbool<>
    %2 = irdl.parametric @exir::@symbool<>
    irdl.operands(lhs: %0, rhs: %1)
    irdl.results(result: %2)
  }
  irdl.operation @sym_constant {
    %0 = irdl.any
    %1 = irdl.parametric @exir::@symint<>
    %2 = irdl.parametric @exir::@symfloat<>
    %3 = irdl.parametric @exir::@symbool<>
    %4 = irdl.any_of(%1, %2, %3)
    irdl.operands()
    irdl.attributes {"value" = %0}
    irdl.results(result: %4)
  }
  irdl.operation @sym_constrain_range {
    %0 = irdl.parametric @exir::@symint<>
    %1 = irdl.parametric @exir::@symfloat<>
    %2 = irdl.parametric @exir::@symbool<>
    %3 = irdl.any_of(%0, %1, %2)
    irdl.operands(size: %3)
    irdl.results()
  }
  irdl.operation @sym_constrain_range_for_size {
    %0 = irdl.parametric @exir::@symint<>
    %1 = irdl.parametric @exir::@symfloat<>
    %2 = irdl.parametric @exir::@symbool<>
    %3 = irdl.any_of(%0, %1, %2)
    irdl.operands(size: %3)
    irdl.results()
  }
  irdl.operation @sym_eq {
    %0 = irdl.parametric @exir::@symint<>
    %1 = irdl.parametric @exir::@symfloat<>
    %2 = irdl.any_of(%0, %1)
    %3 = irdl.parametric @exir::@symint<>
    %4 = irdl.parametric @exir::@symfloat<>
    %5 = irdl.any_of(%3, %4)
    %6 = irdl.parametric @exir::@symbool<>
    irdl.operands(lhs: %2, rhs: %5)
    irdl.results(result: %6)
  }
  irdl.operation @sym_float {
    %0 = irdl.parametric @exir::@symint<>
    %1 = irdl.parametric @exir::@symfloat<>
    %2 = irdl.any_of(%0, %1)
    %3 = irdl.parametric @exir::@symfloat<>
    irdl.operands(operand: %2)
    irdl.results(result: %3)
  }
  irdl.operation @sym_floordiv {
    %0 = irdl.parametric @exir::@symint<>
    %1 = irdl.parametric @exir::@symfloat<>
    %2 = irdl.any_of(%0, %1)
    %3 = irdl.parametric @exir::@symint<>
    %4 = irdl.parametric @exir::@symfloat<>
    %5 = irdl.any_of(%3, %4)
    %6 = irdl.parametric @exir::@symint<>
    %7 = irdl.parametric @exir::@symfloat<>
    %8 = irdl.any_of(%6, %7)
    irdl.operands(lhs: %2, rhs: %5)
    irdl.results(result: %8)
  }
  irdl.operation @sym_ge {
    %0 = irdl.parametric @exir::@symint<>
    %1 = irdl.parametric @exir::@symfloat<>
    %2 = irdl.any_of(%0, %1)
    %3 = irdl.parametric @exir::@symint<>
    %4 = irdl.parametric @exir::@symfloat<>
    %5 = irdl.any_of(%3, %4)
    %6 = irdl.parametric @exir::@symbool<>
    irdl.operands(lhs: %2, rhs: %5)
    irdl.results(result: %6)
  }
  irdl.operation @sym_gt {
    %0 = irdl.parametric @exir::@symint<>
    %1 = irdl.parametric @exir::@symfloat<>
    %2 = irdl.any_of(%0, %1)
    %3 = irdl.parametric @exir::@symint<>
    %4 = irdl.parametric @exir::@symfloat<>
    %5 = irdl.any_of(%3, %4)
    %6 = irdl.parametric @exir::@symbool<>
    irdl.operands(lhs: %2, rhs: %5)
    irdl.results(result: %6)
  }
  irdl.operation @sym_int {
    %0 = irdl.parametric @exir::@symint<>
    %1 = irdl.parametric @exir::@symfloat<>
    %2 = irdl.any_of(%0, %1)
    %3 = irdl.parametric @exir::@symint<>
    irdl.operands(operand: %2)
    irdl.results(result: %3)
  }
  irdl.operation @sym_is_contiguous {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.string"
    %2 = irdl.parametric @exir::@symbool<>
    irdl.operands(self: %0)
    irdl.attributes {"memory_format" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @sym_ite {
    %0 = irdl.parametric @exir::@symbool<>
    %1 = irdl.parametric @exir::@symint<>
    %2 = irdl.parametric @exir::@symfloat<>
    %3 = irdl.parametric @exir::@symbool<>
    %4 = irdl.any_of(%1, %2, %3)
    %5 = irdl.parametric @exir::@symint<>
    %6 = irdl.parametric @exir::@symfloat<>
    %7 = irdl.parametric @exir::@symbool<>
    %8 = irdl.any_of(%5, %6, %7)
    %9 = irdl.parametric @exir::@symint<>
    %10 = irdl.parametric @exir::@symfloat<>
    %11 = irdl.parametric @exir::@symbool<>
    %12 = irdl.any_of(%9, %10, %11)
    irdl.operands(condition: %0, true_value: %4, false_value: %8)
    irdl.results(result: %12)
  }
  irdl.operation @sym_le {
    %0 = irdl.parametric @exir::@symint<>
    %1 = irdl.parametric @exir::@symfloat<>
    %2 = irdl.any_of(%0, %1)
    %3 = irdl.parametric @exir::@symint<>
    %4 = irdl.parametric @exir::@symfloat<>
    %5 = irdl.any_of(%3, %4)
    %6 = irdl.parametric @exir::@symbool<>
    irdl.operands(lhs: %2, rhs: %5)
    irdl.results(result: %6)
  }
  irdl.operation @sym_lt {
    %0 = irdl.parametric @exir::@symint<>
    %1 = irdl.parametric @exir::@symfloat<>
    %2 = irdl.any_of(%0, %1)
    %3 = irdl.parametric @exir::@symint<>
    %4 = irdl.parametric @exir::@symfloat<>
    %5 = irdl.any_of(%3, %4)
    %6 = irdl.parametric @exir::@symbool<>
    irdl.operands(lhs: %2, rhs: %5)
    irdl.results(result: %6)
  }
  irdl.operation @sym_max {
    %0 = irdl.parametric @exir::@symint<>
    %1 = irdl.parametric @exir::@symfloat<>
    %2 = irdl.any_of(%0, %1)
    %3 = irdl.parametric @exir::@symint<>
    %4 = irdl.parametric @exir::@symfloat<>
    %5 = irdl.any_of(%3, %4)
    %6 = irdl.parametric @exir::@symint<>
    %7 = irdl.parametric @exir::@symfloat<>
    %8 = irdl.any_of(%6, %7)
    irdl.operands(lhs: %2, rhs: %5)
    irdl.results(result: %8)
  }
  irdl.operation @sym_min {
    %0 = irdl.parametric @exir::@symint<>
    %1 = irdl.parametric @exir::@symfloat<>
    %2 = irdl.any_of(%0, %1)
    %3 = irdl.parametric @exir::@symint<>
    %4 = irdl.parametric @exir::@symfloat<>
    %5 = irdl.any_of(%3, %4)
    %6 = irdl.parametric @exir::@symint<>
    %7 = irdl.parametric @exir::@symfloat<>
    %8 = irdl.any_of(%6, %7)
    irdl.operands(lhs: %2, rhs: %5)
    irdl.results(result: %8)
  }
  irdl.operation @sym_mod {
    %0 = irdl.parametric @exir::@symint<>
    %1 = irdl.parametric @exir::@symfloat<>
    %2 = irdl.any_of(%0, %1)
    %3 = irdl.parametric @exir::@symint<>
    %4 = irdl.parametric @exir::@symfloat<>
    %5 = irdl.any_of(%3, %4)
    %6 = irdl.parametric @exir::@symint<>
    %7 = irdl.parametric @exir::@symfloat<>
    %8 = irdl.any_of(%6, %7)
    irdl.operands(lhs: %2, rhs: %5)
    irdl.results(result: %8)
  }
  irdl.operation @sym_mul {
    %0 = irdl.parametric @exir::@symint<>
    %1 = irdl.parametric @exir::@symfloat<>
    %2 = irdl.any_of(%0, %1)
    %3 = irdl.parametric @exir::@symint<>
    %4 = irdl.parametric @exir::@symfloat<>
    %5 = irdl.any_of(%3, %4)
    %6 = irdl.parametric @exir::@symint<>
    %7 = irdl.parametric @exir::@symfloat<>
    %8 = irdl.any_of(%6, %7)
    irdl.operands(lhs: %2, rhs: %5)
    irdl.results(result: %8)
  }
  irdl.operation @sym_ne {
    %0 = irdl.parametric @exir::@symint<>
    %1 = irdl.parametric @exir::@symfloat<>
    %2 = irdl.any_of(%0, %1)
    %3 = irdl.parametric @exir::@symint<>
    %4 = irdl.parametric @exir::@symfloat<>
    %5 = irdl.any_of(%3, %4)
    %6 = irdl.parametric @exir::@symbool<>
    irdl.operands(lhs: %2, rhs: %5)
    irdl.results(result: %6)
  }
  irdl.operation @sym_neg {
    %0 = irdl.parametric @exir::@symint<>
    %1 = irdl.parametric @exir::@symfloat<>
    %2 = irdl.any_of(%0, %1)
    %3 = irdl.parametric @exir::@symint<>
    %4 = irdl.parametric @exir::@symfloat<>
    %5 = irdl.any_of(%3, %4)
    irdl.operands(operand: %2)
    irdl.results(result: %5)
  }
  irdl.operation @sym_not {
    %0 = irdl.parametric @exir::@symbool<>
    %1 = irdl.parametric @exir::@symbool<>
    irdl.operands(operand: %0)
    irdl.results(result: %1)
  }
  irdl.operation @sym_numel {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.parametric @exir::@symint<>
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @sym_or {
    %0 = irdl.parametric @exir::@symbool<>
    %1 = irdl.parametric @exir::@symbool<>
    %2 = irdl.parametric @exir::@symbool<>
    irdl.operands(lhs: %0, rhs: %1)
    irdl.results(result: %2)
  }
  irdl.operation @sym_pow {
    %0 = irdl.parametric @exir::@symint<>
    %1 = irdl.parametric @exir::@symfloat<>
    %2 = irdl.any_of(%0, %1)
    %3 = irdl.parametric @exir::@symint<>
    %4 = irdl.parametric @exir::@symfloat<>
    %5 = irdl.any_of(%3, %4)
    %6 = irdl.parametric @exir::@symint<>
    %7 = irdl.parametric @exir::@symfloat<>
    %8 = irdl.any_of(%6, %7)
    irdl.operands(lhs: %2, rhs: %5)
    irdl.results(result: %8)
  }
  irdl.operation @sym_size_int {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.integer"
    %2 = irdl.parametric @exir::@symint<>
    irdl.operands(self: %0)
    irdl.attributes {"dim" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @sym_sqrt {
    %0 = irdl.parametric @exir::@symint<>
    %1 = irdl.parametric @exir::@symfloat<>
    %2 = irdl.any_of(%0, %1)
    %3 = irdl.parametric @exir::@symfloat<>
    irdl.operands(operand: %2)
    irdl.results(result: %3)
  }
  irdl.operation @sym_storage_offset {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.parametric @exir::@symint<>
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @sym_stride_int {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.integer"
    %2 = irdl.parametric @exir::@symint<>
    irdl.operands(self: %0)
    irdl.attributes {"dim" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @sym_sub {
    %0 = irdl.parametric @exir::@symint<>
    %1 = irdl.parametric @exir::@symfloat<>
    %2 = irdl.any_of(%0, %1)
    %3 = irdl.parametric @exir::@symint<>
    %4 = irdl.parametric @exir::@symfloat<>
    %5 = irdl.any_of(%3, %4)
    %6 = irdl.parametric @exir::@symint<>
    %7 = irdl.parametric @exir::@symfloat<>
    %8 = irdl.any_of(%6, %7)
    irdl.operands(lhs: %2, rhs: %5)
    irdl.results(result: %8)
  }
  irdl.operation @sym_to_tensor {
    %0 = irdl.parametric @exir::@symint<>
    %1 = irdl.parametric @exir::@symfloat<>
    %2 = irdl.parametric @exir::@symbool<>
    %3 = irdl.any_of(%0, %1, %2)
    %4 = irdl.base "!builtin.tensor"
    irdl.operands(value: %3)
    irdl.results(result: %4)
  }
  irdl.operation @sym_truediv {
    %0 = irdl.parametric @exir::@symint<>
    %1 = irdl.parametric @exir::@symfloat<>
    %2 = irdl.any_of(%0, %1)
    %3 = irdl.parametric @exir::@symint<>
    %4 = irdl.parametric @exir::@symfloat<>
    %5 = irdl.any_of(%3, %4)
    %6 = irdl.parametric @exir::@symfloat<>
    irdl.operands(lhs: %2, rhs: %5)
    irdl.results(result: %6)
  }
  irdl.operation @tan {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @tanh {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @topk {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.integer"
    %2 = irdl.parametric @exir::@symint<>
    %3 = irdl.base "#builtin.integer"
    %4 = irdl.is true
    %5 = irdl.is false
    %6 = irdl.any_of(%4, %5)
    %7 = irdl.is true
    %8 = irdl.is false
    %9 = irdl.any_of(%7, %8)
    %10 = irdl.base "!builtin.tensor"
    %11 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, k: optional %2)
    irdl.attributes {"static_k" = %1, "dim" = %3, "largest" = %6, "sorted" = %9}
    irdl.results(values: %10, indices: %11)
  }
  irdl.operation @trunc {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.results(result: %1)
  }
  irdl.operation @unsqueeze {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.integer"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"dim" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @upsample_bilinear2d_vec {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.parametric @exir::@symint<>
    %2 = irdl.is true
    %3 = irdl.is false
    %4 = irdl.any_of(%2, %3)
    %5 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0, output_size: variadic %1)
    irdl.attributes {"align_corners" = %4}
    irdl.results(result: %5)
  }
  irdl.operation @upsample_nearest2d_vec {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.parametric @exir::@symint<>
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0, output_size: variadic %1)
    irdl.results(result: %2)
  }
  irdl.operation @var_correction {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.is true
    %2 = irdl.is false
    %3 = irdl.any_of(%1, %2)
    %4 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"keepdim" = %3}
    irdl.results(result: %4)
  }
  irdl.operation @var_dim {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.is true
    %2 = irdl.is false
    %3 = irdl.any_of(%1, %2)
    %4 = irdl.is true
    %5 = irdl.is false
    %6 = irdl.any_of(%4, %5)
    %7 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0)
    irdl.attributes {"unbiased" = %3, "keepdim" = %6}
    irdl.results(result: %7)
  }
  irdl.operation @view {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.parametric @exir::@symint<>
    %3 = irdl.base "!builtin.tensor"
    irdl.operands(self: %0, size: variadic %2)
    irdl.attributes {"static_size" = %1}
    irdl.results(result: %3)
  }
  irdl.operation @where_self {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.base "!builtin.tensor"
    irdl.operands(condition: %0, self: %1, other: %2)
    irdl.results(result: %3)
  }
}
