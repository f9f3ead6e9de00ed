"""The stages of a compilation, named in one place: IR levels, the passes between them, the driver's steps."""

# The IR levels, in order: the importer produces "exir"; each later one is made from the one
# before by the pass pipeline named in LOWERING (docs/architecture.md).
LEVELS = ("exir", "edge", "backend", "linalg")
LOWERING = {
    "edge": "aten-to-edge",
    "backend": "edge-to-backend",
    "linalg": "to-linalg,canonicalize,cse",
}
LOWERING_WITHOUT_FUSION = {**LOWERING, "backend": "edge-to-backend{no-fusion}"}

# What `exir_mlir.compile` does, in order, each timed on its own (CompiledProgram.stage_seconds):
# ExportedProgram -> exir (importer: torch's decompositions, then the import), -> edge, -> backend,
# -> linalg (the three lowering pipelines), -> LLVM dialect (codegen: the CPU pipeline's MLIR
# passes), -> machine code (llvm: translation to LLVM IR, LLVM's O3 optimization and code
# generation on threads, one part of the functions each (codegen/machine_code.py), the link of
# the kernel library), -> callable (load: bind it).
COMPILE_STEPS = ("import", "aten-to-edge", "edge-to-backend", "to-linalg", "codegen", "llvm", "load")
# The step that makes each IR level from the one before it (lowering).
STEP_OF_LEVEL = {"edge": "aten-to-edge", "backend": "edge-to-backend", "linalg": "to-linalg"}
# Parts of some steps, timed too (CompiledProgram.stage_details[step]): the CPU pipeline's stages
# (codegen) and LLVM's phases (llvm: "optimize" is the slowest part's O3 optimization, "machine
# code" the rest of the wait for the parts; without a C compiler, where MLIR's ExecutionEngine
# JITs the module, "optimize" is translation and optimization, which it does at once).
CODEGEN_STEPS = ("fuse", "tile", "bufferize", "parallelize", "plan-arena", "outline-loops", "to-llvm")
LLVM_STEPS = ("translate", "optimize", "machine code", "link")


def format_timings(stage_seconds: dict[str, float], stage_details: dict[str, dict[str, float]] | None = None) -> str:
    """A table of a compilation's steps and their parts, in seconds (`exir-mlir compile --timings`)."""
    total = sum(stage_seconds.values())
    lines = [f"{'step':<24}{'seconds':>9}{'share':>8}"]
    for step, seconds in stage_seconds.items():
        lines.append(f"{step:<24}{seconds:>9.3f}{seconds / total if total else 0.0:>8.0%}")
        for part, part_seconds in (stage_details or {}).get(step, {}).items():
            lines.append(f"  {part:<22}{part_seconds:>9.3f}")
    lines.append(f"{'total':<24}{total:>9.3f}")
    return "\n".join(lines)
