"""pytest hooks of test/Import: prints the core-op coverage measured by test_op_coverage.py."""


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    try:
        from test_op_coverage import COVERAGE_KEY, summary_line
    except ImportError:
        return
    line = summary_line(config.stash.get(COVERAGE_KEY, {}))
    if line:
        terminalreporter.write_line(line)
