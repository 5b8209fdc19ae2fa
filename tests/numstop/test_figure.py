"""Num Stop's report figure: turns and busted turns, by turn of the round."""

from __future__ import annotations

from collections import Counter

import numrules
from numrules import numstop
from numrules.numstop.figure import FIGURE, MAX_TURN


def test_the_figure_counts_every_turn_and_every_bust() -> None:
    config = numstop.Config(players=2, max_rounds=2)
    bots = [numrules.RandomBot(seat) for seat in range(2)]
    state = numrules.play_match(numstop.GAME, config, bots, seed=5).final_state
    events = numstop.events(state, None)
    kinds = Counter(type(e).__name__ for e in events)
    counted = FIGURE.count(events)
    turns = sum(n for (what, _), n in counted.items() if what == "turns")
    busts = sum(n for (what, _), n in counted.items() if what == "busts")
    assert turns == kinds["Busted"] + kinds["Stopped"] > 0
    assert busts == kinds["Busted"]
    assert max(int(k) for _, k in counted) <= MAX_TURN
