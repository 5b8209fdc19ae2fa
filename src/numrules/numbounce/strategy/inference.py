"""What a Num Bounce seat can tell of the other hands: the unseen cards and the odds.

The unseen cards are those in the draw pile and in the other hands, less the cards
everyone saw go into a hand (`Observation.known`). From them, `Odds.beat_chance` is
the chance that another seat holds a combination able to go up (or down) on a given
reference, which tells how likely a trick is to come back to its author.
"""

from __future__ import annotations

import functools
from math import comb

import attrs

from numrules.core.cards import FamilyCard, NumCard
from numrules.numbounce.cards import ALL_CARDS, NUM_X, is_infinity
from numrules.numbounce.observation import Observation

VALUES = 17
"""Family values run 0..16."""


@attrs.frozen(slots=True)
class Odds:
    """The unseen cards counted by value, and what each seat is known to hold."""

    counts: tuple[int, ...]
    """Unseen family cards of each value."""
    infinities: int
    """Unseen INFINITY cards."""
    num_x: bool
    """Whether NUM_X is unseen."""
    hidden: int
    """How many cards are unseen (draw pile and the unknown part of the other hands)."""
    hidden_hand: tuple[int, ...]
    """For each seat, how many of its cards are unknown to the observer (0 for itself)."""
    known: tuple[tuple[NumCard, ...], ...]
    """For each seat, the cards everyone knows it holds."""

    def beat_chance(
        self, seat: int, size: int, value: int | None, infinity: bool, down: bool = True
    ) -> float:
        """The chance that `seat` can lay on a reference of `size` cards of `value`.

        Going up takes `size` cards of a higher value (INFINITY cards help); going down
        (counted unless `down` is False), `size` cards of a lower one, unless the
        reference holds an INFINITY. NUM_X also counts: it ends the trick. Nothing beats
        an all-INFINITY reference (`value` None).
        """
        if value is None:
            return 0.0
        hand = self.hidden_hand[seat]
        known = self.known[seat]
        known_values = [0] * VALUES
        known_wild = 0
        for card in known:
            if type(card) is FamilyCard:
                known_values[card.value] += 1
            elif is_infinity(card):
                known_wild += 1
        if NUM_X in known:
            return 1.0
        miss = 1.0
        for other in range(VALUES):
            if other > value:
                need = size - known_values[other] - known_wild
                pool = self.counts[other] + self.infinities
            elif other < value and down and not infinity:
                need = size - known_values[other]
                pool = self.counts[other]
            else:
                continue
            miss *= 1.0 - at_least(need, hand, pool, self.hidden)
        if self.num_x:
            miss *= 1.0 - at_least(1, hand, 1, self.hidden)
        return 1.0 - miss


@functools.lru_cache(maxsize=16384)
def at_least(need: int, hand: int, pool: int, hidden: int) -> float:
    """The chance that `hand` cards drawn from `hidden` hold `need` of `pool` given ones."""
    if need <= 0:
        return 1.0
    if need > hand or need > pool or hidden <= 0:
        return 0.0
    total = comb(hidden, hand)
    short = sum(comb(pool, k) * comb(hidden - pool, hand - k) for k in range(need))
    return 1.0 - short / total


def odds_of(observation: Observation) -> Odds:
    """Count the cards `observation`'s seat cannot see."""
    seat = observation.seat
    seen: set[NumCard] = set(observation.hand)
    seen.update(observation.trick)
    seen.update(observation.discard)
    for known in observation.known:
        seen.update(known)
    if observation.taken is not None:
        seen.add(observation.taken)
    counts = [0] * VALUES
    infinities, num_x, hidden = 0, False, 0
    for card in ALL_CARDS:
        if card in seen:
            continue
        hidden += 1
        if type(card) is FamilyCard:
            counts[card.value] += 1
        elif card is NUM_X:
            num_x = True
        else:
            infinities += 1
    sizes = observation.hand_sizes
    return Odds(
        counts=tuple(counts),
        infinities=infinities,
        num_x=num_x,
        hidden=hidden,
        hidden_hand=tuple(
            0 if other == seat else max(size - len(known), 0)
            for other, (size, known) in enumerate(zip(sizes, observation.known, strict=True))
        ),
        known=observation.known,
    )
