"""The `exir-mlir` command line: one entry point, one module per subcommand."""
