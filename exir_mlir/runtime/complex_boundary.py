"""Complex program inputs and outputs <-> the real views the compiled code takes and returns.

exir_mlir.importer.complex_to_real compiles a program with complex values into one on real
tensors, where a complex tensor of shape S is its `torch.view_as_real` view of shape S + [2]
(re, im). `ComplexBoundaryProgram` calls such a program with complex inputs replaced by their real
views and turns the outputs that were complex back into complex tensors with
`torch.view_as_complex`: both are views, nothing is copied (a conjugated input is resolved first).
torch is imported inside the functions (the runtime imports no torch at module level).
"""

from __future__ import annotations

from typing import Sequence


class ComplexBoundaryProgram:
    """A CompiledProgram called with and returning complex tensors; other attributes are the program's."""

    def __init__(self, program, complex_outputs: Sequence[bool]) -> None:
        self.program = program
        self.complex_outputs = list(complex_outputs)

    def __call__(self, *args, **kwargs):
        import torch
        import torch.utils._pytree as pytree

        def real(v):
            if isinstance(v, torch.Tensor) and v.is_complex():
                return torch.view_as_real(v.resolve_conj())
            return v

        args, kwargs = pytree.tree_map(real, (args, kwargs))
        result = self.program(*args, **kwargs)
        flat, spec = pytree.tree_flatten(result)
        flat = [torch.view_as_complex(v) if i < len(self.complex_outputs) and self.complex_outputs[i] else v
                for i, v in enumerate(flat)]
        return pytree.tree_unflatten(flat, spec)

    def __getattr__(self, name):
        return getattr(self.program, name)
