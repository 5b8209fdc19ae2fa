"""Num Stop action cards for a bot: whom to aim at, when a card is worth playing, what to keep.

Each judgment reads an `Observation` of the seat to move (the observer) and a `Style`.
A card is *worth playing now* when it has a target that makes it count: DOUBLE on an
opponent with a pile worth having (no lock, two forced draws), SKIP on the opponent
with the most to lose (the biggest pile, else the leader), SWIPE when a neighbour's
pile is worth clearly more than one's own. FLIP and QUANTUM are kept for the moment the
bot would otherwise stop; the JOKER for a SHADOW.
"""

from __future__ import annotations

from collections.abc import Iterable

from numrules.core.cards import FamilyCard, NumCard, SpecialCard
from numrules.core.seats import left, right
from numrules.numstop.cards import DOUBLE, FLIP, JOKER, QUANTUM, SKIP, SWIPE, is_shadow
from numrules.numstop.observation import Observation
from numrules.numstop.state import pile_breaks
from numrules.numstop.strategy.push_luck import Style, pile_worth

KEEP_VALUE: dict[SpecialCard, float] = {
    JOKER: 5.0,
    FLIP: 3.0,
    QUANTUM: 3.0,
    SWIPE: 2.0,
    SKIP: 2.0,
    DOUBLE: 1.0,
}
"""What an action card is worth kept in the reserve (the one played when the reserve is
full and nothing is worth playing is the least valuable)."""


def opponents(observation: Observation) -> tuple[int, ...]:
    """Every seat but the observer's."""
    return tuple(s for s in range(observation.config.players) if s != observation.player)


def _exposure(observation: Observation, seat: int, style: Style) -> tuple[float, int]:
    # What a seat stands to lose: its unlocked pile, then its score.
    return pile_worth(observation.piles[seat], style), observation.scores[seat]


def double_target(observation: Observation, style: Style) -> int | None:
    """The opponent a DOUBLE hurts most: the biggest pile (at least 2 cards' worth)."""
    waiting = observation.doubled
    seats = [s for s in opponents(observation) if s not in waiting]
    if not seats:
        return None
    best = max(seats, key=lambda s: _exposure(observation, s, style))
    return best if pile_worth(observation.piles[best], style) >= 2 else None


def skip_target(observation: Observation, style: Style) -> int | None:
    """The opponent a SKIP hurts most: the biggest pile, then the highest score."""
    seats = [s for s in opponents(observation) if s not in observation.skipped]
    if not seats:
        return None
    return max(seats, key=lambda s: _exposure(observation, s, style))


def swipe_target(observation: Observation, style: Style) -> int | None:
    """The neighbour whose pile is worth clearly more than the observer's, if any."""
    seat, players = observation.player, observation.config.players
    mine = pile_worth(observation.piles[seat], style)
    neighbours = sorted({left(seat, players), right(seat, players)} - {seat})
    best = max(neighbours, key=lambda s: pile_worth(observation.piles[s], style), default=None)
    if best is None or pile_worth(observation.piles[best], style) < mine + style.swipe_margin:
        return None
    return best


def target_for(card: SpecialCard, observation: Observation, style: Style) -> int | None:
    """The seat worth aiming `card` (DOUBLE, SKIP or SWIPE) at now, or None."""
    if card is DOUBLE:
        return double_target(observation, style)
    if card is SKIP:
        return skip_target(observation, style)
    if card is SWIPE:
        return swipe_target(observation, style)
    return None


def usefulness(card: FamilyCard, held: Iterable[NumCard]) -> float:
    """How much `card` adds to the cards already `held` (a score, higher is better).

    It counts the held cards of its value (pairs and more), of its family (flushes) and
    of the values near it (straights), then its own value.
    """
    same_value = same_family = near = 0
    for other in held:
        if type(other) is not FamilyCard:
            continue
        same_value += other.value == card.value
        same_family += other.family is card.family
        near += 0 < abs(other.value - card.value) <= 2
    return 3 * same_value + same_family + near + card.value / 16


def quantum_keep(observation: Observation, style: Style) -> FamilyCard | None:
    """The QUANTUM card to keep (None: none of them).

    The most useful card that does not break the pile; a SHADOW (which throws the pile
    away) only when the pile is worth less than it.
    """
    seat, config = observation.player, observation.config
    pile = observation.piles[seat]
    held = (*observation.collections[seat], *pile)
    best: FamilyCard | None = None
    best_score = float("-inf")
    for card in observation.pending:
        if type(card) is not FamilyCard:
            continue
        if is_shadow(card):
            if pile_worth(pile, style) >= style.shadow_worth:
                continue
            score = 10.0
        elif pile_breaks((*pile, card), config):
            continue
        else:
            score = usefulness(card, held)
        if score > best_score:
            best, best_score = card, score
    return best
