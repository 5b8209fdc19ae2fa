"""Num Bounce cards: the 102 family cards, NUM_X and the four INFINITY cards.

Cards are the core Num cards (`numrules.core.cards`) and use their notation: `R7`, `B0`,
`G16`, `Y3`, `RB5` (RAINBOW 5), `SH12` (SHADOW 12), `NUMX`, `INF1`..`INF4`. The other
special cards of the Num family (JOKER, BOMB, ...) are not part of this game, so
`parse_card` refuses them.
"""

from __future__ import annotations

import enum

from numrules.core.cards import (
    Family,
    FamilyCard,
    NumCard,
    Special,
    SpecialCard,
    family_card,
    family_cards,
    infinity_cards,
    parse_card_list,
    parse_num_card,
    special_card,
)
from numrules.core.errors import NotationError
from numrules.core.validation import quote

NUM_X: SpecialCard = special_card(Special.NUM_X)
"""The NUM_X card: closes the trick and lets its player open a new one."""

INFINITIES: tuple[SpecialCard, ...] = infinity_cards()
"""The four INFINITY cards (`INF1`..`INF4`): any value, any family, never going down."""

ALL_CARDS: tuple[NumCard, ...] = (*family_cards(), NUM_X, *INFINITIES)
"""Every card of the game, family cards first (family by family), then NUMX, INF1..INF4."""

DECK_SIZE = len(ALL_CARDS)
"""107 cards: 6 families x 17 values, one NUM_X, four INFINITY."""

RANK: dict[NumCard, int] = {card: i for i, card in enumerate(ALL_CARDS)}
"""Each card's place in the canonical order (`ALL_CARDS` is sorted by `num_card_key`)."""
RANK_BY_ID: dict[int, int] = {id(card): i for i, card in enumerate(ALL_CARDS)}
"""`RANK` by the id of the interned card: no call to the card's `__hash__`. The cards of
`ALL_CARDS` live as long as the interpreter, so their ids are never reused; a card
built by hand rather than interned is not in it (use `RANK`)."""


class Pile(enum.Enum):
    """The two piles a player may TAKE a card from."""

    DRAW = "draw"
    """The face-down draw pile (its top card)."""
    DISCARD = "discard"
    """The face-up discard pile (its top card)."""


def is_infinity(card: NumCard) -> bool:
    """Whether `card` is one of the INFINITY cards."""
    return type(card) is SpecialCard and card.kind is Special.INFINITY


def rainbow(value: int) -> FamilyCard:
    """The RAINBOW card of `value` (the card that interrupts by joining a reference)."""
    return family_card(Family.RAINBOW, value)


def shadow(value: int) -> FamilyCard:
    """The SHADOW card of `value` (the card that interrupts by cutting a reference to one)."""
    return family_card(Family.SHADOW, value)


def parse_card(text: str) -> NumCard:
    """Parse one Num Bounce card (`R7`, `SH12`, `NUMX`, `INF2`).

    Raises:
        NotationError: the text is not a card of this game.

    """
    card = parse_num_card(text)
    if card not in RANK:
        raise NotationError(
            f"{quote(text)} is not a Num Bounce card "
            "(only NUMX and INF1..INF4 are special cards here)"
        )
    return card


def parse_cards(text: str) -> tuple[NumCard, ...]:
    """Parse Num Bounce cards separated by spaces or commas (`"R7 RB7 INF1"`)."""
    return parse_card_list(text, parse_card)
