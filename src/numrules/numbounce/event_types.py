"""Num Bounce events: what each `apply` did, as every seat was told it.

| event | when | secret part |
| --- | --- | --- |
| `Dealt` | a round starts (also in `new_game`) | the hands: each seat sees its own |
| `Played` | a seat opens a trick, goes up, or lays a card on its own SHADOW | - |
| `WentDown` | a seat goes down and takes the beaten reference back | - |
| `NumXPlayed` | a seat plays NUM_X: the trick goes to the discard | - |
| `Recycled` | a draw from an empty pile: the discard but its top is the new draw pile | - |
| `Drew` | a seat takes the top card of the draw pile | the card: only the drawer sees it |
| `TookDiscard` | a seat takes the top card of the discard | - |
| `Kept` | a taken card joins the hand (kept, or cut by an interrupt) | a drawn card: keeper only |
| `Discarded` | a card taken from the draw pile goes face up on the discard | - |
| `Passed` | a seat that can take nothing passes | - |
| `Declined` | a SHADOW's player lays nothing on it | - |
| `Interrupted` | a RAINBOW or SHADOW interrupt | - |
| `TrickClosed` | the turn comes back to the author: the trick goes to the discard | - |
| `RoundEnded` | a hand is empty, or the round reaches `max_turns_per_round` | - |
| `MatchEnded` | the match is over | - |

An `apply` records its events in the order they happen: the action's own event (for an
interrupt during a pending take, `Interrupted` then the taker's `Kept`), then
`TrickClosed` if the turn came back to the author, then `RoundEnded` and either the next
round's `Dealt` or `MatchEnded`. A take from an empty draw pile records `Recycled` before
`Drew`.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from numrules.core.cards import Family, FamilyCard, NumCard
from numrules.core.events import Event, cards_text, count_text
from numrules.numbounce.cards import Pile


def _seats(seats: tuple[int, ...]) -> str:
    if len(seats) == 1:
        return f"seat {seats[0]}"
    *rest, last = seats
    return f"seats {', '.join(map(str, rest))} and {last}"


def _standing(wins: tuple[int, ...]) -> str:
    return ", ".join(f"seat {s} {w}" for s, w in enumerate(wins))


@attrs.frozen(slots=True)
class Dealt(Event):
    """A round is dealt: a hand to each seat, the first discard, the draw pile."""

    secret: ClassVar[bool] = True
    round: int
    opener: int
    """The seat that opens the round's first trick."""
    hand_size: int
    """Cards dealt to each seat (public)."""
    discard: NumCard
    """The card turned face up to start the discard pile (public)."""
    draw_size: int
    """Cards left face down in the draw pile (public)."""
    hands: tuple[tuple[NumCard, ...] | None, ...]
    """Each seat's hand, in canonical order; None where the seat told may not see it."""

    def seen_by(self, seat: int | None) -> Dealt:
        """Every hand but `seat`'s own is hidden."""
        hands = tuple(hand if s == seat else None for s, hand in enumerate(self.hands))
        return Dealt(self.round, self.opener, self.hand_size, self.discard, self.draw_size, hands)

    def __str__(self) -> str:
        dealt = (
            f"round {self.round} is dealt: {count_text(self.hand_size, 'card')} to each seat, "
            f"{self.discard} starts the discard, {count_text(self.draw_size, 'card')} in the "
            f"draw pile; seat {self.opener} opens"
        )
        own = [f"seat {s} holds {cards_text(h)}" for s, h in enumerate(self.hands) if h is not None]
        return "; ".join([dealt, *own])


@attrs.frozen(slots=True)
class Played(Event):
    """A seat lays a combination that opens the trick or goes up on the reference.

    Also the single card laid on the own SHADOW, and a combination made with a card just
    taken (that card is one of `cards`).
    """

    seat: int
    cards: tuple[NumCard, ...]
    opens: bool
    """Whether the combination opens a new trick (there was no reference)."""

    def __str__(self) -> str:
        verb = "opens a trick with" if self.opens else "goes up with"
        return f"seat {self.seat} {verb} {cards_text(self.cards)}"


@attrs.frozen(slots=True)
class WentDown(Event):
    """A seat lays a lower combination and takes the beaten reference back, in full view."""

    seat: int
    cards: tuple[NumCard, ...]
    beaten: tuple[NumCard, ...]
    """The reference taken back into the hand (known to everyone from now on)."""

    def __str__(self) -> str:
        return (
            f"seat {self.seat} goes down with {cards_text(self.cards)} "
            f"and takes back {cards_text(self.beaten)}"
        )


@attrs.frozen(slots=True)
class NumXPlayed(Event):
    """A seat plays NUM_X: the trick, then NUM_X, go to the discard; it opens a new trick."""

    seat: int
    trick: tuple[NumCard, ...]
    """The cards of the trick that went to the discard, in laying order (maybe none)."""

    def __str__(self) -> str:
        cleared = f"{cards_text(self.trick)} and NUMX go" if self.trick else "NUMX goes"
        return (
            f"seat {self.seat} plays NUMX: {cleared} to the discard; "
            f"seat {self.seat} opens a new trick"
        )


@attrs.frozen(slots=True)
class Recycled(Event):
    """The draw pile was empty: the discard but its top card is shuffled into a new one."""

    count: int
    """Cards in the new draw pile."""
    top: NumCard
    """The card left alone on the discard."""

    def __str__(self) -> str:
        return (
            f"the discard but its top card {self.top} is shuffled into a new draw pile "
            f"of {count_text(self.count, 'card')}"
        )


@attrs.frozen(slots=True)
class Drew(Event):
    """A seat takes the top card of the face-down draw pile."""

    secret: ClassVar[bool] = True
    seat: int
    card: NumCard | None
    """The card, for the drawer only (None: a hidden card)."""

    def seen_by(self, seat: int | None) -> Drew:
        """Only the drawer sees the card."""
        return self if seat == self.seat else Drew(self.seat, None)

    def __str__(self) -> str:
        what = "a card" if self.card is None else str(self.card)
        return f"seat {self.seat} takes {what} from the draw pile"


@attrs.frozen(slots=True)
class TookDiscard(Event):
    """A seat takes the top card of the discard, in full view."""

    seat: int
    card: NumCard

    def __str__(self) -> str:
        return f"seat {self.seat} takes {self.card} from the discard"


@attrs.frozen(slots=True)
class Kept(Event):
    """The card a seat took goes into its hand; its turn is over.

    Either its player keeps it, or an interrupt (`Interrupted`, just before) cuts the
    pending take short (`cut`). A card from the discard stays known to everyone; one from
    the draw pile is seen by the keeper only.
    """

    secret: ClassVar[bool] = True
    seat: int
    card: NumCard | None
    """The card; None where the seat told may not see it (drawn by another seat)."""
    pile: Pile
    """Where the card was taken from."""
    cut: bool
    """Whether an interrupt, not the taker, ended the take."""

    def seen_by(self, seat: int | None) -> Kept:
        """A card from the draw pile is hidden from every seat but the keeper."""
        if self.pile is Pile.DISCARD or seat == self.seat:
            return self
        return Kept(self.seat, None, self.pile, self.cut)

    def __str__(self) -> str:
        what = "the card it took" if self.card is None else str(self.card)
        if self.cut:
            return f"the interrupt ends seat {self.seat}'s turn: it keeps {what}"
        return f"seat {self.seat} keeps {what}"


@attrs.frozen(slots=True)
class Discarded(Event):
    """A card taken from the draw pile goes face up on the discard; the turn is over."""

    seat: int
    card: NumCard

    def __str__(self) -> str:
        return f"seat {self.seat} discards {self.card}"


@attrs.frozen(slots=True)
class Passed(Event):
    """No card can be taken from either pile: a seat lets its turn go."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} passes"


@attrs.frozen(slots=True)
class Declined(Event):
    """The player of a SHADOW interrupt lays nothing on it; play goes to its left."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} lays nothing on its SHADOW"


@attrs.frozen(slots=True)
class Interrupted(Event):
    """A seat plays the RAINBOW (joins the reference) or SHADOW (becomes it) of its value."""

    seat: int
    card: NumCard
    ref_size: int
    """The size of the reference after the interrupt (the trick goes on with this type)."""

    def __str__(self) -> str:
        shadow = type(self.card) is FamilyCard and self.card.family is Family.SHADOW
        kind = "SHADOW" if shadow else "RAINBOW"
        if shadow:
            rest = "the reference is the SHADOW alone"
        else:
            rest = f"the reference grows to {count_text(self.ref_size, 'card')}"
        return f"seat {self.seat} interrupts with the {kind} {self.card}: {rest}"


@attrs.frozen(slots=True)
class TrickClosed(Event):
    """The turn came back to the author of the reference: the trick goes to the discard."""

    opener: int
    """The author, who opens the next trick."""
    cards: tuple[NumCard, ...]
    """The cards of the trick, in laying order (the last one ends on top of the discard)."""

    def __str__(self) -> str:
        verb = "goes" if len(self.cards) == 1 else "go"
        return (
            f"the trick closes: {cards_text(self.cards)} {verb} to the discard; "
            f"seat {self.opener} opens the next one"
        )


@attrs.frozen(slots=True)
class RoundEnded(Event):
    """A round is over: its winners, and every seat's round wins so far."""

    round: int
    winners: tuple[int, ...]
    """The seats that won the round, ascending (several only at the turn limit)."""
    wins: tuple[int, ...]
    """Round wins of each seat, this round included."""
    turn_limit: bool
    """Whether the round ended at `max_turns_per_round` (the fewest cards win)."""

    def __str__(self) -> str:
        if self.turn_limit:
            verb = "wins" if len(self.winners) == 1 else "win"
            how = f"reaches the turn limit: {_seats(self.winners)} {verb} with the fewest cards"
        else:
            how = f"ends: seat {self.winners[0]} has emptied its hand and wins"
        return f"round {self.round} {how} (round wins: {_standing(self.wins)})"


@attrs.frozen(slots=True)
class MatchEnded(Event):
    """The match is over: the round wins and the winners (the most round wins)."""

    wins: tuple[int, ...]
    winners: tuple[int, ...]

    def __str__(self) -> str:
        verb = "wins" if len(self.winners) == 1 else "share the win"
        return (
            f"the match ends: {_seats(self.winners)} {verb} with "
            f"{count_text(max(self.wins), 'round win')}"
        )


EVENT_TYPES: tuple[type[Event], ...] = (
    Dealt,
    Played,
    WentDown,
    NumXPlayed,
    Recycled,
    Drew,
    TookDiscard,
    Kept,
    Discarded,
    Passed,
    Declined,
    Interrupted,
    TrickClosed,
    RoundEnded,
    MatchEnded,
)
"""Every Num Bounce event class."""
