"""Fixed games must stay the same game: a speed change must not change the rules.

Each entry of pinned_games.json is a game played from a fixed seed, once by a seeded
uniform pick over `legal_actions` and once through `play_match` with RandomBots, with
the digests of everything seen on the way (see tests/generic/pinned.py). A change to
the order of `legal_actions`, to a rule, to an observation or to the JSON of a state
changes a digest. When a rule is changed on purpose, regenerate the file with
`python -m tests.generic.pinned` and say why in the commit.
"""

from __future__ import annotations

from typing import Any

import pytest

from numrules.core.game import BUILTIN_GAMES
from tests.generic.pinned import DATA, NO_OPTIONS, digests, setup


def _id(entry: dict[str, Any]) -> str:
    options = "".join(f"-{k}={v}" for k, v in entry.get("options", NO_OPTIONS).items())
    return f"{entry['game']}{options}-{entry['players']}p"


def test_every_built_in_game_is_pinned_with_rules_it_accepts() -> None:
    assert {entry["game"] for entry in DATA} == set(BUILTIN_GAMES)
    for entry in DATA:
        game, config = setup(entry["game"], entry["players"], entry.get("options", NO_OPTIONS))
        assert isinstance(config, game.Config)
        assert config.players == entry["players"]


@pytest.mark.parametrize("entry", DATA, ids=[_id(e) for e in DATA])
def test_a_fixed_game_is_played_the_same(entry: dict[str, Any]) -> None:
    assert digests(entry) == {"loop": entry["loop"], "match": entry["match"]}
