"""Convolution and pooling in every form (issue 12), compiled and compared with eager PyTorch.

Each program is exported with a dynamic batch and dynamic spatial dims where the form allows it
and run at several sizes, including sizes where a ceil_mode window is partial (the bug this file
guards: a last window that read past the input) and sizes that are not multiples of the stride.
Tolerances: f32 rtol 1e-5 / atol 1e-5 (sums of at most a few hundred products); integer exact.
"""

import warnings

import torch
import torch.nn.functional as F
from torch.export import Dim

import exir_mlir

warnings.filterwarnings("ignore", category=FutureWarning)
warnings.filterwarnings("ignore", category=UserWarning)

RTOL, ATOL = 1e-5, 1e-5
B = Dim("B", min=1, max=16)


class _Fn(torch.nn.Module):
    def __init__(self, fn, params=()):
        super().__init__()
        self.fn = fn
        self.params = torch.nn.ParameterList([torch.nn.Parameter(p, requires_grad=False) for p in params])

    def forward(self, x):
        return self.fn(x, *self.params)


def _check(fn, params, example, sizes, dynamic=None, *, dtype=torch.float32):
    """Export fn(x, *params) with `dynamic` ({dim: Dim}) on x, compile, compare at every input size."""
    torch.manual_seed(0)
    module = _Fn(fn, params).eval()

    def make(shape):
        if dtype.is_floating_point:
            return torch.randn(shape, dtype=dtype)
        return torch.randint(-50, 50, shape, dtype=dtype)

    ep = torch.export.export(module, (make(example),), dynamic_shapes=({**(dynamic or {})},) if dynamic else None)
    program = exir_mlir.compile(ep)
    for shape in [example, *sizes]:
        x = make(shape)
        expected = module(x)
        got = program(x)
        if isinstance(expected, tuple):
            for g, e in zip(got, expected):
                torch.testing.assert_close(g, e, rtol=RTOL, atol=ATOL)
        else:
            torch.testing.assert_close(got, expected, rtol=RTOL, atol=ATOL)


def _dims(*spatial_dims, lo=4, hi=40):
    d = {0: B}
    for i, k in enumerate(spatial_dims):
        d[k] = Dim(f"S{i}", min=lo, max=hi)
    return d


# -- pooling ---------------------------------------------------------------------------------------

def test_max_pool2d_ceil_mode_dynamic_reads_only_the_input():
    # k=3, s=2, p=1, ceil_mode: at odd/even H, W the last window is partial.
    _check(lambda x: F.max_pool2d(x, 3, 2, 1, ceil_mode=True), (), (2, 3, 9, 10),
           [(1, 3, 8, 7), (3, 3, 11, 12), (2, 3, 4, 5)], {0: B, 2: Dim.AUTO, 3: Dim.AUTO})


def test_avg_pool2d_ceil_mode_dynamic_divides_partial_windows_by_their_size():
    _check(lambda x: F.avg_pool2d(x, 3, 2, 1, ceil_mode=True), (), (2, 3, 9, 10),
           [(1, 3, 8, 7), (3, 3, 11, 12)], {0: B, 2: Dim.AUTO, 3: Dim.AUTO})


def test_avg_pool2d_count_include_pad_false_and_divisor_override():
    _check(lambda x: (F.avg_pool2d(x, 3, 2, 1, ceil_mode=True, count_include_pad=False),
                      F.avg_pool2d(x, 3, 2, 1, divisor_override=5)), (), (2, 3, 9, 10), [])


def test_pool1d_and_integer_avg_pool():
    _check(lambda x: F.max_pool1d(x, 3, 2, 1, ceil_mode=True), (), (2, 3, 17), [(1, 3, 17), (4, 3, 17)], {0: B})
    _check(lambda x: F.avg_pool1d(x, 4, 3, 2, ceil_mode=True, count_include_pad=False), (), (2, 3, 17), [(4, 3, 17)],
           {0: B})
    _check(lambda x: F.avg_pool1d(x, 3, 2, 1), (), (2, 3, 17), [], dtype=torch.int64)


def test_pool3d_max_avg_with_unit_output_dim():
    _check(lambda x: (F.max_pool3d(x, 2, 2, ceil_mode=True), F.avg_pool3d(x, 3, 2, 1)), (), (2, 2, 3, 6, 7), [])


def test_max_pool_with_indices_dynamic_and_unbatched():
    _check(lambda x: F.max_pool2d(x, 3, 2, 1, return_indices=True), (), (2, 3, 9, 10),
           [(1, 3, 8, 7), (3, 3, 12, 12)], {0: B, 2: Dim.AUTO, 3: Dim.AUTO})
    _check(lambda x: F.max_pool3d(x, 2, 2, return_indices=True), (), (3, 4, 6, 6), [])


def test_adaptive_pools_dynamic_sizes():
    _check(lambda x: (F.adaptive_avg_pool2d(x, (4, 3)), F.adaptive_max_pool2d(x, (3, 5), return_indices=True),
                      F.adaptive_avg_pool2d(x, 1)), (), (2, 3, 9, 10),
           [(1, 3, 8, 7), (3, 3, 13, 6)], _dims(2, 3))


def test_adaptive_pools_1d_3d():
    _check(lambda x: (F.adaptive_avg_pool1d(x, 5), F.adaptive_max_pool1d(x, 4)), (), (2, 3, 17), [(1, 3, 9)],
           _dims(2))
    _check(lambda x: F.adaptive_avg_pool3d(x, (2, 3, 2)), (), (1, 2, 5, 6, 7), [])


# -- convolution -----------------------------------------------------------------------------------

def test_conv2d_dynamic_batch_and_spatial():
    # stride 2 with odd and even sizes; the im2col path with dynamic (oh, ow).
    _check(lambda x, w, b: F.conv2d(x, w, b, stride=2, padding=1, dilation=2), (torch.randn(5, 3, 3, 3), torch.randn(5)),
           (2, 3, 9, 10), [(1, 3, 8, 7), (4, 3, 16, 11)], _dims(2, 3, lo=6))


def test_conv1d_conv3d_dilated():
    _check(lambda x, w, b: F.conv1d(x, w, b, stride=2, padding=1, dilation=2), (torch.randn(6, 4, 3), torch.randn(6)),
           (2, 4, 20), [(1, 4, 9), (3, 4, 31)], _dims(2, lo=6))
    _check(lambda x, w: F.conv3d(x, w, padding=1, stride=(1, 2, 2)), (torch.randn(3, 2, 3, 3, 3),),
           (2, 2, 5, 6, 7), [(1, 2, 5, 6, 7)], {0: B})


def test_grouped_and_depthwise():
    _check(lambda x, w1, w2, w3: (F.conv2d(x, w1, padding=1, groups=4),  # depthwise
                                  F.conv2d(x, w2, padding=1, groups=2, stride=2),  # grouped
                                  F.conv2d(x, w3, groups=4)),  # depthwise with multiplier 2
           (torch.randn(4, 1, 3, 3), torch.randn(6, 2, 3, 3), torch.randn(8, 1, 3, 3)),
           (2, 4, 9, 9), [(1, 4, 7, 12)], _dims(2, 3, lo=5))
    _check(lambda x, w1: F.conv1d(x, w1, padding=1, groups=2), (torch.randn(6, 2, 3),), (2, 4, 9), [(1, 4, 9)],
           {0: B})
    _check(lambda x, w1, w2: (F.conv3d(x, w1, groups=4), F.conv3d(x, w2, padding=1, groups=2)),
           (torch.randn(4, 1, 2, 1, 3), torch.randn(6, 2, 2, 2, 2)), (2, 4, 3, 5, 6), [])


def test_conv_transpose_1d_2d_3d():
    _check(lambda x, w, b: F.conv_transpose2d(x, w, b, stride=2, padding=1, output_padding=1),
           (torch.randn(4, 3, 3, 3), torch.randn(3)), (2, 4, 5, 6), [(1, 4, 7, 3)], _dims(2, 3, lo=2))
    _check(lambda x, w: F.conv_transpose2d(x, w, stride=2, padding=2, groups=2, dilation=2),
           (torch.randn(4, 3, 3, 3),), (2, 4, 5, 6), [])
    _check(lambda x, w: F.conv_transpose1d(x, w, stride=3, padding=4), (torch.randn(4, 3, 3),), (2, 4, 5), [(1, 4, 5)],
           {0: B})
    _check(lambda x, w: F.conv_transpose3d(x, w, stride=2, output_padding=(1, 0, 1)), (torch.randn(2, 3, 2, 2, 2),),
           (1, 2, 3, 4, 5), [])


def test_padding_same_and_padding_modes():
    _check(lambda x, w: F.conv2d(x, w, padding="same"), (torch.randn(5, 3, 4, 3),), (2, 3, 9, 10), [])
    conv = torch.nn.Conv2d(3, 4, 3, padding=1, padding_mode="circular")
    _check(lambda x, w, b: conv._conv_forward(x, w, b), (conv.weight.detach(), conv.bias.detach()), (2, 3, 8, 8), [])
    # (static: export spells reflect/replicate padding as index ops, which take no dynamic shapes yet)
    for mode in ("reflect", "replicate"):
        conv = torch.nn.Conv2d(3, 4, 3, padding=1, padding_mode=mode)
        _check(lambda x, w, b, conv=conv: conv._conv_forward(x, w, b), (conv.weight.detach(), conv.bias.detach()),
               (2, 3, 8, 8), [])


# -- vectorized N-d paths (codegen/im2col.py, codegen/window_taps.py) ------------------------------
# Sizes cross the vector tiles (8/16/32 lanes along the last output dim: 19 and 37 leave partial
# tiles) and the thread tiles; batch and spatial dims are dynamic.

def test_conv3d_pool3d_dynamic_spatial_vectorized():
    # im2col 3-d with stride, dilation and padding, and a max pool 3-d (window_taps.py), with
    # dynamic batch and spatial dims (few taps: compile time).
    _check(lambda x, w: (F.conv3d(x, w, stride=(1, 2, 1), padding=(1, 0, 2), dilation=(1, 1, 2)),
                         F.max_pool3d(x, (2, 1, 2), stride=(1, 2, 2), padding=(0, 0, 1))),
           (torch.randn(5, 4, 2, 1, 2),), (2, 4, 5, 6, 37), [(1, 4, 4, 9, 19), (3, 4, 6, 5, 40)],
           _dims(2, 3, 4, lo=4, hi=48))


def test_depthwise3d_grouped3d_avg_pool3d_vectorized():
    # 3-d depthwise (dilated) and grouped convolutions with few taps and an average pool 3-d:
    # window_taps.py.
    _check(lambda x, dw, gw: (F.conv3d(x, dw, padding=(1, 1, 2), dilation=(1, 1, 2), groups=4), F.conv3d(x, gw, padding=(0, 1, 1), groups=2),
                              F.avg_pool3d(x, 2, stride=(1, 2, 2))),
           (torch.randn(4, 1, 3, 3, 3), torch.randn(6, 2, 1, 2, 3)), (2, 4, 3, 5, 37), [(3, 4, 3, 5, 37)], {0: B})


def test_grouped_conv2d_and_transposed_3d_dynamic_vectorized():
    # grouped im2col (groups as a contraction batch dim) across the 16-wide tiles of ow, and a
    # transposed 3-d convolution (zero-inserted input, im2col) with output_padding, dynamic batch.
    _check(lambda x, w, b: F.conv2d(x, w, b, stride=(1, 2), padding=1, groups=3),
           (torch.randn(9, 2, 3, 3), torch.randn(9)), (2, 6, 7, 37), [(1, 6, 5, 19), (3, 6, 9, 40)], _dims(2, 3, lo=5))
    _check(lambda x, w, b: F.conv_transpose3d(x, w, b, stride=2, padding=1, output_padding=(1, 0, 1)),
           (torch.randn(3, 4, 2, 2, 2), torch.randn(4)), (2, 3, 3, 4, 9), [(1, 3, 3, 4, 9), (3, 3, 3, 4, 9)], {0: B})


# -- convolution fast paths of issue 13, at 1, 2 and 3 threads ------------------------------------

def _check_threads(fn, params, example, sizes, dynamic):
    """`_check` at each worker-thread count that splits the work differently (1, 2, 3)."""
    torch.manual_seed(0)
    module = _Fn(fn, params).eval()
    ep = torch.export.export(module, (torch.randn(example),), dynamic_shapes=(dynamic,))
    for threads in (1, 2, 3):
        program = exir_mlir.compile(ep, num_threads=threads)
        for shape in [example, *sizes]:
            x = torch.randn(shape)
            for got, expected in zip(program(x), module(x)):
                torch.testing.assert_close(got, expected, rtol=RTOL, atol=ATOL)


def test_conv_transpose_stride_equals_kernel_threads():
    # Stride = kernel, no padding (U-Net up-sampling): a contraction over the input channels and an
    # interleave (to_linalg/convolution.py), 1-d/2-d/3-d, with and without bias; 5 output channels
    # leave partial 4-row register blocks, 37 and 19 partial 16-wide vectors; batch and (2-d)
    # spatial dims dynamic.
    _check_threads(lambda x, w3, b3, w2, w1: (
        F.conv_transpose3d(x, w3, b3, stride=2),
        F.conv_transpose2d(x[:, :, 0], w2, stride=(2, 3)),
        F.conv_transpose1d(x[:, :, 0, 0], w1, stride=3)),
        (torch.randn(6, 5, 2, 2, 2), torch.randn(5), torch.randn(6, 5, 2, 3), torch.randn(6, 4, 3)),
        (2, 6, 3, 4, 37), [(1, 6, 2, 5, 19), (3, 6, 3, 4, 40)], _dims(2, 3, 4, lo=2, hi=48))


def test_conv3d_padded_column_threads():
    # od*oh*ow = 4*16*16 = 1024 floats (4 KiB): the im2col column rows are padded by a cache line
    # (codegen/im2col.py) and the contraction reads their first 1024 columns; 5 filters (partial
    # register blocks), dynamic batch, thread tiles of 128 columns.
    _check_threads(lambda x, w: (F.conv3d(x, w, padding=1),),
                   (torch.randn(5, 3, 3, 3, 3),), (2, 3, 4, 16, 16), [(1, 3, 4, 16, 16), (3, 3, 4, 16, 16)], {0: B})


def test_upsample_integer_factor_threads():
    # Integer factors take the gather-free form (to_linalg/upsample.py): bilinear (half-pixel
    # centers) by 2 and by (3, 2), nearest by 2; batch, H and W dynamic; W = 37 and 19 leave
    # partial 32-wide vectors, H = 2 makes every row an edge row.
    _check_threads(lambda x: (F.interpolate(x, scale_factor=2, mode="bilinear", align_corners=False),
                              F.interpolate(x, scale_factor=(3, 2), mode="bilinear"),
                              F.interpolate(x, scale_factor=2, mode="nearest")),
                   (), (2, 3, 5, 37), [(1, 3, 2, 19), (3, 3, 7, 40)], _dims(2, 3, lo=2, hi=48))


# -- im2col blocks across tile and thread boundaries ------------------------------------------------

class _TwoConvs(torch.nn.Module):
    """A 3x3 convolution and a strided, dilated, grouped one over the same 30x30 input."""

    def __init__(self):
        super().__init__()
        self.plain = torch.nn.Conv2d(8, 16, 3, padding=1)
        self.strided = torch.nn.Conv2d(8, 8, 3, stride=2, dilation=2, padding=2, groups=2, bias=False)

    def forward(self, x):
        return self.plain(x), self.strided(x)


def test_conv_column_blocks_across_tile_and_thread_boundaries():
    # im2col builds the column per block of output rows, one scf.forall task each
    # (codegen/im2col.py): with a 512 KiB L2, the plain convolution's 30 rows take blocks of 6
    # (6*30 = 180 pixels: 11 register blocks of 16 and a remainder of 4), the strided one's 15
    # rows (per group: the group is a forall dim too) blocks of 5, whose windows start at
    # row * 2 + tap * 2. Batches of 1 and 3 at 1, 2 and 3 threads split the tasks unevenly.
    # Against eager, and across thread counts (only the split changes, never a sum's order).
    torch.manual_seed(0)
    module = _TwoConvs().eval()
    ep = torch.export.export(module, (torch.randn(2, 8, 30, 30),), dynamic_shapes=({0: B},))
    xs = [torch.randn(n, 8, 30, 30) for n in (1, 3)]
    by_threads = []
    for threads in (1, 2, 3):
        program = exir_mlir.compile(ep, num_threads=threads)
        outs = [program(x) for x in xs]
        for x, got in zip(xs, outs):
            for g, e in zip(got, module(x)):
                torch.testing.assert_close(g, e, rtol=RTOL, atol=1e-4)
        by_threads.append(outs)
    for outs in by_threads[1:]:
        for got, first in zip(outs, by_threads[0]):
            for g, f in zip(got, first):
                torch.testing.assert_close(g, f, rtol=0, atol=1e-6)
    # A static batch of 1: the forall is over rows alone, one dim stepping by the block
    # (`(0) to (30) step (6)`), which the parallel stage once outlined as 30 tasks of 6 rows
    # each (writing past the output's end).
    static = exir_mlir.compile(torch.export.export(module, (xs[0],)), num_threads=3)
    for g, e in zip(static(xs[0]), module(xs[0])):
        torch.testing.assert_close(g, e, rtol=RTOL, atol=1e-4)


class _PointwiseAndSpatial(torch.nn.Module):
    """A 1x1 convolution (one 16-row image is one block for a large batch, 4 blocks of 4 rows
    for a single image) and a 3x3 one, each with a bias and a ReLU."""

    def __init__(self):
        super().__init__()
        self.pointwise = torch.nn.Conv2d(32, 128, 1)
        self.spatial = torch.nn.Conv2d(128, 16, 3, padding=1)

    def forward(self, x):
        return self.spatial(torch.relu(self.pointwise(x))).relu()


def test_conv_blocks_chosen_at_run_time_on_a_symbolic_batch():
    # With a symbolic batch, im2col builds each convolution twice: blocks that let one image make
    # two tasks per core, and a large batch's larger blocks, chosen at run time from the least
    # batch that makes the tasks by itself (codegen/im2col.py _batch_choice: 4 on 2 cores, 8 on
    # 4). Batches on both sides of that choice at 1, 2 and 3 threads, against eager and against
    # the static build of the same batch (only the blocking differs, never a sum's order).
    torch.manual_seed(0)
    module = _PointwiseAndSpatial().eval()
    ep = torch.export.export(module, (torch.randn(2, 32, 16, 16),), dynamic_shapes=({0: B},))
    batches = (1, 3, 4, 5, 9)
    xs = [torch.randn(n, 32, 16, 16) for n in batches]
    for threads in (1, 2, 3):
        program = exir_mlir.compile(ep, num_threads=threads)
        for x in xs:
            torch.testing.assert_close(program(x), module(x), rtol=RTOL, atol=1e-4)
    for x in (xs[0], xs[-1]):
        static = exir_mlir.compile(torch.export.export(module, (x,)), num_threads=2)
        torch.testing.assert_close(program(x), static(x), rtol=0, atol=1e-6)


class _ConvEpilogues(torch.nn.Module):
    """Convolutions whose one reader is elementwise: batch norm + ReLU6 (a per-channel affine and
    a clamp), batch norm + hardswish, a residual add + ReLU, and a bias with a batch-dependent
    scale (an input read along (n, f))."""

    def __init__(self):
        super().__init__()
        self.a = torch.nn.Sequential(torch.nn.Conv2d(16, 32, 1, bias=False), torch.nn.BatchNorm2d(32), torch.nn.ReLU6())
        self.b = torch.nn.Sequential(torch.nn.Conv2d(32, 32, 3, padding=1, bias=False), torch.nn.BatchNorm2d(32),
                                     torch.nn.Hardswish())
        self.c = torch.nn.Conv2d(32, 32, 1)
        for bn in (self.a[1], self.b[1]):
            bn.running_mean.uniform_(-1, 1)
            bn.running_var.uniform_(0.5, 2)

    def forward(self, x, gate):
        a = self.a(x)
        b = self.b(a)
        c = torch.relu(self.c(b) + a)
        return self.c(c) * gate[:, :, None, None]


def test_convolution_epilogues_run_in_the_blocks():
    # im2col computes the elementwise op that alone reads a convolution's result on each block of
    # output rows, inside the block's task (codegen/im2col.py _epilogue): its whole-tensor inputs
    # (the residual) take the block's slice, its per-image inputs (the gate) the block's image.
    # Batches on both sides of the run-time choice of blocks, 1-3 threads, against eager.
    torch.manual_seed(0)
    module = _ConvEpilogues().eval()
    args = (torch.randn(2, 16, 12, 12), torch.rand(2, 32))
    ep = torch.export.export(module, args, dynamic_shapes=({0: B}, {0: B}))
    cases = [(torch.randn(n, 16, 12, 12), torch.rand(n, 32)) for n in (1, 2, 5, 9)]
    with torch.no_grad():
        for threads in (1, 2, 3):
            program = exir_mlir.compile(ep, num_threads=threads)
            for x, gate in cases:
                torch.testing.assert_close(program(x, gate), module(x, gate), rtol=RTOL, atol=1e-4)


class _EpilogueIntoPadding(torch.nn.Module):
    """A convolution whose epilogue (batch norm, ReLU6, a per-image scale) is read only by a padded
    convolution: its result is the interior of the padded buffer."""

    def __init__(self):
        super().__init__()
        self.a = torch.nn.Sequential(torch.nn.Conv2d(16, 32, 1, bias=False), torch.nn.BatchNorm2d(32), torch.nn.ReLU6())
        self.d = torch.nn.Conv2d(32, 8, 3, padding=1)
        self.a[1].running_mean.uniform_(-1, 1)
        self.a[1].running_var.uniform_(0.5, 2)

    def forward(self, x, gate):
        return self.d(self.a(x) * gate[:, :, None, None])


def test_convolution_epilogue_writes_into_a_padding():
    # The epilogue then runs on the block's own dims and writes the padded buffer's interior
    # directly (im2col._into_padding), instead of in the contraction's collapsed tiles with a copy
    # of the block in and out. Static and dynamic batch (both blockings), 1-3 threads, vs eager.
    torch.manual_seed(0)
    module = _EpilogueIntoPadding().eval()
    args = (torch.randn(2, 16, 12, 12), torch.rand(2, 32))
    cases = [(torch.randn(n, 16, 12, 12), torch.rand(n, 32)) for n in (1, 2, 5, 9)]
    with torch.no_grad():
        for dynamic in (True, False):
            ep = torch.export.export(module, args, dynamic_shapes=({0: B}, {0: B}) if dynamic else None)
            for threads in (1, 2, 3):
                program = exir_mlir.compile(ep, num_threads=threads)
                for x, gate in cases if dynamic else [args]:
                    torch.testing.assert_close(program(x, gate), module(x, gate), rtol=RTOL, atol=1e-4)
