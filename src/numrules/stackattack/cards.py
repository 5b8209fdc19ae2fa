"""Stack Attack cards: the numbers 1..64, their penalty points and the action cards.

A card *is* its number (`Card` is an `int` for speed; the `NewType` keeps it apart from
other integers in type checks and in JSON, where a card is written as a string: `"55"`).
The notation of a card is its number in decimal: `str(card)` and `parse_card("55")`.
"""

from __future__ import annotations

import enum
import re
from typing import NewType

from numrules.core.cards import parse_card_list
from numrules.core.errors import NotationError
from numrules.core.validation import quote

Card = NewType("Card", int)
"""A Stack Attack card: its number (1..64 with the default deck)."""

DECK_SIZE = 64
"""Cards in the default deck, numbered 1..64."""


class Power(enum.Enum):
    """The four kinds of action card (each is also an ordinary numbered card)."""

    SWITCH = "switch"
    """Its holder swaps it with the revealed card of another player."""
    BLOCK = "block"
    """Its holder picks a row nobody may place on this turn."""
    SHIELD = "shield"
    """Never takes a row: appended as a sixth card, or to a chosen row when lowest."""
    DECREASING = "decreasing"
    """Placement runs from the highest card to the lowest this turn."""


DEFAULT_POWERS: dict[Power, tuple[int, ...]] = {
    Power.SWITCH: (6, 38),
    Power.BLOCK: (14, 46),
    Power.SHIELD: (18, 52),
    Power.DECREASING: (27, 59),
}
"""The numbers of the action cards in the default deck."""


def default_penalty(number: int) -> int:
    """Penalty points of a card under the default table (the 64 cards total 104).

    55 is worth 8; the other multiples of 11 are worth 5; multiples of 10, 3; other
    numbers ending in 5, 2; every other card, 1.
    """
    if number == 55:
        return 8
    if number % 11 == 0:
        return 5
    if number % 10 == 0:
        return 3
    if number % 10 == 5:
        return 2
    return 1


_CARD_RE = re.compile(r"[1-9][0-9]{0,3}")


def parse_card(text: str) -> Card:
    """Parse a card from its notation, its number (`"55"`; at most four digits).

    Raises:
        NotationError: the text is not a positive number in canonical form.

    """
    if not isinstance(text, str):
        raise NotationError(f"a card in notation must be a string, got {quote(text)}")
    stripped = text.strip()
    if not _CARD_RE.fullmatch(stripped):
        raise NotationError(f"{quote(text)} is not a Stack Attack card (expected a number like 55)")
    return Card(int(stripped))


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas (`"3 17 55"`)."""
    return parse_card_list(text, parse_card)
