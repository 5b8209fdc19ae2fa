"""An independent Stack Attack tracker: the public game rebuilt from one seat's events.

Written from the rules alone: it shares no code with the engine.
"""

from __future__ import annotations

from typing import Any

from numrules import stackattack as sa


class Tracker:
    """Rows, taken cards, the reveal and the banked totals, from the events only."""

    def __init__(self, config: sa.Config, seat: int | None) -> None:
        self.config = config
        self.seat = seat
        self.rows: list[tuple[int, ...]] = []
        self.taken: list[tuple[int, ...]] = [() for _ in range(config.players)]
        self.revealed: list[int | None] = [None] * config.players
        self.banked = [0] * config.players
        self.hand: tuple[int, ...] = ()
        self.chosen: int | None = None

    def feed(self, event: Any) -> None:
        n = self.config.players
        if isinstance(event, sa.Dealt):
            self.rows = [(card,) for card in event.rows]
            self.taken = [() for _ in range(n)]
            self.revealed = [None] * n
            for seat, hand in enumerate(event.hands):
                assert (hand is not None) == (seat == self.seat), "a hand shown to the wrong seat"
                if hand is not None:
                    self.hand = hand
        elif isinstance(event, sa.Chose):
            assert (event.card is not None) == (event.seat == self.seat)
            if event.card is not None:
                self.hand = tuple(c for c in self.hand if c != event.card)
        elif isinstance(event, sa.Revealed):
            self.revealed = list(event.cards)
        elif isinstance(event, sa.Switched):
            assert self.revealed[event.seat] == event.gave
            assert self.revealed[event.target] == event.got
            self.revealed[event.seat], self.revealed[event.target] = event.got, event.gave
        elif isinstance(event, sa.RowTaken):
            assert self.rows[event.row] == event.cards
            self.taken[event.seat] += event.cards
            self.rows[event.row] = ()
        elif isinstance(event, sa.Placed):
            assert self.revealed[event.seat] == event.card
            self.rows[event.row] += (event.card,)
            self.revealed[event.seat] = None
            if all(card is None for card in self.revealed):
                self.revealed = [None] * n
        elif isinstance(event, sa.RoundEnded):
            self.banked = list(event.totals)
            self.taken = [() for _ in range(n)]
        elif isinstance(event, (sa.Blocked, sa.Descending, sa.GameEnded)):
            pass
        else:  # pragma: no cover - a new event kind needs a rule here
            raise AssertionError(f"unknown event {event!r}")

    def public(self) -> Any:
        return (tuple(self.rows), tuple(self.taken), tuple(self.revealed), tuple(self.banked))


def public_part(observation: sa.Observation) -> Any:
    """The part of an observation the tracker rebuilds."""
    taken = observation.taken
    banked = observation.banked
    if observation.phase is sa.Phase.OVER:
        # The finished round's taken cards are banked in the last RoundEnded.
        banked = observation.scores
        taken = tuple(() for _ in taken)
    return (observation.rows, taken, observation.revealed, banked)
