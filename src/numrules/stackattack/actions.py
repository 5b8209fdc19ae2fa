"""Stack Attack actions and their notation.

Every action names the seat that takes it. Notation: `<seat>:<verb> <argument>`,
seats and rows numbered from 0.

| action | when | notation |
| --- | --- | --- |
| `Choose(seat, card)` | each seat picks a card secretly | `0:choose 55` |
| `Switch(seat, target)` | the holder of a SWITCH names the seat it swaps with | `1:switch 3` |
| `Block(seat, row)` | the holder of a BLOCK closes a row for this turn | `2:block 0` |
| `TakeRow(seat, row)` | a card below every open row takes that row | `0:take 2` |
| `PlaceShield(seat, row)` | a SHIELD below every open row joins that row | `3:shield 1` |
"""

from __future__ import annotations

import re

import attrs

from numrules.core.errors import NotationError
from numrules.core.notation import split_seat
from numrules.core.validation import quote
from numrules.stackattack.cards import Card, parse_card


@attrs.frozen(slots=True)
class Choose:
    """Pick `card` from the hand, face down, for this turn."""

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"{self.seat}:choose {self.card}"


@attrs.frozen(slots=True)
class Switch:
    """Swap the SWITCH being resolved with the revealed card of seat `target`."""

    seat: int
    target: int

    def __str__(self) -> str:
        return f"{self.seat}:switch {self.target}"


@attrs.frozen(slots=True)
class Block:
    """Close `row` to every placement of this turn (the BLOCK being resolved)."""

    seat: int
    row: int

    def __str__(self) -> str:
        return f"{self.seat}:block {self.row}"


@attrs.frozen(slots=True)
class TakeRow:
    """Take every card of `row` as penalty and start it with the card being placed."""

    seat: int
    row: int

    def __str__(self) -> str:
        return f"{self.seat}:take {self.row}"


@attrs.frozen(slots=True)
class PlaceShield:
    """Append the SHIELD being placed to `row` without taking anything."""

    seat: int
    row: int

    def __str__(self) -> str:
        return f"{self.seat}:shield {self.row}"


Action = Choose | Switch | Block | TakeRow | PlaceShield
"""Any Stack Attack action."""

ACTION_TYPES: tuple[type[Action], ...] = (Choose, Switch, Block, TakeRow, PlaceShield)

EXAMPLE = "0:choose 55"
"""An action in notation (used in messages)."""

_VERB_RE = re.compile(r"([a-z]+)\s+([0-9]{1,4})", re.IGNORECASE)


def parse_action(text: str, seat: int | None = None) -> Action:
    """Parse an action from its notation (`"0:choose 55"`, `"1:switch 3"`, ...).

    With `seat`, the text may leave out the seat prefix (`"choose 55"` is that seat's);
    a prefix naming another seat is refused.

    Raises:
        NotationError: the text is not an action in Stack Attack notation, or not `seat`'s.
        SeatError: `seat` is not a non-negative int.

    """
    seat, rest = split_seat(text, seat, example=EXAMPLE)
    match = _VERB_RE.fullmatch(rest)
    if match is None:
        raise NotationError(
            f"{quote(text)} is not a Stack Attack action (expected e.g. {EXAMPLE!r})"
        )
    verb, arg = match[1].lower(), match[2]
    if verb == "choose":
        return Choose(seat, parse_card(arg))
    number = int(arg)
    if verb == "switch":
        return Switch(seat, number)
    if verb == "block":
        return Block(seat, number)
    if verb == "take":
        return TakeRow(seat, number)
    if verb == "shield":
        return PlaceShield(seat, number)
    raise NotationError(
        f"unknown Stack Attack verb {quote(verb)} in {quote(text)} "
        "(choose, switch, block, take, shield)"
    )
