"""The card model shared by the three Num games (Num Stop, Num Bounce, Num Wars).

A Num deck holds *family cards* (one per family and value) and *special cards*.

Notation (case-insensitive on input, upper case on output):

| card | notation | examples |
| --- | --- | --- |
| family card | family code + value | `R7` (RED 7), `B0`, `G16`, `Y3`, `RB5`, `SH12` |
| special card | its name | `JOKER`, `DOUBLE`, `SKIP`, `FLIP`, `SWIPE`, `QUANTUM`, `NUMX`, `BOMB` |
| an INFINITY card | `INF` + copy number 1..4 | `INF1`, `INF4` |

Cards are interned: `family_card(Family.RED, 7) is family_card(Family.RED, 7)`, and equal
cards compare and hash equal whether interned or not.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from typing import Any, TypeGuard, TypeVar

import attrs

from numrules.core.errors import NotationError
from numrules.core.validation import quote

T = TypeVar("T")

MAX_VALUE = 16
"""The highest family value of the full Num deck (values run 0..16)."""


class Family(enum.Enum):
    """The six card families; the first four are the classic colours."""

    # Members are singletons compared by identity: hash them by identity too, in C,
    # rather than by name in Python (they are dict keys on hot paths).
    __hash__ = object.__hash__

    RED = "R"
    BLUE = "B"
    GREEN = "G"
    YELLOW = "Y"
    RAINBOW = "RB"
    SHADOW = "SH"

    @property
    def code(self) -> str:
        """The family's notation prefix (`R`, `B`, `G`, `Y`, `RB`, `SH`)."""
        return self.value

    @property
    def is_classic(self) -> bool:
        """Whether this is one of the four classic colours (not RAINBOW or SHADOW)."""
        return self in CLASSIC_FAMILIES


CLASSIC_FAMILIES: tuple[Family, ...] = (Family.RED, Family.BLUE, Family.GREEN, Family.YELLOW)
"""The four classic colours, in notation order."""

FAMILIES: tuple[Family, ...] = tuple(Family)
"""All six families, in notation order."""


class Special(enum.Enum):
    """The special (non-family) cards of the Num games."""

    # Members are singletons compared by identity: hash them by identity too, in C,
    # rather than by name in Python (they are dict keys on hot paths).
    __hash__ = object.__hash__

    JOKER = "JOKER"
    DOUBLE = "DOUBLE"
    SKIP = "SKIP"
    FLIP = "FLIP"
    SWIPE = "SWIPE"
    QUANTUM = "QUANTUM"
    NUM_X = "NUMX"
    INFINITY = "INF"
    BOMB = "BOMB"


INFINITY_COPIES = 4
"""How many INFINITY cards exist (the only special card with several copies)."""


@attrs.frozen(slots=True, order=False, repr=False, cache_hash=True)
class FamilyCard:
    """A family card: one family and one value (0..16)."""

    family: Family
    value: int

    def __str__(self) -> str:
        return f"{self.family.value}{self.value}"

    def __repr__(self) -> str:
        return f"<{self}>"

    def __reduce__(self) -> tuple[Any, ...]:
        # Unpickled, a card is the interned one: the engines compare cards by identity,
        # and a config or state sent to another process must still work there.
        return (family_card, (self.family, self.value))

    @property
    def is_special(self) -> bool:
        """Always False: a family card is not a special card."""
        return False


@attrs.frozen(slots=True, order=False, repr=False, cache_hash=True)
class SpecialCard:
    """A special card; `copy` tells the INFINITY cards apart (1..4) and is 1 for all others."""

    kind: Special
    copy: int = 1

    def __str__(self) -> str:
        if self.kind is Special.INFINITY:
            return f"INF{self.copy}"
        return str(self.kind.value)

    def __repr__(self) -> str:
        return f"<{self}>"

    def __reduce__(self) -> tuple[Any, ...]:
        return (special_card, (self.kind, self.copy))

    @property
    def is_special(self) -> bool:
        """Always True: this is a special card."""
        return True


NumCard = FamilyCard | SpecialCard
"""Any card of a Num game."""

_FAMILY_CARDS: dict[tuple[Family, int], FamilyCard] = {
    (family, value): FamilyCard(family, value)
    for family in FAMILIES
    for value in range(MAX_VALUE + 1)
}
_SPECIAL_CARDS: dict[tuple[Special, int], SpecialCard] = {
    (kind, copy): SpecialCard(kind, copy)
    for kind in Special
    for copy in range(1, (INFINITY_COPIES if kind is Special.INFINITY else 1) + 1)
}
_ALL_CARDS: tuple[NumCard, ...] = (*_FAMILY_CARDS.values(), *_SPECIAL_CARDS.values())
_BY_TEXT: dict[str, NumCard] = {str(c): c for c in _ALL_CARDS}
_FAMILY_ORDER = {family: i for i, family in enumerate(FAMILIES)}
_SPECIAL_ORDER = {kind: i for i, kind in enumerate(Special)}


def family_card(family: Family, value: int) -> FamilyCard:
    """The (interned) family card of `family` and `value`.

    Raises:
        NotationError: the value is outside 0..16.

    """
    try:
        return _FAMILY_CARDS[family, value]
    except (KeyError, TypeError):
        raise NotationError(f"no {family} card of value {value!r}") from None


def special_card(kind: Special, copy: int = 1) -> SpecialCard:
    """The (interned) special card of `kind` (and `copy`, for INFINITY)."""
    try:
        return _SPECIAL_CARDS[kind, copy]
    except (KeyError, TypeError):
        raise NotationError(f"no {kind} card with copy number {copy!r}") from None


_INTERNED_IDS: frozenset[int] = frozenset(map(id, _ALL_CARDS))
# The interned cards live as long as the interpreter: their ids are never reused.


def is_num_card(card: object) -> TypeGuard[NumCard]:
    """Whether `card` is a Num card whose fields have their types (any value).

    A `FamilyCard` needs a `Family` and an int value, a `SpecialCard` a `Special` and an
    int copy: `FamilyCard("R", 7)` is not a card, nor is `FamilyCard(Family.RED, 7.0)`.
    `apply` refuses an action naming anything else as MALFORMED. Whether the card
    exists in a game is the game's question. O(1); an interned card costs one lookup.
    """
    if id(card) in _INTERNED_IDS:
        return True
    if type(card) is FamilyCard:
        return type(card.family) is Family and type(card.value) is int
    if type(card) is SpecialCard:
        return type(card.kind) is Special and type(card.copy) is int
    return False


def interned(card: NumCard) -> NumCard:
    """The interned card equal to `card` (a valid card made by hand is another object).

    Raises:
        NotationError: `card` is not a card of the Num games.

    """
    if isinstance(card, FamilyCard):
        return family_card(card.family, card.value)
    return special_card(card.kind, card.copy)


def family_cards(
    families: Iterable[Family] = FAMILIES, values: Iterable[int] = range(MAX_VALUE + 1)
) -> tuple[FamilyCard, ...]:
    """The family cards of the given families and values, family by family."""
    vals = tuple(values)
    return tuple(family_card(f, v) for f in families for v in vals)


def infinity_cards() -> tuple[SpecialCard, ...]:
    """The four INFINITY cards, copies 1..4."""
    return tuple(special_card(Special.INFINITY, c) for c in range(1, INFINITY_COPIES + 1))


def parse_num_card(text: str) -> NumCard:
    """Parse one card in Num notation (`R7`, `SH12`, `JOKER`, `INF2`).

    Raises:
        NotationError: the text is not a card.

    """
    if not isinstance(text, str):
        raise NotationError(f"a card in notation must be a string, got {quote(text)}")
    card = _BY_TEXT.get(text.strip().upper()) if len(text) <= MAX_CARD_TEXT else None
    if card is None:
        raise NotationError(
            f"{quote(text)} is not a Num card (expected e.g. R7, RB5, SH12, JOKER, INF1)"
        )
    return card


MAX_CARD_TEXT = 40
"""No single card of any game is written in more characters (spaces included)."""
MAX_CARDS_TEXT = 10_000
"""No list of cards of any game (a whole deck included) is written in more characters."""


def parse_card_list(text: object, parse_card: Callable[[str], T]) -> tuple[T, ...]:
    """Parse cards separated by spaces or commas with one game's `parse_card`.

    Raises:
        NotationError: `text` is not a string, is longer than any list of cards
            (`MAX_CARDS_TEXT`), or holds a text that is not a card.

    """
    if not isinstance(text, str):
        raise NotationError(f"cards in notation must be a string, got {quote(text)}")
    if len(text) > MAX_CARDS_TEXT:
        raise NotationError(
            f"a list of cards is written in at most {MAX_CARDS_TEXT} characters; got {len(text)}"
        )
    return tuple(parse_card(part) for part in text.replace(",", " ").split())


def parse_num_cards(text: str) -> tuple[NumCard, ...]:
    """Parse cards separated by spaces or commas (`"R7 SH3 JOKER"`)."""
    return parse_card_list(text, parse_num_card)


def num_card_key(card: NumCard) -> tuple[int, int, int]:
    """A sort key: family cards by family then value, then special cards."""
    key = _KEY_BY_ID.get(id(card))
    if key is not None:  # an interned card: its key is computed once
        return key
    if isinstance(card, FamilyCard):
        return (0, _FAMILY_ORDER[card.family], card.value)
    return (1, _SPECIAL_ORDER[card.kind], card.copy)


_KEY_BY_ID: dict[int, tuple[int, int, int]] = {}
_KEY_BY_ID.update((id(card), num_card_key(card)) for card in _ALL_CARDS)
# `num_card_key` of every interned card by its id (interned cards live as long as the
# interpreter, so their ids are never reused).


def sort_num_cards(cards: Iterable[NumCard]) -> tuple[NumCard, ...]:
    """The cards in canonical order (`num_card_key`)."""
    return tuple(sorted(cards, key=num_card_key))


def format_cards(cards: Iterable[object]) -> str:
    """Cards of any game in notation, separated by spaces."""
    return " ".join(str(card) for card in cards)
