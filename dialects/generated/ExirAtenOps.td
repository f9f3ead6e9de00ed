//===- ExirAtenOps.td - GENERATED: one exir op per core ATen overload -----===//
//
// GENERATED FILE, DO NOT EDIT. Regenerate with: python -m exir_mlir.tools.gen_dialects
// Source: the schemas of torch 2.13.0 (overloads tagged torch.Tag.core, plus
// exir_mlir.schema.EXPORT_EXTRA_OVERLOADS), mapped by exir_mlir.schema.
//
//===----------------------------------------------------------------------===//

#ifndef EXIR_ATEN_OPS_TD
#define EXIR_ATEN_OPS_TD

include "ExirBase.td"

def Exir_PrivAdaptiveAvgPool2dOp : Exir_AtenOp<"priv_adaptive_avg_pool2d", "aten::_adaptive_avg_pool2d"> {
  let summary = "`aten::_adaptive_avg_pool2d`: Apply a 2D adaptive average pooling over an input signal composed of several input planes";
  let description = [{
    `aten::_adaptive_avg_pool2d(Tensor self, SymInt[2] output_size) -> Tensor`

    * `self` (Tensor): operand
    * `output_size` (SymInt[]): `static_output_size`, symbolic entries in `output_size`

    ```mlir
    %result = "exir.priv_adaptive_avg_pool2d"(%self, %output_size0) {static_output_size = array<i64: -9223372036854775808, 3>}
        : (tensor<2x3xf32>, !exir.symint) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      DenseI64ArrayAttr:$static_output_size,
      Variadic<Exir_SymIntType>:$output_size);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_PrivAdaptiveAvgPool2dBackwardOp : Exir_AtenOp<"priv_adaptive_avg_pool2d_backward", "aten::_adaptive_avg_pool2d_backward"> {
  let summary = "`aten::_adaptive_avg_pool2d_backward`: gradient of 2-d adaptive average pooling";
  let description = [{
    `aten::_adaptive_avg_pool2d_backward(Tensor grad_output, Tensor self) -> Tensor`

    * `grad_output` (Tensor): operand
    * `self` (Tensor): operand

    ```mlir
    %result = "exir.priv_adaptive_avg_pool2d_backward"(%grad_output, %self)
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$grad_output,
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_PrivAdaptiveAvgPool3dOp : Exir_AtenOp<"priv_adaptive_avg_pool3d", "aten::_adaptive_avg_pool3d"> {
  let summary = "`aten::_adaptive_avg_pool3d`: Apply a 3D adaptive average pooling over an input signal composed of several input planes";
  let description = [{
    `aten::_adaptive_avg_pool3d(Tensor self, SymInt[3] output_size) -> Tensor`

    * `self` (Tensor): operand
    * `output_size` (SymInt[]): `static_output_size`, symbolic entries in `output_size`

    ```mlir
    %result = "exir.priv_adaptive_avg_pool3d"(%self, %output_size0) {static_output_size = array<i64: -9223372036854775808, 3, 3>}
        : (tensor<2x3xf32>, !exir.symint) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      DenseI64ArrayAttr:$static_output_size,
      Variadic<Exir_SymIntType>:$output_size);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_PrivAssertScalarOp : Exir_AtenOp<"priv_assert_scalar", "aten::_assert_scalar"> {
  let summary = "`aten::_assert_scalar`: fail at run time with assert_msg unless the symbolic condition holds";
  let description = [{
    `aten::_assert_scalar(Scalar self, str assert_msg) -> ()`

    * `self` (Scalar): operand
    * `assert_msg` (str): attribute

    ```mlir
    "exir.priv_assert_scalar"(%self) {assert_msg = "none"}
        : (!exir.symbool) -> ()
    ```
  }];
  let arguments = (ins
      Exir_SymScalar:$self,
      StrAttr:$assert_msg);
  let results = (outs);
}

def Exir_PrivCdistForwardOp : Exir_AtenOp<"priv_cdist_forward", "aten::_cdist_forward"> {
  let summary = "`aten::_cdist_forward`: p-norm distances between each pair of rows of x1 and x2";
  let description = [{
    `aten::_cdist_forward(Tensor x1, Tensor x2, float p, int? compute_mode) -> Tensor`

    * `x1` (Tensor): operand
    * `x2` (Tensor): operand
    * `p` (float): attribute
    * `compute_mode` (int?): attribute, absent = None

    ```mlir
    %result = "exir.priv_cdist_forward"(%x1, %x2) {p = 1.0 : f64, compute_mode = 1 : i64}
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$x1,
      AnyRankedTensor:$x2,
      F64Attr:$p,
      OptionalAttr<I64Attr>:$compute_mode);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_PrivEmbeddingBagOp : Exir_AtenOp<"priv_embedding_bag", "aten::_embedding_bag"> {
  let summary = "`aten::_embedding_bag`: Compute sums, means or maxes of `bags` of embeddings";
  let description = [{
    `aten::_embedding_bag(Tensor weight, Tensor indices, Tensor offsets, bool scale_grad_by_freq=False, int mode=0, bool sparse=False, Tensor? per_sample_weights=None, bool include_last_offset=False, int padding_idx=-1) -> (Tensor, Tensor, Tensor, Tensor)`

    * `weight` (Tensor): operand
    * `indices` (Tensor): operand
    * `offsets` (Tensor): operand
    * `scale_grad_by_freq` (bool): attribute
    * `mode` (int): attribute
    * `sparse` (bool): attribute
    * `per_sample_weights` (Tensor?): operand
    * `include_last_offset` (bool): attribute
    * `padding_idx` (int): attribute

    ```mlir
    %r:4 = "exir.priv_embedding_bag"(%weight, %indices, %offsets, %per_sample_weights) {scale_grad_by_freq = false, mode = 0 : i64, sparse = false, include_last_offset = false, padding_idx = -1 : i64}
        : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>)
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$weight,
      AnyRankedTensor:$indices,
      AnyRankedTensor:$offsets,
      BoolAttr:$scale_grad_by_freq,
      I64Attr:$mode,
      BoolAttr:$sparse,
      Optional<AnyRankedTensor>:$per_sample_weights,
      BoolAttr:$include_last_offset,
      I64Attr:$padding_idx);
  let results = (outs
      AnyRankedTensor:$result0,
      AnyRankedTensor:$result1,
      AnyRankedTensor:$result2,
      AnyRankedTensor:$result3);
}

def Exir_PrivFftC2rOp : Exir_AtenOp<"priv_fft_c2r", "aten::_fft_c2r"> {
  let summary = "`aten::_fft_c2r`: inverse real FFT (complex to real) over the given dims";
  let description = [{
    `aten::_fft_c2r(Tensor self, int[] dim, int normalization, SymInt last_dim_size) -> Tensor`

    * `self` (Tensor): operand
    * `dim` (int[]): attribute
    * `normalization` (int): attribute
    * `last_dim_size` (SymInt): `static_last_dim_size`, symbolic entries in `last_dim_size`

    ```mlir
    %result = "exir.priv_fft_c2r"(%self, %last_dim_size) {dim = array<i64: 1>, normalization = 1 : i64, static_last_dim_size = -9223372036854775808 : i64}
        : (tensor<2x3xf32>, !exir.symint) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      DenseI64ArrayAttr:$dim,
      I64Attr:$normalization,
      I64Attr:$static_last_dim_size,
      Optional<Exir_SymIntType>:$last_dim_size);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_PrivFftR2cOp : Exir_AtenOp<"priv_fft_r2c", "aten::_fft_r2c"> {
  let summary = "`aten::_fft_r2c`: real-to-complex FFT over the given dims";
  let description = [{
    `aten::_fft_r2c(Tensor self, int[] dim, int normalization, bool onesided) -> Tensor`

    * `self` (Tensor): operand
    * `dim` (int[]): attribute
    * `normalization` (int): attribute
    * `onesided` (bool): attribute

    ```mlir
    %result = "exir.priv_fft_r2c"(%self) {dim = array<i64: 1>, normalization = 1 : i64, onesided = false}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      DenseI64ArrayAttr:$dim,
      I64Attr:$normalization,
      BoolAttr:$onesided);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_PrivLocalScalarDenseOp : Exir_AtenOp<"priv_local_scalar_dense", "aten::_local_scalar_dense"> {
  let summary = "`aten::_local_scalar_dense`: the single element of a tensor as a symbolic scalar (Tensor.item())";
  let description = [{
    `aten::_local_scalar_dense(Tensor self) -> Scalar`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.priv_local_scalar_dense"(%self)
        : (tensor<2x3xf32>) -> !exir.symint
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      Exir_SymScalar:$result);
}

def Exir_PrivLogSoftmaxOp : Exir_AtenOp<"priv_log_softmax", "aten::_log_softmax"> {
  let summary = "`aten::_log_softmax`: Apply a softmax followed by a logarithm";
  let description = [{
    `aten::_log_softmax(Tensor self, int dim, bool half_to_float) -> Tensor`

    * `self` (Tensor): operand
    * `dim` (int): attribute
    * `half_to_float` (bool): attribute

    ```mlir
    %result = "exir.priv_log_softmax"(%self) {dim = 1 : i64, half_to_float = false}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      I64Attr:$dim,
      BoolAttr:$half_to_float);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_PrivNativeBatchNormLegitOp : Exir_AtenOp<"priv_native_batch_norm_legit", "aten::_native_batch_norm_legit", [AttrSizedOperandSegments]> {
  let summary = "`aten::_native_batch_norm_legit`: batch normalization in training mode, updating the running statistics";
  let description = [{
    `aten::_native_batch_norm_legit(Tensor input, Tensor? weight, Tensor? bias, Tensor(a!) running_mean, Tensor(b!) running_var, bool training, float momentum, float eps) -> (Tensor, Tensor, Tensor)`

    * `input` (Tensor): operand
    * `weight` (Tensor?): operand
    * `bias` (Tensor?): operand
    * `running_mean` (Tensor): operand (written by the op)
    * `running_var` (Tensor): operand (written by the op)
    * `training` (bool): attribute
    * `momentum` (float): attribute
    * `eps` (float): attribute

    ```mlir
    %r:3 = "exir.priv_native_batch_norm_legit"(%input, %weight, %bias, %running_mean, %running_var) {training = false, momentum = 1.0 : f64, eps = 1.0 : f64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>}
        : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>)
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$input,
      Optional<AnyRankedTensor>:$weight,
      Optional<AnyRankedTensor>:$bias,
      AnyRankedTensor:$running_mean,
      AnyRankedTensor:$running_var,
      BoolAttr:$training,
      F64Attr:$momentum,
      F64Attr:$eps);
  let results = (outs
      AnyRankedTensor:$result0,
      AnyRankedTensor:$result1,
      AnyRankedTensor:$result2);
}

def Exir_PrivNativeBatchNormLegitNoStatsOp : Exir_AtenOp<"priv_native_batch_norm_legit_no_stats", "aten::_native_batch_norm_legit.no_stats", [AttrSizedOperandSegments]> {
  let summary = "`aten::_native_batch_norm_legit.no_stats`: batch normalization in training mode, updating the running statistics";
  let description = [{
    `aten::_native_batch_norm_legit.no_stats(Tensor input, Tensor? weight, Tensor? bias, bool training, float momentum, float eps) -> (Tensor, Tensor, Tensor)`

    * `input` (Tensor): operand
    * `weight` (Tensor?): operand
    * `bias` (Tensor?): operand
    * `training` (bool): attribute
    * `momentum` (float): attribute
    * `eps` (float): attribute

    ```mlir
    %r:3 = "exir.priv_native_batch_norm_legit_no_stats"(%input, %weight, %bias) {training = false, momentum = 1.0 : f64, eps = 1.0 : f64, operandSegmentSizes = array<i32: 1, 1, 1>}
        : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>)
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$input,
      Optional<AnyRankedTensor>:$weight,
      Optional<AnyRankedTensor>:$bias,
      BoolAttr:$training,
      F64Attr:$momentum,
      F64Attr:$eps);
  let results = (outs
      AnyRankedTensor:$result0,
      AnyRankedTensor:$result1,
      AnyRankedTensor:$result2);
}

def Exir_PrivNativeBatchNormLegitNoTrainingOp : Exir_AtenOp<"priv_native_batch_norm_legit_no_training", "aten::_native_batch_norm_legit_no_training", [AttrSizedOperandSegments]> {
  let summary = "`aten::_native_batch_norm_legit_no_training`: batch normalization with running statistics (inference)";
  let description = [{
    `aten::_native_batch_norm_legit_no_training(Tensor input, Tensor? weight, Tensor? bias, Tensor running_mean, Tensor running_var, float momentum, float eps) -> (Tensor, Tensor, Tensor)`

    * `input` (Tensor): operand
    * `weight` (Tensor?): operand
    * `bias` (Tensor?): operand
    * `running_mean` (Tensor): operand
    * `running_var` (Tensor): operand
    * `momentum` (float): attribute
    * `eps` (float): attribute

    ```mlir
    %r:3 = "exir.priv_native_batch_norm_legit_no_training"(%input, %weight, %bias, %running_mean, %running_var) {momentum = 1.0 : f64, eps = 1.0 : f64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>}
        : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>)
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$input,
      Optional<AnyRankedTensor>:$weight,
      Optional<AnyRankedTensor>:$bias,
      AnyRankedTensor:$running_mean,
      AnyRankedTensor:$running_var,
      F64Attr:$momentum,
      F64Attr:$eps);
  let results = (outs
      AnyRankedTensor:$result0,
      AnyRankedTensor:$result1,
      AnyRankedTensor:$result2);
}

def Exir_PrivPdistForwardOp : Exir_AtenOp<"priv_pdist_forward", "aten::_pdist_forward"> {
  let summary = "`aten::_pdist_forward`: p-norm distances between all pairs of rows of a matrix";
  let description = [{
    `aten::_pdist_forward(Tensor self, float p=2.) -> Tensor`

    * `self` (Tensor): operand
    * `p` (float): attribute

    ```mlir
    %result = "exir.priv_pdist_forward"(%self) {p = 2.0 : f64}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      F64Attr:$p);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_PrivSoftmaxOp : Exir_AtenOp<"priv_softmax", "aten::_softmax"> {
  let summary = "`aten::_softmax`: Apply a softmax function";
  let description = [{
    `aten::_softmax(Tensor self, int dim, bool half_to_float) -> Tensor`

    * `self` (Tensor): operand
    * `dim` (int): attribute
    * `half_to_float` (bool): attribute

    ```mlir
    %result = "exir.priv_softmax"(%self) {dim = 1 : i64, half_to_float = false}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      I64Attr:$dim,
      BoolAttr:$half_to_float);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_PrivToCopyOp : Exir_AtenOp<"priv_to_copy", "aten::_to_copy"> {
  let summary = "`aten::_to_copy`: a copy with another dtype, layout, device or memory format";
  let description = [{
    `aten::_to_copy(Tensor self, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None, bool non_blocking=False, MemoryFormat? memory_format=None) -> Tensor`

    * `self` (Tensor): operand
    * `dtype` (ScalarType?): attribute, absent = None
    * `layout` (Layout?): attribute, absent = None
    * `device` (Device?): attribute, absent = None
    * `pin_memory` (bool?): attribute, absent = None
    * `non_blocking` (bool): attribute
    * `memory_format` (MemoryFormat?): attribute, absent = None

    ```mlir
    %result = "exir.priv_to_copy"(%self) {non_blocking = false}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      OptionalAttr<TypeAttr>:$dtype,
      OptionalAttr<StrAttr>:$layout,
      OptionalAttr<StrAttr>:$device,
      OptionalAttr<BoolAttr>:$pin_memory,
      BoolAttr:$non_blocking,
      OptionalAttr<StrAttr>:$memory_format);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_AbsOp : Exir_AtenOp<"abs", "aten::abs"> {
  let summary = "`aten::abs`: Computes the absolute value of each element in input";
  let description = [{
    `aten::abs(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.abs"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_AcosOp : Exir_AtenOp<"acos", "aten::acos"> {
  let summary = "`aten::acos`: Returns a new tensor with the arccosine (in radians) of each element in input";
  let description = [{
    `aten::acos(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.acos"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_AcoshOp : Exir_AtenOp<"acosh", "aten::acosh"> {
  let summary = "`aten::acosh`: Returns a new tensor with the inverse hyperbolic cosine of the elements of input";
  let description = [{
    `aten::acosh(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.acosh"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_AdaptiveAvgPool1dOp : Exir_AtenOp<"adaptive_avg_pool1d", "aten::adaptive_avg_pool1d"> {
  let summary = "`aten::adaptive_avg_pool1d`: Applies a 1D adaptive average pooling over an input signal composed of several input planes";
  let description = [{
    `aten::adaptive_avg_pool1d(Tensor self, int[1] output_size) -> Tensor`

    * `self` (Tensor): operand
    * `output_size` (int[]): attribute

    ```mlir
    %result = "exir.adaptive_avg_pool1d"(%self) {output_size = array<i64: 1>}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      DenseI64ArrayAttr:$output_size);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_AddScalarOp : Exir_AtenOp<"add_scalar", "aten::add.Scalar"> {
  let summary = "`aten::add.Scalar`: Adds other, scaled by alpha, to input";
  let description = [{
    `aten::add.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Scalar): attribute
    * `alpha` (Scalar): attribute

    ```mlir
    %result = "exir.add_scalar"(%self) {other = 1 : i64, alpha = 1 : i64}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      TypedAttrInterface:$other,
      TypedAttrInterface:$alpha);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_AddTensorOp : Exir_AtenOp<"add_tensor", "aten::add.Tensor"> {
  let summary = "`aten::add.Tensor`: Adds other, scaled by alpha, to input";
  let description = [{
    `aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Tensor): operand
    * `alpha` (Scalar): attribute

    ```mlir
    %result = "exir.add_tensor"(%self, %other) {alpha = 1 : i64}
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      AnyRankedTensor:$other,
      TypedAttrInterface:$alpha);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_AddmmOp : Exir_AtenOp<"addmm", "aten::addmm"> {
  let summary = "`aten::addmm`: Performs a matrix multiplication of the matrices mat1 and mat2";
  let description = [{
    `aten::addmm(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1) -> Tensor`

    * `self` (Tensor): operand
    * `mat1` (Tensor): operand
    * `mat2` (Tensor): operand
    * `beta` (Scalar): attribute
    * `alpha` (Scalar): attribute

    ```mlir
    %result = "exir.addmm"(%self, %mat1, %mat2) {beta = 1 : i64, alpha = 1 : i64}
        : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      AnyRankedTensor:$mat1,
      AnyRankedTensor:$mat2,
      TypedAttrInterface:$beta,
      TypedAttrInterface:$alpha);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_AliasOp : Exir_AtenOp<"alias", "aten::alias"> {
  let summary = "`aten::alias`: the same tensor (a view of all of it)";
  let description = [{
    `aten::alias(Tensor(a) self) -> Tensor(a)`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.alias"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_AmaxOp : Exir_AtenOp<"amax", "aten::amax"> {
  let summary = "`aten::amax`: Returns the maximum value of each slice of the input tensor in the given dimension(s) dim";
  let description = [{
    `aten::amax(Tensor self, int[1] dim=[], bool keepdim=False) -> Tensor`

    * `self` (Tensor): operand
    * `dim` (int[]): attribute
    * `keepdim` (bool): attribute

    ```mlir
    %result = "exir.amax"(%self) {dim = array<i64: 1>, keepdim = false}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      DenseI64ArrayAttr:$dim,
      BoolAttr:$keepdim);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_AminOp : Exir_AtenOp<"amin", "aten::amin"> {
  let summary = "`aten::amin`: Returns the minimum value of each slice of the input tensor in the given dimension(s) dim";
  let description = [{
    `aten::amin(Tensor self, int[1] dim=[], bool keepdim=False) -> Tensor`

    * `self` (Tensor): operand
    * `dim` (int[]): attribute
    * `keepdim` (bool): attribute

    ```mlir
    %result = "exir.amin"(%self) {dim = array<i64: 1>, keepdim = false}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      DenseI64ArrayAttr:$dim,
      BoolAttr:$keepdim);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_AnyOp : Exir_AtenOp<"any", "aten::any"> {
  let summary = "`aten::any`: Tests if any element in input evaluates to `True`";
  let description = [{
    `aten::any(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.any"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_AnyDimOp : Exir_AtenOp<"any_dim", "aten::any.dim"> {
  let summary = "`aten::any.dim`: Tests if any element in input evaluates to `True`";
  let description = [{
    `aten::any.dim(Tensor self, int dim, bool keepdim=False) -> Tensor`

    * `self` (Tensor): operand
    * `dim` (int): attribute
    * `keepdim` (bool): attribute

    ```mlir
    %result = "exir.any_dim"(%self) {dim = 1 : i64, keepdim = false}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      I64Attr:$dim,
      BoolAttr:$keepdim);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_AnyDimsOp : Exir_AtenOp<"any_dims", "aten::any.dims"> {
  let summary = "`aten::any.dims`: Tests if any element in input evaluates to `True`";
  let description = [{
    `aten::any.dims(Tensor self, int[]? dim=None, bool keepdim=False) -> Tensor`

    * `self` (Tensor): operand
    * `dim` (int[]?): attribute, absent = None
    * `keepdim` (bool): attribute

    ```mlir
    %result = "exir.any_dims"(%self) {keepdim = false}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      OptionalAttr<DenseI64ArrayAttr>:$dim,
      BoolAttr:$keepdim);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_ArangeStartStepOp : Exir_AtenOp<"arange_start_step", "aten::arange.start_step"> {
  let summary = "`aten::arange.start_step`: values from start to end (exclusive) by step";
  let description = [{
    `aten::arange.start_step(Scalar start, Scalar end, Scalar step=1, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor`

    * `start` (Scalar): attribute
    * `end` (Scalar): attribute
    * `step` (Scalar): attribute
    * `dtype` (ScalarType?): attribute, absent = None
    * `layout` (Layout?): attribute, absent = None
    * `device` (Device?): attribute, absent = None
    * `pin_memory` (bool?): attribute, absent = None

    ```mlir
    %result = "exir.arange_start_step"() {start = 1 : i64, end = 1 : i64, step = 1 : i64}
        : () -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      TypedAttrInterface:$start,
      TypedAttrInterface:$end,
      TypedAttrInterface:$step,
      OptionalAttr<TypeAttr>:$dtype,
      OptionalAttr<StrAttr>:$layout,
      OptionalAttr<StrAttr>:$device,
      OptionalAttr<BoolAttr>:$pin_memory);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_ArgmaxOp : Exir_AtenOp<"argmax", "aten::argmax"> {
  let summary = "`aten::argmax`: Returns the indices of the maximum value of all elements in the input tensor";
  let description = [{
    `aten::argmax(Tensor self, int? dim=None, bool keepdim=False) -> Tensor`

    * `self` (Tensor): operand
    * `dim` (int?): attribute, absent = None
    * `keepdim` (bool): attribute

    ```mlir
    %result = "exir.argmax"(%self) {keepdim = false}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      OptionalAttr<I64Attr>:$dim,
      BoolAttr:$keepdim);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_ArgminOp : Exir_AtenOp<"argmin", "aten::argmin"> {
  let summary = "`aten::argmin`: Returns the indices of the minimum value(s) of the flattened tensor or along a dimension";
  let description = [{
    `aten::argmin(Tensor self, int? dim=None, bool keepdim=False) -> Tensor`

    * `self` (Tensor): operand
    * `dim` (int?): attribute, absent = None
    * `keepdim` (bool): attribute

    ```mlir
    %result = "exir.argmin"(%self) {keepdim = false}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      OptionalAttr<I64Attr>:$dim,
      BoolAttr:$keepdim);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_AsStridedOp : Exir_AtenOp<"as_strided", "aten::as_strided", [AttrSizedOperandSegments]> {
  let summary = "`aten::as_strided`: Create a view of an existing `torch.Tensor` input with specified size, stride and storage_offset";
  let description = [{
    `aten::as_strided(Tensor(a) self, SymInt[] size, SymInt[] stride, SymInt? storage_offset=None) -> Tensor(a)`

    * `self` (Tensor): operand
    * `size` (SymInt[]): `static_size`, symbolic entries in `size`
    * `stride` (SymInt[]): `static_stride`, symbolic entries in `stride`
    * `storage_offset` (SymInt?): `static_storage_offset`, symbolic entries in `storage_offset`

    ```mlir
    %result = "exir.as_strided"(%self, %size0, %stride0, %storage_offset) {static_size = array<i64: -9223372036854775808, 3>, static_stride = array<i64: -9223372036854775808, 3>, static_storage_offset = -9223372036854775808 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1>}
        : (tensor<2x3xf32>, !exir.symint, !exir.symint, !exir.symint) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      DenseI64ArrayAttr:$static_size,
      Variadic<Exir_SymIntType>:$size,
      DenseI64ArrayAttr:$static_stride,
      Variadic<Exir_SymIntType>:$stride,
      OptionalAttr<I64Attr>:$static_storage_offset,
      Optional<Exir_SymIntType>:$storage_offset);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_AsinOp : Exir_AtenOp<"asin", "aten::asin"> {
  let summary = "`aten::asin`: Returns a new tensor with the arcsine of the elements (in radians) in the input tensor";
  let description = [{
    `aten::asin(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.asin"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_AsinhOp : Exir_AtenOp<"asinh", "aten::asinh"> {
  let summary = "`aten::asinh`: Returns a new tensor with the inverse hyperbolic sine of the elements of input";
  let description = [{
    `aten::asinh(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.asinh"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_AtanOp : Exir_AtenOp<"atan", "aten::atan"> {
  let summary = "`aten::atan`: Returns a new tensor with the arctangent of the elements (in radians) in the input tensor";
  let description = [{
    `aten::atan(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.atan"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_Atan2Op : Exir_AtenOp<"atan2", "aten::atan2"> {
  let summary = "`aten::atan2`: Element-wise arctangent of text{input}_{i} / text{other}_{i} with consideration of the quadrant";
  let description = [{
    `aten::atan2(Tensor self, Tensor other) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Tensor): operand

    ```mlir
    %result = "exir.atan2"(%self, %other)
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      AnyRankedTensor:$other);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_Atan2OutOp : Exir_AtenOp<"atan2_out", "aten::atan2.out"> {
  let summary = "`aten::atan2.out`: Element-wise arctangent of text{input}_{i} / text{other}_{i} with consideration of the quadrant";
  let description = [{
    `aten::atan2.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)`

    * `self` (Tensor): operand
    * `other` (Tensor): operand
    * `out` (Tensor): operand (written by the op)

    ```mlir
    %result = "exir.atan2_out"(%self, %other, %out)
        : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      AnyRankedTensor:$other,
      AnyRankedTensor:$out);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_AtanhOp : Exir_AtenOp<"atanh", "aten::atanh"> {
  let summary = "`aten::atanh`: Returns a new tensor with the inverse hyperbolic tangent of the elements of input";
  let description = [{
    `aten::atanh(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.atanh"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_AvgPool1dOp : Exir_AtenOp<"avg_pool1d", "aten::avg_pool1d"> {
  let summary = "`aten::avg_pool1d`: Applies a 1D average pooling over an input signal composed of several input planes";
  let description = [{
    `aten::avg_pool1d(Tensor self, int[1] kernel_size, int[1] stride=[], int[1] padding=[0], bool ceil_mode=False, bool count_include_pad=True) -> Tensor`

    * `self` (Tensor): operand
    * `kernel_size` (int[]): attribute
    * `stride` (int[]): attribute
    * `padding` (int[]): attribute
    * `ceil_mode` (bool): attribute
    * `count_include_pad` (bool): attribute

    ```mlir
    %result = "exir.avg_pool1d"(%self) {kernel_size = array<i64: 1>, stride = array<i64: 1>, padding = array<i64: 0>, ceil_mode = false, count_include_pad = true}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      DenseI64ArrayAttr:$kernel_size,
      DenseI64ArrayAttr:$stride,
      DenseI64ArrayAttr:$padding,
      BoolAttr:$ceil_mode,
      BoolAttr:$count_include_pad);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_AvgPool2dOp : Exir_AtenOp<"avg_pool2d", "aten::avg_pool2d"> {
  let summary = "`aten::avg_pool2d`: Applies 2D average-pooling operation in kH times kW regions by step size sH times sW steps";
  let description = [{
    `aten::avg_pool2d(Tensor self, int[2] kernel_size, int[2] stride=[], int[2] padding=0, bool ceil_mode=False, bool count_include_pad=True, int? divisor_override=None) -> Tensor`

    * `self` (Tensor): operand
    * `kernel_size` (int[]): attribute
    * `stride` (int[]): attribute
    * `padding` (int[]): attribute
    * `ceil_mode` (bool): attribute
    * `count_include_pad` (bool): attribute
    * `divisor_override` (int?): attribute, absent = None

    ```mlir
    %result = "exir.avg_pool2d"(%self) {kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, ceil_mode = false, count_include_pad = true}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      DenseI64ArrayAttr:$kernel_size,
      DenseI64ArrayAttr:$stride,
      DenseI64ArrayAttr:$padding,
      BoolAttr:$ceil_mode,
      BoolAttr:$count_include_pad,
      OptionalAttr<I64Attr>:$divisor_override);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_AvgPool2dBackwardOp : Exir_AtenOp<"avg_pool2d_backward", "aten::avg_pool2d_backward"> {
  let summary = "`aten::avg_pool2d_backward`: gradient of 2-d average pooling";
  let description = [{
    `aten::avg_pool2d_backward(Tensor grad_output, Tensor self, int[2] kernel_size, int[2] stride, int[2] padding, bool ceil_mode, bool count_include_pad, int? divisor_override) -> Tensor`

    * `grad_output` (Tensor): operand
    * `self` (Tensor): operand
    * `kernel_size` (int[]): attribute
    * `stride` (int[]): attribute
    * `padding` (int[]): attribute
    * `ceil_mode` (bool): attribute
    * `count_include_pad` (bool): attribute
    * `divisor_override` (int?): attribute, absent = None

    ```mlir
    %result = "exir.avg_pool2d_backward"(%grad_output, %self) {kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, ceil_mode = false, count_include_pad = false, divisor_override = 1 : i64}
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$grad_output,
      AnyRankedTensor:$self,
      DenseI64ArrayAttr:$kernel_size,
      DenseI64ArrayAttr:$stride,
      DenseI64ArrayAttr:$padding,
      BoolAttr:$ceil_mode,
      BoolAttr:$count_include_pad,
      OptionalAttr<I64Attr>:$divisor_override);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_AvgPool3dOp : Exir_AtenOp<"avg_pool3d", "aten::avg_pool3d"> {
  let summary = "`aten::avg_pool3d`: 3-d average pooling";
  let description = [{
    `aten::avg_pool3d(Tensor self, int[3] kernel_size, int[3] stride=[], int[3] padding=0, bool ceil_mode=False, bool count_include_pad=True, int? divisor_override=None) -> Tensor`

    * `self` (Tensor): operand
    * `kernel_size` (int[]): attribute
    * `stride` (int[]): attribute
    * `padding` (int[]): attribute
    * `ceil_mode` (bool): attribute
    * `count_include_pad` (bool): attribute
    * `divisor_override` (int?): attribute, absent = None

    ```mlir
    %result = "exir.avg_pool3d"(%self) {kernel_size = array<i64: 1, 1, 1>, stride = array<i64: 1, 1, 1>, padding = array<i64: 0, 0, 0>, ceil_mode = false, count_include_pad = true}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      DenseI64ArrayAttr:$kernel_size,
      DenseI64ArrayAttr:$stride,
      DenseI64ArrayAttr:$padding,
      BoolAttr:$ceil_mode,
      BoolAttr:$count_include_pad,
      OptionalAttr<I64Attr>:$divisor_override);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_BitwiseAndScalarOp : Exir_AtenOp<"bitwise_and_scalar", "aten::bitwise_and.Scalar"> {
  let summary = "`aten::bitwise_and.Scalar`: Computes the bitwise AND of input and other";
  let description = [{
    `aten::bitwise_and.Scalar(Tensor self, Scalar other) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Scalar): attribute

    ```mlir
    %result = "exir.bitwise_and_scalar"(%self) {other = 1 : i64}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      TypedAttrInterface:$other);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_BitwiseAndTensorOp : Exir_AtenOp<"bitwise_and_tensor", "aten::bitwise_and.Tensor"> {
  let summary = "`aten::bitwise_and.Tensor`: Computes the bitwise AND of input and other";
  let description = [{
    `aten::bitwise_and.Tensor(Tensor self, Tensor other) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Tensor): operand

    ```mlir
    %result = "exir.bitwise_and_tensor"(%self, %other)
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      AnyRankedTensor:$other);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_BitwiseNotOp : Exir_AtenOp<"bitwise_not", "aten::bitwise_not"> {
  let summary = "`aten::bitwise_not`: Computes the bitwise NOT of the given input tensor";
  let description = [{
    `aten::bitwise_not(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.bitwise_not"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_BitwiseOrScalarOp : Exir_AtenOp<"bitwise_or_scalar", "aten::bitwise_or.Scalar"> {
  let summary = "`aten::bitwise_or.Scalar`: Computes the bitwise OR of input and other";
  let description = [{
    `aten::bitwise_or.Scalar(Tensor self, Scalar other) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Scalar): attribute

    ```mlir
    %result = "exir.bitwise_or_scalar"(%self) {other = 1 : i64}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      TypedAttrInterface:$other);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_BitwiseOrTensorOp : Exir_AtenOp<"bitwise_or_tensor", "aten::bitwise_or.Tensor"> {
  let summary = "`aten::bitwise_or.Tensor`: Computes the bitwise OR of input and other";
  let description = [{
    `aten::bitwise_or.Tensor(Tensor self, Tensor other) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Tensor): operand

    ```mlir
    %result = "exir.bitwise_or_tensor"(%self, %other)
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      AnyRankedTensor:$other);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_BitwiseXorScalarOp : Exir_AtenOp<"bitwise_xor_scalar", "aten::bitwise_xor.Scalar"> {
  let summary = "`aten::bitwise_xor.Scalar`: Computes the bitwise XOR of input and other";
  let description = [{
    `aten::bitwise_xor.Scalar(Tensor self, Scalar other) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Scalar): attribute

    ```mlir
    %result = "exir.bitwise_xor_scalar"(%self) {other = 1 : i64}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      TypedAttrInterface:$other);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_BitwiseXorTensorOp : Exir_AtenOp<"bitwise_xor_tensor", "aten::bitwise_xor.Tensor"> {
  let summary = "`aten::bitwise_xor.Tensor`: Computes the bitwise XOR of input and other";
  let description = [{
    `aten::bitwise_xor.Tensor(Tensor self, Tensor other) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Tensor): operand

    ```mlir
    %result = "exir.bitwise_xor_tensor"(%self, %other)
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      AnyRankedTensor:$other);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_BmmOp : Exir_AtenOp<"bmm", "aten::bmm"> {
  let summary = "`aten::bmm`: Performs a batch matrix-matrix product of matrices stored in input and mat2";
  let description = [{
    `aten::bmm(Tensor self, Tensor mat2) -> Tensor`

    * `self` (Tensor): operand
    * `mat2` (Tensor): operand

    ```mlir
    %result = "exir.bmm"(%self, %mat2)
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      AnyRankedTensor:$mat2);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_CatOp : Exir_AtenOp<"cat", "aten::cat"> {
  let summary = "`aten::cat`: Concatenates the given sequence of tensors in tensors in the given dimension";
  let description = [{
    `aten::cat(Tensor[] tensors, int dim=0) -> Tensor`

    * `tensors` (Tensor[]): operands, all of their join type
    * `dim` (int): attribute

    ```mlir
    %result = "exir.cat"(%tensors0, %tensors1) {dim = 0 : i64}
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      Variadic<AnyRankedTensor>:$tensors,
      I64Attr:$dim);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_CeilOp : Exir_AtenOp<"ceil", "aten::ceil"> {
  let summary = "`aten::ceil`: elementwise ceiling";
  let description = [{
    `aten::ceil(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.ceil"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_ClampOp : Exir_AtenOp<"clamp", "aten::clamp"> {
  let summary = "`aten::clamp`: Clamps all elements in input into the range `[` min, max `]`";
  let description = [{
    `aten::clamp(Tensor self, Scalar? min=None, Scalar? max=None) -> Tensor`

    * `self` (Tensor): operand
    * `min` (Scalar?): attribute, absent = None
    * `max` (Scalar?): attribute, absent = None

    ```mlir
    %result = "exir.clamp"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      OptionalAttr<TypedAttrInterface>:$min,
      OptionalAttr<TypedAttrInterface>:$max);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_ClampTensorOp : Exir_AtenOp<"clamp_tensor", "aten::clamp.Tensor", [AttrSizedOperandSegments]> {
  let summary = "`aten::clamp.Tensor`: Clamps all elements in input into the range `[` min, max `]`";
  let description = [{
    `aten::clamp.Tensor(Tensor self, Tensor? min=None, Tensor? max=None) -> Tensor`

    * `self` (Tensor): operand
    * `min` (Tensor?): operand
    * `max` (Tensor?): operand

    ```mlir
    %result = "exir.clamp_tensor"(%self, %min, %max) {operandSegmentSizes = array<i32: 1, 1, 1>}
        : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      Optional<AnyRankedTensor>:$min,
      Optional<AnyRankedTensor>:$max);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_CloneOp : Exir_AtenOp<"clone", "aten::clone"> {
  let summary = "`aten::clone`: Returns a copy of input";
  let description = [{
    `aten::clone(Tensor self, *, MemoryFormat? memory_format=None) -> Tensor`

    * `self` (Tensor): operand
    * `memory_format` (MemoryFormat?): attribute, absent = None

    ```mlir
    %result = "exir.clone"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      OptionalAttr<StrAttr>:$memory_format);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_Col2imOp : Exir_AtenOp<"col2im", "aten::col2im"> {
  let summary = "`aten::col2im`: sum sliding local blocks back into a tensor (inverse of im2col)";
  let description = [{
    `aten::col2im(Tensor self, SymInt[2] output_size, int[2] kernel_size, int[2] dilation, int[2] padding, int[2] stride) -> Tensor`

    * `self` (Tensor): operand
    * `output_size` (SymInt[]): `static_output_size`, symbolic entries in `output_size`
    * `kernel_size` (int[]): attribute
    * `dilation` (int[]): attribute
    * `padding` (int[]): attribute
    * `stride` (int[]): attribute

    ```mlir
    %result = "exir.col2im"(%self, %output_size0) {static_output_size = array<i64: -9223372036854775808, 3>, kernel_size = array<i64: 1, 1>, dilation = array<i64: 1, 1>, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>}
        : (tensor<2x3xf32>, !exir.symint) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      DenseI64ArrayAttr:$static_output_size,
      Variadic<Exir_SymIntType>:$output_size,
      DenseI64ArrayAttr:$kernel_size,
      DenseI64ArrayAttr:$dilation,
      DenseI64ArrayAttr:$padding,
      DenseI64ArrayAttr:$stride);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_ConstantPadNdOp : Exir_AtenOp<"constant_pad_nd", "aten::constant_pad_nd"> {
  let summary = "`aten::constant_pad_nd`: pad the last dims with a constant value";
  let description = [{
    `aten::constant_pad_nd(Tensor self, SymInt[] pad, Scalar value=0) -> Tensor`

    * `self` (Tensor): operand
    * `pad` (SymInt[]): `static_pad`, symbolic entries in `pad`
    * `value` (Scalar): attribute

    ```mlir
    %result = "exir.constant_pad_nd"(%self, %pad0) {static_pad = array<i64: -9223372036854775808, 3>, value = 0 : i64}
        : (tensor<2x3xf32>, !exir.symint) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      DenseI64ArrayAttr:$static_pad,
      Variadic<Exir_SymIntType>:$pad,
      TypedAttrInterface:$value);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_ConvolutionOp : Exir_AtenOp<"convolution", "aten::convolution", [AttrSizedOperandSegments]> {
  let summary = "`aten::convolution`: N-d convolution or transposed convolution, with optional bias";
  let description = [{
    `aten::convolution(Tensor input, Tensor weight, Tensor? bias, SymInt[] stride, SymInt[] padding, SymInt[] dilation, bool transposed, SymInt[] output_padding, SymInt groups) -> Tensor`

    * `input` (Tensor): operand
    * `weight` (Tensor): operand
    * `bias` (Tensor?): operand
    * `stride` (SymInt[]): `static_stride`, symbolic entries in `stride`
    * `padding` (SymInt[]): `static_padding`, symbolic entries in `padding`
    * `dilation` (SymInt[]): `static_dilation`, symbolic entries in `dilation`
    * `transposed` (bool): attribute
    * `output_padding` (SymInt[]): `static_output_padding`, symbolic entries in `output_padding`
    * `groups` (SymInt): `static_groups`, symbolic entries in `groups`

    ```mlir
    %result = "exir.convolution"(%input, %weight, %bias, %stride0, %padding0, %dilation0, %output_padding0, %groups) {static_stride = array<i64: -9223372036854775808, 3>, static_padding = array<i64: -9223372036854775808, 3>, static_dilation = array<i64: -9223372036854775808, 3>, transposed = false, static_output_padding = array<i64: -9223372036854775808, 3>, static_groups = -9223372036854775808 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1>}
        : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, !exir.symint, !exir.symint, !exir.symint, !exir.symint, !exir.symint) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$input,
      AnyRankedTensor:$weight,
      Optional<AnyRankedTensor>:$bias,
      DenseI64ArrayAttr:$static_stride,
      Variadic<Exir_SymIntType>:$stride,
      DenseI64ArrayAttr:$static_padding,
      Variadic<Exir_SymIntType>:$padding,
      DenseI64ArrayAttr:$static_dilation,
      Variadic<Exir_SymIntType>:$dilation,
      BoolAttr:$transposed,
      DenseI64ArrayAttr:$static_output_padding,
      Variadic<Exir_SymIntType>:$output_padding,
      I64Attr:$static_groups,
      Optional<Exir_SymIntType>:$groups);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_ConvolutionBackwardOp : Exir_AtenOp<"convolution_backward", "aten::convolution_backward", [AttrSizedOperandSegments]> {
  let summary = "`aten::convolution_backward`: gradients of convolution with respect to input, weight and bias";
  let description = [{
    `aten::convolution_backward(Tensor grad_output, Tensor input, Tensor weight, SymInt[]? bias_sizes, SymInt[] stride, SymInt[] padding, SymInt[] dilation, bool transposed, SymInt[] output_padding, SymInt groups, bool[3] output_mask) -> (Tensor, Tensor, Tensor)`

    * `grad_output` (Tensor): operand
    * `input` (Tensor): operand
    * `weight` (Tensor): operand
    * `bias_sizes` (SymInt[]?): `static_bias_sizes`, symbolic entries in `bias_sizes`
    * `stride` (SymInt[]): `static_stride`, symbolic entries in `stride`
    * `padding` (SymInt[]): `static_padding`, symbolic entries in `padding`
    * `dilation` (SymInt[]): `static_dilation`, symbolic entries in `dilation`
    * `transposed` (bool): attribute
    * `output_padding` (SymInt[]): `static_output_padding`, symbolic entries in `output_padding`
    * `groups` (SymInt): `static_groups`, symbolic entries in `groups`
    * `output_mask` (bool[]): attribute

    ```mlir
    %r:3 = "exir.convolution_backward"(%grad_output, %input, %weight, %bias_sizes0, %stride0, %padding0, %dilation0, %output_padding0, %groups) {static_bias_sizes = array<i64: -9223372036854775808, 3>, static_stride = array<i64: -9223372036854775808, 3>, static_padding = array<i64: -9223372036854775808, 3>, static_dilation = array<i64: -9223372036854775808, 3>, transposed = false, static_output_padding = array<i64: -9223372036854775808, 3>, static_groups = -9223372036854775808 : i64, output_mask = array<i1: true, true, true>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 1>}
        : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, !exir.symint, !exir.symint, !exir.symint, !exir.symint, !exir.symint, !exir.symint) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>)
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$grad_output,
      AnyRankedTensor:$input,
      AnyRankedTensor:$weight,
      OptionalAttr<DenseI64ArrayAttr>:$static_bias_sizes,
      Variadic<Exir_SymIntType>:$bias_sizes,
      DenseI64ArrayAttr:$static_stride,
      Variadic<Exir_SymIntType>:$stride,
      DenseI64ArrayAttr:$static_padding,
      Variadic<Exir_SymIntType>:$padding,
      DenseI64ArrayAttr:$static_dilation,
      Variadic<Exir_SymIntType>:$dilation,
      BoolAttr:$transposed,
      DenseI64ArrayAttr:$static_output_padding,
      Variadic<Exir_SymIntType>:$output_padding,
      I64Attr:$static_groups,
      Optional<Exir_SymIntType>:$groups,
      DenseBoolArrayAttr:$output_mask);
  let results = (outs
      AnyRankedTensor:$result0,
      AnyRankedTensor:$result1,
      AnyRankedTensor:$result2);
}

def Exir_CopyOp : Exir_AtenOp<"copy", "aten::copy"> {
  let summary = "`aten::copy`: the values of src, broadcast to the shape and dtype of self";
  let description = [{
    `aten::copy(Tensor self, Tensor src, bool non_blocking=False) -> Tensor`

    * `self` (Tensor): operand
    * `src` (Tensor): operand
    * `non_blocking` (bool): attribute

    ```mlir
    %result = "exir.copy"(%self, %src) {non_blocking = false}
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      AnyRankedTensor:$src,
      BoolAttr:$non_blocking);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_CosOp : Exir_AtenOp<"cos", "aten::cos"> {
  let summary = "`aten::cos`: Returns a new tensor with the cosine of the elements of input given in radians";
  let description = [{
    `aten::cos(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.cos"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_CoshOp : Exir_AtenOp<"cosh", "aten::cosh"> {
  let summary = "`aten::cosh`: Returns a new tensor with the hyperbolic cosine of the elements of input";
  let description = [{
    `aten::cosh(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.cosh"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_CumsumOp : Exir_AtenOp<"cumsum", "aten::cumsum"> {
  let summary = "`aten::cumsum`: Returns the cumulative sum of elements of input in the dimension dim";
  let description = [{
    `aten::cumsum(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor`

    * `self` (Tensor): operand
    * `dim` (int): attribute
    * `dtype` (ScalarType?): attribute, absent = None

    ```mlir
    %result = "exir.cumsum"(%self) {dim = 1 : i64}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      I64Attr:$dim,
      OptionalAttr<TypeAttr>:$dtype);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_DiagonalOp : Exir_AtenOp<"diagonal", "aten::diagonal"> {
  let summary = "`aten::diagonal`: a view of the diagonal with respect to dim1 and dim2";
  let description = [{
    `aten::diagonal(Tensor(a) self, int offset=0, int dim1=0, int dim2=1) -> Tensor(a)`

    * `self` (Tensor): operand
    * `offset` (int): attribute
    * `dim1` (int): attribute
    * `dim2` (int): attribute

    ```mlir
    %result = "exir.diagonal"(%self) {offset = 0 : i64, dim1 = 0 : i64, dim2 = 1 : i64}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      I64Attr:$offset,
      I64Attr:$dim1,
      I64Attr:$dim2);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_DivScalarOp : Exir_AtenOp<"div_scalar", "aten::div.Scalar"> {
  let summary = "`aten::div.Scalar`: Divides each element of the input `input` by the corresponding element of other";
  let description = [{
    `aten::div.Scalar(Tensor self, Scalar other) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Scalar): attribute

    ```mlir
    %result = "exir.div_scalar"(%self) {other = 1 : i64}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      TypedAttrInterface:$other);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_DivScalarModeOp : Exir_AtenOp<"div_scalar_mode", "aten::div.Scalar_mode"> {
  let summary = "`aten::div.Scalar_mode`: Divides each element of the input `input` by the corresponding element of other";
  let description = [{
    `aten::div.Scalar_mode(Tensor self, Scalar other, *, str? rounding_mode) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Scalar): attribute
    * `rounding_mode` (str?): attribute, absent = None

    ```mlir
    %result = "exir.div_scalar_mode"(%self) {other = 1 : i64, rounding_mode = "none"}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      TypedAttrInterface:$other,
      OptionalAttr<StrAttr>:$rounding_mode);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_DivTensorOp : Exir_AtenOp<"div_tensor", "aten::div.Tensor"> {
  let summary = "`aten::div.Tensor`: Divides each element of the input `input` by the corresponding element of other";
  let description = [{
    `aten::div.Tensor(Tensor self, Tensor other) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Tensor): operand

    ```mlir
    %result = "exir.div_tensor"(%self, %other)
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      AnyRankedTensor:$other);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_DivTensorModeOp : Exir_AtenOp<"div_tensor_mode", "aten::div.Tensor_mode"> {
  let summary = "`aten::div.Tensor_mode`: Divides each element of the input `input` by the corresponding element of other";
  let description = [{
    `aten::div.Tensor_mode(Tensor self, Tensor other, *, str? rounding_mode) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Tensor): operand
    * `rounding_mode` (str?): attribute, absent = None

    ```mlir
    %result = "exir.div_tensor_mode"(%self, %other) {rounding_mode = "none"}
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      AnyRankedTensor:$other,
      OptionalAttr<StrAttr>:$rounding_mode);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_EluOp : Exir_AtenOp<"elu", "aten::elu"> {
  let summary = "`aten::elu`: Apply the Exponential Linear Unit (ELU) function element-wise";
  let description = [{
    `aten::elu(Tensor self, Scalar alpha=1, Scalar scale=1, Scalar input_scale=1) -> Tensor`

    * `self` (Tensor): operand
    * `alpha` (Scalar): attribute
    * `scale` (Scalar): attribute
    * `input_scale` (Scalar): attribute

    ```mlir
    %result = "exir.elu"(%self) {alpha = 1 : i64, scale = 1 : i64, input_scale = 1 : i64}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      TypedAttrInterface:$alpha,
      TypedAttrInterface:$scale,
      TypedAttrInterface:$input_scale);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_EmbeddingOp : Exir_AtenOp<"embedding", "aten::embedding"> {
  let summary = "`aten::embedding`: Generate a simple lookup table that looks up embeddings in a fixed dictionary and size";
  let description = [{
    `aten::embedding(Tensor weight, Tensor indices, SymInt padding_idx=-1, bool scale_grad_by_freq=False, bool sparse=False) -> Tensor`

    * `weight` (Tensor): operand
    * `indices` (Tensor): operand
    * `padding_idx` (SymInt): `static_padding_idx`, symbolic entries in `padding_idx`
    * `scale_grad_by_freq` (bool): attribute
    * `sparse` (bool): attribute

    ```mlir
    %result = "exir.embedding"(%weight, %indices, %padding_idx) {static_padding_idx = -9223372036854775808 : i64, scale_grad_by_freq = false, sparse = false}
        : (tensor<2x3xf32>, tensor<2x3xf32>, !exir.symint) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$weight,
      AnyRankedTensor:$indices,
      I64Attr:$static_padding_idx,
      Optional<Exir_SymIntType>:$padding_idx,
      BoolAttr:$scale_grad_by_freq,
      BoolAttr:$sparse);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_EmbeddingDenseBackwardOp : Exir_AtenOp<"embedding_dense_backward", "aten::embedding_dense_backward", [AttrSizedOperandSegments]> {
  let summary = "`aten::embedding_dense_backward`: gradient of embedding with respect to its weight";
  let description = [{
    `aten::embedding_dense_backward(Tensor grad_output, Tensor indices, SymInt num_weights, SymInt padding_idx, bool scale_grad_by_freq) -> Tensor`

    * `grad_output` (Tensor): operand
    * `indices` (Tensor): operand
    * `num_weights` (SymInt): `static_num_weights`, symbolic entries in `num_weights`
    * `padding_idx` (SymInt): `static_padding_idx`, symbolic entries in `padding_idx`
    * `scale_grad_by_freq` (bool): attribute

    ```mlir
    %result = "exir.embedding_dense_backward"(%grad_output, %indices, %num_weights, %padding_idx) {static_num_weights = -9223372036854775808 : i64, static_padding_idx = -9223372036854775808 : i64, scale_grad_by_freq = false, operandSegmentSizes = array<i32: 1, 1, 1, 1>}
        : (tensor<2x3xf32>, tensor<2x3xf32>, !exir.symint, !exir.symint) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$grad_output,
      AnyRankedTensor:$indices,
      I64Attr:$static_num_weights,
      Optional<Exir_SymIntType>:$num_weights,
      I64Attr:$static_padding_idx,
      Optional<Exir_SymIntType>:$padding_idx,
      BoolAttr:$scale_grad_by_freq);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_EmptyMemoryFormatOp : Exir_AtenOp<"empty_memory_format", "aten::empty.memory_format"> {
  let summary = "`aten::empty.memory_format`: Returns a tensor filled with uninitialized data";
  let description = [{
    `aten::empty.memory_format(SymInt[] size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None, MemoryFormat? memory_format=None) -> Tensor`

    * `size` (SymInt[]): `static_size`, symbolic entries in `size`
    * `dtype` (ScalarType?): attribute, absent = None
    * `layout` (Layout?): attribute, absent = None
    * `device` (Device?): attribute, absent = None
    * `pin_memory` (bool?): attribute, absent = None
    * `memory_format` (MemoryFormat?): attribute, absent = None

    ```mlir
    %result = "exir.empty_memory_format"(%size0) {static_size = array<i64: -9223372036854775808, 3>}
        : (!exir.symint) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      DenseI64ArrayAttr:$static_size,
      Variadic<Exir_SymIntType>:$size,
      OptionalAttr<TypeAttr>:$dtype,
      OptionalAttr<StrAttr>:$layout,
      OptionalAttr<StrAttr>:$device,
      OptionalAttr<BoolAttr>:$pin_memory,
      OptionalAttr<StrAttr>:$memory_format);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_EmptyStridedOp : Exir_AtenOp<"empty_strided", "aten::empty_strided", [AttrSizedOperandSegments]> {
  let summary = "`aten::empty_strided`: Creates a tensor with the specified size and stride and filled with undefined data";
  let description = [{
    `aten::empty_strided(SymInt[] size, SymInt[] stride, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor`

    * `size` (SymInt[]): `static_size`, symbolic entries in `size`
    * `stride` (SymInt[]): `static_stride`, symbolic entries in `stride`
    * `dtype` (ScalarType?): attribute, absent = None
    * `layout` (Layout?): attribute, absent = None
    * `device` (Device?): attribute, absent = None
    * `pin_memory` (bool?): attribute, absent = None

    ```mlir
    %result = "exir.empty_strided"(%size0, %stride0) {static_size = array<i64: -9223372036854775808, 3>, static_stride = array<i64: -9223372036854775808, 3>, operandSegmentSizes = array<i32: 1, 1>}
        : (!exir.symint, !exir.symint) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      DenseI64ArrayAttr:$static_size,
      Variadic<Exir_SymIntType>:$size,
      DenseI64ArrayAttr:$static_stride,
      Variadic<Exir_SymIntType>:$stride,
      OptionalAttr<TypeAttr>:$dtype,
      OptionalAttr<StrAttr>:$layout,
      OptionalAttr<StrAttr>:$device,
      OptionalAttr<BoolAttr>:$pin_memory);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_EqScalarOp : Exir_AtenOp<"eq_scalar", "aten::eq.Scalar"> {
  let summary = "`aten::eq.Scalar`: Computes element-wise equality";
  let description = [{
    `aten::eq.Scalar(Tensor self, Scalar other) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Scalar): attribute

    ```mlir
    %result = "exir.eq_scalar"(%self) {other = 1 : i64}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      TypedAttrInterface:$other);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_EqTensorOp : Exir_AtenOp<"eq_tensor", "aten::eq.Tensor"> {
  let summary = "`aten::eq.Tensor`: Computes element-wise equality";
  let description = [{
    `aten::eq.Tensor(Tensor self, Tensor other) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Tensor): operand

    ```mlir
    %result = "exir.eq_tensor"(%self, %other)
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      AnyRankedTensor:$other);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_ErfOp : Exir_AtenOp<"erf", "aten::erf"> {
  let summary = "`aten::erf`: Computes the error function of input";
  let description = [{
    `aten::erf(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.erf"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_ExpOp : Exir_AtenOp<"exp", "aten::exp"> {
  let summary = "`aten::exp`: Returns a new tensor with the exponential of the elements of the input tensor input";
  let description = [{
    `aten::exp(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.exp"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_ExpandOp : Exir_AtenOp<"expand", "aten::expand"> {
  let summary = "`aten::expand`: Returns a new view of the self tensor with singleton dimensions expanded to a larger size";
  let description = [{
    `aten::expand(Tensor(a) self, SymInt[] size, *, bool implicit=False) -> Tensor(a)`

    * `self` (Tensor): operand
    * `size` (SymInt[]): `static_size`, symbolic entries in `size`
    * `implicit` (bool): attribute

    ```mlir
    %result = "exir.expand"(%self, %size0) {static_size = array<i64: -9223372036854775808, 3>, implicit = false}
        : (tensor<2x3xf32>, !exir.symint) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      DenseI64ArrayAttr:$static_size,
      Variadic<Exir_SymIntType>:$size,
      BoolAttr:$implicit);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_Expm1Op : Exir_AtenOp<"expm1", "aten::expm1"> {
  let summary = "`aten::expm1`: Computes the exponential of the elements minus 1 of input";
  let description = [{
    `aten::expm1(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.expm1"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_FillScalarOp : Exir_AtenOp<"fill_scalar", "aten::fill.Scalar"> {
  let summary = "`aten::fill.Scalar`: a tensor of self's shape filled with value";
  let description = [{
    `aten::fill.Scalar(Tensor self, Scalar value) -> Tensor`

    * `self` (Tensor): operand
    * `value` (Scalar): attribute

    ```mlir
    %result = "exir.fill_scalar"(%self) {value = 1 : i64}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      TypedAttrInterface:$value);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_FlipOp : Exir_AtenOp<"flip", "aten::flip"> {
  let summary = "`aten::flip`: Reverse the order of an n-D tensor along given axis in dims";
  let description = [{
    `aten::flip(Tensor self, int[] dims) -> Tensor`

    * `self` (Tensor): operand
    * `dims` (int[]): attribute

    ```mlir
    %result = "exir.flip"(%self) {dims = array<i64: 1>}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      DenseI64ArrayAttr:$dims);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_FloorOp : Exir_AtenOp<"floor", "aten::floor"> {
  let summary = "`aten::floor`: elementwise floor";
  let description = [{
    `aten::floor(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.floor"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_FmodScalarOp : Exir_AtenOp<"fmod_scalar", "aten::fmod.Scalar"> {
  let summary = "`aten::fmod.Scalar`: Applies C++'s `std::fmod <https://en.cppreference.com/w/cpp/numeric/math/fmod>`_ entrywise";
  let description = [{
    `aten::fmod.Scalar(Tensor self, Scalar other) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Scalar): attribute

    ```mlir
    %result = "exir.fmod_scalar"(%self) {other = 1 : i64}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      TypedAttrInterface:$other);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_FmodTensorOp : Exir_AtenOp<"fmod_tensor", "aten::fmod.Tensor"> {
  let summary = "`aten::fmod.Tensor`: Applies C++'s `std::fmod <https://en.cppreference.com/w/cpp/numeric/math/fmod>`_ entrywise";
  let description = [{
    `aten::fmod.Tensor(Tensor self, Tensor other) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Tensor): operand

    ```mlir
    %result = "exir.fmod_tensor"(%self, %other)
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      AnyRankedTensor:$other);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_FullOp : Exir_AtenOp<"full", "aten::full"> {
  let summary = "`aten::full`: Creates a tensor of size size filled with fill_value";
  let description = [{
    `aten::full(SymInt[] size, Scalar fill_value, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor`

    * `size` (SymInt[]): `static_size`, symbolic entries in `size`
    * `fill_value` (Scalar): attribute
    * `dtype` (ScalarType?): attribute, absent = None
    * `layout` (Layout?): attribute, absent = None
    * `device` (Device?): attribute, absent = None
    * `pin_memory` (bool?): attribute, absent = None

    ```mlir
    %result = "exir.full"(%size0) {static_size = array<i64: -9223372036854775808, 3>, fill_value = 1 : i64}
        : (!exir.symint) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      DenseI64ArrayAttr:$static_size,
      Variadic<Exir_SymIntType>:$size,
      TypedAttrInterface:$fill_value,
      OptionalAttr<TypeAttr>:$dtype,
      OptionalAttr<StrAttr>:$layout,
      OptionalAttr<StrAttr>:$device,
      OptionalAttr<BoolAttr>:$pin_memory);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_FullLikeOp : Exir_AtenOp<"full_like", "aten::full_like"> {
  let summary = "`aten::full_like`: Returns a tensor with the same size as input filled with fill_value";
  let description = [{
    `aten::full_like(Tensor self, Scalar fill_value, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None, MemoryFormat? memory_format=None) -> Tensor`

    * `self` (Tensor): operand
    * `fill_value` (Scalar): attribute
    * `dtype` (ScalarType?): attribute, absent = None
    * `layout` (Layout?): attribute, absent = None
    * `device` (Device?): attribute, absent = None
    * `pin_memory` (bool?): attribute, absent = None
    * `memory_format` (MemoryFormat?): attribute, absent = None

    ```mlir
    %result = "exir.full_like"(%self) {fill_value = 1 : i64}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      TypedAttrInterface:$fill_value,
      OptionalAttr<TypeAttr>:$dtype,
      OptionalAttr<StrAttr>:$layout,
      OptionalAttr<StrAttr>:$device,
      OptionalAttr<BoolAttr>:$pin_memory,
      OptionalAttr<StrAttr>:$memory_format);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_GatherOp : Exir_AtenOp<"gather", "aten::gather"> {
  let summary = "`aten::gather`: Gathers values along an axis specified by `dim`";
  let description = [{
    `aten::gather(Tensor self, int dim, Tensor index, *, bool sparse_grad=False) -> Tensor`

    * `self` (Tensor): operand
    * `dim` (int): attribute
    * `index` (Tensor): operand
    * `sparse_grad` (bool): attribute

    ```mlir
    %result = "exir.gather"(%self, %index) {dim = 1 : i64, sparse_grad = false}
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      I64Attr:$dim,
      AnyRankedTensor:$index,
      BoolAttr:$sparse_grad);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_GeScalarOp : Exir_AtenOp<"ge_scalar", "aten::ge.Scalar"> {
  let summary = "`aten::ge.Scalar`: Computes text{input} geq text{other} element-wise";
  let description = [{
    `aten::ge.Scalar(Tensor self, Scalar other) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Scalar): attribute

    ```mlir
    %result = "exir.ge_scalar"(%self) {other = 1 : i64}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      TypedAttrInterface:$other);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_GeTensorOp : Exir_AtenOp<"ge_tensor", "aten::ge.Tensor"> {
  let summary = "`aten::ge.Tensor`: Computes text{input} geq text{other} element-wise";
  let description = [{
    `aten::ge.Tensor(Tensor self, Tensor other) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Tensor): operand

    ```mlir
    %result = "exir.ge_tensor"(%self, %other)
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      AnyRankedTensor:$other);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_GeluOp : Exir_AtenOp<"gelu", "aten::gelu"> {
  let summary = "`aten::gelu`: Gaussian error linear unit, exact (erf) or tanh approximation";
  let description = [{
    `aten::gelu(Tensor self, *, str approximate="none") -> Tensor`

    * `self` (Tensor): operand
    * `approximate` (str): attribute

    ```mlir
    %result = "exir.gelu"(%self) {approximate = "none"}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      StrAttr:$approximate);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_GridSampler2dOp : Exir_AtenOp<"grid_sampler_2d", "aten::grid_sampler_2d"> {
  let summary = "`aten::grid_sampler_2d`: sample the input at the grid's locations (bilinear/nearest/bicubic)";
  let description = [{
    `aten::grid_sampler_2d(Tensor input, Tensor grid, int interpolation_mode, int padding_mode, bool align_corners) -> Tensor`

    * `input` (Tensor): operand
    * `grid` (Tensor): operand
    * `interpolation_mode` (int): attribute
    * `padding_mode` (int): attribute
    * `align_corners` (bool): attribute

    ```mlir
    %result = "exir.grid_sampler_2d"(%input, %grid) {interpolation_mode = 1 : i64, padding_mode = 1 : i64, align_corners = false}
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$input,
      AnyRankedTensor:$grid,
      I64Attr:$interpolation_mode,
      I64Attr:$padding_mode,
      BoolAttr:$align_corners);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_GtScalarOp : Exir_AtenOp<"gt_scalar", "aten::gt.Scalar"> {
  let summary = "`aten::gt.Scalar`: Computes text{input} > text{other} element-wise";
  let description = [{
    `aten::gt.Scalar(Tensor self, Scalar other) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Scalar): attribute

    ```mlir
    %result = "exir.gt_scalar"(%self) {other = 1 : i64}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      TypedAttrInterface:$other);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_GtTensorOp : Exir_AtenOp<"gt_tensor", "aten::gt.Tensor"> {
  let summary = "`aten::gt.Tensor`: Computes text{input} > text{other} element-wise";
  let description = [{
    `aten::gt.Tensor(Tensor self, Tensor other) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Tensor): operand

    ```mlir
    %result = "exir.gt_tensor"(%self, %other)
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      AnyRankedTensor:$other);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_HardtanhOp : Exir_AtenOp<"hardtanh", "aten::hardtanh"> {
  let summary = "`aten::hardtanh`: Applies the HardTanh function element-wise";
  let description = [{
    `aten::hardtanh(Tensor self, Scalar min_val=-1, Scalar max_val=1) -> Tensor`

    * `self` (Tensor): operand
    * `min_val` (Scalar): attribute
    * `max_val` (Scalar): attribute

    ```mlir
    %result = "exir.hardtanh"(%self) {min_val = -1 : i64, max_val = 1 : i64}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      TypedAttrInterface:$min_val,
      TypedAttrInterface:$max_val);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_IndexTensorOp : Exir_AtenOp<"index_tensor", "aten::index.Tensor"> {
  let summary = "`aten::index.Tensor`: Index a regular tensor by binding specified positions to dims";
  let description = [{
    `aten::index.Tensor(Tensor self, Tensor?[] indices) -> Tensor`

    * `self` (Tensor): operand
    * `indices` (Tensor?[]): operand `indices` (present entries, all of their join type), `indices_present`

    ```mlir
    %result = "exir.index_tensor"(%self, %indices0, %indices1) {indices_present = array<i1: true, false, true>}
        : (tensor<2x3xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      Variadic<AnyRankedTensor>:$indices,
      DenseBoolArrayAttr:$indices_present);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_IndexPutOp : Exir_AtenOp<"index_put", "aten::index_put"> {
  let summary = "`aten::index_put`: a copy of self with values written (or accumulated) at indices";
  let description = [{
    `aten::index_put(Tensor self, Tensor?[] indices, Tensor values, bool accumulate=False) -> Tensor`

    * `self` (Tensor): operand
    * `indices` (Tensor?[]): operand `indices` (present entries, all of their join type), `indices_present`
    * `values` (Tensor): operand
    * `accumulate` (bool): attribute

    ```mlir
    %result = "exir.index_put"(%self, %indices0, %indices1, %values) {indices_present = array<i1: true, false, true>, accumulate = false}
        : (tensor<2x3xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      Variadic<AnyRankedTensor>:$indices,
      DenseBoolArrayAttr:$indices_present,
      AnyRankedTensor:$values,
      BoolAttr:$accumulate);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_IndexSelectOp : Exir_AtenOp<"index_select", "aten::index_select"> {
  let summary = "`aten::index_select`: Returns a new tensor which indexes the input tensor along dimension dim using the entries in index";
  let description = [{
    `aten::index_select(Tensor self, int dim, Tensor index) -> Tensor`

    * `self` (Tensor): operand
    * `dim` (int): attribute
    * `index` (Tensor): operand

    ```mlir
    %result = "exir.index_select"(%self, %index) {dim = 1 : i64}
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      I64Attr:$dim,
      AnyRankedTensor:$index);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_IsinfOp : Exir_AtenOp<"isinf", "aten::isinf"> {
  let summary = "`aten::isinf`: Tests if each element of input is infinite (positive or negative infinity) or not";
  let description = [{
    `aten::isinf(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.isinf"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_IsnanOp : Exir_AtenOp<"isnan", "aten::isnan"> {
  let summary = "`aten::isnan`: Returns a new tensor with boolean elements representing if each element of input is NaN or not";
  let description = [{
    `aten::isnan(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.isnan"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_LeScalarOp : Exir_AtenOp<"le_scalar", "aten::le.Scalar"> {
  let summary = "`aten::le.Scalar`: Computes text{input} leq text{other} element-wise";
  let description = [{
    `aten::le.Scalar(Tensor self, Scalar other) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Scalar): attribute

    ```mlir
    %result = "exir.le_scalar"(%self) {other = 1 : i64}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      TypedAttrInterface:$other);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_LeTensorOp : Exir_AtenOp<"le_tensor", "aten::le.Tensor"> {
  let summary = "`aten::le.Tensor`: Computes text{input} leq text{other} element-wise";
  let description = [{
    `aten::le.Tensor(Tensor self, Tensor other) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Tensor): operand

    ```mlir
    %result = "exir.le_tensor"(%self, %other)
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      AnyRankedTensor:$other);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_LeakyReluOp : Exir_AtenOp<"leaky_relu", "aten::leaky_relu"> {
  let summary = "`aten::leaky_relu`: Applies element-wise, text{LeakyReLU}(x) = max(0, x) + text{negative_slope} * min(0, x)";
  let description = [{
    `aten::leaky_relu(Tensor self, Scalar negative_slope=0.01) -> Tensor`

    * `self` (Tensor): operand
    * `negative_slope` (Scalar): attribute

    ```mlir
    %result = "exir.leaky_relu"(%self) {negative_slope = 0.01 : f64}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      TypedAttrInterface:$negative_slope);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_LogOp : Exir_AtenOp<"log", "aten::log"> {
  let summary = "`aten::log`: Returns a new tensor with the natural logarithm of the elements of input";
  let description = [{
    `aten::log(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.log"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_Log10Op : Exir_AtenOp<"log10", "aten::log10"> {
  let summary = "`aten::log10`: Returns a new tensor with the logarithm to the base 10 of the elements of input";
  let description = [{
    `aten::log10(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.log10"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_Log1pOp : Exir_AtenOp<"log1p", "aten::log1p"> {
  let summary = "`aten::log1p`: Returns a new tensor with the natural logarithm of (1 + input)";
  let description = [{
    `aten::log1p(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.log1p"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_Log2Op : Exir_AtenOp<"log2", "aten::log2"> {
  let summary = "`aten::log2`: Returns a new tensor with the logarithm to the base 2 of the elements of input";
  let description = [{
    `aten::log2(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.log2"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_LogicalAndOp : Exir_AtenOp<"logical_and", "aten::logical_and"> {
  let summary = "`aten::logical_and`: Computes the element-wise logical AND of the given input tensors";
  let description = [{
    `aten::logical_and(Tensor self, Tensor other) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Tensor): operand

    ```mlir
    %result = "exir.logical_and"(%self, %other)
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      AnyRankedTensor:$other);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_LogicalNotOp : Exir_AtenOp<"logical_not", "aten::logical_not"> {
  let summary = "`aten::logical_not`: Computes the element-wise logical NOT of the given input tensor";
  let description = [{
    `aten::logical_not(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.logical_not"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_LogicalOrOp : Exir_AtenOp<"logical_or", "aten::logical_or"> {
  let summary = "`aten::logical_or`: Computes the element-wise logical OR of the given input tensors";
  let description = [{
    `aten::logical_or(Tensor self, Tensor other) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Tensor): operand

    ```mlir
    %result = "exir.logical_or"(%self, %other)
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      AnyRankedTensor:$other);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_LogicalXorOp : Exir_AtenOp<"logical_xor", "aten::logical_xor"> {
  let summary = "`aten::logical_xor`: Computes the element-wise logical XOR of the given input tensors";
  let description = [{
    `aten::logical_xor(Tensor self, Tensor other) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Tensor): operand

    ```mlir
    %result = "exir.logical_xor"(%self, %other)
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      AnyRankedTensor:$other);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_LtScalarOp : Exir_AtenOp<"lt_scalar", "aten::lt.Scalar"> {
  let summary = "`aten::lt.Scalar`: Computes :math:`text{input} < text{other}` element-wise";
  let description = [{
    `aten::lt.Scalar(Tensor self, Scalar other) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Scalar): attribute

    ```mlir
    %result = "exir.lt_scalar"(%self) {other = 1 : i64}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      TypedAttrInterface:$other);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_LtTensorOp : Exir_AtenOp<"lt_tensor", "aten::lt.Tensor"> {
  let summary = "`aten::lt.Tensor`: Computes :math:`text{input} < text{other}` element-wise";
  let description = [{
    `aten::lt.Tensor(Tensor self, Tensor other) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Tensor): operand

    ```mlir
    %result = "exir.lt_tensor"(%self, %other)
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      AnyRankedTensor:$other);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_MaskedScatterOp : Exir_AtenOp<"masked_scatter", "aten::masked_scatter"> {
  let summary = "`aten::masked_scatter`: a copy of self with source values written where mask is true, in order";
  let description = [{
    `aten::masked_scatter(Tensor self, Tensor mask, Tensor source) -> Tensor`

    * `self` (Tensor): operand
    * `mask` (Tensor): operand
    * `source` (Tensor): operand

    ```mlir
    %result = "exir.masked_scatter"(%self, %mask, %source)
        : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      AnyRankedTensor:$mask,
      AnyRankedTensor:$source);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_MaxDimOp : Exir_AtenOp<"max_dim", "aten::max.dim"> {
  let summary = "`aten::max.dim`: Returns the maximum value of all elements in the `input` tensor";
  let description = [{
    `aten::max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)`

    * `self` (Tensor): operand
    * `dim` (int): attribute
    * `keepdim` (bool): attribute

    ```mlir
    %r:2 = "exir.max_dim"(%self) {dim = 1 : i64, keepdim = false}
        : (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      I64Attr:$dim,
      BoolAttr:$keepdim);
  let results = (outs
      AnyRankedTensor:$values,
      AnyRankedTensor:$indices);
}

def Exir_MaxPool2dWithIndicesOp : Exir_AtenOp<"max_pool2d_with_indices", "aten::max_pool2d_with_indices"> {
  let summary = "`aten::max_pool2d_with_indices`: Applies a 2D max pooling over an input signal composed of several input planes";
  let description = [{
    `aten::max_pool2d_with_indices(Tensor self, int[2] kernel_size, int[2] stride=[], int[2] padding=0, int[2] dilation=1, bool ceil_mode=False) -> (Tensor, Tensor)`

    * `self` (Tensor): operand
    * `kernel_size` (int[]): attribute
    * `stride` (int[]): attribute
    * `padding` (int[]): attribute
    * `dilation` (int[]): attribute
    * `ceil_mode` (bool): attribute

    ```mlir
    %r:2 = "exir.max_pool2d_with_indices"(%self) {kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false}
        : (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      DenseI64ArrayAttr:$kernel_size,
      DenseI64ArrayAttr:$stride,
      DenseI64ArrayAttr:$padding,
      DenseI64ArrayAttr:$dilation,
      BoolAttr:$ceil_mode);
  let results = (outs
      AnyRankedTensor:$result0,
      AnyRankedTensor:$result1);
}

def Exir_MaxPool2dWithIndicesBackwardOp : Exir_AtenOp<"max_pool2d_with_indices_backward", "aten::max_pool2d_with_indices_backward"> {
  let summary = "`aten::max_pool2d_with_indices_backward`: gradient of 2-d max pooling";
  let description = [{
    `aten::max_pool2d_with_indices_backward(Tensor grad_output, Tensor self, int[2] kernel_size, int[2] stride, int[2] padding, int[2] dilation, bool ceil_mode, Tensor indices) -> Tensor`

    * `grad_output` (Tensor): operand
    * `self` (Tensor): operand
    * `kernel_size` (int[]): attribute
    * `stride` (int[]): attribute
    * `padding` (int[]): attribute
    * `dilation` (int[]): attribute
    * `ceil_mode` (bool): attribute
    * `indices` (Tensor): operand

    ```mlir
    %result = "exir.max_pool2d_with_indices_backward"(%grad_output, %self, %indices) {kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, ceil_mode = false}
        : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$grad_output,
      AnyRankedTensor:$self,
      DenseI64ArrayAttr:$kernel_size,
      DenseI64ArrayAttr:$stride,
      DenseI64ArrayAttr:$padding,
      DenseI64ArrayAttr:$dilation,
      BoolAttr:$ceil_mode,
      AnyRankedTensor:$indices);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_MaxPool3dWithIndicesOp : Exir_AtenOp<"max_pool3d_with_indices", "aten::max_pool3d_with_indices"> {
  let summary = "`aten::max_pool3d_with_indices`: Applies a 3D max pooling over an input signal composed of several input planes";
  let description = [{
    `aten::max_pool3d_with_indices(Tensor self, int[3] kernel_size, int[3] stride=[], int[3] padding=0, int[3] dilation=1, bool ceil_mode=False) -> (Tensor, Tensor)`

    * `self` (Tensor): operand
    * `kernel_size` (int[]): attribute
    * `stride` (int[]): attribute
    * `padding` (int[]): attribute
    * `dilation` (int[]): attribute
    * `ceil_mode` (bool): attribute

    ```mlir
    %r:2 = "exir.max_pool3d_with_indices"(%self) {kernel_size = array<i64: 1, 1, 1>, stride = array<i64: 1, 1, 1>, padding = array<i64: 0, 0, 0>, dilation = array<i64: 1, 1, 1>, ceil_mode = false}
        : (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      DenseI64ArrayAttr:$kernel_size,
      DenseI64ArrayAttr:$stride,
      DenseI64ArrayAttr:$padding,
      DenseI64ArrayAttr:$dilation,
      BoolAttr:$ceil_mode);
  let results = (outs
      AnyRankedTensor:$result0,
      AnyRankedTensor:$result1);
}

def Exir_MaximumOp : Exir_AtenOp<"maximum", "aten::maximum"> {
  let summary = "`aten::maximum`: Computes the element-wise maximum of input and other";
  let description = [{
    `aten::maximum(Tensor self, Tensor other) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Tensor): operand

    ```mlir
    %result = "exir.maximum"(%self, %other)
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      AnyRankedTensor:$other);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_MeanOp : Exir_AtenOp<"mean", "aten::mean"> {
  let summary = "`aten::mean`: mean of the elements, over all or the given dims";
  let description = [{
    `aten::mean(Tensor self, *, ScalarType? dtype=None) -> Tensor`

    * `self` (Tensor): operand
    * `dtype` (ScalarType?): attribute, absent = None

    ```mlir
    %result = "exir.mean"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      OptionalAttr<TypeAttr>:$dtype);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_MeanDimOp : Exir_AtenOp<"mean_dim", "aten::mean.dim"> {
  let summary = "`aten::mean.dim`: mean of the elements, over all or the given dims";
  let description = [{
    `aten::mean.dim(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor`

    * `self` (Tensor): operand
    * `dim` (int[]?): attribute, absent = None
    * `keepdim` (bool): attribute
    * `dtype` (ScalarType?): attribute, absent = None

    ```mlir
    %result = "exir.mean_dim"(%self) {dim = array<i64: 1>, keepdim = false}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      OptionalAttr<DenseI64ArrayAttr>:$dim,
      BoolAttr:$keepdim,
      OptionalAttr<TypeAttr>:$dtype);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_MinDimOp : Exir_AtenOp<"min_dim", "aten::min.dim"> {
  let summary = "`aten::min.dim`: Returns the minimum value of all elements in the input tensor";
  let description = [{
    `aten::min.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)`

    * `self` (Tensor): operand
    * `dim` (int): attribute
    * `keepdim` (bool): attribute

    ```mlir
    %r:2 = "exir.min_dim"(%self) {dim = 1 : i64, keepdim = false}
        : (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      I64Attr:$dim,
      BoolAttr:$keepdim);
  let results = (outs
      AnyRankedTensor:$values,
      AnyRankedTensor:$indices);
}

def Exir_MinimumOp : Exir_AtenOp<"minimum", "aten::minimum"> {
  let summary = "`aten::minimum`: Computes the element-wise minimum of input and other";
  let description = [{
    `aten::minimum(Tensor self, Tensor other) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Tensor): operand

    ```mlir
    %result = "exir.minimum"(%self, %other)
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      AnyRankedTensor:$other);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_MmOp : Exir_AtenOp<"mm", "aten::mm"> {
  let summary = "`aten::mm`: Performs a matrix multiplication of the matrices input and mat2";
  let description = [{
    `aten::mm(Tensor self, Tensor mat2) -> Tensor`

    * `self` (Tensor): operand
    * `mat2` (Tensor): operand

    ```mlir
    %result = "exir.mm"(%self, %mat2)
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      AnyRankedTensor:$mat2);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_MulScalarOp : Exir_AtenOp<"mul_scalar", "aten::mul.Scalar"> {
  let summary = "`aten::mul.Scalar`: Multiplies input by other";
  let description = [{
    `aten::mul.Scalar(Tensor self, Scalar other) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Scalar): attribute

    ```mlir
    %result = "exir.mul_scalar"(%self) {other = 1 : i64}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      TypedAttrInterface:$other);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_MulTensorOp : Exir_AtenOp<"mul_tensor", "aten::mul.Tensor"> {
  let summary = "`aten::mul.Tensor`: Multiplies input by other";
  let description = [{
    `aten::mul.Tensor(Tensor self, Tensor other) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Tensor): operand

    ```mlir
    %result = "exir.mul_tensor"(%self, %other)
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      AnyRankedTensor:$other);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_NativeDropoutOp : Exir_AtenOp<"native_dropout", "aten::native_dropout"> {
  let summary = "`aten::native_dropout`: dropout in training mode: the output and the keep mask";
  let description = [{
    `aten::native_dropout(Tensor input, float p, bool? train) -> (Tensor, Tensor)`

    * `input` (Tensor): operand
    * `p` (float): attribute
    * `train` (bool?): attribute, absent = None

    ```mlir
    %r:2 = "exir.native_dropout"(%input) {p = 1.0 : f64, train = false}
        : (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$input,
      F64Attr:$p,
      OptionalAttr<BoolAttr>:$train);
  let results = (outs
      AnyRankedTensor:$result0,
      AnyRankedTensor:$result1);
}

def Exir_NativeGroupNormOp : Exir_AtenOp<"native_group_norm", "aten::native_group_norm", [AttrSizedOperandSegments]> {
  let summary = "`aten::native_group_norm`: group normalization: output, mean and reciprocal standard deviation";
  let description = [{
    `aten::native_group_norm(Tensor input, Tensor? weight, Tensor? bias, SymInt N, SymInt C, SymInt HxW, int group, float eps) -> (Tensor, Tensor, Tensor)`

    * `input` (Tensor): operand
    * `weight` (Tensor?): operand
    * `bias` (Tensor?): operand
    * `N` (SymInt): `static_n`, symbolic entries in `n`
    * `C` (SymInt): `static_c`, symbolic entries in `c`
    * `HxW` (SymInt): `static_hxw`, symbolic entries in `hxw`
    * `group` (int): attribute
    * `eps` (float): attribute

    ```mlir
    %r:3 = "exir.native_group_norm"(%input, %weight, %bias, %n, %c, %hxw) {static_n = -9223372036854775808 : i64, static_c = -9223372036854775808 : i64, static_hxw = -9223372036854775808 : i64, group = 1 : i64, eps = 1.0 : f64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1>}
        : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, !exir.symint, !exir.symint, !exir.symint) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>)
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$input,
      Optional<AnyRankedTensor>:$weight,
      Optional<AnyRankedTensor>:$bias,
      I64Attr:$static_n,
      Optional<Exir_SymIntType>:$n,
      I64Attr:$static_c,
      Optional<Exir_SymIntType>:$c,
      I64Attr:$static_hxw,
      Optional<Exir_SymIntType>:$hxw,
      I64Attr:$group,
      F64Attr:$eps);
  let results = (outs
      AnyRankedTensor:$result0,
      AnyRankedTensor:$result1,
      AnyRankedTensor:$result2);
}

def Exir_NativeGroupNormBackwardOp : Exir_AtenOp<"native_group_norm_backward", "aten::native_group_norm_backward", [AttrSizedOperandSegments]> {
  let summary = "`aten::native_group_norm_backward`: gradients of group normalization";
  let description = [{
    `aten::native_group_norm_backward(Tensor grad_out, Tensor input, Tensor mean, Tensor rstd, Tensor? weight, SymInt N, SymInt C, SymInt HxW, int group, bool[3] output_mask) -> (Tensor, Tensor, Tensor)`

    * `grad_out` (Tensor): operand
    * `input` (Tensor): operand
    * `mean` (Tensor): operand
    * `rstd` (Tensor): operand
    * `weight` (Tensor?): operand
    * `N` (SymInt): `static_n`, symbolic entries in `n`
    * `C` (SymInt): `static_c`, symbolic entries in `c`
    * `HxW` (SymInt): `static_hxw`, symbolic entries in `hxw`
    * `group` (int): attribute
    * `output_mask` (bool[]): attribute

    ```mlir
    %r:3 = "exir.native_group_norm_backward"(%grad_out, %input, %mean, %rstd, %weight, %n, %c, %hxw) {static_n = -9223372036854775808 : i64, static_c = -9223372036854775808 : i64, static_hxw = -9223372036854775808 : i64, group = 1 : i64, output_mask = array<i1: true, true, true>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1>}
        : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, !exir.symint, !exir.symint, !exir.symint) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>)
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$grad_out,
      AnyRankedTensor:$input,
      AnyRankedTensor:$mean,
      AnyRankedTensor:$rstd,
      Optional<AnyRankedTensor>:$weight,
      I64Attr:$static_n,
      Optional<Exir_SymIntType>:$n,
      I64Attr:$static_c,
      Optional<Exir_SymIntType>:$c,
      I64Attr:$static_hxw,
      Optional<Exir_SymIntType>:$hxw,
      I64Attr:$group,
      DenseBoolArrayAttr:$output_mask);
  let results = (outs
      AnyRankedTensor:$result0,
      AnyRankedTensor:$result1,
      AnyRankedTensor:$result2);
}

def Exir_NativeLayerNormOp : Exir_AtenOp<"native_layer_norm", "aten::native_layer_norm", [AttrSizedOperandSegments]> {
  let summary = "`aten::native_layer_norm`: layer normalization over the trailing dims: output, mean and rstd";
  let description = [{
    `aten::native_layer_norm(Tensor input, SymInt[] normalized_shape, Tensor? weight, Tensor? bias, float eps) -> (Tensor, Tensor, Tensor)`

    * `input` (Tensor): operand
    * `normalized_shape` (SymInt[]): `static_normalized_shape`, symbolic entries in `normalized_shape`
    * `weight` (Tensor?): operand
    * `bias` (Tensor?): operand
    * `eps` (float): attribute

    ```mlir
    %r:3 = "exir.native_layer_norm"(%input, %normalized_shape0, %weight, %bias) {static_normalized_shape = array<i64: -9223372036854775808, 3>, eps = 1.0 : f64, operandSegmentSizes = array<i32: 1, 1, 1, 1>}
        : (tensor<2x3xf32>, !exir.symint, tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>)
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$input,
      DenseI64ArrayAttr:$static_normalized_shape,
      Variadic<Exir_SymIntType>:$normalized_shape,
      Optional<AnyRankedTensor>:$weight,
      Optional<AnyRankedTensor>:$bias,
      F64Attr:$eps);
  let results = (outs
      AnyRankedTensor:$result0,
      AnyRankedTensor:$result1,
      AnyRankedTensor:$result2);
}

def Exir_NativeLayerNormBackwardOp : Exir_AtenOp<"native_layer_norm_backward", "aten::native_layer_norm_backward", [AttrSizedOperandSegments]> {
  let summary = "`aten::native_layer_norm_backward`: gradients of layer normalization";
  let description = [{
    `aten::native_layer_norm_backward(Tensor grad_out, Tensor input, SymInt[] normalized_shape, Tensor mean, Tensor rstd, Tensor? weight, Tensor? bias, bool[3] output_mask) -> (Tensor, Tensor, Tensor)`

    * `grad_out` (Tensor): operand
    * `input` (Tensor): operand
    * `normalized_shape` (SymInt[]): `static_normalized_shape`, symbolic entries in `normalized_shape`
    * `mean` (Tensor): operand
    * `rstd` (Tensor): operand
    * `weight` (Tensor?): operand
    * `bias` (Tensor?): operand
    * `output_mask` (bool[]): attribute

    ```mlir
    %r:3 = "exir.native_layer_norm_backward"(%grad_out, %input, %normalized_shape0, %mean, %rstd, %weight, %bias) {static_normalized_shape = array<i64: -9223372036854775808, 3>, output_mask = array<i1: true, true, true>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1>}
        : (tensor<2x3xf32>, tensor<2x3xf32>, !exir.symint, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>)
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$grad_out,
      AnyRankedTensor:$input,
      DenseI64ArrayAttr:$static_normalized_shape,
      Variadic<Exir_SymIntType>:$normalized_shape,
      AnyRankedTensor:$mean,
      AnyRankedTensor:$rstd,
      Optional<AnyRankedTensor>:$weight,
      Optional<AnyRankedTensor>:$bias,
      DenseBoolArrayAttr:$output_mask);
  let results = (outs
      AnyRankedTensor:$result0,
      AnyRankedTensor:$result1,
      AnyRankedTensor:$result2);
}

def Exir_NeScalarOp : Exir_AtenOp<"ne_scalar", "aten::ne.Scalar"> {
  let summary = "`aten::ne.Scalar`: Computes text{input} neq text{other} element-wise";
  let description = [{
    `aten::ne.Scalar(Tensor self, Scalar other) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Scalar): attribute

    ```mlir
    %result = "exir.ne_scalar"(%self) {other = 1 : i64}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      TypedAttrInterface:$other);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_NeTensorOp : Exir_AtenOp<"ne_tensor", "aten::ne.Tensor"> {
  let summary = "`aten::ne.Tensor`: Computes text{input} neq text{other} element-wise";
  let description = [{
    `aten::ne.Tensor(Tensor self, Tensor other) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Tensor): operand

    ```mlir
    %result = "exir.ne_tensor"(%self, %other)
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      AnyRankedTensor:$other);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_NegOp : Exir_AtenOp<"neg", "aten::neg"> {
  let summary = "`aten::neg`: Returns a new tensor with the negative of the elements of input";
  let description = [{
    `aten::neg(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.neg"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_NonzeroOp : Exir_AtenOp<"nonzero", "aten::nonzero"> {
  let summary = "`aten::nonzero`: indices of the nonzero elements (one row per element; data-dependent size)";
  let description = [{
    `aten::nonzero(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.nonzero"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_PermuteOp : Exir_AtenOp<"permute", "aten::permute"> {
  let summary = "`aten::permute`: Returns a view of the original tensor input with its dimensions permuted";
  let description = [{
    `aten::permute(Tensor(a) self, int[] dims) -> Tensor(a)`

    * `self` (Tensor): operand
    * `dims` (int[]): attribute

    ```mlir
    %result = "exir.permute"(%self) {dims = array<i64: 1>}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      DenseI64ArrayAttr:$dims);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_PowScalarOp : Exir_AtenOp<"pow_scalar", "aten::pow.Scalar"> {
  let summary = "`aten::pow.Scalar`: Takes the power of each element in input with exponent and returns a tensor with the result";
  let description = [{
    `aten::pow.Scalar(Scalar self, Tensor exponent) -> Tensor`

    * `self` (Scalar): attribute
    * `exponent` (Tensor): operand

    ```mlir
    %result = "exir.pow_scalar"(%exponent) {self = 1 : i64}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      TypedAttrInterface:$self,
      AnyRankedTensor:$exponent);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_PowTensorScalarOp : Exir_AtenOp<"pow_tensor_scalar", "aten::pow.Tensor_Scalar"> {
  let summary = "`aten::pow.Tensor_Scalar`: Takes the power of each element in input with exponent and returns a tensor with the result";
  let description = [{
    `aten::pow.Tensor_Scalar(Tensor self, Scalar exponent) -> Tensor`

    * `self` (Tensor): operand
    * `exponent` (Scalar): attribute

    ```mlir
    %result = "exir.pow_tensor_scalar"(%self) {exponent = 1 : i64}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      TypedAttrInterface:$exponent);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_PowTensorTensorOp : Exir_AtenOp<"pow_tensor_tensor", "aten::pow.Tensor_Tensor"> {
  let summary = "`aten::pow.Tensor_Tensor`: Takes the power of each element in input with exponent and returns a tensor with the result";
  let description = [{
    `aten::pow.Tensor_Tensor(Tensor self, Tensor exponent) -> Tensor`

    * `self` (Tensor): operand
    * `exponent` (Tensor): operand

    ```mlir
    %result = "exir.pow_tensor_tensor"(%self, %exponent)
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      AnyRankedTensor:$exponent);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_ProdOp : Exir_AtenOp<"prod", "aten::prod"> {
  let summary = "`aten::prod`: Returns the product of all elements in the input tensor";
  let description = [{
    `aten::prod(Tensor self, *, ScalarType? dtype=None) -> Tensor`

    * `self` (Tensor): operand
    * `dtype` (ScalarType?): attribute, absent = None

    ```mlir
    %result = "exir.prod"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      OptionalAttr<TypeAttr>:$dtype);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_ProdDimIntOp : Exir_AtenOp<"prod_dim_int", "aten::prod.dim_int"> {
  let summary = "`aten::prod.dim_int`: Returns the product of all elements in the input tensor";
  let description = [{
    `aten::prod.dim_int(Tensor self, int dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor`

    * `self` (Tensor): operand
    * `dim` (int): attribute
    * `keepdim` (bool): attribute
    * `dtype` (ScalarType?): attribute, absent = None

    ```mlir
    %result = "exir.prod_dim_int"(%self) {dim = 1 : i64, keepdim = false}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      I64Attr:$dim,
      BoolAttr:$keepdim,
      OptionalAttr<TypeAttr>:$dtype);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_RandOp : Exir_AtenOp<"rand", "aten::rand"> {
  let summary = "`aten::rand`: Returns a tensor filled with random numbers from a uniform distribution on the interval [0, 1)";
  let description = [{
    `aten::rand(SymInt[] size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor`

    * `size` (SymInt[]): `static_size`, symbolic entries in `size`
    * `dtype` (ScalarType?): attribute, absent = None
    * `layout` (Layout?): attribute, absent = None
    * `device` (Device?): attribute, absent = None
    * `pin_memory` (bool?): attribute, absent = None

    ```mlir
    %result = "exir.rand"(%size0) {static_size = array<i64: -9223372036854775808, 3>}
        : (!exir.symint) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      DenseI64ArrayAttr:$static_size,
      Variadic<Exir_SymIntType>:$size,
      OptionalAttr<TypeAttr>:$dtype,
      OptionalAttr<StrAttr>:$layout,
      OptionalAttr<StrAttr>:$device,
      OptionalAttr<BoolAttr>:$pin_memory);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_RandnOp : Exir_AtenOp<"randn", "aten::randn"> {
  let summary = "`aten::randn`: a tensor of samples from the standard normal distribution";
  let description = [{
    `aten::randn(SymInt[] size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor`

    * `size` (SymInt[]): `static_size`, symbolic entries in `size`
    * `dtype` (ScalarType?): attribute, absent = None
    * `layout` (Layout?): attribute, absent = None
    * `device` (Device?): attribute, absent = None
    * `pin_memory` (bool?): attribute, absent = None

    ```mlir
    %result = "exir.randn"(%size0) {static_size = array<i64: -9223372036854775808, 3>}
        : (!exir.symint) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      DenseI64ArrayAttr:$static_size,
      Variadic<Exir_SymIntType>:$size,
      OptionalAttr<TypeAttr>:$dtype,
      OptionalAttr<StrAttr>:$layout,
      OptionalAttr<StrAttr>:$device,
      OptionalAttr<BoolAttr>:$pin_memory);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_RandpermOp : Exir_AtenOp<"randperm", "aten::randperm"> {
  let summary = "`aten::randperm`: Returns a random permutation of integers from `0` to `n - 1`";
  let description = [{
    `aten::randperm(SymInt n, *, ScalarType? dtype=4, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor`

    * `n` (SymInt): `static_n`, symbolic entries in `n`
    * `dtype` (ScalarType?): attribute, absent = None
    * `layout` (Layout?): attribute, absent = None
    * `device` (Device?): attribute, absent = None
    * `pin_memory` (bool?): attribute, absent = None

    ```mlir
    %result = "exir.randperm"(%n) {static_n = -9223372036854775808 : i64, dtype = f32}
        : (!exir.symint) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      I64Attr:$static_n,
      Optional<Exir_SymIntType>:$n,
      OptionalAttr<TypeAttr>:$dtype,
      OptionalAttr<StrAttr>:$layout,
      OptionalAttr<StrAttr>:$device,
      OptionalAttr<BoolAttr>:$pin_memory);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_ReciprocalOp : Exir_AtenOp<"reciprocal", "aten::reciprocal"> {
  let summary = "`aten::reciprocal`: Returns a new tensor with the reciprocal of the elements of input";
  let description = [{
    `aten::reciprocal(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.reciprocal"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_ReflectionPad1dOp : Exir_AtenOp<"reflection_pad1d", "aten::reflection_pad1d"> {
  let summary = "`aten::reflection_pad1d`: pad the last dim by reflection";
  let description = [{
    `aten::reflection_pad1d(Tensor self, SymInt[2] padding) -> Tensor`

    * `self` (Tensor): operand
    * `padding` (SymInt[]): `static_padding`, symbolic entries in `padding`

    ```mlir
    %result = "exir.reflection_pad1d"(%self, %padding0) {static_padding = array<i64: -9223372036854775808, 3>}
        : (tensor<2x3xf32>, !exir.symint) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      DenseI64ArrayAttr:$static_padding,
      Variadic<Exir_SymIntType>:$padding);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_ReflectionPad2dOp : Exir_AtenOp<"reflection_pad2d", "aten::reflection_pad2d"> {
  let summary = "`aten::reflection_pad2d`: pad the last 2 dims by reflection";
  let description = [{
    `aten::reflection_pad2d(Tensor self, SymInt[4] padding) -> Tensor`

    * `self` (Tensor): operand
    * `padding` (SymInt[]): `static_padding`, symbolic entries in `padding`

    ```mlir
    %result = "exir.reflection_pad2d"(%self, %padding0) {static_padding = array<i64: -9223372036854775808, 3, 3, 3>}
        : (tensor<2x3xf32>, !exir.symint) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      DenseI64ArrayAttr:$static_padding,
      Variadic<Exir_SymIntType>:$padding);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_ReflectionPad3dOp : Exir_AtenOp<"reflection_pad3d", "aten::reflection_pad3d"> {
  let summary = "`aten::reflection_pad3d`: pad the last 3 dims by reflection";
  let description = [{
    `aten::reflection_pad3d(Tensor self, SymInt[6] padding) -> Tensor`

    * `self` (Tensor): operand
    * `padding` (SymInt[]): `static_padding`, symbolic entries in `padding`

    ```mlir
    %result = "exir.reflection_pad3d"(%self, %padding0) {static_padding = array<i64: -9223372036854775808, 3, 3, 3, 3, 3>}
        : (tensor<2x3xf32>, !exir.symint) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      DenseI64ArrayAttr:$static_padding,
      Variadic<Exir_SymIntType>:$padding);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_ReluOp : Exir_AtenOp<"relu", "aten::relu"> {
  let summary = "`aten::relu`: Applies the rectified linear unit function element-wise";
  let description = [{
    `aten::relu(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.relu"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_RemainderScalarOp : Exir_AtenOp<"remainder_scalar", "aten::remainder.Scalar"> {
  let summary = "`aten::remainder.Scalar`: elementwise remainder with the sign of the divisor (Python %)";
  let description = [{
    `aten::remainder.Scalar(Tensor self, Scalar other) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Scalar): attribute

    ```mlir
    %result = "exir.remainder_scalar"(%self) {other = 1 : i64}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      TypedAttrInterface:$other);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_RemainderTensorOp : Exir_AtenOp<"remainder_tensor", "aten::remainder.Tensor"> {
  let summary = "`aten::remainder.Tensor`: elementwise remainder with the sign of the divisor (Python %)";
  let description = [{
    `aten::remainder.Tensor(Tensor self, Tensor other) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Tensor): operand

    ```mlir
    %result = "exir.remainder_tensor"(%self, %other)
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      AnyRankedTensor:$other);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_RepeatOp : Exir_AtenOp<"repeat", "aten::repeat"> {
  let summary = "`aten::repeat`: Repeats this tensor along the specified dimensions";
  let description = [{
    `aten::repeat(Tensor self, SymInt[] repeats) -> Tensor`

    * `self` (Tensor): operand
    * `repeats` (SymInt[]): `static_repeats`, symbolic entries in `repeats`

    ```mlir
    %result = "exir.repeat"(%self, %repeats0) {static_repeats = array<i64: -9223372036854775808, 3>}
        : (tensor<2x3xf32>, !exir.symint) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      DenseI64ArrayAttr:$static_repeats,
      Variadic<Exir_SymIntType>:$repeats);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_ReplicationPad2dOp : Exir_AtenOp<"replication_pad2d", "aten::replication_pad2d"> {
  let summary = "`aten::replication_pad2d`: pad the last 2 dims by repeating the edge values";
  let description = [{
    `aten::replication_pad2d(Tensor self, SymInt[4] padding) -> Tensor`

    * `self` (Tensor): operand
    * `padding` (SymInt[]): `static_padding`, symbolic entries in `padding`

    ```mlir
    %result = "exir.replication_pad2d"(%self, %padding0) {static_padding = array<i64: -9223372036854775808, 3, 3, 3>}
        : (tensor<2x3xf32>, !exir.symint) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      DenseI64ArrayAttr:$static_padding,
      Variadic<Exir_SymIntType>:$padding);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_ReplicationPad3dOp : Exir_AtenOp<"replication_pad3d", "aten::replication_pad3d"> {
  let summary = "`aten::replication_pad3d`: pad the last 3 dims by repeating the edge values";
  let description = [{
    `aten::replication_pad3d(Tensor self, SymInt[6] padding) -> Tensor`

    * `self` (Tensor): operand
    * `padding` (SymInt[]): `static_padding`, symbolic entries in `padding`

    ```mlir
    %result = "exir.replication_pad3d"(%self, %padding0) {static_padding = array<i64: -9223372036854775808, 3, 3, 3, 3, 3>}
        : (tensor<2x3xf32>, !exir.symint) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      DenseI64ArrayAttr:$static_padding,
      Variadic<Exir_SymIntType>:$padding);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_ResizeInplaceOp : Exir_AtenOp<"resize_inplace", "aten::resize_"> {
  let summary = "`aten::resize_`: Resizes self tensor to the specified size";
  let description = [{
    `aten::resize_(Tensor(a!) self, SymInt[] size, *, MemoryFormat? memory_format=None) -> Tensor(a!)`

    * `self` (Tensor): operand (written by the op)
    * `size` (SymInt[]): `static_size`, symbolic entries in `size`
    * `memory_format` (MemoryFormat?): attribute, absent = None

    ```mlir
    %result = "exir.resize_inplace"(%self, %size0) {static_size = array<i64: -9223372036854775808, 3>}
        : (tensor<2x3xf32>, !exir.symint) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      DenseI64ArrayAttr:$static_size,
      Variadic<Exir_SymIntType>:$size,
      OptionalAttr<StrAttr>:$memory_format);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_RoundOp : Exir_AtenOp<"round", "aten::round"> {
  let summary = "`aten::round`: Rounds elements of input to the nearest integer";
  let description = [{
    `aten::round(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.round"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_RsqrtOp : Exir_AtenOp<"rsqrt", "aten::rsqrt"> {
  let summary = "`aten::rsqrt`: Returns a new tensor with the reciprocal of the square-root of each of the elements of input";
  let description = [{
    `aten::rsqrt(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.rsqrt"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_ScalarTensorOp : Exir_AtenOp<"scalar_tensor", "aten::scalar_tensor"> {
  let summary = "`aten::scalar_tensor`: a 0-d tensor holding a scalar";
  let description = [{
    `aten::scalar_tensor(Scalar s, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor`

    * `s` (Scalar): attribute
    * `dtype` (ScalarType?): attribute, absent = None
    * `layout` (Layout?): attribute, absent = None
    * `device` (Device?): attribute, absent = None
    * `pin_memory` (bool?): attribute, absent = None

    ```mlir
    %result = "exir.scalar_tensor"() {s = 1 : i64}
        : () -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      TypedAttrInterface:$s,
      OptionalAttr<TypeAttr>:$dtype,
      OptionalAttr<StrAttr>:$layout,
      OptionalAttr<StrAttr>:$device,
      OptionalAttr<BoolAttr>:$pin_memory);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_ScatterSrcOp : Exir_AtenOp<"scatter_src", "aten::scatter.src"> {
  let summary = "`aten::scatter.src`: a copy of self with src (or value) written at index along dim";
  let description = [{
    `aten::scatter.src(Tensor self, int dim, Tensor index, Tensor src) -> Tensor`

    * `self` (Tensor): operand
    * `dim` (int): attribute
    * `index` (Tensor): operand
    * `src` (Tensor): operand

    ```mlir
    %result = "exir.scatter_src"(%self, %index, %src) {dim = 1 : i64}
        : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      I64Attr:$dim,
      AnyRankedTensor:$index,
      AnyRankedTensor:$src);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_ScatterValueOp : Exir_AtenOp<"scatter_value", "aten::scatter.value"> {
  let summary = "`aten::scatter.value`: a copy of self with src (or value) written at index along dim";
  let description = [{
    `aten::scatter.value(Tensor self, int dim, Tensor index, Scalar value) -> Tensor`

    * `self` (Tensor): operand
    * `dim` (int): attribute
    * `index` (Tensor): operand
    * `value` (Scalar): attribute

    ```mlir
    %result = "exir.scatter_value"(%self, %index) {dim = 1 : i64, value = 1 : i64}
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      I64Attr:$dim,
      AnyRankedTensor:$index,
      TypedAttrInterface:$value);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_ScatterAddOp : Exir_AtenOp<"scatter_add", "aten::scatter_add"> {
  let summary = "`aten::scatter_add`: a copy of self with src added at index along dim";
  let description = [{
    `aten::scatter_add(Tensor self, int dim, Tensor index, Tensor src) -> Tensor`

    * `self` (Tensor): operand
    * `dim` (int): attribute
    * `index` (Tensor): operand
    * `src` (Tensor): operand

    ```mlir
    %result = "exir.scatter_add"(%self, %index, %src) {dim = 1 : i64}
        : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      I64Attr:$dim,
      AnyRankedTensor:$index,
      AnyRankedTensor:$src);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_ScatterReduceTwoOp : Exir_AtenOp<"scatter_reduce_two", "aten::scatter_reduce.two"> {
  let summary = "`aten::scatter_reduce.two`: a copy of self with src reduced (sum/prod/mean/amax/amin) at index along dim";
  let description = [{
    `aten::scatter_reduce.two(Tensor self, int dim, Tensor index, Tensor src, str reduce, *, bool include_self=True) -> Tensor`

    * `self` (Tensor): operand
    * `dim` (int): attribute
    * `index` (Tensor): operand
    * `src` (Tensor): operand
    * `reduce` (str): attribute
    * `include_self` (bool): attribute

    ```mlir
    %result = "exir.scatter_reduce_two"(%self, %index, %src) {dim = 1 : i64, reduce = "none", include_self = true}
        : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      I64Attr:$dim,
      AnyRankedTensor:$index,
      AnyRankedTensor:$src,
      StrAttr:$reduce,
      BoolAttr:$include_self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_SelectIntOp : Exir_AtenOp<"select_int", "aten::select.int"> {
  let summary = "`aten::select.int`: Slices the input tensor along the selected dimension at the given index";
  let description = [{
    `aten::select.int(Tensor(a) self, int dim, SymInt index) -> Tensor(a)`

    * `self` (Tensor): operand
    * `dim` (int): attribute
    * `index` (SymInt): `static_index`, symbolic entries in `index`

    ```mlir
    %result = "exir.select_int"(%self, %index) {dim = 1 : i64, static_index = -9223372036854775808 : i64}
        : (tensor<2x3xf32>, !exir.symint) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      I64Attr:$dim,
      I64Attr:$static_index,
      Optional<Exir_SymIntType>:$index);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_SelectScatterOp : Exir_AtenOp<"select_scatter", "aten::select_scatter"> {
  let summary = "`aten::select_scatter`: Embeds the values of the src tensor into input at the given index";
  let description = [{
    `aten::select_scatter(Tensor self, Tensor src, int dim, SymInt index) -> Tensor`

    * `self` (Tensor): operand
    * `src` (Tensor): operand
    * `dim` (int): attribute
    * `index` (SymInt): `static_index`, symbolic entries in `index`

    ```mlir
    %result = "exir.select_scatter"(%self, %src, %index) {dim = 1 : i64, static_index = -9223372036854775808 : i64}
        : (tensor<2x3xf32>, tensor<2x3xf32>, !exir.symint) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      AnyRankedTensor:$src,
      I64Attr:$dim,
      I64Attr:$static_index,
      Optional<Exir_SymIntType>:$index);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_SigmoidOp : Exir_AtenOp<"sigmoid", "aten::sigmoid"> {
  let summary = "`aten::sigmoid`: Applies the element-wise function text{Sigmoid}(x) = frac{1}{1 + exp(-x)}";
  let description = [{
    `aten::sigmoid(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.sigmoid"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_SignOp : Exir_AtenOp<"sign", "aten::sign"> {
  let summary = "`aten::sign`: Returns a new tensor with the signs of the elements of input";
  let description = [{
    `aten::sign(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.sign"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_SinOp : Exir_AtenOp<"sin", "aten::sin"> {
  let summary = "`aten::sin`: elementwise sine";
  let description = [{
    `aten::sin(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.sin"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_SinhOp : Exir_AtenOp<"sinh", "aten::sinh"> {
  let summary = "`aten::sinh`: Returns a new tensor with the hyperbolic sine of the elements of input";
  let description = [{
    `aten::sinh(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.sinh"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_SliceTensorOp : Exir_AtenOp<"slice_tensor", "aten::slice.Tensor", [AttrSizedOperandSegments]> {
  let summary = "`aten::slice.Tensor`: a view of self from start to end by step along dim";
  let description = [{
    `aten::slice.Tensor(Tensor(a) self, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1) -> Tensor(a)`

    * `self` (Tensor): operand
    * `dim` (int): attribute
    * `start` (SymInt?): `static_start`, symbolic entries in `start`
    * `end` (SymInt?): `static_end`, symbolic entries in `end`
    * `step` (SymInt): `static_step`, symbolic entries in `step`

    ```mlir
    %result = "exir.slice_tensor"(%self, %start, %end, %step) {dim = 0 : i64, static_start = -9223372036854775808 : i64, static_end = -9223372036854775808 : i64, static_step = -9223372036854775808 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1>}
        : (tensor<2x3xf32>, !exir.symint, !exir.symint, !exir.symint) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      I64Attr:$dim,
      OptionalAttr<I64Attr>:$static_start,
      Optional<Exir_SymIntType>:$start,
      OptionalAttr<I64Attr>:$static_end,
      Optional<Exir_SymIntType>:$end,
      I64Attr:$static_step,
      Optional<Exir_SymIntType>:$step);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_SliceScatterOp : Exir_AtenOp<"slice_scatter", "aten::slice_scatter", [AttrSizedOperandSegments]> {
  let summary = "`aten::slice_scatter`: Embeds the values of the src tensor into input at the given dimension";
  let description = [{
    `aten::slice_scatter(Tensor self, Tensor src, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1) -> Tensor`

    * `self` (Tensor): operand
    * `src` (Tensor): operand
    * `dim` (int): attribute
    * `start` (SymInt?): `static_start`, symbolic entries in `start`
    * `end` (SymInt?): `static_end`, symbolic entries in `end`
    * `step` (SymInt): `static_step`, symbolic entries in `step`

    ```mlir
    %result = "exir.slice_scatter"(%self, %src, %start, %end, %step) {dim = 0 : i64, static_start = -9223372036854775808 : i64, static_end = -9223372036854775808 : i64, static_step = -9223372036854775808 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>}
        : (tensor<2x3xf32>, tensor<2x3xf32>, !exir.symint, !exir.symint, !exir.symint) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      AnyRankedTensor:$src,
      I64Attr:$dim,
      OptionalAttr<I64Attr>:$static_start,
      Optional<Exir_SymIntType>:$start,
      OptionalAttr<I64Attr>:$static_end,
      Optional<Exir_SymIntType>:$end,
      I64Attr:$static_step,
      Optional<Exir_SymIntType>:$step);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_SortOp : Exir_AtenOp<"sort", "aten::sort"> {
  let summary = "`aten::sort`: Sorts the elements of the input tensor along a given dimension in ascending order by value";
  let description = [{
    `aten::sort(Tensor self, int dim=-1, bool descending=False) -> (Tensor values, Tensor indices)`

    * `self` (Tensor): operand
    * `dim` (int): attribute
    * `descending` (bool): attribute

    ```mlir
    %r:2 = "exir.sort"(%self) {dim = -1 : i64, descending = false}
        : (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      I64Attr:$dim,
      BoolAttr:$descending);
  let results = (outs
      AnyRankedTensor:$values,
      AnyRankedTensor:$indices);
}

def Exir_SplitWithSizesOp : Exir_AtenOp<"split_with_sizes", "aten::split_with_sizes"> {
  let summary = "`aten::split_with_sizes`: views of consecutive pieces of the given sizes along dim";
  let description = [{
    `aten::split_with_sizes(Tensor(a -> *) self, SymInt[] split_sizes, int dim=0) -> Tensor(a)[]`

    * `self` (Tensor): operand
    * `split_sizes` (SymInt[]): `static_split_sizes`, symbolic entries in `split_sizes`
    * `dim` (int): attribute
    * result `result` (Tensor[]): results, all of their join type

    ```mlir
    %r:2 = "exir.split_with_sizes"(%self, %split_sizes0) {static_split_sizes = array<i64: -9223372036854775808, 3>, dim = 0 : i64}
        : (tensor<2x3xf32>, !exir.symint) -> (tensor<2x3xf32>, tensor<2x3xf32>)
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      DenseI64ArrayAttr:$static_split_sizes,
      Variadic<Exir_SymIntType>:$split_sizes,
      I64Attr:$dim);
  let results = (outs
      Variadic<AnyRankedTensor>:$result);
}

def Exir_SqrtOp : Exir_AtenOp<"sqrt", "aten::sqrt"> {
  let summary = "`aten::sqrt`: Returns a new tensor with the square-root of the elements of input";
  let description = [{
    `aten::sqrt(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.sqrt"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_SqueezeDimOp : Exir_AtenOp<"squeeze_dim", "aten::squeeze.dim"> {
  let summary = "`aten::squeeze.dim`: Returns a tensor with all specified dimensions of input of size `1` removed";
  let description = [{
    `aten::squeeze.dim(Tensor(a) self, int dim) -> Tensor(a)`

    * `self` (Tensor): operand
    * `dim` (int): attribute

    ```mlir
    %result = "exir.squeeze_dim"(%self) {dim = 1 : i64}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      I64Attr:$dim);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_SqueezeDimsOp : Exir_AtenOp<"squeeze_dims", "aten::squeeze.dims"> {
  let summary = "`aten::squeeze.dims`: Returns a tensor with all specified dimensions of input of size `1` removed";
  let description = [{
    `aten::squeeze.dims(Tensor(a) self, int[] dim) -> Tensor(a)`

    * `self` (Tensor): operand
    * `dim` (int[]): attribute

    ```mlir
    %result = "exir.squeeze_dims"(%self) {dim = array<i64: 1>}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      DenseI64ArrayAttr:$dim);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_SubScalarOp : Exir_AtenOp<"sub_scalar", "aten::sub.Scalar"> {
  let summary = "`aten::sub.Scalar`: Subtracts other, scaled by alpha, from input";
  let description = [{
    `aten::sub.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Scalar): attribute
    * `alpha` (Scalar): attribute

    ```mlir
    %result = "exir.sub_scalar"(%self) {other = 1 : i64, alpha = 1 : i64}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      TypedAttrInterface:$other,
      TypedAttrInterface:$alpha);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_SubTensorOp : Exir_AtenOp<"sub_tensor", "aten::sub.Tensor"> {
  let summary = "`aten::sub.Tensor`: Subtracts other, scaled by alpha, from input";
  let description = [{
    `aten::sub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor`

    * `self` (Tensor): operand
    * `other` (Tensor): operand
    * `alpha` (Scalar): attribute

    ```mlir
    %result = "exir.sub_tensor"(%self, %other) {alpha = 1 : i64}
        : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      AnyRankedTensor:$other,
      TypedAttrInterface:$alpha);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_SumDimIntlistOp : Exir_AtenOp<"sum_dim_intlist", "aten::sum.dim_IntList"> {
  let summary = "`aten::sum.dim_IntList`: Returns the sum of all elements in the input tensor";
  let description = [{
    `aten::sum.dim_IntList(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor`

    * `self` (Tensor): operand
    * `dim` (int[]?): attribute, absent = None
    * `keepdim` (bool): attribute
    * `dtype` (ScalarType?): attribute, absent = None

    ```mlir
    %result = "exir.sum_dim_intlist"(%self) {dim = array<i64: 1>, keepdim = false}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      OptionalAttr<DenseI64ArrayAttr>:$dim,
      BoolAttr:$keepdim,
      OptionalAttr<TypeAttr>:$dtype);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_SymConstrainRangeOp : Exir_AtenOp<"sym_constrain_range", "aten::sym_constrain_range"> {
  let summary = "`aten::sym_constrain_range`: assert that a symbolic integer lies in [min, max]";
  let description = [{
    `aten::sym_constrain_range(Scalar size, *, int? min=None, int? max=None) -> ()`

    * `size` (Scalar): operand
    * `min` (int?): attribute, absent = None
    * `max` (int?): attribute, absent = None

    ```mlir
    "exir.sym_constrain_range"(%size)
        : (!exir.symint) -> ()
    ```
  }];
  let arguments = (ins
      Exir_SymScalar:$size,
      OptionalAttr<I64Attr>:$min,
      OptionalAttr<I64Attr>:$max);
  let results = (outs);
}

def Exir_SymConstrainRangeForSizeOp : Exir_AtenOp<"sym_constrain_range_for_size", "aten::sym_constrain_range_for_size"> {
  let summary = "`aten::sym_constrain_range_for_size`: assert that a symbolic integer is a valid size in [min, max]";
  let description = [{
    `aten::sym_constrain_range_for_size(Scalar size, *, int? min=None, int? max=None) -> ()`

    * `size` (Scalar): operand
    * `min` (int?): attribute, absent = None
    * `max` (int?): attribute, absent = None

    ```mlir
    "exir.sym_constrain_range_for_size"(%size)
        : (!exir.symint) -> ()
    ```
  }];
  let arguments = (ins
      Exir_SymScalar:$size,
      OptionalAttr<I64Attr>:$min,
      OptionalAttr<I64Attr>:$max);
  let results = (outs);
}

def Exir_SymIsContiguousOp : Exir_AtenOp<"sym_is_contiguous", "aten::sym_is_contiguous"> {
  let summary = "`aten::sym_is_contiguous`";
  let description = [{
    `aten::sym_is_contiguous(Tensor self, MemoryFormat memory_format=0) -> SymBool`

    * `self` (Tensor): operand
    * `memory_format` (MemoryFormat): attribute

    ```mlir
    %result = "exir.sym_is_contiguous"(%self) {memory_format = "contiguous_format"}
        : (tensor<2x3xf32>) -> !exir.symbool
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      StrAttr:$memory_format);
  let results = (outs
      Exir_SymBoolType:$result);
}

def Exir_SymNumelOp : Exir_AtenOp<"sym_numel", "aten::sym_numel"> {
  let summary = "`aten::sym_numel`: the number of elements, as a symbolic integer";
  let description = [{
    `aten::sym_numel(Tensor self) -> SymInt`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.sym_numel"(%self)
        : (tensor<2x3xf32>) -> !exir.symint
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      Exir_SymIntType:$result);
}

def Exir_SymSizeIntOp : Exir_AtenOp<"sym_size_int", "aten::sym_size.int"> {
  let summary = "`aten::sym_size.int`: the size of dim, as a symbolic integer";
  let description = [{
    `aten::sym_size.int(Tensor self, int dim) -> SymInt`

    * `self` (Tensor): operand
    * `dim` (int): attribute

    ```mlir
    %result = "exir.sym_size_int"(%self) {dim = 1 : i64}
        : (tensor<2x3xf32>) -> !exir.symint
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      I64Attr:$dim);
  let results = (outs
      Exir_SymIntType:$result);
}

def Exir_SymStorageOffsetOp : Exir_AtenOp<"sym_storage_offset", "aten::sym_storage_offset"> {
  let summary = "`aten::sym_storage_offset`: the storage offset, as a symbolic integer";
  let description = [{
    `aten::sym_storage_offset(Tensor self) -> SymInt`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.sym_storage_offset"(%self)
        : (tensor<2x3xf32>) -> !exir.symint
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      Exir_SymIntType:$result);
}

def Exir_SymStrideIntOp : Exir_AtenOp<"sym_stride_int", "aten::sym_stride.int"> {
  let summary = "`aten::sym_stride.int`: the stride of dim, as a symbolic integer";
  let description = [{
    `aten::sym_stride.int(Tensor self, int dim) -> SymInt`

    * `self` (Tensor): operand
    * `dim` (int): attribute

    ```mlir
    %result = "exir.sym_stride_int"(%self) {dim = 1 : i64}
        : (tensor<2x3xf32>) -> !exir.symint
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      I64Attr:$dim);
  let results = (outs
      Exir_SymIntType:$result);
}

def Exir_TanOp : Exir_AtenOp<"tan", "aten::tan"> {
  let summary = "`aten::tan`: elementwise tangent";
  let description = [{
    `aten::tan(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.tan"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_TanhOp : Exir_AtenOp<"tanh", "aten::tanh"> {
  let summary = "`aten::tanh`: Returns a new tensor with the hyperbolic tangent of the elements of input";
  let description = [{
    `aten::tanh(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.tanh"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_TopkOp : Exir_AtenOp<"topk", "aten::topk"> {
  let summary = "`aten::topk`: Returns the k largest elements of the given input tensor along a given dimension";
  let description = [{
    `aten::topk(Tensor self, SymInt k, int dim=-1, bool largest=True, bool sorted=True) -> (Tensor values, Tensor indices)`

    * `self` (Tensor): operand
    * `k` (SymInt): `static_k`, symbolic entries in `k`
    * `dim` (int): attribute
    * `largest` (bool): attribute
    * `sorted` (bool): attribute

    ```mlir
    %r:2 = "exir.topk"(%self, %k) {static_k = -9223372036854775808 : i64, dim = -1 : i64, largest = true, sorted = true}
        : (tensor<2x3xf32>, !exir.symint) -> (tensor<2x3xf32>, tensor<2x3xf32>)
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      I64Attr:$static_k,
      Optional<Exir_SymIntType>:$k,
      I64Attr:$dim,
      BoolAttr:$largest,
      BoolAttr:$sorted);
  let results = (outs
      AnyRankedTensor:$values,
      AnyRankedTensor:$indices);
}

def Exir_TruncOp : Exir_AtenOp<"trunc", "aten::trunc"> {
  let summary = "`aten::trunc`: Returns a new tensor with the truncated integer values of the elements of input";
  let description = [{
    `aten::trunc(Tensor self) -> Tensor`

    * `self` (Tensor): operand

    ```mlir
    %result = "exir.trunc"(%self)
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_UnsqueezeOp : Exir_AtenOp<"unsqueeze", "aten::unsqueeze"> {
  let summary = "`aten::unsqueeze`: Returns a new tensor with a dimension of size one inserted at the specified position";
  let description = [{
    `aten::unsqueeze(Tensor(a) self, int dim) -> Tensor(a)`

    * `self` (Tensor): operand
    * `dim` (int): attribute

    ```mlir
    %result = "exir.unsqueeze"(%self) {dim = 1 : i64}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      I64Attr:$dim);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_UpsampleBilinear2dVecOp : Exir_AtenOp<"upsample_bilinear2d_vec", "aten::upsample_bilinear2d.vec"> {
  let summary = "`aten::upsample_bilinear2d.vec`: bilinear 2-d upsampling to an output size or by scale factors";
  let description = [{
    `aten::upsample_bilinear2d.vec(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors) -> Tensor`

    * `input` (Tensor): operand
    * `output_size` (SymInt[]?): `static_output_size`, symbolic entries in `output_size`
    * `align_corners` (bool): attribute
    * `scale_factors` (float[]?): attribute, absent = None

    ```mlir
    %result = "exir.upsample_bilinear2d_vec"(%input, %output_size0) {static_output_size = array<i64: -9223372036854775808, 3>, align_corners = false, scale_factors = array<f64: 1.0>}
        : (tensor<2x3xf32>, !exir.symint) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$input,
      OptionalAttr<DenseI64ArrayAttr>:$static_output_size,
      Variadic<Exir_SymIntType>:$output_size,
      BoolAttr:$align_corners,
      OptionalAttr<DenseF64ArrayAttr>:$scale_factors);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_UpsampleNearest2dVecOp : Exir_AtenOp<"upsample_nearest2d_vec", "aten::upsample_nearest2d.vec"> {
  let summary = "`aten::upsample_nearest2d.vec`: nearest-neighbour 2-d upsampling to an output size or by scale factors";
  let description = [{
    `aten::upsample_nearest2d.vec(Tensor input, SymInt[]? output_size, float[]? scale_factors) -> Tensor`

    * `input` (Tensor): operand
    * `output_size` (SymInt[]?): `static_output_size`, symbolic entries in `output_size`
    * `scale_factors` (float[]?): attribute, absent = None

    ```mlir
    %result = "exir.upsample_nearest2d_vec"(%input, %output_size0) {static_output_size = array<i64: -9223372036854775808, 3>, scale_factors = array<f64: 1.0>}
        : (tensor<2x3xf32>, !exir.symint) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$input,
      OptionalAttr<DenseI64ArrayAttr>:$static_output_size,
      Variadic<Exir_SymIntType>:$output_size,
      OptionalAttr<DenseF64ArrayAttr>:$scale_factors);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_VarCorrectionOp : Exir_AtenOp<"var_correction", "aten::var.correction"> {
  let summary = "`aten::var.correction`: Calculates the variance over the dimensions specified by dim";
  let description = [{
    `aten::var.correction(Tensor self, int[1]? dim=None, *, Scalar? correction=None, bool keepdim=False) -> Tensor`

    * `self` (Tensor): operand
    * `dim` (int[]?): attribute, absent = None
    * `correction` (Scalar?): attribute, absent = None
    * `keepdim` (bool): attribute

    ```mlir
    %result = "exir.var_correction"(%self) {keepdim = false}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      OptionalAttr<DenseI64ArrayAttr>:$dim,
      OptionalAttr<TypedAttrInterface>:$correction,
      BoolAttr:$keepdim);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_VarDimOp : Exir_AtenOp<"var_dim", "aten::var.dim"> {
  let summary = "`aten::var.dim`: Calculates the variance over the dimensions specified by dim";
  let description = [{
    `aten::var.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> Tensor`

    * `self` (Tensor): operand
    * `dim` (int[]?): attribute, absent = None
    * `unbiased` (bool): attribute
    * `keepdim` (bool): attribute

    ```mlir
    %result = "exir.var_dim"(%self) {dim = array<i64: 1>, unbiased = true, keepdim = false}
        : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      OptionalAttr<DenseI64ArrayAttr>:$dim,
      BoolAttr:$unbiased,
      BoolAttr:$keepdim);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_ViewOp : Exir_AtenOp<"view", "aten::view"> {
  let summary = "`aten::view`: Returns a new tensor with the same data as the self tensor but of a different shape";
  let description = [{
    `aten::view(Tensor(a) self, SymInt[] size) -> Tensor(a)`

    * `self` (Tensor): operand
    * `size` (SymInt[]): `static_size`, symbolic entries in `size`

    ```mlir
    %result = "exir.view"(%self, %size0) {static_size = array<i64: -9223372036854775808, 3>}
        : (tensor<2x3xf32>, !exir.symint) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$self,
      DenseI64ArrayAttr:$static_size,
      Variadic<Exir_SymIntType>:$size);
  let results = (outs
      AnyRankedTensor:$result);
}

def Exir_WhereSelfOp : Exir_AtenOp<"where_self", "aten::where.self"> {
  let summary = "`aten::where.self`: Return a tensor of elements selected from either input or other, depending on condition";
  let description = [{
    `aten::where.self(Tensor condition, Tensor self, Tensor other) -> Tensor`

    * `condition` (Tensor): operand
    * `self` (Tensor): operand
    * `other` (Tensor): operand

    ```mlir
    %result = "exir.where_self"(%condition, %self, %other)
        : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
      AnyRankedTensor:$condition,
      AnyRankedTensor:$self,
      AnyRankedTensor:$other);
  let results = (outs
      AnyRankedTensor:$result);
}

#endif // EXIR_ATEN_OPS_TD
