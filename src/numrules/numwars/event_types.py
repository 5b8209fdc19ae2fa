"""Num Wars events: what each `apply` did, as every seat was told it.

| event | when | secret part |
| --- | --- | --- |
| `Dealt` | a round starts (also in `new_game`) | the hands and the roles: each seat sees its own |
| `Played` | a seat plays a card to the trick (not a steal) | - |
| `Stole` | a seat plays the partner of a real trump in the trick and takes the pair | - |
| `BombResolved` | the trick holding the BOMB is complete: kept, protected or captured | - |
| `TrickWon` | a trick is complete: its winner takes its cards | - |
| `RoundScored` | the last trick of a round is won: the roles are revealed, the round scored | - |
| `GameEnded` | the game is over | - |

Every card played is public, so the `Played` and `Stole` events of a trick tell every
seat who played which card (and so who could not follow a suit). The roles of the round
being played are told to their holders only; `RoundScored` reveals them all.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from numrules.core.cards import NumCard
from numrules.core.events import Event, cards_text, count_text
from numrules.numwars.cards import Role
from numrules.numwars.state import BombOutcome, Fate, RoundResult

ROLE_NAMES: dict[Role, str] = {
    Role.BOMBER: "Bomber",
    Role.DEMINER: "Deminer",
    Role.NUM_X: "Num-X player",
    Role.ACCOMPLICE: "Accomplice",
    Role.CIVILIAN: "Civilian",
}
"""The English name of each role, as the events' sentences write it."""

_OUTCOMES: dict[BombOutcome, str] = {
    BombOutcome.KEPT: "the Bomb was kept",
    BombOutcome.PROTECTED: "the Bomb was protected",
    BombOutcome.BY_DEMINER: "the Deminer captured the Bomb",
    BombOutcome.BY_CIVILIAN: "a Civilian captured the Bomb",
    BombOutcome.BY_NUM_X: "the Num-X player captured the Bomb",
    BombOutcome.BY_ACCOMPLICE: "the Accomplice captured the Bomb",
}


def _seats(seats: tuple[int, ...]) -> str:
    return " and ".join(f"seat {s}" for s in seats)


@attrs.frozen(slots=True)
class Dealt(Event):
    """A round is dealt: each seat gets a hand, its lot card (its secret role) among them."""

    secret: ClassVar[bool] = True
    round: int
    leader: int
    """The seat that leads the first trick (the one left of the dealer)."""
    hands: tuple[tuple[NumCard, ...] | None, ...]
    """Each seat's hand, in canonical order; None where the seat told may not see it."""
    roles: tuple[Role | None, ...]
    """Each seat's role this round; None where the seat told may not know it."""

    def seen_by(self, seat: int | None) -> Dealt:
        """Every hand and role but `seat`'s own is hidden."""
        hands = tuple(hand if s == seat else None for s, hand in enumerate(self.hands))
        roles = tuple(role if s == seat else None for s, role in enumerate(self.roles))
        return Dealt(self.round, self.leader, hands, roles)

    def __str__(self) -> str:
        dealt = f"round {self.round} is dealt; seat {self.leader} leads"
        own = [
            f"seat {s} is the {ROLE_NAMES[role]} and holds {cards_text(hand)}"
            for s, (hand, role) in enumerate(zip(self.hands, self.roles, strict=True))
            if hand is not None and role is not None
        ]
        return "; ".join([dealt, *own])


@attrs.frozen(slots=True)
class Played(Event):
    """A seat plays a card to the current trick (a steal is a `Stole` instead)."""

    seat: int
    card: NumCard

    def __str__(self) -> str:
        return f"seat {self.seat} plays {self.card}"


@attrs.frozen(slots=True)
class Stole(Event):
    """A seat plays the partner of a real trump in the trick: both cards leave the trick.

    The pair (RAINBOW first) joins the stealer's stolen pairs; the steal counts as the
    stealer's play to the trick.
    """

    seat: int
    card: NumCard
    """The card the stealer played."""
    stolen: NumCard
    """Its partner, taken out of the trick."""
    victim: int
    """The seat that had played `stolen`."""

    def __str__(self) -> str:
        return f"seat {self.seat} plays {self.card} and steals seat {self.victim}'s {self.stolen}"


@attrs.frozen(slots=True)
class BombResolved(Event):
    """The trick holding the BOMB is complete: what became of the Bomb.

    A captured Bomb goes to its capturer's won cards (before the trick's winner takes
    the rest, see `TrickWon`); a kept or protected one goes with the trick.
    """

    fate: Fate
    capturer: int | None
    """The seat whose threat captured the Bomb (only when CAPTURED)."""
    protector: int | None
    """The seat whose Joker protected the Bomb (only when PROTECTED)."""

    def __str__(self) -> str:
        if self.fate is Fate.CAPTURED:
            return f"seat {self.capturer} captures the Bomb"
        if self.fate is Fate.PROTECTED:
            return f"seat {self.protector}'s Joker protects the Bomb: it is kept"
        return "the Bomb is kept: no threat in its trick"


@attrs.frozen(slots=True)
class TrickWon(Event):
    """A trick is complete: its winner takes its cards and leads the next one."""

    seat: int
    cards: tuple[NumCard, ...]
    """The cards the winner takes, in play order (not the stolen pairs nor a captured Bomb)."""
    points: int
    """What the trick changed in the winner's card points this round (cards are scored
    grouped by value, so a second card of a value can lower them)."""

    def __str__(self) -> str:
        gain = (
            f" ({'+' if self.points > 0 else ''}{count_text(self.points, 'point')})"
            if self.points
            else ""
        )
        return f"seat {self.seat} wins the trick: {cards_text(self.cards)}{gain}"


@attrs.frozen(slots=True)
class RoundScored(Event):
    """A round is over: the roles are revealed and every seat scores its round."""

    round: int
    result: RoundResult
    """The revealed roles, the Bomb's outcome and each seat's score breakdown."""
    totals: tuple[int, ...]
    """Each seat's game total after this round."""

    def __str__(self) -> str:
        result = self.result
        roles = ", ".join(f"seat {s} {ROLE_NAMES[r]}" for s, r in enumerate(result.roles))
        scores = ", ".join(
            f"seat {s} {score.total} ({score.base} from cards, {score.pairs} from pairs, "
            f"{score.bonus} bonus; total {total})"
            for s, (score, total) in enumerate(zip(result.scores, self.totals, strict=True))
        )
        return f"round {self.round} ends: roles {roles}; {_OUTCOMES[result.outcome]}; {scores}"


@attrs.frozen(slots=True)
class GameEnded(Event):
    """The game is over: the final totals and the winners (the highest total wins)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]

    def __str__(self) -> str:
        verb = "wins" if len(self.winners) == 1 else "share the win"
        best = count_text(max(self.scores), "point")
        return f"the game ends: {_seats(self.winners)} {verb} with {best}"


EVENT_TYPES: tuple[type[Event], ...] = (
    Dealt,
    Played,
    Stole,
    BombResolved,
    TrickWon,
    RoundScored,
    GameEnded,
)
"""Every Num Wars event class."""
