"""The worked turn on the Num Stop rules page is what the renderer and the events print."""

from __future__ import annotations

from numrules import numstop
from tests.rendering import doc_worked_example, worked_example


def test_the_rules_page_shows_a_worked_turn() -> None:
    # Seat 1's first turn of a 2-player game.
    shown = worked_example(
        numstop.GAME,
        numstop.Config(players=2),
        7,
        1,
        lambda s: s.player == 1 and s.drawn == 0,
        lambda s: s.player != 1,
    )
    assert doc_worked_example("numstop") == shown
