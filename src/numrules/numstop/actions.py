"""Num Stop actions and their notation.

Every action names the seat that takes it. Notation: `<seat>:<verb> <arguments>`, cards
in Num notation, stocks `A` and `B`, seats numbered from 0.

| action | notation | when |
| --- | --- | --- |
| `Lock(seat)` | `0:lock` | first action of a turn: the pile joins the collection |
| `Draw(seat, stock)` | `0:draw A` | draw the top card of a stock |
| `Stop(seat)` | `0:stop` | end the turn after a draw (or right after a FLIP) |
| `Activate(seat, card)` | `0:activate FLIP` | FLIP; JOKER against a drawn Shadow |
| `Activate(seat, card, target=t)` | `0:activate DOUBLE 2` | DOUBLE, SKIP, SWIPE at seat t |
| `Activate(seat, card, stock=s)` | `0:activate QUANTUM B` | QUANTUM from a stock |
| `Reserve(seat, card)` | `0:reserve SKIP` | put the drawn action card in the reserve |
| `Keep(seat, card)` | `0:keep SH5` | keep the drawn Shadow (losing the pile), or a QUANTUM card |
| `Keep(seat, None)` | `0:keep none` | keep none of the QUANTUM cards |
| `Discard(seat, card)` | `0:discard SH5` | discard the drawn Shadow, keep the pile |
| `EndTurn(seat)` | `0:end turn` | end a skipped turn |
| `Pick(seat, card)` | `0:pick R7` | validation: a combination's next card (the last validates) |
| `Pass(seat)` | `0:pass` | validation: leave the objective under decision open |
| `EndValidation(seat)` | `0:end` | validation: every objective is decided; the seat is done |

A seat decides its open objectives once each, in `DECISION_ORDER` (the rarest first,
`shadow_straight` to `pair`): one `pick` per card of a combination, in canonical order,
or `pass`; then `end`. `combination_actions` (in `numrules.numstop.selection`) writes
the picks of a whole `Combination`.
"""

from __future__ import annotations

import re

import attrs

from numrules.core.cards import NumCard
from numrules.core.errors import NotationError
from numrules.core.notation import split_seat
from numrules.core.validation import quote
from numrules.numstop.cards import Stock, parse_card


def _text(value: object) -> str:
    # Stocks by value; anything else (junk included) as str, so printing never fails.
    return value.value if isinstance(value, Stock) else str(value)


@attrs.frozen(slots=True)
class Lock:
    """Lock the pile: it joins the collection. The first and only action of the turn."""

    seat: int

    def __str__(self) -> str:
        return f"{self.seat}:lock"


@attrs.frozen(slots=True)
class Draw:
    """Draw the top card of `stock`."""

    seat: int
    stock: Stock

    def __str__(self) -> str:
        return f"{self.seat}:draw {_text(self.stock)}"


@attrs.frozen(slots=True)
class Stop:
    """Stop drawing: the turn ends and the pile stays unlocked."""

    seat: int

    def __str__(self) -> str:
        return f"{self.seat}:stop"


@attrs.frozen(slots=True)
class Activate:
    """Activate an action card: from the reserve, or the card just drawn.

    `target` is the seat aimed at by DOUBLE, SKIP and SWIPE; `stock` the stock of a
    QUANTUM; both are None for FLIP and JOKER.
    """

    seat: int
    card: NumCard
    target: int | None = None
    stock: Stock | None = None

    def __str__(self) -> str:
        text = f"{self.seat}:activate {self.card}"
        if self.target is not None:
            text += f" {_text(self.target)}"
        if self.stock is not None:
            text += f" {_text(self.stock)}"
        return text


@attrs.frozen(slots=True)
class Reserve:
    """Put the action card just drawn into the reserve."""

    seat: int
    card: NumCard

    def __str__(self) -> str:
        return f"{self.seat}:reserve {self.card}"


@attrs.frozen(slots=True)
class Keep:
    """Keep a card: the drawn Shadow (losing the pile), or one QUANTUM card (None: none)."""

    seat: int
    card: NumCard | None

    def __str__(self) -> str:
        return f"{self.seat}:keep {'none' if self.card is None else self.card}"


@attrs.frozen(slots=True)
class Discard:
    """Discard the drawn Shadow and keep the pile."""

    seat: int
    card: NumCard

    def __str__(self) -> str:
        return f"{self.seat}:discard {self.card}"


@attrs.frozen(slots=True)
class EndTurn:
    """End a skipped turn."""

    seat: int

    def __str__(self) -> str:
        return f"{self.seat}:end turn"


@attrs.frozen(slots=True)
class Pick:
    """Pick `card` of the collection for a combination of the objective under decision.

    The first pick chooses to validate that objective; the next ones follow in canonical
    order, each a card with which the picked cards still begin a combination completed
    by later cards. The pick that completes the combination validates it.
    """

    seat: int
    card: NumCard

    def __str__(self) -> str:
        return f"{self.seat}:pick {self.card}"


@attrs.frozen(slots=True)
class Pass:
    """Leave the objective under decision open this round: it is not offered again."""

    seat: int

    def __str__(self) -> str:
        return f"{self.seat}:pass"


@attrs.frozen(slots=True)
class EndValidation:
    """End the seat's validation, once every objective is decided."""

    seat: int

    def __str__(self) -> str:
        return f"{self.seat}:end"


Action = (
    Lock | Draw | Stop | Activate | Reserve | Keep | Discard | EndTurn | Pick | Pass | EndValidation
)
"""Any Num Stop action."""

ACTION_TYPES: tuple[type[Action], ...] = (
    Lock,
    Draw,
    Stop,
    Activate,
    Reserve,
    Keep,
    Discard,
    EndTurn,
    Pick,
    Pass,
    EndValidation,
)

EXAMPLE = "0:draw A"
"""An action in notation (used in messages)."""

_VERB_RE = re.compile(r"([a-z]+)((?:\s+\S+)*)", re.IGNORECASE)
_STOCKS = {"A": Stock.A, "B": Stock.B}


def _stock(text: str) -> Stock:
    stock = _STOCKS.get(text.upper())
    if stock is None:
        raise NotationError(f"{quote(text)} is not a stock (A or B)")
    return stock


def _seat(text: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 3):
        raise NotationError(f"{quote(text)} is not a seat number")
    return int(text)


def _activate(seat: int, args: list[str]) -> Activate:
    if not 1 <= len(args) <= 2:
        raise NotationError("activate takes a card and at most one target or stock")
    card = parse_card(args[0])
    if len(args) == 1:
        return Activate(seat, card)
    if args[1].upper() in _STOCKS:
        return Activate(seat, card, stock=_stock(args[1]))
    return Activate(seat, card, target=_seat(args[1]))


def _keep(seat: int, args: list[str]) -> Keep:
    return Keep(seat, None if args[0].lower() == "none" else parse_card(args[0]))


_ONE_CARD: dict[str, type[Reserve | Discard | Pick]] = {
    "reserve": Reserve,
    "discard": Discard,
    "pick": Pick,
}
_NO_ARGUMENT: dict[str, type[Lock | Stop | Pass | EndValidation]] = {
    "lock": Lock,
    "stop": Stop,
    "pass": Pass,
    "end": EndValidation,
}


def parse_action(text: str, seat: int | None = None) -> Action:
    """Parse an action from its notation (`"0:draw A"`, `"2:activate DOUBLE 1"`, ...).

    With `seat`, the text may leave out the seat prefix (`"draw A"` is that seat's);
    a prefix naming another seat is refused. `str` of the result is the canonical
    notation.

    Raises:
        NotationError: the text is not an action in Num Stop notation, or not `seat`'s.
        SeatError: `seat` is not a non-negative int.

    """
    seat, rest = split_seat(text, seat, example=EXAMPLE)
    match = _VERB_RE.fullmatch(rest)
    if match is None:
        raise NotationError(f"{quote(text)} is not a Num Stop action (expected e.g. {EXAMPLE!r})")
    verb, args = match[1].lower(), match[2].split()
    if verb in _NO_ARGUMENT and not args:
        return _NO_ARGUMENT[verb](seat)
    if verb == "end" and [a.lower() for a in args] == ["turn"]:
        return EndTurn(seat)
    if verb == "draw" and len(args) == 1:
        return Draw(seat, _stock(args[0]))
    if verb in _ONE_CARD and len(args) == 1:
        return _ONE_CARD[verb](seat, parse_card(args[0]))
    if verb == "keep" and len(args) == 1:
        return _keep(seat, args)
    if verb == "activate":
        return _activate(seat, args)
    raise NotationError(
        f"{quote(text)} is not a Num Stop action (verbs: lock, draw, stop, activate, reserve, "
        "keep, discard, end turn, pick, pass, end)"
    )
