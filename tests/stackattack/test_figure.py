"""Stack Attack's report figure: turns and rows taken, by turn of the round."""

from __future__ import annotations

from collections import Counter

import numrules
from numrules import stackattack
from numrules.stackattack.figure import FIGURE


def test_the_figure_counts_every_turn_and_every_row_taken() -> None:
    config = stackattack.Config(players=2)
    bots = [numrules.RandomBot(seat) for seat in range(2)]
    state = numrules.play_match(stackattack.GAME, config, bots, seed=5).final_state
    events = stackattack.events(state, None)
    kinds = Counter(type(e).__name__ for e in events)
    counted = FIGURE.count(events)
    assert counted["turns", 1] == kinds["Dealt"]
    assert sum(n for (what, _), n in counted.items() if what == "turns") == kinds["Revealed"]
    assert sum(n for (what, _), n in counted.items() if what == "rows") == kinds["RowTaken"]
