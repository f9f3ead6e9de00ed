"""test/conftest.py's longest-first order names test files that exist, once each (a renamed file would
silently fall back to the alphabetical order), and the collection puts them first, each file's tests
together."""

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _longest_first():
    import importlib.util

    spec = importlib.util.spec_from_file_location("_suite_conftest", REPO / "test" / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_longest_first_names_existing_files_once():
    listed = _longest_first().LONGEST_FIRST
    assert len(set(listed)) == len(listed)
    missing = [p for p in listed if not (REPO / p).is_file()]
    assert not missing, f"test/conftest.py lists files that do not exist: {missing}"


def test_the_order_is_longest_first_and_keeps_files_together():
    conftest = _longest_first()

    class Item:
        def __init__(self, nodeid):
            self.nodeid = nodeid

    names = ["test/A/test_a.py::x", "test/A/test_a.py::y", conftest.LONGEST_FIRST[1] + "::p",
             "test/B/test_b.py::z", conftest.LONGEST_FIRST[0] + "::q", conftest.LONGEST_FIRST[1] + "::r"]
    items = [Item(n) for n in names]
    conftest.pytest_collection_modifyitems(None, items)
    assert [i.nodeid for i in items] == [names[4], names[2], names[5], names[0], names[1], names[3]]
