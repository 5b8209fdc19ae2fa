"""Stack Attack notation (cards and actions) and what observations show."""

from __future__ import annotations

import pytest

from numrules import NotationError
from numrules import stackattack as sa
from tests.stackattack.helpers import play, reveal, table


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (sa.Choose(0, sa.Card(55)), "0:choose 55"),
        (sa.Switch(1, 3), "1:switch 3"),
        (sa.Block(2, 0), "2:block 0"),
        (sa.TakeRow(0, 2), "0:take 2"),
        (sa.PlaceShield(3, 1), "3:shield 1"),
    ],
)
def test_every_action_has_a_notation_that_parses_back(action: sa.Action, text: str) -> None:
    assert str(action) == text
    assert sa.parse_action(text) == action
    assert sa.parse_action(f"  {text.upper()}  ") == action


@pytest.mark.parametrize(
    "text",
    ["", "0:choose", "0:choose 055", "0:choose -5", "a:choose 5", "0:fly 1", "0 choose 5", "0:"],
)
def test_malformed_action_notation_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        sa.parse_action(text)


def test_notation_functions_refuse_non_strings() -> None:
    for parse in (sa.parse_action, sa.parse_card, sa.parse_cards):
        with pytest.raises(NotationError):
            parse(55)  # type: ignore[arg-type]


def test_cards_are_their_numbers() -> None:
    assert sa.parse_card("55") == 55
    assert sa.parse_card(" 7 ") == 7
    assert str(sa.parse_card("64")) == "64"
    assert sa.parse_cards("3, 17 55") == (3, 17, 55)
    for bad in ("0", "07", "x", "5.0", "-1", ""):
        with pytest.raises(NotationError):
            sa.parse_card(bad)


def test_the_reveal_is_public_once_every_seat_has_chosen() -> None:
    state = reveal(table(["6 1", "45 2", "33 3"], ["10", "20", "30", "40"]), 6, 45, 33)
    for seat in (None, 0, 1, 2):
        seen = sa.observe(state, seat)
        assert seen.revealed == (6, 45, 33)
        assert seen.queue == (6,)
        assert seen.to_act == (0,)
        assert seen.chosen == (False, False, False)
        assert seen.choice is None
    assert sa.observe(state, None).hand == ()
    assert sa.observe(state, 1).hand == (2,)
    assert sa.hidden_cards(state, 1) >= {1, 3}
    assert not sa.hidden_cards(state, 1) & {6, 45, 33, 2}


def test_choices_stay_hidden_until_the_reveal() -> None:
    state = play(table(["12 30", "20 40"], ["10", "50", "60", "63"]), "0:choose 12")
    assert 12 in sa.hidden_cards(state, 1)
    assert 12 in sa.hidden_cards(state, None)
    assert 12 not in sa.hidden_cards(state, 0)
    assert set(state.unused) <= sa.hidden_cards(state, 0)


def test_observation_scores_add_the_banked_totals_and_this_rounds_cards() -> None:
    state = table(["9 61", "12 62"], ["2 3 4 7 8", "30", "40", "50"], banked=(10, 4))
    state = reveal(state, 9, 12)
    assert sa.observe(state, 0).scores == sa.scores(state) == (15, 4)
    assert sa.round_points(state) == (5, 0)
