"""Num Wars rendering: golden positions, 80 columns, no hidden card, rich, the doc example.

Regenerate the golden files with NUMRULES_UPDATE_GOLDEN=1 (see tests/rendering.py).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from numrules import numwars as nw
from numrules.numwars.event_types import ROLE_NAMES
from tests.rendering import (
    check_golden,
    check_random_positions,
    doc_example,
    play_until,
    played,
)

GAME = nw.GAME
DEFAULT = nw.Config()


def _stolen(state: nw.State) -> bool:
    return None in state.trick


POSITIONS: dict[str, Callable[[], tuple[nw.State, int | None]]] = {
    "start": lambda: (nw.new_game(DEFAULT, 7), 0),
    "mid_round": lambda: (played(GAME, DEFAULT, 7, 37), 2),
    "steal": lambda: (play_until(GAME, DEFAULT, 7, _stolen), 1),
    "bomb_resolved": lambda: (play_until(GAME, DEFAULT, 7, lambda s: s.bomb is not None), 3),
    "second_round": lambda: (play_until(GAME, DEFAULT, 7, lambda s: s.round == 1), 0),
    "spectator": lambda: (played(GAME, DEFAULT, 7, 37), None),
    "big_table": lambda: (played(GAME, nw.Config(players=8), 5, 60), 7),
    "over": lambda: (play_until(GAME, nw.Config(players=3), 7, nw.is_terminal), 1),
}


def view(name: str) -> nw.Observation:
    state, seat = POSITIONS[name]()
    return nw.observe(state, seat)


@pytest.mark.parametrize("name", POSITIONS)
def test_golden_positions(name: str) -> None:
    check_golden("numwars", name, nw.render_text(view(name)))


def test_the_reference_page_shows_the_steal_position() -> None:
    assert doc_example("numwars") == str(view("steal"))


def test_random_positions_fit_80_columns_hide_hidden_cards_and_render_in_rich() -> None:
    assert check_random_positions(GAME, every=19, max_steps=250, rounds=2) > 100


def test_a_seat_sees_its_own_role_only_and_a_spectator_no_role() -> None:
    state = nw.new_game(DEFAULT, 7)
    roles = nw.roles(state)
    for seat in range(DEFAULT.players):
        assert f"Your role: {ROLE_NAMES[roles[seat]]}." in str(nw.observe(state, seat))
    assert "Your role" not in str(nw.observe(state, None))
    assert "Your hand" not in str(nw.observe(state, None))


def test_the_hand_is_grouped_by_suit() -> None:
    observation = view("start")
    lines = str(observation).split("\n")
    groups = lines[lines.index("Your hand (20 cards), by suit:") + 1 :]
    for line in groups:
        name, *cards = line.split()
        suits = {nw.suit_of(nw.parse_card(card)) for card in cards}
        expected = None if name == "specials" else nw.Suit[name.upper().removesuffix("S")]
        assert suits == {expected}


def test_str_is_the_plain_rendering_and_repr_is_unchanged() -> None:
    observation = view("mid_round")
    assert str(observation) == nw.render_text(observation) == nw.render_layout(observation).text()
    assert repr(observation).startswith("Observation(seat=2, config=Config(")
