"""`risk`: the chance that the next draw from a stock ends badly, from one seat's knowledge.

The question a Num Stop player asks before every draw. It is answered from an
`Observation` only, so a bot or an app can ask it without access to the hidden state.
"""

from __future__ import annotations

from fractions import Fraction

from numrules.core.cards import FamilyCard, NumCard
from numrules.core.errors import NotationError, StateError
from numrules.numstop.cards import Stock, is_shadow
from numrules.numstop.config import Config
from numrules.numstop.observation import Observation
from numrules.numstop.state import pile_breaks


def risk(observation: Observation, stock: Stock | str) -> Fraction:
    """The exact probability that drawing from `stock` now ends badly for the player to move.

    *Badly* means the card drawn is a Shadow (the Shadow choice: the turn ends unless
    the JOKER answers it; it counts even when the player holds the JOKER), or it makes
    a stop pattern at the end of the pile (the pile is lost), or it is the last card of
    the round (the round ends and every unlocked pile is lost). Only this one draw
    counts: after a Rainbow, the forced redraw is a new draw whose risk can be asked
    in the next position.

    The probability is judged from what `observation.seat` knows: a top card it saw
    with FLIP is certain; otherwise every card it cannot locate (`observation.unseen()`)
    is equally likely to be on top. A spectator's observation gives the public risk.

    Args:
        observation: what one seat (or a spectator) sees, e.g. `observe(state, seat)`.
        stock: `Stock.A` or `Stock.B` (or the text "A" or "B").

    Raises:
        NotationError: `stock` is not a stock.
        StateError: the stock is empty (nothing can be drawn from it).

    """
    try:
        chosen = Stock(stock)
    except (ValueError, TypeError):
        raise NotationError(f"{stock!r} is not a stock (A or B)") from None
    sizes = observation.stock_sizes
    if not sizes[chosen.index]:
        raise StateError(f"stock {chosen.value} is empty: nothing can be drawn from it")
    if sizes[0] + sizes[1] == 1:
        return Fraction(1)
    top = observation.tops[chosen.index]
    candidates = (top,) if top is not None else tuple(observation.unseen())
    pile, config = observation.piles[observation.player], observation.config
    bad = sum(_ends_badly(card, pile, config) for card in candidates)
    return Fraction(bad, len(candidates))


def _ends_badly(card: NumCard, pile: tuple[NumCard, ...], config: Config) -> bool:
    if type(card) is not FamilyCard:  # an action card never ends the turn
        return False
    return is_shadow(card) or pile_breaks((*pile, card), config)
