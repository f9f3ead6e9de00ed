// RUN: exir-mlir-opt %s --split-input-file --verify-diagnostics
// Malformed exir IR: IRDL rejects wrong kinds and missing attributes; exir_mlir.dialects.verify
// rejects what IRDL cannot express (attribute widths, optional attributes, symbolic shapes).

func.func @symint_where_tensor(%a: tensor<2xf32>, %s: !exir.symint) {
  // expected-error @+1 {{expected base type 'builtin.tensor' but got 'exir.symint'}}
  %0 = "exir.add_tensor"(%a, %s) {alpha = 1 : i64} : (tensor<2xf32>, !exir.symint) -> tensor<2xf32>
  return
}

// -----

func.func @tensor_where_symint(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tensor<2xf32>' does not satisfy the constraint}}
  %0 = "exir.sym_add"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> !exir.symint
  return
}

// -----

func.func @missing_attribute(%a: tensor<2xf32>, %b: tensor<2xf32>) {
  // expected-error @+1 {{'exir.add_tensor' op attribute "alpha" is expected but not provided}}
  %0 = "exir.add_tensor"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @float_for_int_attribute(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{expected base attribute 'builtin.integer' but got 'builtin.float'}}
  %0 = "exir.priv_softmax"(%a) {dim = 1.0 : f64, half_to_float = false} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @int_for_bool_attribute(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'1 : i64' does not satisfy the constraint}}
  %0 = "exir.amax"(%a) {dim = array<i64: 1>, keepdim = 1 : i64} : (tensor<2x3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @i32_for_i64_attribute(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'exir.priv_softmax' op attribute 'dim' must be a 64-bit integer attribute (e.g. `1 : i64`), got `1 : i32`}}
  %0 = "exir.priv_softmax"(%a) {dim = 1 : i32, half_to_float = false} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @bool_array_for_int_array(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'exir.permute' op attribute 'dims' must be an `array<i64: ...>` attribute, got `array<i1: true, false>`}}
  %0 = "exir.permute"(%a) {dims = array<i1: true, false>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return
}

// -----

// Optional attributes are not in the IRDL (IRDL attributes are all required): Python checks them.
func.func @optional_attribute_kind(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'exir.priv_to_copy' op attribute 'dtype' must be a type attribute (e.g. `f32`), got `6 : i64`}}
  %0 = "exir.priv_to_copy"(%a) {dtype = 6 : i64, non_blocking = false} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @scalar_attribute_kind(%a: tensor<2xf32>) {
  // expected-error @+1 {{'exir.add_scalar' op attribute 'other' must be a scalar attribute: `1 : i64`, `1.0 : f64` or `true`, got `"two"`}}
  %0 = "exir.add_scalar"(%a) {other = "two", alpha = 1 : i64} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @missing_segment_sizes(%x: tensor<4xf32>, %s: !exir.symint) {
  // expected-error @+1 {{'operandSegmentSizes' attribute is expected but not provided}}
  %0 = "exir.slice_tensor"(%x, %s) {dim = 0 : i64, static_step = 1 : i64} : (tensor<4xf32>, !exir.symint) -> tensor<?xf32>
  return
}

// -----

func.func @literal_needs_elements() {
  // expected-error @+1 {{'exir.literal' op attribute 'value' must be a dense elements attribute, got `1.000000e+00 : f32`}}
  %0 = "exir.literal"() {value = 1.0 : f32} : () -> tensor<f32>
  return
}

// -----

func.func @sym_to_tensor_rank(%s: !exir.symint) {
  // expected-error @+1 {{'exir.sym_to_tensor' op result 'result' has rank 1, expected 0}}
  %0 = "exir.sym_to_tensor"(%s) : (!exir.symint) -> tensor<1xi64>
  return
}

// -----

// One IRDL type per variadic group: members must be cast to their join type first.
func.func @variadic_group_types(%a: tensor<2x3xf32>, %b: tensor<1x3xf32>) {
  // expected-error @+1 {{expected 'tensor<2x3xf32>' but got 'tensor<1x3xf32>'}}
  %0 = "exir.cat"(%a, %b) {dim = 0 : i64} : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<3x3xf32>
  return
}

// -----

func.func @sym_shapes_rank(%x: tensor<?x4xf32>) {
  // expected-error @+1 {{'exir.relu' op 'exir.sym_shapes' entry 0 has 1 dims but the type tensor<?x4xf32> has rank 2}}
  %0 = "exir.relu"(%x) {exir.sym_shapes = [["s0"]]} : (tensor<?x4xf32>) -> tensor<?x4xf32>
  return
}

// -----

func.func @sym_shapes_static_dim(%x: tensor<?x4xf32>) {
  // expected-error @+1 {{'exir.relu' op 'exir.sym_shapes' entry 0: dim 1 is 4 in the type but named `s1`}}
  %0 = "exir.relu"(%x) {exir.sym_shapes = [["s0", "s1"]]} : (tensor<?x4xf32>) -> tensor<?x4xf32>
  return
}

// -----

func.func @sym_shapes_per_result(%x: tensor<?x4xf32>) {
  // expected-error @+1 {{'exir.max_dim' op 'exir.sym_shapes' must be an array with one entry per result (2)}}
  %0:2 = "exir.max_dim"(%x) {dim = 1 : i64, keepdim = false, exir.sym_shapes = [["s0"]]} : (tensor<?x4xf32>) -> (tensor<?xf32>, tensor<?xi64>)
  return
}

// -----

// expected-error @+1 {{'func.func' op 'exir.sym_shape' of argument 0 has 1 dims but the type tensor<?x4xf32> has rank 2}}
func.func @sym_shape_argument(%x: tensor<?x4xf32> {exir.sym_shape = ["s0"]}) {
  return
}

// -----

// expected-error @+1 {{'builtin.module' op 'exir.range_constraints': symbol 's0' has max < min}}
module attributes {exir.range_constraints = {s0 = {min = 8 : i64, max = 2 : i64}}} {
}

// -----

// expected-error @+1 {{'exir.range_constraints' must be {s0 = {min = 1 : i64, max = 1024 : i64}, ...} (max absent when unbounded); symbol 's0' has `{max = 2 : i64}`}}
module attributes {exir.range_constraints = {s0 = {max = 2 : i64}}} {
}

// -----

func.func @fallback_call_needs_args(%x: tensor<4xf32>) {
  // expected-error @+1 {{'func.call' op call of the ATen fallback @aten::foo needs 'exir.args' (a dictionary of the non-tensor arguments)}}
  %0 = func.call @"aten::foo"(%x) {exir.operand_args = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
  return
}
func.func private @"aten::foo"(tensor<4xf32>) -> tensor<4xf32> attributes {exir.aten_overload = "aten::foo"}

// -----

func.func @fallback_call_operand_names(%x: tensor<4xf32>) {
  // expected-error @+1 {{'func.call' op call of the ATen fallback @aten::foo needs 'exir.operand_args': one string per operand (2) naming the schema argument it fills}}
  %0 = func.call @"aten::foo"(%x, %x) {exir.args = {}, exir.operand_args = ["self"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
func.func private @"aten::foo"(tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> attributes {exir.aten_overload = "aten::foo"}

// -----

func.func @present_mask_count(%x: tensor<4x4xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'exir.index_tensor' op attribute 'indices_present' marks 2 entries present, but operand group 'indices' has 1 values}}
  %0 = "exir.index_tensor"(%x, %i) {indices_present = array<i1: true, true>} : (tensor<4x4xf32>, tensor<2xi64>) -> tensor<2xf32>
  return
}

// -----

func.func @literal_type() {
  // expected-error @+1 {{'exir.literal' op attribute 'value' has type tensor<2xf32>, but the result is tensor<2xf64>: they must be equal}}
  %0 = "exir.literal"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf64>
  return
}

// -----

func.func @sym_constant_kind() {
  // expected-error @+1 {{'exir.sym_constant' op a value of type f64 makes a !exir.symfloat result, not !exir.symint}}
  %0 = "exir.sym_constant"() {value = 1.5 : f64} : () -> !exir.symint
  return
}

// -----

func.func @sym_to_tensor_dtype(%s: !exir.symint) {
  // expected-error @+1 {{'exir.sym_to_tensor' op a !exir.symint becomes a tensor of i64 (torch's wrapped-number dtype), not f64}}
  %0 = "exir.sym_to_tensor"(%s) : (!exir.symint) -> tensor<f64>
  return
}

// -----

func.func @sym_arith_result(%s: !exir.symint, %f: !exir.symfloat) {
  // expected-error @+1 {{'exir.sym_mul' op operands of types !exir.symfloat, !exir.symint give a !exir.symfloat result, not !exir.symint}}
  %0 = "exir.sym_mul"(%s, %f) : (!exir.symint, !exir.symfloat) -> !exir.symint
  return
}
