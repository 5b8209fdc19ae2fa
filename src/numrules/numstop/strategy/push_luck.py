"""Push your luck in Num Stop: what a pile is worth, how likely a draw loses it, when to stop.

Judgments for a bot, read from an `Observation` only (the seat to move is the observer).
A draw ends badly (`risk`) in two ways that do not cost the same: a SHADOW ends the turn
but keeps the pile (or trades it for the SHADOW), while a stop pattern, or the last card
of the round, loses the pile. `Odds.bust` is the second part, `risk` less the chance
of a SHADOW; the pile is what a bust costs, one more card what a safe draw gains.
"""

from __future__ import annotations

from fractions import Fraction

import attrs

from numrules.core.cards import Family, FamilyCard, NumCard
from numrules.numstop.cards import STOCKS, SWIPE, Stock, is_shadow
from numrules.numstop.observation import Observation
from numrules.numstop.strategy.draw_risk import risk


@attrs.frozen(slots=True)
class Style:
    """How boldly the heuristic bot plays (the defaults were tuned against random bots)."""

    greed: float = 3.0
    """Draw again while (chance of a safe draw) x greed exceeds (chance of a bust) x pile
    worth: above 1 draws more, below 1 stops sooner."""
    lock_at: float = 3.0
    """Lock a pile worth at least this at the start of a turn."""
    shadow_worth: float = 2.0
    """What a SHADOW is worth in a pile, in ordinary cards (it is a wild when validating)."""
    closing: int = 3
    """Once the stocks hold at most `closing` cards per player, lock any pile."""
    swipe_margin: float = 2.0
    """SWIPE when a neighbour's pile is worth this much more than one's own."""
    max_nodes: int = 5_000
    """The node limit of the validation search (`search_validation`)."""
    patience: float = 0.0
    """Leave a combination unvalidated unless it scores its bonus plus this much per card
    (0: validate every combination of the best set), until the game may end."""


def card_worth(card: NumCard, style: Style) -> float:
    """What one card of a pile is worth, in ordinary cards."""
    if type(card) is FamilyCard and card.family is Family.SHADOW:
        return style.shadow_worth
    return 1.0


def pile_worth(pile: tuple[NumCard, ...], style: Style) -> float:
    """What a pile is worth, in ordinary cards."""
    return sum(card_worth(card, style) for card in pile)


def open_stocks(observation: Observation) -> tuple[Stock, ...]:
    """The stocks that still hold cards."""
    return tuple(s for s in STOCKS if observation.stock_sizes[s.index])


@attrs.frozen(slots=True)
class Odds:
    """The chances of the next draw from one stock, judged by the observer."""

    stock: Stock
    risk: Fraction
    """`risk(observation, stock)`: a SHADOW, a lost pile, or the last card of the round."""
    shadow: Fraction
    """The chance of a SHADOW (the turn ends, the pile stays)."""
    last: bool
    """Whether this is the last card of the round (every unlocked pile is lost)."""

    @property
    def bust(self) -> Fraction:
        """The chance of losing the pile: a stop pattern, or the last card of the round."""
        return Fraction(1) if self.last else self.risk - self.shadow


def odds(observation: Observation) -> tuple[Odds, ...]:
    """The odds of a draw from each stock that is not empty.

    Without a card seen with FLIP both stocks are alike to the observer (each unseen card
    is as likely on top of either), so `risk` is asked once.
    """
    last = sum(observation.stock_sizes) == 1
    known: dict[NumCard | None, tuple[Fraction, Fraction]] = {}
    out = []
    for stock in open_stocks(observation):
        top = observation.tops[stock.index]
        if top not in known:
            known[top] = (risk(observation, stock), _shadow_chance(observation, top))
        chance, shadow = known[top]
        out.append(Odds(stock, chance, shadow, last))
    return tuple(out)


def _shadow_chance(observation: Observation, top: NumCard | None) -> Fraction:
    # The chance that the next card is a SHADOW, knowing the top card or not.
    if top is not None:
        return Fraction(is_shadow(top))
    unseen = observation.unseen()
    return Fraction(sum(is_shadow(card) for card in unseen), len(unseen))


def safest(choices: tuple[Odds, ...]) -> Odds:
    """The draw least likely to lose the pile, then to end the turn (stock A on a tie)."""
    return min(choices, key=lambda o: (o.bust, o.risk))


def worth_drawing(observation: Observation, style: Style, best: Odds) -> bool:
    """Whether drawing (with the odds `best`) is worth its risk.

    A safe draw gains one card, a bust costs the pile, a SHADOW neither gains nor loses:
    draw while (1 - risk) x greed > bust x pile worth.
    """
    worth = pile_worth(observation.piles[observation.player], style)
    return (1 - best.risk) * style.greed > best.bust * worth


def closing(observation: Observation, style: Style) -> bool:
    """Whether the round is about to end: few cards are left for each player to draw."""
    return sum(observation.stock_sizes) <= style.closing * observation.config.players


def worth_locking(observation: Observation, style: Style) -> bool:
    """Whether to lock the pile now (at the start of a turn) rather than draw onto it."""
    pile = observation.piles[observation.player]
    if not pile:
        return False
    return (
        pile_worth(pile, style) >= style.lock_at
        or closing(observation, style)
        or _swipe_threat(observation)
    )


def _swipe_threat(observation: Observation) -> bool:
    # A neighbour holding SWIPE may take an unlocked pile worth having.
    seat, players = observation.player, observation.config.players
    neighbours = {(seat - 1) % players, (seat + 1) % players} - {seat}
    return len(observation.piles[seat]) >= 2 and any(
        SWIPE in observation.reserves[n] for n in neighbours
    )
