"""Num Stop cards: the Num family cards, the six action cards, the two stocks, and notation.

Cards are the shared Num cards of `numrules.core.cards` (notation `R7`, `RB5`, `SH12`,
`JOKER`, `DOUBLE`, `SKIP`, `FLIP`, `SWIPE`, `QUANTUM`); `parse_card` accepts exactly the
cards a Num Stop game can hold (no NUMX, BOMB or INFINITY).
"""

from __future__ import annotations

import enum

from numrules.core.cards import (
    Family,
    FamilyCard,
    NumCard,
    Special,
    SpecialCard,
    parse_card_list,
    parse_num_card,
    special_card,
)
from numrules.core.errors import NotationError
from numrules.core.validation import quote

ACTION_KINDS: tuple[Special, ...] = (
    Special.JOKER,
    Special.DOUBLE,
    Special.SKIP,
    Special.FLIP,
    Special.SWIPE,
    Special.QUANTUM,
)
"""The six action cards of the CLASSIC mode, one card each."""

JOKER = special_card(Special.JOKER)
DOUBLE = special_card(Special.DOUBLE)
SKIP = special_card(Special.SKIP)
FLIP = special_card(Special.FLIP)
SWIPE = special_card(Special.SWIPE)
QUANTUM = special_card(Special.QUANTUM)

ACTION_CARDS: tuple[SpecialCard, ...] = (JOKER, DOUBLE, SKIP, FLIP, SWIPE, QUANTUM)
"""The action cards, in notation order."""

SKIPPED_TURN_CARDS: frozenset[SpecialCard] = frozenset({DOUBLE, SKIP, SWIPE})
"""The action cards a player may still activate during a skipped turn."""


class Stock(enum.Enum):
    """The two draw piles of a round."""

    # Members are singletons compared by identity: hash them by identity too, in C,
    # rather than by name in Python (they are dict keys on hot paths).
    __hash__ = object.__hash__

    A = "A"
    B = "B"

    @property
    def index(self) -> int:
        """0 for stock A, 1 for stock B (the position in `State.stocks`)."""
        return _STOCK_INDEX[self]

    @property
    def other(self) -> Stock:
        """The other stock."""
        return Stock.B if self is Stock.A else Stock.A


_STOCK_INDEX = {Stock.A: 0, Stock.B: 1}
STOCKS: tuple[Stock, Stock] = (Stock.A, Stock.B)
"""Both stocks, A first."""


def is_shadow(card: NumCard) -> bool:
    """Whether `card` is a SHADOW family card."""
    return type(card) is FamilyCard and card.family is Family.SHADOW


def is_action_card(card: object) -> bool:
    """Whether `card` is one of the six Num Stop action cards."""
    return type(card) is SpecialCard and card in ACTION_CARDS


def parse_card(text: str) -> NumCard:
    """Parse one Num Stop card (`R7`, `SH12`, `JOKER`, `QUANTUM`).

    Raises:
        NotationError: the text is not a card of Num Stop.

    """
    card = parse_num_card(text)
    if type(card) is SpecialCard and card.kind not in ACTION_KINDS:
        raise NotationError(f"{quote(text)} is not a Num Stop card")
    return card


def parse_cards(text: str) -> tuple[NumCard, ...]:
    """Parse Num Stop cards separated by spaces or commas (`"R7 SH3 JOKER"`)."""
    return parse_card_list(text, parse_card)
