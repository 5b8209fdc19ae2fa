"""What cards are worth to a Num Wars seat: won piles, cards in hand, the Bomb's bonuses.

Scoring groups the classic cards a seat wins by value (one card scores its value, two
cancel to 0, three score the value + 30, four the value + 50), so the worth of a trick
depends on the pile it joins. `pile_gain` prices that with the rules' own
`scoring.value_points`, adding some hope for a pair still able to grow into a triple;
`family_keep` prices holding a card for later instead of playing it now; `bomb_bonus`
is what the Bomb's fate brings the seat.
"""

from __future__ import annotations

from collections.abc import Iterable

from numrules.core.cards import FamilyCard, NumCard
from numrules.numwars.cards import Role, Suit, suit_of
from numrules.numwars.config import Config
from numrules.numwars.scoring import classic_counts, value_points
from numrules.numwars.state import Fate
from numrules.numwars.strategy.inference import Knowledge

COMPLETE_HOPE = 0.3
"""The chance that one more card of a value still in play ends up in a given pile."""


def value_worth(config: Config, value: int, count: int, still_out: int) -> float:
    """The points of `count` cards of `value`, plus the hope of growing a pair or a triple.

    `still_out` is how many more cards of that value could still join the pile.
    """
    points = float(value_points(config, value, count))
    if count >= 2 and count < 4 and still_out > 0:
        growth = value_points(config, value, count + 1) - points
        if growth > 0:
            points += (1.0 - (1.0 - COMPLETE_HOPE) ** still_out) * growth
    return points


def pile_gain(
    config: Config,
    pile: dict[int, int],
    cards: Iterable[NumCard | None],
    still_out: dict[int, int] | None = None,
) -> float:
    """What adding `cards` to a won pile (classic counts by value) is worth to its owner.

    With `still_out` (the cards of each value that could still join it later), a pair
    that may become a triple is worth some of the triple; without it, exact points.
    """
    gain = 0.0
    for value, added in classic_counts(cards).items():
        held = pile.get(value, 0)
        out = 0 if still_out is None else max(still_out.get(value, 0) - added, 0)
        before = value_worth(config, value, held, out + added)
        gain += value_worth(config, value, held + added, out) - before
    return gain


def still_out(knowledge: Knowledge, hand: Iterable[NumCard]) -> dict[int, int]:
    """The classic cards of each value that are not yet won: unseen, or in `hand`."""
    return classic_counts((*knowledge.unseen, *hand))


def suit_strength(knowledge: Knowledge, card: FamilyCard) -> float:
    """The share of the unseen cards of `card`'s suit that rank below it (0..1)."""
    suit = suit_of(card)
    assert suit is not None
    others = knowledge.suit_cards(suit)
    lower = sum(1 for other in others if other.value < card.value)
    return lower / (len(others) + 1) if others else 1.0


KEEP_CLASSIC = 6.0
"""What the best classic card is worth holding for later (it may win a trick)."""
KEEP_TRUMP = 4.0
"""What any real trump is worth holding (it may cut a suit)."""
KEEP_TRUMP_RANK = 8.0
"""The extra worth of the highest trump over the lowest."""


def family_keep(knowledge: Knowledge, card: FamilyCard) -> float:
    """What holding a classic or trump card for a later trick is worth."""
    strength = suit_strength(knowledge, card)
    if suit_of(card) is Suit.TRUMP:
        return KEEP_TRUMP + KEEP_TRUMP_RANK * strength * strength
    return KEEP_CLASSIC * strength * strength


def bomb_bonus(
    config: Config, role: Role, fate: Fate, capturer_is_me: bool, protector_is_me: bool
) -> int:
    """The role points the Bomb's `fate` brings a seat of `role`, by `config`'s bonuses.

    A Num-X player who captures takes its penalty and loses what sparing the Bomb pays.
    """
    points = config.joker_protects if protector_is_me else 0
    if role is Role.BOMBER:
        if fate is Fate.KEPT:
            return points + config.bomb_kept
        return points + (config.bomb_protected if fate is Fate.PROTECTED else 0)
    if not capturer_is_me:
        return points
    if role is Role.DEMINER:
        return points + config.deminer_captures
    if role is Role.CIVILIAN:
        return points + config.civilian_captures
    if role is Role.NUM_X:
        return points + config.num_x_captures - config.num_x_spared
    return points
