// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-tile{vector-bits=512 cores=2})' | FileCheck %s --check-prefix=AVX512
// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-tile{vector-bits=256 cores=2})' | FileCheck %s --check-prefix=AVX2

// Symbolic dims (a batch and a sequence marked torch.export.Dim) are tiled and vectorized like
// static ones: every loop over vector tiles whose last tile may be partial is peeled, so that the
// full tiles run the static kernel (no masks) and only the remainders are masked.

// q @ k^T as attention's scores with batch, rows and columns all symbolic: both the 8-row and the
// 32-column register-block loops are peeled (innermost first). The main part is the unmasked
// kernel with its accumulator in registers across the 64-deep reduction. The columns' remainder
// (the lanes: 0 to 31, known at run time) runs blocks of one register (16) with the same kernel,
// unmasked, and masks only what is left of a register.
// AVX512-LABEL: func.func @scores_dynamic
// AVX512:         scf.forall (%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}}, %{{.*}}, %{{.*}}) shared_outs
// AVX512:           %[[ROWS:.*]] = affine.min
// AVX512:           %[[COLS:.*]] = affine.min
// AVX512:           %[[FULL_ROWS:.*]] = affine.apply #{{.*}}()[%[[ROWS]]]
// AVX512:           scf.for %{{.*}} = %c0 to %[[FULL_ROWS]] step %c8
// AVX512:             %[[FULL_COLS:.*]] = affine.apply #{{.*}}()[%[[COLS]]]
// AVX512:             scf.for %{{.*}} = %c0 to %[[FULL_COLS]] step %c32
// AVX512:               %[[ACC:.*]] = vector.transfer_read {{.*}} : tensor<1x8x32xf32>, vector<1x8x32xf32>
// AVX512-NEXT:          scf.for %{{.*}} = %c0 to %c64 step %c1 iter_args(%[[IT:.*]] = %[[ACC]]) -> (vector<1x8x32xf32>)
// AVX512-NOT:             vector.mask
// AVX512:                 vector.contract {{.*}} %[[IT]] : vector<1x8x1xf32>, vector<1x1x32xf32> into vector<1x8x32xf32>
// AVX512:             scf.for %{{.*}} = %[[FULL_COLS]] to %[[COLS]] step %c32
// AVX512:               scf.for %{{.*}} step %c16
// AVX512:                 scf.for %{{.*}} = %c0 to %c64 step %c1 iter_args(%{{.*}}) -> (vector<1x8x16xf32>)
// AVX512-NOT:               vector.mask
// AVX512:                   vector.contract {{.*}} : vector<1x8x1xf32>, vector<1x1x16xf32> into vector<1x8x16xf32>
// AVX512:               scf.for %{{.*}} step %c16
// AVX512:                 vector.mask %{{.*}} { vector.contract {{.*}} into vector<1x8x16xf32>
// AVX512:           scf.for %{{.*}} = %[[FULL_ROWS]] to %[[ROWS]] step %c8
// AVX512:             vector.mask %{{.*}} { vector.contract
// AVX512-NOT:     linalg.batch_matmul
// AVX2-LABEL: func.func @scores_dynamic
// AVX2:               scf.for {{.*}} -> (vector<1x4x16xf32>)
// AVX2-NOT:             vector.mask
// AVX2:                 vector.contract {{.*}} : vector<1x4x1xf32>, vector<1x1x16xf32> into vector<1x4x16xf32>
// AVX2:               vector.mask %{{.*}} { vector.contract
func.func @scores_dynamic(%q: tensor<?x?x64xf32>, %kt: tensor<?x64x?xf32>) -> tensor<?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %b = tensor.dim %q, %c0 : tensor<?x?x64xf32>
  %m = tensor.dim %q, %c1 : tensor<?x?x64xf32>
  %n = tensor.dim %kt, %c2 : tensor<?x64x?xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%b, %m, %n) : tensor<?x?x?xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %r = linalg.batch_matmul ins(%q, %kt : tensor<?x?x64xf32>, tensor<?x64x?xf32>) outs(%f : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  return %r : tensor<?x?x?xf32>
}

// -----

// x @ W with W row-major (GPT-2's Conv1D: addmm(bias, x, W)) and a symbolic row count (a dynamic
// batch): the outer-product kernel. The full 8-row blocks (AVX-512) run the static kernel. The
// remainder (0 to 7 rows, known at run time) runs one static block of exactly its rows: tiled by
// 7, 6, ..., 1 in turn, each loop peeled, so that at most one of them runs, the rest falling
// through to the next. Each block loops over the 32-column blocks (all full: tiled inside the
// chain, which runs once per k block, not per column block), and in every block the k loop is
// inside the rows, its accumulators carried in registers (iter_args of vectors); no masks. (The k
// loop was outside the remainder's rows, tiled to 1: every k step loaded and stored each row's
// accumulator; a dynamic batch of 1 ran 2.2x slower than its static build.)
// (A run-time branch takes the packed-B kernel from 128 rows on, test/Codegen/tile-pack-b.mlir;
// these are the checks of its else branch, the kernel below 128 rows.)
// AVX512-LABEL: func.func @xw_dynamic_rows
// AVX512:         scf.if
// AVX512:         } else {
// AVX512:         scf.forall
// AVX512:           %[[ROWS:.*]] = affine.min
// AVX512:           scf.for %{{.*}} = %c0 to %c768 step %c64
// AVX512:             %[[FULL:.*]] = affine.apply #{{.*}}()[%[[ROWS]]]
// AVX512:             scf.for %{{.*}} = %c0 to %[[FULL]] step %c8
// AVX512:               scf.for %{{.*}} = %c0 to %c256 step %c32
// AVX512:                 vector.transfer_read {{.*}} : tensor<8x32xf32>, vector<8x32xf32>
// AVX512-NEXT:            scf.for %{{.*}} = %c0 to %c64 step %c1 iter_args(%{{.*}}) -> (vector<8x32xf32>)
// AVX512:                   vector.contract {{.*}} : vector<8x1xf32>, vector<1x32xf32> into vector<8x32xf32>
// AVX512:             scf.for %{{.*}} = %[[FULL]] to %[[ROWS]] step %c8
// AVX512-NOT:           vector.mask
// AVX512:               scf.for %{{.*}} step %c7
// AVX512-NEXT:            tensor.extract_slice
// AVX512-NEXT:            tensor.extract_slice
// AVX512-NEXT:            scf.for %{{.*}} = %c0 to %c256 step %c32
// AVX512:                   vector.transfer_read {{.*}} : tensor<7x32xf32>, vector<7x32xf32>
// AVX512-NEXT:              scf.for %{{.*}} = %c0 to %c64 step %c1 iter_args(%{{.*}}) -> (vector<7x32xf32>)
// AVX512:                     vector.contract {{.*}} : vector<7x1xf32>, vector<1x32xf32> into vector<7x32xf32>
// AVX512:               scf.for %{{.*}} step %c7
// AVX512:                 scf.for %{{.*}} step %c6
// AVX512:                   scf.for %{{.*}} = %c0 to %c64 step %c1 iter_args(%{{.*}}) -> (vector<6x32xf32>)
// AVX512:                     scf.for %{{.*}} = %c0 to %c64 step %c1 iter_args(%{{.*}}) -> (vector<5x32xf32>)
// AVX512:                       scf.for %{{.*}} = %c0 to %c64 step %c1 iter_args(%{{.*}}) -> (vector<4x32xf32>)
// AVX512:                         scf.for %{{.*}} = %c0 to %c64 step %c1 iter_args(%{{.*}}) -> (vector<3x32xf32>)
// AVX512:                           scf.for %{{.*}} = %c0 to %c64 step %c1 iter_args(%{{.*}}) -> (vector<2x32xf32>)
// AVX512:                             scf.for %{{.*}} = %c0 to %{{.*}} step %c1 iter_args(%{{.*}}) -> (tensor<?x256xf32>)
// AVX512:                               scf.for %{{.*}} = %c0 to %c256 step %c32
// AVX512:                                 vector.transfer_read {{.*}} : tensor<1x32xf32>, vector<1x32xf32>
// AVX512-NEXT:                            scf.for %{{.*}} = %c0 to %c64 step %c1 iter_args(%{{.*}}) -> (vector<1x32xf32>)
// AVX512:                                   vector.contract {{.*}} : vector<1x1xf32>, vector<1x32xf32> into vector<1x32xf32>
// AVX512-NOT:     vector.mask
// AVX512-NOT:     linalg.matmul
// AVX512:         return
// AVX2-LABEL: func.func @xw_dynamic_rows
// AVX2:         } else {
// AVX2:               scf.for %{{.*}} = %c0 to %c64 step %c1 iter_args(%{{.*}}) -> (vector<4x16xf32>)
// AVX2:               scf.for %{{.*}} = %c0 to %c64 step %c1 iter_args(%{{.*}}) -> (vector<3x16xf32>)
// AVX2:               scf.for %{{.*}} = %c0 to %c64 step %c1 iter_args(%{{.*}}) -> (vector<2x16xf32>)
// AVX2:               scf.for %{{.*}} = %c0 to %c64 step %c1 iter_args(%{{.*}}) -> (vector<1x16xf32>)
// AVX2-NOT:       vector.mask
// AVX2-NOT:       linalg.matmul
func.func @xw_dynamic_rows(%x: tensor<?x768xf32>, %w: tensor<768x768xf32>) -> tensor<?x768xf32> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %x, %c0 : tensor<?x768xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%m) : tensor<?x768xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x768xf32>) -> tensor<?x768xf32>
  %r = linalg.matmul ins(%x, %w : tensor<?x768xf32>, tensor<768x768xf32>) outs(%f : tensor<?x768xf32>) -> tensor<?x768xf32>
  return %r : tensor<?x768xf32>
}

// -----

// An elementwise op whose contiguous dim is symbolic: the loop over 64-wide (AVX-512: 4 registers)
// vectors is peeled; full vectors are plain loads, math and stores. The remainder (0 to 63 lanes,
// known at run time) is cut in units of one register: a loop of full 16-lane vectors, unmasked,
// then one masked 16-lane vector. (As one masked 64-lane vector, a sequence of 16 computed exp
// on four registers: attention with a dynamic sequence of 16 ran 1.7x slower than its static
// build.)
// AVX512-LABEL: func.func @exp_dynamic
// AVX512:         %[[N:.*]] = tensor.dim %{{.*}}, %c1
// AVX512:         scf.forall
// AVX512:           %[[FULL:.*]] = affine.apply #{{.*}}()[%[[N]]]
// AVX512:           scf.for %{{.*}} = %c0 to %[[FULL]] step %c64
// AVX512-NOT:         vector.create_mask
// AVX512:             %[[X:.*]] = vector.transfer_read {{.*}} {in_bounds = [true, true]} : tensor<1x64xf32>, vector<1x64xf32>
// AVX512-NEXT:        math.exp %[[X]] : vector<1x64xf32>
// AVX512:           scf.for %{{.*}} = %[[FULL]] to %[[N]] step %c64
// AVX512:             scf.for %{{.*}} = %c0 to %[[REGS:.*]] step %c16
// AVX512-NOT:           vector.create_mask
// AVX512:               %[[R:.*]] = vector.transfer_read {{.*}} {in_bounds = [true, true]} : tensor<1x16xf32>, vector<1x16xf32>
// AVX512-NEXT:          math.exp %[[R]] : vector<1x16xf32>
// AVX512:             scf.for %{{.*}} = %[[REGS]] to %{{.*}} step %c16
// AVX512:               %[[MASK:.*]] = vector.create_mask %c1, %{{.*}} : vector<1x16xi1>
// AVX512:               vector.transfer_read {{.*}}, %[[MASK]]
// AVX512:               math.exp %{{.*}} : vector<1x16xf32>
// AVX512:               vector.transfer_write {{.*}}, %[[MASK]]
// AVX512-NOT:     vector<1x64xi1>
// AVX2-LABEL: func.func @exp_dynamic
// AVX2:             math.exp %{{.*}} : vector<1x32xf32>
// AVX2:             math.exp %{{.*}} : vector<1x8xf32>
// AVX2:             vector.create_mask %c1, %{{.*}} : vector<1x8xi1>
func.func @exp_dynamic(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = math.exp %a : f32
    linalg.yield %y : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// A max over a symbolic contiguous dim (softmax's first step over attention scores): a run-time
// choice on the row length (codegen/short_rows.py). Rows shorter than the 64-lane (4-register)
// tile keep partial maxima in one register: full 16-lane steps, a masked remainder step, a
// horizontal reduction of one register. Longer rows keep 64 lanes of partial maxima in registers
// over the full steps, a peeled and masked remainder step, then one horizontal reduction.
// AVX512-LABEL: func.func @row_max_dynamic
// AVX512:         %[[N:.*]] = tensor.dim %{{.*}}, %c1
// AVX512:         %[[SHORT:.*]] = arith.cmpi slt, %[[N]], %c64
// AVX512:         scf.if %[[SHORT]]
// AVX512:           scf.forall
// AVX512:             scf.for %{{.*}} step %c16 iter_args({{.*}}) -> (vector<1x16xf32>)
// AVX512-NOT:           vector.create_mask
// AVX512:               arith.maximumf %{{.*}}, %{{.*}} : vector<1x16xf32>
// AVX512:             vector.create_mask %c1, %{{.*}} : vector<1x16xi1>
// AVX512:             vector.multi_reduction <maximumf>, %{{.*}}, %{{.*}} [1] : vector<1x16xf32> to vector<1xf32>
// AVX512:         } else {
// AVX512:           scf.forall
// AVX512:             %[[FULL:.*]] = affine.apply #{{.*}}()[%[[N]]]
// AVX512:             scf.for %{{.*}} = %c0 to %[[FULL]] step %c64 iter_args({{.*}}) -> (vector<1x64xf32>)
// AVX512-NOT:           vector.create_mask
// AVX512:               arith.maximumf %{{.*}}, %{{.*}} : vector<1x64xf32>
// AVX512:             scf.for %{{.*}} = %[[FULL]] to %[[N]] step %c64
// AVX512:               vector.create_mask %c1, %{{.*}} : vector<1x64xi1>
// AVX512:             vector.multi_reduction <maximumf>, %{{.*}}, %{{.*}} [1] : vector<1x64xf32> to vector<1xf32>
// AVX2-LABEL: func.func @row_max_dynamic
// AVX2:             arith.maximumf %{{.*}}, %{{.*}} : vector<1x8xf32>
// AVX2:             arith.maximumf %{{.*}}, %{{.*}} : vector<1x32xf32>
// AVX2:             vector.create_mask %c1, %{{.*}} : vector<1x32xi1>
func.func @row_max_dynamic(%x: tensor<?x?xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.maximumf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// Several innermost reduction loops (a group norm's sums over [C/G, H, W] with a dynamic H and W,
// which torch's decomposition does not collapse): one accumulator of 64 lanes is carried through
// all of them (the C/G and H loops step by 1, W by the vector, its remainder peeled and masked)
// and reduced horizontally once, after the loops; never a horizontal reduction per step.
// AVX512-LABEL: func.func @group_sums_dynamic
// AVX512:         } else {
// AVX512:             vector.transfer_write %cst{{.*}} : vector<1x1x1x1x64xf32>, tensor<1x1x1x1x64xf32>
// AVX512-NEXT:        scf.for %{{.*}} = %c0 to %c4 step %c1 iter_args({{.*}}) -> (tensor<1x1x1x1x64xf32>)
// AVX512-NEXT:          scf.for %{{.*}} = %c0 to %{{.*}} step %c1 iter_args({{.*}}) -> (tensor<1x1x1x1x64xf32>)
// AVX512-NOT:             vector.multi_reduction
// AVX512:                 scf.for %{{.*}} step %c64 iter_args({{.*}}) -> (vector<1x1x1x1x64xf32>)
// AVX512-NOT:               vector.multi_reduction
// AVX512:                   arith.addf %{{.*}}, %{{.*}} : vector<1x1x1x1x64xf32>
// AVX512-NOT:             vector.multi_reduction
// AVX512:                 scf.for %{{.*}} step %c64 iter_args({{.*}}) -> (tensor<1x1x1x1x64xf32>)
// AVX512-NOT:               vector.multi_reduction
// AVX512:                   vector.create_mask %c1, %c1, %c1, %c1, %{{.*}} : vector<1x1x1x1x64xi1>
// AVX512-NOT:         vector.multi_reduction
// AVX512:             scf.yield %{{.*}} : tensor<1x1x1x1x64xf32>
// AVX512-NOT:         vector.multi_reduction
// AVX512:             scf.yield %{{.*}} : tensor<1x1x1x1x64xf32>
// AVX512-NOT:         vector.multi_reduction
// AVX512:             scf.yield %{{.*}} : tensor<1x1x1x1x64xf32>
// AVX512-NEXT:        }
// AVX512-NEXT:        vector.transfer_read
// AVX512-NEXT:        vector.transfer_read
// AVX512-NEXT:        vector.multi_reduction <add>, %{{.*}}, %{{.*}} [2, 3, 4] : vector<1x1x1x1x64xf32> to vector<1x1xf32>
// AVX2-LABEL: func.func @group_sums_dynamic
// AVX2:                   arith.addf %{{.*}}, %{{.*}} : vector<1x1x1x1x32xf32>
// AVX2:               vector.multi_reduction <add>, %{{.*}}, %{{.*}} [2, 3, 4] : vector<1x1x1x1x32xf32> to vector<1x1xf32>
func.func @group_sums_dynamic(%x: tensor<?x4x4x?x?xf32>, %init: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(n, g, c, h, w) -> (n, g, c, h, w)>, affine_map<(n, g, c, h, w) -> (n, g)>], iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x : tensor<?x4x4x?x?xf32>) outs(%init : tensor<?x4xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

// -----

// The masked remainder of a dynamic column count (the last 0..15 columns, one register): its
// accumulator is read once under its mask before the k loop, carried in a register across it and
// written once after, as the full tiles' are. The masks are created inside the k loop by the
// vectorizer: moved out of it first (schedule._cleanup), so that the masked read and write are
// loop-invariant subsets. (With the masks inside, the accumulator was loaded and stored at every
// k step, a masked store then a masked load of the same address: a 3x3 convolution's rows of 66
// pixels ran 2x slower dynamic than static.)
// AVX512-LABEL: func.func @masked_columns_accumulate_in_registers
// AVX512:           %[[MASK:.*]] = vector.create_mask %c8, %{{.*}} : vector<8x16xi1>
// AVX512:           %[[ACC:.*]] = vector.transfer_read %{{.*}}, %[[MASK]] {{.*}} : tensor<8x?xf32>, vector<8x16xf32>
// AVX512-NEXT:      %[[SUM:.*]] = scf.for %{{.*}} iter_args(%[[IT:.*]] = %[[ACC]]) -> (vector<8x16xf32>)
// AVX512-NOT:         vector.transfer_write
// AVX512:             vector.mask %{{.*}} { vector.contract {{.*}} %[[IT]] : vector<8x1xf32>, vector<1x16xf32> into vector<8x16xf32> }
// AVX512:           }
// AVX512-NEXT:      vector.transfer_write %[[SUM]], %{{.*}}, %[[MASK]] {{.*}} : vector<8x16xf32>, tensor<8x?xf32>
func.func @masked_columns_accumulate_in_registers(%a: tensor<8x144xf32>, %b: tensor<144x?xf32>) -> tensor<8x?xf32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %b, %c1 : tensor<144x?xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%n) : tensor<8x?xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x?xf32>) -> tensor<8x?xf32>
  %r = linalg.matmul ins(%a, %b : tensor<8x144xf32>, tensor<144x?xf32>) outs(%f : tensor<8x?xf32>) -> tensor<8x?xf32>
  return %r : tensor<8x?xf32>
}
