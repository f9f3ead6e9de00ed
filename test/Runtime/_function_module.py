"""torch.export takes only `nn.Module`s: `FunctionModule(fn)` is one whose forward calls `fn`.

Its forward takes `*args`, so `dynamic_shapes` for it is a one-element tuple holding one entry per
argument: `dynamic_shapes=(({0: batch}, None),)`.
"""

import torch


class FunctionModule(torch.nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, *args):
        return self.fn(*args)
