"""Silent wrong answers of the corpus that are known bugs: case -> reason. test_corpus.py expects exactly these
to mismatch (a strict xfail: one that starts matching fails until it is removed here); any other mismatch fails.

A silent wrong answer is a bug, never an accepted outcome: each entry names the bug (issue 11) and the smallest
program that shows it is in docs/corpus.md.
"""

_CEIL_POOL = ("2-d pooling with ceil_mode=True and dynamic H/W reads outside its input: the last, partial window "
              "takes values from past the buffer (they change from run to run); static shapes are right "
              "(max_pool) or refused (avg_pool: 'ceil_mode with partial windows is not supported')")

KNOWN_MISMATCHES: dict[str, str] = {
    "opinfo:nn.functional.avg_pool2d|f32|1|dynamic": _CEIL_POOL,
    "opinfo:nn.functional.max_pool2d|f32|1|dynamic": _CEIL_POOL,
}
