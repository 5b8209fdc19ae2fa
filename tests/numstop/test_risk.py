"""`risk`: hand-made positions, and an exact check along random games by trying every card.

The random check does not reuse the formula of `risk`: for every card the seat cannot
locate, it builds the position with that card on top of the stock, applies the draw
with the real rules, and looks at what happened.
"""

from __future__ import annotations

import random
from fractions import Fraction

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from numrules import NotationError, StateError
from numrules import numstop as ns
from numrules.core.cards import Family, FamilyCard, NumCard
from tests.numstop.helpers import table

DRAW_PHASES = (ns.Phase.START, ns.Phase.DRAW, ns.Phase.REDRAW, ns.Phase.FLIPPED)


def test_fresh_round_risk_is_the_share_of_shadows() -> None:
    state = ns.new_game(ns.Config(), seed=3)
    for stock in ns.Stock:
        assert ns.risk(ns.observe(state, 0), stock) == Fraction(17, 108)
    discovery = ns.new_game(ns.Config(mode=ns.Mode.DISCOVERY), seed=3)
    assert ns.risk(ns.observe(discovery, None), "B") == Fraction(17, 102)


def test_the_end_of_the_pile_decides_which_cards_lose_it() -> None:
    # Pile R3 R5: another red (a family run of three) or a 5 (two of a value) loses it;
    # the 17 Shadows make the Shadow choice. Every card but the pile is unseen.
    state = table(2, piles=["R3 R5"], phase=ns.Phase.DRAW, drawn=1)
    reds = 17 - 2  # R3 and R5 are in the pile
    fives = 4  # B5 G5 Y5 RB5
    shadows = 17
    assert ns.risk(ns.observe(state, 1), ns.Stock.B) == Fraction(reds + fives + shadows, 106)
    # A Shadow first card counts with its family and its value.
    state = table(2, piles=["SH4"], phase=ns.Phase.DRAW, drawn=1)
    assert ns.risk(ns.observe(state, 0), ns.Stock.B) == Fraction(16 + 5, 107)


def test_a_flipped_top_is_certain_for_the_flipper_only() -> None:
    state = table(
        2,
        a="R5 B1",
        b="G2",
        piles=["Y5"],
        discard="FLIP",
        phase=ns.Phase.FLIPPED,
        peeks=(0, 0),
    )
    mine, theirs = ns.observe(state, 0), ns.observe(state, 1)
    assert ns.risk(mine, ns.Stock.A) == 1  # R5 on Y5: two 5s
    assert ns.risk(mine, ns.Stock.B) == 0
    unseen = theirs.unseen()
    fives_or_shadows = [
        c for c in unseen if type(c) is FamilyCard and (c.value == 5 or c.family is Family.SHADOW)
    ]
    assert ns.risk(theirs, ns.Stock.A) == Fraction(len(fives_or_shadows), len(unseen))


def test_the_last_card_of_the_round_always_loses_the_pile() -> None:
    state = table(2, a="RB4", piles=["R1"], phase=ns.Phase.DRAW, drawn=1, rest="discard")
    assert ns.risk(ns.observe(state, 0), ns.Stock.A) == 1
    with pytest.raises(StateError):
        ns.risk(ns.observe(state, 0), ns.Stock.B)
    with pytest.raises(NotationError):
        ns.risk(ns.observe(state, 0), "C")


def _top(state: ns.State, stock: ns.Stock, card: NumCard) -> ns.State:
    # The same position with `card` (somewhere in the stocks) swapped with the top of `stock`.
    stocks = [list(state.stocks[0]), list(state.stocks[1])]
    where = 0 if card in stocks[0] else 1
    at = stocks[where].index(card)
    top = stocks[stock.index][0]
    stocks[where][at], stocks[stock.index][0] = top, card
    return attrs.evolve(state, stocks=(tuple(stocks[0]), tuple(stocks[1])))


def _ends_badly(before: ns.State, after: ns.State) -> bool:
    if after.phase in (ns.Phase.SHADOW, ns.Phase.VALIDATION, ns.Phase.OVER):
        return True
    return after.player != before.player  # a draw ends the turn only by losing the pile


@given(st.integers(0, 2**32), st.integers(2, 6), st.randoms(use_true_random=False))
def test_risk_matches_every_possible_top_card(seed: int, players: int, rnd: random.Random) -> None:
    state = ns.new_game(ns.Config(players=players), seed)
    checked = 0
    for _ in range(400):
        if ns.is_terminal(state) or checked >= 6:
            break
        if state.phase in DRAW_PHASES and rnd.random() < 0.3:
            seat = rnd.choice([state.player, (state.player + 1) % players, None])
            observation = ns.observe(state, seat)
            for stock in ns.Stock:
                if not state.stocks[stock.index]:
                    continue
                top = observation.tops[stock.index]
                candidates = (
                    [top] if top is not None else sorted(ns.hidden_cards(state, seat), key=str)
                )
                bad = sum(
                    _ends_badly(
                        state, ns.apply(_top(state, stock, c), ns.Draw(state.player, stock))
                    )
                    for c in candidates
                )
                assert ns.risk(observation, stock) == Fraction(bad, len(candidates))
                checked += 1
        legal = ns.legal_actions(state)
        state = ns.apply(state, legal[rnd.randrange(len(legal))])
