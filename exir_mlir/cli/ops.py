"""`exir-mlir ops`: list the ops of the exir, edge and backend dialects from the generated op table."""

from __future__ import annotations

import json
import sys

from exir_mlir.errors import ExirUserError


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "ops", help="list the ops of the exir, edge and backend dialects (operands, attributes, results)"
    )
    p.add_argument("name", nargs="?", default=None,
                   help="show only ops whose name or ATen overload contains this text (e.g. 'add', 'aten::mm')")
    p.add_argument("--dialect", choices=("exir", "edge", "backend"), action="append",
                   help="only this dialect (repeatable; default: all three)")
    p.add_argument("--json", action="store_true", help="print the op descriptions as JSON")
    p.set_defaults(func=run)


def _selected(table: dict, dialects: list[str], name: str | None) -> list[dict]:
    ops = []
    for dialect in dialects:
        for op in table["dialects"][dialect]["ops"]:
            full = f"{dialect}.{op['name']}"
            if name and name not in full and name not in (op.get("aten") or "") and name not in (op.get("target") or ""):
                continue
            ops.append({"dialect": dialect, "op": full, **{k: v for k, v in op.items() if k != "name"}})
    return ops


def _value_text(value: dict) -> str:
    marker = {"optional": "?", "variadic": "*"}.get(value["variadicity"], "")
    extra = ""
    if value.get("element_types") and " " not in value["constraint"]:  # a summary already says them
        extra += f" elements {'|'.join(value['element_types'])}"
    if value.get("ranks") is not None:
        extra += f" rank {'|'.join(map(str, value['ranks']))}"
    return f"{value['name']}{marker}: {value['constraint']}{extra}"


def _print_text(ops: list[dict]) -> None:
    for op in ops:
        origin = op.get("aten") or op.get("target")
        print(op["op"] + (f"  [{origin}]" if origin else ""))
        print(f"  summary:    {op['summary']}")
        if op["operands"]:
            print(f"  operands:   {', '.join(_value_text(v) for v in op['operands'])}")
        if op["attributes"]:
            attrs = ", ".join(f"{a['name']}{'?' if a['optional'] else ''}: {a['kind']}" for a in op["attributes"])
            print(f"  attributes: {attrs}")
        if op["results"]:
            print(f"  results:    {', '.join(_value_text(v) for v in op['results'])}")
        if op["regions"]:
            print(f"  regions:    {', '.join(r['name'] for r in op['regions'])}")
        if op["traits"]:
            traits = ", ".join(t["name"] + (f"<{', '.join(t['values'])}>" if t.get("values") else "") for t in op["traits"])
            print(f"  traits:     {traits}")
    print(f"{len(ops)} ops  ('?' optional, '*' variadic)")


def run(args) -> int:
    try:
        return _run(args)
    except BrokenPipeError:  # `exir-mlir ops | head`: the reader left, nothing is wrong
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _run(args) -> int:
    from exir_mlir.dialects import DIALECTS, op_table

    dialects = args.dialect or list(DIALECTS)
    ops = _selected(op_table(), dialects, args.name)
    if not ops:
        raise ExirUserError(f"no op of {', '.join(dialects)} matches {args.name!r}; run `exir-mlir ops` for all")
    if args.json:
        json.dump(ops, sys.stdout, indent=1)
        print()
    else:
        if not args.name:
            for dialect in dialects:
                for t in op_table()["dialects"][dialect]["types"]:
                    print(f"!{dialect}.{t['name']}  (type)\n  summary:    {t['summary']}")
        _print_text(ops)
    return 0
