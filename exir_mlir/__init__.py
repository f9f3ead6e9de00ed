"""exir-mlir: compile PyTorch torch.export programs to native code through MLIR."""
