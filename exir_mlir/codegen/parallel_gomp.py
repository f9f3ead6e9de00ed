"""`scf.forall` on buffers -> outlined loop bodies run by libgomp's `GOMP_parallel`.

Why not MLIR's async runtime: torch runs its own ops on GNU OpenMP (torch/lib/libgomp.so.1); a
second pool of spinning workers fights it for the cores whenever eager ops and compiled calls
alternate, `libmlir_async_runtime.so` needs libMLIR/libLLVM (no ahead-of-time library could carry
it), and its `async-parallel-for` miscompiles multi-dimensional loops (linearize_forall.py).
`GOMP_parallel(fn, data, nthreads, flags)` runs `fn(data)` on the calling thread and nthreads - 1
workers of the same pool torch uses (0: the pool's current size, which `torch.set_num_threads`
sets), and returns when all are done.

Two steps, because packing a loop's live-in values into one pointer is simple only once every
value is an LLVM scalar:

1. `outline_foralls` (memref level): each outermost forall becomes
   `func.call @__exir_parallel_body_N(%lo, %hi, %work, live-ins...)`, a private function running
   `scf.for %i = %lo to %hi` over the body (multi-dimensional foralls are linearized first);
   `%work` is the op's work at run time where its sizes are dynamic (parallel_work.py), else
   strategy.PARALLEL_MIN_WORK, and only the launch reads it.
2. `dispatch_with_gomp` (LLVM dialect, after every conversion): each call of a body function is
   retargeted to `@__exir_parallel_launch_N`, with the same arguments, which stores them in a
   stack struct and calls `GOMP_parallel(@__exir_parallel_task_N, struct, nthreads, 0)`; each
   task loads them and runs the body on its contiguous chunk of [lo, hi). A loop of one
   iteration, or one thread, calls the body directly; so does the loop of an op of dynamic sizes
   whose work at run time is below strategy.PARALLEL_MIN_WORK (the static plan of such an op has
   no parallel loop).

A body may take a thread slot (an argument marked THREAD_SLOT_ARGUMENT, added by arena.py: which
slice of its caller's scratch buffer its temporaries are in). Its caller passes the team size
there (the number of slices); the launch asks GOMP_parallel for exactly that many threads (a team
never has more than it asks for, so every thread number is a slice) and each task passes its
thread number instead, the direct call 0.
"""

from __future__ import annotations

from exir_mlir._mlir import arith, func, ir, scf
from exir_mlir.codegen.linearize_forall import linearize
from exir_mlir.codegen.op_walk import values_defined_inside
from exir_mlir.codegen.parallel_work import take_work_hint
from exir_mlir.codegen.strategy import PARALLEL_MIN_WORK

BODY_PREFIX = "__exir_parallel_body_"
# On the module between parallelize and exir-cpu-to-llvm: the thread count the launches ask for
# (0: the pool's size).
THREADS_ATTR = "exir.parallel_threads"
# On a body's argument (arena.py): its caller passes the team size, each task its thread number.
THREAD_SLOT_ARGUMENT = "exir.thread_slot"
LAUNCH_PREFIX = "__exir_parallel_launch_"
TASK_PREFIX = "__exir_parallel_task_"
# Live-ins made by these ops are rebuilt inside the body instead of passed (constant folding).
_REMATERIALIZED = ("arith.constant", "ub.poison", "llvm.mlir.constant")


def _outermost_foralls(func_op: ir.Operation) -> list[ir.OpView]:
    found: list[ir.OpView] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name == "scf.forall":
            found.append(op.opview)
            return ir.WalkResult.SKIP
        return ir.WalkResult.ADVANCE

    func_op.walk(visit, ir.WalkOrder.PRE_ORDER)
    return found


def _live_ins(forall: ir.Operation) -> list[ir.Value]:
    """Values used inside `forall` and defined outside it, in first-use order."""
    defined = values_defined_inside(forall)
    used: list[ir.Value] = []
    seen: set[ir.Value] = set()

    def collect(op: ir.Operation) -> ir.WalkResult:
        if op != forall:
            for value in op.operands:
                if value not in defined and value not in seen:
                    seen.add(value)
                    used.append(value)
        return ir.WalkResult.ADVANCE

    forall.walk(collect, ir.WalkOrder.PRE_ORDER)
    return used


def _is_rematerialized(value: ir.Value) -> bool:
    owner = value.owner
    return isinstance(owner, (ir.Operation, ir.OpView)) and owner.name in _REMATERIALIZED


def _module_block(module: ir.Module | ir.Operation) -> ir.Block:
    return module.body if isinstance(module, ir.Module) else module.regions[0].blocks[0]


def _unit_range(forall: ir.OpView) -> bool:
    op = forall.operation
    return (not list(forall.dynamicLowerBound) and not list(forall.dynamicStep)
            and list(ir.DenseI64ArrayAttr(op.attributes["staticLowerBound"])) == [0]
            and list(ir.DenseI64ArrayAttr(op.attributes["staticStep"])) == [1])


def _outline(forall: ir.OpView, name: str, module_block: ir.Block) -> None:
    op = forall.operation
    if forall.rank != 1 or not _unit_range(forall):
        # The outlined body runs its chunk [lo, hi) with step 1 from 0: a forall that starts
        # elsewhere or steps by more (im2col's blocks of rows, `(0) to (28) step (7)`) is
        # linearized first (its iv becomes lb + i * step). Outlined as it was, its 4 tasks ran
        # as 28, each writing 7 rows: past the end of the output.
        forall = linearize(forall)
        op = forall.operation
    ub = list(forall.dynamicUpperBound)
    static_ub = ir.DenseI64ArrayAttr(op.attributes["staticUpperBound"])[0]
    live_ins = _live_ins(op)
    passed = [v for v in live_ins if not _is_rematerialized(v)]
    index = ir.IndexType.get()
    with ir.InsertionPoint(module_block), op.location:
        body_func = func.FuncOp(name, ([index, index, index, *[v.type for v in passed]], []), visibility="private")
        # Called from its launch (one chunk) and its task (one per thread): inlined into both,
        # LLVM would generate its machine code three times (compile time, not run time: a call
        # per chunk).
        body_func.operation.attributes["passthrough"] = ir.ArrayAttr.get([ir.StringAttr.get("noinline")])
        entry = body_func.add_entry_block()
    mapping: dict[ir.Value, ir.Value] = dict(zip(passed, list(entry.arguments)[3:]))
    with ir.InsertionPoint(entry), op.location:
        for value in live_ins:
            if value not in mapping:
                clone = value.owner.clone()
                mapping[value] = clone.results[0]
        one = arith.constant(index, 1)
        loop = scf.ForOp(entry.arguments[0], entry.arguments[1], one)
        with ir.InsertionPoint(loop.body):
            loop_yield = scf.YieldOp([])
        func.ReturnOp([])
    forall.body.arguments[0].replace_all_uses_with(loop.induction_variable)
    for inner in list(forall.body.operations):
        if inner.operation.name != "scf.forall.in_parallel":
            inner.operation.move_before(loop_yield)

    def remap(inner: ir.Operation) -> ir.WalkResult:
        for i, value in enumerate(inner.operands):
            if value in mapping:
                inner.operands[i] = mapping[value]
        return ir.WalkResult.ADVANCE

    loop.operation.walk(remap)
    work = take_work_hint(op)
    with ir.InsertionPoint(op), op.location:
        lo = arith.constant(index, 0)
        hi = ub[0] if ub else arith.constant(index, static_ub)
        # The op's work at run time (an op of dynamic sizes) or, unknown, enough to run in parallel.
        if work is None:
            work = arith.constant(index, PARALLEL_MIN_WORK)
        func.CallOp([], ir.FlatSymbolRefAttr.get(name), [lo, hi, work, *passed])
    op.erase()


def outline_foralls(module: ir.Module | ir.Operation) -> int:
    """Step 1: every outermost `scf.forall` (on buffers) -> a call of an outlined loop body."""
    block = _module_block(module)
    count = 0
    for func_op in list(block.operations):
        if func_op.operation.name != "func.func":
            continue
        for forall in _outermost_foralls(func_op.operation):
            if len(forall.operation.results):
                raise ValueError("outline_foralls runs after bufferization: this scf.forall has shared_outs")
            _outline(forall, f"{BODY_PREFIX}{count}", block)
            count += 1
    return count


def _launch_and_task(n: int, arg_types: list[str], num_threads: int, slot: int | None = None) -> str:
    """LLVM-dialect text of the launch and task functions of body `n` (arguments: lo, hi, work,
    live-ins; `slot`: the position of its thread slot argument, if it has one)."""
    struct = f"!llvm.struct<({', '.join(arg_types)})>"
    params = ", ".join(f"%a{i}: {t}" for i, t in enumerate(arg_types))
    # The task calls the body on its own chunk: (start, stop) then the work and the live-ins, fields 2..
    # of the struct (its thread number in place of the slot).
    chunk_args = ", ".join(["%start", "%stop", *("%tid" if i == slot else f"%f{i}" for i in range(2, len(arg_types)))])
    direct_args = ", ".join("%zero" if i == slot else f"%a{i}" for i in range(len(arg_types)))
    zero = "\n    %zero = llvm.mlir.constant(0 : i64) : i64" if slot is not None else ""
    threads = (f"%threads = llvm.trunc %a{slot} : i64 to i32" if slot is not None
               else f"%threads = llvm.mlir.constant({num_threads} : i32) : i32")
    signature = f"({', '.join(arg_types)}) -> ()"
    inserts = []
    previous = "%undef"
    for i, t in enumerate(arg_types):
        inserts.append(f"    %s{i} = llvm.insertvalue %a{i}, {previous}[{i}] : {struct}")
        previous = f"%s{i}"
    extracts = [f"    %f{i} = llvm.extractvalue %packed[{i}] : {struct}" for i in range(len(arg_types))]
    inserts_text = "\n".join(inserts)
    extracts_text = "\n".join(extracts)
    return f"""
  llvm.func @{LAUNCH_PREFIX}{n}({params}) {{
    %one = llvm.mlir.constant(1 : i64) : i64
    %span = llvm.sub %a1, %a0 : i64
    %single = llvm.icmp "sle" %span, %one : i64
    %min_work = llvm.mlir.constant({PARALLEL_MIN_WORK} : i64) : i64
    %small = llvm.icmp "ult" %a2, %min_work : i64
    %direct = llvm.or %single, %small : i1
    llvm.cond_br %direct, ^direct, ^parallel
  ^direct:{zero}
    llvm.call @{BODY_PREFIX}{n}({direct_args}) : {signature}
    llvm.return
  ^parallel:
    %ctx = llvm.alloca %one x {struct} : (i64) -> !llvm.ptr
    %undef = llvm.mlir.undef : {struct}
{inserts_text}
    llvm.store {previous}, %ctx : {struct}, !llvm.ptr
    %task = llvm.mlir.addressof @{TASK_PREFIX}{n} : !llvm.ptr
    {threads}
    %flags = llvm.mlir.constant(0 : i32) : i32
    llvm.call @GOMP_parallel(%task, %ctx, %threads, %flags) : (!llvm.ptr, !llvm.ptr, i32, i32) -> ()
    llvm.return
  }}
  llvm.func @{TASK_PREFIX}{n}(%ctx: !llvm.ptr) {{
    %packed = llvm.load %ctx : !llvm.ptr -> {struct}
{extracts_text}
    %tid32 = llvm.call @omp_get_thread_num() : () -> i32
    %nt32 = llvm.call @omp_get_num_threads() : () -> i32
    %tid = llvm.sext %tid32 : i32 to i64
    %nt = llvm.sext %nt32 : i32 to i64
    %one = llvm.mlir.constant(1 : i64) : i64
    %span = llvm.sub %f1, %f0 : i64
    %spanm1 = llvm.add %span, %nt : i64
    %spanr = llvm.sub %spanm1, %one : i64
    %chunk = llvm.sdiv %spanr, %nt : i64
    %offset = llvm.mul %tid, %chunk : i64
    %start = llvm.add %f0, %offset : i64
    %stop0 = llvm.add %start, %chunk : i64
    %over = llvm.icmp "sgt" %stop0, %f1 : i64
    %stop = llvm.select %over, %f1, %stop0 : i1, i64
    %work = llvm.icmp "slt" %start, %stop : i64
    llvm.cond_br %work, ^run, ^done
  ^run:
    llvm.call @{BODY_PREFIX}{n}({chunk_args}) : {signature}
    llvm.br ^done
  ^done:
    llvm.return
  }}
"""


_RUNTIME_DECLARATIONS = {
    "GOMP_parallel": "llvm.func @GOMP_parallel(!llvm.ptr, !llvm.ptr, i32, i32)",
    "omp_get_thread_num": "llvm.func @omp_get_thread_num() -> i32",
    "omp_get_num_threads": "llvm.func @omp_get_num_threads() -> i32",
}


def _thread_slot(body: ir.Operation) -> int | None:
    """The position of the body's THREAD_SLOT_ARGUMENT (an i64 by now), if it has one."""
    if "arg_attrs" not in body.attributes:
        return None
    for i, attrs in enumerate(ir.ArrayAttr(body.attributes["arg_attrs"])):
        if THREAD_SLOT_ARGUMENT in ir.DictAttr(attrs):
            return i
    return None


def dispatch_with_gomp(module: ir.Module | ir.Operation, *, num_threads: int = 0) -> int:
    """Step 2 (LLVM dialect): calls of outlined bodies -> `GOMP_parallel` launches. Returns how many."""
    block = _module_block(module)
    bodies: dict[str, ir.Operation] = {}
    declared: set[str] = set()
    for op in block.operations:
        if op.operation.name == "llvm.func":
            name = ir.StringAttr(op.operation.attributes["sym_name"]).value
            declared.add(name)
            if name.startswith(BODY_PREFIX):
                bodies[name] = op.operation
    if not bodies:
        return 0
    texts = [text for name, text in _RUNTIME_DECLARATIONS.items() if name not in declared]
    for name, op in bodies.items():
        arg_types = [str(arg.type) for arg in op.regions[0].blocks[0].arguments]
        texts.append(_launch_and_task(int(name[len(BODY_PREFIX):]), arg_types, num_threads, _thread_slot(op)))
        # Parsed on its own, the generated text needs the body declared; the module has it defined.
        texts.append(f"llvm.func @{name}({', '.join(arg_types)})")
    extra = ir.Module.parse("module {\n" + "\n".join(texts) + "\n}", context=block.owner.context)
    for op in list(extra.body.operations):
        if ir.StringAttr(op.operation.attributes["sym_name"]).value in bodies:
            continue
        op.operation.move_after(block.operations[len(block.operations) - 1])

    # Calls of a body outside the generated launch/task functions now call its launch, in the
    # functions that can call a body: not the bodies (only the functions outline_foralls started
    # from hold calls of them) nor the generated ones. Walking every op of a large module (the
    # bodies are most of it) took a fifth of the LLVM-lowering stage.
    callers = [op.operation for op in block.operations
               if op.operation.name == "llvm.func" and len(op.operation.regions[0].blocks)
               and not ir.StringAttr(op.operation.attributes["sym_name"]).value.startswith(
                   (LAUNCH_PREFIX, TASK_PREFIX, BODY_PREFIX))]

    def retarget(op: ir.Operation) -> ir.WalkResult:
        if op.name == "llvm.call" and "callee" in op.attributes:
            callee = ir.FlatSymbolRefAttr(op.attributes["callee"]).value
            if callee in bodies:
                op.attributes["callee"] = ir.FlatSymbolRefAttr.get(LAUNCH_PREFIX + callee[len(BODY_PREFIX):])
        return ir.WalkResult.ADVANCE

    for caller in callers:
        caller.walk(retarget)
    return len(bodies)
