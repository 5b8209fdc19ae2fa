"""Num Stop events: what each `apply` did, as every seat was told it.

Every card a player draws or takes is face up, so every event is public but one: the
top cards a FLIP shows are told to its actor only.

| event | when | secret part |
| --- | --- | --- |
| `RoundDealt` | a round starts (also in `new_game`) | - (only the stock sizes are told) |
| `TurnSkipped` | a turn begins that a SKIP hit | - |
| `DoubleTurn` | a turn begins that a DOUBLE hit | - |
| `Locked` | a seat locks its pile into its collection | - |
| `Drew` | a seat draws the top card of a stock | - |
| `Busted` | a stop pattern ends a pile: the pile is lost | - |
| `Stopped` | a seat stops drawing | - |
| `ShadowKept` | a Shadow starts a new pile, the old pile is lost | - |
| `ShadowDiscarded` | a drawn Shadow is thrown away, the pile kept | - |
| `Reserved` | an action card goes to its seat's reserve | - |
| `ActionCardLost` | a drawn action card can be neither reserved nor activated | - |
| `JokerPlayed` | the JOKER answers a drawn Shadow | - |
| `DoubleActivated` | a DOUBLE is activated against a seat | - |
| `SkipActivated` | a SKIP is activated against a seat | - |
| `Swiped` | a SWIPE exchanges two piles | - |
| `Flipped` | a FLIP is activated: its seat looks at the stocks' tops | the cards: its actor only |
| `QuantumTook` | a QUANTUM takes the top cards of a stock | - |
| `QuantumKept` | the QUANTUM choice: one card kept (or none), the rest lost | - |
| `SkippedTurnEnded` | a seat ends its skipped turn | - |
| `RoundEnded` | both stocks are empty: what was not locked is lost | - |
| `Picked` | a validating seat picks a card of a combination for the objective it decides | - |
| `Passed` | it leaves the objective it decides open | - |
| `Validated` | a seat validates a combination (its last card picked) | - |
| `ValidationEnded` | a seat is done validating | - |
| `GameEnded` | the game is over | - |
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

import attrs

from numrules.core.cards import NumCard
from numrules.core.events import Event, cards_text, count_text
from numrules.numstop.cards import Stock
from numrules.numstop.objectives import Objective

Cards = tuple[NumCard, ...]


def _origin(card: str, from_reserve: bool) -> str:
    return f"{card} from its reserve" if from_reserve else f"the {card} it just drew"


@attrs.frozen(slots=True)
class RoundDealt(Event):
    """A round is dealt: two face-down stocks; piles, collections and reserves are empty."""

    round: int
    first_player: int
    """The seat that plays first (and validates first) in this round."""
    stock_sizes: tuple[int, int]
    """The cards in stock A and stock B."""

    def __str__(self) -> str:
        a, b = self.stock_sizes
        return (
            f"round {self.round} is dealt: stock A {count_text(a, 'card')}, stock B "
            f"{count_text(b, 'card')}; seat {self.first_player} plays first"
        )


@attrs.frozen(slots=True)
class TurnSkipped(Event):
    """A turn begins that a SKIP hit: its seat may only activate DOUBLE, SKIP, SWIPE."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat}'s turn is skipped"


@attrs.frozen(slots=True)
class DoubleTurn(Event):
    """A turn begins that a DOUBLE hit: no lock, `draws` draws before stopping."""

    seat: int
    draws: int

    def __str__(self) -> str:
        return (
            f"seat {self.seat}'s turn is hit by DOUBLE: no lock, "
            f"{count_text(self.draws, 'draw')} before stopping"
        )


@attrs.frozen(slots=True)
class Locked(Event):
    """A seat locks its pile: the cards join the end of its collection; the turn ends."""

    seat: int
    cards: Cards

    def __str__(self) -> str:
        return f"seat {self.seat} locks {cards_text(self.cards)}"


@attrs.frozen(slots=True)
class Drew(Event):
    """A seat draws the top card of `stock`, face up.

    A family card joins the end of the pile (a `Busted` may follow); a Shadow or an
    action card waits for its seat's decision. The card that empties both stocks is
    lost with the round (`RoundEnded` follows).
    """

    seat: int
    stock: Stock
    card: NumCard

    def __str__(self) -> str:
        return f"seat {self.seat} draws {self.card} from stock {self.stock.value}"


@attrs.frozen(slots=True)
class Busted(Event):
    """A stop pattern at the end of the pile: the pile (`cards`) is lost; the turn ends."""

    seat: int
    cards: Cards
    """The lost pile, the card that broke it last."""

    def __str__(self) -> str:
        cards = self.cards
        if len(cards) >= 2 and _family(cards[-1]) == _family(cards[-2]):
            why = "a run of one family"
        else:
            why = "a run of one value"
        return f"seat {self.seat} busts: {cards_text(cards)} ({why}) is lost"


def _family(card: NumCard) -> object:
    return getattr(card, "family", None)


@attrs.frozen(slots=True)
class Stopped(Event):
    """A seat stops drawing: its pile stays unlocked; the turn ends."""

    seat: int
    pile: Cards

    def __str__(self) -> str:
        if not self.pile:
            return f"seat {self.seat} stops with an empty pile"
        return f"seat {self.seat} stops; its pile {cards_text(self.pile)} stays unlocked"


@attrs.frozen(slots=True)
class ShadowKept(Event):
    """A Shadow (drawn, or kept from a QUANTUM) starts a new pile; the old pile is lost."""

    seat: int
    shadow: NumCard
    lost: Cards
    """The pile thrown away (possibly empty)."""

    def __str__(self) -> str:
        if not self.lost:
            return f"seat {self.seat} keeps {self.shadow} as its new pile"
        return f"seat {self.seat} keeps {self.shadow} and loses its pile {cards_text(self.lost)}"


@attrs.frozen(slots=True)
class ShadowDiscarded(Event):
    """A drawn Shadow is thrown away; the pile is kept; the turn ends."""

    seat: int
    shadow: NumCard

    def __str__(self) -> str:
        return f"seat {self.seat} discards {self.shadow} and keeps its pile"


@attrs.frozen(slots=True)
class Reserved(Event):
    """The action card just drawn goes to the end of its seat's reserve.

    Also recorded when a seat with a full reserve activates a reserved card: the card
    just drawn takes the free place.
    """

    seat: int
    card: NumCard

    def __str__(self) -> str:
        return f"seat {self.seat} puts {self.card} in its reserve"


@attrs.frozen(slots=True)
class ActionCardLost(Event):
    """A drawn action card is thrown away at once.

    The reserve is full and none of the three cards can be activated now.
    """

    seat: int
    card: NumCard

    def __str__(self) -> str:
        return f"seat {self.seat} can neither reserve nor activate {self.card}: it is discarded"


@attrs.frozen(slots=True)
class JokerPlayed(Event):
    """The JOKER of the reserve answers a drawn Shadow: both are thrown away, the turn goes on."""

    seat: int
    shadow: NumCard

    def __str__(self) -> str:
        return f"seat {self.seat} plays the JOKER against {self.shadow} and keeps its pile"


@attrs.frozen(slots=True)
class DoubleActivated(Event):
    """A DOUBLE is activated: `target`'s next played turn must draw twice and cannot lock."""

    seat: int
    target: int
    from_reserve: bool
    """Whether the card came from the reserve (else it was just drawn)."""

    def __str__(self) -> str:
        return (
            f"seat {self.seat} activates {_origin('DOUBLE', self.from_reserve)} "
            f"against seat {self.target}"
        )


@attrs.frozen(slots=True)
class SkipActivated(Event):
    """A SKIP is activated: `target`'s next turn is skipped."""

    seat: int
    target: int
    from_reserve: bool

    def __str__(self) -> str:
        return (
            f"seat {self.seat} activates {_origin('SKIP', self.from_reserve)} "
            f"against seat {self.target}"
        )


@attrs.frozen(slots=True)
class Swiped(Event):
    """A SWIPE is activated: `seat` and its neighbour `target` exchange their piles."""

    seat: int
    target: int
    from_reserve: bool
    gave: Cards
    """The pile `seat` had, now `target`'s."""
    got: Cards
    """The pile `target` had, now `seat`'s."""

    def __str__(self) -> str:
        return (
            f"seat {self.seat} activates {_origin('SWIPE', self.from_reserve)}: it gives "
            f"{cards_text(self.gave)} to seat {self.target} and gets {cards_text(self.got)}"
        )


@attrs.frozen(slots=True)
class Flipped(Event):
    """A FLIP is activated: its seat looks at the top card of every stock not empty.

    Secret: only the actor is told the cards; every other seat (and a spectator) is
    told which stocks the actor looked at.
    """

    secret: ClassVar[bool] = True
    seat: int
    from_reserve: bool
    looked: tuple[bool, bool]
    """Whether the actor looked at stock A, stock B (a stock that is not empty)."""
    tops: tuple[NumCard | None, NumCard | None]
    """The cards seen, for the actor only (None: not looked at, or hidden)."""

    def seen_by(self, seat: int | None) -> Flipped:
        """Only the actor is told the cards."""
        if seat == self.seat or self.tops == (None, None):
            return self
        return Flipped(self.seat, self.from_reserve, self.looked, (None, None))

    def told_more(self, players: int) -> Iterable[tuple[int, Event]]:
        """Only the actor is told more than the public version (the cards)."""
        return () if self.tops == (None, None) else ((self.seat, self),)

    def __str__(self) -> str:
        stocks = [stock for stock, looked in zip("AB", self.looked, strict=True) if looked]
        cards = [top for top, looked in zip(self.tops, self.looked, strict=True) if looked]
        what = _origin("FLIP", self.from_reserve)
        if not any(cards):
            seen = " and ".join(f"the top card of stock {stock}" for stock in stocks)
            return f"seat {self.seat} activates {what} and looks at {seen}"
        seen = " and ".join(f"{c} on top of stock {s}" for c, s in zip(cards, stocks, strict=True))
        return f"seat {self.seat} activates {what} and sees {seen}"


@attrs.frozen(slots=True)
class QuantumTook(Event):
    """A QUANTUM is activated: it takes the top cards of `stock` (then of the other one).

    The cards wait, face up, for the seat's choice (`QuantumKept`), unless they were the
    last cards of the round (`RoundEnded` follows).
    """

    seat: int
    stock: Stock
    from_reserve: bool
    cards: Cards
    """The cards taken, in order (those of `stock` first)."""

    def __str__(self) -> str:
        return (
            f"seat {self.seat} activates {_origin('QUANTUM', self.from_reserve)} on stock "
            f"{self.stock.value} and takes {cards_text(self.cards)}"
        )


@attrs.frozen(slots=True)
class QuantumKept(Event):
    """The QUANTUM choice: `card` joins the pile (or None), `discarded` are thrown away.

    A kept family card joins the end of the pile (a `Busted` may follow); a kept Shadow
    starts a new pile (a `ShadowKept` follows). The turn ends.
    """

    seat: int
    card: NumCard | None
    discarded: Cards

    def __str__(self) -> str:
        kept = "keeps nothing" if self.card is None else f"keeps {self.card}"
        thrown = cards_text(self.discarded)
        return f"seat {self.seat} {kept} of the QUANTUM cards and discards {thrown}"


@attrs.frozen(slots=True)
class SkippedTurnEnded(Event):
    """A seat ends its skipped turn."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} ends its skipped turn"


@attrs.frozen(slots=True)
class RoundEnded(Event):
    """Both stocks are empty: the round's play is over and validation begins.

    `lost` (the last card drawn, or the cards of the QUANTUM that emptied the stocks),
    then every unlocked pile and every reserve, seat by seat, join the discard
    (`discarded`, in that order). Waiting DOUBLE and SKIP effects vanish.
    """

    round: int
    lost: Cards
    discarded: Cards
    """Every card thrown away now, in order: `lost`, the piles, the reserves."""

    def __str__(self) -> str:
        return f"round {self.round} ends: both stocks are empty; lost: {cards_text(self.discarded)}"


@attrs.frozen(slots=True)
class Picked(Event):
    """A seat picks `card` of its collection for a combination of `objective` (a PICK).

    The first pick chooses to validate the objective under decision. The card stays in
    the collection; when it completes the combination, `Validated` follows.
    """

    seat: int
    objective: Objective
    card: NumCard

    def __str__(self) -> str:
        return f"seat {self.seat} picks {self.card} for {self.objective.value}"


@attrs.frozen(slots=True)
class Passed(Event):
    """A seat leaves the objective under decision open this round (a PASS)."""

    seat: int
    objective: Objective

    def __str__(self) -> str:
        return f"seat {self.seat} passes on {self.objective.value}, which stays open"


@attrs.frozen(slots=True)
class Validated(Event):
    """A seat validates a combination of its collection's unused cards.

    It follows the `Picked` of the combination's last card; `cards` are in canonical
    order.
    """

    seat: int
    objective: Objective
    cards: Cards
    points: int

    def __str__(self) -> str:
        return (
            f"seat {self.seat} validates {self.objective.value} {cards_text(self.cards)} "
            f"for {count_text(self.points, 'point')}"
        )


@attrs.frozen(slots=True)
class ValidationEnded(Event):
    """A seat is done validating this round: its validated objectives and points so far."""

    seat: int
    objectives: int
    points: int

    def __str__(self) -> str:
        return (
            f"seat {self.seat} is done validating: {count_text(self.objectives, 'objective')}, "
            f"{count_text(self.points, 'point')} in all"
        )


@attrs.frozen(slots=True)
class GameEnded(Event):
    """The game is over: each seat's points and objectives, and the winners."""

    points: tuple[int, ...]
    objectives: tuple[int, ...]
    winners: tuple[int, ...]

    def __str__(self) -> str:
        who = " and ".join(f"seat {s}" for s in self.winners)
        verb = "wins" if len(self.winners) == 1 else "share the win"
        each = ", ".join(
            f"seat {s} {count_text(p, 'point')} / {count_text(o, 'objective')}"
            for s, (p, o) in enumerate(zip(self.points, self.objectives, strict=True))
        )
        return f"the game ends: {who} {verb} ({each})"


EVENT_TYPES: tuple[type[Event], ...] = (
    RoundDealt,
    TurnSkipped,
    DoubleTurn,
    Locked,
    Drew,
    Busted,
    Stopped,
    ShadowKept,
    ShadowDiscarded,
    Reserved,
    ActionCardLost,
    JokerPlayed,
    DoubleActivated,
    SkipActivated,
    Swiped,
    Flipped,
    QuantumTook,
    QuantumKept,
    SkippedTurnEnded,
    RoundEnded,
    Picked,
    Passed,
    Validated,
    ValidationEnded,
    GameEnded,
)
"""Every Num Stop event class."""
