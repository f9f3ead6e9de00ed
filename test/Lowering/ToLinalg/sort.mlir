// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(to-linalg)' | FileCheck %s

// A stable sort in two generics: each element's rank (how many sort before it, a reduction over
// the sorted dim), then each output position picks the element of that rank.
// CHECK-LABEL: func.func @sort
// CHECK: %[[RANK:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[X:.*]], %[[X]] : tensor<3x5xf32>, tensor<3x5xf32>) outs(%{{.*}} : tensor<3x5xi64>)
// Descending, NaN first: b before a when b is NaN and a is not, or b > a, or equal and earlier.
// CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %[[CNT:.*]]: i64):
// CHECK-NEXT:   %[[I:.*]] = linalg.index 1 : index
// CHECK-NEXT:   %[[J:.*]] = linalg.index 2 : index
// CHECK-NEXT:   %[[EARLIER:.*]] = arith.cmpi ult, %[[J]], %[[I]] : index
// CHECK-NEXT:   %[[BN:.*]] = arith.cmpf uno, %[[B]], %[[B]] : f32
// CHECK-NEXT:   %[[AN:.*]] = arith.cmpf uno, %[[A]], %[[A]] : f32
// CHECK-NEXT:   %[[BOTHN:.*]] = arith.andi %[[BN]], %[[AN]] : i1
// CHECK-NEXT:   %[[EQ:.*]] = arith.cmpf oeq, %[[B]], %[[A]] : f32
// CHECK-NEXT:   %[[SAME:.*]] = arith.ori %[[EQ]], %[[BOTHN]] : i1
// CHECK-NEXT:   %[[TIE:.*]] = arith.andi %[[SAME]], %[[EARLIER]] : i1
// CHECK-NEXT:   %[[BN2:.*]] = arith.cmpf uno, %[[B]], %[[B]] : f32
// CHECK-NEXT:   %[[AN2:.*]] = arith.cmpf uno, %[[A]], %[[A]] : f32
// CHECK-NEXT:   %[[T:.*]] = arith.constant true
// CHECK-NEXT:   %[[ANOT:.*]] = arith.xori %[[AN2]], %[[T]] : i1
// CHECK-NEXT:   %[[NANFIRST:.*]] = arith.andi %[[BN2]], %[[ANOT]] : i1
// CHECK-NEXT:   %[[GT:.*]] = arith.cmpf ogt, %[[B]], %[[A]] : f32
// CHECK-NEXT:   %[[BEFORE:.*]] = arith.ori %[[NANFIRST]], %[[GT]] : i1
// CHECK-NEXT:   %[[COUNTS:.*]] = arith.ori %[[BEFORE]], %[[TIE]] : i1
// CHECK-NEXT:   %[[ONE:.*]] = arith.extui %[[COUNTS]] : i1 to i64
// CHECK-NEXT:   arith.addi %[[CNT]], %[[ONE]] : i64
// CHECK: %[[R:.*]]:2 = linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[RANK]], %[[X]] : tensor<3x5xi64>, tensor<3x5xf32>) outs(%{{.*}}, %{{.*}} : tensor<3x5xf32>, tensor<3x5xi64>)
// CHECK: arith.cmpi eq
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @sort(%x: tensor<3x5xf32>) -> (tensor<3x5xf32>, tensor<3x5xi64>) {
  %0:2 = "edge.sort"(%x) {descending = true, dim = 1 : i64} : (tensor<3x5xf32>) -> (tensor<3x5xf32>, tensor<3x5xi64>)
  return %0#0, %0#1 : tensor<3x5xf32>, tensor<3x5xi64>
}

// -----

// A dynamic-shape sort: the rank, value and index tensors take x's dynamic dim from tensor.dim.
// CHECK-LABEL: func.func @sort_dynamic
// CHECK-SAME:  (%[[X:.*]]: tensor<?x8xf32>)
// CHECK:       %[[D0:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x8xf32>
// CHECK:       %[[RE:.*]] = tensor.empty(%[[D0]]) : tensor<?x8xi64>
// CHECK:       %[[R0:.*]] = linalg.fill {{.*}} outs(%[[RE]] : tensor<?x8xi64>)
// CHECK:       %[[RANKS:.*]] = linalg.generic {{.*}} ins(%[[X]], %[[X]] : tensor<?x8xf32>, tensor<?x8xf32>) outs(%[[R0]] : tensor<?x8xi64>)
// CHECK:       %[[VE:.*]] = tensor.empty(%[[D0]]) : tensor<?x8xf32>
// CHECK:       %[[IE:.*]] = tensor.empty(%[[D0]]) : tensor<?x8xi64>
// CHECK:       linalg.generic {{.*}} ins(%[[RANKS]], %[[X]] : tensor<?x8xi64>, tensor<?x8xf32>) outs(%{{.*}}, %{{.*}} : tensor<?x8xf32>, tensor<?x8xi64>)
func.func @sort_dynamic(%x: tensor<?x8xf32>) -> (tensor<?x8xf32>, tensor<?x8xi64>) {
  %0, %1 = "edge.sort"(%x) {dim = 1 : i64, descending = false} : (tensor<?x8xf32>) -> (tensor<?x8xf32>, tensor<?x8xi64>)
  return %0, %1 : tensor<?x8xf32>, tensor<?x8xi64>
}

// -----

// topk (the first k of the stable sort): one reduction over the row per position. Pass 1 keeps the
// pair first in the total order (value desc, NaN largest; equal: smaller index) among those after
// pass 0's pick, and each pick goes to its own column of the results.
// CHECK-LABEL: func.func @topk
// CHECK-SAME:  (%[[X:.*]]: tensor<?x?xf32>)
// CHECK:       %[[D0:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x?xf32>
// CHECK:       %[[NONE:.*]] = linalg.fill ins(%{{.*}} : i64) outs(%{{.*}} : tensor<?xi64>)
// CHECK:       %[[P0:.*]]:2 = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<?x?xf32>) outs(%{{.*}}, %[[NONE]] : tensor<?xf32>, tensor<?xi64>)
// CHECK:       %[[V0:.*]] = tensor.insert_slice %[[P0]]#0 into %{{.*}}[0, 0] [%[[D0]], 1] [1, 1] : tensor<?xf32> into tensor<?x2xf32>
// CHECK:       %[[I0:.*]] = tensor.insert_slice %[[P0]]#1 into %{{.*}}[0, 0] [%[[D0]], 1] [1, 1] : tensor<?xi64> into tensor<?x2xi64>
// CHECK:       %[[P1:.*]]:2 = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]} ins(%[[X]], %[[P0]]#0, %[[P0]]#1 : tensor<?x?xf32>, tensor<?xf32>, tensor<?xi64>)
// CHECK-NEXT:  ^bb0(%[[XJ:.*]]: f32, %[[PV:.*]]: f32, %[[PI:.*]]: i64, %[[AV:.*]]: f32, %[[AI:.*]]: i64):
// CHECK:         %[[J:.*]] = arith.index_cast
// CHECK:         %[[NOTYET:.*]] = arith.cmpi slt, %[[AI]], %{{.*}} : i64
// CHECK:         %[[BEATS:.*]] = arith.ori %[[NOTYET]], %{{.*}} : i1
// CHECK:         %[[LATER:.*]] = arith.cmpi slt, %[[PI]], %[[J]] : i64
// CHECK:         %[[GT:.*]] = arith.cmpf ogt, %[[PV]], %[[XJ]] : f32
// CHECK-NEXT:    %[[PBEFORE:.*]] = arith.ori %{{.*}}, %[[GT]] : i1
// CHECK-NEXT:    %[[AFTER:.*]] = arith.ori %[[PBEFORE]], %{{.*}} : i1
// CHECK-NEXT:    %[[TAKE:.*]] = arith.andi %[[AFTER]], %[[BEATS]] : i1
// CHECK-NEXT:    arith.select %[[TAKE]], %[[XJ]], %[[AV]] : f32
// CHECK-NEXT:    arith.select %[[TAKE]], %[[J]], %[[AI]] : i64
// CHECK:       %[[V1:.*]] = tensor.insert_slice %[[P1]]#0 into %[[V0]][0, 1] [%[[D0]], 1] [1, 1]
// CHECK:       %[[I1:.*]] = tensor.insert_slice %[[P1]]#1 into %[[I0]][0, 1] [%[[D0]], 1] [1, 1]
// CHECK:       return %[[V1]], %[[I1]]
func.func @topk(%x: tensor<?x?xf32>) -> (tensor<?x2xf32>, tensor<?x2xi64>) {
  %0:2 = "edge.topk"(%x) {dim = 1 : i64, k = 2 : i64, largest = true} : (tensor<?x?xf32>) -> (tensor<?x2xf32>, tensor<?x2xi64>)
  return %0#0, %0#1 : tensor<?x2xf32>, tensor<?x2xi64>
}
