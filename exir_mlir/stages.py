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
# ExportedProgram -> exir (importer), -> linalg (lowering), -> LLVM dialect (codegen),
# -> callable native code (runtime: JIT and bind).
COMPILE_STEPS = ("import", "lower", "codegen", "load")
