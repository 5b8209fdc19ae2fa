"""Fixed games must stay the same game: a speed change must not change the rules.

Each entry of pinned_games.json is a game played from a fixed seed, once by a seeded
uniform pick over `legal_actions` and once through `play_match` with RandomBots, with
the digests of everything seen on the way (see tests/generic/pinned.py). A change to
the order of `legal_actions`, to a rule, to an observation or to the JSON of a state
changes a digest. When a rule is changed on purpose, regenerate the file with
`python -m tests.generic.pinned > tests/generic/pinned_games.json` and say why in the
commit.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.generic.pinned import ENTRIES, loop_digest, match_digest

DATA: list[dict[str, Any]] = json.loads((Path(__file__).parent / "pinned_games.json").read_text())


def test_the_data_lists_every_entry() -> None:
    assert [(e["game"], e["players"], e["seed"]) for e in DATA] == list(ENTRIES)


@pytest.mark.parametrize("entry", DATA, ids=[f"{e['game']}-{e['players']}p" for e in DATA])
def test_a_fixed_game_is_played_the_same(entry: dict[str, Any]) -> None:
    args = (entry["game"], entry["players"], entry["seed"])
    assert loop_digest(*args) == entry["loop"]
    assert match_digest(*args) == entry["match"]
