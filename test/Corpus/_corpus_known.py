"""Silent wrong answers of the corpus that are known bugs: case -> reason. test_corpus.py expects exactly these
to mismatch (a strict xfail: one that starts matching fails until it is removed here); any other mismatch fails.

A silent wrong answer is a bug, never an accepted outcome: each entry names the bug (issue 11) and the smallest
program that shows it is in docs/corpus.md.
"""

_POW = ("pow(0, 0) returns NaN instead of 1 (f32 and f64, static and dynamic): "
        "torch.pow(torch.tensor([0.]), torch.tensor([0.])) compiles to NaN")
KNOWN_MISMATCHES: dict[str, str] = {
    "opinfo:float_power|bool|0|static": _POW,
    "opinfo:float_power|bool|0|dynamic": _POW,
}
