"""lit test format of exir-mlir: ShTest over .mlir/.py files, minus pytest modules and helpers.

It lives in an importable module (not in lit.cfg.py) because lit pickles the format to hand
it to its worker processes.
"""

import lit.formats


class LitFilesOnly(lit.formats.ShTest):
    """Skips `test_*.py` (pytest modules) and `_*.py` / `conftest.py` (helpers) beside lit tests."""

    def getTestsInDirectory(self, testSuite, path_in_suite, litConfig, localConfig):
        for test in super().getTestsInDirectory(testSuite, path_in_suite, litConfig, localConfig):
            name = test.path_in_suite[-1]
            if name.endswith(".py") and (name.startswith(("test_", "_")) or name == "conftest.py"):
                continue
            yield test
