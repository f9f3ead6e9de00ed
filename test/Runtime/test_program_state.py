"""The state a compiled program binds (exir_mlir.compiler.program_state): the ExportedProgram's own
parameters and constants, not copies (a compile, and a cache hit, copies no weights); a copy of
each buffer the program mutates, so that its updates never write into the user's ExportedProgram."""

import torch

import exir_mlir


class Counter(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.randn(4))
        self.register_buffer("count", torch.zeros(4))
        self.register_buffer("scale", torch.full((4,), 2.0))  # read, never written

    def forward(self, x):
        self.count.add_(1)
        return x * self.weight * self.scale + self.count


def test_state_shares_what_the_program_only_reads_and_copies_what_it_mutates():
    torch.manual_seed(0)
    ep = torch.export.export(Counter(), (torch.randn(4),))
    program = exir_mlir.compile(ep)
    state = program.state
    assert state["weight"].data_ptr() == ep.state_dict["weight"].data_ptr()
    assert state["scale"].data_ptr() == ep.state_dict["scale"].data_ptr()
    assert state["count"].data_ptr() != ep.state_dict["count"].data_ptr()
    x = torch.randn(4)
    reference = Counter()
    reference.load_state_dict(ep.state_dict)
    for _ in range(2):
        torch.testing.assert_close(program(x), reference(x))
    assert torch.equal(ep.state_dict["count"], torch.zeros(4)), "the program's update reached the user's program"
