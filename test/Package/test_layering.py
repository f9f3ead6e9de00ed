"""The import rules of docs/architecture.md, checked on the source text: layers import downward
only, no import cycles, the runtime loads without torch or MLIR, and the lowering's op families
are the same words in lowering/<pass>/ and test/Lowering/<Pass>/."""

import ast
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FOLDER_OF = {"exir_mlir": "exir_mlir", "exir_mlir.lowering": "lowering", "exir_mlir.dialects": "dialects",
             "exir_mlir.tools": "tools"}

# package -> packages it must never import (at module level or in a function)
FORBIDDEN = {
    "exir_mlir.dialects": ("exir_mlir.lowering", "exir_mlir.codegen", "exir_mlir.runtime", "exir_mlir.compiler",
                           "exir_mlir.importer", "exir_mlir.cli", "exir_mlir.tools"),
    "exir_mlir.lowering": ("exir_mlir.codegen", "exir_mlir.runtime", "exir_mlir.compiler", "exir_mlir.importer",
                           "exir_mlir.cli"),
    "exir_mlir.codegen": ("exir_mlir.runtime", "exir_mlir.lowering", "exir_mlir.compiler", "exir_mlir.importer",
                          "exir_mlir.cli"),
    "exir_mlir.runtime": ("exir_mlir.dialects", "exir_mlir.lowering", "exir_mlir.codegen", "exir_mlir.compiler",
                          "exir_mlir.importer", "exir_mlir.cli", "exir_mlir.passes"),
    "exir_mlir.importer": ("exir_mlir.codegen", "exir_mlir.runtime", "exir_mlir.compiler", "exir_mlir.cli"),
}
PASSES = {"aten_to_edge": "AtenToEdge", "edge_to_backend": "EdgeToBackend", "to_linalg": "ToLinalg"}


def _modules() -> dict[str, Path]:
    out = {}
    for package, folder in FOLDER_OF.items():
        for path in (REPO / folder).rglob("*.py"):
            rel = path.relative_to(REPO / folder)
            if "generated" in rel.parts or (package == "exir_mlir" and rel.parts[0] in FOLDER_OF.values()):
                continue
            parts = [package, *rel.with_suffix("").parts]
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


MODULES = _modules()


def _imports(name: str, path: Path) -> list[tuple[str, bool]]:
    """(imported module, at module level) for every import in the file."""
    tree = ast.parse(path.read_text())
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    top = {id(node) for node in tree.body}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, id(node) in top) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join(anchor + ([node.module] if node.module else []))
            for alias in node.names:  # `from pkg import module` imports the module
                full = f"{base}.{alias.name}"
                found.append((full if full in MODULES else base, id(node) in top))
    return found


def _under(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_layers_import_downward_only():
    wrong = []
    for name, path in MODULES.items():
        for package, forbidden in FORBIDDEN.items():
            if _under(name, package):
                wrong += [f"{name} imports {m}" for m, _ in _imports(name, path)
                          if any(_under(m, f) for f in forbidden)]
    assert not wrong, wrong


def test_a_pass_never_reaches_into_a_sibling_pass():
    wrong = []
    for name, path in MODULES.items():
        for p in PASSES:
            if _under(name, f"exir_mlir.lowering.{p}"):
                wrong += [f"{name} imports {m}" for m, _ in _imports(name, path)
                          if any(_under(m, f"exir_mlir.lowering.{q}") for q in PASSES if q != p)]
    assert not wrong, wrong


def test_no_import_cycles_at_module_level():
    graph = {name: {m for m, top in _imports(name, path) if top and m in MODULES and m != name}
             for name, path in MODULES.items()}
    # a package's __init__ importing its own modules is how packages re-export: not a cycle
    for name, deps in graph.items():
        deps -= {d for d in deps if _under(name, d) and d != name and MODULES[d].name == "__init__.py"}
    state: dict[str, int] = {}
    cycles = []

    def visit(node, stack):
        state[node] = 1
        for dep in sorted(graph[node]):
            if state.get(dep) == 1:
                cycles.append(" -> ".join(stack[stack.index(dep):] + [dep]))
            elif dep not in state:
                visit(dep, stack + [dep])
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert not cycles, cycles


def test_runtime_loads_without_torch_or_mlir():
    code = ("import sys, exir_mlir.runtime; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('torch', 'mlir') or m == 'exir_mlir._mlir'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_op_families_are_the_same_words_in_source_and_tests():
    for package, tests in PASSES.items():
        families = set()
        for path in (REPO / "lowering" / package).glob("*.py"):
            tree = ast.parse(path.read_text())
            for node in tree.body:
                if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "FAMILY" for t in node.targets):
                    assert node.value.value == path.stem, f"{path}: FAMILY must be {path.stem!r}"
                    families.add(path.stem)
        test_files = {p.stem for p in (REPO / "test" / "Lowering" / tests).iterdir() if p.suffix in (".mlir", ".py")}
        assert families, package
        missing = families - test_files
        assert not missing, f"lowering/{package} families without a test/Lowering/{tests}/<family>.mlir: {missing}"
