"""The worked trick on the Num Wars rules page is what the renderer and the events print."""

from __future__ import annotations

from numrules import numwars
from tests.rendering import doc_worked_example, worked_example


def test_the_rules_page_shows_a_worked_trick() -> None:
    # The second trick of a 3-player game, seat 0's view.
    shown = worked_example(
        numwars.GAME,
        numwars.Config(players=3),
        7,
        0,
        lambda s: not s.trick and sum(s.tricks) == 1,
        lambda s: sum(s.tricks) == 2,
    )
    assert doc_worked_example("numwars") == shown
