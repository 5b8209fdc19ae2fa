"""The import graph of src/numrules: no cycles, layers that import downwards only, and the
layer map of docs/architecture.md in step with the tree.

The graph is read from the source: every `import` and `from ... import` at any depth
(inside functions too, so an import moved into a function to dodge a cycle still counts),
except under `if TYPE_CHECKING:`. Imports by name at run time (`importlib`) are not edges:
the registry loads the built-in games that way so that `import numrules` stays cheap.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator, Mapping, Set
from pathlib import Path

import pytest

import numrules

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
TOP = "numrules"
PACKAGE = SRC / TOP
ARCHITECTURE = ROOT / "docs" / "architecture.md"

Graph = Mapping[str, Set[str]]


# --- reading the graph -------------------------------------------------------------------


def modules_under(src: Path, top: str) -> dict[str, Path]:
    """Every module of the package `top` under `src`, by dotted name (a package by its own)."""
    modules = {}
    for path in sorted((src / top).rglob("*.py")):
        parts = path.relative_to(src).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join(parts)] = path
    return modules


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports_in(nodes: Iterable[ast.AST]) -> Iterator[ast.Import | ast.ImportFrom]:
    # Every import in `nodes`, at any depth, but not in the body of `if TYPE_CHECKING:`.
    for node in nodes:
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            yield from _imports_in(node.orelse)
        else:
            yield from _imports_in(ast.iter_child_nodes(node))


def _base(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    # The absolute module a `from` import reads from (relative imports resolved).
    if not node.level:
        return node.module or ""
    parts = module.split(".") if is_package else module.split(".")[:-1]
    parts = parts[: len(parts) - (node.level - 1)]
    return ".".join([*parts, node.module] if node.module else parts)


def import_graph(src: Path, top: str) -> dict[str, set[str]]:
    """Each module of `top` with the modules of `top` it imports (see the module docstring).

    `import a.b` is an edge to `a.b`; `from a import b` is one to `a.b` when that is a
    module, else to `a`.
    """
    modules = modules_under(src, top)
    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        is_package = path.name == "__init__.py"
        targets: set[str] = set()
        for node in _imports_in([ast.parse(path.read_text(encoding="utf-8"), str(path))]):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
                continue
            base = _base(module, is_package, node)
            for alias in node.names:
                named = f"{base}.{alias.name}"
                targets.add(named if named in modules else base)
        graph[module] = {t for t in targets if t == top or t.startswith(top + ".")}
        graph[module].discard(module)
    return graph


def tangles(graph: Graph) -> list[frozenset[str]]:
    """The groups of modules that import each other, directly or not (each holds a cycle).

    A package importing its own submodules is no cycle by itself; one only arises if a
    submodule imports the package back (directly or not).
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in graph:
                continue
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(frozenset(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def cycles(graph: Graph) -> list[list[str]]:
    """One cycle through each group of `tangles`, as a list of modules (first = last)."""
    return [cycle_in(graph, group) for group in tangles(graph)]


def cycle_in(graph: Graph, group: Set[str]) -> list[str]:
    """The shortest way from the group's first module back to itself, inside the group."""
    start = min(group)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for target in sorted(graph[node] & group):
                if target == start:
                    return [*paths[node], start]
                if target not in paths:
                    paths[target] = [*paths[node], target]
                    following.append(target)
        frontier = following
    raise AssertionError(f"no cycle in the strongly connected group {sorted(group)}")


def within(module: str, package: str) -> bool:
    """Whether `module` is `package` or one of its submodules, at any depth."""
    return module == package or module.startswith(package + ".")


def game_packages() -> list[str]:
    """The game packages of the tree: the packages of numrules that hold a strategy/."""
    return sorted(
        f"{TOP}.{d.name}" for d in PACKAGE.iterdir() if (d / "strategy" / "__init__.py").is_file()
    )


GRAPH = import_graph(SRC, TOP)
GAMES = game_packages()


def _offences(prefix: str, banned: str) -> list[str]:
    return [
        f"{module} imports {target}"
        for module, targets in sorted(GRAPH.items())
        if within(module, prefix)
        for target in sorted(targets)
        if within(target, banned)
    ]


# --- the graph reader on a tree made for it ----------------------------------------------


def _write(root: Path, files: Mapping[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_the_reader_sees_imports_at_any_depth_but_not_type_checking_ones(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "pkg/__init__.py": "from pkg import a\nfrom pkg.sub import c\n",
            "pkg/a.py": "def f():\n    if True:\n        from pkg.b import thing\n",
            "pkg/b.py": "from . import a\nimport os\n",
            "pkg/sub/__init__.py": "",
            "pkg/sub/c.py": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n    from pkg import a\nelse:\n    from ..sub import d\n"
            ),
            "pkg/sub/d.py": "from pkg.sub import *\nimport pkg.b\n",
        },
    )
    graph = import_graph(tmp_path, "pkg")
    assert graph == {
        "pkg": {"pkg.a", "pkg.sub.c"},
        "pkg.a": {"pkg.b"},
        "pkg.b": {"pkg.a"},
        "pkg.sub": set(),
        "pkg.sub.c": {"pkg.sub.d"},
        "pkg.sub.d": {"pkg.sub", "pkg.b"},
    }
    assert cycles(graph) == [["pkg.a", "pkg.b", "pkg.a"]]


def test_a_package_is_in_a_cycle_only_if_a_submodule_imports_it_back() -> None:
    assert cycles({"p": {"p.x", "p.y"}, "p.x": {"p.y"}, "p.y": set()}) == []
    found = cycles({"p": {"p.x"}, "p.x": {"p.y"}, "p.y": {"p"}})
    assert found == [["p", "p.x", "p.y", "p"]]


# --- the rules of the tree ---------------------------------------------------------------


def test_the_game_packages_are_the_built_in_games() -> None:
    registered = {
        ".".join(game.State.__module__.split(".")[:2])
        for game in numrules.all_games()
        if within(game.State.__module__, TOP)
    }
    assert GAMES
    assert registered == set(GAMES)


def test_no_module_imports_one_that_imports_it_back() -> None:
    unexpected = [" -> ".join(cycle_in(GRAPH, group)) for group in tangles(GRAPH)]
    assert not unexpected, "import cycles:\n" + "\n".join(unexpected)


def test_core_imports_no_game_and_no_application() -> None:
    core = f"{TOP}.core"
    offences = [o for banned in (*GAMES, f"{TOP}.apps") for o in _offences(core, banned)]
    assert not offences, "\n".join(offences)


@pytest.mark.parametrize("game", GAMES)
def test_a_game_imports_no_other_game_and_no_application(game: str) -> None:
    others = [g for g in GAMES if g != game]
    offences = [o for banned in (*others, f"{TOP}.apps") for o in _offences(game, banned)]
    assert not offences, "\n".join(offences)


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_modules_of_a_game_never_import_its_strategy(game: str) -> None:
    rules = [m for m in GRAPH if m.rpartition(".")[0] == game and m != f"{game}.strategy"]
    assert f"{game}.rules" in rules
    offences = [o for module in rules for o in _offences(module, f"{game}.strategy")]
    assert not offences, "\n".join(offences)


def test_learning_code_imports_no_game_and_no_application() -> None:
    rl = f"{TOP}.rl"
    offences = [o for banned in (*GAMES, f"{TOP}.apps") for o in _offences(rl, banned)]
    assert GRAPH[rl]
    assert not offences, "\n".join(offences)


def test_the_conformance_kit_imports_no_application() -> None:
    offences = _offences(f"{TOP}.testing", f"{TOP}.apps")
    assert GRAPH[f"{TOP}.testing"]
    assert not offences, "\n".join(offences)


# --- the layer map of docs/architecture.md -----------------------------------------------


def layer_map(text: str) -> dict[str, str]:
    """The code block of the "Layers" section: each path in it (`numrules/core/game.py`,
    `numrules/core/`) with its description (the rest of its first line)."""
    section = text.split("\n## Layers\n", 1)[1].split("\n## ", 1)[0]
    match = re.search(r"^```\n(.*?)^```$", section, re.DOTALL | re.MULTILINE)
    assert match, 'no code block in the "Layers" section'
    entries: dict[str, str] = {}
    parents: list[str] = []  # the directories holding the line being read
    child_indent = 0  # where an entry below the last directory starts
    for line in match.group(1).splitlines():
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip(" "))
        if indent > child_indent:
            continue  # the rest of the description above
        assert indent % 2 == 0, f"misaligned line in the layer map: {line!r}"
        name, _, description = line.strip().partition(" ")
        parents = parents[: indent // 2]
        path = "".join(parents) + name
        assert path not in entries, f"{path} appears twice in the layer map"
        entries[path] = description.strip()
        if name.endswith("/"):
            parents.append(name)
            child_indent = indent + 2
        else:
            child_indent = indent
    return entries


MAP = layer_map(ARCHITECTURE.read_text(encoding="utf-8"))


def _example_games() -> list[str]:
    return [g for g in GAMES if f"{g.replace('.', '/')}/" in MAP]


def test_the_layer_map_shows_one_game_package_as_its_example() -> None:
    assert len(_example_games()) == 1, sorted(MAP)


def test_the_layer_map_describes_every_module_of_core_apps_and_the_example_game() -> None:
    folders = [PACKAGE / x for x in ("core", "testing", "rl", "apps")]
    folders += [SRC.joinpath(*game.split(".")) for game in _example_games()]
    files = sorted(path for folder in folders for path in folder.rglob("*.py"))
    shown = {path: MAP.get(path.relative_to(SRC).as_posix()) for path in files}
    missing = [str(path.relative_to(SRC)) for path, description in shown.items() if not description]
    assert files
    assert not missing, (
        'docs/architecture.md\'s "Layers" map lacks (or leaves undescribed): ' + ", ".join(missing)
    )


def test_every_name_in_the_layer_map_exists() -> None:
    assert f"{TOP}/" in MAP
    absent = [name for name in MAP if not (SRC / name).exists()]
    folders = [name for name in MAP if name.endswith("/") and not (SRC / name).is_dir()]
    assert not absent, f"the layer map names what the tree lacks: {absent}"
    assert not folders, f"the layer map shows as folders what are not: {folders}"
