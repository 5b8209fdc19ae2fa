"""Num Stop action card scenarios: JOKER, DOUBLE, SKIP, FLIP, SWIPE and QUANTUM."""

from __future__ import annotations

from numrules import Reason
from numrules import numstop as ns
from tests.numstop.helpers import (
    cards,
    collections,
    discard_tail,
    moves_of,
    piles,
    play,
    refused,
    reserves,
    table,
    text,
)

START, DRAW = ns.Phase.START, ns.Phase.DRAW

# --- JOKER ------------------------------------------------------------------------------


def test_the_joker_answers_a_drawn_shadow_and_the_turn_goes_on() -> None:
    state = table(a="SH8 G1", piles=["R3 B5"], reserves=["JOKER"])
    choice = play(state, "0:draw A")
    assert moves_of(choice) == ["0:activate JOKER", "0:keep SH8", "0:discard SH8"]
    after = play(choice, "0:activate JOKER")
    assert (after.phase, after.player, after.drawn) == (DRAW, 0, 1)
    assert (piles(after)[0], reserves(after)[0]) == ("R3 B5", "")
    assert discard_tail(after, state) == "SH8 JOKER"
    assert moves_of(after) == ["0:stop", "0:draw A", "0:draw B"]
    after = play(after, "0:draw A")
    assert piles(after)[0] == "R3 B5 G1"


def test_the_joker_only_answers_a_drawn_shadow() -> None:
    state = table(a="R1", piles=["B5"], reserves=["JOKER"])
    assert moves_of(state) == ["0:lock", "0:draw A", "0:draw B"]
    refused(state, "0:activate JOKER", Reason.NOT_ALLOWED)
    # Drawn, it can only be reserved.
    choice = play(table(a="JOKER"), "0:draw A")
    assert moves_of(choice) == ["0:reserve JOKER"]
    # Another action card does not answer a Shadow.
    shadow = play(table(a="SH8", reserves=["FLIP"]), "0:draw A")
    refused(shadow, "0:activate FLIP", Reason.NOT_ALLOWED)
    refused(shadow, "0:activate JOKER", Reason.CARD_NOT_HELD)


def test_the_joker_does_not_answer_a_shadow_kept_from_a_quantum() -> None:
    state = table(a="SH4 R2 B9", piles=["G1 Y6"], reserves=["JOKER QUANTUM"])
    taken = play(state, "0:activate QUANTUM A")
    assert moves_of(taken) == ["0:keep R2", "0:keep B9", "0:keep SH4", "0:keep none"]
    refused(taken, "0:activate JOKER", Reason.WRONG_PHASE)
    kept = play(taken, "0:keep SH4")
    assert piles(kept)[0] == "SH4"
    assert reserves(kept)[0] == "JOKER"
    assert kept.player == 1


# --- DOUBLE -----------------------------------------------------------------------------


def test_double_on_self_applies_to_the_next_own_turn() -> None:
    state = table(a="B5 G1 Y2 R9 G12 Y14", piles=["R3"], reserves=["DOUBLE"])
    state = play(state, "0:activate DOUBLE 0", "0:draw A")
    assert (state.doubled, state.double) == (frozenset({0}), False)
    assert "0:stop" in moves_of(state)  # the current turn is not hit
    state = play(state, "0:stop", "1:draw A", "1:stop", "2:draw A", "2:stop")
    assert (state.player, state.double, state.doubled) == (0, True, frozenset())
    assert moves_of(state) == ["0:draw A", "0:draw B"]  # no LOCK
    refused(state, "0:lock", Reason.NOT_ALLOWED)
    state = play(state, "0:draw A")
    assert moves_of(state) == ["0:draw A", "0:draw B"]  # no STOP after one draw
    refused(state, "0:stop", Reason.NOT_ALLOWED)
    state = play(state, "0:draw A")
    assert piles(state)[0] == "R3 B5 R9 G12"
    assert moves_of(state) == ["0:stop", "0:draw A", "0:draw B"]
    state = play(state, "0:stop")
    assert (state.player, state.double) == (1, False)


def test_double_forbids_quantum_until_the_two_draws() -> None:
    state = table(a="B5 G1 Y2", piles=["R3"], reserves=["QUANTUM"], double=True, discard="DOUBLE")
    assert moves_of(state) == ["0:draw A", "0:draw B"]
    refused(state, "0:activate QUANTUM A", Reason.NOT_ALLOWED)
    once = play(state, "0:draw A")
    refused(once, "0:activate QUANTUM B", Reason.NOT_ALLOWED)
    twice = play(once, "0:draw A")
    assert moves_of(twice) == [
        "0:stop",
        "0:draw A",
        "0:draw B",
        "0:activate QUANTUM A",
        "0:activate QUANTUM B",
    ]


def test_double_counts_a_rainbow_redraw_as_a_draw() -> None:
    state = table(a="RB4 B6", double=True, discard="DOUBLE")
    state = play(state, "0:draw A", "0:draw A")
    assert (piles(state)[0], state.drawn) == ("RB4 B6", 2)
    assert "0:stop" in moves_of(state)


def test_double_after_a_flip_still_needs_the_draws() -> None:
    state = table(a="B5 G1", reserves=["FLIP"], double=True, discard="DOUBLE")
    flipped = play(state, "0:activate FLIP")
    assert moves_of(flipped) == ["0:draw A", "0:draw B"]
    refused(flipped, "0:stop", Reason.NOT_ALLOWED)


def test_a_stop_condition_during_the_double_draws_ends_the_turn() -> None:
    state = table(a="G3 Y1", piles=["R3"], double=True, discard="DOUBLE")
    after = play(state, "0:draw A")
    assert discard_tail(after, state) == "R3 G3"
    assert (after.player, after.phase, after.double) == (1, START, False)


def test_a_double_target_must_be_a_seat() -> None:
    state = table(reserves=["DOUBLE"])
    refused(state, "0:activate DOUBLE 3", Reason.BAD_TARGET)
    refused(state, ns.Activate(0, cards("DOUBLE")[0]), Reason.MALFORMED)
    refused(state, ns.Activate(0, cards("DOUBLE")[0], stock=ns.Stock.A), Reason.MALFORMED)


# --- SKIP -------------------------------------------------------------------------------


def test_skip_targets_an_opponent_whose_next_turn_is_skipped() -> None:
    state = table(
        a="B5 G1 Y2", piles=["R3", "R4"], reserves=["SKIP", "DOUBLE FLIP"], collections=["", "Y9"]
    )
    assert moves_of(state)[-2:] == ["0:activate SKIP 1", "0:activate SKIP 2"]
    refused(state, "0:activate SKIP 0", Reason.BAD_TARGET)
    state = play(state, "0:activate SKIP 1", "0:draw A", "0:stop")
    assert (state.player, state.phase, state.skipped) == (1, ns.Phase.SKIPPED, frozenset())
    assert moves_of(state) == [
        "1:activate DOUBLE 0",
        "1:activate DOUBLE 1",
        "1:activate DOUBLE 2",
        "1:end turn",
    ]
    refused(state, "1:lock", Reason.WRONG_PHASE)
    refused(state, "1:draw A", Reason.WRONG_PHASE)
    refused(state, "1:stop", Reason.WRONG_PHASE)
    refused(state, "1:activate FLIP", Reason.NOT_ALLOWED)
    state = play(state, "1:activate DOUBLE 2")
    assert (state.phase, state.doubled) == (ns.Phase.SKIPPED, frozenset({2}))
    assert moves_of(state) == ["1:end turn"]
    state = play(state, "1:end turn")
    assert (state.player, state.phase, state.double) == (2, START, True)
    assert piles(state)[1] == "R4"  # nothing changed for the skipped seat
    assert collections(state)[1] == "Y9"


def test_a_skipped_turn_may_swipe() -> None:
    state = table(
        piles=["R3", "R4", ""],
        reserves=["", "SWIPE"],
        phase=ns.Phase.SKIPPED,
        player=1,
        discard="SKIP",
    )
    assert moves_of(state) == ["1:activate SWIPE 0", "1:activate SWIPE 2", "1:end turn"]
    state = play(state, "1:activate SWIPE 2")
    assert piles(state) == ["R3", "", "R4"]
    assert moves_of(state) == ["1:end turn"]


def test_skip_with_a_pending_double_waits_for_the_next_played_turn() -> None:
    state = table(
        a="B5 G1 Y2",
        piles=["R3"],
        phase=DRAW,
        drawn=1,
        doubled=[1],
        skipped=[1],
        discard="R0 DOUBLE SKIP",
    )
    state = play(state, "0:stop")
    assert (state.player, state.phase, state.double) == (1, ns.Phase.SKIPPED, False)
    assert state.doubled == frozenset({1})
    state = play(state, "1:end turn", "2:draw A", "2:stop", "0:lock")
    assert (state.player, state.phase, state.double, state.doubled) == (1, START, True, frozenset())
    assert moves_of(state) == ["1:draw A", "1:draw B"]


# --- FLIP -------------------------------------------------------------------------------


def test_flip_shows_both_tops_to_the_flipper_only() -> None:
    state = table(a="R5 Y1", b="G7", piles=["B2"], reserves=["FLIP"])
    flipped = play(state, "0:activate FLIP")
    assert (flipped.phase, flipped.peeks) == (ns.Phase.FLIPPED, (0, 0))
    assert moves_of(flipped) == ["0:stop", "0:draw A", "0:draw B"]
    refused(flipped, "0:lock", Reason.WRONG_PHASE)
    assert ns.observe(flipped, 0).tops == cards("R5 G7")
    for seat in (None, 1, 2):
        seen = ns.observe(flipped, seat)
        assert seen.tops == (None, None)
        assert seen.peeks == (0, 0)  # who looked is public, not what
    assert ns.hidden_cards(flipped, 0) == ns.hidden_cards(state, 0) - set(cards("R5 G7"))
    assert ns.hidden_cards(flipped, 1) == ns.hidden_cards(state, 1)


def test_flip_knowledge_lasts_until_the_card_is_drawn() -> None:
    state = table(a="R5 Y1", b="G7", piles=["B2"], reserves=["FLIP"])
    state = play(state, "0:activate FLIP", "0:stop")  # a turn without a draw
    assert (state.player, piles(state)[0]) == (1, "B2")
    assert ns.observe(state, 0).tops == cards("R5 G7")  # still seen on seat 1's turn
    state = play(state, "1:draw A")
    assert state.peeks == (None, 0)
    assert ns.observe(state, 0).tops == (None, cards("G7")[0])
    assert cards("Y1")[0] in ns.hidden_cards(state, 0)
    assert ns.observe(state, 1).tops == (None, None)
    state = play(state, "1:draw B")
    assert state.peeks == (None, None)
    assert ns.observe(state, 0).tops == (None, None)


def test_after_the_draw_that_follows_a_flip_the_turn_goes_on() -> None:
    state = table(a="R5", reserves=["FLIP DOUBLE"])
    state = play(state, "0:activate FLIP", "0:draw A")
    assert state.phase is DRAW
    assert "0:activate DOUBLE 1" in moves_of(state)


def test_flip_sees_only_a_stock_that_is_not_empty() -> None:
    state = play(table(b="G7", reserves=["FLIP"]), "0:activate FLIP")
    assert state.peeks == (None, 0)
    assert ns.observe(state, 0).tops == (None, cards("G7")[0])


# --- SWIPE ------------------------------------------------------------------------------


def test_swipe_exchanges_piles_with_a_neighbour_collections_stay() -> None:
    state = table(
        a="Y9", piles=["R1 B2", "G3", ""], collections=["Y1", "Y2", "Y3"], reserves=["SWIPE"]
    )
    assert moves_of(state) == [
        "0:lock",
        "0:draw A",
        "0:draw B",
        "0:activate SWIPE 1",
        "0:activate SWIPE 2",
    ]
    after = play(state, "0:activate SWIPE 1")
    assert piles(after) == ["G3", "R1 B2", ""]
    assert collections(after) == ["Y1", "Y2", "Y3"]
    assert (after.phase, after.drawn, after.player) == (DRAW, 0, 0)
    refused(after, "0:stop", Reason.NOT_ALLOWED)
    other = play(state, "0:activate SWIPE 2")  # with an empty neighbour pile
    assert piles(other) == ["", "G3", "R1 B2"]


def test_swipe_of_an_own_empty_pile_takes_the_neighbours() -> None:
    state = table(piles=["", "G3 R4", ""], reserves=["SWIPE"])
    assert moves_of(state)[-1:] == ["0:activate SWIPE 1"]
    refused(state, "0:activate SWIPE 2", Reason.NOT_ALLOWED)  # both piles empty
    after = play(state, "0:activate SWIPE 1")
    assert piles(after) == ["G3 R4", "", ""]


def test_swipe_of_two_empty_piles_is_refused() -> None:
    state = table(reserves=["SWIPE"])
    assert moves_of(state) == ["0:draw B"]
    refused(state, "0:activate SWIPE 1", Reason.NOT_ALLOWED)
    refused(state, "0:activate SWIPE 2", Reason.NOT_ALLOWED)


def test_swipe_targets_a_neighbour_only() -> None:
    state = table(4, piles=["R1", "R2", "R3", "R4"], reserves=["SWIPE"])
    assert moves_of(state)[-2:] == ["0:activate SWIPE 1", "0:activate SWIPE 3"]
    refused(state, "0:activate SWIPE 2", Reason.BAD_TARGET)
    refused(state, "0:activate SWIPE 0", Reason.BAD_TARGET)
    two = table(2, piles=["R1", "R2"], reserves=["SWIPE"])
    assert moves_of(two)[-1:] == ["0:activate SWIPE 1"]


# --- QUANTUM ----------------------------------------------------------------------------


def test_quantum_keeps_one_family_card_and_ends_the_turn() -> None:
    state = table(a="R5 DOUBLE Y9 G0", piles=["B2"], reserves=["QUANTUM"])
    taken = play(state, "0:activate QUANTUM A")
    assert (taken.phase, text(taken.pending)) == (ns.Phase.QUANTUM, "R5 DOUBLE Y9")
    assert taken.drawn == 3  # every card taken from a stock is a draw
    assert text(taken.stocks[0]) == "G0"
    assert moves_of(taken) == ["0:keep R5", "0:keep Y9", "0:keep none"]
    refused(taken, "0:keep DOUBLE", Reason.NOT_ALLOWED)
    refused(taken, "0:keep G0", Reason.CARD_NOT_HELD)
    refused(taken, "0:stop", Reason.WRONG_PHASE)
    refused(taken, "0:draw A", Reason.WRONG_PHASE)
    kept = play(taken, "0:keep Y9")
    assert piles(kept)[0] == "B2 Y9"
    assert discard_tail(kept, state) == "QUANTUM R5 DOUBLE"
    assert (kept.player, kept.phase) == (1, START)


def test_quantum_may_keep_nothing() -> None:
    state = table(a="R5 DOUBLE Y9", piles=["B2"], reserves=["QUANTUM"])
    after = play(state, "0:activate QUANTUM A", "0:keep none")
    assert piles(after)[0] == "B2"
    assert discard_tail(after, state) == "QUANTUM R5 DOUBLE Y9"
    assert after.player == 1


def test_a_quantum_of_action_cards_only_offers_none() -> None:
    state = table(a="DOUBLE SKIP FLIP", reserves=["QUANTUM"])
    taken = play(state, "0:activate QUANTUM A")
    assert moves_of(taken) == ["0:keep none"]


def test_a_kept_quantum_shadow_starts_a_new_pile() -> None:
    state = table(a="SH4 R2 B9", piles=["G1 Y6"], reserves=["QUANTUM"])
    after = play(state, "0:activate QUANTUM A", "0:keep SH4")
    assert piles(after)[0] == "SH4"
    assert discard_tail(after, state) == "QUANTUM R2 B9 G1 Y6"


def test_a_kept_quantum_rainbow_draws_nothing_more() -> None:
    state = table(a="RB3 R2 B9", piles=["G1"], reserves=["QUANTUM"])
    after = play(state, "0:activate QUANTUM A", "0:keep RB3")
    assert piles(after)[0] == "G1 RB3"
    assert (after.player, after.phase) == (1, START)


def test_a_kept_quantum_card_that_breaks_the_pile_loses_it() -> None:
    state = table(a="G2 R7 Y11", piles=["R1 B2"], reserves=["QUANTUM"])
    after = play(state, "0:activate QUANTUM A", "0:keep G2")
    assert piles(after)[0] == ""
    assert discard_tail(after, state) == "QUANTUM R7 Y11 R1 B2 G2"
    assert after.player == 1


def test_quantum_takes_from_the_other_stock_when_the_chosen_one_runs_out() -> None:
    state = table(a="R5 Y9", b="G1 G2", reserves=["QUANTUM"], peeks=(1, 1), discard="FLIP")
    taken = play(state, "0:activate QUANTUM A")
    assert text(taken.pending) == "R5 Y9 G1"
    assert taken.stocks[0] == ()
    assert text(taken.stocks[1][:1]) == "G2"
    assert taken.peeks == (None, None)  # both tops seen by seat 1 are gone
    assert moves_of(taken) == ["0:keep R5", "0:keep G1", "0:keep Y9", "0:keep none"]


def test_quantum_from_an_empty_stock_is_refused() -> None:
    state = table(b="G1", reserves=["QUANTUM"])
    assert moves_of(state)[-1:] == ["0:activate QUANTUM B"]
    refused(state, "0:activate QUANTUM A", Reason.NOT_ALLOWED)
    refused(state, "0:activate QUANTUM", Reason.MALFORMED)
    refused(state, "0:activate QUANTUM 1", Reason.MALFORMED)


def test_a_quantum_that_takes_the_last_cards_ends_the_round() -> None:
    state = table(
        a="R5",
        b="Y9",
        piles=["B2", "G3"],
        collections=["Y1"],
        reserves=["QUANTUM", "FLIP"],
        rest="discard",
    )
    after = play(state, "0:activate QUANTUM A")
    assert (after.phase, after.player, after.stocks) == (ns.Phase.VALIDATION, 0, ((), ()))
    assert (piles(after), reserves(after)) == (["", "", ""], ["", "", ""])
    assert collections(after) == ["Y1", "", ""]
    assert discard_tail(after, state) == "QUANTUM R5 Y9 B2 G3 FLIP"
