"""pytest hooks of test/Numerics: collects the per-op outcomes and prints ops x dtypes matching eager."""

import pytest

_OUTCOMES_KEY = pytest.StashKey[list]()


@pytest.fixture(scope="session")
def numerics_outcomes(request):
    return request.config.stash.setdefault(_OUTCOMES_KEY, [])


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    outcomes = config.stash.get(_OUTCOMES_KEY, [])
    if not outcomes:
        return
    by_dtype: dict[str, list[int]] = {}
    for o in outcomes:
        counts = by_dtype.setdefault(o.dtype, [0, 0])
        counts[0] += o.result == "matches"
        counts[1] += 1
    cells = ", ".join(f"{d} {m}/{n}" for d, (m, n) in sorted(by_dtype.items()))
    total = sum(o.result == "matches" for o in outcomes)
    seconds = sum(o.seconds for o in outcomes)
    terminalreporter.write_line(
        f"op numerics: {total} of {len(outcomes)} (op, dtype) pairs run and match eager ({cells}); "
        f"{seconds:.0f} s in checks")
