"""The code in README.md and the guides runs, and says what it prints; each shipped game has
a rules page for players and a library reference that states its limits and ids."""

from __future__ import annotations

import io
import itertools
import re
import sys
import tokenize
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

import numrules
from numrules.core.game import BUILTIN_GAMES
from numrules.core.validation import field_bounds
from tests.docpages import reference_page, rules_page, section
from tests.rendering import doc_example, doc_worked_example

ROOT = Path(__file__).resolve().parent.parent
DOCS = [
    "README.md",
    "docs/bots.md",
    "docs/quickstart.md",
    "docs/records.md",
    "docs/reference/numstop.md",
    "docs/rl.md",
    "docs/scaling.md",
]
PRINTS_SAY_WHAT_THEY_PRINT = ["docs/quickstart.md", "docs/reference/numstop.md"]
"""Pages where a comment on a `print` line is what it prints (`...` standing for the rest)."""

REFERENCE_SECTIONS = ("Action ids", "Tensors", "Events", "Limits", "Rendering", "Sampling")
"""Headings that belong to a game's library reference, never to its rules for players."""


def python_blocks(path: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", path.read_text(), flags=re.DOTALL)


@pytest.mark.parametrize("name", DOCS)
def test_the_examples_run(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    blocks = python_blocks(ROOT / name)
    assert blocks, f"{name} has no python example"
    namespace: dict[str, object] = {"__name__": "docs_example"}
    for block in blocks:
        exec(compile(block, name, "exec"), namespace)
    assert capsys.readouterr().out


def _print_comments(block: str) -> dict[int, str]:
    # The comment of each line that calls print, by line number.
    comments: dict[int, str] = {}
    tokens = list(tokenize.generate_tokens(io.StringIO(block).readline))
    printing = {
        token.start[0]
        for token, after in itertools.pairwise(tokens)
        if token.string == "print" and after.string == "("
    }
    for token in tokens:
        if token.type == tokenize.COMMENT and token.start[0] in printing:
            comments[token.start[0]] = token.string.lstrip("#").strip()
    return comments


def _says(comment: str, printed: str) -> bool:
    # The comment is the printed text, each `...` standing for any text.
    parts = [re.escape(part.strip()) for part in comment.split("...")]
    return re.fullmatch(".*?".join(parts), printed, flags=re.DOTALL) is not None


def _run_recording_prints(block: str, where: str, namespace: dict[str, Any]) -> dict[int, str]:
    # Run the block; what each of its lines printed, the calls joined by ", ".
    printed: dict[int, list[str]] = defaultdict(list)

    def record(*args: Any, sep: str | None = " ", end: str | None = "\n", **_: Any) -> None:
        caller = sys._getframe(1)
        if caller.f_code.co_filename == where:
            printed[caller.f_lineno].append((" " if sep is None else sep).join(map(str, args)))

    namespace["print"] = record
    try:
        exec(compile(block, where, "exec"), namespace)
    finally:
        del namespace["print"]
    return {line: ", ".join(texts).replace("\n", ", ") for line, texts in printed.items()}


@pytest.mark.parametrize("name", PRINTS_SAY_WHAT_THEY_PRINT)
def test_the_comments_of_prints_are_what_they_print(name: str) -> None:
    namespace: dict[str, Any] = {"__name__": "docs_example"}
    checked = 0
    for number, block in enumerate(python_blocks(ROOT / name)):
        where = f"{name} (block {number + 1})"
        printed = _run_recording_prints(block, where, namespace)
        for line, comment in _print_comments(block).items():
            assert line in printed, f"{where}, line {line}: nothing printed"
            assert _says(comment, printed[line]), (
                f"{where}, line {line}: prints {printed[line]!r}, not {comment!r}"
            )
            checked += 1
    assert checked, f"{name} has no commented print"


@pytest.mark.parametrize("name", sorted(BUILTIN_GAMES))
def test_each_rules_page_is_the_players_part_and_links_the_reference(name: str) -> None:
    game = numrules.get_game(name)
    assert game.rules is not None, f"{name} ships no rules page"
    page = game.rules()
    assert page == rules_page(name)
    assert page.startswith(f"# {game.title}\n")
    assert f"(../reference/{name}.md)" in page
    headings = re.findall(r"^#+ (.*)$", page, flags=re.MULTILINE)
    assert "Rulings" in headings
    for heading in headings:
        assert not heading.startswith(REFERENCE_SECTIONS), f"{name}: {heading!r} is reference"
    assert "numrules." not in page, f"{name}: the players' rules name a module"
    assert "RULINGS.md" not in page


@pytest.mark.parametrize("name", sorted(BUILTIN_GAMES))
def test_each_reference_page_names_its_game_and_links_the_rules_and_the_api(name: str) -> None:
    game = numrules.get_game(name)
    page = reference_page(name)
    assert page.startswith(f"# {game.title} in the library\n")
    assert f"(../rules/{name}.md)" in page
    assert f"(../api/games/{name}.md)" in page
    assert f"registry name: `{name}`" in page
    assert "RULINGS.md" not in page


@pytest.mark.parametrize("name", sorted(BUILTIN_GAMES))
def test_each_reference_page_states_the_config_bounds_the_code_enforces(name: str) -> None:
    game = numrules.get_game(name)
    limits = section(reference_page(name), "Limits")
    for option, (low, high) in field_bounds(game.Config).items():
        assert f"| `{option}` | {low:,}..{high:,} |" in limits, (
            f"{name}: {option} bound not documented"
        )
    deck = len(game.all_cards(game.Config()))
    for stated in re.findall(r"(\d[\d,]*)-card deck", limits):
        assert int(stated.replace(",", "")) == deck, f"{name}: a {stated}-card deck"


@pytest.mark.parametrize("name", sorted(BUILTIN_GAMES))
def test_each_game_shows_a_rendered_position_and_a_worked_example(name: str) -> None:
    # Each game's test_render.py and test_worked_example.py check that they are what the
    # code prints: the position on the reference page, the example on the rules page.
    assert doc_example(name)
    assert doc_worked_example(name)


@pytest.mark.parametrize("name", sorted(BUILTIN_GAMES))
def test_each_game_with_action_ids_lists_them_on_its_reference_page(name: str) -> None:
    game = numrules.get_game(name)
    page = reference_page(name)
    if game.num_actions is None:
        assert "\n## Action ids\n" not in page
        return
    ids = section(page, "Action ids")
    size = game.num_actions(game.Config())
    assert f"{size:,}" in ids, f"{name}: the size of the default space is not stated"
