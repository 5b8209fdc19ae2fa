"""Cards built by hand (`SpecialCard(Special.FLIP)`) are equal to the interned cards
(`numrules.core.cards` promises it): the engine must treat them the same everywhere.
"""

from __future__ import annotations

from numrules import numstop as ns
from numrules.core.cards import Family, FamilyCard, Special, SpecialCard
from tests.numstop.helpers import cards, moves_of, play, table, text

FLIP, DOUBLE = cards("FLIP DOUBLE")


def test_a_stacked_deck_of_handmade_cards_plays_like_the_interned_cards() -> None:
    config = ns.Config(players=3)
    state = ns.new_game(config, 0, deck=[SpecialCard(Special.FLIP), FamilyCard(Family.RED, 4)])
    assert state.stocks[0][0] is FLIP
    state = play(state, "0:draw A", "0:activate FLIP")
    assert (state.phase, state.peeks) == (ns.Phase.FLIPPED, (0, 0))
    assert ns.observe(state, 0).tops[0] is cards("R4")[0]


def test_an_activation_with_a_handmade_card_is_the_legal_activation() -> None:
    state = table(reserves=["DOUBLE"])
    handmade = ns.Activate(0, SpecialCard(Special.DOUBLE), target=1)
    assert handmade in ns.legal_actions(state)
    after = ns.apply(state, handmade)
    assert (after.doubled, text(after.reserves[0]), after.discard[-1]) == (
        frozenset({1}),
        "",
        DOUBLE,
    )


def test_handmade_cards_never_enter_the_state() -> None:
    drawn = play(table(a="FLIP"), "0:draw A")
    after = ns.apply(drawn, ns.Reserve(0, SpecialCard(Special.FLIP)))
    assert after.reserves[0][0] is FLIP
    assert moves_of(after)[-1] == "0:activate FLIP"
    shadow = play(table(a="SH3"), "0:draw A")
    kept = ns.apply(shadow, ns.Keep(0, FamilyCard(Family.SHADOW, 3)))
    assert kept.piles[0][0] is cards("SH3")[0]
    dropped = ns.apply(shadow, ns.Discard(0, FamilyCard(Family.SHADOW, 3)))
    assert dropped.discard[-1] is cards("SH3")[0]
    taken = play(table(a="R1 B5 G9", reserves=["QUANTUM"]), "0:activate QUANTUM A")
    kept = ns.apply(taken, ns.Keep(0, FamilyCard(Family.BLUE, 5)))
    assert kept.piles[0][0] is cards("B5")[0]
    validating = table(phase=ns.Phase.VALIDATION, collections=["R7 B7"])
    picked = ns.apply(validating, ns.Pick(0, FamilyCard(Family.RED, 7)))
    assert picked.selection[0] is cards("R7")[0]
    after = ns.apply(picked, ns.Pick(0, FamilyCard(Family.BLUE, 7)))
    assert all(a is b for a, b in zip(after.scored[0], cards("R7 B7"), strict=True))
