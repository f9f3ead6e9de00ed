"""The generated dialect files are fresh, and every op's documented IR example verifies."""

import re

import pytest

from exir_mlir._mlir import ir
from exir_mlir.dialects import DIALECTS, generated_dir, load_dialects, op_table, verify_module


def test_generated_files_are_fresh():
    from exir_mlir.tools import gen_dialects

    stale = gen_dialects.stale_files(gen_dialects.generate_all(), generated_dir())
    assert not stale, f"stale generated files {stale}: run `{gen_dialects.COMMAND}`"


def test_exir_has_an_op_per_core_aten_overload():
    import torch

    from exir_mlir import schema
    from exir_mlir.tools.gen_exir_ods import core_overloads

    core = {schema.aten_overload_text(op) for op in core_overloads() if torch.Tag.core in op.tags}
    assert len(core) == 193  # torch 2.13
    in_dialect = set(schema.exir_ops_with_aten_overload().values())
    assert core <= in_dialect, sorted(core - in_dialect)


# ----------------------------------------------------------------------------------------------
# Documented examples: each ```mlir block of an op description, with the values it uses but
# does not define turned into function arguments, must parse and pass verify_module.
# ----------------------------------------------------------------------------------------------


def _split_top(text: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += ch in "<([{"
        depth -= ch in ">)]}"
        if ch == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    last = text[start:].strip()
    return parts + ([last] if last else [])


def _matching(text: str, start: int, open_ch: str, close_ch: str) -> int:
    depth = 0
    for i in range(start, len(text)):
        depth += text[i] == open_ch
        depth -= text[i] == close_ch
        if depth == 0:
            return i
    raise ValueError(f"unbalanced {open_ch}{close_ch} in {text!r}")


def _free_values(example: str) -> dict[str, str]:
    """SSA names used by generic-form ops in `example` but not defined there -> their types."""
    defined = set(re.findall(r"(%[\w.]+)(?::\d+)?\s*=", example))
    for block in re.findall(r"\^bb\d+\(([^)]*)\)", example):
        defined |= set(re.findall(r"(%[\w.]+)\s*:", block))
    free: dict[str, str] = {}
    for m in re.finditer(r'"[\w.]+"\(', example):
        close = _matching(example, m.end() - 1, "(", ")")
        names = [n for n in _split_top(example[m.end():close]) if n]
        rest = close + 1
        if example[rest:].lstrip().startswith("({"):  # regions
            rest = _matching(example, example.index("(", rest), "(", ")") + 1
        while example[rest].isspace():
            rest += 1
        if example[rest] == "{":  # attribute dictionary
            rest = _matching(example, rest, "{", "}") + 1
        sig = re.compile(r"\s*:\s*\(").match(example, rest)
        if not sig:
            continue
        types = _split_top(example[sig.end():_matching(example, sig.end() - 1, "(", ")")])
        for name, type_ in zip(names, types):
            if name.split("#")[0] not in defined:
                free.setdefault(name, type_)
    return free


def _examples():
    for dialect in DIALECTS:
        for op in op_table()["dialects"][dialect]["ops"]:
            for block in re.findall(r"```mlir\n(.*?)```", op["description"], re.S):
                yield pytest.param(dialect, op["name"], block, id=f"{dialect}.{op['name']}")


@pytest.mark.parametrize("dialect,name,example", list(_examples()))
def test_documented_example_verifies(dialect, name, example):
    if "func.func" in example or "module" in example:
        text = example
    else:
        free = _free_values(example)
        args = ", ".join(f"{n}: {t}" for n, t in free.items())
        text = f"func.func @example({args}) {{\n{example}\n  return\n}}"
    with ir.Context() as ctx, ir.Location.unknown():
        load_dialects(ctx)
        try:
            module = ir.Module.parse(text)
        except ir.MLIRError as e:
            pytest.fail(f"{dialect}.{name}: the example in its description does not parse/verify:\n{text}\n{e}")
        errors = verify_module(module, emit=False)
        assert not errors, f"{dialect}.{name}: {[m for _, m in errors]}\n{text}"
    assert f'"{dialect}.{name}"' in text


def test_examples_cover_every_op():
    missing = [f"{d}.{op['name']}" for d in DIALECTS for op in op_table()["dialects"][d]["ops"]
               if "```mlir" not in op["description"]]
    assert not missing, f"ops without an IR example in their description: {missing}"
