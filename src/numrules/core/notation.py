"""What every game's action notation shares: the `<seat>:` prefix, and advice for non-actions.

Every built-in game writes an action as `<seat>:<verb> <arguments>` (`"0:choose 55"`).
`split_seat` reads the prefix for all of them, so `parse_action(text, seat=...)` means
the same in every game: a person types `"choose 55"` for their own seat, and a server
never takes one seat's text for another's.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from numrules.core.errors import NotationError, SeatError
from numrules.core.validation import quote

_SEAT_RE = re.compile(r"[0-9]{1,3}")

MAX_NOTATION = 1000
"""No action of any game is written in more characters: longer text is refused at once."""


def split_seat(text: object, seat: int | None, *, example: str) -> tuple[int, str]:
    """The seat an action text is for, and the text after its `<seat>:` prefix (stripped).

    With `seat` None the prefix is required. With `seat` given, a text without a prefix
    is that seat's action, and a prefix must name that same seat.

    Args:
        text: the action in notation (anything else is refused).
        seat: the seat the text comes from, or None.
        example: an action of the game in full notation (`"0:choose 55"`), for messages.

    Raises:
        NotationError: `text` is not a string, has no prefix while `seat` is None, or its
            prefix names another seat than `seat`.
        SeatError: `seat` is neither None nor a non-negative int.

    """
    if seat is not None and (type(seat) is not int or seat < 0):
        raise SeatError(f"a seat is a non-negative int, got {quote(seat)}")
    if not isinstance(text, str):
        raise NotationError(f"an action in notation must be a string, got {quote(text)}")
    if len(text) > MAX_NOTATION:
        raise NotationError(
            f"an action is written in at most {MAX_NOTATION} characters; got {len(text)}"
        )
    head, colon, tail = text.partition(":")
    if colon:
        prefix: str | None = head.strip()
        if not _SEAT_RE.fullmatch(prefix or ""):
            raise NotationError(f"{quote(text)} does not start with a seat number ('0:...')")
        rest = tail.strip()
    else:
        prefix, rest = None, text.strip()
    if prefix is None:
        if seat is None:
            raise NotationError(
                f"{quote(text)} names no seat: prefix it with the seat ('0:{quote(rest)[1:-1]}';"
                f" e.g. {example!r}), or pass the seat (parse_action({quote(rest)}, seat=0))"
            )
        return seat, rest
    named = int(prefix)
    if seat is not None and named != seat:
        raise NotationError(f"{quote(text)} is an action of seat {named}, not of seat {seat}")
    return named, rest


def non_action_advice(value: Any, action_types: Iterable[type], title: str, example: str) -> str:
    """What to do instead of passing `value`, which is not a `title` action.

    For a string: pass an action object, parsing the text with `parse_action` (the text
    itself when it looks like notation, else the game's `example`, one action in full
    notation).
    """
    types = tuple(action_types)
    if isinstance(value, str):
        text = value.strip()
        if not (text and ":" in text):
            text = example
        return f"pass an action object, not a string; use parse_action({text!r})"
    if isinstance(value, type) and value in types:
        return f"pass an instance of {value.__name__}, not the class itself"
    names = ", ".join(t.__name__ for t in types)
    return (
        f"not a {title} action: expected one of {names} (or parse_action({example!r})), "
        f"got {type(value).__name__}"
    )
