"""`exir-cpu-buffer-pool`: the compiled code's heap buffers come from a small pool it keeps itself.

Bufferization leaves a `memref.alloc` / `memref.dealloc` pair for every temporary that
`promote-buffers-to-stack` cannot put on the stack (dynamic sizes, more than 4 KiB), and tiles of
dynamic dims allocate one per tile; each was a `malloc`/`free` per call (per tile). The memref
lowering runs with `use-generic-functions`, so allocations and deallocations call
`_mlir_memref_to_llvm_alloc` / `_mlir_memref_to_llvm_free`; this pass gives those two functions
bodies in the module itself (LLVM dialect, no runtime library needed, so the JIT, the kernel
libraries of `cache_dir` and the ahead-of-time `.so` all have them):

- free puts the buffer into a pool of `POOL_SLOTS` slots (pointer and usable size, guarded by a
  spin lock: the parallel bodies on OpenMP's threads and concurrent calls from several Python
  threads share it); when the pool is full the buffer goes back to `free`.
- alloc takes the smallest pooled buffer that is at least the requested size and at most twice
  it plus 64 bytes; only when none fits does it call `malloc` (and count it: the exported
  `_mlir_exir_pool_mallocs()` returns the count, which tests read).

A call's temporaries reach the pool as one buffer per call, their arena (arena.py: a parallel
body's are its thread's slice of a scratch buffer in its caller's arena; those of scf.if branches
and loop bodies are in it too when their sizes are known at its start); what arena.py cannot plan
(a size computed inside a loop, buffers a loop carries) one each.
So a second call with the same sizes allocates nothing for its temporaries; when sizes change
(dynamic shapes), buffers that no longer fit are replaced on demand. Every buffer is a real
`malloc` block: results handed to torch (or to a library's caller) are still freed with `free`.
The pool holds at most `POOL_SLOTS` idle buffers: the peak of the temporaries the program had
freed; `_mlir_exir_pool_release()` (exported) frees them, which the runtime calls when the loaded
code goes away.
"""

from __future__ import annotations

from exir_mlir._mlir import ir

POOL_SLOTS = 32
ALLOC = "_mlir_memref_to_llvm_alloc"
FREE = "_mlir_memref_to_llvm_free"
MALLOC_COUNT_SYMBOL = "_mlir_exir_pool_mallocs"  # () -> i64: the mallocs the pool could not spare
ALLOC_COUNT_SYMBOL = "_mlir_exir_pool_allocs"  # () -> i64: every allocation the code asked for
# (the `_mlir_` prefix: ExecutionEngine.raw_lookup(name) finds `_mlir_<name>`)
RELEASE_SYMBOL = "_mlir_exir_pool_release"  # (): frees the idle pooled buffers

_POOL = f"""
llvm.mlir.global internal @__exir_pool_lock(0 : i32) {{addr_space = 0 : i32}} : i32
llvm.mlir.global internal @__exir_pool_ptrs() {{addr_space = 0 : i32}} : !llvm.array<{POOL_SLOTS} x ptr> {{
  %0 = llvm.mlir.zero : !llvm.array<{POOL_SLOTS} x ptr>
  llvm.return %0 : !llvm.array<{POOL_SLOTS} x ptr>
}}
llvm.mlir.global internal @__exir_pool_sizes() {{addr_space = 0 : i32}} : !llvm.array<{POOL_SLOTS} x i64> {{
  %0 = llvm.mlir.zero : !llvm.array<{POOL_SLOTS} x i64>
  llvm.return %0 : !llvm.array<{POOL_SLOTS} x i64>
}}
llvm.mlir.global internal @__exir_pool_malloc_count(0 : i64) {{addr_space = 0 : i32}} : i64
llvm.mlir.global internal @__exir_pool_alloc_count(0 : i64) {{addr_space = 0 : i32}} : i64
llvm.func @malloc(i64) -> !llvm.ptr
llvm.func @free(!llvm.ptr)
llvm.func @malloc_usable_size(!llvm.ptr) -> i64
llvm.func internal @__exir_pool_lock_acquire() {{
  %lock = llvm.mlir.addressof @__exir_pool_lock : !llvm.ptr
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  llvm.br ^try
^try:
  %r = llvm.cmpxchg %lock, %c0, %c1 acquire monotonic : !llvm.ptr, i32
  %ok = llvm.extractvalue %r[1] : !llvm.struct<(i32, i1)>
  llvm.cond_br %ok, ^done, ^try
^done:
  llvm.return
}}
llvm.func internal @__exir_pool_lock_release() {{
  %lock = llvm.mlir.addressof @__exir_pool_lock : !llvm.ptr
  %c0 = llvm.mlir.constant(0 : i32) : i32
  llvm.store %c0, %lock atomic release {{alignment = 4 : i64}} : i32, !llvm.ptr
  llvm.return
}}
llvm.func internal @__exir_pool_take(%size: i64) -> !llvm.ptr {{
  %ptrs = llvm.mlir.addressof @__exir_pool_ptrs : !llvm.ptr
  %sizes = llvm.mlir.addressof @__exir_pool_sizes : !llvm.ptr
  %null = llvm.mlir.zero : !llvm.ptr
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %c1 = llvm.mlir.constant(1 : i64) : i64
  %c64 = llvm.mlir.constant(64 : i64) : i64
  %none = llvm.mlir.constant(-1 : i64) : i64
  %max = llvm.mlir.constant(9223372036854775807 : i64) : i64
  %n = llvm.mlir.constant({POOL_SLOTS} : i64) : i64
  %twice = llvm.shl %size, %c1 : i64
  %limit = llvm.add %twice, %c64 : i64
  llvm.call @__exir_pool_lock_acquire() : () -> ()
  llvm.br ^loop(%c0, %none, %max : i64, i64, i64)
^loop(%i: i64, %best: i64, %best_size: i64):
  %end = llvm.icmp "uge" %i, %n : i64
  llvm.cond_br %end, ^done, ^body
^body:
  %pp = llvm.getelementptr %ptrs[0, %i] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<{POOL_SLOTS} x ptr>
  %p = llvm.load %pp : !llvm.ptr -> !llvm.ptr
  %empty = llvm.icmp "eq" %p, %null : !llvm.ptr
  llvm.cond_br %empty, ^next(%best, %best_size : i64, i64), ^check
^check:
  %sp = llvm.getelementptr %sizes[0, %i] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<{POOL_SLOTS} x i64>
  %s = llvm.load %sp : !llvm.ptr -> i64
  %big = llvm.icmp "uge" %s, %size : i64
  %small = llvm.icmp "ule" %s, %limit : i64
  %better = llvm.icmp "ult" %s, %best_size : i64
  %fits = llvm.and %big, %small : i1
  %ok = llvm.and %fits, %better : i1
  %nb = llvm.select %ok, %i, %best : i1, i64
  %ns = llvm.select %ok, %s, %best_size : i1, i64
  llvm.br ^next(%nb, %ns : i64, i64)
^next(%b: i64, %bs: i64):
  %i1 = llvm.add %i, %c1 : i64
  llvm.br ^loop(%i1, %b, %bs : i64, i64, i64)
^done:
  %found = llvm.icmp "sge" %best, %c0 : i64
  llvm.cond_br %found, ^take, ^miss
^take:
  %tp = llvm.getelementptr %ptrs[0, %best] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<{POOL_SLOTS} x ptr>
  %t = llvm.load %tp : !llvm.ptr -> !llvm.ptr
  llvm.store %null, %tp : !llvm.ptr, !llvm.ptr
  llvm.call @__exir_pool_lock_release() : () -> ()
  llvm.return %t : !llvm.ptr
^miss:
  llvm.call @__exir_pool_lock_release() : () -> ()
  llvm.return %null : !llvm.ptr
}}
llvm.func internal @{ALLOC}(%size: i64) -> !llvm.ptr {{
  %null = llvm.mlir.zero : !llvm.ptr
  %requests = llvm.mlir.addressof @__exir_pool_alloc_count : !llvm.ptr
  %one = llvm.mlir.constant(1 : i64) : i64
  %before = llvm.atomicrmw add %requests, %one monotonic : !llvm.ptr, i64
  %p = llvm.call @__exir_pool_take(%size) : (i64) -> !llvm.ptr
  %hit = llvm.icmp "ne" %p, %null : !llvm.ptr
  llvm.cond_br %hit, ^hit, ^miss
^hit:
  llvm.return %p : !llvm.ptr
^miss:
  %count = llvm.mlir.addressof @__exir_pool_malloc_count : !llvm.ptr
  %c1 = llvm.mlir.constant(1 : i64) : i64
  %old = llvm.atomicrmw add %count, %c1 monotonic : !llvm.ptr, i64
  %m = llvm.call @malloc(%size) : (i64) -> !llvm.ptr
  llvm.return %m : !llvm.ptr
}}
llvm.func internal @{FREE}(%p: !llvm.ptr) {{
  %ptrs = llvm.mlir.addressof @__exir_pool_ptrs : !llvm.ptr
  %sizes = llvm.mlir.addressof @__exir_pool_sizes : !llvm.ptr
  %null = llvm.mlir.zero : !llvm.ptr
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %c1 = llvm.mlir.constant(1 : i64) : i64
  %n = llvm.mlir.constant({POOL_SLOTS} : i64) : i64
  %is_null = llvm.icmp "eq" %p, %null : !llvm.ptr
  llvm.cond_br %is_null, ^out, ^start
^start:
  %s = llvm.call @malloc_usable_size(%p) : (!llvm.ptr) -> i64
  llvm.call @__exir_pool_lock_acquire() : () -> ()
  llvm.br ^loop(%c0 : i64)
^loop(%i: i64):
  %end = llvm.icmp "uge" %i, %n : i64
  llvm.cond_br %end, ^full, ^body
^body:
  %pp = llvm.getelementptr %ptrs[0, %i] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<{POOL_SLOTS} x ptr>
  %q = llvm.load %pp : !llvm.ptr -> !llvm.ptr
  %empty = llvm.icmp "eq" %q, %null : !llvm.ptr
  %i1 = llvm.add %i, %c1 : i64
  llvm.cond_br %empty, ^put, ^loop(%i1 : i64)
^put:
  %sp = llvm.getelementptr %sizes[0, %i] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<{POOL_SLOTS} x i64>
  llvm.store %s, %sp : i64, !llvm.ptr
  llvm.store %p, %pp : !llvm.ptr, !llvm.ptr
  llvm.call @__exir_pool_lock_release() : () -> ()
  llvm.br ^out
^full:
  llvm.call @__exir_pool_lock_release() : () -> ()
  llvm.call @free(%p) : (!llvm.ptr) -> ()
  llvm.br ^out
^out:
  llvm.return
}}
llvm.func @{MALLOC_COUNT_SYMBOL}() -> i64 {{
  %count = llvm.mlir.addressof @__exir_pool_malloc_count : !llvm.ptr
  %n = llvm.load %count atomic monotonic {{alignment = 8 : i64}} : !llvm.ptr -> i64
  llvm.return %n : i64
}}
llvm.func @{ALLOC_COUNT_SYMBOL}() -> i64 {{
  %count = llvm.mlir.addressof @__exir_pool_alloc_count : !llvm.ptr
  %n = llvm.load %count atomic monotonic {{alignment = 8 : i64}} : !llvm.ptr -> i64
  llvm.return %n : i64
}}
llvm.func @{RELEASE_SYMBOL}() {{
  %ptrs = llvm.mlir.addressof @__exir_pool_ptrs : !llvm.ptr
  %null = llvm.mlir.zero : !llvm.ptr
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %c1 = llvm.mlir.constant(1 : i64) : i64
  %n = llvm.mlir.constant({POOL_SLOTS} : i64) : i64
  llvm.call @__exir_pool_lock_acquire() : () -> ()
  llvm.br ^loop(%c0 : i64)
^loop(%i: i64):
  %end = llvm.icmp "uge" %i, %n : i64
  llvm.cond_br %end, ^out, ^body
^body:
  %pp = llvm.getelementptr %ptrs[0, %i] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<{POOL_SLOTS} x ptr>
  %q = llvm.load %pp : !llvm.ptr -> !llvm.ptr
  llvm.call @free(%q) : (!llvm.ptr) -> ()
  llvm.store %null, %pp : !llvm.ptr, !llvm.ptr
  %i1 = llvm.add %i, %c1 : i64
  llvm.br ^loop(%i1 : i64)
^out:
  llvm.call @__exir_pool_lock_release() : () -> ()
  llvm.return
}}
"""


def install_buffer_pool(module: ir.Operation) -> None:
    """Give the memref lowering's `_mlir_memref_to_llvm_alloc`/`_free` declarations their pooled
    bodies (see the module docstring). Runs on an LLVM-dialect module. The pool's exported
    functions are there even when nothing allocates (LLVM drops what is unused), so that every
    compiled module exports the same symbols."""
    body = module.regions[0].blocks[0]
    declared: dict[str, ir.Operation] = {}
    for op in body.operations:
        op = op.operation
        if op.name == "llvm.func" and len(op.regions[0].blocks) == 0:
            declared[ir.StringAttr(op.attributes["sym_name"]).value] = op
    for name in (ALLOC, FREE, "malloc", "free", "malloc_usable_size"):
        if name in declared:
            declared[name].erase()
    pool = ir.Module.parse(_POOL, context=module.context)
    point = ir.InsertionPoint(body)
    for op in list(pool.body.operations):
        point.insert(op.operation.detach_from_parent())
