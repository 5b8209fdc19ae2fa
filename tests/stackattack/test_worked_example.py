"""The worked turn on the Stack Attack rules page is what the renderer and the events print."""

from __future__ import annotations

from numrules import stackattack
from tests.rendering import doc_worked_example, worked_example


def test_the_rules_page_shows_a_worked_turn() -> None:
    # Turn 1 of a 3-player game, seat 0's view.
    shown = worked_example(
        stackattack.GAME,
        stackattack.Config(players=3),
        7,
        0,
        lambda s: s.turn == 1 and s.phase.name == "CHOOSE" and not any(s.played),
        lambda s: s.turn == 2,
    )
    assert doc_worked_example("stackattack") == shown
