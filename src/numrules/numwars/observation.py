"""What one Num Wars seat may know: `observe`, and the hidden cards it must not see.

Public: every card played to the current trick (and the steals), the cards each seat
has won, the pairs it has stolen, tricks won, hand sizes, what became of the Bomb, and
the finished rounds with their revealed roles and score breakdowns, and the events of
the game (`log`: who played which card in every trick so far). Private to a seat: its
own hand and its own role (also in its view of the events). Hidden from everyone: the
other hands, the other roles of the current round, and the cards set aside.
"""

from __future__ import annotations

import attrs

from numrules.core.cards import NumCard, sort_num_cards
from numrules.core.events import SeatLog
from numrules.core.render import render_text
from numrules.core.seats import check_observer
from numrules.numwars.cards import Role, Suit, role_of
from numrules.numwars.config import Config
from numrules.numwars.scoring import running_totals
from numrules.numwars.state import Fate, Phase, RoundResult, State
from numrules.numwars.tricks import led_suit


@attrs.frozen(slots=True)
class Observation:
    """Everything `seat` may know (`seat` None: a spectator, public information only)."""

    seat: int | None
    config: Config
    round: int
    phase: Phase
    history: tuple[RoundResult, ...]
    """The finished rounds: their revealed roles, Bomb outcome and score breakdowns."""
    role: Role | None
    """The observing seat's own role this round (None for a spectator)."""
    hand: tuple[NumCard, ...]
    """The observing seat's hand (empty for a spectator)."""
    hand_sizes: tuple[int, ...]
    leader: int
    trick: tuple[NumCard | None, ...]
    """The current trick in play order from the leader; None where a card was stolen."""
    suit: Suit | None
    """The suit to follow in the current trick (None: not set yet)."""
    won: tuple[tuple[NumCard, ...], ...]
    """The cards each seat has won this round."""
    pairs: tuple[tuple[NumCard, ...], ...]
    """The trump pairs each seat has stolen this round."""
    tricks: tuple[int, ...]
    """Tricks each seat has won this round."""
    bomb: Fate | None
    """What became of this round's Bomb (None until its trick is over)."""
    capturer: int | None
    protector: int | None
    to_act: tuple[int, ...]
    """The seats expected to act now."""
    log: SeatLog
    """Every event of the game so far, as this seat was told it (see `events`): who
    played which card in every trick, what became of the Bomb, the rounds scored."""

    def __str__(self) -> str:
        """The observation as plain text, laid out like the table (`render.layout`)."""
        return render_text(self)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's total so far: finished rounds plus this round's public points."""
        return running_totals(self.config, self.phase, self.history, self.won, self.pairs)


def observe(state: State, seat: int | None) -> Observation:
    """What `seat` may know of `state` (None: a spectator).

    Raises:
        SeatError: `seat` is not a seat of this game.

    """
    check_observer(seat, state.config.players)
    over = state.phase is Phase.OVER
    return Observation(
        seat=seat,
        config=state.config,
        round=state.round,
        phase=state.phase,
        history=state.history,
        role=None if seat is None else role_of(state.lots[seat]),
        hand=() if seat is None else sort_num_cards(state.hands[seat]),
        hand_sizes=tuple(len(hand) for hand in state.hands),
        leader=state.leader,
        trick=state.trick,
        suit=led_suit(state.trick),
        won=state.won,
        pairs=state.pairs,
        tricks=state.tricks,
        bomb=state.bomb,
        capturer=state.capturer,
        protector=state.protector,
        to_act=() if over else (state.turn,),
        log=state.log.view(seat),
    )


def hidden_cards(state: State, seat: int | None) -> frozenset[NumCard]:
    """The cards whose place `seat` cannot know: the other hands and the set-aside cards.

    Lot cards are always dealt, so when a single other seat still holds cards, the lot
    cards not yet played are known to be in that hand (and with nothing set aside, that
    whole hand is known).
    """
    check_observer(seat, state.config.players)
    others = [hand for other, hand in enumerate(state.hands) if other != seat and hand]
    if len(others) > 1:
        return frozenset({*state.aside, *(card for hand in others for card in hand)})
    if not state.aside:
        return frozenset()
    lot = state.lots
    return frozenset({*state.aside, *(card for hand in others for card in hand if card not in lot)})
