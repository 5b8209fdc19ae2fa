"""Checks shared by every game's configuration and parsers: bounded ints, bounded quotes.

A `Config` declares the range of each of its int fields on the field itself, with
`attrs.field(default=..., metadata=bounded(low, high))`: `check_bounds` enforces them on
construction, and `numrules.core.options` offers them to the command line and the server.
"""

from __future__ import annotations

import reprlib
import types
import typing
from collections.abc import Mapping
from typing import Any

import attrs

from numrules.core.errors import ConfigError

_QUOTE = reprlib.Repr()
_QUOTE.maxstring = 60
_QUOTE.maxother = 60
_QUOTE.maxlong = 40
_QUOTE.maxlist = _QUOTE.maxtuple = _QUOTE.maxdict = _QUOTE.maxset = 6
_QUOTE.maxlevel = 3

MAX_ROUNDS = 100_000
"""The largest `max_rounds` (or round count) any game accepts."""

BOUNDS_KEY = "bounds"
"""The key of an attrs field's metadata that holds its `(low, high)` range (see `bounded`)."""


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


def bounded(low: int, high: int) -> dict[str, tuple[int, int]]:
    """The metadata of an int field whose values lie in `low..high` (`attrs.field(metadata=)`).

    A field annotated `int | None` may also be None.
    """
    if not low <= high:
        raise ValueError(f"empty bounds {low}..{high}")
    return {BOUNDS_KEY: (low, high)}


_Bounded = tuple[tuple[str, int, int, bool], ...]
_BOUNDED: dict[type, _Bounded] = {}  # by class: read once, as every Config checks them


def _bounded_fields(cls: type) -> _Bounded:
    # (name, low, high, optional) of each field declaring its bounds, in declaration order.
    known = _BOUNDED.get(cls)
    if known is None:
        hints = typing.get_type_hints(cls)
        known = tuple(
            (field.name, *field.metadata[BOUNDS_KEY], optional_type(hints[field.name])[1])
            for field in attrs.fields(cls)
            if BOUNDS_KEY in field.metadata
        )
        _BOUNDED[cls] = known
    return known


def optional_type(hint: Any) -> tuple[Any, bool]:
    """`X | None` as `(X, True)`; any other annotation as `(hint, False)`."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        if len(args) == 1:
            return args[0], True
    return hint, False


def field_bounds(cls: type) -> Mapping[str, tuple[int, int]]:
    """The range each field of the attrs class `cls` declares with `bounded`, by field name."""
    return {name: (low, high) for name, low, high, _ in _bounded_fields(cls)}


def check_bounds(instance: Any) -> None:
    """Refuse an attrs instance whose bounded fields are not ints in their declared range.

    A field annotated `int | None` may be None; the fields are checked in declaration order.

    Raises:
        ConfigError: as `check_int`, for the first field out of its range.

    """
    for name, low, high, optional in _bounded_fields(type(instance)):
        check_int(name, getattr(instance, name), low, high, optional=optional)
