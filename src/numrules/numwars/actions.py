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

_ACTION_RE = re.compile(r"\s*([0-9]+)\s*:\s*([a-z]+)\s+(\S+)\s*", re.IGNORECASE)


def parse_action(text: str) -> Action:
    """Parse an action from its notation (`"2:play R7"`).

    Raises:
        NotationError: the text is not an action in Num Wars notation.

    """
    if not isinstance(text, str):
        raise NotationError(f"an action in notation must be a string, got {text!r}")
    match = _ACTION_RE.fullmatch(text)
    if match is None:
        raise NotationError(f"{text!r} is not a Num Wars action (expected e.g. '2:play R7')")
    verb = match[2].lower()
    if verb != "play":
        raise NotationError(f"unknown Num Wars verb {verb!r} in {text!r} (the verb is play)")
    return Play(int(match[1]), parse_card(match[3]))
