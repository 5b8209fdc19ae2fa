"""docs/rl.md's table of sizes is what the code gives."""

from __future__ import annotations

import re
from pathlib import Path

from numrules import game_names, get_game
from numrules.rl.arrays import learning_game
from numrules.rl.sequential import Sequential

RL_DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def _number(text: str) -> int:
    return int(text.replace(",", ""))


def test_the_size_table_gives_every_game_s_ids_and_tensor_lengths_at_four_players() -> None:
    text = RL_DOC.read_text(encoding="utf-8")
    rows = {
        m.group(1): m.groups()[1:]
        for m in re.finditer(
            r"^\| (\w+) \| ([\d,]+)( \+ 1)? \| ([\d,]+) \| ([\d,]+) \|$", text, re.MULTILINE
        )
    }
    assert sorted(rows) == sorted(game_names())
    for name, (ids, plus, observation, information) in rows.items():
        rl = learning_game(get_game(name))
        config = rl.game.Config(players=4)
        assert _number(ids) == rl.num_actions(config), name
        assert bool(plus) == Sequential.of(rl).has_pass, name
        assert _number(observation) == rl.observation_layout(config).size, name
        assert _number(information) == rl.information_state_layout(config).size, name
