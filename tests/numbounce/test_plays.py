"""Num Bounce rule scenarios for the player to move: opening, going up and down,
INFINITY, NUM_X, taking, passing, recycling the discard and closing a trick.
"""

from __future__ import annotations

import attrs

from numrules import Reason
from numrules import numbounce as nb
from numrules.core.rng import derive_seed, shuffled
from tests.numbounce.helpers import cards, hand, moves, play, refused, table

# --- opening -----------------------------------------------------------------------------


def test_without_a_reference_the_player_must_open_any_combination_or_play_numx() -> None:
    state = table(["R5 B5 INF1 NUMX", "G2"], discard="Y7")
    assert moves(state) == [
        "0:play R5",
        "0:play R5 B5",
        "0:play R5 B5 INF1",
        "0:play R5 INF1",
        "0:play B5",
        "0:play B5 INF1",
        "0:play INF1",
        "0:numx",
    ]
    refused(state, "0:take draw", Reason.NOT_ALLOWED)
    refused(state, "0:take discard", Reason.NOT_ALLOWED)
    refused(state, "0:pass", Reason.NOT_ALLOWED)
    refused(state, "0:play R5 G2", Reason.CARD_NOT_HELD)


def test_an_opening_sets_the_type_and_the_value_and_play_goes_left() -> None:
    state = table(["R5 B5 INF1 Y9", "G2", "G7"], discard="Y7")
    state = play(state, "0:play R5 B5 INF1")
    assert state.trick == cards("R5 B5 INF1")
    assert (state.ref_size, state.author, state.mover) == (3, 0, 1)
    assert nb.reference_value(state) == 5
    assert state.hands[0] == hand("Y9")


def test_cards_of_two_values_are_not_a_combination() -> None:
    state = table(["R5 B6", "G2"])
    refused(state, "0:play R5 B6", Reason.NOT_ALLOWED)


# --- going up and down -------------------------------------------------------------------


def test_going_up_or_down_keeps_the_type_and_changes_the_value() -> None:
    state = table(["R2", "B7 Y9 G3 R10 R11", "Y2"], trick="R7", author=0, mover=1, discard="B13")
    assert moves(state, 1) == [
        "1:play R10",
        "1:play R11",
        "1:play G3",
        "1:play Y9",
        "1:take draw",
        "1:take discard",
    ]
    refused(state, "1:play B7", Reason.NOT_ALLOWED)  # same value
    refused(state, "1:play R10 R11", Reason.NOT_ALLOWED)  # wrong type (and not one value)
    refused(state, "2:play Y2", Reason.NOT_YOUR_TURN)


def test_going_down_onto_a_pair_gives_the_pair_back_to_the_player() -> None:
    state = table(["G1 Y1", "R4 G4 Y12", "B2 Y7"], trick="G3 Y3 R9 B9", ref=2, author=0, mover=1)
    state = play(state, "1:play R4 G4")
    assert state.hands[1] == hand("R9 B9 Y12")
    assert state.trick == cards("G3 Y3 R4 G4")
    assert (state.ref_size, state.author, state.mover) == (2, 1, 2)
    # Everyone saw the pair go back: it is public, the rest of the hand is not.
    for seat in (None, 0, 2):
        seen = nb.observe(state, seat)
        assert seen.known[1] == cards("R9 B9")
        assert seen.hand_sizes == (2, 3, 2)
    assert nb.hidden_cards(state, 0) & hand("R9 B9 Y12") == hand("Y12")


def test_infinity_never_goes_down() -> None:
    state = table(["G1", "R4 INF1 Y12", "B2"], trick="R9 B9", author=0, mover=1)
    refused(state, "1:play R4 INF1", Reason.NOT_ALLOWED)
    assert "1:play Y12 INF1" in moves(state)


def test_an_infinity_pair_can_be_gone_up_on_but_never_down() -> None:
    state = table(
        ["G1", "B5 G5 Y2 R2 INF2", "B1"], trick="R3 INF1", author=0, mover=1, discard="B13"
    )
    assert nb.reference_value(state) == 3
    assert moves(state, 1) == [
        "1:play B5 G5",
        "1:play B5 INF2",
        "1:play G5 INF2",
        "1:take draw",
        "1:take discard",
    ]
    refused(state, "1:play R2 Y2", Reason.NOT_ALLOWED)  # the reference holds an INFINITY
    state = play(state, "1:play G5 INF2")
    assert state.trick == cards("R3 INF1 G5 INF2")
    assert nb.reference_value(state) == 5


def test_an_all_infinity_combination_goes_up_on_any_value_and_nothing_goes_on_it() -> None:
    state = table(
        ["G1", "R16 B16 INF2 INF4", "RB16 SH16 B1"], trick="R3 B3", author=0, mover=1, discard="B13"
    )
    assert "1:play INF2 INF4" in moves(state)
    state = play(state, "1:play INF2 INF4")
    assert nb.reference_value(state) is None
    assert moves(state, 2) == ["2:take draw", "2:take discard"]  # no value beats it
    refused(state, "2:play RB16 SH16", Reason.NOT_ALLOWED)
    assert nb.to_act(state) == {2}  # and nobody may interrupt it


def test_an_all_infinity_opening_cannot_be_beaten_and_closes_after_a_full_round() -> None:
    state = table(["INF1 INF2 R1", "R16 B16 INF3", "G9"], draw="Y1 Y2")
    state = play(state, "0:play INF1 INF2", "1:take draw", "1:keep", "2:take draw", "2:discard")
    assert state.trick == ()
    assert state.discard[-3:] == cards("Y2 INF1 INF2")
    assert (state.mover, state.ref_size) == (0, 0)


# --- NUM_X -------------------------------------------------------------------------------


def test_numx_on_an_all_infinity_trick_closes_it_and_opens_a_new_one() -> None:
    state = table(
        ["G1", "NUMX R5 B7", "G9"],
        trick="R3 B3 INF1 INF2",
        ref=2,
        author=0,
        mover=1,
        discard="Y9",
        rest="draw",
    )
    assert "1:numx" in moves(state)
    state = play(state, "1:numx")
    assert state.discard == cards("Y9 R3 B3 INF1 INF2 NUMX")  # laying order, NUM_X last
    assert state.trick == ()
    assert (state.mover, state.ref_size, state.author) == (1, 0, None)
    assert moves(state) == ["1:play R5", "1:play B7"]


def test_numx_without_a_trick_goes_to_the_discard_and_the_player_opens() -> None:
    state = table(["NUMX R5", "G9"], discard="Y9")
    state = play(state, "0:numx")
    assert state.discard == cards("Y9 NUMX")
    assert moves(state) == ["0:play R5"]


def test_numx_is_played_only_in_the_own_turn() -> None:
    state = table(["G1", "R5", "NUMX G9"], trick="R3", author=0, mover=1)
    refused(state, "2:numx", Reason.NOT_YOUR_TURN)
    refused(state, "1:numx", Reason.CARD_NOT_HELD)
    refused(state, "1:play R5 NUMX", Reason.CARD_NOT_HELD)
    state = table(["G1", "NUMX R5", "G9"], trick="R3", author=0, mover=1)
    refused(state, "1:play R5 NUMX", Reason.NOT_ALLOWED)  # not inside a combination


def test_winning_the_round_with_numx_as_the_last_card() -> None:
    state = table(["G1 Y1", "NUMX", "G9"], trick="R3 B3", author=0, mover=1, rounds=1)
    state = play(state, "1:numx")
    assert nb.is_terminal(state)
    assert state.wins == (0, 1, 0)
    assert nb.winners(state) == {1}
    assert state.hands[1] == frozenset()
    assert state.discard[-3:] == cards("R3 B3 NUMX")


# --- taking ------------------------------------------------------------------------------


def test_a_card_taken_from_the_draw_pile_can_be_played_in_a_combination() -> None:
    state = table(["G1", "G9 Y2", "B4"], trick="R7 B7", author=0, mover=1, draw="R9 Y11")
    state = play(state, "1:take draw")
    assert (state.phase, state.taken, state.source) == (nb.Phase.TAKEN, *cards("R9"), nb.Pile.DRAW)
    assert state.draw[0] == nb.parse_card("Y11")
    assert moves(state, 1) == ["1:play R9 G9", "1:keep", "1:discard"]
    refused(state, "1:play G9 Y2", Reason.NOT_ALLOWED)  # must contain the taken card
    refused(state, "1:take draw", Reason.WRONG_PHASE)
    state = play(state, "1:play R9 G9")
    assert state.trick == cards("R7 B7 R9 G9")
    assert state.hands[1] == hand("Y2")
    assert (state.author, state.mover, state.phase) == (1, 2, nb.Phase.PLAY)


def test_a_taken_card_can_go_down_too() -> None:
    state = table(["G1", "B2 Y12", "B4"], trick="R7 B7", author=0, mover=1, draw="R2")
    state = play(state, "1:take draw", "1:play R2 B2")
    assert state.hands[1] == hand("R7 B7 Y12")
    assert state.known[1] == hand("R7 B7")


def test_a_taken_infinity_goes_up_only() -> None:
    state = table(["G1", "R9 INF2 Y3", "B4"], trick="R7 B7", author=0, mover=1, draw="INF1")
    state = play(state, "1:take draw")
    assert moves(state, 1) == ["1:play R9 INF1", "1:play INF1 INF2", "1:keep", "1:discard"]
    refused(state, "1:play Y3 INF1", Reason.NOT_ALLOWED)


def test_a_card_taken_from_the_discard_is_public_and_cannot_be_discarded() -> None:
    state = table(["G1", "G9 Y2", "B4"], trick="R7", author=0, mover=1, discard="Y4 SH5")
    start = state.turn
    state = play(state, "1:take discard")
    assert state.discard == cards("Y4")
    assert moves(state, 1) == ["1:play SH5", "1:keep"]  # going down with it, or keeping it
    refused(state, "1:discard", Reason.NOT_ALLOWED)
    assert nb.observe(state, 2).taken == nb.parse_card("SH5")
    state = play(state, "1:keep")
    assert state.hands[1] == hand("G9 Y2 SH5")
    assert state.known[1] == hand("SH5")
    assert nb.observe(state, 0).known[1] == cards("SH5")
    assert nb.parse_card("SH5") not in nb.hidden_cards(state, 0)
    assert (state.mover, state.turn) == (2, start + 1)


def test_a_card_taken_from_the_draw_pile_is_seen_by_its_taker_only() -> None:
    state = table(["G1", "G9 Y2", "B4"], trick="R7 B7", author=0, mover=1, draw="R12")
    state = play(state, "1:take draw")
    r12 = nb.parse_card("R12")
    assert nb.observe(state, 1).taken == r12
    for seat in (None, 0, 2):
        assert nb.observe(state, seat).taken is None
        assert nb.observe(state, seat).source is nb.Pile.DRAW
        assert r12 in nb.hidden_cards(state, seat)
    state = play(state, "1:keep")
    assert state.known[1] == frozenset()
    assert r12 in nb.hidden_cards(state, 0)


def test_discarding_the_taken_card_puts_it_on_top_of_the_discard() -> None:
    state = table(["G1", "G9 Y2", "B4"], trick="R7 B7", author=0, mover=1, draw="G12", discard="Y4")
    state = play(state, "1:take draw", "1:discard")
    assert state.discard == cards("Y4 G12")
    assert state.hands[1] == hand("G9 Y2")
    assert (state.mover, state.phase) == (2, nb.Phase.PLAY)


def test_a_taken_numx_cannot_be_played_with_the_take() -> None:
    state = table(["G1", "G9 Y2", "B4"], trick="R7", author=0, mover=1, draw="NUMX")
    state = play(state, "1:take draw")
    assert moves(state, 1) == ["1:keep", "1:discard"]
    refused(state, "1:numx", Reason.WRONG_PHASE)
    state = play(state, "1:keep")
    assert nb.NUM_X in state.hands[1]


def test_pass_is_legal_only_when_no_card_can_be_taken() -> None:
    everything_else = " ".join(str(c) for c in nb.ALL_CARDS if c not in set(cards("R9 B2 Y2 G5")))
    state = table([everything_else, "B2 Y2", "G5"], trick="R9", author=0, mover=1)
    assert state.draw == state.discard == ()
    assert moves(state, 1) == ["1:play B2", "1:play Y2", "1:pass"]
    refused(state, "1:take draw", Reason.NOT_ALLOWED)
    refused(state, "1:take discard", Reason.NOT_ALLOWED)
    state = play(state, "1:pass")
    assert state.mover == 2
    other = table(["G1", "B2", "G5"], trick="R9", author=0, mover=1)
    refused(other, "1:pass", Reason.NOT_ALLOWED)


def test_with_only_the_discard_top_left_only_the_discard_can_be_taken() -> None:
    everything_else = " ".join(str(c) for c in nb.ALL_CARDS if c not in set(cards("R9 B2 G5 Y14")))
    state = table([everything_else, "B2", "G5"], trick="R9", author=0, mover=1, discard="Y14")
    assert moves(state, 1) == ["1:play B2", "1:take discard"]
    refused(state, "1:take draw", Reason.NOT_ALLOWED)


def test_an_empty_draw_pile_is_refilled_from_the_discard_except_its_top() -> None:
    state = table(
        ["G1", "B2 Y2", "G5"],
        trick="R9",
        author=0,
        mover=1,
        rest="discard",
        discard="R1 R2 R3 R4",
        seed=77,
    )
    assert state.draw == ()
    below = state.discard[:-1]
    state = play(state, "1:take draw")
    recycled = shuffled(below, derive_seed(77, "round", 0, "recycle", 0))
    assert state.taken == recycled[0]
    assert state.draw == recycled[1:]
    assert state.discard == cards("R4")
    assert state.recycles == 1


def test_each_recycling_of_a_round_uses_its_own_shuffle() -> None:
    state = table(
        ["G1", "B2 Y2", "G5"],
        trick="R9",
        author=0,
        mover=1,
        rest="discard",
        discard="R1 R2 R3 R4",
        seed=77,
    )
    state = attrs.evolve(state, recycles=1)
    below = state.discard[:-1]
    state = play(state, "1:take draw")
    recycled = shuffled(below, derive_seed(77, "round", 0, "recycle", 1))
    assert state.taken == recycled[0]
    assert state.recycles == 2


# --- closing a trick ---------------------------------------------------------------------


def test_a_trick_closes_when_play_comes_back_to_its_author_after_a_round_of_takes() -> None:
    state = table(
        ["G1 B1", "B3 G5 RB7", "Y4"],
        trick="B6 R7",
        ref=1,
        author=0,
        mover=1,
        draw="Y1 G2",
        discard="Y9",
    )
    state = play(state, "1:take draw", "1:keep", "2:take draw")
    assert nb.to_act(state) == {1, 2}  # seat 1 could still interrupt with RB7
    state = play(state, "2:discard")
    # Back to seat 0: the trick goes to the discard at once, in laying order.
    assert state.trick == ()
    assert state.discard == cards("Y9 G2 B6 R7")
    assert (state.mover, state.ref_size, state.author, state.interrupted) == (0, 0, None, False)
    assert nb.to_act(state) == {0}  # no interrupt on a closed trick
    assert moves(state) == ["0:play B1", "0:play B1 G1", "0:play G1"]


def test_a_new_combination_restarts_the_count_to_the_trick_close() -> None:
    state = table(["G1 B1", "B9 G5", "Y4 Y10"], trick="R7", author=0, mover=1, draw="Y1 G2 G3")
    state = play(state, "1:play B9", "2:take draw", "2:keep")
    assert (state.trick, state.mover) == (cards("R7 B9"), 0)  # seat 0 is no longer the author
    state = play(state, "0:take draw", "0:keep")
    assert state.trick == ()  # back to seat 1, the author of B9: the trick closes
    assert state.discard[-2:] == cards("R7 B9")
    assert state.mover == 1
