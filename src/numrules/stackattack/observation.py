"""What one Stack Attack seat may know: `observe`, and the hidden cards it must not see.

Public: the rows, the cards each seat has taken, the totals, hand sizes, which seats
have chosen this turn, and, once revealed, the card each seat holds in the reveal.
Private to a seat: its own hand and its own choice before the reveal. Hidden from
everyone: the other hands, the other choices before the reveal, and the unused cards.
"""

from __future__ import annotations

import attrs

from numrules.core.events import SeatLog
from numrules.core.render import render_text
from numrules.core.seats import check_observer
from numrules.stackattack.cards import Card
from numrules.stackattack.config import Config
from numrules.stackattack.rules import to_act
from numrules.stackattack.scoring import penalty_points
from numrules.stackattack.state import Phase, State


@attrs.frozen(slots=True)
class Observation:
    """Everything `seat` may know (`seat` None: a spectator, public information only)."""

    seat: int | None
    config: Config
    round: int
    turn: int
    phase: Phase
    banked: tuple[int, ...]
    """Penalty totals of the finished rounds."""
    taken: tuple[tuple[Card, ...], ...]
    """Cards each seat has taken this round (public)."""
    rows: tuple[tuple[Card, ...], ...]
    hand: tuple[Card, ...]
    """The observing seat's hand (empty for a spectator)."""
    hand_sizes: tuple[int, ...]
    chosen: tuple[bool, ...]
    """While choosing: which seats have chosen (never what)."""
    choice: Card | None
    """The observing seat's own secret choice, before the reveal."""
    revealed: tuple[Card | None, ...]
    """After the reveal: the card each seat holds (after swaps) until placed."""
    queue: tuple[Card, ...]
    """After the reveal: the cards still to resolve in this stage, head first."""
    placing: bool
    blocked: tuple[int, ...]
    decreasing: bool
    to_act: tuple[int, ...]
    """The seats expected to act now."""
    log: SeatLog
    """Every event of the game so far, as this seat was told it (see `events`)."""

    def __str__(self) -> str:
        """The observation as plain text, laid out like the table (`render.layout`)."""
        return render_text(self)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's penalty total so far (finished rounds plus this round)."""
        return tuple(
            b + penalty_points(self.config, cards)
            for b, cards in zip(self.banked, self.taken, strict=True)
        )


def observe(state: State, seat: int | None) -> Observation:
    """What `seat` may know of `state` (None: a spectator).

    Raises:
        SeatError: `seat` is not a seat of this game.

    """
    check_observer(seat, state.config.players)
    choosing = state.phase is Phase.CHOOSE
    own = state.played[seat] if seat is not None else None
    return Observation(
        seat=seat,
        config=state.config,
        round=state.round,
        turn=state.turn,
        phase=state.phase,
        banked=state.banked,
        taken=state.taken,
        rows=state.rows,
        hand=state.hands[seat] if seat is not None else (),
        hand_sizes=tuple(len(hand) for hand in state.hands),
        chosen=tuple(c is not None for c in state.played) if choosing else (False,) * state.players,
        choice=own if choosing else None,
        revealed=(None,) * state.players if choosing else state.played,
        queue=state.queue,
        placing=state.placing,
        blocked=state.blocked,
        decreasing=state.decreasing,
        to_act=tuple(sorted(to_act(state))),
        log=state.log.view(seat),
    )


def hidden_cards(state: State, seat: int | None) -> frozenset[Card]:
    """The cards whose place `seat` cannot know: other hands and choices, the unused cards."""
    check_observer(seat, state.config.players)
    hidden: set[Card] = set(state.unused)
    for other in range(state.players):
        if other == seat:
            continue
        hidden.update(state.hands[other])
        choice = state.played[other]
        if state.phase is Phase.CHOOSE and choice is not None:
            hidden.add(choice)
    return frozenset(hidden)
