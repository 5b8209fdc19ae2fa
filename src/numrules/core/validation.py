"""Checks shared by every game's configuration and parsers: bounded ints, bounded quotes."""

from __future__ import annotations

import reprlib

from numrules.core.errors import ConfigError

_QUOTE = reprlib.Repr()
_QUOTE.maxstring = 60
_QUOTE.maxother = 60
_QUOTE.maxlong = 40
_QUOTE.maxlist = _QUOTE.maxtuple = _QUOTE.maxdict = _QUOTE.maxset = 6
_QUOTE.maxlevel = 3

MAX_ROUNDS = 100_000
"""The largest `max_rounds` (or round count) any game accepts."""


def quote(value: object) -> str:
    """A repr of `value` cut to a few dozen characters, for error messages about input.

    Error messages quote what they refuse, and the input may be huge (a 50 MB string):
    the message stays short whatever the input.
    """
    try:
        text = _QUOTE.repr(value)
    except Exception:  # a repr that raises: say what it is, not what it holds
        return f"<{type(value).__name__} object>"
    return text if len(text) <= 80 else text[:77] + "..."


def check_int(name: str, value: object, low: int, high: int, *, optional: bool = False) -> None:
    """Refuse `value` unless it is an int (not a bool) in `low..high` (or None if `optional`).

    Raises:
        ConfigError: naming the field, its bounds and (a short quote of) the value.

    """
    if optional and value is None:
        return
    if type(value) is not int or not low <= value <= high:
        either = " or None" if optional else ""
        raise ConfigError(f"{name} must be an int in {low}..{high}{either}, got {quote(value)}")


def check_players(title: str, value: object, low: int, high: int) -> None:
    """Refuse a player count outside `low..high` ("Num Wars is for 3 to 8 players, got 9").

    Raises:
        ConfigError: `value` is not an int in the game's range.

    """
    if type(value) is not int or not low <= value <= high:
        raise ConfigError(f"{title} is for {low} to {high} players, got {quote(value)}")
