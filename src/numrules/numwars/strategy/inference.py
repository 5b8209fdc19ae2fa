"""What a Num Wars seat can work out from its observation: unseen cards, voids, odds.

Everything here reads an `Observation` only: the cards not yet seen this round (held by
the other seats or set aside), the suits each seat has shown it lacks (from who played
which card in the log), and the chance that another seat holds one of a few cards. The
heuristic bot (`numrules.numwars.strategy.bots`) builds on it.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

import attrs

from numrules.core.cards import Family, FamilyCard, NumCard, SpecialCard
from numrules.core.events import Event
from numrules.numwars.cards import BOMB, NUM_X, QUANTUM, Suit, suit_of
from numrules.numwars.event_types import Dealt, Played, Stole, TrickWon
from numrules.numwars.observation import Observation
from numrules.numwars.tricks import led_suit

ALL_SUITS: frozenset[Suit] = frozenset(Suit)
"""Every suit: what a seat that led a special (holding nothing else) is void in."""


@attrs.frozen(slots=True)
class Knowledge:
    """What one seat knows about the cards it cannot see, this round."""

    seat: int
    """The observing seat."""
    players: int
    unseen: frozenset[NumCard]
    """The cards neither in this hand nor played this round: other hands and the aside."""
    by_suit: dict[Suit, tuple[FamilyCard, ...]] = attrs.field(eq=False)
    """The unseen classic and trump cards, by suit."""
    hand_sizes: tuple[int, ...]
    voids: tuple[frozenset[Suit], ...]
    """For each seat, the suits it has shown it holds no card of."""
    no_specials: tuple[bool, ...]
    """For each seat, whether it has shown it holds no special (it discarded a classic
    card while void in the led suit)."""
    later: tuple[int, ...]
    """The seats still to play to the current trick after the observing seat."""

    @property
    def hidden(self) -> int:
        """How many cards the seat cannot see."""
        return len(self.unseen)

    def count(self, cards: Iterable[NumCard]) -> int:
        """How many of `cards` are unseen."""
        unseen = self.unseen
        return sum(1 for card in cards if card in unseen)

    def holds_any(self, seat: int, how_many: int) -> float:
        """The chance that `seat` holds at least one of `how_many` given unseen cards."""
        return holds_any(how_many, self.hand_sizes[seat], self.hidden)

    def void_chance(self, seat: int, suit: Suit | None) -> float:
        """The chance that `seat` holds no card of `suit` (1.0 for no suit: anything goes)."""
        if suit is None or suit in self.voids[seat]:
            return 1.0
        return 1.0 - self.holds_any(seat, len(self.suit_cards(suit)))

    def suit_cards(self, suit: Suit) -> tuple[FamilyCard, ...]:
        """The unseen cards of `suit`."""
        return self.by_suit[suit]

    def special_chance(self, seat: int, cards: Sequence[SpecialCard]) -> float:
        """The chance that `seat` holds one of the unseen `cards` (specials)."""
        if self.no_specials[seat]:
            return 0.0
        return self.holds_any(seat, self.count(cards))

    def bomb_pending(self) -> bool:
        """Whether the Bomb is still to be played by another seat."""
        return BOMB in self.unseen


@functools.lru_cache(maxsize=8192)
def holds_any(how_many: int, hand: int, hidden: int) -> float:
    """The chance that `hand` cards drawn from `hidden` include one of `how_many` given ones."""
    if how_many <= 0 or hand <= 0 or hidden <= 0:
        return 0.0
    if how_many + hand > hidden:
        return 1.0
    miss = 1.0
    for j in range(hand):
        miss *= (hidden - how_many - j) / (hidden - j)
    return 1.0 - miss


def read(observation: Observation, tracker: Tracker | None = None) -> Knowledge:
    """Work out what the observing seat knows about the hidden cards this round.

    `tracker` (kept by a bot from one decision to the next) saves replaying the log.
    """
    seat = observation.seat
    assert seat is not None, "a spectator has no hand to play"
    n = observation.config.players
    seen: set[NumCard] = {card for pile in observation.won for card in pile}
    seen.update(card for pile in observation.pairs for card in pile)
    seen.update(card for card in observation.trick if card is not None)
    seen.update(observation.hand)
    unseen = frozenset(c for c in observation.config.all_cards() if c not in seen)
    by_suit: dict[Suit, list[FamilyCard]] = {suit: [] for suit in Suit}
    for card in unseen:
        if type(card) is FamilyCard:
            by_suit[_SUIT_OF_FAMILY[card.family]].append(card)
    tracker = tracker if tracker is not None else Tracker()
    tracker.update(observation)
    position = len(observation.trick)
    return Knowledge(
        seat=seat,
        players=n,
        unseen=unseen,
        by_suit={suit: tuple(cards) for suit, cards in by_suit.items()},
        hand_sizes=observation.hand_sizes,
        voids=tuple(frozenset(v) for v in tracker.voids),
        no_specials=tuple(tracker.no_specials),
        later=tuple((observation.leader + k) % n for k in range(position + 1, n)),
    )


_SUIT_OF_FAMILY: dict[Family, Suit] = {
    Family.RED: Suit.RED,
    Family.BLUE: Suit.BLUE,
    Family.GREEN: Suit.GREEN,
    Family.YELLOW: Suit.YELLOW,
    Family.RAINBOW: Suit.TRUMP,
    Family.SHADOW: Suit.TRUMP,
}


class Tracker:
    """Follows one seat's log from decision to decision: who has shown which voids.

    Only the events added since the last call are replayed; a log that does not extend
    the one seen before (another game, or an earlier position) is replayed in full.
    """

    def __init__(self) -> None:
        self._seen = 0
        self._last: Event | None = None
        self._reset(0)

    def _reset(self, players: int) -> None:
        self.voids: list[set[Suit]] = [set() for _ in range(players)]
        self.no_specials = [False] * players
        self._trick: list[NumCard | None] = []

    def update(self, observation: Observation) -> None:
        """Catch up with the events of `observation.log`."""
        log = observation.log
        players = observation.config.players
        fresh = self._seen == 0 or self._seen > len(log) or log[self._seen - 1] is not self._last
        if fresh or len(self.voids) != players:
            self._seen = 0
            self._reset(players)
        if self._seen == len(log):
            return
        for event in log.since(self._seen):
            self._replay(event, players)
        self._seen = len(log)
        self._last = log[self._seen - 1]

    def _replay(self, event: Event, players: int) -> None:
        kind = type(event)
        if kind is Played:
            assert isinstance(event, Played)
            _note_play(event.seat, event.card, self._trick, self.voids, self.no_specials)
            self._trick.append(event.card)
        elif kind is Stole:
            assert isinstance(event, Stole)
            self._trick[self._trick.index(event.stolen)] = None
            self._trick.append(None)
        elif kind is TrickWon:
            self._trick = []
        elif kind is Dealt:
            self._reset(players)


def _note_play(
    seat: int,
    card: NumCard,
    trick: Sequence[NumCard | None],
    voids: list[set[Suit]],
    no_specials: list[bool],
) -> None:
    # What a (non-steal) play tells about the hand it came from.
    if not trick:
        if type(card) is SpecialCard:
            voids[seat].update(ALL_SUITS)  # a special leads only from a hand of specials
        return
    suit = led_suit(trick)
    if suit is None or suit_of(card) is suit:
        return
    voids[seat].add(suit)
    if type(card) is FamilyCard and suit_of(card) is not Suit.TRUMP:
        # Void and discarding a classic card: no trump and no special either.
        voids[seat].add(Suit.TRUMP)
        no_specials[seat] = True


THREAT_SPECIALS: tuple[SpecialCard, ...] = (NUM_X, QUANTUM)
"""The specials that threaten the Bomb."""
