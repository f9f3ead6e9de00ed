// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-plan-arena)' | FileCheck %s

// Fixed sizes: constant offsets by first fit over the live ranges. %a (40 bytes, rounded up to
// 64) dies before %c is allocated, so %c reuses its offset 0; %b is live across both and sits
// after them. The result %r is not a temporary: it keeps its own allocation.
// CHECK-LABEL: func.func @fixed_sizes
// CHECK:         %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4160xi8>
// CHECK:         %[[BUF:.*]] = memref.cast %[[ARENA]] : memref<4160xi8> to memref<?xi8>
// CHECK:         %[[AT_A:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[A:.*]] = memref.view %[[BUF]][%[[AT_A]]][] : memref<?xi8> to memref<10xf32>
// CHECK-NEXT:    %[[AT_B:.*]] = arith.constant 64 : index
// CHECK-NEXT:    %[[B:.*]] = memref.view %[[BUF]][%[[AT_B]]][] : memref<?xi8> to memref<1024xf32>
// CHECK-NEXT:    call @use(%[[A]], %[[B]])
// CHECK-NEXT:    %[[AT_C:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C:.*]] = memref.view %[[BUF]][%[[AT_C]]][] : memref<?xi8> to memref<4xf64>
// CHECK-NEXT:    %[[R:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// CHECK-NEXT:    call @use3(%[[C]], %[[B]], %[[R]])
// CHECK-NEXT:    memref.dealloc %[[ARENA]] : memref<4160xi8>
// CHECK-NEXT:    return %[[R]]
func.func private @use(memref<10xf32>, memref<1024xf32>)
func.func private @use3(memref<4xf64>, memref<1024xf32>, memref<8xf32>)
func.func @fixed_sizes() -> memref<8xf32> {
  %a = memref.alloc() {alignment = 64 : i64} : memref<10xf32>
  %b = memref.alloc() {alignment = 64 : i64} : memref<1024xf32>
  call @use(%a, %b) : (memref<10xf32>, memref<1024xf32>) -> ()
  memref.dealloc %a : memref<10xf32>
  %c = memref.alloc() {alignment = 64 : i64} : memref<4xf64>
  %r = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
  call @use3(%c, %b, %r) : (memref<4xf64>, memref<1024xf32>, memref<8xf32>) -> ()
  memref.dealloc %c : memref<4xf64>
  memref.dealloc %b : memref<1024xf32>
  return %r : memref<8xf32>
}

// -----

// Dynamic sizes: one size computation where the arena is allocated. %x and %z (both ?x256xf32
// of %n rows) are never live at once: one slot; %y (live across both) the other. The slots'
// sizes are rounded up to 64 bytes, and the arena is their sum.
// CHECK-LABEL: func.func @dynamic_sizes
// CHECK-SAME:    (%[[N:.*]]: index, %[[M:.*]]: index)
// CHECK:         %[[XBYTES:.*]] = arith.muli %{{.*}}, %[[N]] : index
// CHECK:         %[[XSIZE:.*]] = arith.andi %{{.*}}, %{{.*}} : index
// CHECK:         %[[SLOT1:.*]] = arith.addi %{{.*}}, %[[XSIZE]] : index
// CHECK:         %[[YBYTES:.*]] = arith.muli %{{.*}}, %[[M]] : index
// CHECK:         %[[YSIZE:.*]] = arith.andi %{{.*}}, %{{.*}} : index
// CHECK:         %[[TOTAL:.*]] = arith.addi %[[SLOT1]], %[[YSIZE]] : index
// CHECK:         %[[ARENA:.*]] = memref.alloc(%[[TOTAL]]) {alignment = 64 : i64} : memref<?xi8>
// CHECK:         %[[X:.*]] = memref.view %[[ARENA]][%[[SLOT0:.*]]][%[[N]]] : memref<?xi8> to memref<?x256xf32>
// CHECK:         %[[Y:.*]] = memref.view %[[ARENA]][%[[SLOT1]]][%[[M]]] : memref<?xi8> to memref<?x64xf32>
// CHECK:         call @use_dyn(%[[X]], %[[Y]])
// CHECK:         %[[Z:.*]] = memref.view %[[ARENA]][%[[SLOT0]]][%[[N]]] : memref<?xi8> to memref<?x256xf32>
// CHECK:         call @use_dyn(%[[Z]], %[[Y]])
// CHECK-NEXT:    memref.dealloc %[[ARENA]] : memref<?xi8>
// CHECK-NOT:     memref.dealloc
func.func private @use_dyn(memref<?x256xf32>, memref<?x64xf32>)
func.func @dynamic_sizes(%n: index, %m: index) {
  %x = memref.alloc(%n) {alignment = 64 : i64} : memref<?x256xf32>
  %y = memref.alloc(%m) {alignment = 64 : i64} : memref<?x64xf32>
  call @use_dyn(%x, %y) : (memref<?x256xf32>, memref<?x64xf32>) -> ()
  memref.dealloc %x : memref<?x256xf32>
  %z = memref.alloc(%n) {alignment = 64 : i64} : memref<?x256xf32>
  call @use_dyn(%z, %y) : (memref<?x256xf32>, memref<?x64xf32>) -> ()
  memref.dealloc %z : memref<?x256xf32>
  memref.dealloc %y : memref<?x64xf32>
  return
}

// -----

// A size computed after the arena's allocation from what is known there (a reshape's rows,
// batch * seq) is computed again before it: the buffer is planned. The later computation stays
// (the view's own size operand).
// CHECK-LABEL: func.func @size_computed_later
// CHECK-SAME:    (%[[B:.*]]: index, %[[S:.*]]: index)
// CHECK:         %[[ROWS_EARLY:.*]] = arith.muli %[[B]], %[[S]] : index
// CHECK:         %[[ARENA:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xi8>
// CHECK:         memref.view %[[ARENA]]
// CHECK:         %[[ROWS:.*]] = arith.muli %[[B]], %[[S]] : index
// CHECK-NEXT:    memref.view %[[ARENA]][%{{.*}}][%[[ROWS]]] : memref<?xi8> to memref<?x8xf32>
func.func private @use_rows(memref<?x8xf32>, memref<?x8xf32>)
func.func @size_computed_later(%b: index, %s: index) {
  %first = memref.alloc(%b) {alignment = 64 : i64} : memref<?x8xf32>
  %rows = arith.muli %b, %s : index
  %second = memref.alloc(%rows) {alignment = 64 : i64} : memref<?x8xf32>
  call @use_rows(%first, %second) : (memref<?x8xf32>, memref<?x8xf32>) -> ()
  memref.dealloc %first : memref<?x8xf32>
  memref.dealloc %second : memref<?x8xf32>
  return
}

// -----

// A live range follows what is derived from a buffer: the select's result (either buffer) is
// read after both deallocs would allow, so %p and %q stay live until that read and the later
// %s cannot reuse their space (offset 128, not 0).
// CHECK-LABEL: func.func @aliases_extend_live_ranges
// CHECK:         %[[P:.*]] = memref.view %{{.*}}[%{{.*}}][] : memref<?xi8> to memref<16xf32>
// CHECK:         %[[Q:.*]] = memref.view %{{.*}}[%{{.*}}][] : memref<?xi8> to memref<16xf32>
// CHECK:         %[[SEL:.*]] = arith.select %{{.*}}, %[[P]], %[[Q]]
// CHECK:         %[[OFF:.*]] = arith.constant 128 : index
// CHECK-NEXT:    %[[S:.*]] = memref.view %{{.*}}[%[[OFF]]][] : memref<?xi8> to memref<16xf32>
// CHECK:         call @use2(%[[SEL]], %[[S]])
func.func private @use2(memref<16xf32>, memref<16xf32>)
func.func @aliases_extend_live_ranges(%cond: i1) {
  %p = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  %q = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  %sel = arith.select %cond, %p, %q : memref<16xf32>
  %s = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  call @use2(%sel, %s) : (memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %p : memref<16xf32>
  memref.dealloc %q : memref<16xf32>
  memref.dealloc %s : memref<16xf32>
  return
}

// -----

// What stays as it is: one freed on one path only (it may be the result), one whose size is
// computed after the arena's allocation (a data-dependent size). The two planned ones share an
// arena.
// CHECK-LABEL: func.func @left_alone
// CHECK:         memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK:         memref.view
// CHECK:         memref.view
// CHECK:         %[[LATE:.*]] = memref.load
// CHECK:         memref.alloc(%[[LATE]]) {alignment = 64 : i64} : memref<?xf32>
// CHECK:         memref.alloc() {alignment = 64 : i64} : memref<16xf32>
// CHECK:         %[[OTHER:.*]] = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
// CHECK:         scf.if
// CHECK-NEXT:      memref.dealloc %[[OTHER]]
func.func private @use1(memref<16xf32>)
func.func private @use_any(memref<?xf32>)
func.func @left_alone(%cond: i1, %sizes: memref<1xindex>) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  %b = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  call @use1(%a) : (memref<16xf32>) -> ()
  call @use1(%b) : (memref<16xf32>) -> ()
  %late = memref.load %sizes[%c0] : memref<1xindex>
  %d = memref.alloc(%late) {alignment = 64 : i64} : memref<?xf32>
  call @use_any(%d) : (memref<?xf32>) -> ()
  %res = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  %other = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  %out = arith.select %cond, %res, %other : memref<16xf32>
  scf.if %cond {
    memref.dealloc %other : memref<16xf32>
  }
  memref.dealloc %d : memref<?xf32>
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return %out : memref<16xf32>
}

// -----

// Temporaries of regions (a `cond` branch, a `while_loop` body: each run of the block frees what
// it allocated before it ends) are planned with the top-level ones, live over the whole op they
// are nested in: the branch's %t reuses %a's bytes (dead by then), two of one op (%v, %w in the
// other branch) never share; the loop body's %u (of the top-level size %n) is a dynamic slot
// after the 192 fixed bytes.
// A region's buffer of a size computed inside it (%k) keeps its own allocation, and so does
// one nested in an scf.forall (its iterations may run at once).
// CHECK-LABEL: func.func @nested_in_regions
// CHECK-SAME:    (%[[COND:.*]]: i1, %[[N:.*]]: index
// CHECK:         %[[ARENA:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xi8>
// CHECK:         %[[A:.*]] = memref.view %[[ARENA]][%[[AT_A:.*]]][] : memref<?xi8> to memref<16xf32>
// CHECK:         scf.if %[[COND]] {
// CHECK-NEXT:      %[[AT_T:.*]] = arith.constant 0 : index
// CHECK-NEXT:      memref.view %[[ARENA]][%[[AT_T]]][] : memref<?xi8> to memref<16xf32>
// CHECK:         } else {
// CHECK-NEXT:      %[[AT_V:.*]] = arith.constant 64 : index
// CHECK-NEXT:      memref.view %[[ARENA]][%[[AT_V]]][] : memref<?xi8> to memref<16xf32>
// CHECK-NEXT:      %[[AT_W:.*]] = arith.constant 128 : index
// CHECK-NEXT:      memref.view %[[ARENA]][%[[AT_W]]][] : memref<?xi8> to memref<16xf32>
// CHECK:         scf.while
// CHECK:           memref.view %[[ARENA]][%[[AT_U:c192]]][%[[N]]] : memref<?xi8> to memref<?xf32>
// CHECK:           %[[K:.*]] = arith.index_cast
// CHECK:           memref.alloc(%[[K]])
// CHECK:         memref.dealloc %[[ARENA]] : memref<?xi8>
// CHECK-NEXT:    scf.forall
// CHECK-NEXT:      memref.alloc() {alignment = 64 : i64} : memref<16xf32>
// CHECK-NOT:     memref.dealloc %[[ARENA]] :
func.func private @use16(memref<16xf32>)
func.func private @use_dyn(memref<?xf32>)
func.func @nested_in_regions(%cond: i1, %n: index, %count: i32) {
  %a = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  call @use16(%a) : (memref<16xf32>) -> ()
  memref.dealloc %a : memref<16xf32>
  scf.if %cond {
    %t = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
    func.call @use16(%t) : (memref<16xf32>) -> ()
    memref.dealloc %t : memref<16xf32>
  } else {
    %v = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
    %w = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
    func.call @use16(%v) : (memref<16xf32>) -> ()
    func.call @use16(%w) : (memref<16xf32>) -> ()
    memref.dealloc %v : memref<16xf32>
    memref.dealloc %w : memref<16xf32>
  }
  %c0 = arith.constant 0 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %go = arith.cmpi slt, %i, %count : i32
    scf.condition(%go) %i : i32
  } do {
  ^bb0(%j: i32):
    %u = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
    func.call @use_dyn(%u) : (memref<?xf32>) -> ()
    memref.dealloc %u : memref<?xf32>
    %k = arith.index_cast %j : i32 to index
    %own = memref.alloc(%k) {alignment = 64 : i64} : memref<?xf32>
    func.call @use_dyn(%own) : (memref<?xf32>) -> ()
    memref.dealloc %own : memref<?xf32>
    %c1 = arith.constant 1 : i32
    %next = arith.addi %j, %c1 : i32
    scf.yield %next : i32
  }
  scf.forall (%f) in (4) {
    %x = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
    func.call @use16(%x) : (memref<16xf32>) -> ()
    memref.dealloc %x : memref<16xf32>
  }
  return
}

// -----

// Both branches of an scf.if write its result into a fresh buffer: bufferization allocates one
// per branch and selects on the condition. Only one branch runs, so the two are one buffer
// (branch_buffers.py): the result's (freed by the deallocation's pointer checks, which now never
// fire: the caller gets it), and a temporary's (two unconditional frees: one goes; planned with
// the other temporary).
// CHECK-LABEL: func.func @branch_buffers
// CHECK:         %[[OUT:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf32>
// CHECK-NOT:     memref.alloc(
// CHECK:         %[[R:.*]] = arith.select %{{.*}}, %[[OUT]], %[[OUT]]
// CHECK:         scf.if
// CHECK:           call @fill(%[[OUT]])
// CHECK:         } else {
// CHECK:           call @fill(%[[OUT]])
// CHECK:         %[[ARENA:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xi8>
// CHECK:         %[[T:.*]] = memref.view %[[ARENA]]
// CHECK:         arith.select %{{.*}}, %[[T]], %[[T]]
// CHECK-NOT:     memref.alloc
// CHECK:         return %[[R]]
func.func private @fill(memref<?xf32>)
func.func @branch_buffers(%c: i1, %n: index) -> memref<?xf32> {
  %a = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
  %b = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
  %r = arith.select %c, %a, %b : memref<?xf32>
  scf.if %c {
    func.call @fill(%a) : (memref<?xf32>) -> ()
  } else {
    func.call @fill(%b) : (memref<?xf32>) -> ()
  }
  %pr = memref.extract_aligned_pointer_as_index %r : memref<?xf32> -> index
  %pa = memref.extract_aligned_pointer_as_index %a : memref<?xf32> -> index
  %fa = arith.cmpi ne, %pa, %pr : index
  scf.if %fa {
    memref.dealloc %a : memref<?xf32>
  }
  %pb = memref.extract_aligned_pointer_as_index %b : memref<?xf32> -> index
  %fb = arith.cmpi ne, %pb, %pr : index
  scf.if %fb {
    memref.dealloc %b : memref<?xf32>
  }
  %x = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
  %y = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
  %t = arith.select %c, %x, %y : memref<?xf32>
  scf.if %c {
    func.call @fill(%x) : (memref<?xf32>) -> ()
  } else {
    func.call @fill(%y) : (memref<?xf32>) -> ()
  }
  %other = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
  func.call @fill(%t) : (memref<?xf32>) -> ()
  func.call @fill(%other) : (memref<?xf32>) -> ()
  memref.dealloc %x : memref<?xf32>
  memref.dealloc %y : memref<?xf32>
  memref.dealloc %other : memref<?xf32>
  return %r : memref<?xf32>
}

// -----

// Left as two: the else-branch's buffer is read after the scf.if (not only in its branch).
// CHECK-LABEL: func.func @branch_buffers_read_outside
// CHECK:         %[[A:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf32>
// CHECK:         %[[B:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf32>
// CHECK:         arith.select %{{.*}}, %[[A]], %[[B]]
func.func private @fill(memref<?xf32>)
func.func @branch_buffers_read_outside(%c: i1, %n: index) -> memref<?xf32> {
  %a = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
  %b = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
  %r = arith.select %c, %a, %b : memref<?xf32>
  scf.if %c {
    func.call @fill(%a) : (memref<?xf32>) -> ()
  } else {
    func.call @fill(%b) : (memref<?xf32>) -> ()
  }
  func.call @fill(%b) : (memref<?xf32>) -> ()
  %pr = memref.extract_aligned_pointer_as_index %r : memref<?xf32> -> index
  %pa = memref.extract_aligned_pointer_as_index %a : memref<?xf32> -> index
  %fa = arith.cmpi ne, %pa, %pr : index
  scf.if %fa {
    memref.dealloc %a : memref<?xf32>
  }
  %pb = memref.extract_aligned_pointer_as_index %b : memref<?xf32> -> index
  %fb = arith.cmpi ne, %pb, %pr : index
  scf.if %fb {
    memref.dealloc %b : memref<?xf32>
  }
  return %r : memref<?xf32>
}

// -----

// A buffer read inside an scf.if that yields another buffer (the unit-row choice of an attention:
// each branch reads the scores %s and writes its own result) is still a temporary of the
// top-level block: the if's result is not derived from %s, so the bufferization.dealloc that
// frees the result does not keep %s (or %t) out of the arena.
// CHECK-LABEL: func.func @read_in_a_branch_that_yields_another_buffer
// CHECK:         %[[ALLOC:.*]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK:         %[[ARENA:.*]] = memref.cast %[[ALLOC]] : memref<128xi8> to memref<?xi8>
// CHECK:         %[[S:.*]] = memref.view %[[ARENA]][%{{.*}}][] : memref<?xi8> to memref<16xf32>
// CHECK:         %[[T:.*]] = memref.view %[[ARENA]][%{{.*}}][] : memref<?xi8> to memref<16xf32>
// CHECK:         scf.if
// CHECK:           func.call @use16(%[[S]])
// CHECK:         } else {
// CHECK:           func.call @use16(%[[T]])
// CHECK:         memref.dealloc %[[ALLOC]] : memref<128xi8>
func.func private @use16(memref<16xf32>)
func.func @read_in_a_branch_that_yields_another_buffer(%cond: i1, %out: memref<16xf32>) {
  %s = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  %t = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  func.call @use16(%s) : (memref<16xf32>) -> ()
  func.call @use16(%t) : (memref<16xf32>) -> ()
  %r = scf.if %cond -> (memref<16xf32>) {
    func.call @use16(%s) : (memref<16xf32>) -> ()
    %a = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
    scf.yield %a : memref<16xf32>
  } else {
    func.call @use16(%t) : (memref<16xf32>) -> ()
    %b = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
    scf.yield %b : memref<16xf32>
  }
  memref.copy %r, %out : memref<16xf32> to memref<16xf32>
  memref.dealloc %s : memref<16xf32>
  memref.dealloc %t : memref<16xf32>
  %true = arith.constant true
  bufferization.dealloc (%r : memref<16xf32>) if (%true)
  return
}

// -----

// What a branch yields of a buffer is derived from it: freed through the if's result by a
// bufferization.dealloc, %s is left out of the arena (a view of the arena freed would free it).
// CHECK-LABEL: func.func @yielded_by_a_branch
// CHECK-NOT:     memref.view
// CHECK:         %[[S:.*]] = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
// CHECK-NOT:     memref.view
func.func private @use16(memref<16xf32>)
func.func @yielded_by_a_branch(%cond: i1, %other: memref<16xf32>) {
  %s = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  %t = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  func.call @use16(%t) : (memref<16xf32>) -> ()
  %r = scf.if %cond -> (memref<16xf32>) {
    %v = memref.subview %s[0] [16] [1] : memref<16xf32> to memref<16xf32, strided<[1]>>
    %c = memref.cast %v : memref<16xf32, strided<[1]>> to memref<16xf32>
    scf.yield %c : memref<16xf32>
  } else {
    scf.yield %other : memref<16xf32>
  }
  func.call @use16(%r) : (memref<16xf32>) -> ()
  memref.dealloc %s : memref<16xf32>
  memref.dealloc %t : memref<16xf32>
  %true = arith.constant true
  bufferization.dealloc (%r : memref<16xf32>) if (%true)
  return
}

// -----

// A size read off a view made later in the block (audio_cnn's batch norm after a grouped
// convolution: the activation is reshaped, and the next buffer's batch is `memref.dim` of the
// reshape): the expand_shape's output_shape gives that size, %n, so %b's size is computed where
// the arena is allocated and %b joins it with %a.
// CHECK-LABEL: func.func @size_of_a_later_reshape
// CHECK-SAME:    (%[[N:.*]]: index)
// CHECK:         %[[ARENA:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xi8>
// CHECK:         %[[A:.*]] = memref.view %[[ARENA]][%{{.*}}][%[[N]]] : memref<?xi8> to memref<?x64xf32>
// CHECK:         %[[E:.*]] = memref.expand_shape %[[A]] {{\[}}[0], [1, 2]] output_shape [%[[N]], 4, 16]
// CHECK:         %[[ROWS:.*]] = memref.dim %[[E]], %{{.*}} : memref<?x4x16xf32>
// CHECK-NOT:     memref.alloc
// CHECK:         %[[B:.*]] = memref.view %[[ARENA]][%{{.*}}][%[[ROWS]]] : memref<?xi8> to memref<?x64xf32>
// CHECK:         call @use_pair(%[[E]], %[[B]])
// CHECK-NEXT:    memref.dealloc %[[ARENA]] : memref<?xi8>
// CHECK-NOT:     memref.dealloc
func.func private @fill(memref<?x64xf32>)
func.func private @use_pair(memref<?x4x16xf32>, memref<?x64xf32>)
func.func @size_of_a_later_reshape(%n: index) {
  %a = memref.alloc(%n) {alignment = 64 : i64} : memref<?x64xf32>
  call @fill(%a) : (memref<?x64xf32>) -> ()
  %e = memref.expand_shape %a [[0], [1, 2]] output_shape [%n, 4, 16] : memref<?x64xf32> into memref<?x4x16xf32>
  %c0 = arith.constant 0 : index
  %rows = memref.dim %e, %c0 : memref<?x4x16xf32>
  %b = memref.alloc(%rows) {alignment = 64 : i64} : memref<?x64xf32>
  call @use_pair(%e, %b) : (memref<?x4x16xf32>, memref<?x64xf32>) -> ()
  memref.dealloc %b : memref<?x64xf32>
  memref.dealloc %a : memref<?x64xf32>
  return
}

// -----

// A size read off a buffer that a call returns later: nothing says what it is before the call,
// so %b keeps its own allocation (and %a, alone, too).
// CHECK-LABEL: func.func @size_of_a_later_call_result
// CHECK:         memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?x64xf32>
// CHECK:         %[[M:.*]] = call @make()
// CHECK:         %[[ROWS:.*]] = memref.dim %[[M]]
// CHECK:         memref.alloc(%[[ROWS]]) {alignment = 64 : i64} : memref<?x64xf32>
// CHECK-NOT:     memref.view
func.func private @make() -> memref<?x4x16xf32>
func.func @size_of_a_later_call_result(%n: index) {
  %a = memref.alloc(%n) {alignment = 64 : i64} : memref<?x64xf32>
  call @fill(%a) : (memref<?x64xf32>) -> ()
  %m = call @make() : () -> memref<?x4x16xf32>
  %c0 = arith.constant 0 : index
  %rows = memref.dim %m, %c0 : memref<?x4x16xf32>
  %b = memref.alloc(%rows) {alignment = 64 : i64} : memref<?x64xf32>
  call @use_pair(%m, %b) : (memref<?x4x16xf32>, memref<?x64xf32>) -> ()
  memref.dealloc %b : memref<?x64xf32>
  memref.dealloc %a : memref<?x64xf32>
  return
}
func.func private @fill(memref<?x64xf32>)
func.func private @use_pair(memref<?x4x16xf32>, memref<?x64xf32>)
