"""Num Bounce actions and their notation.

Every action names the seat that takes it. Notation: `<seat>:<verb>` followed by its
argument, if any; cards are written in Num notation, in canonical order.

| action | notation | when |
| --- | --- | --- |
| `Play(seat, cards)` | `2:play R7 RB7` | open, go up or down (also after a take or a SHADOW) |
| `NumX(seat)` | `0:numx` | close the trick with NUM_X, then open a new one |
| `Take(seat, pile)` | `1:take draw`, `1:take discard` | take the top card of a pile |
| `Keep(seat)` | `1:keep` | keep the taken card |
| `Discard(seat)` | `1:discard` | discard the card taken from the draw pile |
| `Pass(seat)` | `3:pass` | nothing can be taken: let the turn go |
| `Interrupt(seat, card)` | `2:interrupt RB7` | the RAINBOW or SHADOW of the reference value |
| `Decline(seat)` | `2:decline` | lay nothing on the own SHADOW |
"""

from __future__ import annotations

import re

import attrs

from numrules.core.cards import NumCard, num_card_key
from numrules.core.errors import NotationError
from numrules.core.notation import split_seat
from numrules.core.validation import quote
from numrules.numbounce.cards import Pile, parse_card, parse_cards


@attrs.frozen(slots=True)
class Play:
    """Lay `cards` (a combination, in canonical card order) on the trick."""

    seat: int
    cards: tuple[NumCard, ...]

    def __str__(self) -> str:
        return f"{self.seat}:play {' '.join(str(card) for card in self.cards)}"


@attrs.frozen(slots=True)
class NumX:
    """Play NUM_X: the trick goes to the discard and the same player opens a new one."""

    seat: int

    def __str__(self) -> str:
        return f"{self.seat}:numx"


@attrs.frozen(slots=True)
class Take:
    """Take the top card of `pile` (then play it, keep it or discard it)."""

    seat: int
    pile: Pile

    def __str__(self) -> str:
        return f"{self.seat}:take {self.pile.value}"


@attrs.frozen(slots=True)
class Keep:
    """Put the taken card into the hand; the turn ends."""

    seat: int

    def __str__(self) -> str:
        return f"{self.seat}:keep"


@attrs.frozen(slots=True)
class Discard:
    """Lay the card taken from the draw pile face up on the discard; the turn ends."""

    seat: int

    def __str__(self) -> str:
        return f"{self.seat}:discard"


@attrs.frozen(slots=True)
class Pass:
    """End the turn without playing (only when no card can be taken)."""

    seat: int

    def __str__(self) -> str:
        return f"{self.seat}:pass"


@attrs.frozen(slots=True)
class Interrupt:
    """Play the RAINBOW (joins the reference) or SHADOW (becomes it) of the reference value."""

    seat: int
    card: NumCard

    def __str__(self) -> str:
        return f"{self.seat}:interrupt {self.card}"


@attrs.frozen(slots=True)
class Decline:
    """After the own SHADOW interrupt, lay no card on it; play resumes at the left."""

    seat: int

    def __str__(self) -> str:
        return f"{self.seat}:decline"


Action = Play | NumX | Take | Keep | Discard | Pass | Interrupt | Decline
"""Any Num Bounce action."""

ACTION_TYPES: tuple[type[Action], ...] = (Play, NumX, Take, Keep, Discard, Pass, Interrupt, Decline)

_BARE: dict[str, type[NumX | Keep | Discard | Pass | Decline]] = {
    "numx": NumX,
    "keep": Keep,
    "discard": Discard,
    "pass": Pass,
    "decline": Decline,
}
_PILES = {pile.value: pile for pile in Pile}
EXAMPLE = "2:play R7 RB7"
"""An action in notation (used in messages)."""

_VERB_RE = re.compile(r"([a-z]+)(?:\s+(\S.*))?", re.IGNORECASE | re.DOTALL)


def parse_action(text: str, seat: int | None = None) -> Action:
    """Parse an action from its notation (`"2:play R7 RB7"`, `"1:take draw"`, `"0:numx"`).

    With `seat`, the text may leave out the seat prefix (`"take draw"` is that seat's);
    a prefix naming another seat is refused. The cards of a `play` may be written in
    any order; they are put in canonical order, so `str` of the result is canonical.

    Raises:
        NotationError: the text is not a Num Bounce action, or not `seat`'s.
        SeatError: `seat` is not a non-negative int.

    """
    seat, rest = split_seat(text, seat, example=EXAMPLE)
    match = _VERB_RE.fullmatch(rest)
    if match is None:
        raise NotationError(f"{quote(text)} is not a Num Bounce action (expected e.g. {EXAMPLE!r})")
    verb, arg = match[1].lower(), match[2]
    bare = _BARE.get(verb)
    if bare is not None:
        if arg is not None:
            raise NotationError(f"{quote(verb)} takes no argument, got {quote(text)}")
        return bare(seat)
    if arg is None:
        raise NotationError(f"{quote(verb)} needs an argument, got {quote(text)}")
    if verb == "play":
        cards = parse_cards(arg)
        if not cards:
            raise NotationError(f"'play' needs at least one card, got {quote(text)}")
        ordered = tuple(sorted(cards, key=num_card_key))
        if len(set(ordered)) != len(ordered):
            raise NotationError(f"a card appears twice in {quote(text)}")
        return Play(seat, ordered)
    if verb == "take":
        pile = _PILES.get(arg.strip().lower())
        if pile is None:
            raise NotationError(f"take from 'draw' or 'discard', got {quote(text)}")
        return Take(seat, pile)
    if verb == "interrupt":
        return Interrupt(seat, parse_card(arg))
    raise NotationError(
        f"unknown Num Bounce verb {quote(verb)} in {quote(text)} "
        "(play, numx, take, keep, discard, pass, interrupt, decline)"
    )
