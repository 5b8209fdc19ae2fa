"""Determinization for Num Wars: a full state drawn from what one seat knows.

A seat sees its own hand, every card played this round and who played it (its `log`),
the won piles and the hand sizes. Hidden from it: the other hands, the cards set aside
and the other seats' lot cards (their roles). The deal was uniform, so every placement
of the hidden cards that agrees with what the seat saw is equally likely, and
`sample_state` draws one of them uniformly. What the seat can infer:

- **The lot.** Each seat holds exactly one lot card, which stays in its hand until it
  plays it, and none is ever set aside. A seat that played a lot card this round
  showed its lot (the observer knows its own from its deal); the lot cards still hidden
  go one to each other seat, and to nobody else.
- **The duties of play.** Each play of the round (`Played`; a steal tells nothing)
  shows what the player's hand did not hold then (`excluded`, which mirrors
  `tricks.refusal_unless_steal`): a void in the led suit, no trump nor special when it
  neither followed nor cut, no trump able to beat the top trump when it played a lower
  one, only specials when it led one. Hands only shrink, so none of those cards can be
  in its hand now.

Every hidden card thus has a set of allowed places: the other hands and the aside pile
(lot cards: only the hands of the seats whose lot is hidden). Cards with the same
allowed places form a class. The lot cards go one to each of those seats, uniformly
among the allowed matchings (`_Matching`, a DP over subsets of seats); that takes one
slot of each such hand, whichever lot card it is, so the rest is independent of it.
The other classes are placed by an exact count of completions (`_Placement`): think
of each place as labelled slots; the classes are placed one after another, and places
that the classes still to come treat alike form a group whose slots are
interchangeable, so the count depends only on each group's free slots (the class
allowed everywhere fills the rest last). A sample draws, cell by cell, how many cards
of a class go to a group, with probability proportional to the completions, then which
cards and which slots uniformly. The result is exactly uniform over the placements
that agree with the observation (the tests compare it with brute force).

Counting costs about a millisecond for most positions, but can grow with
many seats and many voids. Above `_BUDGET` table entries (never reached in tens of
thousands of positions of random games) a fallback takes over: `_Chain`, a block Gibbs
chain from a valid placement, only approximately uniform (docs/reference/numwars.md gives
its measured distance).

The analysis of an observation (its constraints and count tables) is kept for the last
observation object sampled, so a search that samples the same observation many times
pays for it once; it depends on the observation only, so samples are the same either
way.
"""

from __future__ import annotations

import bisect
import random
import weakref
from collections.abc import Sequence
from math import comb

import attrs

from numrules.core.cards import FamilyCard, NumCard, SpecialCard
from numrules.core.errors import SamplingError
from numrules.core.events import Event, log_of_view
from numrules.core.rng import below
from numrules.core.sampling import sample_seed
from numrules.numwars.cards import Format, Suit, is_trump, suit_of
from numrules.numwars.event_types import Dealt, Played, Stole, TrickWon
from numrules.numwars.observation import Observation
from numrules.numwars.state import Phase, State
from numrules.numwars.tricks import Trick, led_suit


@attrs.frozen(slots=True)
class Excluded:
    """Cards a hand is known not to hold (after a play shows it, see `excluded`)."""

    suits: frozenset[Suit] = frozenset()
    """No card of these suits (`Suit.TRUMP`: no real trump at all)."""
    specials: bool = False
    """No special card."""
    trumps_above: int | None = None
    """No real trump of a higher value than this (None: no such limit)."""

    def excludes(self, card: NumCard) -> bool:
        """Whether the hand cannot hold `card`."""
        if type(card) is SpecialCard:
            return self.specials
        suit = suit_of(card)
        if suit in self.suits:
            return True
        above = self.trumps_above
        return (
            above is not None and type(card) is FamilyCard and is_trump(card) and card.value > above
        )

    def union(self, other: Excluded) -> Excluded:
        """What both tell together."""
        if other is NOTHING:
            return self
        if self is NOTHING:
            return other
        above = [a for a in (self.trumps_above, other.trumps_above) if a is not None]
        return Excluded(
            self.suits | other.suits, self.specials or other.specials, min(above, default=None)
        )


NOTHING = Excluded()
"""A play that shows nothing of the hand."""
_ONLY_SPECIALS = Excluded(frozenset(Suit))


def excluded(trick: Trick, card: NumCard) -> Excluded:
    """What the hand held none of, given that `card` was legally played to `trick`.

    `card` must not be a steal (a steal is always allowed and shows nothing). This reads
    the duties of `tricks.refusal_unless_steal` backwards: leading a special shows a
    hand of specials only; not following the led suit shows a void in it, and not
    cutting either (no real trump, no special) shows neither; a real trump under the
    highest one in the trick shows no trump that could beat it.
    """
    if not trick:
        return _ONLY_SPECIALS if type(card) is SpecialCard else NOTHING
    return _shown(trick, led_suit(trick), card)


def _shown(trick: Trick, suit: Suit | None, card: NumCard) -> Excluded:
    # `excluded` for a trick already started, whose suit to follow is `suit`.
    if suit is None:
        return NOTHING
    own = suit_of(card)
    if own is suit and suit is not Suit.TRUMP:
        return NOTHING  # followed a classic suit: any card of it was allowed
    suits: frozenset[Suit] = frozenset()
    specials = False
    if own is not suit:
        if own is None or own is Suit.TRUMP:
            suits = _VOID[suit]
        else:
            suits, specials = _NO_CUT[suit], True
    above = None
    if own is Suit.TRUMP and type(card) is FamilyCard:
        values = [c.value for c in trick if type(c) is FamilyCard and is_trump(c)]
        if values and card.value < max(values):
            above = max(values)
    if not suits and above is None:
        return NOTHING
    return Excluded(suits, specials, above)


_VOID = {suit: frozenset({suit}) for suit in Suit}
_NO_CUT = {suit: frozenset({suit, Suit.TRUMP}) for suit in Suit}


def _round_plays(observation: Observation) -> tuple[list[NumCard | None], list[Excluded]]:
    # Each seat's lot card where the observer knows it (played, or its own), and what
    # each seat's hand is known not to hold, from the current round's events.
    config = observation.config
    n = config.players
    events = _round_events(observation)
    dealt = events[0]
    assert type(dealt) is Dealt
    lot = frozenset(config.lot())
    lots: list[NumCard | None] = [None] * n
    seat = observation.seat
    if seat is not None:
        mine = [card for card in dealt.hands[seat] or () if card in lot]
        if len(mine) != 1:
            raise SamplingError(f"seat {seat}'s deal in the log does not hold one lot card")
        lots[seat] = mine[0]
    told = [NOTHING] * n
    trick: list[NumCard | None] = []
    suit: Suit | None = None  # the suit to follow, kept as the trick grows
    for event in events[1:]:
        if type(event) is Played:
            card = event.card
            shown = excluded(trick, card) if not trick else _shown(trick, suit, card)
            if shown is not NOTHING:
                told[event.seat] = told[event.seat].union(shown)
            trick.append(card)
            if suit is None and type(card) is FamilyCard:
                suit = suit_of(card)
            if event.card in lot:
                lots[event.seat] = event.card
        elif type(event) is Stole:
            trick[trick.index(event.stolen)] = None
            trick.append(None)
        elif type(event) is TrickWon:
            trick, suit = [], None
    return lots, told


def _round_events(observation: Observation) -> tuple[Event, ...]:
    # The events of the current round, from its `Dealt` on. Where it starts follows from
    # the observation (one event per play and per finished trick, one for the Bomb).
    log = observation.log
    config = observation.config
    plays = config.players * config.hand_size - sum(observation.hand_sizes)
    after = plays + sum(observation.tricks) + (observation.bomb is not None)
    if observation.phase is Phase.OVER:
        after += 2  # RoundScored and GameEnded
    start = len(log) - 1 - after
    if not (0 <= start < len(log) and _is_deal(log[start], observation.round)):
        start = next(
            (i for i in range(len(log) - 1, -1, -1) if _is_deal(log[i], observation.round)), -1
        )
        if start < 0:
            raise SamplingError("the observation's log does not hold the deal of its round")
    return log.since(start)


def _is_deal(event: Event, round_: int) -> bool:
    return type(event) is Dealt and event.round == round_


# -- the exact uniform placement ------------------------------------------------------


class _TooBigError(Exception):
    """The exact count would need more table entries than the budget allows."""


def _shuffle(items: list[NumCard], rng: random.Random) -> list[NumCard]:
    for i in range(len(items) - 1, 0, -1):
        j = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]
    return items


_Key = tuple[int, int, int, tuple[int, ...], tuple[int, ...]]


class _Placement:
    """Classes of interchangeable cards into places of fixed sizes, uniformly and exactly.

    Class k has `sizes[k]` cards allowed in the places `allowed[k]`; any other card
    (the free ones) may go anywhere, filling what is left. Think of each place as
    `caps[q]` labelled slots: the classes are placed one after the other, and places
    that the classes still to come treat alike form one *group* whose slots are
    interchangeable, so the number of completions depends only on each group's free
    slots. `_ways(k, j, rem, free)` counts them (up to a constant factor) when class k
    has `rem` cards left for its groups `cells[k][j:]` and `free[g]` slots are left in
    group g; groups class k is done with are summed by the group they join next.
    """

    def __init__(
        self,
        caps: Sequence[int],
        allowed: Sequence[tuple[int, ...]],
        sizes: Sequence[int],
        budget: int,
    ) -> None:
        places = len(caps)
        self.order = _class_order(places, allowed)
        self.sizes = [sizes[k] for k in self.order]
        sets = [frozenset(allowed[k]) for k in self.order]
        count = len(self.order)
        # group[k][q]: the group of place q when class k is next (k = count: all placed).
        self.group: list[list[int]] = []
        for k in range(count + 1):
            ids: dict[tuple[bool, ...], int] = {}
            self.group.append(
                [ids.setdefault(tuple(q in s for s in sets[k:]), len(ids)) for q in range(places)]
            )
        self.groups = [max(ids) + 1 for ids in self.group]
        self.members = [
            [[q for q in range(places) if ids[q] == g] for g in range(size)]
            for ids, size in zip(self.group, self.groups, strict=True)
        ]
        self.join = [
            [self.group[k + 1][self.members[k][g][0]] for g in range(self.groups[k])]
            for k in range(count)
        ]
        self.cells = [sorted({self.group[k][q] for q in sets[k]}) for k in range(count)]
        self.keys: list[list[tuple[tuple[int, ...], tuple[tuple[int, int], ...], int]]] = []
        for k in range(count):
            row = []
            for j in range(len(self.cells[k])):
                open_ = tuple(self.cells[k][j:])
                lumps = sorted({self.join[k][g] for g in range(self.groups[k]) if g not in open_})
                closed = tuple(
                    (g, lumps.index(self.join[k][g]))
                    for g in range(self.groups[k])
                    if g not in open_
                )
                row.append((open_, closed, len(lumps)))
            self.keys.append(row)
        start = [0] * self.groups[0]
        for q, cap in enumerate(caps):
            start[self.group[0][q]] += cap
        self.start = tuple(start)
        self.budget = budget
        self.memo: dict[_Key, int] = {}
        self.options: dict[_Key, tuple[list[int], list[int]]] = {}
        self.total = self._ways(0, 0, self.sizes[0], self.start) if count else 1

    def _key(self, k: int, j: int, rem: int, free: tuple[int, ...]) -> _Key:
        open_, closed, size = self.keys[k][j]
        lumps = [0] * size
        for g, at in closed:
            lumps[at] += free[g]
        return k, j, rem, tuple(free[g] for g in open_), tuple(lumps)

    def _next(self, k: int, free: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
        # The first cell of class k + 1: its cards, and the free slots of its groups.
        joined = [0] * self.groups[k + 1]
        for g, slots in enumerate(free):
            joined[self.join[k][g]] += slots
        return (self.sizes[k + 1] if k + 1 < len(self.sizes) else 0), tuple(joined)

    def _ways(self, k: int, j: int, rem: int, free: tuple[int, ...]) -> int:
        if k == len(self.sizes):
            return 1
        key = self._key(k, j, rem, free)
        ways = self.memo.get(key)
        if ways is not None:
            return ways
        cells = self.cells[k]
        g = cells[j]
        slots = free[g]
        left = list(free)
        if j == len(cells) - 1:
            ways = 0
            if rem <= slots:
                left[g] -= rem
                size, joined = self._next(k, tuple(left))
                ways = comb(slots, rem) * self._ways(k + 1, 0, size, joined)
        else:
            ways = 0
            later = sum(free[h] for h in cells[j + 1 :])
            for x in range(max(0, rem - later), min(rem, slots) + 1):
                left[g] = slots - x
                ways += comb(slots, x) * self._ways(k, j + 1, rem - x, tuple(left))
        if len(self.memo) >= self.budget:
            raise _TooBigError
        self.memo[key] = ways
        return ways

    def draw(self, rng: random.Random) -> list[list[int]]:
        """How many cards of each class (in `order`) go to each of its groups."""
        counts = [[0] * self.groups[k] for k in range(len(self.sizes))]
        free = self.start
        for k, size in enumerate(self.sizes):
            rem = size
            cells = self.cells[k]
            for j, g in enumerate(cells):
                x = rem
                if j < len(cells) - 1:
                    key = self._key(k, j, rem, free)
                    options = self.options.get(key)
                    if options is None:
                        options = self._options(k, j, rem, free)
                        self.options[key] = options
                    cumulative, xs = options
                    x = xs[bisect.bisect_right(cumulative, below(rng, cumulative[-1]))]
                counts[k][g] = x
                rem -= x
                free = (*free[:g], free[g] - x, *free[g + 1 :])
            if k + 1 < len(self.sizes):
                free = self._next(k, free)[1]
        return counts

    def _options(
        self, k: int, j: int, rem: int, free: tuple[int, ...]
    ) -> tuple[list[int], list[int]]:
        # The choices at one cell with their cumulative weights (completions).
        g = self.cells[k][j]
        slots = free[g]
        later = sum(free[h] for h in self.cells[k][j + 1 :])
        cumulative: list[int] = []
        xs: list[int] = []
        total = 0
        left = list(free)
        for x in range(max(0, rem - later), min(rem, slots) + 1):
            left[g] = slots - x
            ways = comb(slots, x) * self._ways(k, j + 1, rem - x, tuple(left))
            if ways:
                total += ways
                cumulative.append(total)
                xs.append(x)
        return cumulative, xs


def _class_order(places: int, allowed: Sequence[tuple[int, ...]]) -> list[int]:
    # Classes allowed in fewer places first; among those, the one after which the places
    # fall into the fewest groups (the fewer groups, the smaller the tables).
    left = list(range(len(allowed)))
    order: list[int] = []
    while left:

        def cost(k: int) -> tuple[int, int, int]:
            rest = [frozenset(allowed[i]) for i in left if i != k]
            groups = len({tuple(q in s for s in rest) for q in range(places)})
            return len(allowed[k]), groups, k

        best = min(left, key=cost)
        order.append(best)
        left.remove(best)
    return order


class _Matching:
    """Lot cards to seats, one each, uniformly among the allowed perfect matchings."""

    def __init__(self, masks: tuple[int, ...]) -> None:
        self.masks = masks  # masks[i]: the seats (bits of positions) lot card i may go to
        self.full = all(mask == (1 << len(masks)) - 1 for mask in masks)
        self.memo: dict[int, int] = {}

    def count(self, used: int) -> int:
        i = used.bit_count()
        if i == len(self.masks):
            return 1
        ways = self.memo.get(used)
        if ways is None:
            ways = 0
            free = self.masks[i] & ~used
            while free:
                bit = free & -free
                ways += self.count(used | bit)
                free ^= bit
            self.memo[used] = ways
        return ways

    def draw(self, rng: random.Random) -> list[int]:
        # The position of the seat each lot card goes to.
        size = len(self.masks)
        if self.full:
            order = list(range(size))
            for i in range(size - 1, 0, -1):
                j = below(rng, i + 1)
                order[i], order[j] = order[j], order[i]
            return order
        used, out = 0, []
        for i in range(size):
            r = below(rng, self.count(used))
            free = self.masks[i] & ~used
            while True:
                bit = free & -free
                ways = self.count(used | bit)
                if r < ways:
                    break
                r -= ways
                free ^= bit
            used |= bit
            out.append(bit.bit_length() - 1)
        return out


class _Chain:
    """The fallback when exact counting is too costly: a Markov chain over placements.

    It starts from one valid placement (a maximum flow from the classes to the places)
    and takes `steps` moves; each move picks two places at random and redeals the cards
    they hold between them uniformly among the deals that respect every allowed place
    (a block Gibbs step, so the uniform distribution is stationary). A sample is
    therefore only close to uniform; the docs give the measured distance.
    """

    def __init__(
        self, caps: Sequence[int], cards: Sequence[tuple[NumCard, int]], steps: int
    ) -> None:
        self.caps = list(caps)
        self.allowed = dict(cards)
        self.steps = steps
        self.start = _flow_placement(caps, cards)

    def draw(self, rng: random.Random) -> list[list[NumCard]]:
        got = [list(cards) for cards in self.start]
        places = len(got)
        if places < 2:
            return got
        allowed, caps = self.allowed, self.caps
        for _ in range(self.steps):
            p = below(rng, places)
            q = below(rng, places - 1)
            q += q >= p
            only_p: list[NumCard] = []
            only_q: list[NumCard] = []
            either: list[NumCard] = []
            for card in (*got[p], *got[q]):
                mask = allowed[card]
                if not mask >> q & 1:
                    only_p.append(card)
                elif not mask >> p & 1:
                    only_q.append(card)
                else:
                    either.append(card)
            _shuffle(either, rng)
            cut = caps[p] - len(only_p)
            got[p] = only_p + either[:cut]
            got[q] = only_q + either[cut:]
        return got


def _flow_placement(
    caps: Sequence[int], cards: Sequence[tuple[NumCard, int]]
) -> list[list[NumCard]]:
    # One placement of the cards (each with its mask of allowed places) that fills every
    # place: a maximum flow, found by augmenting paths from each card in turn.
    places = len(caps)
    got: list[list[NumCard]] = [[] for _ in range(places)]
    allowed = dict(cards)
    for card, _ in cards:
        # Breadth-first search over places: move a chain of cards to make room for `card`.
        parent: dict[int, tuple[int, NumCard]] = {}
        frontier = [q for q in range(places) if allowed[card] >> q & 1]
        for q in frontier:
            parent[q] = (-1, card)
        end = -1
        while frontier and end < 0:
            nxt = []
            for q in frontier:
                if len(got[q]) < caps[q]:
                    end = q
                    break
                for other in got[q]:
                    for r in range(places):
                        if allowed[other] >> r & 1 and r not in parent:
                            parent[r] = (q, other)
                            nxt.append(r)
            frontier = nxt
        if end < 0:
            raise SamplingError("no placement of the hidden cards agrees with the observation")
        q = end
        while q >= 0:
            source, moved = parent[q]
            if source >= 0:
                got[source].remove(moved)
            got[q].append(moved)
            q = source
    return got


# -- the analysis of an observation, and the sample ------------------------------------

_ASIDE = -1
_BUDGET = 20_000
"""The most count-table entries the exact placement may use before it gives up."""
_STEPS = 30
"""Moves of the fallback chain per place."""
_RANK: dict[NumCard, int] = {card: rank for rank, card in enumerate(Format.FULL.cards())}


def _kind(card: NumCard) -> int:
    # What decides where a card may be: its suit, and its value for a trump.
    suit = suit_of(card)
    if suit is None:
        return -1
    if suit is Suit.TRUMP and type(card) is FamilyCard:
        return card.value
    return -2 - list(Suit).index(suit)


_KIND: dict[NumCard, int] = {card: _kind(card) for card in Format.FULL.cards()}


class _Analysis:
    """Where each hidden card of one observation may be, with the tables to draw from."""

    def __init__(self, observation: Observation) -> None:
        config = observation.config
        n = config.players
        seat = observation.seat
        lots, told = _round_plays(observation)
        self.known_lots = tuple(lots)
        self.log = log_of_view(observation.log)
        seen = set(observation.hand)
        seen.update(card for card in observation.trick if card is not None)
        for pile in (*observation.won, *observation.pairs):
            seen.update(pile)
        lot = set(config.lot())
        hidden = [card for card in config.all_cards() if card not in seen]
        # The seats whose lot card is hidden: each holds exactly one of the hidden lot cards.
        self.lot_seats = tuple(s for s in range(n) if s != seat and lots[s] is None)
        self.lot_cards = tuple(card for card in hidden if card in lot)
        if len(self.lot_cards) != len(self.lot_seats):
            raise SamplingError("the hidden lot cards do not match the seats whose lot is hidden")
        self.matching = _Matching(
            tuple(
                sum(1 << i for i, s in enumerate(self.lot_seats) if not told[s].excludes(card))
                for card in self.lot_cards
            )
        )
        if self.lot_cards and not self.matching.count(0):
            raise SamplingError("no seat can hold the hidden lot cards")
        # The places of the other hidden cards: the other hands, less their lot card, and
        # the aside pile (which takes any card but a lot card).
        room = {s: observation.hand_sizes[s] - (s in self.lot_seats) for s in range(n) if s != seat}
        room[_ASIDE] = config.aside
        places = [place for place, size in room.items() if size > 0]
        self.room = room
        masks: dict[int, list[NumCard]] = {}
        # Cards of one suit (and, for trumps, one value) share their allowed places.
        mask_of: dict[int, int] = {}
        for card in hidden:
            if card in lot:
                continue
            kind = _KIND[card]
            mask = mask_of.get(kind, -1)
            if mask < 0:
                mask = 0
                for i, place in enumerate(places):
                    if place == _ASIDE or not told[place].excludes(card):
                        mask |= 1 << i
                mask_of[kind] = mask
            if not mask:
                raise SamplingError(f"no place can hold the hidden card {card}")
            masks.setdefault(mask, []).append(card)
        everywhere = (1 << len(places)) - 1
        self.places = places
        # Each card with the places it may go to (bits of `places`), in canonical order.
        self.masks = sorted(
            ((card, mask) for mask, cards in masks.items() for card in cards),
            key=lambda item: _RANK[item[0]],
        )
        self.free_cards = masks.pop(everywhere, [])
        self.classes = list(masks.values())
        allowed = [tuple(i for i in range(len(places)) if mask >> i & 1) for mask in masks]
        caps = [room[place] for place in places]
        if sum(caps) != len(hidden) - len(self.lot_cards):
            raise SamplingError("the hidden cards do not fill the hidden places")
        self.placement: _Placement | None = None
        self.chain: _Chain | None = None
        try:
            self.placement = _Placement(caps, allowed, [len(c) for c in self.classes], _BUDGET)
        except _TooBigError:
            self.chain = _Chain(caps, self.masks, _STEPS * len(places))
        else:
            if not self.placement.total:
                raise SamplingError("no placement of the hidden cards agrees with the observation")

    def draw(
        self, rng: random.Random
    ) -> tuple[list[NumCard | None], list[list[NumCard]], list[NumCard]]:
        """Each seat's lot card, hidden hand (lot card included) and the aside pile."""
        n = len(self.known_lots)
        lots = list(self.known_lots)
        hands: list[list[NumCard]] = [[] for _ in range(n)]
        if self.lot_cards:
            for card, at in zip(self.lot_cards, self.matching.draw(rng), strict=True):
                seat = self.lot_seats[at]
                lots[seat] = card
                hands[seat].append(card)
        places = self.places
        got = self._place(rng)
        aside: list[NumCard] = []
        for place, cards in zip(places, got, strict=True):
            (aside if place == _ASIDE else hands[place]).extend(cards)
        return lots, hands, aside

    def _place(self, rng: random.Random) -> list[list[NumCard]]:
        # The cards of each place (in `places` order) but the lot cards.
        if self.chain is not None:
            return self.chain.draw(rng)
        placement = self.placement
        assert placement is not None
        got: list[list[NumCard]] = [[] for _ in self.places]
        left = [self.room[place] for place in self.places]
        for i, counts in enumerate(placement.draw(rng)):
            cards = _shuffle(list(self.classes[placement.order[i]]), rng)
            members = placement.members[i]
            start = 0
            for g, count in enumerate(counts):
                # The slots of a group are interchangeable: each card takes a random one.
                for card in cards[start : start + count]:
                    r = below(rng, sum(left[q] for q in members[g]))
                    for q in members[g]:
                        if r < left[q]:
                            break
                        r -= left[q]
                    got[q].append(card)
                    left[q] -= 1
                start += count
        free = _shuffle(list(self.free_cards), rng)
        start = 0
        for q, size in enumerate(left):
            got[q].extend(free[start : start + size])
            start += size
        return got


_last: tuple[weakref.ref[Observation], _Analysis] | None = None


def _analysis(observation: Observation) -> _Analysis:
    # The analysis of the last observation object sampled is kept (it depends on nothing
    # else, so keeping it changes no sample); a search samples one observation many times.
    global _last  # noqa: PLW0603
    last = _last
    if last is not None and last[0]() is observation:
        return last[1]
    analysis = _Analysis(observation)
    _last = weakref.ref(observation), analysis
    return analysis


def sample_state(observation: Observation, rng: random.Random) -> State:
    """A full state drawn uniformly among those consistent with `observation`.

    The sample gives the observing seat the same observation (events included) and the
    same legal actions, passes `check_state`, and respects every constraint the seat can
    infer: one lot card per seat (the Bomb in the Bomber's hand until played), none set
    aside, and the voids and limits shown by every play of the round. Its seed is drawn
    from `rng`, so later rounds are dealt afresh. A spectator's observation (seat None)
    samples every hand.

    Raises:
        SamplingError: no state agrees with the observation (it was not taken from a game).

    """
    analysis = _analysis(observation)
    lots, hidden, aside = analysis.draw(rng)
    seat = observation.seat
    hands = tuple(
        observation.hand if s == seat else tuple(sorted(cards, key=_RANK.__getitem__))
        for s, cards in enumerate(hidden)
    )
    return State(
        config=observation.config,
        seed=sample_seed(rng),
        round=observation.round,
        phase=observation.phase,
        history=observation.history,
        lots=tuple(card for card in lots if card is not None),
        hands=hands,
        aside=tuple(sorted(aside, key=_RANK.__getitem__)),
        leader=observation.leader,
        trick=observation.trick,
        won=observation.won,
        pairs=observation.pairs,
        tricks=observation.tricks,
        bomb=observation.bomb,
        capturer=observation.capturer,
        protector=observation.protector,
        log=analysis.log,
    )
