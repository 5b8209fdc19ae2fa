"""Num Bounce rendering: golden positions, 80 columns, no hidden card, rich, the doc example.

Regenerate the golden files with NUMRULES_UPDATE_GOLDEN=1 (see tests/rendering.py).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from numrules import numbounce as nb
from numrules.numbounce.render import interrupt_cards
from tests.rendering import (
    check_golden,
    check_random_positions,
    doc_example,
    observers,
    play_until,
    played,
    random_positions,
)

GAME = nb.GAME
DEFAULT = nb.Config()


def _taken(state: nb.State) -> bool:
    return state.phase is nb.Phase.TAKEN and state.source is nb.Pile.DRAW


def _can_interrupt(state: nb.State) -> bool:
    return bool(nb.interrupters(state) - {state.mover})


def _interrupter() -> tuple[nb.State, int | None]:
    state = play_until(GAME, DEFAULT, 4, _can_interrupt)
    return state, min(nb.interrupters(state) - {state.mover})


POSITIONS: dict[str, Callable[[], tuple[nb.State, int | None]]] = {
    "start": lambda: (nb.new_game(DEFAULT, 7), 0),
    "mid_round": lambda: (played(GAME, DEFAULT, 7, 40), 1),
    "taken": lambda: (s := play_until(GAME, DEFAULT, 7, _taken), s.mover),
    "taken_seen_by_another": lambda: (s := play_until(GAME, DEFAULT, 7, _taken), s.mover - 1),
    "shadow": lambda: (play_until(GAME, DEFAULT, 0, lambda s: s.phase is nb.Phase.SHADOW), 0),
    "interrupt": _interrupter,
    "spectator": lambda: (played(GAME, DEFAULT, 7, 40), None),
    "big_table": lambda: (played(GAME, nb.Config(players=8, hand_size=8), 5, 120), 6),
    "over": lambda: (play_until(GAME, nb.Config(players=3, rounds=1), 7, nb.is_terminal), 2),
}


def view(name: str) -> nb.Observation:
    state, seat = POSITIONS[name]()
    return nb.observe(state, seat)


@pytest.mark.parametrize("name", POSITIONS)
def test_golden_positions(name: str) -> None:
    check_golden("numbounce", name, nb.render_text(view(name)))


def test_the_reference_page_shows_the_taken_position() -> None:
    assert doc_example("numbounce") == str(view("taken"))


def test_random_positions_fit_80_columns_hide_hidden_cards_and_render_in_rich() -> None:
    assert check_random_positions(GAME, every=23, max_steps=250, rounds=1) > 100


def test_a_seat_is_told_whether_it_may_interrupt_and_nothing_of_the_others() -> None:
    told = 0
    for state in random_positions(GAME, range(1), every=7, max_steps=200, rounds=1):
        for seat in observers(state):
            observation = nb.observe(state, seat)
            text = str(observation)
            if seat is None:
                assert "may interrupt" not in text
                continue
            may = seat in nb.interrupters(state)
            assert bool(interrupt_cards(observation)) == may
            assert ("You may interrupt now with" in text) == may
            if seat != state.mover:
                assert may == (seat in observation.to_act)
            told += may
    assert told


def test_a_card_taken_from_the_draw_pile_is_shown_to_its_taker_only() -> None:
    state = play_until(GAME, DEFAULT, 7, _taken)
    assert state.taken is not None
    assert f"took {state.taken} from the draw pile" in str(nb.observe(state, state.mover))
    for seat in (None, (state.mover + 1) % state.config.players):
        assert "took a card from the draw pile" in str(nb.observe(state, seat))


def test_str_is_the_plain_rendering_and_repr_is_unchanged() -> None:
    observation = view("mid_round")
    assert str(observation) == nb.render_text(observation) == nb.render_layout(observation).text()
    assert repr(observation).startswith("Observation(seat=1, config=Config(")
