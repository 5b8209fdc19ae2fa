"""Actions in the wrong phase or with junk fields, the card counts, and the rulings the
engine makes where the rules are silent (the Rulings of the rules page).
"""

from __future__ import annotations

from typing import Any

import pytest

from numrules import IllegalActionError, Reason
from numrules import numstop as ns
from tests.numstop.helpers import cards, discard_tail, moves_of, piles, play, refused, table

R1, R7, B7 = cards("R1 R7 B7")
JOKER, DOUBLE, SKIP, FLIP, SWIPE, QUANTUM = ns.ACTION_CARDS


def test_a_round_holds_108_cards_in_classic_and_102_in_discovery() -> None:
    classic = ns.all_cards(ns.Config())
    assert len(classic) == len(set(classic)) == 108
    assert classic[-6:] == cards("JOKER DOUBLE SKIP FLIP SWIPE QUANTUM")
    discovery = ns.all_cards(ns.Config(mode=ns.Mode.DISCOVERY))
    assert len(discovery) == 102
    assert set(discovery) == set(classic) - set(ns.ACTION_CARDS)


@pytest.mark.parametrize(
    "move",
    [
        "0:stop",
        "0:keep none",
        "0:keep SH1",
        "0:discard SH1",
        "0:reserve FLIP",
        "0:end turn",
        "0:end",
        "0:pick R7",
        "0:pass",
    ],
)
def test_decisions_out_of_their_phase_are_refused_at_the_start_of_a_turn(move: str) -> None:
    state = table(a="R1", piles=["B2"], reserves=["FLIP"], collections=["R7 B7"])
    refused(state, move, Reason.WRONG_PHASE)


@pytest.mark.parametrize(
    "move",
    ["0:draw A", "0:lock", "0:stop", "0:activate FLIP", "0:end turn", "0:keep none"],
)
def test_turn_actions_are_refused_during_validation(move: str) -> None:
    refused(table(phase=ns.Phase.VALIDATION, collections=["R7 B7"]), move, Reason.WRONG_PHASE)
    picking = table(collections=["R7 B7"], objective="pair", selection="R7")
    refused(picking, move, Reason.WRONG_PHASE)


def test_no_activation_during_a_quantum_choice_or_after_a_flip() -> None:
    quantum = play(table(a="R1 R2 R3", reserves=["QUANTUM DOUBLE"]), "0:activate QUANTUM A")
    refused(quantum, "0:activate DOUBLE 1", Reason.WRONG_PHASE)
    flipped = play(table(reserves=["FLIP DOUBLE"]), "0:activate FLIP")
    refused(flipped, "0:activate DOUBLE 1", Reason.WRONG_PHASE)


@pytest.mark.parametrize(
    "action",
    [
        ns.Lock(True),
        ns.Lock("0"),  # type: ignore[arg-type]
        ns.Draw(0, "A"),  # type: ignore[arg-type]
        ns.Activate(0, "DOUBLE", target=1),  # type: ignore[arg-type]
        ns.Activate(0, DOUBLE, target=True),
        ns.Activate(0, DOUBLE, target="1"),  # type: ignore[arg-type]
        ns.Activate(0, DOUBLE, target=1, stock=ns.Stock.A),
        ns.Activate(0, QUANTUM, stock="A"),  # type: ignore[arg-type]
        ns.Activate(0, QUANTUM, target=1, stock=ns.Stock.A),
        ns.Activate(0, FLIP, target=1),
        ns.Activate(0, FLIP, stock=ns.Stock.A),
    ],
)
def test_junk_in_a_field_is_malformed(action: Any) -> None:
    held = "FLIP" if getattr(action, "card", None) is FLIP else "DOUBLE QUANTUM"
    state = table(a="R3", piles=["R1"], reserves=[held])
    # Not `refused`: `target=True` equals `target=1`, a legal target, yet a bool is junk.
    with pytest.raises(IllegalActionError) as info:
        ns.apply(state, action)
    assert info.value.reason is Reason.MALFORMED


def test_junk_in_decisions_and_validations_is_malformed() -> None:
    quantum = play(table(a="R1 R2 R3", reserves=["QUANTUM"]), "0:activate QUANTUM A")
    refused(quantum, ns.Keep(0, "R1"), Reason.MALFORMED)  # type: ignore[arg-type]
    drawn = play(table(a="FLIP"), "0:draw A")
    refused(drawn, ns.Reserve(0, "FLIP"), Reason.MALFORMED)  # type: ignore[arg-type]
    validating = table(phase=ns.Phase.VALIDATION, collections=["R7 B7"])
    refused(validating, ns.Pick(0, "R7"), Reason.MALFORMED)  # type: ignore[arg-type]
    refused(validating, ns.Pick(0, 0), Reason.MALFORMED)  # type: ignore[arg-type]
    picking = play(validating, "0:pick R7")
    refused(picking, ns.Pick(0, "B7"), Reason.MALFORMED)  # type: ignore[arg-type]
    refused(picking, ns.Pick(0, (R7, B7)), Reason.MALFORMED)  # type: ignore[arg-type]
    refused(validating, ("0:end",), Reason.MALFORMED)


def test_only_action_cards_are_activated() -> None:
    state = table(a="R3", piles=["R1"], reserves=["DOUBLE"])
    refused(state, ns.Activate(0, R1), Reason.NOT_ALLOWED)
    refused(state, "0:activate SKIP 1", Reason.CARD_NOT_HELD)


# --- rulings where the rules are silent -------------------------------------------------


def test_an_action_card_drawn_as_the_rainbow_redraw_satisfies_it() -> None:
    state = play(table(a="RB9 FLIP", piles=["B2"]), "0:draw A", "0:draw A", "0:reserve FLIP")
    assert (state.phase, piles(state)[0], state.drawn) == (ns.Phase.DRAW, "B2 RB9", 2)
    assert moves_of(state)[0] == "0:stop"


def test_a_shadow_answered_by_the_joker_satisfies_the_rainbow_redraw() -> None:
    state = table(a="RB9 SH3", piles=["B2"], reserves=["JOKER"])
    state = play(state, "0:draw A", "0:draw A", "0:activate JOKER")
    assert (state.phase, piles(state)[0]) == (ns.Phase.DRAW, "B2 RB9")
    assert moves_of(state)[0] == "0:stop"


def test_a_card_drawn_last_ends_the_round_before_any_decision() -> None:
    for last in ("SH3", "FLIP"):
        state = table(a=last, piles=["B2"], reserves=["JOKER"], rest="discard")
        after = play(state, "0:draw A")
        assert (after.phase, after.pending) == (ns.Phase.VALIDATION, ())
        assert discard_tail(after, state) == f"{last} B2 JOKER"


def test_a_quantum_forgets_only_the_flip_top_it_took() -> None:
    state = table(
        a="R1 R2 R3 R4", b="G1", reserves=["", "QUANTUM"], player=1, peeks=(0, 0), discard="FLIP"
    )
    after = play(state, "1:activate QUANTUM A")
    assert after.peeks == (None, 0)
    assert ns.observe(after, 0).tops == (None, cards("G1")[0])


def test_a_turn_may_be_a_flip_and_a_stop_without_a_draw() -> None:
    state = play(table(a="R5", piles=["B2"], reserves=["FLIP"]), "0:activate FLIP", "0:stop")
    assert (state.player, piles(state)[0], state.stocks[0]) == (1, "B2", cards("R5"))
