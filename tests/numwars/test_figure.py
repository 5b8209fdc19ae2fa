"""Num Wars' report figure: rounds by what became of the Bomb."""

from __future__ import annotations

import numrules
from numrules import numwars
from numrules.numwars.event_types import RoundScored
from numrules.numwars.figure import FIGURE


def test_the_figure_counts_each_round_once_by_its_bomb_outcome() -> None:
    config = numwars.Config(players=3)
    bots = [numrules.RandomBot(seat) for seat in range(3)]
    state = numrules.play_match(numwars.GAME, config, bots, seed=5).final_state
    events = numwars.events(state, None)
    counted = FIGURE.count(events)
    assert sum(counted.values()) == config.rounds
    outcomes = [e.result.outcome.value for e in events if isinstance(e, RoundScored)]
    assert dict(counted) == {
        ("bomb", outcome): outcomes.count(outcome) for outcome in set(outcomes)
    }
