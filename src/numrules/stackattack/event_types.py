"""Stack Attack events: what each `apply` did, as every seat was told it.

| event | when | secret part |
| --- | --- | --- |
| `Dealt` | a round starts (also in `new_game`) | the hands: each seat sees its own |
| `Chose` | a seat picks its card for the turn | the card, until `Revealed` |
| `Revealed` | every seat has chosen: the choices turn face up | - |
| `Switched` | a SWITCH swaps two revealed cards | - |
| `Blocked` | a BLOCK closes a row for the turn | - |
| `Descending` | a DECREASING was revealed: this turn places high to low | - |
| `Placed` | a revealed card joins (or starts) a row | - |
| `RowTaken` | a seat takes a row's cards as penalty | - |
| `RoundEnded` | the last turn of a round is placed | - |
| `GameEnded` | the game is over | - |
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from numrules.core.events import Event, cards_text, count_text
from numrules.stackattack.cards import Card


@attrs.frozen(slots=True)
class Dealt(Event):
    """A round is dealt: each row gets its first card, each seat a hand."""

    secret: ClassVar[bool] = True
    round: int
    rows: tuple[Card, ...]
    """The first card of each row (public)."""
    hands: tuple[tuple[Card, ...] | None, ...]
    """Each seat's hand, ascending; None where the seat told of the event may not see it."""

    def seen_by(self, seat: int | None) -> Dealt:
        """Every hand but `seat`'s own is hidden."""
        hands = tuple(hand if s == seat else None for s, hand in enumerate(self.hands))
        return Dealt(self.round, self.rows, hands)

    def __str__(self) -> str:
        dealt = f"round {self.round} is dealt; the rows start with {cards_text(self.rows)}"
        own = [f"seat {s} holds {cards_text(h)}" for s, h in enumerate(self.hands) if h is not None]
        return "; ".join([dealt, *own])


@attrs.frozen(slots=True)
class Chose(Event):
    """A seat picks its card for this turn, face down."""

    secret: ClassVar[bool] = True
    seat: int
    card: Card | None
    """The card, for its chooser only (None: hidden until the reveal)."""

    def seen_by(self, seat: int | None) -> Chose:
        """Only the chooser sees the card."""
        return self if seat == self.seat else Chose(self.seat, None)

    def told_more(self, players: int) -> tuple[tuple[int, Chose], ...]:
        """Only the chooser is told more: the card."""
        return ((self.seat, self),)

    def __str__(self) -> str:
        what = "a card" if self.card is None else str(self.card)
        return f"seat {self.seat} chooses {what}"


@attrs.frozen(slots=True)
class Revealed(Event):
    """Every seat has chosen: the choices turn face up together."""

    turn: int
    cards: tuple[Card, ...]
    """The card each seat chose, by seat."""

    def __str__(self) -> str:
        shown = ", ".join(f"seat {s} {c}" for s, c in enumerate(self.cards))
        return f"turn {self.turn} reveal: {shown}"


@attrs.frozen(slots=True)
class Switched(Event):
    """A SWITCH is resolved: its holder swaps it with another seat's revealed card."""

    seat: int
    target: int
    gave: Card
    """The SWITCH, now held by `target`."""
    got: Card
    """The card `seat` now holds."""

    def __str__(self) -> str:
        return f"seat {self.seat}'s SWITCH {self.gave} swaps with seat {self.target}'s {self.got}"


@attrs.frozen(slots=True)
class Blocked(Event):
    """A BLOCK is resolved: no card may be placed on `row` this turn."""

    seat: int
    card: Card
    row: int

    def __str__(self) -> str:
        return f"seat {self.seat}'s BLOCK {self.card} closes row {self.row} for this turn"


@attrs.frozen(slots=True)
class Descending(Event):
    """A DECREASING was revealed: this turn's cards are placed from the highest down."""

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"seat {self.seat}'s DECREASING {self.card}: this turn places the highest card first"


@attrs.frozen(slots=True)
class Placed(Event):
    """A revealed card joins the end of `row` (or starts it, after `RowTaken`)."""

    seat: int
    card: Card
    row: int

    def __str__(self) -> str:
        return f"seat {self.seat} places {self.card} on row {self.row}"


@attrs.frozen(slots=True)
class RowTaken(Event):
    """A seat takes every card of `row` as penalty; its card then starts the row."""

    seat: int
    row: int
    cards: tuple[Card, ...]
    points: int
    """The penalty points of `cards`."""

    def __str__(self) -> str:
        count = count_text(len(self.cards), "card")
        return (
            f"seat {self.seat} takes row {self.row}: {count}, {count_text(self.points, 'point')}"
            f" ({cards_text(self.cards)})"
        )


@attrs.frozen(slots=True)
class RoundEnded(Event):
    """A round is over: each seat's penalty points of the round and its new total."""

    round: int
    points: tuple[int, ...]
    totals: tuple[int, ...]

    def __str__(self) -> str:
        each = ", ".join(
            f"seat {s} {p} (total {t})"
            for s, (p, t) in enumerate(zip(self.points, self.totals, strict=True))
        )
        return f"round {self.round} ends: {each}"


@attrs.frozen(slots=True)
class GameEnded(Event):
    """The game is over: the final totals and the winners (the lowest total wins)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]

    def __str__(self) -> str:
        who = " and ".join(f"seat {s}" for s in self.winners)
        verb = "wins" if len(self.winners) == 1 else "share the win"
        return f"the game ends: {who} {verb} with {count_text(min(self.scores), 'point')}"


EVENT_TYPES: tuple[type[Event], ...] = (
    Dealt,
    Chose,
    Revealed,
    Switched,
    Blocked,
    Descending,
    Placed,
    RowTaken,
    RoundEnded,
    GameEnded,
)
"""Every Stack Attack event class."""
