"""Stack Attack action ids: cards, then the other seats, then rows for each decision."""

from __future__ import annotations

import pytest

from numrules import IllegalActionError, Reason
from numrules import stackattack as sa
from tests.generic.helpers import check_encoding_steps
from tests.stackattack.helpers import play, reveal, table

CONFIG = sa.Config()  # 4 players, 64 cards, 4 rows


def test_the_space_is_cards_then_other_seats_then_three_sets_of_rows() -> None:
    assert sa.num_actions(CONFIG) == 64 + 3 + 3 * 4
    assert sa.num_actions(sa.Config(players=2, rows=2, block=(14,))) == 64 + 1 + 3 * 2


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        (sa.Choose(0, sa.Card(1)), 0),
        (sa.Choose(3, sa.Card(64)), 63),
        (sa.Switch(0, 1), 64),
        (sa.Switch(0, 3), 66),
        (sa.Switch(2, 0), 64),
        (sa.Switch(2, 1), 65),
        (sa.Switch(2, 3), 66),  # the own seat is left out
        (sa.Block(1, 0), 67),
        (sa.Block(1, 3), 70),
        (sa.TakeRow(1, 0), 71),
        (sa.PlaceShield(1, 3), 78),
    ],
)
def test_the_ids_follow_the_table_of_the_reference_page(action: sa.Action, expected: int) -> None:
    assert sa.encode_action(CONFIG, action) == expected


@pytest.mark.parametrize(
    "junk",
    [
        sa.Choose(0, sa.Card(65)),
        sa.Switch(1, 1),
        sa.Switch(1, 4),
        sa.Block(0, 4),
        sa.TakeRow(0, -1),
        "0:choose 5",
    ],
)
def test_what_no_id_names_is_malformed(junk: object) -> None:
    with pytest.raises(IllegalActionError) as caught:
        sa.encode_action(CONFIG, junk)  # type: ignore[arg-type]
    assert caught.value.reason is Reason.MALFORMED


def test_a_switch_decodes_to_the_other_seats_in_order() -> None:
    state = reveal(table(["6 1", "45 2", "33 3"], ["10", "20", "30", "40"]), 6, 45, 33)
    config = state.config
    mask = sa.legal_action_mask(state, 0)
    assert [i for i, flag in enumerate(mask) if flag] == [64, 65]
    assert sa.decode_action(state, 0, 64) == sa.Switch(0, 1)
    assert sa.decode_action(state, 0, 65) == sa.Switch(0, 2)
    assert not any(sa.legal_action_mask(state, 1))
    assert sa.num_actions(config) == len(mask) == 64 + 2 + 12


def test_blocked_rows_are_out_of_the_mask() -> None:
    state = reveal(table(["14 1", "38 2", "50 3"], ["20", "25", "30", "40"]), 14, 38, 50)
    state = play(state, "0:block 3", "1:switch 0")
    base = 64 + 2 + 4  # the TakeRow ids start after the Block ids
    mask = sa.legal_action_mask(state, 1)
    assert [i for i, flag in enumerate(mask) if flag] == [base, base + 1, base + 2]
    with pytest.raises(IllegalActionError) as caught:
        sa.decode_action(state, 1, base + 3)  # row 3 is blocked
    assert caught.value.reason is Reason.BAD_TARGET


def test_an_id_no_legal_action_has_is_refused() -> None:
    state = table(["6 1", "45 2", "33 3"], ["10", "20", "30", "40"])
    assert sa.decode_action(state, 1, 44) == sa.Choose(1, sa.Card(45))
    for bad in (5, 64, -1, sa.num_actions(state.config), "0"):
        with pytest.raises(IllegalActionError) as caught:
            sa.decode_action(state, 1, bad)  # type: ignore[arg-type]
        assert caught.value.reason is Reason.BAD_TARGET


def test_masks_equal_the_legal_actions_over_thousands_of_random_steps() -> None:
    assert check_encoding_steps(sa.GAME, 3000, seed=23, max_rounds=1) == 0
