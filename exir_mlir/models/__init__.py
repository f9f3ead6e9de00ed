"""Example models the project ships (MODELS: name -> factory of (module, example_args, dynamic_shapes))."""

# Importing the model modules registers their factories in MODELS.
from exir_mlir.models import control_flow, convnets, mlp, quantized, stateful, transformer, vision  # noqa: F401
from exir_mlir.models.registry import MODELS, ExampleModel, export_model, register_model, tolerance

__all__ = ["MODELS", "ExampleModel", "export_model", "register_model", "tolerance"]
