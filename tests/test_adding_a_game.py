"""The "Adding a game" guide of docs/architecture.md says what the code does.

Its `Game(...)` block names every field of `Game` and nothing else, its protocol table
lists the members of each protocol, its entry point is the plug-in's, and its kit call
runs: on the High Card plug-in it passes.
"""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path
from typing import Any

import attrs
import pytest

from numrules.core import game as core_game
from numrules.core.game import ENTRY_POINT_GROUP, Game
from numrules.testing.protocols import QUICK_ACTIONS
from tests.plugged import PLUGIN, Tracker, highcard, public_part, registered

ROOT = Path(__file__).resolve().parents[1]


def guide() -> str:
    """The "Adding a game" section of docs/architecture.md."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    start = text.index("\n## Adding a game\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


def blocks(language: str) -> list[str]:
    """The guide's fenced code blocks in `language`, without their indentation."""
    found = re.findall(rf"^( *)```{language}\n(.*?)^\1```", guide(), re.MULTILINE | re.DOTALL)
    return ["\n".join(line[len(indent) :] for line in body.splitlines()) for indent, body in found]


def the_block(language: str, needle: str) -> str:
    (block,) = [block for block in blocks(language) if needle in block]
    return block


def test_the_game_block_names_every_field_of_game_and_only_them() -> None:
    tree = ast.parse(the_block("python", "GAME = Game("))
    (call,) = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Game"
    ]
    named = [keyword.arg for keyword in call.keywords]
    fields = [field.name for field in attrs.fields(Game)]
    assert named == fields  # every field, in the order Game declares them
    # The optional ones come last, after the "# optional" line, with their defaults.
    required = [field.name for field in attrs.fields(Game) if field.default is attrs.NOTHING]
    head = the_block("python", "GAME = Game(").split("# optional")[0]
    assert [name for name in named if f"\n    {name}=" in head] == required


def test_the_optional_fields_shown_have_their_defaults() -> None:
    optional = the_block("python", "GAME = Game(").split("# optional", 1)[1]
    shown = dict(re.findall(r"^    (\w+)=(.+?),(?:  #.*)?$", optional, re.MULTILINE))
    defaults = {field.name: field.default for field in attrs.fields(Game)}
    assert set(shown) == {
        name for name, default in defaults.items() if default is not attrs.NOTHING
    }
    for name, text in shown.items():
        default: Any = defaults[name]
        if type(default).__name__ == "Factory":  # attrs.Factory(...), built for each game
            if default.takes_self:  # legal_actions_for, built from the game's legal_actions
                assert text == "seat_actions(legal_actions)"
            else:
                assert ast.literal_eval(text) == default.factory()
        elif callable(default):
            assert text == default.__name__, name
        else:
            assert ast.literal_eval(text) == default, name


def protocol_rows() -> dict[str, set[str]]:
    rows = re.findall(r"^ *\| `(\w+)` \| [^|]+ \| ([^|]+) \|$", guide(), re.MULTILINE)
    return {name: set(re.findall(r"`(\w+)`", members)) for name, members in rows}


@pytest.mark.parametrize("name", ["GameConfig", "GameState", "GameObservation", "Action"])
def test_the_protocol_table_lists_each_protocols_members(name: str) -> None:
    protocol = getattr(core_game, name)
    members = {key for key, value in vars(protocol).items() if isinstance(value, property)}
    assert protocol_rows()[name] == members


def test_the_entry_point_shown_is_the_plugins() -> None:
    shown = tomllib.loads(the_block("toml", "entry-points"))
    declared = tomllib.loads((PLUGIN / "pyproject.toml").read_text(encoding="utf-8"))
    assert shown["project"]["entry-points"] == declared["project"]["entry-points"]
    assert list(shown["project"]["entry-points"]) == [ENTRY_POINT_GROUP]


def test_the_kit_call_shown_runs_on_the_plugin() -> None:
    tree = ast.parse(the_block("python", "check_game("))
    call = tree.body[-1]
    assert isinstance(call, ast.Expr)
    # The call as it is shown, its result kept: the number of random games it checked.
    kept = ast.Assign([ast.Name("played", ast.Store())], call.value)
    tree.body[-1] = ast.copy_location(kept, call)
    namespace: dict[str, Any] = {
        "GAME": highcard.GAME,
        "Tracker": Tracker,
        "public_part": public_part,
    }
    with registered():
        exec(compile(ast.fix_missing_locations(tree), "architecture.md", "exec"), namespace)
    players = highcard.GAME.max_players - highcard.GAME.min_players + 1
    assert namespace["played"] == 3 * players  # three games of each player count


def test_the_contract_table_gives_the_kits_bound_on_a_quick_game() -> None:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    (bound,) = re.findall(r"over within ([\d,]+) random actions", text)
    assert int(bound.replace(",", "")) == QUICK_ACTIONS
