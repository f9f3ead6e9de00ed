"""tools/mutation_check.py's mutation list still applies to the current code: every mutation's `old`
text occurs in its file exactly once (nth == 0) or at least nth times (nth: the 1-based occurrence
it replaces). A lowering edit that touches a mutated line fails here at once, not on the next slow
full mutation run. Reads files only (milliseconds)."""

import importlib.util
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def _load():
    spec = importlib.util.spec_from_file_location("mutation_check", REPO / "tools" / "mutation_check.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # dataclasses look their module up
    spec.loader.exec_module(mod)
    return mod


MC = _load()


def test_ids_unique():
    ids = [m.id for m in MC.MUTATIONS]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("m", MC.MUTATIONS, ids=lambda m: m.id)
def test_mutation_applies(m):
    text = (REPO / m.path).read_text()
    count = text.count(m.old)
    if m.nth == 0:
        assert count == 1, f"{m.id}: `{m.old}` occurs {count} times in {m.path} (must be once)"
    else:
        assert count >= m.nth, f"{m.id}: `{m.old}` occurs {count} times in {m.path}, nth={m.nth}"
    assert m.new != m.old
    for f in m.lit:
        assert (REPO / f).exists(), f"{m.id}: lit file {f} is gone"
    for args in m.pytest:
        assert (REPO / args[0]).exists(), f"{m.id}: test file {args[0]} is gone"
