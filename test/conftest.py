"""pytest configuration of the whole suite: the longest files run first.

tools/run_tests.py runs pytest-xdist with `--dist loadfile`: each file goes whole to one worker, in
collection order, as the workers free up. With the longest files first, the last files to start are
short ones, and the two workers finish close together (longest-processing-time-first scheduling);
in alphabetical order a worker could start a 90-second file while the other one had nothing left.
"""

from __future__ import annotations

# Seconds per file in the full suite at 2 workers (pytest --durations=0, on 2 cores under load),
# longest first; files not listed keep their order after these.
LONGEST_FIRST = [
    "test/Numerics/test_op_numerics.py",  # ~130
    "test/Corpus/test_corpus.py",  # ~120
    "test/Models/test_model_corpus.py",  # ~60-120, by slice
    "test/Runtime/test_arena.py",  # 92
    "test/Compile/test_decompositions_linalg.py",  # 86
    "test/Numerics/test_conv_pool.py",  # 85
    "test/Runtime/test_hoist_state.py",  # 71
    "test/Numerics/test_thread_sweep.py",  # ~70
    "test/AOT/test_cache.py",  # 70
    "test/Runtime/test_data_dependent.py",  # 46
    "test/Import/test_op_coverage.py",  # 45
    "test/GPU/test_gpu_models.py",  # 40
    "test/Compile/test_complex.py",  # 40
    "test/Compile/test_convnets.py",  # 39
    "test/Models/test_hf_static_cache.py",  # 39
    "test/Lowering/test_op_status.py",  # ~37
]


def pytest_collection_modifyitems(config, items):
    rank = {path: i for i, path in enumerate(LONGEST_FIRST)}
    # A stable sort on the file: a file's tests stay together and in their order.
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(rank)))
