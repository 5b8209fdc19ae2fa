"""Num Wars cards: the two formats, the suits, the role lot and the roles.

Num Wars uses the Num card model of `numrules.core.cards`: the six families (four
classic colours, RAINBOW and SHADOW) and four specials, BOMB, JOKER, QUANTUM and NUMX.
RAINBOW and SHADOW together are the trump suit ("real trumps"); RAINBOW X and SHADOW X
are *partners*. Notation is the core one: `R7`, `RB5`, `SH12`, `BOMB`, `JOKER`,
`QUANTUM`, `NUMX`.
"""

from __future__ import annotations

import enum

from numrules.core.cards import (
    FAMILIES,
    MAX_VALUE,
    FamilyCard,
    NumCard,
    Special,
    SpecialCard,
    family_card,
    family_cards,
    parse_card_list,
    parse_num_card,
    special_card,
)
from numrules.core.errors import NotationError

RED, BLUE, GREEN, YELLOW, RAINBOW, SHADOW = FAMILIES

BOMB = special_card(Special.BOMB)
"""The Bomb: the Bomber's lot card."""
JOKER = special_card(Special.JOKER)
"""The Joker: the Accomplice's lot card (from 4 players); it can protect the Bomb."""
QUANTUM = special_card(Special.QUANTUM)
"""The Quantum: the Deminer's lot card; a threat to the Bomb."""
NUM_X = special_card(Special.NUM_X)
"""Num-X: the Num-X player's lot card; wins every trick it is in."""
SPECIALS: tuple[SpecialCard, ...] = (JOKER, QUANTUM, NUM_X, BOMB)
"""The four special cards of Num Wars, in canonical (`num_card_key`) order."""
NEUTRAL_ONES: tuple[FamilyCard, ...] = tuple(family_card(f, 1) for f in (RED, BLUE, GREEN, YELLOW))
"""The neutral lot cards (RED 1, BLUE 1, GREEN 1, YELLOW 1), in the order they join the lot."""


class Format(enum.Enum):
    """The two decks: SHORT (values 0..12, 82 cards) and FULL (values 0..16, 106 cards)."""

    SHORT = "short"
    FULL = "full"

    @property
    def max_value(self) -> int:
        """The highest card value of this format (12 or 16)."""
        return 12 if self is Format.SHORT else MAX_VALUE

    def cards(self) -> tuple[NumCard, ...]:
        """Every card of this format: the six families by value, then the four specials."""
        return (*family_cards(FAMILIES, range(self.max_value + 1)), *SPECIALS)


class Suit(enum.Enum):
    """A suit to follow: one of the four classic colours, or the trumps (RAINBOW + SHADOW)."""

    RED = "R"
    BLUE = "B"
    GREEN = "G"
    YELLOW = "Y"
    TRUMP = "T"


_SUIT_OF_FAMILY = {
    RED: Suit.RED,
    BLUE: Suit.BLUE,
    GREEN: Suit.GREEN,
    YELLOW: Suit.YELLOW,
    RAINBOW: Suit.TRUMP,
    SHADOW: Suit.TRUMP,
}


def suit_of(card: NumCard) -> Suit | None:
    """The suit of a card; None for a special (specials belong to no suit)."""
    if type(card) is FamilyCard:
        return _SUIT_OF_FAMILY[card.family]
    return None


def is_trump(card: NumCard) -> bool:
    """Whether `card` is a real trump (a RAINBOW or SHADOW card)."""
    return type(card) is FamilyCard and (card.family is RAINBOW or card.family is SHADOW)


def partner(card: FamilyCard) -> FamilyCard:
    """The partner of a real trump: RAINBOW X <-> SHADOW X.

    Raises:
        ValueError: `card` is not a real trump.

    """
    if card.family is RAINBOW:
        return family_card(SHADOW, card.value)
    if card.family is SHADOW:
        return family_card(RAINBOW, card.value)
    raise ValueError(f"{card} is not a real trump and has no partner")


class Role(enum.Enum):
    """The secret role a seat draws each round from the lot."""

    BOMBER = "bomber"
    """Drew the BOMB."""
    DEMINER = "deminer"
    """Drew the QUANTUM."""
    NUM_X = "num_x"
    """Drew NUMX."""
    ACCOMPLICE = "accomplice"
    """Drew the JOKER (from 4 players)."""
    CIVILIAN = "civilian"
    """Drew a neutral 1."""


_ROLE_OF_SPECIAL = {
    Special.BOMB: Role.BOMBER,
    Special.QUANTUM: Role.DEMINER,
    Special.NUM_X: Role.NUM_X,
    Special.JOKER: Role.ACCOMPLICE,
}


def role_of(lot_card: NumCard) -> Role:
    """The role a lot card gives.

    Raises:
        ValueError: `lot_card` is not a possible lot card.

    """
    if type(lot_card) is SpecialCard and lot_card.kind in _ROLE_OF_SPECIAL:
        return _ROLE_OF_SPECIAL[lot_card.kind]
    if lot_card in NEUTRAL_ONES:
        return Role.CIVILIAN
    raise ValueError(f"{lot_card} is not a lot card")


_GAME_CARDS = frozenset(Format.FULL.cards())


def parse_card(text: str) -> NumCard:
    """Parse one Num Wars card (`R7`, `RB5`, `SH12`, `BOMB`, `JOKER`, `QUANTUM`, `NUMX`).

    Every card of the FULL deck is accepted (values 0..16); whether a card belongs to a
    game's format is checked against its `Config`.

    Raises:
        NotationError: the text is not a Num Wars card.

    """
    card = parse_num_card(text)
    if card not in _GAME_CARDS:
        raise NotationError(f"{card} is not a Num Wars card")
    return card


def parse_cards(text: str) -> tuple[NumCard, ...]:
    """Parse cards separated by spaces or commas (`"R7 SH3 BOMB"`)."""
    return parse_card_list(text, parse_card)
