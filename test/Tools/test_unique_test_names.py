"""pytest imports each test file by its basename (rootdir import mode, no __init__.py in test/), so two
test files of the same name in different folders stop the whole run with "import file mismatch" (CI
failed that way when test/Models/test_models.py joined test/Compile/test_models.py)."""

from collections import defaultdict
from pathlib import Path

TEST_ROOT = Path(__file__).resolve().parents[1]


def test_no_two_test_files_share_a_basename():
    by_name = defaultdict(list)
    for path in TEST_ROOT.rglob("test_*.py"):
        if "__pycache__" not in path.parts:
            by_name[path.name].append(str(path.relative_to(TEST_ROOT)))
    clashes = {name: paths for name, paths in by_name.items() if len(paths) > 1}
    assert not clashes, f"test files sharing a basename (pytest cannot import both): {clashes}"
