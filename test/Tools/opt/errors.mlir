// The driver itself fails cleanly: a bad pipeline, an unmet expectation, a malformed file.
// RUN: not exir-mlir-opt %s -p 'builtin.module(no-such-pass)' 2>&1 | FileCheck %s --check-prefix=PIPELINE
// PIPELINE: exir-mlir-opt: error: cannot parse pipeline element 'no-such-pass'
// RUN: not exir-mlir-opt %s --verify-diagnostics 2>&1 | FileCheck %s --check-prefix=UNMET
// UNMET: expected error on line [[@LINE+2]] was not produced: this never happens
// expected-error @+1 {{this never happens}}
func.func @fine() { return }
// RUN: echo 'func.func @broken(' | not exir-mlir-opt 2>&1 | FileCheck %s --check-prefix=MALFORMED
// MALFORMED: <stdin>:1: error:
// A diagnostic at another file's location (an imported op points at the user's model) names that file.
// RUN: echo 'func.func @f(%%a: i32) -> i64 { return %%a : i32 loc("model.py":12:3) }' | not exir-mlir-opt 2>&1 | FileCheck %s --check-prefix=OTHERFILE
// OTHERFILE: model.py:12: error: type of return operand 0 ('i32') doesn't match function result type ('i64')
