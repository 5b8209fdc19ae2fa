"""Num Wars duties: leading, following, cutting, discarding, going higher, and the steal.

Five-player positions use the lot BOMB QUANTUM NUMX JOKER R1 (seats 0..4: Bomber,
Deminer, Num-X, Accomplice, Civilian), so seat 4 may hold no special at all.
"""

from __future__ import annotations

import pytest

import numrules
from numrules import IllegalActionError, Reason
from numrules import numwars as nw
from numrules.core.cards import Family, FamilyCard
from tests.numwars.helpers import cards, options, play, table

LOTS5 = "BOMB QUANTUM NUMX JOKER R1"


def refused(state: nw.State, move: str) -> Reason:
    with pytest.raises(IllegalActionError) as info:
        nw.apply(state, nw.parse_action(move))
    return info.value.reason


# --- leading --------------------------------------------------------------------------


def test_the_leader_plays_any_classic_or_trump_card_but_no_special() -> None:
    state = table(
        ["R3 Y9 RB5 SH0 BOMB", "B2 B4 G7 G8 QUANTUM", "G1 G2 G3 G4 NUMX"],
        lots="BOMB QUANTUM NUMX",
    )
    assert nw.to_act(state) == {0}
    assert options(state) == "R3 Y9 RB5 SH0"
    assert refused(state, "0:play BOMB") is Reason.NOT_ALLOWED


def test_a_hand_of_specials_only_may_lead_any_of_them() -> None:
    state = table(["JOKER BOMB", "B2 QUANTUM", "G1 NUMX"], lots="BOMB QUANTUM NUMX")
    assert options(state) == "JOKER BOMB"


def test_a_led_special_sets_no_suit_until_a_classic_or_trump_card_is_played() -> None:
    state = table(["B2 QUANTUM", "G1 NUMX", "JOKER BOMB"], lots="QUANTUM NUMX BOMB", leader=2)
    state = play(state, "2:play JOKER")
    assert nw.led_suit(state.trick) is None
    assert options(state) == "B2 QUANTUM"  # anything goes: no suit yet
    state = play(state, "0:play B2")
    assert nw.led_suit(state.trick) is nw.Suit.BLUE
    assert options(state) == "NUMX"  # void in blue, holding a special: must cut
    assert refused(state, "1:play G1") is Reason.NOT_ALLOWED


# --- following, cutting, discarding ------------------------------------------------------


def test_a_seat_holding_the_led_suit_must_follow_higher_or_lower() -> None:
    state = table(
        [
            "Y3 Y6 Y7 BOMB",
            "R2 R9 B3 RB4 QUANTUM",
            "G1 G6 G7 G8 NUMX",
            "G2 G9 G10 G11 JOKER",
            "R1 G4 G5 G12 Y4",
        ],
        lots=LOTS5,
        leader=0,
        trick="R5",
    )
    assert options(state) == "R2 R9"
    assert refused(state, "1:play B3") is Reason.NOT_ALLOWED
    assert refused(state, "1:play RB4") is Reason.NOT_ALLOWED
    assert refused(state, "1:play QUANTUM") is Reason.NOT_ALLOWED


def test_a_void_seat_must_cut_with_a_real_trump_or_a_special() -> None:
    state = table(
        ["R5 R6 R7 BOMB", "B3 RB4 SH9 QUANTUM", "G1 G2 G3 NUMX"], lots="BOMB QUANTUM NUMX"
    )
    state = play(state, "0:play R5")
    assert options(state) == "RB4 SH9 QUANTUM"
    assert refused(state, "1:play B3") is Reason.NOT_ALLOWED


def test_a_void_seat_with_a_special_but_no_trump_must_play_the_special() -> None:
    state = table(["R5 R6 BOMB", "B3 G4 QUANTUM", "G1 G2 NUMX"], lots="BOMB QUANTUM NUMX")
    state = play(state, "0:play R5")
    assert options(state) == "QUANTUM"


def test_a_void_seat_with_neither_trump_nor_special_discards_anything() -> None:
    state = table(
        ["Y6 BOMB", "Y7 QUANTUM", "Y8 NUMX", "Y9 JOKER", "R1 B3 G4"],
        lots=LOTS5,
        leader=0,
        trick="Y5 Y2 Y3 Y4",
    )
    assert nw.to_act(state) == {4}
    assert options(state) == "R1 B3 G4"


def test_a_led_trump_must_be_followed_with_a_trump() -> None:
    state = table(
        ["RB6 R4 R5 R6 BOMB", "R3 SH2 SH8 RB10 QUANTUM", "G1 G2 G3 G4 NUMX"],
        lots="BOMB QUANTUM NUMX",
    )
    state = play(state, "0:play RB6")
    assert nw.led_suit(state.trick) is nw.Suit.TRUMP
    assert options(state) == "RB10 SH8"  # SH2 would not go higher; R3 and QUANTUM do not follow
    assert refused(state, "1:play SH2") is Reason.NOT_ALLOWED
    assert refused(state, "1:play R3") is Reason.NOT_ALLOWED


# --- going higher -----------------------------------------------------------------------


def _cut_position(last_hand: str) -> nw.State:
    # Seat 2 led G5, seat 3 cut with SH7; the civilian (seat 4) is void in green.
    return table(
        ["Y1 Y3 Y4 BOMB", "Y2 Y5 Y6 QUANTUM", "G5 Y7 Y8 NUMX", "SH7 Y9 Y10 JOKER", last_hand],
        lots=LOTS5,
        leader=2,
    )


def test_a_trump_played_over_a_trump_must_go_higher_when_it_can() -> None:
    state = play(_cut_position("R1 B2 RB3 RB9"), "2:play G5", "3:play SH7")
    assert options(state) == "RB9"
    assert refused(state, "4:play RB3") is Reason.NOT_ALLOWED
    assert refused(state, "4:play B2") is Reason.NOT_ALLOWED


def test_a_trump_may_go_lower_when_no_trump_in_hand_can_go_higher() -> None:
    state = play(_cut_position("R1 B2 RB3 RB4"), "2:play G5", "3:play SH7")
    assert options(state) == "RB3 RB4"


def test_a_special_may_be_played_instead_of_going_higher() -> None:
    state = table(
        ["G5 G6 G7 BOMB", "R2 RB3 RB9 QUANTUM", "R4 SH1 SH7 NUMX"], lots="BOMB QUANTUM NUMX"
    )
    state = play(state, "0:play G5")
    assert options(state) == "RB3 RB9 QUANTUM"  # void in green, no trump to beat yet
    state = play(state, "1:play RB3")
    assert options(state) == "SH7 NUMX"  # SH1 would not beat RB3; NUMX is not a trump
    assert refused(state, "2:play SH1") is Reason.NOT_ALLOWED
    assert refused(state, "2:play R4") is Reason.NOT_ALLOWED


# --- the steal ----------------------------------------------------------------------------


def test_the_steal_captures_the_pair_at_once_and_both_cards_leave_the_trick() -> None:
    state = table(
        ["RB5 R8 BOMB", "SH5 R7 QUANTUM", "SH2 R3 NUMX"], lots="BOMB QUANTUM NUMX", leader=0
    )
    state = play(state, "0:play RB5")
    assert options(state) == "SH5"  # must follow trumps: SH5 is the only one, a steal
    assert nw.is_steal(state.trick, nw.parse_card("SH5"))
    state = play(state, "1:play SH5")
    assert state.trick == (None, None)
    assert state.pairs == ((), cards("RB5 SH5"), ())
    assert nw.round_points(state) == (0, 5, 0)
    # The led suit stays TRUMP although the lead card is gone; no trump is left to beat.
    assert nw.led_suit(state.trick) is nw.Suit.TRUMP
    assert options(state) == "SH2"
    state = play(state, "2:play SH2")
    assert state.won == ((), (), cards("SH2"))
    assert state.tricks == (0, 0, 1)
    assert state.leader == 2


def test_the_steal_overrides_the_duty_to_follow() -> None:
    state = table(
        ["R5 Y3 Y4 Y5 BOMB", "SH7 Y1 Y2 Y6 NUMX", "R2 R9 RB7 RB3 QUANTUM"],
        lots="BOMB NUMX QUANTUM",
        leader=0,
    )
    state = play(state, "0:play R5", "1:play SH7")
    assert options(state) == "R2 R9 RB7"  # follow red, or steal SH7 with RB7
    state = play(state, "2:play RB7")
    assert state.trick == ()  # the trick is over: R5 alone was left in it
    assert state.pairs == ((), (), cards("RB7 SH7"))
    assert state.won[0] == cards("R5")  # the trick went to R5, the highest card of the led suit


def test_the_steal_overrides_the_duty_to_go_higher() -> None:
    state = table(
        ["RB6 Y1 Y3 BOMB", "SH9 Y2 Y4 NUMX", "SH6 SH10 SH2 QUANTUM"],
        lots="BOMB NUMX QUANTUM",
        leader=0,
    )
    state = play(state, "0:play RB6", "1:play SH9")
    assert options(state) == "SH6 SH10"  # SH6 steals, SH10 goes higher; SH2 may not
    state = play(state, "2:play SH6")
    assert state.trick == ()  # the trick is over: SH9 alone was left in it
    assert state.pairs == ((), (), cards("RB6 SH6"))
    assert state.won[1] == cards("SH9")


def test_a_stolen_pair_may_leave_no_trump_and_the_trick_falls_back_to_the_leader() -> None:
    state = table(
        ["RB5 R8 BOMB", "SH5 R7 QUANTUM", "R3 G2 G3"],
        lots="BOMB QUANTUM NUMX",
        leader=0,
        tricks=(1, 0, 0),
        won=["NUMX B9 B10", "", ""],
    )
    state = play(state, "0:play RB5", "1:play SH5")
    assert options(state) == "R3 G2 G3"  # the suit is TRUMP, no trump nor special: discard
    state = play(state, "2:play R3")
    assert state.won[0] == cards("NUMX B9 B10 R3")  # no trump left, no classic suit: the leader
    assert state.leader == 0


def test_a_steal_is_never_made_with_or_on_a_special() -> None:
    assert not nw.is_steal(cards("RB5 BOMB"), nw.BOMB)
    assert not nw.is_steal(cards("BOMB"), nw.QUANTUM)
    for special in nw.parse_cards("BOMB JOKER QUANTUM NUMX"):
        assert not nw.is_steal(cards("RB0 SH1 RB2"), special)
    state = table(
        ["R5 Y1 BOMB", "SH7 Y2 NUMX", "B2 JOKER QUANTUM"], lots="BOMB NUMX QUANTUM", leader=0
    )
    state = play(state, "0:play R5", "1:play SH7", "2:play QUANTUM")
    assert state.pairs == ((), (), ())
    assert set(state.won[1]) == set(cards("R5 SH7 QUANTUM"))


def test_the_partner_of_any_trump_in_the_trick_may_steal() -> None:
    state = table(
        ["RB2 Y1 Y3 BOMB", "SH9 Y2 Y4 NUMX", "SH2 RB9 SH11 QUANTUM"],
        lots="BOMB NUMX QUANTUM",
        leader=0,
    )
    state = play(state, "0:play RB2", "1:play SH9")
    assert options(state) == "RB9 SH2 SH11"


# --- refusals -------------------------------------------------------------------------------


def test_apply_refuses_wrong_seats_unheld_cards_and_junk_and_changes_nothing() -> None:
    state = table(["R3 BOMB", "B2 QUANTUM", "G1 NUMX"], lots="BOMB QUANTUM NUMX")
    before = numrules.dumps(state)
    assert refused(state, "1:play B2") is Reason.NOT_YOUR_TURN
    assert refused(state, "0:play R4") is Reason.CARD_NOT_HELD
    assert refused(state, "0:play BOMB") is Reason.NOT_ALLOWED
    for junk in (None, "0:play R3", nw.Play(0, "R3"), nw.Play("0", cards("R3")[0])):  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError) as info:
            nw.apply(state, junk)  # type: ignore[arg-type]
        assert info.value.reason is Reason.MALFORMED
    with pytest.raises(IllegalActionError) as info:
        nw.apply(state, nw.Play(3, cards("R3")[0]))
    assert info.value.reason is Reason.NOT_YOUR_TURN
    assert numrules.dumps(state) == before
    # An equal card built by hand is accepted and stored as the canonical card.
    after = nw.apply(state, nw.Play(0, FamilyCard(Family.RED, 3)))
    assert after.trick == cards("R3")
    assert after.trick[0] is nw.parse_card("R3")


def test_holding_the_partner_of_the_top_trump_is_no_duty_to_go_higher() -> None:
    state = table(
        ["RB5 Y1 Y3 BOMB", "SH5 SH3 R2 QUANTUM", "G1 G2 G3 NUMX"], lots="BOMB QUANTUM NUMX"
    )
    state = play(state, "0:play RB5")
    assert options(state) == "SH3 SH5"  # SH5 is a steal, not a higher trump: SH3 may go lower
