"""Num Bounce notation (cards and actions), malformed input, and what observations show."""

from __future__ import annotations

import random
from typing import Any

import pytest

import numrules
from numrules import IllegalActionError, NotationError, Reason, testing
from numrules import numbounce as nb
from numrules.core.cards import Family, FamilyCard, Special, SpecialCard
from tests.numbounce.helpers import cards, hand, play, refused, table


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (nb.Play(2, cards("R7 RB7")), "2:play R7 RB7"),
        (nb.Play(0, cards("B16 INF1 INF4")), "0:play B16 INF1 INF4"),
        (nb.NumX(0), "0:numx"),
        (nb.Take(1, nb.Pile.DRAW), "1:take draw"),
        (nb.Take(1, nb.Pile.DISCARD), "1:take discard"),
        (nb.Keep(1), "1:keep"),
        (nb.Discard(1), "1:discard"),
        (nb.Pass(3), "3:pass"),
        (nb.Interrupt(2, nb.rainbow(7)), "2:interrupt RB7"),
        (nb.Interrupt(5, nb.shadow(0)), "5:interrupt SH0"),
        (nb.Decline(2), "2:decline"),
    ],
)
def test_every_action_has_a_notation_that_parses_back(action: nb.Action, text: str) -> None:
    assert str(action) == text
    assert nb.parse_action(text) == action
    assert nb.parse_action(f"  {text.lower()}  ") == action
    assert nb.parse_action(text.upper()) == action
    assert numrules.loads(numrules.dumps(action)) == action


def test_the_cards_of_a_play_are_put_in_canonical_order() -> None:
    assert nb.parse_action("2:play INF1 RB7 R7") == nb.Play(2, cards("R7 RB7 INF1"))
    assert nb.parse_action("2:play R7,RB7") == nb.Play(2, cards("R7 RB7"))
    assert str(nb.parse_action("0:play RB7 R7")) == "0:play R7 RB7"
    with pytest.raises(NotationError, match="twice"):
        nb.parse_action("0:play R7 R7")


def test_the_kit_checks_the_card_order_of_plays() -> None:
    # Num Bounce is the game with multi-card actions: the kit's card order check must
    # find plays to permute in its random games (the generic suite runs it).
    trajectory = testing.play_random(nb.GAME, nb.Config(players=3), 1, random.Random(1))
    assert testing.check_card_order(trajectory, random.Random(0)) > 0


@pytest.mark.parametrize(
    "text",
    [
        "",
        "0:",
        "0:play",
        "0:play R7 R7",
        "0:play R17",
        "0:play JOKER",
        "0:take",
        "0:take pile",
        "0:keep R7",
        "0:numx now",
        "0:interrupt",
        "0:interrupt BOMB",
        "0:fly",
        "x:pass",
        "-1:pass",
        "0 pass",
    ],
)
def test_malformed_action_notation_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        nb.parse_action(text)


def test_cards_are_the_family_cards_numx_and_the_infinities_only() -> None:
    assert nb.parse_card("rb5") == FamilyCard(Family.RAINBOW, 5)
    assert nb.parse_card("NUMX") is nb.NUM_X
    assert nb.parse_cards("INF1, INF4") == nb.INFINITIES[0:1] + nb.INFINITIES[3:4]
    for bad in ("JOKER", "BOMB", "QUANTUM", "INF5", "R17", "", "7"):
        with pytest.raises(NotationError):
            nb.parse_card(bad)
    for parse in (nb.parse_action, nb.parse_card, nb.parse_cards):
        with pytest.raises(NotationError):
            parse(7)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "action",
    [
        nb.Play(1, cards("B9 R9")),  # not in canonical order
        nb.Play(1, cards("R9 R9")),
        nb.Play(1, ()),
        nb.Play(1, [nb.parse_card("R9")]),  # type: ignore[arg-type]
        nb.Play(1, (FamilyCard(Family.RED, 9.0),)),  # type: ignore[arg-type]
        nb.Play(1, (FamilyCard("R", 9),)),  # type: ignore[arg-type]
        nb.Play(1, (FamilyCard(Family.RED, 40),)),
        nb.Play(1, (SpecialCard(Special.JOKER),)),
        nb.Play(1, ("R9",)),  # type: ignore[arg-type]
        nb.Play(True, cards("R9")),
        nb.Take(1, "draw"),  # type: ignore[arg-type]
        nb.Interrupt(2, "RB7"),  # type: ignore[arg-type]
        nb.Interrupt(2, FamilyCard(Family.RAINBOW, [7])),  # type: ignore[arg-type]
        "1:take draw",
        None,
    ],
)
def test_malformed_actions_are_refused_as_malformed(action: Any) -> None:
    state = table(["G1", "R9 B9 Y2", "RB7"], trick="R7", author=0, mover=1, draw="Y1")
    with pytest.raises(IllegalActionError) as info:
        nb.apply(state, action)
    assert info.value.reason is Reason.MALFORMED
    assert info.value.action is action


def test_actions_of_seats_that_do_not_exist_are_refused() -> None:
    state = table(["G1", "R9 B9 Y2"], trick="R7", author=0, mover=1, draw="Y1")
    refused(state, nb.Take(2, nb.Pile.DRAW), Reason.NOT_YOUR_TURN)
    refused(state, nb.Take(-1, nb.Pile.DRAW), Reason.NOT_YOUR_TURN)
    refused(state, "0:take draw", Reason.NOT_YOUR_TURN)
    refused(state, "1:keep", Reason.WRONG_PHASE)
    refused(state, "1:decline", Reason.WRONG_PHASE)


def test_a_legal_play_written_with_equal_but_not_interned_cards_applies() -> None:
    state = table(["G1", "R9 B9 Y2"], trick="R7", author=0, mover=1, draw="Y1")
    action = nb.Play(1, (FamilyCard(Family.RED, 9),))
    assert action in nb.legal_actions(state)
    assert nb.apply(state, action).trick == cards("R7 R9")


# --- observation -------------------------------------------------------------------------


def test_a_seat_sees_its_hand_the_public_piles_and_the_sizes_of_the_rest() -> None:
    state = table(
        ["G1 B1", "R9 Y2 SH4", "RB7"],
        trick="B3 R7",
        ref=1,
        author=0,
        mover=1,
        draw="Y1 Y5",
        discard="G4 G6",
        known=["", "SH4", ""],
    )
    seen = nb.observe(state, 1)
    assert seen.seat == 1
    assert seen.hand == cards("R9 Y2 SH4")
    assert seen.hand_sizes == (2, 3, 1)
    assert seen.known == ((), cards("SH4"), ())
    assert seen.draw_size == len(state.draw)
    assert seen.discard == cards("G4 G6")
    assert seen.trick == cards("B3 R7")
    assert seen.reference == cards("R7")
    assert (seen.ref_size, seen.author, seen.mover, seen.phase) == (1, 0, 1, nb.Phase.PLAY)
    assert seen.scores == seen.wins == (0, 0, 0)
    spectator = nb.observe(state, None)
    assert spectator.hand == ()
    assert spectator.known == seen.known
    assert nb.hidden_cards(state, 1) == frozenset(state.draw) | hand("G1 B1 RB7")
    assert nb.hidden_cards(state, 0) == frozenset(state.draw) | hand("R9 Y2 RB7")
    assert nb.hidden_cards(state, None) == frozenset(state.draw) | hand("G1 B1 R9 Y2 RB7")


def test_the_observation_does_not_tell_who_may_interrupt() -> None:
    holding = table(["G1", "Y3", "RB7 B2"], trick="R7 B7", author=0, mover=1, draw="Y1 Y5")
    not_holding = table(["G1", "Y3", "Y1 B2"], trick="R7 B7", author=0, mover=1, draw="RB7 Y5")
    assert nb.to_act(holding) != nb.to_act(not_holding)
    for seat in (None, 0, 1):
        assert nb.observe(holding, seat) == nb.observe(not_holding, seat)
        assert nb.GAME.legal_actions_for(holding, 1) == nb.GAME.legal_actions_for(not_holding, 1)


def test_the_observed_to_act_is_the_mover_and_the_observer_if_it_may_interrupt() -> None:
    holding = table(["G1", "Y3", "RB7 B2"], trick="R7 B7", author=0, mover=1, draw="Y1 Y5")
    assert nb.to_act(holding) == {1, 2}
    assert nb.observe(holding, 2).to_act == (1, 2)  # seat 2 knows its own RAINBOW
    for seat in (None, 0, 1):
        assert nb.observe(holding, seat).to_act == (1,)  # nobody else learns of it
    mover_holds = table(["G1", "RB7 Y3", "B2"], trick="R7 B7", author=0, mover=1, draw="Y1 Y5")
    assert nb.to_act(mover_holds) == {1}
    assert {nb.observe(mover_holds, seat).to_act for seat in (None, 0, 1, 2)} == {(1,)}
    # After an interrupt the trick cannot be interrupted again: only the mover acts.
    after = play(holding, "2:interrupt RB7")
    assert nb.observe(after, 2).to_act == (after.mover,) == tuple(sorted(nb.to_act(after)))


def test_observations_and_states_round_trip_through_json() -> None:
    state = table(["G1", "R9 B9 Y2", "RB7"], trick="R7", author=0, mover=1, discard="SH3")
    state = play(state, "1:take discard")
    assert numrules.loads(numrules.dumps(state)) == state
    for seat in (None, 0, 1, 2):
        seen = nb.observe(state, seat)
        assert seen.taken == nb.parse_card("SH3")  # taken from the discard: public
        assert numrules.loads(numrules.dumps(seen)) == seen
    assert numrules.loads(numrules.dumps(nb.Config(target_wins=2))) == nb.Config(target_wins=2)
