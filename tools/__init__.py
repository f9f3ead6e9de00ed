"""Command-line tools of exir-mlir: the opt driver and the generators of dialect sources."""
