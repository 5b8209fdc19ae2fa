"""The worked turn or trick on each rules page is what the renderer and the events print."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import numrules
from tests.rendering import doc_worked_example, worked_example

SA = numrules.get_game("stackattack")
NS = numrules.get_game("numstop")
NB = numrules.get_game("numbounce")
NW = numrules.get_game("numwars")

EXAMPLES: dict[str, Callable[[], str]] = {
    # Turn 1 of a 3-player game, seat 0's view.
    "stackattack": lambda: worked_example(
        SA,
        SA.Config(players=3),
        7,
        0,
        lambda s: s.turn == 1 and s.phase.name == "CHOOSE" and not any(s.played),
        lambda s: s.turn == 2,
    ),
    # Seat 1's first turn of a 2-player game.
    "numstop": lambda: worked_example(
        NS,
        NS.Config(players=2),
        7,
        1,
        lambda s: s.player == 1 and s.drawn == 0,
        lambda s: s.player != 1,
    ),
    # The first trick opened after turn 3 of a 3-player game, seat 0's view.
    "numbounce": lambda: worked_example(
        NB,
        NB.Config(players=3),
        7,
        0,
        lambda s: not s.trick and s.turn > 3,
        lambda s: not s.trick,
    ),
    # The second trick of a 3-player game, seat 0's view.
    "numwars": lambda: worked_example(
        NW,
        NW.Config(players=3),
        7,
        0,
        lambda s: not s.trick and sum(s.tricks) == 1,
        lambda s: sum(s.tricks) == 2,
    ),
}


@pytest.mark.parametrize("game", sorted(EXAMPLES))
def test_the_rules_page_shows_a_worked_example(game: str) -> None:
    assert doc_worked_example(game) == EXAMPLES[game]()
