"""No tracked file holds a merge-conflict marker. Two conflicted lit files were once committed by a merge
whose resolution covered only the Python file it looked at; lit then failed on their parse errors, far
from the cause."""

import re
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
MARKER = re.compile(r"^(<<<<<<< |>>>>>>> |\|\|\|\|\|\|\| )", re.M)


def test_no_conflict_markers():
    files = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True).stdout
    found = []
    for name in files.decode().split("\0"):
        path = REPO / name
        if not name or not path.is_file() or path.suffix in (".json",):
            continue
        try:
            text = path.read_text()
        except UnicodeDecodeError:
            continue  # binary
        found += [f"{name}:{text.count(chr(10), 0, m.start()) + 1}" for m in MARKER.finditer(text)]
    assert not found, f"merge-conflict markers: {found}"
