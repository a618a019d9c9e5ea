"""The import graph of the engine and the CLI: no cycles, and the engine never imports the CLI.

Imports are read with ``ast``, not by importing. A module-level import is an edge; an import
inside ``if TYPE_CHECKING:`` is not (it never runs), nor is one inside a function (it runs
only when called, after every module it names has finished loading). Importing ``a.b.c``
also runs ``a`` and ``a.b``, so those are edges too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from referee import games
from referee.errors import NotationError

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("referee", "cli")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def all_modules() -> dict[str, Path]:
    return {module_name(p): p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))}


def is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imported(name: str, path: Path, node: ast.Import | ast.ImportFrom,
             modules: dict[str, Path]) -> set[str]:
    """The modules of ours that running this import statement runs (itself and its parents)."""
    targets: list[str] = []
    if isinstance(node, ast.Import):
        targets = [a.name for a in node.names]
    else:
        if node.level:
            package = name if path.name == "__init__.py" else name.rpartition(".")[0]
            for _ in range(node.level - 1):
                package = package.rpartition(".")[0]
            base = ".".join(p for p in (package, node.module or "") if p)
        else:
            base = node.module or ""
        targets.append(base)
        targets += [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in modules]
    out: set[str] = set()
    for t in targets:
        parts = t.split(".")
        out |= {".".join(parts[:i]) for i in range(1, len(parts) + 1)}
    return {m for m in out if m in modules and m != name}


def statements(body: list[ast.stmt]) -> list[ast.stmt]:
    """The statements that run when the module loads: not function or class bodies' functions,
    not ``if TYPE_CHECKING:`` blocks (their ``else`` runs)."""
    out: list[ast.stmt] = []
    for s in body:
        if isinstance(s, ast.If):
            if not is_type_checking(s.test):
                out += statements(s.body)
            out += statements(s.orelse)
        elif isinstance(s, ast.Try):
            out += statements(s.body)
            for h in s.handlers:
                out += statements(h.body)
            out += statements(s.orelse) + statements(s.finalbody)
        elif isinstance(s, ast.ClassDef | ast.With):
            out += statements(s.body)
        elif not isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef):
            out.append(s)
    return out


def run_some_time(tree: ast.Module) -> list[ast.AST]:
    """Every node but those under ``if TYPE_CHECKING:`` (function bodies included)."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and is_type_checking(node.test):
            skip |= {id(n) for s in node.body for n in ast.walk(s)}
    return [n for n in ast.walk(tree) if id(n) not in skip]


def graph(modules: dict[str, Path], module_level: bool,
          lazy: bool = False) -> dict[str, set[str]]:
    """The import edges: module-level only, or with the imports inside functions (``lazy``),
    or every import statement written (neither)."""
    edges: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        nodes: list[ast.AST]
        if module_level:
            nodes = list(statements(tree.body))
        elif lazy:
            nodes = run_some_time(tree)
        else:
            nodes = list(ast.walk(tree))
        edges[name] = set()
        for node in nodes:
            if isinstance(node, ast.Import | ast.ImportFrom):
                edges[name] |= imported(name, path, node, modules)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected component with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_the_graph_sees_the_engine() -> None:
    modules = all_modules()
    edges = graph(modules, module_level=True)
    assert "referee.games.kierki.rules" in modules
    assert "referee.games.kierki.play" in edges["referee.games.kierki.rules"]
    assert "referee.games.base" in edges["referee.games.kierki.rules"]
    # an import under TYPE_CHECKING is not an edge
    assert "referee.games.kierki.rules" not in edges["referee.games.kierki.explain"]


def test_no_import_cycles() -> None:
    found = cycles(graph(all_modules(), module_level=True))
    assert found == [], f"import cycles among module-level imports: {found}"


def test_no_cycles_in_the_engine_even_through_imports_in_functions() -> None:
    """A game and its explanation (or text) do not lean on each other at run time either:
    the one below imports the one above only for type checking."""
    engine = {m: p for m, p in all_modules().items() if m.startswith("referee")}
    found = cycles(graph(engine, module_level=False, lazy=True))
    assert found == [], f"import cycles in referee/, counting imports in functions: {found}"


def test_the_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_engine_never_imports_the_cli() -> None:
    modules = all_modules()
    edges = graph(modules, module_level=False)  # lazy imports inside functions count here
    bad = {m: sorted(t for t in ts if t == "cli" or t.startswith("cli."))
           for m, ts in edges.items() if m.startswith("referee")}
    assert {m: ts for m, ts in bad.items() if ts} == {}


def test_the_registry_names_each_games_rules_module(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, (module, _cls) in games._GAMES.items():
        assert module.endswith(".rules") and games.get(name).name == name
    # a game whose package is not installed is said so, not a traceback
    monkeypatch.setitem(games._GAMES, "nosuch", ("referee.games.nosuch.rules", "Nosuch"))
    with pytest.raises(NotationError, match="not available"):
        games.get("nosuch")


def test_no_module_outside_the_games_imports_a_game() -> None:
    """A game is its folder: outside ``referee/games/`` no module imports a game's package
    (imports inside functions count), only the registry and ``GameRules``' hooks."""
    modules = all_modules()
    edges = graph(modules, module_level=False)
    shared = {"referee.games", "referee.games.base", "referee.games.keys", "referee.games.tricks"}
    bad = {m: sorted(t for t in ts if t.startswith("referee.games.") and t not in shared)
           for m, ts in edges.items() if not m.startswith("referee.games")}
    assert {m: ts for m, ts in bad.items() if ts} == {}
