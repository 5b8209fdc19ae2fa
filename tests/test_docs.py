"""The code in README.md, docs/bots.md, docs/records.md, docs/rl.md, docs/scaling.md and the
Num Stop rules page runs; each shipped game's rules page states its limits and shows play."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import numrules
from numrules.core.game import BUILTIN_GAMES
from numrules.core.validation import field_bounds
from tests.rendering import doc_example, doc_worked_example

ROOT = Path(__file__).resolve().parent.parent
DOCS = [
    "README.md",
    "docs/bots.md",
    "docs/records.md",
    "docs/rl.md",
    "docs/rules/numstop.md",
    "docs/scaling.md",
]


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


@pytest.mark.parametrize("name", sorted(BUILTIN_GAMES))
def test_each_rules_page_states_the_config_bounds_the_code_enforces(name: str) -> None:
    game = numrules.get_game(name)
    assert game.rules is not None, f"{name} ships no rules page"
    page = game.rules()
    assert "### Limits" in page
    for option, (low, high) in field_bounds(game.Config).items():
        assert f"| `{option}` | {low:,}..{high:,} |" in page, (
            f"{name}: {option} bound not documented"
        )
    assert "RULINGS.md" not in page


@pytest.mark.parametrize("name", sorted(BUILTIN_GAMES))
def test_each_rules_page_shows_a_rendered_position_and_a_worked_example(name: str) -> None:
    # Each game's test_render.py checks that they are what the code prints.
    assert doc_example(name)
    assert doc_worked_example(name)


@pytest.mark.parametrize("name", sorted(BUILTIN_GAMES))
def test_each_game_with_action_ids_lists_them_on_its_rules_page(name: str) -> None:
    game = numrules.get_game(name)
    assert game.rules is not None
    page = game.rules()
    if game.num_actions is None:
        assert "### Action ids" not in page
        return
    section = page.split("### Action ids", 1)[1].split("\n### ", 1)[0]
    size = game.num_actions(game.Config())
    assert f"{size:,}" in section, f"{name}: the size of the default space is not stated"
