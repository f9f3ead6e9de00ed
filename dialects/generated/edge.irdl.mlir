// GENERATED FILE, DO NOT EDIT. Regenerate with: python -m exir_mlir.tools.gen_dialects
// IRDL of the `edge` dialect, translated from dialects/EdgeOps.td by tools/gen_irdl.py.
// Loaded at run time by exir_mlir.dialects.load_dialects (or `mlir-opt --irdl-file=`).
irdl.dialect @edge {
  irdl.operation @abs {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @acos {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @acosh {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @adaptive_avg_pool {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @adaptive_max_pool {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(values: %1, indices: %2)
  }
  irdl.operation @add {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    irdl.results(result: %2)
  }
  irdl.operation @addmm {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.base "!builtin.tensor"
    irdl.operands(bias: %0, lhs: %1, rhs: %2)
    irdl.results(result: %3)
  }
  irdl.operation @amax {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.is true
    %3 = irdl.is false
    %4 = irdl.any_of(%2, %3)
    %5 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.attributes {"dims" = %1, "keepdim" = %4}
    irdl.results(result: %5)
  }
  irdl.operation @amin {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.is true
    %3 = irdl.is false
    %4 = irdl.any_of(%2, %3)
    %5 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.attributes {"dims" = %1, "keepdim" = %4}
    irdl.results(result: %5)
  }
  irdl.operation @any {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.is true
    %3 = irdl.is false
    %4 = irdl.any_of(%2, %3)
    %5 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.attributes {"dims" = %1, "keepdim" = %4}
    irdl.results(result: %5)
  }
  irdl.operation @arange {
    %0 = irdl.is index
    %1 = irdl.base "#builtin.float"
    %2 = irdl.base "#builtin.float"
    %3 = irdl.base "!builtin.tensor"
    irdl.operands(dynamic_sizes: variadic %0)
    irdl.attributes {"start" = %1, "step" = %2}
    irdl.results(result: %3)
  }
  irdl.operation @argmax {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.integer"
    %2 = irdl.is true
    %3 = irdl.is false
    %4 = irdl.any_of(%2, %3)
    %5 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.attributes {"dim" = %1, "keepdim" = %4}
    irdl.results(result: %5)
  }
  irdl.operation @argmin {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.integer"
    %2 = irdl.is true
    %3 = irdl.is false
    %4 = irdl.any_of(%2, %3)
    %5 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.attributes {"dim" = %1, "keepdim" = %4}
    irdl.results(result: %5)
  }
  irdl.operation @as_strided {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.base "#builtin.integer"
    %3 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.attributes {"stride" = %1, "storage_offset" = %2}
    irdl.results(result: %3)
  }
  irdl.operation @asin {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @asinh {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @atan {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @atan2 {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    irdl.results(result: %2)
  }
  irdl.operation @atanh {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @avg_pool {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.base "#builtin.dense_array"
    %3 = irdl.base "#builtin.dense_array"
    %4 = irdl.is true
    %5 = irdl.is false
    %6 = irdl.any_of(%4, %5)
    %7 = irdl.base "#builtin.integer"
    %8 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.attributes {"kernel_size" = %1, "stride" = %2, "padding" = %3, "count_include_pad" = %6, "divisor_override" = %7}
    irdl.results(result: %8)
  }
  irdl.operation @batch_norm_inference {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.base "!builtin.tensor"
    %4 = irdl.base "!builtin.tensor"
    %5 = irdl.base "#builtin.float"
    %6 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0, weight: optional %1, bias: optional %2, running_mean: %3, running_var: %4)
    irdl.attributes {"eps" = %5}
    irdl.results(result: %6)
  }
  irdl.operation @bitwise_and {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    irdl.results(result: %2)
  }
  irdl.operation @bitwise_not {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @bitwise_or {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    irdl.results(result: %2)
  }
  irdl.operation @bitwise_xor {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    irdl.results(result: %2)
  }
  irdl.operation @bmm {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    irdl.results(result: %2)
  }
  irdl.operation @border_pad {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.base "#builtin.dense_array"
    %3 = irdl.base "#builtin.string"
    %4 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.attributes {"low" = %1, "high" = %2, "mode" = %3}
    irdl.results(result: %4)
  }
  irdl.operation @cast {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @cat {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.integer"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(inputs: variadic %0)
    irdl.attributes {"dim" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @ceil {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @clamp {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0, min: optional %1, max: optional %2)
    irdl.results(result: %3)
  }
  irdl.operation @conv_transpose {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.base "#builtin.dense_array"
    %4 = irdl.base "#builtin.dense_array"
    %5 = irdl.base "#builtin.dense_array"
    %6 = irdl.base "#builtin.dense_array"
    %7 = irdl.base "#builtin.integer"
    %8 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0, weight: %1, bias: optional %2)
    irdl.attributes {"stride" = %3, "padding" = %4, "output_padding" = %5, "dilation" = %6, "groups" = %7}
    irdl.results(result: %8)
  }
  irdl.operation @convolution {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.base "#builtin.dense_array"
    %4 = irdl.base "#builtin.dense_array"
    %5 = irdl.base "#builtin.dense_array"
    %6 = irdl.base "#builtin.integer"
    %7 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0, weight: %1, bias: optional %2)
    irdl.attributes {"stride" = %3, "padding" = %4, "dilation" = %5, "groups" = %6}
    irdl.results(result: %7)
  }
  irdl.operation @cos {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @cosh {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @cumsum {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.integer"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.attributes {"dim" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @diagonal {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.integer"
    %2 = irdl.base "#builtin.integer"
    %3 = irdl.base "#builtin.integer"
    %4 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.attributes {"offset" = %1, "dim1" = %2, "dim2" = %3}
    irdl.results(result: %4)
  }
  irdl.operation @div {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    irdl.results(result: %2)
  }
  irdl.operation @embedding {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(weight: %0, indices: %1)
    irdl.results(result: %2)
  }
  irdl.operation @eq {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    irdl.results(result: %2)
  }
  irdl.operation @erf {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @exp {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @exp2 {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @expand {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.is index
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0, dynamic_sizes: variadic %1)
    irdl.results(result: %2)
  }
  irdl.operation @expm1 {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @flip {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.attributes {"dims" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @floor {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @floor_divide {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    irdl.results(result: %2)
  }
  irdl.operation @fmod {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    irdl.results(result: %2)
  }
  irdl.operation @gather {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "#builtin.integer"
    %3 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0, index: %1)
    irdl.attributes {"dim" = %2}
    irdl.results(result: %3)
  }
  irdl.operation @ge {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    irdl.results(result: %2)
  }
  irdl.operation @gelu {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.string"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.attributes {"approximate" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @gt {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    irdl.results(result: %2)
  }
  irdl.operation @hash_tensor {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.is true
    %3 = irdl.is false
    %4 = irdl.any_of(%2, %3)
    %5 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.attributes {"dims" = %1, "keepdim" = %4}
    irdl.results(result: %5)
  }
  irdl.operation @index {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "#builtin.dense_array"
    %3 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0, indices: variadic %1)
    irdl.attributes {"dims" = %2}
    irdl.results(result: %3)
  }
  irdl.operation @index_put {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.base "#builtin.integer"
    %4 = irdl.is true
    %5 = irdl.is false
    %6 = irdl.any_of(%4, %5)
    %7 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0, index: %1, values: %2)
    irdl.attributes {"dim" = %3, "accumulate" = %6}
    irdl.results(result: %7)
  }
  irdl.operation @index_select {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "#builtin.integer"
    %3 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0, index: %1)
    irdl.attributes {"dim" = %2}
    irdl.results(result: %3)
  }
  irdl.operation @isinf {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @isnan {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @layer_norm {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.base "#builtin.integer"
    %4 = irdl.base "#builtin.float"
    %5 = irdl.base "!builtin.tensor"
    %6 = irdl.base "!builtin.tensor"
    %7 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0, weight: optional %1, bias: optional %2)
    irdl.attributes {"axis" = %3, "eps" = %4}
    irdl.results(result: %5, mean: %6, rstd: %7)
  }
  irdl.operation @le {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    irdl.results(result: %2)
  }
  irdl.operation @log {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @log10 {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @log1p {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @log2 {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @log_softmax {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.integer"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.attributes {"dim" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @logical_and {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    irdl.results(result: %2)
  }
  irdl.operation @logical_not {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @logical_or {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    irdl.results(result: %2)
  }
  irdl.operation @logical_xor {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    irdl.results(result: %2)
  }
  irdl.operation @lt {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    irdl.results(result: %2)
  }
  irdl.operation @max_pool {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.base "#builtin.dense_array"
    %3 = irdl.base "#builtin.dense_array"
    %4 = irdl.base "#builtin.dense_array"
    %5 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.attributes {"kernel_size" = %1, "stride" = %2, "padding" = %3, "dilation" = %4}
    irdl.results(result: %5)
  }
  irdl.operation @max_pool_with_indices {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.base "#builtin.dense_array"
    %3 = irdl.base "#builtin.dense_array"
    %4 = irdl.base "#builtin.dense_array"
    %5 = irdl.base "!builtin.tensor"
    %6 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.attributes {"kernel_size" = %1, "stride" = %2, "padding" = %3, "dilation" = %4}
    irdl.results(values: %5, indices: %6)
  }
  irdl.operation @maximum {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    irdl.results(result: %2)
  }
  irdl.operation @mean {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.is true
    %3 = irdl.is false
    %4 = irdl.any_of(%2, %3)
    %5 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.attributes {"dims" = %1, "keepdim" = %4}
    irdl.results(result: %5)
  }
  irdl.operation @minimum {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    irdl.results(result: %2)
  }
  irdl.operation @mm {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    irdl.results(result: %2)
  }
  irdl.operation @mul {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    irdl.results(result: %2)
  }
  irdl.operation @ne {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    irdl.results(result: %2)
  }
  irdl.operation @neg {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @nonzero {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @pad {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "#builtin.dense_array"
    %3 = irdl.base "#builtin.dense_array"
    %4 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0, value: %1)
    irdl.attributes {"low" = %2, "high" = %3}
    irdl.results(result: %4)
  }
  irdl.operation @permute {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.attributes {"dims" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @pow {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    irdl.results(result: %2)
  }
  irdl.operation @prod {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.is true
    %3 = irdl.is false
    %4 = irdl.any_of(%2, %3)
    %5 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.attributes {"dims" = %1, "keepdim" = %4}
    irdl.results(result: %5)
  }
  irdl.operation @random {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.is index
    %2 = irdl.base "#builtin.string"
    %3 = irdl.base "#builtin.integer"
    %4 = irdl.base "!builtin.tensor"
    irdl.operands(seed: %0, dynamic_sizes: variadic %1)
    irdl.attributes {"distribution" = %2, "stream" = %3}
    irdl.results(result: %4)
  }
  irdl.operation @reciprocal {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @relu {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @remainder {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    irdl.results(result: %2)
  }
  irdl.operation @round {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @rsqrt {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @scatter {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.base "#builtin.integer"
    %4 = irdl.base "#builtin.string"
    %5 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0, index: %1, src: %2)
    irdl.attributes {"dim" = %3, "reduce" = %4}
    irdl.results(result: %5)
  }
  irdl.operation @sigmoid {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @sign {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @silu {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @sin {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @sinh {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @slice {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.is index
    %2 = irdl.base "#builtin.integer"
    %3 = irdl.base "#builtin.integer"
    %4 = irdl.base "#builtin.integer"
    %5 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0, dynamic_sizes: variadic %1)
    irdl.attributes {"dim" = %2, "start" = %3, "step" = %4}
    irdl.results(result: %5)
  }
  irdl.operation @slice_scatter {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "#builtin.integer"
    %3 = irdl.base "#builtin.integer"
    %4 = irdl.base "#builtin.integer"
    %5 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0, src: %1)
    irdl.attributes {"dim" = %2, "start" = %3, "step" = %4}
    irdl.results(result: %5)
  }
  irdl.operation @softmax {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.integer"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.attributes {"dim" = %1}
    irdl.results(result: %2)
  }
  irdl.operation @sort {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.integer"
    %2 = irdl.is true
    %3 = irdl.is false
    %4 = irdl.any_of(%2, %3)
    %5 = irdl.base "!builtin.tensor"
    %6 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.attributes {"dim" = %1, "descending" = %4}
    irdl.results(values: %5, indices: %6)
  }
  irdl.operation @sqrt {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @sub {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    irdl.results(result: %2)
  }
  irdl.operation @sum {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.is true
    %3 = irdl.is false
    %4 = irdl.any_of(%2, %3)
    %5 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.attributes {"dims" = %1, "keepdim" = %4}
    irdl.results(result: %5)
  }
  irdl.operation @tan {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @tanh {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @topk {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.integer"
    %2 = irdl.base "#builtin.integer"
    %3 = irdl.is true
    %4 = irdl.is false
    %5 = irdl.any_of(%3, %4)
    %6 = irdl.base "!builtin.tensor"
    %7 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.attributes {"dim" = %1, "k" = %2, "largest" = %5}
    irdl.results(values: %6, indices: %7)
  }
  irdl.operation @trunc {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.results(result: %1)
  }
  irdl.operation @trunc_divide {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    irdl.results(result: %2)
  }
  irdl.operation @upsample2d {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.string"
    %2 = irdl.is true
    %3 = irdl.is false
    %4 = irdl.any_of(%2, %3)
    %5 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.attributes {"mode" = %1, "align_corners" = %4}
    irdl.results(result: %5)
  }
  irdl.operation @var {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.dense_array"
    %2 = irdl.is true
    %3 = irdl.is false
    %4 = irdl.any_of(%2, %3)
    %5 = irdl.base "#builtin.float"
    %6 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.attributes {"dims" = %1, "keepdim" = %4, "correction" = %5}
    irdl.results(result: %6)
  }
  irdl.operation @view {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.is index
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0, dynamic_sizes: variadic %1)
    irdl.results(result: %2)
  }
  irdl.operation @where {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.base "!builtin.tensor"
    irdl.operands(condition: %0, lhs: %1, rhs: %2)
    irdl.results(result: %3)
  }
}
