"""Loaded data never becomes code: no pickle, marshal, eval or exec; SQL only with parameters.

Scans the package's syntax trees, so a new module is covered without a list to keep.
"""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "klaverjas_gui"
FORBIDDEN_MODULES = {"pickle", "cPickle", "marshal", "shelve", "dill", "yaml"}
FORBIDDEN_CALLS = {"eval", "exec", "compile", "__import__"}
SQL_METHODS = {"execute", "executemany", "executescript"}


def sources():
    files = sorted(PACKAGE.rglob("*.py"))
    assert len(files) > 20
    for path in files:
        yield path, ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def is_formatted(node: ast.AST) -> bool:
    """Text built at run time from values: an f-string, % formatting or .format()."""
    if isinstance(node, ast.JoinedStr):
        return any(isinstance(v, ast.FormattedValue) for v in node.values)
    if isinstance(node, ast.BinOp):
        return isinstance(node.op, ast.Mod) or is_formatted(node.left) or is_formatted(node.right)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        return node.func.attr == "format"
    return False


def test_no_unsafe_deserialisation_or_dynamic_code():
    problems = []
    for path, tree in sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                names = {(node.module or "").split(".")[0]}
            else:
                names = set()
            for bad in names & FORBIDDEN_MODULES:
                problems.append(f"{path.name}:{node.lineno} imports {bad}")
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in FORBIDDEN_CALLS
            ):
                problems.append(f"{path.name}:{node.lineno} calls {node.func.id}()")
    assert problems == []


def test_sql_is_never_built_from_values():
    problems = []
    sql_calls = 0
    for path, tree in sources():
        strings: dict[str, ast.AST] = {}
        for node in ast.walk(tree):  # names assigned from formatted text, e.g. sql = f"..."
            if isinstance(node, (ast.Assign, ast.AugAssign)) and is_formatted(node.value):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for t in targets:
                    if isinstance(t, ast.Name):
                        strings[t.id] = node.value
        for node in ast.walk(tree):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in SQL_METHODS
                and node.args
            ):
                continue
            sql_calls += 1
            first = node.args[0]
            if is_formatted(first) or (isinstance(first, ast.Name) and first.id in strings):
                problems.append(f"{path.name}:{node.lineno} builds SQL from values")
    assert sql_calls > 10  # the scan really looks at the history code
    assert problems == []


def test_the_scan_catches_what_it_should():
    bad = ast.parse('db.execute(f"SELECT * FROM t WHERE id = {x}")').body[0].value
    assert is_formatted(bad.args[0])
    assert is_formatted(ast.parse('"a %s" % x').body[0].value)
    assert not is_formatted(ast.parse('"SELECT * FROM t WHERE id = ?"').body[0].value)
    assert not is_formatted(ast.parse('BASE + " WHERE id = ?"').body[0].value)
