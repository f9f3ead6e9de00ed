"""Error classes: what the user did wrong versus what went wrong inside exir-mlir."""


class ExirError(Exception):
    """Base class of every error exir-mlir raises on purpose."""


class ExirUserError(ExirError):
    """Bad input (unsupported op, dtype or shape, malformed file): the message says what to do."""


class ExirInternalError(ExirError):
    """A bug in exir-mlir: a stage produced IR that the next one cannot accept."""


class ToolchainError(ExirUserError):
    """A tool or library of the MLIR/LLVM toolchain is missing: the message names the package."""
