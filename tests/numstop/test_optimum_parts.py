"""The parts of the validation search: options, the fit test, bounds, concrete cards.

The finder (`find_combinations`, itself checked against brute force in
test_combinations) is the reference for what an option stands for.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from numrules import numstop as ns
from numrules.core.cards import Family, FamilyCard, NumCard
from numrules.numstop.combinations import _ranks
from numrules.numstop.strategy import optimum
from numrules.numstop.strategy.optimum.bounds import EPSILON, Position
from numrules.numstop.strategy.optimum.concrete import concrete
from numrules.numstop.strategy.optimum.options import Option, Options, fits
from numrules.numstop.strategy.optimum.search import Schedule, Search
from tests.numstop.helpers import cards
from tests.numstop.test_combinations import collections, objective_sets

CONFIG = ns.Config()
SHADOW_SLOT = CONFIG.max_value + 1


def _options(collection: Sequence[NumCard], objectives: set[ns.Objective]) -> Options:
    wanted = [o for o in ns.OBJECTIVES if o in objectives]
    return Options(_ranks(tuple(collection), CONFIG.max_value), wanted, CONFIG)


def _use(combination: ns.Combination) -> tuple[tuple[int, int], ...]:
    # The cards a combination takes per value slot, its Shadows in the last slot.
    slots = Counter(
        SHADOW_SLOT if card.family is Family.SHADOW else card.value for card in combination.cards
    )
    return tuple(sorted(slots.items()))


def _all(options: Options) -> list[Option]:
    return [option for found in options.by_objective.values() for option in found]


@settings(deadline=None)
@given(collections(), objective_sets)
def test_the_options_stand_for_exactly_the_combinations_of_the_finder(
    collection: list[FamilyCard], objectives: set[ns.Objective]
) -> None:
    options = _options(collection, objectives)
    found = set(ns.find_combinations(collection, objectives))
    # Every combination has an option with its objective, its score and its use of cards.
    assert {(c.objective, _use(c), c.points) for c in found} == {
        (o.objective, o.use, o.points) for o in _all(options)
    }
    for objective, listed in options.by_objective.items():
        assert all(o.objective is objective for o in listed)
        assert [o.points for o in listed] == sorted((o.points for o in listed), reverse=True)
    for option in _all(options):
        (combination,) = concrete(options, [option])
        assert combination in found
        assert combination.points == option.points
        assert _use(combination) == option.use


def _random_answer(options: Options, rng: random.Random) -> list[Option]:
    # Options of distinct objectives, each fitting with those before it.
    free, named, guards = options.free, 0, options.guards
    lists = list(options.by_objective.values())
    rng.shuffle(lists)
    chosen = []
    for listed in lists:
        fitting = [o for o in listed if fits(o, free, named, guards)]
        if fitting and rng.random() < 0.8:
            option = rng.choice(fitting)
            free, named = free - option.packed, named | option.named
            chosen.append(option)
    return chosen


@settings(deadline=None)
@given(collections(max_size=12), objective_sets, st.randoms(use_true_random=False))
def test_options_that_fit_get_disjoint_cards_and_the_others_cannot(
    collection: list[FamilyCard], objectives: set[ns.Objective], rng: random.Random
) -> None:
    options = _options(collection, objectives)
    chosen = _random_answer(options, rng)
    combinations = concrete(options, chosen)
    used = [card for combination in combinations for card in combination.cards]
    assert len(used) == len(set(used))
    assert set(used) <= set(collection)
    assert [c.objective.index for c in combinations] == sorted(o.objective.index for o in chosen)
    assert sum(c.points for c in combinations) == sum(o.points for o in chosen)
    # An option that does not fit asks for more cards of a value than are left, or for a
    # named card already taken.
    free, named, guards = options.free, 0, options.guards
    for option in chosen:
        free, named = free - option.packed, named | option.named
    taken = Counter[int]()
    for option in chosen:
        taken.update(dict(option.use))
    for option in _all(options):
        short = any(taken[slot] + count > options.counts[slot] for slot, count in option.use)
        assert fits(option, free, named, guards) == (not short and not option.named & named)


def test_an_option_fits_after_another_unless_it_lacks_cards_or_names_a_taken_one() -> None:
    # Flushes and straight flushes of one family, Shadow straights with Shadows to spare:
    # many pairs of options have enough cards of each value but name the same card.
    options = _options(cards("R1 R2 R3 R4 R5 R6 B2 B3 B4 B5 SH4 SH5 SH9"), set(ns.OBJECTIVES))
    by_names_only = 0
    for first in _all(options):
        free = options.free - first.packed
        taken = dict(first.use)
        for second in _all(options):
            short = any(
                taken.get(slot, 0) + count > options.counts[slot] for slot, count in second.use
            )
            fit = fits(second, free, first.named, options.guards)
            assert fit == (not short and not first.named & second.named)
            by_names_only += not short and not fit
    assert by_names_only > 100


@settings(deadline=None)
@given(collections(max_size=12), objective_sets, st.randoms(use_true_random=False))
def test_the_bounds_are_never_below_what_the_objectives_left_can_add(
    collection: list[FamilyCard], objectives: set[ns.Objective], rng: random.Random
) -> None:
    options = _options(collection, objectives)
    if not options.by_objective:
        return
    position = Position(options, 0)
    assert position.root_bound >= ns.search_validation(collection, objectives).points - EPSILON
    answer = _random_answer(options, rng)
    kept = [option for option in answer if rng.random() < 0.5]
    for option in kept:
        position.take(option, 1)
        position.price_left -= position.cost(option.use)
    taken = {option.objective for option in kept}
    left = [j for j, listed in enumerate(position.all_lists) if listed[0].objective not in taken]
    position.levels(left)
    rest = sum(option.points for option in answer if option not in kept)
    hints = [0] * (2 * len(left))
    assert position.lagrangian(0, list(hints)) >= rest - EPSILON
    assert position.bound(0, hints, math.inf) >= rest - EPSILON


def test_the_schedule_of_the_package_reaches_the_search() -> None:
    # test_optimum_anytime varies the schedule by patching the package: it is read at
    # each call.
    schedule = Schedule(((False, 1),), (), 1)
    with (
        mock.patch.object(optimum, "_WAYS", schedule.ways),
        mock.patch.object(optimum, "_NEIGHBOURHOODS", schedule.neighbourhoods),
        mock.patch.object(optimum, "_FIRST_BUDGET", schedule.first_budget),
        mock.patch.object(optimum, "Search", wraps=Search) as search,
    ):
        found = ns.search_validation(cards("R7 B7 G7 R8 B8 SH3"))
    assert search.call_args.args[1] == schedule
    usual = ns.search_validation(cards("R7 B7 G7 R8 B8 SH3"))
    assert found.combinations == usual.combinations
    assert found.nodes != usual.nodes  # the search went another way
