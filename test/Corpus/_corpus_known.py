"""Silent wrong answers of the corpus that are known bugs: case -> reason. test_corpus.py expects exactly these
to mismatch (a strict xfail: one that starts matching fails until it is removed here); any other mismatch fails.

A silent wrong answer is a bug, never an accepted outcome: each entry names the bug (issue 11) and the smallest
program that shows it is in docs/corpus.md.
"""

KNOWN_MISMATCHES: dict[str, str] = {
}
