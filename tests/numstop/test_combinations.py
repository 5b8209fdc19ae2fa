"""The combination finder and `best_validation`, against brute force over card subsets.

The reference below is written from the objective table of the rules page alone: it tries
every subset of the collection of the objective's size, replaces a Shadow by every
(value, family) a wild may stand for, and scores with the table. It shares no code
with `numrules.numstop.combinations` or `numrules.numstop.strategy.optimum`.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numrules import numstop as ns
from numrules.core.cards import Family, FamilyCard, NumCard, family_card, num_card_key
from numrules.numstop.combinations import CollectionError
from tests.numstop.helpers import cards, moves_of, play, scorecard, table

Objective = ns.Objective
NON_SHADOW = (Family.RED, Family.BLUE, Family.GREEN, Family.YELLOW, Family.RAINBOW)
SIZE = {
    "pair": 2,
    "two_pairs": 4,
    "three_of_a_kind": 3,
    "four_of_a_kind": 4,
    "full_house": 5,
    "small_straight": 4,
    "large_straight": 6,
    "flush": 5,
    "straight_flush": 4,
    "shadow_straight": 3,
}
BONUS = {
    "pair": 0,
    "two_pairs": 5,
    "three_of_a_kind": 10,
    "four_of_a_kind": 20,
    "full_house": 15,
    "small_straight": 5,
    "large_straight": 15,
    "flush": 10,
    "straight_flush": 25,
    "shadow_straight": 30,
}
Plain = tuple[tuple[int, Family], ...]  # (value, family) of each card, no Shadow among them


def _consecutive(values: Sequence[int], length: int) -> bool:
    return len(values) == length == len(set(values)) and max(values) - min(values) == length - 1


def _plain_ok(name: str, plain: Plain) -> bool:
    # The requirement of the table for cards that are not Shadows.
    values = sorted(v for v, _ in plain)
    groups = sorted(Counter(values).values())
    families = {f for _, f in plain}
    return {
        "pair": groups == [2],
        "two_pairs": groups == [2, 2],
        "three_of_a_kind": groups == [3],
        "four_of_a_kind": groups == [4],
        "full_house": groups == [2, 3],
        "small_straight": _consecutive(values, 4),
        "large_straight": _consecutive(values, 6),
        "flush": len(families) == 1,
        "straight_flush": len(families) == 1 and _consecutive(values, 4),
    }[name]


def _reference_score(name: str, subset: Sequence[FamilyCard], max_value: int = 16) -> int | None:
    """The score of `subset` as a combination for objective `name`, or None if it is not one."""
    if len(subset) != SIZE[name]:
        return None
    shadows = [c for c in subset if c.family is Family.SHADOW]
    if name == "shadow_straight":
        values = [c.value for c in subset]
        return BONUS[name] if shadows and _consecutive(values, 3) else None
    if len(shadows) > 1:
        return None
    plain = tuple((c.value, c.family) for c in subset if c.family is not Family.SHADOW)
    if shadows:
        stands_for = itertools.product(range(max_value + 1), NON_SHADOW)
        if not any(_plain_ok(name, (*plain, wild)) for wild in stands_for):
            return None
    elif not _plain_ok(name, plain):
        return None
    return BONUS[name] + sum(v for v, _ in plain) + 10 * len(shadows)


def _reference(
    collection: Sequence[FamilyCard], names: Sequence[str]
) -> dict[tuple[str, frozenset[FamilyCard]], int]:
    found = {}
    for name in names:
        for subset in itertools.combinations(collection, SIZE[name]):
            score = _reference_score(name, subset)
            if score is not None:
                found[name, frozenset(subset)] = score
    return found


def _reference_best(found: dict[tuple[str, frozenset[FamilyCard]], int]) -> int:
    by_name: dict[str, list[tuple[frozenset[FamilyCard], int]]] = {}
    for (name, subset), score in found.items():
        by_name.setdefault(name, []).append((subset, score))
    lists = list(by_name.values())

    def best(i: int, used: frozenset[FamilyCard]) -> int:
        if i == len(lists):
            return 0
        top = best(i + 1, used)
        for subset, score in lists[i]:
            if not subset & used:
                top = max(top, score + best(i + 1, used | subset))
        return top

    return best(0, frozenset())


@st.composite
def collections(draw: st.DrawFn, max_size: int = 10) -> list[FamilyCard]:
    """Small collections, their values bunched so that they hold many combinations."""
    low = draw(st.integers(0, 12))
    values = range(low, low + draw(st.integers(2, 5)))
    pool = [family_card(f, v) for f in Family for v in values]
    return draw(st.lists(st.sampled_from(pool), max_size=max_size, unique=True))


objective_sets = st.sets(st.sampled_from(ns.OBJECTIVES), min_size=1)


@given(collections(), objective_sets)
def test_find_combinations_equals_brute_force(
    collection: list[FamilyCard], objectives: set[Objective]
) -> None:
    names = [o.value for o in ns.OBJECTIVES if o in objectives]
    found = ns.find_combinations(collection, objectives)
    assert {(c.objective.value, frozenset(c.cards)): c.points for c in found} == _reference(
        collection, names
    )
    assert len(found) == len({(c.objective, c.cards) for c in found})  # each once
    keys = [(c.objective.index, [num_card_key(x) for x in c.cards]) for c in found]
    assert keys == sorted(keys)  # scorecard order, then cards in canonical order
    assert all(sorted(k) == k for _, k in keys)
    for combination in found:
        assert set(combination.cards) <= set(collection)
        assert ns.is_combination(combination.objective, combination.cards)


@settings(deadline=None)
@given(collections(max_size=11), objective_sets)
def test_best_validation_equals_brute_force(
    collection: list[FamilyCard], objectives: set[Objective]
) -> None:
    names = [o.value for o in ns.OBJECTIVES if o in objectives]
    chosen = ns.best_validation(collection, objectives)
    used = [card for combination in chosen for card in combination.cards]
    assert len(used) == len(set(used))
    assert set(used) <= set(collection)
    assert [c.objective.index for c in chosen] == sorted({c.objective.index for c in chosen})
    assert all(c.objective in objectives for c in chosen)
    for combination in chosen:
        assert combination.points == _reference_score(
            combination.objective.value, combination.cards
        )
    assert sum(c.points for c in chosen) == _reference_best(_reference(collection, names))


@settings(deadline=None, max_examples=10)
@given(
    st.lists(st.sampled_from(ns.Config().all_cards()[:102]), min_size=20, max_size=30, unique=True)
)
def test_best_validation_on_large_collections_is_consistent(collection: list[NumCard]) -> None:
    # Too large for brute force: the answer is valid, and at least as good as taking each
    # objective's best combination greedily in scorecard order.
    chosen = ns.best_validation(collection)
    used = [card for combination in chosen for card in combination.cards]
    assert len(used) == len(set(used))
    assert set(used) <= set(collection)
    for combination in chosen:
        assert combination.points == _reference_score(
            combination.objective.value, combination.cards
        )
    greedy, free = 0, set(collection)
    for objective in ns.OBJECTIVES:
        options = [c for c in ns.find_combinations(free, [objective]) if set(c.cards) <= free]
        if options:
            top = max(options, key=lambda c: c.points)
            greedy += top.points
            free -= set(top.cards)
    assert sum(c.points for c in chosen) >= greedy


def test_scores_follow_the_table() -> None:
    found = {
        (c.objective.value, " ".join(map(str, c.cards))): c.points
        for c in ns.find_combinations(cards("R7 B7 G7 SH3 Y8 R9 R10 SH5 SH4"))
    }
    assert found["pair", "R7 B7"] == 14
    assert found["pair", "R7 SH3"] == 7 + 10  # a wild scores 10, whatever its own value
    assert found["three_of_a_kind", "R7 B7 G7"] == 21 + 10
    assert found["four_of_a_kind", "R7 B7 G7 SH4"] == 21 + 10 + 20
    assert found["small_straight", "R7 R9 R10 Y8"] == 34 + 5
    assert found["small_straight", "R9 R10 Y8 SH3"] == 27 + 10 + 5  # the wild stands for 7 or 11
    assert found["straight_flush", "R7 R9 R10 SH5"] == 26 + 10 + 25  # the wild is the red 8
    assert found["shadow_straight", "SH3 SH4 SH5"] == 30  # flat: no card values
    assert ("shadow_straight", "R7 R9 Y8") not in found  # needs a Shadow at its own value
    assert ("pair", "SH3 SH4") not in found  # at most one wild
    assert ("flush", "R7 R9 R10 SH3 SH4") not in found


def test_config_changes_scores_and_range() -> None:
    config = ns.Config(wild_points=0, bonuses=(1, 5, 10, 20, 15, 5, 15, 10, 25, 40))
    found = {
        (c.objective, c.cards): c.points
        for c in ns.find_combinations(cards("R7 SH2"), config=config)
    }
    assert found == {(Objective.PAIR, cards("R7 SH2")): 8}
    # A collection of a game with a shorter value range cannot hold the higher cards.
    with pytest.raises(CollectionError):
        ns.find_combinations(cards("R7 B7"), config=ns.Config(max_value=6))


def test_best_validation_is_not_greedy() -> None:
    # The best pair (the 9s) would leave no three of a kind: the optimum pairs the 2s.
    collection = cards("R9 B9 G9 R2 B2")
    chosen = ns.best_validation(collection, [Objective.PAIR, Objective.THREE_OF_A_KIND])
    assert [str(c) for c in chosen] == ["pair R2 B2 (4)", "three_of_a_kind R9 B9 G9 (37)"]
    # With a Shadow, the wild is worth more in the pair than in the three of a kind.
    collection = cards("R9 B9 G9 R2 SH0")
    chosen = ns.best_validation(collection, [Objective.PAIR, Objective.THREE_OF_A_KIND])
    assert [str(c) for c in chosen] == ["pair R2 SH0 (12)", "three_of_a_kind R9 B9 G9 (37)"]


def test_finder_refuses_what_is_not_a_collection() -> None:
    with pytest.raises(CollectionError):
        ns.find_combinations(cards("R7 R7"))
    with pytest.raises(CollectionError):
        ns.best_validation(cards("R7 JOKER"))
    with pytest.raises(CollectionError):
        ns.find_combinations(cards("R7"), ["pair"])  # type: ignore[list-item]
    with pytest.raises(CollectionError):
        ns.best_validation(cards("R7 B7"), ["pair"])  # type: ignore[list-item]
    assert ns.best_validation(()) == ()


def test_validation_decides_the_objectives_the_finder_finds_in_unused_cards() -> None:
    state = table(
        2,
        phase=ns.Phase.VALIDATION,
        collections=["R7 B7 G7 SH3 Y8", "R1"],
        scored=["R9 B9"],
        scorecards=[scorecard(pair=18)],
    )
    found = ns.find_combinations(cards("R7 B7 G7 SH3 Y8"), ns.OBJECTIVES[1:])
    fillable = [o for o in ns.DECISION_ORDER if o in {c.objective for c in found}]
    assert ns.Objective.THREE_OF_A_KIND in fillable
    assert ns.Objective.PAIR not in fillable  # validated already
    decided = []
    while state.objective is not None:  # pass them all, in decision order
        decided.append(state.objective)
        firsts = {min(c.cards, key=num_card_key) for c in found if c.objective is state.objective}
        expected = [f"0:pick {card}" for card in sorted(firsts, key=num_card_key)]
        assert moves_of(state) == [*expected, "0:pass"]
        state = play(state, "0:pass")
    assert decided == fillable
    assert moves_of(state) == ["0:end"]
