// RUN: exir-mlir-opt %s --split-input-file --verify-diagnostics

func.func @operand_count(%a: i32) -> i32 {
  // expected-error @+1 {{'arith.addi' op expected 2 operands, but found 1}}
  %0 = "arith.addi"(%a) : (i32) -> i32
  return %0 : i32
}

// -----

func.func @result_type(%a: i32) -> i64 {
  // expected-error @+1 {{type of return operand 0 ('i32') doesn't match function result type ('i64')}}
  return %a : i32
}

// -----

func.func @use_before_def() -> i32 {
  // expected-error @below {{use of undeclared SSA value name}}
  return %undefined : i32
}
