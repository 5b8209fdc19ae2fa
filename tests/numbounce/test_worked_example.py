"""The worked trick on the Num Bounce rules page is what the renderer and the events print."""

from __future__ import annotations

from numrules import numbounce
from tests.rendering import doc_worked_example, worked_example


def test_the_rules_page_shows_a_worked_trick() -> None:
    # The first trick opened after turn 3 of a 3-player game, seat 0's view.
    shown = worked_example(
        numbounce.GAME,
        numbounce.Config(players=3),
        7,
        0,
        lambda s: not s.trick and s.turn > 3,
        lambda s: not s.trick,
    )
    assert doc_worked_example("numbounce") == shown
