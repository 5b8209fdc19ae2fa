"""Stack Attack rendering: golden positions, 80 columns, no hidden card, rich, the doc example.

Regenerate the golden files with NUMRULES_UPDATE_GOLDEN=1 (see tests/rendering.py).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from numrules import stackattack as sa
from numrules.core.render import PENALTY_STYLES, penalty_style
from tests.rendering import (
    check_golden,
    check_random_positions,
    check_rich,
    doc_example,
    play_until,
    played,
)

GAME = sa.GAME
DEFAULT = sa.Config()

POSITIONS: dict[str, Callable[[], tuple[sa.State, int | None]]] = {
    "start": lambda: (sa.new_game(DEFAULT, 7), 0),
    "mid_round": lambda: (played(GAME, DEFAULT, 7, 30), 1),
    "take": lambda: (play_until(GAME, DEFAULT, 7, lambda s: s.phase is sa.Phase.TAKE), 0),
    "switch": lambda: (play_until(GAME, DEFAULT, 3, lambda s: s.phase is sa.Phase.SWITCH), 2),
    "spectator": lambda: (played(GAME, DEFAULT, 7, 30), None),
    "big_table": lambda: (played(GAME, sa.Config(players=6), 5, 45), 3),
    "over": lambda: (play_until(GAME, DEFAULT, 7, sa.is_terminal), 0),
}


def view(name: str) -> sa.Observation:
    state, seat = POSITIONS[name]()
    return sa.observe(state, seat)


@pytest.mark.parametrize("name", POSITIONS)
def test_golden_positions(name: str) -> None:
    check_golden("stackattack", name, sa.render_text(view(name)))


def test_the_reference_page_shows_the_take_position() -> None:
    assert doc_example("stackattack") == str(view("take"))


def test_random_positions_fit_80_columns_hide_hidden_cards_and_render_in_rich() -> None:
    assert check_random_positions(GAME, every=17, max_steps=300, tokens=False) > 100


def test_a_spectator_sees_no_hand_and_a_seat_sees_its_own_choice() -> None:
    state = sa.apply(sa.new_game(DEFAULT, 7), sa.legal_actions(sa.new_game(DEFAULT, 7))[0])
    chooser = sa.observe(state, 0)
    assert chooser.choice is not None
    assert f"Your choice: {chooser.choice}" in str(chooser)
    assert "Your hand" not in str(sa.observe(state, None))
    assert "Your choice" not in str(sa.observe(state, 1))


def test_cards_take_the_colour_of_their_penalty_class() -> None:
    observation = view("over")
    check_rich(observation)
    layout = sa.render_layout(observation)
    spans = [span for line in layout.lines for span in line if span.card]
    assert spans
    for span in spans:
        assert span.style == penalty_style(DEFAULT.penalty(int(span.text)))
    colours = {8: "red", 5: "purple", 3: "blue", 2: "green", 1: "pink"}
    for points, colour in colours.items():
        assert penalty_style(points) == PENALTY_STYLES[points]
        assert colour in PENALTY_STYLES[points]
    assert penalty_style(4) == PENALTY_STYLES[3]
    assert penalty_style(0) == ""


def test_str_is_the_plain_rendering_and_repr_is_unchanged() -> None:
    observation = view("mid_round")
    assert str(observation) == sa.render_text(observation) == sa.render_layout(observation).text()
    assert repr(observation).startswith("Observation(seat=1, config=Config(")
