# RUN: %python %s | FileCheck %s
"""call_function nodes: schema arguments as operands/attributes, the generic fallback, getitem."""

import torch
import torch.nn.functional as F
from _importing import import_and_print, run_test
from torch import nn


class Attributes(nn.Module):
    def forward(self, x, idx):
        a = torch.ops.aten.clamp.default(x, -1.0, 2)  # Scalar? attributes: float and int
        b = torch.ops.aten.div.Tensor_mode(a, x, rounding_mode="floor")  # str attribute
        c = torch.ops.aten.sum.dim_IntList(b, [0, 1], True, dtype=torch.float64)  # int[], bool, ScalarType
        d = torch.ops.aten.full.default([2, 3], 1.5, dtype=torch.float32, layout=torch.strided,
                                        device=torch.device("cpu"), pin_memory=False)
        e = torch.ops.aten.index.Tensor(x, [None, idx])  # Tensor?[] with an absent entry
        f = torch.ops.aten.native_layer_norm.default(x, [3], None, None, 1e-5)  # Tensor? absent
        g = torch.ops.aten.clone.default(x, memory_format=torch.contiguous_format)  # MemoryFormat
        return c, d, e, f[0], g


# CHECK-LABEL: TEST: attribute_kinds
# CHECK:      func.func @main(%[[X:[^:]*]]: tensor<2x3xf32> {{.*}}, %[[IDX:[^:]*]]: tensor<2xi64>
# CHECK:      %[[A:.*]] = "exir.clamp"(%[[X]]) {max = 2 : i64, min = -1.000000e+00 : f64}
# CHECK:      %[[B:.*]] = "exir.div_tensor_mode"(%[[A]], %[[X]]) {rounding_mode = "floor"}
# CHECK:      "exir.sum_dim_intlist"(%[[B]]) {dim = array<i64: 0, 1>, dtype = f64, keepdim = true} : (tensor<2x3xf32>) -> tensor<1x1xf64>
# CHECK:      "exir.full"() {device = "cpu", dtype = f32, fill_value = 1.500000e+00 : f64, layout = "strided", pin_memory = false, static_size = array<i64: 2, 3>}
# CHECK:      "exir.index_tensor"(%[[X]], %[[IDX]]) {indices_present = array<i1: false, true>}
# CHECK:      "exir.native_layer_norm"(%[[X]]) {eps = 1.000000e-05 : f64, operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_normalized_shape = array<i64: 3>} : (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
# CHECK:      "exir.clone"(%[[X]]) {memory_format = "contiguous_format"}
@run_test
def attribute_kinds():
    import_and_print(Attributes(), (torch.randn(2, 3), torch.tensor([0, 2])))


class Lists(nn.Module):
    def forward(self, x, y, w):
        z = torch.cat([x, y], 1)
        return F.conv2d(z, w, None, stride=2, padding=1)


# Tensor[] is a variadic operand whose members share the join type (IRDL gives a group one
# type): x (2 channels) and y (3 channels) are cast to tensor<1x?x8x8xf32>. An absent Tensor?
# bias, int[] attributes.
# CHECK-LABEL: TEST: tensor_lists_and_optional_operands
# CHECK:      %[[XC:.*]] = tensor.cast %arg0 : tensor<1x2x8x8xf32> to tensor<1x?x8x8xf32>
# CHECK:      %[[YC:.*]] = tensor.cast %arg1 : tensor<1x3x8x8xf32> to tensor<1x?x8x8xf32>
# CHECK:      %[[CAT:.*]] = "exir.cat"(%[[XC]], %[[YC]]) {dim = 1 : i64} : (tensor<1x?x8x8xf32>, tensor<1x?x8x8xf32>) -> tensor<1x5x8x8xf32>
# CHECK:      "exir.convolution"(%[[CAT]], %arg2) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0>, static_dilation = array<i64: 1, 1>, static_groups = 1 : i64, static_output_padding = array<i64: 0, 0>, static_padding = array<i64: 1, 1>, static_stride = array<i64: 2, 2>, transposed = false}
@run_test
def tensor_lists_and_optional_operands():
    import_and_print(Lists(), (torch.randn(1, 2, 8, 8), torch.randn(1, 3, 8, 8), torch.randn(4, 5, 3, 3)),
                     decompose=True)


class Generic(nn.Module):
    def forward(self, x):
        return torch.linalg.vector_norm(x, 3.0, dim=[0], keepdim=False)


# An ATen op the dialect lacks still imports: a call of a private declaration named after the
# overload, with the operands' argument names and the other arguments as attributes.
# CHECK-LABEL: TEST: generic_fallback
# CHECK:      func.func private @"aten::linalg_vector_norm"(tensor<4x5xf32>) -> tensor<5xf32> attributes {exir.aten_overload = "aten::linalg_vector_norm", exir.not_decomposed = "torch._decomp has a decomposition of it, which this import did not apply (exir_mlir.compile and `exir-mlir import --decompose` try it)"}
# CHECK:      func.func @main(
# CHECK:      call @"aten::linalg_vector_norm"(%arg0) {exir.args = {dim = array<i64: 0>, keepdim = false, ord = 3.000000e+00 : f64}, exir.operand_args = ["self"]} : (tensor<4x5xf32>) -> tensor<5xf32>
@run_test
def generic_fallback():
    import_and_print(Generic(), (torch.randn(4, 5),))


class WrappedNumbers(nn.Module):
    def forward(self, x, i):
        return x * 2.0 + 1, torch.ops.aten.mul.Tensor(i, True)


# Python numbers in Tensor positions become 0-d literals with torch's wrapped dtypes.
# CHECK-LABEL: TEST: wrapped_numbers
# CHECK-DAG: %[[F:.*]] = "exir.literal"() {exir.wrapped_number, value = dense<2.000000e+00> : tensor<f64>} : () -> tensor<f64>
# CHECK-DAG: "exir.mul_tensor"(%arg0, %[[F]])
# CHECK-DAG: %[[I:.*]] = "exir.literal"() {exir.wrapped_number, value = dense<1> : tensor<i64>} : () -> tensor<i64>
# CHECK-DAG: "exir.add_tensor"(%{{.*}}, %[[I]]) {alpha = 1 : i64}
# CHECK-DAG: %[[B:.*]] = "exir.literal"() {exir.wrapped_number, value = dense<true> : tensor<i1>} : () -> tensor<i1>
# CHECK-DAG: "exir.mul_tensor"(%arg1, %[[B]]) : (tensor<2xi1>, tensor<i1>) -> tensor<2xi1>
@run_test
def wrapped_numbers():
    import_and_print(WrappedNumbers(), (torch.randn(3), torch.tensor([True, False])))


class MultiResult(nn.Module):
    def forward(self, x):
        values, indices = torch.max(x, dim=1)
        a, b, c = torch.split(x, [1, 2, 3], dim=1)
        return values, indices, c, a


# getitem selects results: max.dim has two; split_with_sizes a Tensor[] result, whose members
# have the join type and are cast back to their own shapes.
# CHECK-LABEL: TEST: getitem_selects_results
# CHECK:      %[[MAX:.*]]:2 = "exir.max_dim"(%arg0) {dim = 1 : i64, keepdim = false} : (tensor<4x6xf32>) -> (tensor<4xf32>, tensor<4xi64>)
# CHECK:      %[[SPLIT:.*]]:3 = "exir.split_with_sizes"(%arg0) {dim = 1 : i64, static_split_sizes = array<i64: 1, 2, 3>} : (tensor<4x6xf32>) -> (tensor<4x?xf32>, tensor<4x?xf32>, tensor<4x?xf32>)
# CHECK:      %[[A:.*]] = tensor.cast %[[SPLIT]]#0 : tensor<4x?xf32> to tensor<4x1xf32>
# CHECK:      %[[C:.*]] = tensor.cast %[[SPLIT]]#2 : tensor<4x?xf32> to tensor<4x3xf32>
# CHECK:      return %[[MAX]]#0, %[[MAX]]#1, %[[C]], %[[A]]
@run_test
def getitem_selects_results():
    import_and_print(MultiResult(), (torch.randn(4, 6),), decompose=True)


class Dtypes(nn.Module):
    def forward(self, a, b, c, d, e):
        return a + 1, b * 2, c & c, d.abs(), e.to(torch.bfloat16)


# CHECK-LABEL: TEST: element_types
# CHECK: func.func @main(%{{.*}}: tensor<2xf16> {{.*}}, %{{.*}}: tensor<2xi32> {{.*}}, %{{.*}}: tensor<2xi1> {{.*}}, %{{.*}}: tensor<2xui8> {{.*}}, %{{.*}}: tensor<2xcomplex<f32>>
# CHECK-SAME: -> (tensor<2xf16> {{.*}}, tensor<2xi32> {{.*}}, tensor<2xi1> {{.*}}, tensor<2xui8> {{.*}}, tensor<2xbf16>
@run_test
def element_types():
    args = (torch.ones(2, dtype=torch.float16), torch.ones(2, dtype=torch.int32), torch.ones(2, dtype=torch.bool),
            torch.ones(2, dtype=torch.uint8), torch.ones(2, dtype=torch.complex64))
    import_and_print(Dtypes(), args)


class MixedCat(nn.Module):
    def forward(self, x, y):
        return torch.cat([x, y.double()], 0)


# A Tensor[] of mixed element types has no join type, so it cannot be one operand group of
# exir.cat: the call goes to the fallback, and nothing built for the named op is left behind.
# CHECK-LABEL: TEST: mixed_dtype_list_falls_back
# CHECK:      func.func private @"aten::cat"(tensor<2x3xf32>, tensor<3x3xf64>) -> tensor<5x3xf64>
# CHECK:      %[[Y:.*]] = "exir.priv_to_copy"(%arg1) {dtype = f64, non_blocking = false}
# CHECK-NEXT: call @"aten::cat"(%arg0, %[[Y]]) {exir.args = {dim = 0 : i64}, exir.fallback_reason = "the call cannot be exir.cat: tensors of different element types (f32, f64) cannot share one operand group", exir.operand_args = ["tensors[0]", "tensors[1]"]}
# CHECK-NOT:  tensor.cast
@run_test
def mixed_dtype_list_falls_back():
    import_and_print(MixedCat(), (torch.randn(2, 3), torch.randn(3, 3)), decompose=True)
