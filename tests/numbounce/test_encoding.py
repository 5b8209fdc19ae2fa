"""Num Bounce action ids: the table of docs/reference/numbounce.md, INFINITY copies, masks."""

from __future__ import annotations

import pytest

from numrules import IllegalActionError, Reason
from numrules import numbounce as nb
from numrules.core.cards import Family, FamilyCard, Special, SpecialCard
from numrules.numbounce import encoding
from tests.generic.helpers import check_encoding_steps
from tests.numbounce.helpers import table

CONFIG = nb.Config()


def ident(text: str) -> int:
    """The id of an action written in notation."""
    return nb.encode_action(CONFIG, nb.parse_action(text))


def test_the_space_is_the_same_5400_ids_for_every_config() -> None:
    assert nb.num_actions(nb.Config()) == 5400
    assert nb.num_actions(nb.Config(players=8, hand_size=13, rounds=1)) == 5400
    assert nb.GAME.num_actions is nb.num_actions
    assert encoding.NUM_ACTIONS == 5400


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("0:numx", 0),
        ("0:take draw", 1),
        ("0:take discard", 2),
        ("0:keep", 3),
        ("0:discard", 4),
        ("0:pass", 5),
        ("0:decline", 6),
        ("0:interrupt RB0", 7),
        ("0:interrupt SH0", 8),
        ("0:interrupt RB16", 7 + 32),
        ("0:interrupt SH16", 40),
        ("0:play R0", 41),
        ("0:play R0 INF1", 42),
        ("0:play R0 INF1 INF2 INF3 INF4", 45),
        ("0:play B0", 41 + 5),  # BLUE is bit 2: family set 2, (2 - 1) * 5
        ("0:play R0 B0", 41 + 2 * 5),
        ("0:play R0 B0 G0 Y0 RB0 SH0", 41 + 62 * 5),
        ("0:play R1", 41 + 63 * 5),
        ("0:play SH16 INF1 INF2 INF3 INF4", 41 + (16 * 63 + 31) * 5 + 4),
        ("0:play R16 B16 G16 Y16 RB16 SH16 INF1 INF2 INF3 INF4", 5395),
        ("0:play INF1", 5396),
        ("0:play INF1 INF2 INF3 INF4", 5399),
    ],
)
def test_the_ids_follow_the_table_of_the_reference_page(text: str, expected: int) -> None:
    assert ident(text) == expected


def test_the_seat_is_not_part_of_the_id() -> None:
    assert ident("0:play R7 RB7") == ident("3:play R7 RB7")


def test_plays_differing_only_in_their_infinity_copies_share_an_id() -> None:
    assert ident("0:play R7 INF1") == ident("0:play R7 INF4")
    assert ident("0:play INF1 INF3") == ident("0:play INF2 INF4")
    assert ident("0:play R7 INF1") != ident("0:play R7 INF1 INF2")
    assert ident("0:play R7 INF1") != ident("0:play B7 INF1")


def test_decoding_an_infinity_play_picks_the_lowest_copies() -> None:
    state = table(["R7 INF2 INF3 INF4 G1", "Y3"], trick="B5 G5", author=1, mover=0, draw="Y1")
    legal = nb.legal_actions_for(state, 0)
    assert nb.parse_action("0:play R7 INF3") in legal
    decoded = nb.decode_action(state, 0, ident("0:play R7 INF3"))
    assert str(decoded) == "0:play R7 INF2"
    assert str(nb.decode_action(state, 0, ident("0:play INF1 INF4"))) == "0:play INF2 INF3"


def test_decoding_prefers_the_copies_the_table_knows_of() -> None:
    # INF4 was taken from the discard: the other seats know it is in the hand.
    state = table(
        ["R7 INF1 INF2 INF4 G1", "Y3"],
        trick="B5 G5",
        author=1,
        mover=0,
        draw="Y1",
        known=["INF4", ""],
    )
    assert str(nb.decode_action(state, 0, ident("0:play R7 INF1"))) == "0:play R7 INF4"
    pair = nb.decode_action(state, 0, ident("0:play INF1 INF2"))
    assert str(pair) == "0:play INF1 INF4"  # the known copy, then the lowest other


def test_decoding_after_a_take_keeps_the_taken_card() -> None:
    state = table(
        ["R7 INF2 G1", "Y3"],
        trick="B5 G5",
        author=1,
        mover=0,
        phase=nb.Phase.TAKEN,
        taken="INF3",
        source=nb.Pile.DRAW,
        draw="Y1",
    )
    decoded = nb.decode_action(state, 0, ident("0:play R7 INF1"))
    assert str(decoded) == "0:play R7 INF3"  # the play must hold the taken card


def test_an_interrupt_out_of_turn_is_in_the_interrupters_mask() -> None:
    state = table(["G1", "Y3 Y4", "RB7 G9", "B2"], trick="R7 B7", author=0, mover=1, draw="Y1")
    mask = nb.legal_action_mask(state, 2)
    assert [i for i, flag in enumerate(mask) if flag] == [ident("2:interrupt RB7")]
    assert str(nb.decode_action(state, 2, ident("2:interrupt RB7"))) == "2:interrupt RB7"
    assert not any(nb.legal_action_mask(state, 3))


def test_an_id_no_legal_action_has_is_refused() -> None:
    state = table(["R7 G1", "Y3"], trick="B5 G5", author=1, mover=0, draw="Y1")
    for bad in (ident("0:play Y7"), ident("0:numx"), -1, 5400):
        with pytest.raises(IllegalActionError) as caught:
            nb.decode_action(state, 0, bad)
        assert caught.value.reason is Reason.BAD_TARGET


@pytest.mark.parametrize(
    "junk",
    [
        nb.Play(0, ()),
        nb.Play(0, nb.parse_cards("R7 B8")),
        nb.Play(0, nb.parse_cards("R7 NUMX")),
        nb.Interrupt(0, nb.parse_card("R7")),
        nb.Interrupt(0, FamilyCard("RB", 7)),  # type: ignore[arg-type]
        nb.Play(0, (FamilyCard(Family.RED, 17),)),
        nb.Play(0, (FamilyCard("R", 7),)),  # type: ignore[arg-type]
        nb.Play(0, (SpecialCard(Special.INFINITY, 5),)),
        nb.Play(0, ["R7"]),  # type: ignore[arg-type]
        "0:numx",
    ],
)
def test_what_no_id_names_is_malformed(junk: object) -> None:
    with pytest.raises(IllegalActionError) as caught:
        nb.encode_action(CONFIG, junk)  # type: ignore[arg-type]
    assert caught.value.reason is Reason.MALFORMED


def test_masks_equal_the_legal_actions_over_thousands_of_random_steps() -> None:
    shared = check_encoding_steps(nb.GAME, 3000, seed=23, rounds=1)
    assert shared > 0  # random play reaches plays that differ only in their copies
