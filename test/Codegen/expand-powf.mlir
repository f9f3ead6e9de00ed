// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-expand-powf)' | FileCheck %s

// A tensor exponent: |a|^b through exp/log, the sign of a for odd integral b, C99's special cases.
// CHECK-LABEL: func.func @general
// CHECK-SAME:    (%[[A:.*]]: vector<8xf32>, %[[B:.*]]: vector<8xf32>)
// CHECK:         %[[ABS:.*]] = math.absf %[[A]]
// CHECK:         %[[LOG:.*]] = math.log %[[ABS]]
// CHECK:         %[[MUL:.*]] = arith.mulf %[[B]], %[[LOG]]
// CHECK:         %[[MAG:.*]] = math.exp %[[MUL]]
// CHECK:         %[[FLOOR:.*]] = math.floor %[[B]]
// CHECK:         %[[INT:.*]] = arith.cmpf oeq, %[[FLOOR]], %[[B]]
// CHECK:         %[[HALF:.*]] = arith.mulf %[[B]], %{{.*}} : vector<8xf32>
// CHECK:         %[[HFLOOR:.*]] = math.floor %[[HALF]]
// CHECK:         %[[ODDHALF:.*]] = arith.cmpf one, %[[HFLOOR]], %[[HALF]]
// CHECK:         %[[ODD:.*]] = arith.andi %[[INT]], %[[ODDHALF]]
// CHECK:         %[[SIGNED:.*]] = math.copysign %[[MAG]], %[[A]]
// CHECK:         %[[R1:.*]] = arith.select %[[ODD]], %[[SIGNED]], %[[MAG]]
// Negative finite base, finite non-integral exponent: NaN.
// CHECK:         %[[NEG:.*]] = arith.cmpf olt, %[[A]], %{{.*}}
// CHECK:         %[[NAN:.*]] = arith.constant dense<0x7FC00000>
// CHECK:         %[[R2:.*]] = arith.select %{{.*}}, %[[NAN]], %[[R1]]
// 1^b and (-1)^(+-inf) are 1.
// CHECK:         %[[ONE:.*]] = arith.constant dense<1.000000e+00>
// CHECK:         %[[ISONE:.*]] = arith.cmpf oeq, %[[A]], %[[ONE]]
// CHECK:         %[[R3:.*]] = arith.select %{{.*}}, %[[ONE]], %[[R2]]
// a^0 is 1, NaN included: the last select.
// CHECK:         %[[ZERO:.*]] = arith.constant dense<0.000000e+00>
// CHECK:         %[[BZERO:.*]] = arith.cmpf oeq, %[[B]], %[[ZERO]]
// CHECK:         %[[R4:.*]] = arith.select %[[BZERO]], %[[ONE]], %[[R3]]
// CHECK:         return %[[R4]]
// CHECK-NOT:     math.powf
func.func @general(%a: vector<8xf32>, %b: vector<8xf32>) -> vector<8xf32> {
  %r = math.powf %a, %b : vector<8xf32>
  return %r : vector<8xf32>
}

// -----

// Constant exponents take torch's exact fast paths: x*x, x*x*x, sqrt, 1/x.
// CHECK-LABEL: func.func @constants
// CHECK-SAME:    (%[[A:.*]]: f64)
// CHECK:         %[[SQ:.*]] = arith.mulf %[[A]], %[[A]] : f64
// CHECK:         %[[SQ2:.*]] = arith.mulf %[[A]], %[[A]] : f64
// CHECK:         %[[CUBE:.*]] = arith.mulf %[[SQ2]], %[[A]] : f64
// CHECK:         %[[ROOT:.*]] = math.sqrt %[[A]] : f64
// CHECK:         %[[ONE:.*]] = arith.constant 1.000000e+00 : f64
// CHECK:         %[[RECIP:.*]] = arith.divf %[[ONE]], %[[A]] : f64
// CHECK:         return %[[SQ]], %[[CUBE]], %[[ROOT]], %[[RECIP]]
// CHECK-NOT:     math.powf
func.func @constants(%a: f64) -> (f64, f64, f64, f64) {
  %two = arith.constant 2.0 : f64
  %three = arith.constant 3.0 : f64
  %half = arith.constant 0.5 : f64
  %minus_one = arith.constant -1.0 : f64
  %r2 = math.powf %a, %two : f64
  %r3 = math.powf %a, %three : f64
  %rh = math.powf %a, %half : f64
  %rm = math.powf %a, %minus_one : f64
  return %r2, %r3, %rh, %rm : f64, f64, f64, f64
}

// -----

// A splat vector exponent that is not one of the fast paths takes the general form.
// CHECK-LABEL: func.func @splat_other
// CHECK:         math.log
// CHECK:         math.exp
// CHECK-NOT:     math.powf
func.func @splat_other(%a: vector<4xf32>) -> vector<4xf32> {
  %e = arith.constant dense<1.7> : vector<4xf32>
  %r = math.powf %a, %e : vector<4xf32>
  return %r : vector<4xf32>
}
