"""An independent Num Bounce tracker: the public game rebuilt from one seat's events.

Written from the rules (docs/rules/numbounce.md) alone: it uses the event and card
classes and `Config`, and shares no code with the engine.
"""

from __future__ import annotations

from typing import Any

from numrules.core.cards import Family, FamilyCard, NumCard
from numrules.numbounce import (
    NUM_X,
    Config,
    Dealt,
    Declined,
    Discarded,
    Drew,
    Interrupted,
    Kept,
    MatchEnded,
    NumXPlayed,
    Observation,
    Passed,
    Pile,
    Played,
    Recycled,
    RoundEnded,
    TookDiscard,
    TrickClosed,
    WentDown,
)


class Tracker:
    """The table, the piles, hand sizes, known cards, whose turn and the own hand."""

    def __init__(self, config: Config, seat: int | None) -> None:
        self.config = config
        self.seat = seat
        n = config.players
        self.round = 0
        self.wins = [0] * n
        self.phase = "play"
        self.mover = 0
        self.turn = 0
        self.sizes = [0] * n
        self.known: list[frozenset[NumCard]] = [frozenset()] * n
        self.hand: frozenset[NumCard] = frozenset()
        self.draw_size = 0
        self.discard: list[NumCard] = []
        self.trick: list[NumCard] = []
        self.ref_size = 0
        self.author: int | None = None
        self.interrupted = False
        self.source: Pile | None = None
        self.taken: NumCard | None = None
        self.recycles = 0

    def _next(self, seat: int) -> int:
        return (seat + 1) % self.config.players

    def _lay(self, seat: int, cards: tuple[NumCard, ...]) -> None:
        # `seat` lays `cards` from its hand (with the card it just took, if any).
        pending = self.phase == "taken"
        if pending:
            assert seat == self.mover
        self.sizes[seat] -= len(cards) - pending
        self.known[seat] -= frozenset(cards)
        if seat == self.seat:
            self.hand -= frozenset(cards)
        self.source = self.taken = None
        self.author = seat
        self.mover = self._next(seat)
        self.phase = "play"
        self.turn += 1

    def _to_discard(self, cards: list[NumCard]) -> None:
        self.discard += cards
        self.trick = []
        self.ref_size, self.author, self.interrupted = 0, None, False

    def feed(self, event: Any) -> None:
        if isinstance(event, Dealt):
            self._dealt(event)
        elif isinstance(event, Played):
            if event.opens:
                assert not self.trick
                self.interrupted = False
            self._lay(event.seat, event.cards)
            self.trick += event.cards
            self.ref_size = len(event.cards)
        elif isinstance(event, WentDown):
            assert tuple(self.trick[len(self.trick) - self.ref_size :]) == event.beaten
            self._lay(event.seat, event.cards)
            self.trick[len(self.trick) - self.ref_size :] = event.cards
            self.sizes[event.seat] += len(event.beaten)
            self.known[event.seat] |= frozenset(event.beaten)
            if event.seat == self.seat:
                self.hand |= frozenset(event.beaten)
        elif isinstance(event, NumXPlayed):
            assert tuple(self.trick) == event.trick
            self._lay(event.seat, (NUM_X,))
            self.mover = event.seat  # it opens the next trick itself
            self._to_discard([*self.trick, NUM_X])
        elif isinstance(event, Recycled):
            assert self.draw_size == 0
            assert self.discard[-1] == event.top
            assert event.count == len(self.discard) - 1
            self.discard = [event.top]
            self.draw_size = event.count
            self.recycles += 1
        elif isinstance(event, Drew | TookDiscard):
            self._took(event)
        elif isinstance(event, Kept):
            self._kept(event)
        elif isinstance(event, Discarded):
            assert self.source is Pile.DRAW
            assert self.taken in (None, event.card)
            self.discard.append(event.card)
            self._turn_passes()
        elif isinstance(event, Passed | Declined):
            assert event.seat == self.mover
            self._turn_passes()
        elif isinstance(event, Interrupted):
            self._interrupted(event)
        elif isinstance(event, TrickClosed):
            assert event.opener == self.author == self.mover
            assert tuple(self.trick) == event.cards
            self._to_discard(self.trick)
        elif isinstance(event, RoundEnded):
            if self.phase == "shadow":  # the turn of the SHADOW interrupt ends with the round
                self.turn += 1
            assert event.round == self.round
            assert all(
                w - old == (s in event.winners)
                for s, (w, old) in enumerate(zip(event.wins, self.wins, strict=True))
            )
            self.wins = list(event.wins)
            self.mover = event.winners[0]
            self.phase = "play"
        elif isinstance(event, MatchEnded):
            assert tuple(self.wins) == event.wins
            self.phase = "over"
        else:  # pragma: no cover - a new event kind needs a rule here
            raise AssertionError(f"unknown event {event!r}")

    def _dealt(self, event: Dealt) -> None:
        n = self.config.players
        for seat, hand in enumerate(event.hands):
            assert (hand is not None) == (seat == self.seat), "a hand shown to the wrong seat"
            if hand is not None:
                assert len(hand) == event.hand_size
                self.hand = frozenset(hand)
        self.round = event.round
        self.phase, self.mover, self.turn = "play", event.opener, 0
        self.sizes = [event.hand_size] * n
        self.known = [frozenset()] * n
        self.draw_size, self.discard, self.recycles = event.draw_size, [event.discard], 0
        self.trick, self.ref_size, self.author, self.interrupted = [], 0, None, False
        self.source = self.taken = None

    def _took(self, event: Drew | TookDiscard) -> None:
        assert event.seat == self.mover
        assert self.phase == "play"
        assert self.trick
        if isinstance(event, Drew):
            assert (event.card is not None) == (event.seat == self.seat), "a draw shown wrongly"
            self.draw_size -= 1
            self.source = Pile.DRAW
        else:
            assert self.discard.pop() == event.card
            self.source = Pile.DISCARD
        self.taken = event.card
        self.phase = "taken"

    def _kept(self, event: Kept) -> None:
        # The pending card joins its taker's hand; the taker's turn is over (if an
        # interrupt cut the take, the interrupt already moved the turn on).
        assert event.seat == self.mover or event.cut
        assert event.pile is self.source
        visible = event.pile is Pile.DISCARD or event.seat == self.seat
        assert (event.card is not None) == visible, "a kept card shown to the wrong seat"
        assert event.card == self.taken
        self.sizes[event.seat] += 1
        if event.card is not None:
            if event.pile is Pile.DISCARD:
                self.known[event.seat] |= {event.card}
            if event.seat == self.seat:
                self.hand |= {event.card}
        self.source = self.taken = None
        if not event.cut:
            self._turn_passes()

    def _turn_passes(self) -> None:
        self.source = self.taken = None
        self.mover = self._next(self.mover)
        self.phase = "play"
        self.turn += 1

    def _interrupted(self, event: Interrupted) -> None:
        card = event.card
        assert isinstance(card, FamilyCard)
        assert card.family in (Family.RAINBOW, Family.SHADOW)
        assert not self.interrupted
        assert event.seat != self.author
        reference = self.trick[len(self.trick) - self.ref_size :]
        assert all(c.value == card.value for c in reference if isinstance(c, FamilyCard))
        shadow = card.family is Family.SHADOW
        assert event.ref_size == (1 if shadow else self.ref_size + 1)
        self.sizes[event.seat] -= 1
        self.known[event.seat] -= {card}
        if event.seat == self.seat:
            self.hand -= {card}
        self.trick.append(card)
        self.ref_size, self.author, self.interrupted = event.ref_size, event.seat, True
        if shadow:  # its player now lays a card on it or declines: the same turn goes on
            self.mover, self.phase = event.seat, "shadow"
        else:
            self.mover, self.phase = self._next(event.seat), "play"
            self.turn += 1

    def public(self) -> Any:
        return (
            self.round,
            tuple(self.wins),
            self.phase,
            self.mover,
            self.turn,
            tuple(self.sizes),
            tuple(self.known),
            self.hand,
            self.draw_size,
            tuple(self.discard),
            tuple(self.trick),
            self.ref_size,
            self.author,
            self.interrupted,
            self.source,
            self.taken,
            self.recycles,
        )


def public_part(observation: Observation) -> Any:
    """The part of an observation the tracker rebuilds (all but the config and the log)."""
    return (
        observation.round,
        observation.wins,
        observation.phase.value,
        observation.mover,
        observation.turn,
        observation.hand_sizes,
        tuple(frozenset(known) for known in observation.known),
        frozenset(observation.hand),
        observation.draw_size,
        observation.discard,
        observation.trick,
        observation.ref_size,
        observation.author,
        observation.interrupted,
        observation.source,
        observation.taken,
        observation.recycles,
    )
