"""Num Stop turn scenarios: LOCK, DRAW, STOP, the stop checks, the Rainbow redraw and the
reserve of action cards.
"""

from __future__ import annotations

from numrules import Reason
from numrules import numstop as ns
from tests.numstop.helpers import (
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

DRAW = ns.Phase.DRAW

# --- LOCK -------------------------------------------------------------------------------


def test_lock_is_the_first_and_only_action_and_moves_the_pile_to_the_collection() -> None:
    state = table(a="Y9", piles=["R3 B5"], collections=["G1"])
    assert moves_of(state) == ["0:lock", "0:draw A", "0:draw B"]
    after = play(state, "0:lock")
    assert piles(after) == ["", "", ""]
    assert collections(after) == ["G1 R3 B5", "", ""]
    assert (after.phase, after.player, after.stocks) == (ns.Phase.START, 1, state.stocks)


def test_lock_is_refused_after_a_draw_and_with_an_empty_pile() -> None:
    state = table(a="Y9 G2", piles=["R3 B5"])
    drawn = play(state, "0:draw A")
    assert piles(drawn)[0] == "R3 B5 Y9"
    refused(drawn, "0:lock", Reason.WRONG_PHASE)
    empty = play(drawn, "0:stop")  # seat 1 starts with an empty pile
    assert moves_of(empty) == ["1:draw A", "1:draw B"]
    refused(empty, "1:lock", Reason.NOT_ALLOWED)
    refused(empty, "0:lock", Reason.NOT_YOUR_TURN)


def test_a_pile_started_this_turn_cannot_be_locked() -> None:
    # The pile is empty at the start of the turn: what is drawn now is not lockable.
    state = play(table(a="R3 B5"), "0:draw A")
    refused(state, "0:lock", Reason.WRONG_PHASE)
    # Cards taken from a neighbour with SWIPE this turn neither.
    swiped = play(table(piles=["", "G4"], reserves=["SWIPE"]), "0:activate SWIPE 1")
    assert piles(swiped) == ["G4", "", ""]
    refused(swiped, "0:lock", Reason.WRONG_PHASE)


# --- DRAW and STOP ----------------------------------------------------------------------


def test_a_draw_appends_to_the_pile_and_stop_keeps_the_pile_unlocked() -> None:
    state = table(a="R3", b="G8", piles=["B5"])
    state = play(state, "0:draw B")
    assert piles(state)[0] == "B5 G8"
    assert (state.phase, state.drawn, text(state.stocks[1][:1])) == (DRAW, 1, "R0")
    assert moves_of(state) == ["0:stop", "0:draw A", "0:draw B"]
    stopped = play(state, "0:stop")
    assert piles(stopped)[0] == "B5 G8"
    assert collections(stopped)[0] == ""
    assert (stopped.phase, stopped.player, stopped.drawn) == (ns.Phase.START, 1, 0)


def test_stop_only_after_a_draw_of_this_turn() -> None:
    state = table(a="R3", piles=["B5"], reserves=["DOUBLE"])
    refused(state, "0:stop", Reason.WRONG_PHASE)  # at the start of the turn
    # An activation is not a draw: still no STOP.
    activated = play(state, "0:activate DOUBLE 2")
    assert (activated.phase, activated.drawn) == (DRAW, 0)
    assert moves_of(activated) == ["0:draw A", "0:draw B"]
    refused(activated, "0:stop", Reason.NOT_ALLOWED)


def test_an_empty_stock_cannot_be_drawn() -> None:
    state = table(piles=["B5"])
    assert moves_of(state) == ["0:lock", "0:draw B"]
    refused(state, "0:draw A", Reason.NOT_ALLOWED)


# --- the stop checks --------------------------------------------------------------------


def test_three_cards_of_one_family_in_a_row_lose_the_pile() -> None:
    state = table(a="R5", piles=["B1 R3 R9"], discard="Y0")
    after = play(state, "0:draw A")
    assert piles(after) == ["", "", ""]
    assert discard_tail(after, state) == "B1 R3 R9 R5"
    assert (after.phase, after.player) == (ns.Phase.START, 1)


def test_two_cards_of_one_value_in_a_row_lose_the_pile() -> None:
    state = table(a="G7", piles=["R1 B7"])
    after = play(state, "0:draw A")
    assert piles(after)[0] == ""
    assert discard_tail(after, state) == "R1 B7 G7"
    assert after.player == 1


def test_runs_that_are_not_at_the_end_of_the_pile_do_not_count() -> None:
    state = table(a="R5 Y3", piles=["R3 R9 B4"])
    after = play(state, "0:draw A", "0:draw A")
    assert piles(after)[0] == "R3 R9 B4 R5 Y3"
    assert after.phase is DRAW


def test_a_drawn_shadow_is_checked_first_and_the_player_chooses() -> None:
    # SH5 after B5 would be a pair of fives: the Shadow choice comes first.
    state = table(a="SH5", piles=["R3 B5"])
    choice = play(state, "0:draw A")
    assert (choice.phase, text(choice.pending), piles(choice)[0]) == (
        ns.Phase.SHADOW,
        "SH5",
        "R3 B5",
    )
    assert moves_of(choice) == ["0:keep SH5", "0:discard SH5"]
    refused(choice, "0:stop", Reason.WRONG_PHASE)
    refused(choice, "0:draw B", Reason.WRONG_PHASE)
    kept = play(choice, "0:keep SH5")
    assert piles(kept)[0] == "SH5"
    assert discard_tail(kept, state) == "R3 B5"
    assert kept.player == 1
    dropped = play(choice, "0:discard SH5")
    assert piles(dropped)[0] == "R3 B5"
    assert discard_tail(dropped, state) == "SH5"
    assert dropped.player == 1


def test_a_shadow_choice_names_the_drawn_shadow() -> None:
    choice = play(table(a="SH5", piles=["R3"]), "0:draw A")
    refused(choice, "0:keep SH6", Reason.CARD_NOT_HELD)
    refused(choice, "0:discard SH6", Reason.CARD_NOT_HELD)
    refused(choice, "0:keep none", Reason.NOT_ALLOWED)


def test_a_shadow_as_first_card_counts_with_its_value() -> None:
    state = table(a="R5", piles=["SH5"])
    after = play(state, "0:draw A")
    assert piles(after)[0] == ""
    assert discard_tail(after, state) == "SH5 R5"
    # Another value is fine, and the Shadow stays the first card.
    fine = play(table(a="R6", piles=["SH5"]), "0:draw A")
    assert piles(fine)[0] == "SH5 R6"


def test_a_rainbow_forces_an_immediate_redraw() -> None:
    state = table(a="RB9 Y4", piles=["B2"], reserves=["FLIP"])
    forced = play(state, "0:draw A")
    assert (forced.phase, piles(forced)[0], forced.drawn) == (ns.Phase.REDRAW, "B2 RB9", 1)
    assert moves_of(forced) == ["0:draw A", "0:draw B"]
    refused(forced, "0:stop", Reason.WRONG_PHASE)
    refused(forced, "0:activate FLIP", Reason.WRONG_PHASE)
    refused(forced, "0:lock", Reason.WRONG_PHASE)
    after = play(forced, "0:draw A")
    assert (after.phase, piles(after)[0], after.drawn) == (DRAW, "B2 RB9 Y4", 2)
    assert "0:stop" in moves_of(after)


def test_a_rainbow_that_stops_the_turn_needs_no_redraw() -> None:
    three = table(a="RB9", piles=["RB1 RB5"])
    after = play(three, "0:draw A")
    assert (piles(after)[0], discard_tail(after, three)) == ("", "RB1 RB5 RB9")
    assert (after.phase, after.player) == (ns.Phase.START, 1)
    pair = table(a="RB9", piles=["B9"])
    after = play(pair, "0:draw A")
    assert (piles(after)[0], discard_tail(after, pair)) == ("", "B9 RB9")


def test_a_rainbow_redraw_may_bring_a_stop_condition() -> None:
    state = table(a="RB9 G9", piles=["B2"])
    after = play(state, "0:draw A", "0:draw A")
    assert discard_tail(after, state) == "B2 RB9 G9"
    assert after.player == 1


# --- drawn action cards and the reserve --------------------------------------------------


def test_a_drawn_action_card_is_activated_or_reserved() -> None:
    state = table(a="FLIP", piles=["R1"])
    choice = play(state, "0:draw A")
    assert (choice.phase, text(choice.pending), choice.drawn) == (ns.Phase.ACTION, "FLIP", 1)
    assert piles(choice)[0] == "R1"  # an action card never joins the pile
    assert moves_of(choice) == ["0:activate FLIP", "0:reserve FLIP"]
    refused(choice, "0:stop", Reason.WRONG_PHASE)
    refused(choice, "0:reserve SWIPE", Reason.CARD_NOT_HELD)
    kept = play(choice, "0:reserve FLIP")
    assert (kept.phase, reserves(kept)[0], kept.pending) == (DRAW, "FLIP", ())
    assert "0:stop" in moves_of(kept)  # the action card was a draw


def test_the_reserve_is_public_and_activated_any_time_of_the_own_turn() -> None:
    state = table(a="G2", reserves=["DOUBLE"])
    for seat in (None, 0, 1, 2):
        assert ns.observe(state, seat).reserves[0] == state.reserves[0]
    assert moves_of(state) == [
        "0:draw A",
        "0:draw B",
        "0:activate DOUBLE 0",
        "0:activate DOUBLE 1",
        "0:activate DOUBLE 2",
    ]
    later = play(state, "0:draw A")
    assert "0:activate DOUBLE 1" in moves_of(later)
    later = play(later, "0:activate DOUBLE 1")
    assert (reserves(later)[0], text(later.discard[-1:])) == ("", "DOUBLE")


def test_a_held_card_is_not_activated_while_a_drawn_card_waits_and_the_reserve_has_room() -> None:
    choice = play(table(a="DOUBLE", reserves=["FLIP"]), "0:draw A")
    refused(choice, "0:activate FLIP", Reason.NOT_ALLOWED)
    refused(choice, "0:activate SWIPE 1", Reason.CARD_NOT_HELD)


def test_with_a_full_reserve_a_reserved_card_is_activated_and_the_new_one_takes_the_slot() -> None:
    state = table(a="DOUBLE", piles=["R1"], reserves=["FLIP SWIPE"])
    choice = play(state, "0:draw A")
    assert moves_of(choice) == [
        "0:activate DOUBLE 0",
        "0:activate DOUBLE 1",
        "0:activate DOUBLE 2",
        "0:activate FLIP",
        "0:activate SWIPE 1",
        "0:activate SWIPE 2",
    ]
    refused(choice, "0:reserve DOUBLE", Reason.NOT_ALLOWED)
    flipped = play(choice, "0:activate FLIP")
    assert reserves(flipped)[0] == "SWIPE DOUBLE"
    assert flipped.phase is ns.Phase.FLIPPED
    assert discard_tail(flipped, state) == "FLIP"


def test_with_a_full_reserve_the_new_card_may_be_activated_itself() -> None:
    state = table(a="DOUBLE", piles=["R1"], reserves=["FLIP SWIPE"])
    after = play(state, "0:draw A", "0:activate DOUBLE 1")
    assert reserves(after)[0] == "FLIP SWIPE"
    assert (after.phase, after.doubled) == (DRAW, frozenset({1}))
    assert discard_tail(after, state) == "DOUBLE"


def test_with_a_full_reserve_and_nothing_activatable_the_new_card_is_discarded() -> None:
    # A DOUBLE turn (no QUANTUM yet), the JOKER (no Shadow) and a SWIPE with three empty
    # piles: none of the three can be activated.
    state = table(a="SWIPE R4", reserves=["JOKER QUANTUM"], double=True, discard="DOUBLE")
    after = play(state, "0:draw A")
    assert (after.phase, after.pending, after.drawn) == (DRAW, (), 1)
    assert reserves(after)[0] == "JOKER QUANTUM"
    assert discard_tail(after, state) == "SWIPE"
    assert moves_of(after) == ["0:draw A", "0:draw B"]


def test_a_reserve_of_zero_cards_is_a_config_choice() -> None:
    choice = play(table(a="FLIP", reserve_size=0), "0:draw A")
    assert moves_of(choice) == ["0:activate FLIP"]
    refused(choice, "0:reserve FLIP", Reason.NOT_ALLOWED)
