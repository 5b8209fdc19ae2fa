"""Num Bounce interrupts: RAINBOW and SHADOW of the reference value, in or out of turn."""

from __future__ import annotations

from numrules import Reason
from numrules import numbounce as nb
from numrules.core.cursor import asking_order
from tests.numbounce.helpers import cards, hand, moves, play, refused, table


def test_a_seat_holding_the_rainbow_of_the_reference_value_may_act_out_of_turn() -> None:
    state = table(["G1", "Y3 Y4", "RB7 G9", "B2"], trick="R7 B7", author=0, mover=1, draw="Y1")
    assert nb.interrupters(state) == {2}
    assert nb.to_act(state) == {1, 2}
    assert nb.optional_seats(state) == {2}
    assert moves(state, 2) == ["2:interrupt RB7"]
    assert {a.seat for a in nb.legal_actions(state)} == {1, 2}


def test_a_rainbow_interrupt_turns_a_pair_into_a_triple() -> None:
    state = table(
        ["G1", "Y3 Y4", "RB7 G9", "B10 G10 Y10 R2"], trick="R7 B7", author=0, mover=1, draw="Y1"
    )
    state = play(state, "2:interrupt RB7")
    assert state.trick == cards("R7 B7 RB7")
    assert (state.ref_size, state.author, state.mover) == (3, 2, 3)  # resumes left of seat 2
    assert state.interrupted
    assert state.hands[2] == hand("G9")
    assert moves(state, 3) == ["3:play B10 G10 Y10", "3:take draw"]
    refused(state, "3:play B10 G10", Reason.NOT_ALLOWED)


def test_a_rainbow_may_join_a_single_too() -> None:
    state = table(["G1", "Y3", "RB7 G9"], trick="R7", author=0, mover=1, draw="Y1")
    state = play(state, "2:interrupt RB7")
    assert (state.trick, state.ref_size, state.mover) == (cards("R7 RB7"), 2, 0)


def test_a_shadow_interrupt_then_one_card_to_go_up_on_it() -> None:
    state = table(
        ["G1", "B4 Y4", "SH7 R12 Y3 INF1 NUMX", "B2"],
        trick="R7 B7 G7",
        author=0,
        mover=1,
        draw="Y1",
    )
    state = play(state, "2:interrupt SH7")
    assert state.phase is nb.Phase.SHADOW
    assert state.trick == cards("R7 B7 G7 SH7")  # the trick keeps its cards
    assert (state.ref_size, state.author, state.mover) == (1, 2, 2)
    assert nb.to_act(state) == {2}
    assert nb.optional_seats(state) == frozenset()
    assert moves(state) == ["2:play R12", "2:play INF1", "2:decline"]
    refused(state, "2:play Y3", Reason.NOT_ALLOWED)  # lower: only up on the own SHADOW
    refused(state, "2:play R12 INF1", Reason.NOT_ALLOWED)
    refused(state, "2:numx", Reason.WRONG_PHASE)
    refused(state, "1:play B4 Y4", Reason.NOT_YOUR_TURN)
    state = play(state, "2:play R12")
    assert state.trick == cards("R7 B7 G7 SH7 R12")
    assert (state.phase, state.ref_size, state.author, state.mover) == (nb.Phase.PLAY, 1, 2, 3)
    assert state.hands[2] == hand("Y3 INF1 NUMX")


def test_a_shadow_interrupt_without_the_single() -> None:
    state = table(["G1", "B4 Y4", "SH7 Y3", "B2"], trick="R7 B7", author=0, mover=1, draw="Y1")
    state = play(state, "2:interrupt SH7")
    assert moves(state) == ["2:decline"]  # nothing goes up: declining is still an action
    state = play(state, "2:decline")
    assert (state.phase, state.mover, state.author) == (nb.Phase.PLAY, 3, 2)
    assert state.reference == cards("SH7")
    assert nb.reference_value(state) == 7


def test_a_shadow_cannot_interrupt_a_single_card() -> None:
    state = table(["G1", "Y3", "SH7 RB7"], trick="R7", author=0, mover=1, draw="Y1")
    assert moves(state, 2) == ["2:interrupt RB7"]
    refused(state, "2:interrupt SH7", Reason.NOT_ALLOWED)


def test_a_second_interrupt_in_the_same_trick_is_refused() -> None:
    state = table(
        ["G1", "Y3 Y4", "RB7 G9", "SH7 B2"], trick="R7 B7", author=0, mover=1, draw="Y1 Y2"
    )
    assert nb.to_act(state) == {1, 2, 3}
    state = play(state, "2:interrupt RB7")
    assert nb.to_act(state) == {3}
    refused(state, "3:interrupt SH7", Reason.NOT_ALLOWED)
    # Even on a new reference of the same trick: one interrupt per trick.
    state = table(
        ["G1 SH9", "RB7 G9 Y9", "B10 B11", "Y2"],
        trick="R7 B7",
        author=3,
        mover=0,
        interrupted=True,
        draw="Y1",
    )
    state = play(state, "0:take draw", "0:keep")
    state = play(state, "1:play G9 Y9")
    refused(state, "0:interrupt SH9", Reason.NOT_ALLOWED)


def test_the_trick_is_open_to_a_new_interrupt_after_it_closes() -> None:
    state = table(
        ["G1 G2", "RB1 B5", "Y3"], trick="R7", author=0, mover=1, interrupted=True, draw="Y1 Y2"
    )
    state = play(state, "1:take draw", "1:keep", "2:take draw", "2:keep")
    assert state.trick == ()
    state = play(state, "0:play G1")
    assert nb.to_act(state) == {1}
    assert "1:interrupt RB1" in moves(state)


def test_an_interrupt_out_of_turn_races_the_next_players_play() -> None:
    state = table(["G1", "R9 G9 Y1", "B2", "SH7 Y5"], trick="R7 B7", author=0, mover=1, draw="Y2")
    assert nb.to_act(state) == {1, 3}
    assert asking_order(nb.GAME, state) == (3, 1)  # optional seats first, then the mover
    # The player to move lays first: the interrupt no longer matches the reference.
    first = play(state, "1:play R9 G9")
    refused(first, "3:interrupt SH7", Reason.NOT_ALLOWED)
    assert nb.to_act(first) == {2}
    # The interrupt arrives first: the player to move's turn is gone.
    second = play(state, "3:interrupt SH7")
    refused(second, "1:play R9 G9", Reason.NOT_YOUR_TURN)
    second = play(second, "3:decline")
    assert second.mover == 0  # play resumes left of the interrupter, skipping seat 1
    assert second.author == 3


def test_the_asking_order_starts_left_of_the_player_to_move_and_ends_with_it() -> None:
    state = table(
        ["G1", "RB7 Y3", "B2 B3", "Y4", "SH7 Y6"], trick="R7 B7", author=0, mover=2, draw="Y1"
    )
    assert nb.to_act(state) == {1, 2, 4}
    assert nb.optional_seats(state) == {1, 4}
    assert asking_order(nb.GAME, state) == (4, 1, 2)


def test_the_player_to_move_may_interrupt_and_its_interrupt_is_not_optional() -> None:
    state = table(
        ["G1", "RB7 Y3", "B2"], trick="R7 B7", author=0, mover=1, draw="Y1", discard="Y12"
    )
    assert nb.to_act(state) == {1}
    assert nb.optional_seats(state) == frozenset()
    assert moves(state) == ["1:take draw", "1:take discard", "1:interrupt RB7"]
    state = play(state, "1:interrupt RB7")
    assert (state.ref_size, state.author, state.mover) == (3, 1, 2)


def test_the_author_of_the_reference_cannot_interrupt_it() -> None:
    state = table(["G1 RB7", "Y3", "B2"], trick="R7 B7", author=0, mover=1, draw="Y1")
    assert nb.to_act(state) == {1}
    refused(state, "0:interrupt RB7", Reason.NOT_ALLOWED)


def test_only_the_rainbow_or_shadow_of_the_reference_value_interrupts() -> None:
    state = table(["G1", "Y3", "INF1 RB8 Y7 SH7"], trick="R7 B7", author=0, mover=1, draw="Y1")
    refused(state, "2:interrupt INF1", Reason.NOT_ALLOWED)  # INFINITY never interrupts
    refused(state, "2:interrupt RB8", Reason.NOT_ALLOWED)
    refused(state, "2:interrupt Y7", Reason.NOT_ALLOWED)
    refused(state, "2:interrupt RB7", Reason.CARD_NOT_HELD)
    assert moves(state, 2) == ["2:interrupt SH7"]


def test_an_all_infinity_reference_cannot_be_interrupted() -> None:
    state = table(["G1", "Y3", "RB7 SH7"], trick="INF1 INF2", author=0, mover=1, draw="Y1")
    assert nb.to_act(state) == {1}
    refused(state, "2:interrupt RB7", Reason.NOT_ALLOWED)


def test_a_mixed_infinity_reference_can_be_interrupted_at_its_value() -> None:
    state = table(["G1", "Y3", "RB7 SH7"], trick="R7 INF2", author=0, mover=1, draw="Y1")
    assert moves(state, 2) == ["2:interrupt RB7", "2:interrupt SH7"]
    state = play(state, "2:interrupt RB7")
    assert state.reference == cards("R7 INF2 RB7")


def test_no_interrupt_before_a_trick_is_opened() -> None:
    state = table(["G1", "RB7 SH7 Y3"], discard="R7")
    assert nb.to_act(state) == {0}
    refused(state, "1:interrupt RB7", Reason.NOT_ALLOWED)


def test_an_interrupt_while_the_player_to_move_holds_a_taken_card() -> None:
    state = table(["G1", "Y3", "RB7 B2", "B5"], trick="R7 B7", author=0, mover=1, discard="Y4 Y2")
    state = play(state, "1:take discard")
    assert nb.to_act(state) == {1, 2}
    state = play(state, "2:interrupt RB7")
    # The turn of seat 1 is over: its taken card joins its hand (and stays public).
    assert state.hands[1] == hand("Y3 Y2")
    assert state.known[1] == hand("Y2")
    assert (state.phase, state.taken, state.source) == (nb.Phase.PLAY, None, None)
    assert (state.mover, state.author, state.ref_size) == (3, 2, 3)


def test_an_interrupt_with_the_last_card_wins_the_round() -> None:
    state = table(["G1", "Y3", "RB7"], trick="R7 B7", author=0, mover=1, draw="Y1", rounds=1)
    state = play(state, "2:interrupt RB7")
    assert nb.is_terminal(state)
    assert nb.winners(state) == {2}


def test_a_shadow_interrupt_with_the_last_card_wins_at_once() -> None:
    state = table(["G1", "Y3", "SH7"], trick="R7 B7", author=0, mover=1, draw="Y1", rounds=1)
    state = play(state, "2:interrupt SH7")
    assert state.phase is nb.Phase.OVER
    assert nb.winners(state) == {2}


def test_the_trick_of_an_interrupt_closes_when_play_comes_back_to_the_interrupter() -> None:
    state = table(["G1", "Y3", "RB7 G9", "Y4"], trick="R7 B7", author=0, mover=1, draw="Y1 Y2 Y5")
    state = play(state, "2:interrupt RB7")
    state = play(state, "3:take draw", "3:keep", "0:take draw", "0:keep", "1:take draw")
    assert state.trick == cards("R7 B7 RB7")
    state = play(state, "1:keep")
    assert state.trick == ()
    assert state.discard[-3:] == cards("R7 B7 RB7")
    assert (state.mover, state.interrupted) == (2, False)


def test_a_card_taken_from_the_draw_pile_stays_secret_when_an_interrupt_cuts_the_take() -> None:
    state = table(["G1", "Y3", "RB7 B2", "B5"], trick="R7 B7", author=0, mover=1, draw="Y12")
    state = play(state, "1:take draw", "2:interrupt RB7")
    assert state.hands[1] == hand("Y3 Y12")
    assert state.known[1] == frozenset()
    assert nb.parse_card("Y12") in nb.hidden_cards(state, 2)
