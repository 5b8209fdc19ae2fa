"""Num Bounce's report figure: rounds by the number of interrupts played in them."""

from __future__ import annotations

from collections import Counter

import numrules
from numrules import numbounce
from numrules.numbounce.figure import FIGURE


def test_the_figure_counts_each_round_by_its_interrupts() -> None:
    config = numbounce.Config(players=3)
    bots = [numrules.RandomBot(seat) for seat in range(3)]
    state = numrules.play_match(numbounce.GAME, config, bots, seed=5).final_state
    events = numbounce.events(state, None)
    kinds = Counter(type(e).__name__ for e in events)
    counted = FIGURE.count(events)
    assert sum(counted.values()) == kinds["RoundEnded"] > 0
    assert sum(int(k) * n for (_, k), n in counted.items()) == kinds["Interrupted"]
