"""The registry is the only list of the games: no file lists them by hand.

A game is added by one package and one registry line (or an entry point); everything
else finds the games through `numrules.game_names()` / `numrules.all_games()`. This test
looks for the built-in games' names close together (within `WINDOW` lines) anywhere in
the sources, tests, benchmarks and docs, outside the registry and prose that introduces
the games.
"""

from __future__ import annotations

import re
from pathlib import Path

import numrules
from numrules.core.game import BUILTIN_GAMES

ROOT = Path(__file__).resolve().parents[1]

WINDOW = 8
"""Lines within which all the names count as a list."""

ALLOWED = {
    "src/numrules/core/game.py": "the registry itself",
    "src/numrules/__init__.py": "the package docstring introduces the games",
    "README.md": "the introduction and the games table, checked against the registry below",
    "docs/index.md": "the introduction and the rules pages, checked against the registry below",
    "docs/performance.md": "measurements: tables of figures, a row per game measured",
    "tests/rl/test_openspiel.py": "a small config of each game per kind of chance, checked to "
    "cover the registry",
    "tests/server/pages.py": "the moves the page offers as buttons, per game; checked to cover "
    "the registry",
    "docs/rl.md": "sizes and speeds: a row per game, the sizes checked by tests/rl/test_rl_docs.py",
}
"""Files where the names may stand together, and why."""


def _files() -> list[Path]:
    found = [ROOT / "README.md"]
    for folder, pattern in (("src", "*.py"), ("tests", "*.py"), ("benchmarks", "*.py")):
        found += sorted((ROOT / folder).rglob(pattern))
    found += sorted((ROOT / "docs").rglob("*.md"))
    found += sorted((ROOT / "src").rglob("*.html"))
    return found


def _lists(text: str, names: tuple[str, ...]) -> list[int]:
    # The first line numbers of windows that name every game.
    lines = text.lower().split("\n")
    hits = []
    for start in range(len(lines)):
        window = "\n".join(lines[start : start + WINDOW])
        if all(re.search(rf"\b{name}\b", window) for name in names):
            hits.append(start + 1)
            break
    return hits


def test_no_file_lists_the_games_by_hand() -> None:
    names = tuple(sorted(BUILTIN_GAMES))
    offenders = []
    for path in _files():
        relative = path.relative_to(ROOT).as_posix()
        if relative in ALLOWED or relative.startswith("tests/test_registry_lists"):
            continue
        for line in _lists(path.read_text(encoding="utf-8"), names):
            offenders.append(f"{relative}:{line}")
    assert not offenders, f"the games are listed by hand in: {offenders}"


def test_the_readme_and_the_docs_index_name_every_game_of_the_registry() -> None:
    readme = (ROOT / "README.md").read_text()
    index = (ROOT / "docs" / "index.md").read_text()
    for game in numrules.all_games():
        if game.name not in BUILTIN_GAMES:
            continue
        assert f"docs/rules/{game.name}.md" in readme, game.name
        assert f"rules/{game.name}.md" in index, game.name
        assert game.title in readme, game.name
        assert game.title in index, game.name
