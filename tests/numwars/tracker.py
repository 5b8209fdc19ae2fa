"""An independent Num Wars tracker: the public game rebuilt from one seat's events.

Written from the rules (docs/rules/numwars.md) alone: it shares no code with the engine
and uses only the event and card classes and `Config`. Beyond what `observe` shows, it
keeps every finished trick of the round with who played which card, so a seat can tell
who was void in a suit; it checks each trick's winner, the Bomb's fate and the points
against the rules as it goes.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs

from numrules import numwars as nw
from numrules.core.cards import Family, FamilyCard, NumCard

RAINBOW, SHADOW = Family.RAINBOW, Family.SHADOW
TRUMPS = (RAINBOW, SHADOW)
ROLE_OF_LOT: dict[NumCard, nw.Role] = {
    nw.BOMB: nw.Role.BOMBER,
    nw.QUANTUM: nw.Role.DEMINER,
    nw.NUM_X: nw.Role.NUM_X,
    nw.JOKER: nw.Role.ACCOMPLICE,
}
"""The role each special lot card gives; a neutral 1 gives the Civilian."""


@attrs.frozen
class FinishedTrick:
    """One finished trick: who led, who played which card in turn, who won it."""

    leader: int
    plays: tuple[tuple[int, NumCard], ...]
    """(seat, card) in play order, a steal included (the card the stealer played)."""
    stolen: frozenset[NumCard]
    """The cards that left the trick in steals (both cards of each pair)."""
    stealers: frozenset[int]
    """The seats whose play was a steal."""
    winner: int
    capturer: int | None
    """The seat that captured the Bomb in this trick, if it did."""

    def taken(self) -> tuple[NumCard, ...]:
        """The cards the winner took: every card played but the stolen ones and a captured
        Bomb."""
        return tuple(
            card
            for _, card in self.plays
            if card not in self.stolen and not (self.capturer is not None and card == nw.BOMB)
        )


def _is_trump(card: NumCard | None) -> bool:
    return type(card) is FamilyCard and card.family in TRUMPS


def _suit(card: NumCard) -> str | None:
    # The suit of a card: its colour's name, TRUMP, or None for a special.
    if type(card) is not FamilyCard:
        return None
    return "TRUMP" if card.family in TRUMPS else card.family.name


def _points(config: nw.Config, pile: list[NumCard]) -> int:
    # Classic cards grouped by value: 1 card its value, 2 cards pair_points, 3 value+30,
    # 4 value+50; trumps and specials score nothing.
    counts = Counter(
        card.value for card in pile if type(card) is FamilyCard and card.family not in TRUMPS
    )
    total = 0
    for value, count in counts.items():
        if count == 1:
            total += value
        elif count == 2:
            total += config.pair_points
        else:
            total += value + (config.triple_bonus if count == 3 else config.quadruple_bonus)
    return total


class Tracker:
    """The round so far (trick, won piles, pairs, Bomb, history), from the events only."""

    def __init__(self, config: nw.Config, seat: int | None) -> None:
        self.config = config
        self.seat = seat
        n = config.players
        self.round = 0
        self.over = False
        self.leader = 0
        self.trick: list[NumCard | None] = []
        self.plays: list[tuple[int, NumCard]] = []
        self.stolen: set[NumCard] = set()
        self.stealers: set[int] = set()
        self.won: list[tuple[NumCard, ...]] = [()] * n
        self.pairs: list[tuple[NumCard, ...]] = [()] * n
        self.tricks = [0] * n
        self.sizes = [0] * n
        self.bomb: nw.Fate | None = None
        self.capturer: int | None = None
        self.protector: int | None = None
        self.history: list[nw.RoundResult] = []
        self.hand: tuple[NumCard, ...] = ()
        self.role: nw.Role | None = None
        self.finished: list[FinishedTrick] = []
        self.trick_capturer: int | None = None
        self.bank = [0] * n

    # --- what a seat can deduce ---------------------------------------------------------

    def played_by(self, seat: int) -> tuple[NumCard, ...]:
        """Every card `seat` played in the finished tricks of this round."""
        return tuple(card for t in self.finished for s, card in t.plays if s == seat)

    def void_in(self, seat: int) -> set[str]:
        """The suits (a colour name, or TRUMP) `seat` showed it no longer holds this round:
        after the suit to follow was set, it played a card of another suit (a steal may
        always be played, so it proves nothing)."""
        voids: set[str] = set()
        for t in self.finished:
            suit = None
            for s, card in t.plays:
                mine = _suit(card)
                if suit is None:
                    suit = mine
                elif s == seat and mine != suit and s not in t.stealers:
                    voids.add(suit)
        return voids

    # --- events -------------------------------------------------------------------------

    def feed(self, event: Any) -> None:
        n = self.config.players
        if isinstance(event, nw.Dealt):
            self._dealt(event)
        elif isinstance(event, nw.Played):
            assert event.seat == self._turn(), f"{event} out of turn"
            self.trick.append(event.card)
            self._played(event.seat, event.card)
        elif isinstance(event, nw.Stole):
            assert event.seat == self._turn(), f"{event} out of turn"
            card, stolen = event.card, event.stolen
            assert type(card) is FamilyCard
            assert type(stolen) is FamilyCard
            assert card.value == stolen.value
            assert {card.family, stolen.family} == set(TRUMPS)
            k = self.trick.index(stolen)
            assert (self.leader + k) % n == event.victim, "the steal names the wrong victim"
            self.trick[k] = None
            self.trick.append(None)
            pair = (card, stolen) if card.family is RAINBOW else (stolen, card)
            self.pairs[event.seat] += pair
            self.stolen.update(pair)
            self.stealers.add(event.seat)
            self._played(event.seat, card)
        elif isinstance(event, nw.BombResolved):
            assert len(self.trick) == n
            assert nw.BOMB in self.trick
            assert (event.fate, event.capturer, event.protector) == self._bomb_fate()
            self.bomb, self.capturer, self.protector = event.fate, event.capturer, event.protector
            if event.capturer is not None:
                self.won[event.capturer] += (nw.BOMB,)
                self.trick_capturer = event.capturer
        elif isinstance(event, nw.TrickWon):
            self._trick_won(event)
        elif isinstance(event, nw.RoundScored):
            assert event.round == self.round
            assert not any(self.sizes), "a round is scored before its last trick"
            result = event.result
            if self.seat is not None:
                assert result.roles[self.seat] is self.role, "the revealed role is not mine"
            for seat, score in enumerate(result.scores):
                assert score.base == _points(self.config, list(self.won[seat]))
                values = [c.value for c in self.pairs[seat] if type(c) is FamilyCard]
                assert score.pairs == sum(values) // 2
            self.history.append(result)
            self.bank = [b + s.total for b, s in zip(self.bank, result.scores, strict=True)]
            assert list(event.totals) == self.bank
        elif isinstance(event, nw.GameEnded):
            assert list(event.scores) == self.bank
            best = max(self.bank)
            assert event.winners == tuple(s for s, t in enumerate(self.bank) if t == best)
            self.over = True
        else:  # pragma: no cover - a new event kind needs a rule here
            raise AssertionError(f"unknown event {event!r}")

    def _turn(self) -> int:
        return (self.leader + len(self.trick)) % self.config.players

    def _dealt(self, event: nw.Dealt) -> None:
        n, size = self.config.players, self.config.hand_size
        assert event.round == len(self.history), "a round dealt out of order"
        assert event.leader == (event.round + 1) % n, "the seat left of the dealer leads"
        for seat in range(n):
            mine = seat == self.seat
            assert (event.hands[seat] is not None) == mine, "a hand shown to the wrong seat"
            assert (event.roles[seat] is not None) == mine, "a role shown to the wrong seat"
        self.round, self.leader = event.round, event.leader
        self.trick, self.plays, self.stolen, self.finished = [], [], set(), []
        self.stealers = set()
        self.won, self.pairs = [()] * n, [()] * n
        self.tricks, self.sizes = [0] * n, [size] * n
        self.bomb = self.capturer = self.protector = self.trick_capturer = None
        if self.seat is not None:
            hand, role = event.hands[self.seat], event.roles[self.seat]
            assert hand is not None
            assert role is not None
            assert len(hand) == size
            lot = [card for card in hand if card in self.config.lot()]
            assert len(lot) == 1, "a hand holds exactly one lot card"
            assert ROLE_OF_LOT.get(lot[0], nw.Role.CIVILIAN) is role, "not the lot card's role"
            self.hand, self.role = hand, role

    def _played(self, seat: int, card: NumCard) -> None:
        self.plays.append((seat, card))
        self.sizes[seat] -= 1
        if seat == self.seat:
            assert card in self.hand
            self.hand = tuple(c for c in self.hand if c != card)

    def _bomb_fate(self) -> tuple[nw.Fate, int | None, int | None]:
        # The Bomb's fate by the rules: NUMX captures; else a Joker cancels the first
        # threat (NUMX, QUANTUM, a SHADOW still in the trick), the first one left captures.
        n, leader = self.config.players, self.leader
        threats, joker = [], None
        for k, card in enumerate(self.trick):
            if card == nw.NUM_X:
                return nw.Fate.CAPTURED, (leader + k) % n, None
            if card == nw.QUANTUM or (type(card) is FamilyCard and card.family is SHADOW):
                threats.append((leader + k) % n)
            elif card == nw.JOKER:
                joker = (leader + k) % n
        if joker is not None and threats:
            threats = threats[1:]
            if not threats:
                return nw.Fate.PROTECTED, None, joker
        if threats:
            return nw.Fate.CAPTURED, threats[0], None
        return nw.Fate.KEPT, None, None

    def _winner(self) -> int:
        # NUMX; else the highest real trump in the trick; else the highest card of a led
        # classic suit; else the leader.
        n, leader = self.config.players, self.leader
        present = [((leader + k) % n, c) for k, c in enumerate(self.trick) if c is not None]
        for seat, card in present:
            if card == nw.NUM_X:
                return seat
        trumps = [(c.value, s) for s, c in present if type(c) is FamilyCard and _is_trump(c)]
        if trumps:
            return max(trumps)[1]
        led = next((card for _, card in self.plays if type(card) is FamilyCard), None)
        if led is not None and not _is_trump(led):
            follow = [
                (c.value, s) for s, c in present if type(c) is FamilyCard and c.family is led.family
            ]
            if follow:
                return max(follow)[1]
        return leader

    def _trick_won(self, event: nw.TrickWon) -> None:
        n = self.config.players
        assert len(self.trick) == n, "a trick is won before every seat played"
        assert event.seat == self._winner(), f"{event}: the rules give the trick elsewhere"
        done = FinishedTrick(
            self.leader,
            tuple(self.plays),
            frozenset(self.stolen),
            frozenset(self.stealers),
            event.seat,
            self.trick_capturer,
        )
        assert event.cards == done.taken(), f"{event}: not the cards left in the trick"
        before = _points(self.config, list(self.won[event.seat]))
        self.won[event.seat] += event.cards
        assert event.points == _points(self.config, list(self.won[event.seat])) - before
        self.tricks[event.seat] += 1
        self.finished.append(done)
        self.leader = event.seat
        self.trick, self.plays, self.stolen, self.trick_capturer = [], [], set(), None
        self.stealers = set()
        self._check_piles()

    def _check_piles(self) -> None:
        # Every seat's won pile is exactly the cards of the tricks it won (as rebuilt from
        # who played what) plus the Bomb if it captured it.
        for seat in range(self.config.players):
            rebuilt: Counter[NumCard] = Counter()
            for t in self.finished:
                if t.winner == seat:
                    rebuilt.update(t.taken())
                if t.capturer == seat:
                    rebuilt[nw.BOMB] += 1
            assert rebuilt == Counter(self.won[seat]), f"seat {seat}'s won pile"
            assert self.tricks[seat] == sum(t.winner == seat for t in self.finished)

    def public(self) -> Any:
        return (
            self.round,
            self.over,
            self.leader,
            tuple(self.trick),
            tuple(self.won),
            tuple(self.pairs),
            tuple(self.tricks),
            tuple(self.sizes),
            (self.bomb, self.capturer, self.protector),
            tuple(self.history),
            self.hand,
            self.role,
        )


def public_part(observation: nw.Observation) -> Any:
    """The part of an observation the tracker rebuilds (the seat's own hand and role too)."""
    return (
        observation.round,
        observation.phase is nw.Phase.OVER,
        observation.leader,
        observation.trick,
        observation.won,
        observation.pairs,
        observation.tricks,
        observation.hand_sizes,
        (observation.bomb, observation.capturer, observation.protector),
        observation.history,
        observation.hand,
        observation.role,
    )
