"""A quick estimate of what a Num Stop collection will validate, and `evaluate` for searches.

`best_validation` is exact but takes tens of milliseconds or more on a collection of
twenty cards or more, mostly to set up its options: too slow for a search that values
thousands of positions per decision. `estimate_validation` answers in a fraction of a
millisecond with a greedy: for each of a few fixed orders of the objectives, it takes
each objective's best-scoring combination among the cards still free, and keeps the
best of those orders. Every combination it counts exists and the combinations are
card-disjoint, so the estimate never exceeds the optimum; on the collections of
two-player rounds between heuristic bots it finds most of it (see docs/reference/numstop.md,
"The search bot").

`evaluate(state)` values a position that is not over for a search bot (`Game.evaluate`):
each seat's validated points, plus what its collection promises at the end of the
round, plus half of what its unlocked pile would add to it.
"""

from __future__ import annotations

from collections.abc import Iterable

from numrules.core.cards import Family, FamilyCard, NumCard
from numrules.numstop.config import Config, Mode
from numrules.numstop.objectives import DECISION_ORDER, OBJECTIVES, Objective
from numrules.numstop.scoring import scores
from numrules.numstop.state import TURN_PHASES, Phase, State

PILE_SHARE = 0.5
"""The share of its extra validation value that an unlocked pile counts for in
`evaluate` (the pile may still be lost before it is locked)."""

PILE_CARD = 3.0
"""What each card of an unlocked pile is worth in `evaluate`, in points, besides the
promise it shares with the collection cards."""

POTENTIAL = 5.0
"""What each collection card promises beyond the estimate, in points, at the start of a
round; it shrinks in proportion to the cards left in the stocks (the later cards it
may combine with)."""

_COLOURS = (Family.RED, Family.BLUE, Family.GREEN, Family.YELLOW, Family.RAINBOW)

_O = Objective
_ORDERS: tuple[tuple[Objective, ...], ...] = (
    (
        _O.STRAIGHT_FLUSH,
        _O.FOUR_OF_A_KIND,
        _O.SHADOW_STRAIGHT,
        _O.FULL_HOUSE,
        _O.LARGE_STRAIGHT,
        _O.FLUSH,
        _O.THREE_OF_A_KIND,
        _O.TWO_PAIRS,
        _O.SMALL_STRAIGHT,
        _O.PAIR,
    ),
    (
        _O.SHADOW_STRAIGHT,
        _O.LARGE_STRAIGHT,
        _O.STRAIGHT_FLUSH,
        _O.FLUSH,
        _O.FULL_HOUSE,
        _O.FOUR_OF_A_KIND,
        _O.THREE_OF_A_KIND,
        _O.SMALL_STRAIGHT,
        _O.TWO_PAIRS,
        _O.PAIR,
    ),
    (
        _O.FULL_HOUSE,
        _O.FOUR_OF_A_KIND,
        _O.THREE_OF_A_KIND,
        _O.TWO_PAIRS,
        _O.PAIR,
        _O.SHADOW_STRAIGHT,
        _O.STRAIGHT_FLUSH,
        _O.FLUSH,
        _O.LARGE_STRAIGHT,
        _O.SMALL_STRAIGHT,
    ),
)
"""The orders the greedy tries (each objective in each order once)."""

# A choice: (points, [(family index, value) taken], number of wilds taken, shadow values
# taken at their own value). Families are indices into _COLOURS.
_Take = tuple[int, list[tuple[int, int]], int, list[int]]


class _Cards:
    # The free cards of a collection: which colour family holds each value, and the
    # SHADOWs by value.
    __slots__ = ("count", "held", "shadows")

    def __init__(self, held: list[list[bool]], shadows: list[int]) -> None:
        self.held = held  # held[family][value]
        self.count = [sum(column) for column in zip(*held, strict=True)]
        self.shadows = shadows  # sorted values

    def copy(self) -> _Cards:
        return _Cards([list(row) for row in self.held], list(self.shadows))

    def families_of(self, value: int, n: int) -> list[tuple[int, int]]:
        # n cards of `value`, from the families that hold the fewest cards (keeping the
        # others for flushes).
        have = [f for f in range(len(_COLOURS)) if self.held[f][value]]
        have.sort(key=lambda f: sum(self.held[f]))
        return [(f, value) for f in have[:n]]

    def take(self, choice: _Take) -> None:
        _, cards, wilds, own = choice
        for f, v in cards:
            self.held[f][v] = False
            self.count[v] -= 1
        for v in own:
            self.shadows.remove(v)
        for _ in range(wilds):
            # The wild: the SHADOW least likely to serve a shadow straight (the highest).
            self.shadows.pop()


def _same_value(cards: _Cards, sizes: tuple[int, ...], bonus: int, wild: int) -> _Take | None:
    # Groups of one value each (pair: (2,), two pairs: (2, 2), full house: (3, 2)), at
    # most one wild among them (it completes a group short of one card); the best total.
    count = cards.count
    has_wild = bool(cards.shadows)
    best: tuple[int, list[tuple[int, int]], bool] | None = None

    def fill(i: int, used: list[tuple[int, int]], wild_used: bool, points: int) -> None:
        nonlocal best
        if i == len(sizes):
            if best is None or points > best[0]:
                best = (points, used, wild_used)
            return
        size = sizes[i]
        taken = {v for v, _ in used}
        for v in range(len(count) - 1, -1, -1):
            if v in taken:
                continue
            if count[v] >= size:
                fill(i + 1, [*used, (v, size)], wild_used, points + size * v)
            elif has_wild and not wild_used and count[v] == size - 1:
                fill(i + 1, [*used, (v, size - 1)], True, points + (size - 1) * v + wild)

    fill(0, [], False, bonus)
    if best is None:
        return None
    points, used, wild_used = best
    taken = [fc for v, n in used for fc in cards.families_of(v, n)]
    return (points, taken, int(wild_used), [])


def _straight(cards: _Cards, length: int, bonus: int, wild: int) -> _Take | None:
    # `length` consecutive values of any families, at most one gap filled by a wild.
    count = cards.count
    has_wild = bool(cards.shadows)
    best: _Take | None = None
    for start in range(len(count) - length, -1, -1):
        window = range(start, start + length)
        missing = [v for v in window if not count[v]]
        if len(missing) > (1 if has_wild else 0):
            continue
        points = bonus + sum(v for v in window if count[v]) + (wild if missing else 0)
        if best is None or points > best[0]:
            taken = [fc for v in window if count[v] for fc in cards.families_of(v, 1)]
            best = (points, taken, len(missing), [])
    return best


def _flush(cards: _Cards, bonus: int, wild: int) -> _Take | None:
    # Five cards of one colour family (the highest), or four and a wild.
    best: _Take | None = None
    for f, row in enumerate(cards.held):
        values = [v for v in range(len(row) - 1, -1, -1) if row[v]]
        if len(values) >= 5:
            top = values[:5]
            choice: _Take = (bonus + sum(top), [(f, v) for v in top], 0, [])
        elif len(values) == 4 and cards.shadows:
            choice = (bonus + sum(values) + wild, [(f, v) for v in values], 1, [])
        else:
            continue
        if best is None or choice[0] > best[0]:
            best = choice
    return best


def _straight_flush(cards: _Cards, bonus: int, wild: int) -> _Take | None:
    # Four consecutive values of one colour family, at most one gap filled by a wild.
    best: _Take | None = None
    has_wild = bool(cards.shadows)
    for f, row in enumerate(cards.held):
        for start in range(len(row) - 4, -1, -1):
            window = range(start, start + 4)
            missing = [v for v in window if not row[v]]
            if len(missing) > (1 if has_wild else 0):
                continue
            points = bonus + sum(v for v in window if row[v]) + (wild if missing else 0)
            if best is None or points > best[0]:
                best = (points, [(f, v) for v in window if row[v]], len(missing), [])
    return best


def _shadow_straight(cards: _Cards, bonus: int) -> _Take | None:
    # Three consecutive values, one SHADOW at its own value or more; the cheapest cards.
    if not cards.shadows:
        return None
    count, shadows = cards.count, cards.shadows
    best: tuple[int, _Take] | None = None
    for start in range(len(count) - 2):
        window = range(start, start + 3)
        own = [v for v in window if v in shadows]
        if not own:
            continue
        for shadow in own:
            rest = [v for v in window if v != shadow]
            if all(count[v] or v in shadows for v in rest):
                taken = [fc for v in rest if count[v] for fc in cards.families_of(v, 1)]
                spent = [shadow, *(v for v in rest if not count[v])]
                cost = sum(v for v in rest if count[v])
                if best is None or cost < best[0]:
                    best = (cost, (bonus, taken, 0, spent))
    return None if best is None else best[1]


def _best(cards: _Cards, objective: Objective, config: Config) -> _Take | None:
    bonus, wild = config.bonus(objective), config.wild_points
    if objective is _O.PAIR:
        return _same_value(cards, (2,), bonus, wild)
    if objective is _O.TWO_PAIRS:
        return _same_value(cards, (2, 2), bonus, wild)
    if objective is _O.THREE_OF_A_KIND:
        return _same_value(cards, (3,), bonus, wild)
    if objective is _O.FOUR_OF_A_KIND:
        return _same_value(cards, (4,), bonus, wild)
    if objective is _O.FULL_HOUSE:
        return _same_value(cards, (3, 2), bonus, wild)
    if objective is _O.SMALL_STRAIGHT:
        return _straight(cards, 4, bonus, wild)
    if objective is _O.LARGE_STRAIGHT:
        return _straight(cards, 6, bonus, wild)
    if objective is _O.FLUSH:
        return _flush(cards, bonus, wild)
    if objective is _O.STRAIGHT_FLUSH:
        return _straight_flush(cards, bonus, wild)
    return _shadow_straight(cards, bonus)


def estimate_validation(
    collection: Iterable[NumCard],
    objectives: Iterable[Objective] = OBJECTIVES,
    config: Config | None = None,
) -> int:
    """A quick lower estimate of the best validation of `collection` for `objectives`.

    The score (points in CLASSIC, objectives in DISCOVERY) of card-disjoint combinations,
    at most one per objective, found greedily (see the module docstring): never more than
    `best_validation` finds, usually close to it. Action cards in `collection` are ignored.
    """
    config = config if config is not None else Config()
    wanted = frozenset(objectives)
    size = config.max_value + 1
    held = [[False] * size for _ in _COLOURS]
    shadows = []
    index = {family: i for i, family in enumerate(_COLOURS)}
    for card in collection:
        if type(card) is not FamilyCard:
            continue
        if card.family is Family.SHADOW:
            shadows.append(card.value)
        else:
            held[index[card.family]][card.value] = True
    shadows.sort()
    start = _Cards(held, shadows)
    discovery = config.mode is Mode.DISCOVERY
    best = 0
    for order in _ORDERS:
        cards = start.copy()
        total = 0
        for objective in order:
            if objective not in wanted:
                continue
            choice = _best(cards, objective, config)
            if choice is None:
                continue
            cards.take(choice)
            total += 1 if discovery else choice[0]
        best = max(best, total)
    return best


def evaluate(
    state: State, pile_share: float = PILE_SHARE, potential: float = POTENTIAL
) -> tuple[float, ...]:
    """Each seat's standing for a search bot that stops a rollout early (`Game.evaluate`).

    Its score so far, plus `estimate_validation` of what it has still to validate this
    round: in play, its collection for its open objectives, plus `PILE_SHARE` of what its
    unlocked pile would add, plus `POTENTIAL` points per card (a pile card counting
    `PILE_SHARE`) times the share of the round's cards still in the stocks; in the
    validation, the unused collection of each seat that has not validated yet for its
    open objectives, and that of the seat validating (its picks still unused) for the
    objectives it has still to decide (from `State.objective` on, in `DECISION_ORDER`).
    Once the game is
    over, exactly `scores`.
    """
    base = scores(state)
    if state.phase is Phase.OVER:
        return tuple(float(s) for s in base)
    config, players = state.config, state.config.players
    in_play = state.phase in TURN_PHASES
    left = (len(state.stocks[0]) + len(state.stocks[1])) / len(config.all_cards())
    out = []
    for seat in range(players):
        # Seats validate in order from the round's first player; those before `player`
        # in that order have ended.
        if (
            not in_play
            and (seat - state.first_player) % players
            < (state.player - state.first_player) % players
        ):
            out.append(float(base[seat]))
            continue
        scorecard = state.scorecards[seat]
        # The seat validating cannot come back to an objective it has decided.
        start = _deciding(state) if not in_play and seat == state.player else 0
        wanted = [
            o
            for o, p in zip(OBJECTIVES, scorecard, strict=True)
            if p is None and o.decision_index >= start
        ]
        used = set(state.scored[seat])
        collection = [c for c in state.collections[seat] if c not in used]
        value = float(estimate_validation(collection, wanted, config))
        pile = state.piles[seat] if in_play else ()
        if pile:
            more = estimate_validation([*collection, *pile], wanted, config)
            value += pile_share * max(0.0, more - value)
        if in_play:
            value += potential * left * (len(collection) + len(pile)) + PILE_CARD * len(pile)
        out.append(base[seat] + value)
    return tuple(out)


def _deciding(state: State) -> int:
    # The DECISION_ORDER position of the objective under decision (past the end: all decided).
    return len(DECISION_ORDER) if state.objective is None else state.objective.decision_index
