"""Num Stop rendering: golden positions, 80 columns, no hidden card, rich, the doc example.

Regenerate the golden files with NUMRULES_UPDATE_GOLDEN=1 (see tests/rendering.py).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from numrules import numstop as ns
from tests.rendering import (
    check_golden,
    check_random_positions,
    doc_example,
    play_until,
    played,
)

GAME = ns.GAME
DEFAULT = ns.Config()


def _peeked(state: ns.State) -> bool:
    return any(seer is not None for seer in state.peeks)


def _peeker(state: ns.State) -> int:
    return next(seer for seer in state.peeks if seer is not None)


def _flipped() -> tuple[ns.State, int | None]:
    state = play_until(GAME, DEFAULT, 2, _peeked)
    return state, _peeker(state)


def _selection() -> tuple[ns.State, int | None]:
    state = play_until(GAME, DEFAULT, 7, lambda s: len(s.selection) == 1)
    return state, state.player


POSITIONS: dict[str, Callable[[], tuple[ns.State, int | None]]] = {
    "start": lambda: (ns.new_game(DEFAULT, 7), 0),
    "mid_round": lambda: (played(GAME, DEFAULT, 7, 60), 2),
    "flipped": _flipped,
    "selection": _selection,
    "spectator": lambda: (played(GAME, DEFAULT, 7, 60), None),
    "big_table": lambda: (played(GAME, ns.Config(players=6), 5, 90), 5),
    "discovery": lambda: (played(GAME, ns.Config(mode=ns.Mode.DISCOVERY), 3, 50), 1),
    "over": lambda: (play_until(GAME, ns.Config(players=3, max_rounds=1), 7, ns.is_terminal), 0),
}


def view(name: str) -> ns.Observation:
    state, seat = POSITIONS[name]()
    return ns.observe(state, seat)


@pytest.mark.parametrize("name", POSITIONS)
def test_golden_positions(name: str) -> None:
    check_golden("numstop", name, ns.render_text(view(name)))


def test_the_reference_page_shows_the_selection_position() -> None:
    assert doc_example("numstop") == str(view("selection"))


def test_random_positions_fit_80_columns_hide_hidden_cards_and_render_in_rich() -> None:
    assert check_random_positions(GAME, every=19, max_steps=250, max_rounds=1) > 100


def test_only_the_seat_that_used_flip_sees_the_top_card() -> None:
    state, seer = _flipped()
    assert seer is not None
    top = next(stock[0] for stock, s in zip(state.stocks, state.peeks, strict=True) if s == seer)
    assert f"you saw its top: {top}" in str(ns.observe(state, seer))
    for seat in (None, *(s for s in range(state.config.players) if s != seer)):
        text = str(ns.observe(state, seat))
        assert f"seat {seer} saw its top" in text
        assert str(top) not in text.split()


def test_the_selection_in_progress_is_shown_to_everyone() -> None:
    state, seat = _selection()
    assert state.objective is not None
    for viewer in (None, seat):
        text = str(ns.observe(state, viewer))
        assert f"picks the cards for its {state.objective.value}" in text
        assert f"Picked so far: {state.selection[0]}" in text


def test_str_is_the_plain_rendering_and_repr_is_unchanged() -> None:
    observation = view("mid_round")
    assert str(observation) == ns.render_text(observation) == ns.render_layout(observation).text()
    assert repr(observation).startswith("Observation(seat=2, config=Config(")
