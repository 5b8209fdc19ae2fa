"""`search_validation` under limits, one-shot iterators, refusals and the finder's cache.

The brute force of test_combinations is the reference: a limited search must answer a
valid set of combinations scoring at most its bound, and a proven answer the optimum.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numrules import numstop as ns
from numrules.core.cards import FamilyCard, NumCard
from numrules.numstop import combinations as finder
from numrules.numstop.combinations import CollectionError, combination_sets
from numrules.numstop.strategy import optimum
from tests.numstop.helpers import cards
from tests.numstop.test_combinations import (
    _reference,
    _reference_best,
    _reference_score,
    collections,
    objective_sets,
)

Objective = ns.Objective
PAIR_AND_THREE = (Objective.PAIR, Objective.THREE_OF_A_KIND)
# A collection that used to take 15-30 s (and 431 points at best).
SLOW_40 = (
    "B1 B3 B8 B9 B11 B12 G0 G1 G9 G10 G13 G14 R0 R1 R2 R7 R9 R11 RB1 RB3 RB4 RB5 RB8 RB10"
    " RB11 RB14 RB16 SH0 SH2 SH7 SH10 SH16 Y0 Y3 Y5 Y7 Y9 Y10 Y14 Y16"
)

# A 30-card collection (seed 0, 30 cards, draw 68 of the benchmark) with a long proof.
HARD_30 = (
    "SH16 B0 Y8 RB12 G10 Y13 R16 R8 Y7 Y0 Y10 G6 RB10 G5 SH6 B1 G2 R5 Y1 SH9 SH14 RB7 B5"
    " RB14 R14 G16 B12 G3 R13 Y3"
)


def _check_valid(
    found: ns.ValidationSearch, collection: Sequence[NumCard], objectives: set[Objective]
) -> None:
    used = [card for combination in found.combinations for card in combination.cards]
    assert len(used) == len(set(used))
    assert set(used) <= set(collection)
    indices = [c.objective.index for c in found.combinations]
    assert indices == sorted(set(indices))
    for combination in found.combinations:
        assert combination.objective in objectives
        assert combination.points == _reference_score(
            combination.objective.value, combination.cards
        )
    assert found.points == sum(c.points for c in found.combinations) <= found.bound


@settings(deadline=None)
@given(collections(max_size=11), objective_sets, st.integers(0, 60))
def test_a_node_limited_search_is_valid_bounded_and_deterministic(
    collection: list[FamilyCard], objectives: set[Objective], max_nodes: int
) -> None:
    found = ns.search_validation(collection, objectives, max_nodes=max_nodes)
    _check_valid(found, collection, objectives)
    optimum = _reference_best(_reference(collection, [o.value for o in objectives]))
    assert found.points <= optimum <= found.bound
    assert found.proven == (found.points == found.bound)
    if found.proven:
        assert found.points == optimum
    assert ns.search_validation(collection, objectives, max_nodes=max_nodes) == found
    assert found.nodes <= max_nodes + 1


@settings(deadline=None, max_examples=30)
@given(collections(max_size=11), objective_sets)
def test_an_unlimited_search_is_proven_and_is_best_validation(
    collection: list[FamilyCard], objectives: set[Objective]
) -> None:
    found = ns.search_validation(collection, objectives)
    assert found.proven
    assert found.combinations == ns.best_validation(collection, objectives)
    assert found.points == _reference_best(_reference(collection, [o.value for o in objectives]))


def test_a_deadline_stops_a_slow_search_with_a_valid_answer() -> None:
    collection = cards(SLOW_40)
    found = ns.search_validation(collection, time_limit=0.0)
    assert not found.proven  # stopped at once: the full search takes 15-30 s to prove
    _check_valid(found, collection, set(ns.OBJECTIVES))
    assert found.bound >= 431
    assert found.points > 0
    limited = ns.search_validation(collection, max_nodes=0)
    _check_valid(limited, collection, set(ns.OBJECTIVES))
    assert not limited.proven
    assert limited.bound >= 431


def test_limits_must_be_non_negative() -> None:
    with pytest.raises(ValueError, match="time_limit"):
        ns.search_validation(cards("R7 B7"), time_limit=-1)
    with pytest.raises(ValueError, match="time_limit"):
        ns.search_validation(cards("R7 B7"), time_limit=float("nan"))
    with pytest.raises(ValueError, match="max_nodes"):
        ns.search_validation(cards("R7 B7"), max_nodes=-1)


def test_an_empty_answer() -> None:
    assert ns.search_validation(cards("R7 B8")) == ns.ValidationSearch((), 0, 0, 0)
    assert ns.search_validation(()).proven


# One-shot iterators: each public function reads its iterables once.


def _once(items: str) -> Iterator[NumCard]:
    return iter(cards(items))


def _objectives_once() -> Iterator[Objective]:
    return (o for o in PAIR_AND_THREE)


def test_best_validation_reads_a_generator_of_objectives_once() -> None:
    chosen = ns.best_validation(_once("R9 B9 G9 R2 B2"), _objectives_once())
    assert [str(c) for c in chosen] == ["pair R2 B2 (4)", "three_of_a_kind R9 B9 G9 (37)"]


def test_search_validation_reads_iterators_once() -> None:
    found = ns.search_validation(_once("R9 B9 G9 R2 B2"), _objectives_once())
    assert [str(c) for c in found.combinations] == [
        "pair R2 B2 (4)",
        "three_of_a_kind R9 B9 G9 (37)",
    ]
    assert found.proven
    assert found.points == 41


def test_find_combinations_reads_iterators_once() -> None:
    expected = ns.find_combinations(cards("R9 B9 G9 R2 B2"), PAIR_AND_THREE)
    assert ns.find_combinations(_once("R9 B9 G9 R2 B2"), _objectives_once()) == expected
    assert len(expected) == 5  # four pairs and the three of a kind


def test_combination_sets_reads_iterators_once() -> None:
    expected = combination_sets(cards("R9 B9 G9 R2 B2"), PAIR_AND_THREE)
    assert combination_sets(_once("R9 B9 G9 R2 B2"), _objectives_once()) == expected
    assert len(expected) == 5


# Refusals: the finder and the optimiser check objectives with the same code.


@pytest.mark.parametrize(
    "objectives",
    [["pair"], [Objective.PAIR, "pair"], Objective.PAIR, [["pair"]], None, "pair"],
)
def test_the_finder_and_the_optimiser_refuse_bad_objectives_alike(objectives: object) -> None:
    for function in (ns.find_combinations, ns.best_validation, ns.search_validation):
        with pytest.raises(CollectionError, match="objectives must be"):
            function(cards("R7 B7"), objectives)  # type: ignore[arg-type]
        with pytest.raises(CollectionError, match="objectives must be"):
            function((), objectives)  # type: ignore[arg-type]


def test_the_optimiser_refuses_what_is_not_a_collection() -> None:
    for collection in (cards("R7 R7"), cards("R7 JOKER")):
        for function in (ns.find_combinations, ns.best_validation, ns.search_validation):
            with pytest.raises(CollectionError):
                function(collection)


# The finder's cache is bounded in bytes.


def test_the_finder_cache_stays_within_its_byte_budget() -> None:
    family = ns.Config().all_cards()[:102]
    budget = finder._CACHE_BYTES
    for start in range(0, 60, 3):  # many distinct collections of 30 cards, ~0.9 MB each
        found = combination_sets(family[start : start + 30])
        assert found == finder._find_sets(
            tuple(family[start : start + 30]), frozenset(ns.OBJECTIVES), 16
        )
        held = sum(finder._set_bytes(answer) for answer, _ in finder._cache.values())
        assert held == sum(size for _, size in finder._cache.values())
        assert held == finder._cache_bytes <= budget
    assert len(finder._cache) >= 2
    # An answer larger than the budget (three whole families, ~4.9 MB) is not kept.
    big = combination_sets(family[:51])
    assert finder._set_bytes(big) > budget
    assert all(answer is not big for answer, _ in finder._cache.values())
    assert finder._cache_bytes <= budget


def test_the_finder_cache_estimate_is_not_below_the_real_size() -> None:
    found = combination_sets(cards("R7 B7 G7 SH3 Y8 R9 R10 SH5 SH4"))
    real = sys.getsizeof(found) + sum(
        sys.getsizeof(pair) + sys.getsizeof(pair[1]) for pair in found
    )
    assert real <= finder._set_bytes(found) <= 2 * real


@settings(deadline=None, max_examples=60)
@given(collections(max_size=11), objective_sets)
def test_the_exact_passes_alone_with_tiny_budgets_find_the_optimum(
    collection: list[FamilyCard], objectives: set[Objective]
) -> None:
    # No local search and a budget of one node per pass: every pass is cut, the two
    # orders take turns and each resumes from its table of explored positions.
    with (
        mock.patch.object(optimum, "_NEIGHBOURHOODS", ()),
        mock.patch.object(optimum, "_FIRST_BUDGET", 1),
    ):
        found = ns.search_validation(collection, objectives)
    assert found.proven
    _check_valid(found, collection, objectives)
    assert found.points == _reference_best(_reference(collection, [o.value for o in objectives]))


@pytest.mark.parametrize("dynamic", [True, False])
@settings(deadline=None, max_examples=40)
@given(collections(max_size=11), objective_sets)
def test_each_way_to_branch_alone_finds_the_optimum(
    dynamic: bool, collection: list[FamilyCard], objectives: set[Objective]
) -> None:
    # Branching on the fewest children (an objective, or a card value that must be used)
    # and branching in the fixed order are each exact on their own.
    with (
        mock.patch.object(optimum, "_NEIGHBOURHOODS", ()),
        mock.patch.object(optimum, "_FIRST_BUDGET", 1),
        mock.patch.object(optimum, "_WAYS", ((dynamic, 1),)),
    ):
        found = ns.search_validation(collection, objectives)
    assert found.proven
    _check_valid(found, collection, objectives)
    assert found.points == _reference_best(_reference(collection, [o.value for o in objectives]))


@pytest.mark.parametrize("dynamic", [True, False])
def test_each_way_to_branch_alone_proves_a_hard_collection(dynamic: bool) -> None:
    # A 30-card collection whose proof takes thousands of nodes: both ways agree with
    # the full search.
    collection = ns.parse_cards(HARD_30)
    with mock.patch.object(optimum, "_WAYS", ((dynamic, 1),)):
        found = ns.search_validation(collection)
    assert found.proven
    _check_valid(found, collection, set(ns.OBJECTIVES))
    assert found.points == ns.search_validation(collection).points


@settings(deadline=None, max_examples=5)
@given(
    st.lists(st.sampled_from(ns.Config().all_cards()[:102]), min_size=30, max_size=40, unique=True),
    st.integers(0, 3000),
)
def test_a_node_limit_on_large_collections_is_deterministic(
    collection: list[NumCard], max_nodes: int
) -> None:
    found = ns.search_validation(collection, max_nodes=max_nodes)
    _check_valid(found, collection, set(ns.OBJECTIVES))
    assert found.nodes <= max_nodes + 1
    assert ns.search_validation(collection, max_nodes=max_nodes) == found
    assert ns.search_validation(reversed(collection), max_nodes=max_nodes) == found
