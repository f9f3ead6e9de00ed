// GENERATED FILE, DO NOT EDIT. Regenerate with: python -m exir_mlir.tools.gen_dialects
// IRDL of the `backend` dialect, translated from dialects/BackendOps.td by tools/gen_irdl.py.
// Loaded at run time by exir_mlir.dialects.load_dialects (or `mlir-opt --irdl-file=`).
irdl.dialect @backend {
  irdl.operation @conv2d {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.base "#builtin.dense_array"
    %4 = irdl.base "#builtin.dense_array"
    %5 = irdl.base "#builtin.dense_array"
    %6 = irdl.base "#builtin.integer"
    %7 = irdl.base "#builtin.string"
    %8 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0, weight: %1, bias: optional %2)
    irdl.attributes {"stride" = %3, "padding" = %4, "dilation" = %5, "groups" = %6, "activation" = %7}
    irdl.results(result: %8)
  }
  irdl.operation @layer_norm {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.base "#builtin.integer"
    %4 = irdl.base "#builtin.float"
    %5 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0, weight: optional %1, bias: optional %2)
    irdl.attributes {"axis" = %3, "eps" = %4}
    irdl.results(result: %5)
  }
  irdl.operation @matmul {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.base "#builtin.string"
    %4 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1, bias: optional %2)
    irdl.attributes {"activation" = %3}
    irdl.results(result: %4)
  }
  irdl.operation @sdpa {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.base "!builtin.tensor"
    %4 = irdl.base "#builtin.float"
    %5 = irdl.is true
    %6 = irdl.is false
    %7 = irdl.any_of(%5, %6)
    %8 = irdl.base "!builtin.tensor"
    irdl.operands(query: %0, key: %1, value: %2, mask: optional %3)
    irdl.attributes {"scale" = %4, "is_causal" = %7}
    irdl.results(result: %8)
  }
  irdl.operation @softmax {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "#builtin.integer"
    %2 = irdl.is true
    %3 = irdl.is false
    %4 = irdl.any_of(%2, %3)
    %5 = irdl.base "!builtin.tensor"
    irdl.operands(input: %0)
    irdl.attributes {"dim" = %1, "log" = %4}
    irdl.results(result: %5)
  }
}
