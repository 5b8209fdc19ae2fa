"""Seat arithmetic: seats are numbered 0..n-1 and "left" is the next seat (seat + 1)."""

from __future__ import annotations

from collections.abc import Sequence

from numrules.core.errors import SeatError
from numrules.core.validation import quote


def left(seat: int, players: int) -> int:
    """The seat to the left of `seat` (the next one, wrapping around)."""
    return (seat + 1) % players


def right(seat: int, players: int) -> int:
    """The seat to the right of `seat` (the previous one, wrapping around)."""
    return (seat - 1) % players


def seats_from(start: int, players: int) -> tuple[int, ...]:
    """All seats in playing order, starting with `start`."""
    return tuple((start + i) % players for i in range(players))


def is_seat(value: object, players: int) -> bool:
    """Whether `value` is a valid seat number (an int, not a bool, in 0..players-1)."""
    return type(value) is int and 0 <= value < players


def check_seat(seat: object, players: int) -> int:
    """Return `seat` if it is a valid seat; raise `SeatError` otherwise (None included)."""
    if not is_seat(seat, players):
        raise SeatError(
            f"no seat {quote(seat)} in a {players}-player game (seats are 0..{players - 1})"
        )
    return seat  # type: ignore[return-value]


def check_observer(seat: int | None, players: int) -> int | None:
    """Return `seat` if it is None (a spectator) or a valid seat; raise `SeatError` otherwise."""
    return None if seat is None else check_seat(seat, players)


def best_seats(totals: Sequence[int], *, lowest: bool = False) -> frozenset[int]:
    """The seats with the best total (the highest, or the lowest if `lowest`); ties share."""
    best = min(totals) if lowest else max(totals)
    return frozenset(seat for seat, total in enumerate(totals) if total == best)
