"""Stepwise validation: each objective decided once, in decision order; cards in order."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numrules import IllegalActionError, Reason, StateError
from numrules import numstop as ns
from numrules.core.cards import FamilyCard, NumCard, num_card_key
from tests.numstop.helpers import (
    cards,
    moves_of,
    play,
    refused,
    scorecard,
    table,
    text,
    validate,
)

SELECTION, VALIDATION = ns.Phase.SELECTION, ns.Phase.VALIDATION
PAIR = ns.Objective.PAIR


def told(after: ns.State, before: ns.State) -> list[str]:
    """The sentences of the events recorded between two states."""
    return [str(e) for e in ns.events(after, None)[len(ns.events(before, None)) :]]


def test_a_seat_picks_a_pair_card_by_card_and_validates_it() -> None:
    state = table(phase=VALIDATION, collections=["B7 R7 G9 Y3"])
    assert (state.objective, state.selection) == (ns.Objective.PAIR, ())
    # Only R7 begins a pair in canonical order (B7 comes after it); then pass.
    assert moves_of(state) == ["0:pick R7", "0:pass"]
    half = play(state, "0:pick R7")
    assert (half.phase, half.objective, text(half.selection)) == (SELECTION, PAIR, "R7")
    assert text(half.collections[0]) == "B7 R7 G9 Y3"  # picked cards stay until validated
    assert moves_of(half) == ["0:pick B7"]  # no abandon: a combination begun is completed
    done = play(half, "0:pick B7")
    assert (done.phase, done.objective, done.selection) == (VALIDATION, None, ())
    assert done.scorecards[0] == scorecard(pair=14)
    assert (text(done.collections[0]), text(done.scored[0])) == ("G9 Y3", "R7 B7")
    assert told(done, state) == [
        "seat 0 picks R7 for pair",
        "seat 0 picks B7 for pair",
        "seat 0 validates pair R7 B7 for 14 points",
    ]
    assert ns.events(done, None)[-1] == ns.Validated(0, ns.Objective.PAIR, cards("R7 B7"), 14)
    assert moves_of(done) == ["0:end"]  # G9 Y3 fill nothing: every objective is decided


def test_the_decision_order_is_the_rarest_objective_first() -> None:
    names = [o.value for o in ns.DECISION_ORDER]
    assert names == [
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
    assert sorted(ns.DECISION_ORDER, key=lambda o: o.index) == list(ns.OBJECTIVES)
    assert [o.decision_index for o in ns.DECISION_ORDER] == list(range(len(ns.OBJECTIVES)))


def test_objectives_come_in_decision_order_and_the_unfillable_are_passed_over() -> None:
    state = table(phase=VALIDATION, collections=["R7 B7 G7 R3 B4 G5 Y6"])
    decided = []
    while state.objective is not None:
        decided.append(state.objective.value)
        state = play(state, "0:pass")
    # No two pairs, four of a kind, full house, large straight or flush in these cards.
    assert decided == ["three_of_a_kind", "small_straight", "pair"]
    assert told(state, table(phase=VALIDATION, collections=["R7 B7 G7 R3 B4 G5 Y6"])) == [
        "seat 0 passes on three_of_a_kind, which stays open",
        "seat 0 passes on small_straight, which stays open",
        "seat 0 passes on pair, which stays open",
    ]
    assert state.scorecards[0] == scorecard()  # all still open, for a later round
    assert moves_of(state) == ["0:end"]


def test_a_passed_objective_is_not_offered_again_and_the_next_one_is_decided() -> None:
    state = table(phase=VALIDATION, collections=["R7 B7 G7"])
    assert state.objective is ns.Objective.THREE_OF_A_KIND  # before the pair
    after = play(state, "0:pass")
    assert after.objective is ns.Objective.PAIR
    assert moves_of(after) == ["0:pick R7", "0:pick B7", "0:pass"]
    pair = play(after, "0:pick R7")
    assert ns.events(pair, None)[-1] == ns.Picked(0, ns.Objective.PAIR, cards("R7")[0])
    done = play(pair, "0:pick B7")
    assert done.scorecards[0] == scorecard(pair=14)
    # Nothing left: the three of a kind, passed, is not decided again (G7 fills nothing).
    assert done.objective is None


def test_validating_an_objective_moves_on_to_the_next_one_still_fillable() -> None:
    state = table(phase=VALIDATION, collections=["R7 B7 G7 Y7 R2 B2"])
    assert state.objective is ns.Objective.FOUR_OF_A_KIND
    state = validate(state, "four_of_a_kind", "R7 B7 G7 Y7")
    # Full house, three of a kind and two pairs are no longer fillable with R2 B2.
    assert state.objective is ns.Objective.PAIR
    state = validate(state, "pair", "R2 B2")
    assert (state.objective, state.scorecards[0]) == (
        None,
        scorecard(pair=4, four_of_a_kind=48),
    )


def test_cards_are_picked_in_canonical_order() -> None:
    state = table(phase=VALIDATION, collections=["SH2 G7 B7 R7"], objective="pair")
    # A Shadow sorts last: it can end a pair, never begin one.
    assert moves_of(state) == ["0:pick R7", "0:pick B7", "0:pick G7", "0:pass"]
    refused(state, "0:pick SH2", Reason.NOT_ALLOWED)
    after_b7 = play(state, "0:pick B7")
    assert moves_of(after_b7) == ["0:pick G7", "0:pick SH2"]
    error = refused(after_b7, "0:pick R7", Reason.NOT_ALLOWED)
    assert "canonical order: pick a card after B7" in str(error)
    refused(after_b7, "0:pick B7", Reason.CARD_NOT_HELD)  # picked already
    seven = table(phase=VALIDATION, collections=["R7 B7 G9 Y3"])
    error = refused(seven, "0:pick G9", Reason.NOT_ALLOWED)
    assert "G9 cannot begin a pair whose other cards come after it" in str(error)
    error = refused(play(seven, "0:pick R7"), "0:pick Y3", Reason.NOT_ALLOWED)
    assert "Y3 cannot follow R7 in a pair" in str(error)


def test_end_comes_only_once_every_objective_is_decided() -> None:
    state = table(2, phase=VALIDATION, collections=["R7 B7", "R1 B1"])
    error = refused(state, "0:end", Reason.NOT_ALLOWED)
    assert "pair is still to decide" in str(error)
    picking = play(state, "0:pick R7")
    refused(picking, "0:end", Reason.WRONG_PHASE)
    refused(picking, "0:pass", Reason.WRONG_PHASE)
    refused(picking, "1:pick R1", Reason.NOT_YOUR_TURN)
    after = play(state, "0:pass", "0:end")
    assert (after.phase, after.player, after.scorecards[0]) == (VALIDATION, 1, scorecard())
    assert (after.objective, moves_of(after)) == (ns.Objective.PAIR, ["1:pick R1", "1:pass"])
    nothing = table(2, phase=VALIDATION, collections=["R7 G9"])
    assert (nothing.objective, moves_of(nothing)) == (None, ["0:end"])  # still asked


def test_always_taking_the_first_action_validates_in_decision_order() -> None:
    state = table(phase=VALIDATION, collections=["R2 B2 G2 Y2 R3 B4 G5 RB6 SH9"])
    moves = []
    while state.phase in (VALIDATION, SELECTION) and state.player == 0:
        action = ns.legal_actions(state)[0]
        moves.append(str(action))
        state = ns.apply(state, action)
    assert ":pass" not in " ".join(moves)  # a pick comes first whenever there is one
    validated = [str(e) for e in ns.events(state, None) if isinstance(e, ns.Validated)]
    # The four of a kind is decided before the pair, two pairs and the straights; the
    # lowest cards first. SH9 is left alone: no objective is left that it fills.
    assert validated == [
        "seat 0 validates four_of_a_kind R2 B2 G2 Y2 for 28 points",
        "seat 0 validates small_straight R3 B4 G5 RB6 for 23 points",
    ]
    assert moves == [*(f"0:pick {c}" for c in cards("R2 B2 G2 Y2 R3 B4 G5 RB6")), "0:end"]


def test_the_objective_under_decision_and_the_selection_are_public_and_checked() -> None:
    state = table(collections=["R7 B7 G7 G9", "R1"], objective="three_of_a_kind", selection="R7")
    for seat in (None, 0, 1, 2):
        seen = ns.observe(state, seat)
        assert (seen.phase, seen.objective, seen.selection) == (
            SELECTION,
            ns.Objective.THREE_OF_A_KIND,
            cards("R7"),
        )
    deciding = table(phase=VALIDATION, collections=["R7 B7 G7 G9", "R1"])
    assert ns.observe(deciding, 2).objective is ns.Objective.THREE_OF_A_KIND
    assert cards("R7")[0] in ns.card_zones(state)["collection:0"]  # a selection is not a zone
    bad: list[dict[str, Any]] = [
        {"objective": "pair", "selection": "G9"},  # G9 begins no pair
        {"objective": "pair", "selection": "R1"},  # another seat's card
        {"objective": "three_of_a_kind", "selection": "R7 R7"},
        {"objective": "three_of_a_kind", "selection": "B7 R7"},  # out of canonical order
        {"objective": "pair", "selection": "R7 B7"},  # complete: validated at once
        {"objective": "flush", "phase": VALIDATION},  # no flush in the collection
        {"objective": "pair", "scorecards": [scorecard(pair=3)], "phase": VALIDATION},
        {"objective": "pair", "phase": SELECTION},  # a selection begins with a pick
        {"selection": "R7", "phase": VALIDATION, "objective": "pair"},
        {"phase": SELECTION},  # no objective
        {"objective": "pair", "phase": ns.Phase.OVER},
    ]
    for fields in bad:
        with pytest.raises(StateError):
            table(collections=["R7 B7 G7 G9", "R1"], **fields)
    with pytest.raises(StateError):
        ns.check_state(attrs.evolve(state, objective="pair"))  # type: ignore[arg-type]


# --- every objective, card by card -------------------------------------------------------


@pytest.mark.parametrize(
    ("objective", "collection", "picked", "offered"),
    [
        ("pair", "R7 B7 SH2 G8", "", "R7 B7 G8"),
        ("pair", "R7 B7 SH2 G8", "B7", "SH2"),
        ("two_pairs", "R3 B3 G9 Y9 R5 SH0", "", "R3 R5 B3"),
        ("two_pairs", "R3 B3 G9 Y9 R5 SH0", "R5", "G9"),
        ("three_of_a_kind", "R4 B4 G4 Y5 B5 SH1 SH2", "", "R4 B4 B5"),
        ("three_of_a_kind", "R4 B4 G4 Y5 B5 SH1 SH2", "B4", "G4"),
        ("four_of_a_kind", "R2 B2 G2 Y2 R6 B6 G6 SH16", "R6", "B6"),
        ("full_house", "R5 B5 G5 R8 B8 Y1", "", "R5"),
        ("full_house", "R5 B5 G5 R8 B8 Y1", "R5", "R8"),
        ("small_straight", "R1 B2 G3 Y4 RB7 SH9", "", "R1 B2"),
        ("small_straight", "R1 B2 G3 Y4 RB7 SH9", "B2", "G3"),
        ("large_straight", "R1 B2 G3 Y4 RB5 R6 SH0 G9", "", "R1 R6"),
        ("large_straight", "R1 B2 G3 Y4 RB5 R6 SH0 G9", "R6", "B2"),
        ("flush", "RB0 RB2 RB5 RB9 R1 R2 R3 R4 SH9", "", "R1 RB0"),
        ("flush", "RB0 RB2 RB5 RB9 R1 R2 R3 R4 SH9", "RB0", "RB2"),
        ("straight_flush", "G10 G11 G12 B13 SH1 R5", "", "G10"),
        ("straight_flush", "G10 G11 G12 B13 SH1 R5", "G10", "G11"),
        ("shadow_straight", "SH3 SH4 R5 B5 G6 R9", "", "R5 B5"),
        ("shadow_straight", "SH3 SH4 R5 B5 G6 R9", "R5", "G6 SH3"),
        ("shadow_straight", "SH3 SH4 R5 B5 G6 R9", "R5 G6", "SH4"),
    ],
)
def test_each_objective_offers_the_cards_that_can_come_next(
    objective: str, collection: str, picked: str, offered: str
) -> None:
    phase = SELECTION if picked else VALIDATION
    state = table(collections=[collection], objective=objective, selection=picked, phase=phase)
    expected = [f"0:pick {c}" for c in cards(offered)]
    assert moves_of(state) == (expected if picked else [*expected, "0:pass"])


# --- the tree: bounded, one path per outcome --------------------------------------------

CONFIGS = [ns.Config(max_value=5), ns.Config(max_value=7), ns.Config()]


@st.composite
def validations(draw: st.DrawFn) -> ns.State:
    """A seat at the start of its validation: a collection and some objectives done."""
    config = draw(st.sampled_from(CONFIGS))
    family = sorted((c for c in config.all_cards() if type(c) is FamilyCard), key=num_card_key)
    collection = draw(st.lists(st.sampled_from(family), max_size=14, unique=True))
    done = draw(st.sets(st.sampled_from(ns.OBJECTIVES)))
    points = {o.value: config.bonus(o) for o in done}
    return table(
        phase=VALIDATION,
        collections=[" ".join(map(str, collection))],
        scorecards=[scorecard(**points)],
        players=config.players,
        max_value=config.max_value,
    )


def open_objectives(state: ns.State) -> list[ns.Objective]:
    return [o for o in ns.OBJECTIVES if state.scorecards[state.player][o.index] is None]


def random_validation(state: ns.State, rnd: random.Random) -> tuple[ns.State, list[ns.Action]]:
    """The seat to act validates by uniform random choices until it ends."""
    seat, taken = state.player, []
    while state.phase in (VALIDATION, SELECTION) and state.player == seat:
        legal = ns.legal_actions(state)
        assert len(legal) <= len(state.collections[seat]) + 1
        action = legal[rnd.randrange(len(legal))]
        taken.append(action)
        state = ns.apply(state, action)
    return state, taken


def dictated(start: ns.State, outcome: dict[ns.Objective, tuple[NumCard, ...]]) -> list[ns.Action]:
    """The one sequence that validates exactly `outcome` from `start`: walk the objectives
    under decision, pick the outcome's cards for each (canonical order) or pass; end."""
    state, seat, sequence = start, start.player, []
    while state.objective is not None:
        cards_ = outcome.get(state.objective)
        if cards_ is None:
            actions: list[ns.Action] = [ns.Pass(seat)]
        else:
            family = tuple(c for c in cards_ if type(c) is FamilyCard)
            combination = ns.Combination(state.objective, family, 0)
            actions = list(ns.combination_actions(seat, combination))
        for action in actions:
            assert action in ns.legal_actions(state)
            state = ns.apply(state, action)
        sequence += actions
    return [*sequence, ns.EndValidation(seat)]


@settings(max_examples=80, deadline=None)
@given(validations(), st.randoms(use_true_random=False))
def test_a_validation_takes_at_most_open_objectives_plus_collection_plus_one_decisions(
    start: ns.State, rnd: random.Random
) -> None:
    end, taken = random_validation(start, rnd)
    bound = len(open_objectives(start)) + len(start.collections[0]) + 1
    assert len(taken) <= bound
    assert taken[-1] == ns.EndValidation(0)
    # Tighter: each open objective is passed or validated at most once.
    validated = [e for e in ns.events(end, 0) if isinstance(e, ns.Validated)]
    passes = sum(type(a) is ns.Pass for a in taken)
    assert passes + len(validated) <= len(open_objectives(start))
    assert sum(type(a) is ns.Pick for a in taken) == sum(len(e.cards) for e in validated)


@settings(max_examples=80, deadline=None)
@given(validations(), st.randoms(use_true_random=False))
def test_each_validation_has_exactly_one_path(start: ns.State, rnd: random.Random) -> None:
    end, taken = random_validation(start, rnd)
    outcome = {e.objective: e.cards for e in ns.events(end, 0) if isinstance(e, ns.Validated)}
    assert taken == dictated(start, outcome)


@settings(max_examples=60, deadline=None)
@given(validations(), st.randoms(use_true_random=False))
def test_every_card_disjoint_set_of_combinations_is_reachable(
    start: ns.State, rnd: random.Random
) -> None:
    config, collection = start.config, start.collections[0]
    found = list(ns.find_combinations(collection, open_objectives(start), config))
    rnd.shuffle(found)
    outcome: dict[ns.Objective, tuple[NumCard, ...]] = {}
    used: set[NumCard] = set()
    for combination in found:  # a random card-disjoint set, one per objective
        if combination.objective not in outcome and used.isdisjoint(combination.cards):
            outcome[combination.objective] = combination.cards
            used.update(combination.cards)
    state = start
    for action in dictated(start, outcome):
        state = ns.apply(state, action)
    validated = {e.objective: e.cards for e in ns.events(state, 0) if isinstance(e, ns.Validated)}
    assert validated == {o: tuple(sorted(c, key=num_card_key)) for o, c in outcome.items()}


@pytest.mark.parametrize("size", [50, 102])
def test_large_collections_stay_within_the_bounds(size: int) -> None:
    config = ns.Config()
    family = sorted((c for c in config.all_cards() if type(c) is FamilyCard), key=num_card_key)
    collection = " ".join(map(str, random.Random(size).sample(family, size)))
    start = table(2, phase=VALIDATION, collections=[collection])
    rnd = random.Random(size)
    for _ in range(5):
        _, taken = random_validation(start, rnd)
        assert len(taken) <= len(ns.OBJECTIVES) + size + 1


# --- against the finder ------------------------------------------------------------------


@st.composite
def collections_(draw: st.DrawFn) -> tuple[ns.Config, tuple[NumCard, ...]]:
    config = draw(st.sampled_from(CONFIGS))
    family = sorted((c for c in config.all_cards() if type(c) is FamilyCard), key=num_card_key)
    return config, tuple(draw(st.lists(st.sampled_from(family), max_size=12, unique=True)))


def validating(config: ns.Config, collection: tuple[NumCard, ...]) -> ns.State:
    return table(
        phase=VALIDATION,
        collections=[" ".join(map(str, collection))],
        players=config.players,
        max_value=config.max_value,
    )


@settings(max_examples=60, deadline=None)
@given(collections_())
def test_every_combination_the_finder_gives_plays_through_for_its_points(
    case: tuple[ns.Config, tuple[NumCard, ...]],
) -> None:
    config, collection = case
    state = validating(config, collection)
    found = ns.find_combinations(collection, config=config)
    decided = []
    walk = state
    while walk.objective is not None:
        decided.append(walk.objective)
        walk = ns.apply(walk, ns.Pass(0))
    assert decided == sorted({c.objective for c in found}, key=lambda o: o.decision_index)
    for combination in found:
        after = validate(state, combination.objective.value, " ".join(map(str, combination.cards)))
        assert after.phase is VALIDATION
        assert after.scorecards[0][combination.objective.index] == combination.points
        assert ns.events(after, None)[-1] == ns.Validated(
            0, combination.objective, combination.cards, combination.points
        )


@settings(max_examples=60, deadline=None)
@given(collections_(), st.randoms(use_true_random=False))
def test_every_card_offered_leads_to_a_combination_of_the_finder(
    case: tuple[ns.Config, tuple[NumCard, ...]], rnd: random.Random
) -> None:
    config, collection = case
    start = validating(config, collection)
    for objective in ns.OBJECTIVES:
        found = [
            tuple(sorted(c.cards, key=num_card_key))
            for c in ns.find_combinations(collection, [objective], config)
        ]
        state = start
        while (
            state.objective is not None
            and state.objective.decision_index < objective.decision_index
        ):
            state = ns.apply(state, ns.Pass(0))
        if state.objective is not objective:
            assert not found  # passed over: the collection holds none
            continue
        while state.objective is objective:
            picked = state.selection
            # The cards that can come next: those that, after the picked ones, begin a
            # combination in canonical order.
            expected = {c[len(picked)] for c in found if c[: len(picked)] == picked}
            offered = [a.card for a in ns.legal_actions(state) if type(a) is ns.Pick]
            assert offered == sorted(expected, key=num_card_key)
            for card in rnd.sample(collection, min(3, len(collection))):
                if card not in expected:
                    with pytest.raises(IllegalActionError):
                        ns.apply(state, ns.Pick(0, card))
            state = ns.apply(state, ns.Pick(0, rnd.choice(offered)))
        assert state.scorecards[0][objective.index] is not None
