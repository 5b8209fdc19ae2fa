"""What one Num Bounce seat may know: `observe`, and the hidden cards it must not see.

Public: the trick (and its reference and author), the discard pile, the size of the
draw pile, hand sizes, round wins, who is to move, whether the trick was interrupted,
and the cards of each hand that everyone saw arrive there (taken from the discard, or
taken back by going down). Private to a seat: its own hand, and a card it has just
taken from the draw pile. Hidden from everyone: the rest of the other hands and the
draw pile. Which other seats could interrupt now is not shown either: it would tell
who holds a RAINBOW or a SHADOW.
"""

from __future__ import annotations

import attrs

from numrules.core.cards import NumCard, sort_num_cards
from numrules.core.events import SeatLog
from numrules.core.render import render_text
from numrules.core.seats import check_observer
from numrules.numbounce.cards import Pile
from numrules.numbounce.config import Config
from numrules.numbounce.rules import interrupters
from numrules.numbounce.state import Phase, State


@attrs.frozen(slots=True)
class Observation:
    """Everything `seat` may know (`seat` None: a spectator, public information only)."""

    seat: int | None
    config: Config
    round: int
    wins: tuple[int, ...]
    """Rounds each seat has won."""
    phase: Phase
    mover: int
    """The seat that must act (the player to move, or the Shadow's player in phase SHADOW)."""
    to_act: tuple[int, ...]
    """The seats expected to act now, sorted: the seat that must act (`mover`), plus the
    observing seat itself if it may interrupt now (it knows its own hand); empty at the end.

    Unlike `to_act(state)`, this never lists the other seats that could interrupt: that
    would reveal who holds a RAINBOW or a SHADOW of the reference value.
    """
    turn: int
    """Turns completed in this round."""
    hand: tuple[NumCard, ...]
    """The observing seat's hand, in canonical order (empty for a spectator)."""
    hand_sizes: tuple[int, ...]
    """Cards in each hand (a pending taken card not included)."""
    known: tuple[tuple[NumCard, ...], ...]
    """For each seat, the cards of its hand everyone knows about."""
    draw_size: int
    """Cards in the draw pile (face down)."""
    discard: tuple[NumCard, ...]
    """The discard pile, bottom first: the last card is the top."""
    trick: tuple[NumCard, ...]
    """The cards of the current trick in the order they were laid."""
    ref_size: int
    """The reference is the last `ref_size` cards of the trick (0: none)."""
    author: int | None
    """Who laid the reference."""
    interrupted: bool
    """Whether this trick was already interrupted."""
    source: Pile | None
    """Phase TAKEN: the pile the seat to move took its card from."""
    taken: NumCard | None
    """Phase TAKEN: the taken card, if this seat may see it (its taker, or from the discard)."""
    recycles: int
    """How many times the discard was shuffled into a new draw pile this round."""
    log: SeatLog
    """Every event of the match so far, as this seat was told it."""

    def __str__(self) -> str:
        """The observation as plain text, laid out like the table (`render.layout`)."""
        return render_text(self)

    @property
    def reference(self) -> tuple[NumCard, ...]:
        """The combination to beat (empty when a trick must be opened)."""
        return self.trick[len(self.trick) - self.ref_size :]

    @property
    def scores(self) -> tuple[int, ...]:
        """Round wins so far (what decides the match)."""
        return self.wins


def observe(state: State, seat: int | None) -> Observation:
    """What `seat` may know of `state` (None: a spectator).

    Raises:
        SeatError: `seat` is not a seat of this game.

    """
    check_observer(seat, state.config.players)
    taken = state.taken
    if taken is not None and state.source is not Pile.DISCARD and seat != state.mover:
        taken = None
    return Observation(
        seat=seat,
        config=state.config,
        round=state.round,
        wins=state.wins,
        phase=state.phase,
        mover=state.mover,
        to_act=_to_act(state, seat),
        turn=state.turn,
        hand=() if seat is None else sort_num_cards(state.hands[seat]),
        hand_sizes=tuple(len(hand) for hand in state.hands),
        known=tuple(sort_num_cards(known) for known in state.known),
        draw_size=len(state.draw),
        discard=state.discard,
        trick=state.trick,
        ref_size=state.ref_size,
        author=state.author,
        interrupted=state.interrupted,
        source=state.source,
        taken=taken,
        recycles=state.recycles,
        log=state.log.view(seat),
    )


def _to_act(state: State, seat: int | None) -> tuple[int, ...]:
    # The mover, and the observing seat if it may interrupt: nothing about other hands.
    if state.phase is Phase.OVER:
        return ()
    if seat is None or seat == state.mover or seat not in interrupters(state):
        return (state.mover,)
    return tuple(sorted((state.mover, seat)))


def hidden_cards(state: State, seat: int | None) -> frozenset[NumCard]:
    """The cards whose place `seat` cannot know: the draw pile, other seats' unknown cards."""
    check_observer(seat, state.config.players)
    hidden: set[NumCard] = set(state.draw)
    for other, (hand, known) in enumerate(zip(state.hands, state.known, strict=True)):
        if other != seat:
            hidden.update(hand - known)
    if state.taken is not None and state.source is Pile.DRAW and seat != state.mover:
        hidden.add(state.taken)
    return frozenset(hidden)
