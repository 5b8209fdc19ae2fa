"""Num Wars actions and their notation.

Num Wars has one kind of action: the seat to act plays a card to the trick. A steal is
a play too (playing the partner of a real trump in the trick always steals the pair).

| action | when | notation |
| --- | --- | --- |
| `Play(seat, card)` | the seat to act plays a card of its hand | `2:play R7`, `0:play SH5` |
"""

from __future__ import annotations

import re

import attrs

from numrules.core.cards import NumCard
from numrules.core.errors import NotationError
from numrules.core.notation import split_seat
from numrules.core.validation import quote
from numrules.numwars.cards import parse_card


@attrs.frozen(slots=True)
class Play:
    """Play `card` from the hand to the current trick."""

    seat: int
    card: NumCard

    def __str__(self) -> str:
        return f"{self.seat}:play {self.card}"


Action = Play
"""Any Num Wars action."""

ACTION_TYPES: tuple[type[Action], ...] = (Play,)

EXAMPLE = "2:play R7"
"""An action in notation (used in messages)."""

_VERB_RE = re.compile(r"([a-z]+)\s+(\S+)", re.IGNORECASE)


def parse_action(text: str, seat: int | None = None) -> Action:
    """Parse an action from its notation (`"2:play R7"`).

    With `seat`, the text may leave out the seat prefix (`"play R7"` is that seat's);
    a prefix naming another seat is refused.

    Raises:
        NotationError: the text is not an action in Num Wars notation, or not `seat`'s.
        SeatError: `seat` is not a non-negative int.

    """
    seat, rest = split_seat(text, seat, example=EXAMPLE)
    match = _VERB_RE.fullmatch(rest)
    if match is None:
        raise NotationError(f"{quote(text)} is not a Num Wars action (expected e.g. {EXAMPLE!r})")
    verb = match[1].lower()
    if verb != "play":
        raise NotationError(
            f"unknown Num Wars verb {quote(verb)} in {quote(text)} (the verb is play)"
        )
    return Play(seat, parse_card(match[2]))
