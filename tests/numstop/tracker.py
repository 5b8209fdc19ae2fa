"""An independent Num Stop tracker: the public game rebuilt from one seat's events.

Written from the rules page alone: it shares no code with the engine (only the card,
event and Config classes, the Phase names, the objective table order, and the
combination finder `find_combinations` as the judge of which objectives a collection
can fill, the objective under decision being the first open one it can in the decision
order of the rules page, written out below).
"""

from __future__ import annotations

from typing import Any

from numrules import numstop as ns
from numrules.core.cards import Family, FamilyCard, NumCard, num_card_key

Cards = tuple[NumCard, ...]
JOKER, DOUBLE, SKIP, FLIP, SWIPE, QUANTUM = ns.parse_cards("JOKER DOUBLE SKIP FLIP SWIPE QUANTUM")
# The order in which a seat decides its open objectives (rules page, "Validation").
DECIDED_IN = [
    ns.Objective(name)
    for name in [
        "shadow_straight",
        "four_of_a_kind",
        "straight_flush",
        "large_straight",
        "flush",
        "full_house",
        "three_of_a_kind",
        "small_straight",
        "two_pairs",
        "pair",
    ]
]


def _is_shadow(card: NumCard) -> bool:
    return type(card) is FamilyCard and card.family is Family.SHADOW


def _is_rainbow(card: NumCard) -> bool:
    return type(card) is FamilyCard and card.family is Family.RAINBOW


class Tracker:
    """Stocks, piles, collections, reserves, the discard, effects and scorecards."""

    def __init__(self, config: ns.Config, seat: int | None) -> None:
        self.config = config
        self.seat = seat
        n = config.players
        self.round = 0
        self.phase = ns.Phase.START
        self.player = 0
        self.sizes = [0, 0]
        self.tops: list[NumCard | None] = [None, None]
        self.peeks: list[int | None] = [None, None]
        self.piles: list[Cards] = [()] * n
        self.collections: list[Cards] = [()] * n
        self.reserves: list[Cards] = [()] * n
        self.scored: list[Cards] = [()] * n
        self.discard: Cards = ()
        self.pending: Cards = ()
        self.lost: Cards = ()  # the last card(s) of the round, lost with it
        self.refill: Cards = ()  # a drawn action card taking the place of an activated one
        self.drawn = 0
        self.double = False
        self.doubled: set[int] = set()
        self.skipped: set[int] = set()
        self.scorecards: list[list[int | None]] = [[None] * len(ns.OBJECTIVES) for _ in range(n)]
        self.objective: ns.Objective | None = None  # the objective under decision
        self.selection: Cards = ()

    # --- helpers written from the rules ------------------------------------------------

    def _turn_over(self, seat: int) -> None:
        # Play passes to the left; the new turn is a plain one unless an event says more.
        self.player = (seat + 1) % self.config.players
        self.phase = ns.Phase.START
        self.drawn = 0
        self.double = False

    def _forget(self, stock: int) -> None:
        # The top card of `stock` left it: FLIP knowledge of it is gone.
        self.peeks[stock] = None
        self.tops[stock] = None

    def _activated(self, seat: int, card: NumCard, from_reserve: bool) -> None:
        # An action card leaves the reserve (or the drawn cards) and the round.
        if from_reserve:
            assert card in self.reserves[seat], f"{card} is not in seat {seat}'s reserve"
            self.reserves[seat] = tuple(c for c in self.reserves[seat] if c != card)
            if self.phase is ns.Phase.ACTION:  # a full reserve: the drawn card takes the place
                assert len(self.reserves[seat]) + 1 == self.config.reserve_size
                self.refill, self.pending = self.pending, ()
        else:
            assert self.pending == (card,), f"{card} was not just drawn"
            self.pending = ()
        self.discard += (card,)
        if self.phase is not ns.Phase.SKIPPED:
            self.phase = ns.Phase.DRAW

    def _deal(self, event: ns.RoundDealt) -> None:
        n = self.config.players
        self.round = event.round
        self.phase = ns.Phase.START
        self.player = event.first_player
        assert event.first_player == event.round % n
        self.sizes = list(event.stock_sizes)
        self.tops, self.peeks = [None, None], [None, None]
        self.piles = [()] * n
        self.collections = [()] * n
        self.reserves = [()] * n
        self.scored = [()] * n
        self.discard = self.pending = self.lost = ()
        self.drawn, self.double = 0, False
        self.doubled, self.skipped = set(), set()
        self.objective, self.selection = None, ()

    def _deciding(self, seat: int, start: int) -> ns.Objective | None:
        # The first open objective from position `start` of the decision order on that
        # the seat's unused cards can fill.
        for objective in DECIDED_IN[start:]:
            if self.scorecards[seat][objective.index] is None and ns.find_combinations(
                self.collections[seat], [objective], self.config
            ):
                return objective
        return None

    def _drew(self, event: ns.Drew) -> None:
        i = 0 if event.stock is ns.Stock.A else 1
        assert self.sizes[i] > 0
        if self.tops[i] is not None:
            assert self.tops[i] == event.card, "the card seen with FLIP is the card drawn"
        self.sizes[i] -= 1
        self._forget(i)
        card = event.card
        if not any(self.sizes):  # the last card is lost with the round
            self.lost = (card,)
            return
        self.drawn += 1
        if type(card) is not FamilyCard:
            self.pending, self.phase = (card,), ns.Phase.ACTION
        elif _is_shadow(card):
            self.pending, self.phase = (card,), ns.Phase.SHADOW
        else:
            self.piles[event.seat] += (card,)
            self.phase = ns.Phase.REDRAW if _is_rainbow(card) else ns.Phase.DRAW

    def _quantum(self, event: ns.QuantumTook) -> None:
        self._activated(event.seat, QUANTUM, event.from_reserve)
        first = 0 if event.stock is ns.Stock.A else 1
        taken = len(event.cards)
        assert taken == min(self.config.quantum_cards, sum(self.sizes))
        from_first = min(taken, self.sizes[first])
        for stock, count in ((first, from_first), (1 - first, taken - from_first)):
            if count:
                if self.tops[stock] is not None:
                    assert event.cards.index(self.tops[stock]) in (0, from_first)
                self.sizes[stock] -= count
                self._forget(stock)
        self.drawn += taken
        if any(self.sizes):
            self.pending, self.phase = event.cards, ns.Phase.QUANTUM
        else:
            self.lost = event.cards

    def _round_ended(self, event: ns.RoundEnded) -> None:
        n = self.config.players
        assert not any(self.sizes)
        assert event.lost == self.lost
        expected = self.lost + sum(self.piles, ()) + sum(self.reserves, ())
        assert event.discarded == expected, f"{event.discarded} != {expected}"
        self.discard += event.discarded
        self.piles, self.reserves = [()] * n, [()] * n
        self.pending = self.lost = ()
        self.tops, self.peeks = [None, None], [None, None]
        self.doubled, self.skipped = set(), set()
        self.phase, self.player = ns.Phase.VALIDATION, self.round % n
        self.drawn, self.double = 0, False
        self.objective, self.selection = self._deciding(self.player, 0), ()

    def _picked(self, event: ns.Picked) -> None:
        # The first pick decides the objective; the cards come in canonical order.
        assert self.phase in (ns.Phase.VALIDATION, ns.Phase.SELECTION)
        assert event.seat == self.player
        assert event.objective is self.objective
        assert event.card in self.collections[event.seat], "a card of the collection"
        assert event.card not in self.selection, "each card is picked once"
        if self.selection:
            assert num_card_key(self.selection[-1]) < num_card_key(event.card)
        self.selection += (event.card,)
        assert len(self.selection) <= event.objective.size
        self.phase = ns.Phase.SELECTION

    def _passed(self, event: ns.Passed) -> None:
        assert self.phase is ns.Phase.VALIDATION
        assert event.seat == self.player
        assert event.objective is self.objective
        assert self.scorecards[event.seat][event.objective.index] is None
        self.objective = self._deciding(event.seat, DECIDED_IN.index(event.objective) + 1)

    def _validated(self, event: ns.Validated) -> None:
        seat, cards = event.seat, event.cards
        # The last card picked completes the combination: it is validated at once.
        assert self.phase is ns.Phase.SELECTION
        assert seat == self.player
        assert event.objective is self.objective
        assert cards == self.selection, "picked in canonical order"
        assert len(cards) == event.objective.size
        assert all(c in self.collections[seat] for c in cards)
        self.collections[seat] = tuple(c for c in self.collections[seat] if c not in cards)
        self.scored[seat] += cards
        slot = ns.OBJECTIVES.index(event.objective)
        assert self.scorecards[seat][slot] is None, "an objective is validated once"
        self.scorecards[seat][slot] = event.points
        self.phase, self.selection = ns.Phase.VALIDATION, ()
        self.objective = self._deciding(seat, DECIDED_IN.index(event.objective) + 1)

    def _totals(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        points = tuple(sum(p or 0 for p in card) for card in self.scorecards)
        done = tuple(sum(p is not None for p in card) for card in self.scorecards)
        return points, done

    # --- the events ---------------------------------------------------------------------

    def feed(self, event: Any) -> None:
        if isinstance(event, ns.RoundDealt):
            self._deal(event)
        elif isinstance(event, ns.Drew):
            assert event.seat == self.player
            self._drew(event)
        elif isinstance(event, ns.Locked):
            assert self.piles[event.seat] == event.cards
            assert event.cards
            self.collections[event.seat] += event.cards
            self.piles[event.seat] = ()
            self._turn_over(event.seat)
        elif isinstance(event, ns.Busted):
            assert self.piles[event.seat] == event.cards, "the whole pile is lost"
            self.discard += event.cards
            self.piles[event.seat] = ()
            self._turn_over(event.seat)
        elif isinstance(event, ns.Stopped):
            assert self.piles[event.seat] == event.pile
            self._turn_over(event.seat)
        elif isinstance(event, ns.ShadowKept):
            assert self.pending == (event.shadow,)
            assert self.piles[event.seat] == event.lost
            self.discard += event.lost
            self.piles[event.seat] = (event.shadow,)
            self.pending = ()
            self._turn_over(event.seat)
        elif isinstance(event, ns.ShadowDiscarded):
            assert self.pending == (event.shadow,)
            self.discard += (event.shadow,)
            self.pending = ()
            self._turn_over(event.seat)
        elif isinstance(event, ns.Reserved):
            if self.refill:  # the drawn card takes the place of the card just activated
                assert self.refill == (event.card,)
                self.refill = ()
            else:
                assert self.pending == (event.card,)
                assert self.phase is ns.Phase.ACTION
                self.pending, self.phase = (), ns.Phase.DRAW
            self.reserves[event.seat] += (event.card,)
            assert len(self.reserves[event.seat]) <= self.config.reserve_size
        elif isinstance(event, ns.ActionCardLost):
            assert self.pending == (event.card,)
            assert len(self.reserves[event.seat]) == self.config.reserve_size
            self.discard += (event.card,)
            self.pending, self.phase = (), ns.Phase.DRAW
        elif isinstance(event, ns.JokerPlayed):
            assert self.pending == (event.shadow,)
            self.pending = ()
            self._activated(event.seat, JOKER, True)
            self.discard = (*self.discard[:-1], event.shadow, self.discard[-1])
        elif isinstance(event, ns.DoubleActivated):
            self._activated(event.seat, DOUBLE, event.from_reserve)
            self.doubled.add(event.target)
        elif isinstance(event, ns.SkipActivated):
            assert event.target != event.seat
            self._activated(event.seat, SKIP, event.from_reserve)
            self.skipped.add(event.target)
        elif isinstance(event, ns.Flipped):
            self._activated(event.seat, FLIP, event.from_reserve)
            for i in (0, 1):
                assert event.looked[i] == (self.sizes[i] > 0)
                assert (event.tops[i] is not None) == (event.looked[i] and event.seat == self.seat)
                self.peeks[i] = event.seat if event.looked[i] else None
                self.tops[i] = event.tops[i]
            self.phase = ns.Phase.FLIPPED
        elif isinstance(event, ns.Swiped):
            seat, target = event.seat, event.target
            assert self.piles[seat] == event.gave
            assert self.piles[target] == event.got
            self._activated(seat, SWIPE, event.from_reserve)
            self.piles[seat], self.piles[target] = event.got, event.gave
        elif isinstance(event, ns.QuantumTook):
            self._quantum(event)
        elif isinstance(event, ns.QuantumKept):
            assert set(self.pending) == {*event.discarded, *(c for c in [event.card] if c)}
            self.discard += event.discarded
            self.pending = ()
            card = event.card
            if card is not None:
                assert type(card) is FamilyCard
                if _is_shadow(card):  # a ShadowKept follows
                    self.pending = (card,)
                else:  # a Busted may follow; a kept Rainbow draws nothing more
                    self.piles[event.seat] += (card,)
            self._turn_over(event.seat)
        elif isinstance(event, ns.TurnSkipped):
            assert event.seat == self.player
            assert event.seat in self.skipped
            self.skipped.discard(event.seat)
            self.phase = ns.Phase.SKIPPED
        elif isinstance(event, ns.DoubleTurn):
            assert event.seat == self.player
            assert event.seat in self.doubled
            assert event.draws == self.config.double_draws
            self.doubled.discard(event.seat)
            self.double = True
        elif isinstance(event, ns.SkippedTurnEnded):
            assert self.phase is ns.Phase.SKIPPED
            self._turn_over(event.seat)
        elif isinstance(event, ns.RoundEnded):
            assert event.round == self.round
            self._round_ended(event)
        elif isinstance(event, ns.Picked):
            self._picked(event)
        elif isinstance(event, ns.Passed):
            self._passed(event)
        elif isinstance(event, ns.Validated):
            self._validated(event)
        elif isinstance(event, ns.ValidationEnded):
            assert self.phase is ns.Phase.VALIDATION
            assert event.seat == self.player
            assert self.objective is None, "every objective is decided first"
            points, done = self._totals()
            assert (event.objectives, event.points) == (done[event.seat], points[event.seat])
            self.player = (event.seat + 1) % self.config.players
            self.objective = self._deciding(self.player, 0)  # a deal or the end may follow
        elif isinstance(event, ns.GameEnded):
            points, done = self._totals()
            assert (event.points, event.objectives) == (points, done)
            scores = done if self.config.mode is ns.Mode.DISCOVERY else points
            assert event.winners == tuple(s for s, x in enumerate(scores) if x == max(scores))
            self.phase, self.player = ns.Phase.OVER, self.round % self.config.players
            self.objective = None
        else:  # pragma: no cover - a new event kind needs a rule here
            raise AssertionError(f"unknown event {event!r}")

    def public(self) -> Any:
        return (
            self.round,
            self.phase,
            self.player,
            tuple(self.sizes),
            tuple(self.tops),
            tuple(self.peeks),
            tuple(self.piles),
            tuple(self.collections),
            tuple(self.reserves),
            tuple(self.scored),
            self.discard,
            self.pending,
            self.drawn,
            self.double,
            frozenset(self.doubled),
            frozenset(self.skipped),
            tuple(tuple(card) for card in self.scorecards),
            self.objective,
            self.selection,
        )


def public_part(observation: ns.Observation) -> Any:
    """The part of an observation the tracker rebuilds (all of it but `to_act`)."""
    o = observation
    return (
        o.round,
        o.phase,
        o.player,
        o.stock_sizes,
        o.tops,
        o.peeks,
        o.piles,
        o.collections,
        o.reserves,
        o.scored,
        o.discard,
        o.pending,
        o.drawn,
        o.double,
        o.doubled,
        o.skipped,
        o.scorecards,
        o.objective,
        o.selection,
    )
