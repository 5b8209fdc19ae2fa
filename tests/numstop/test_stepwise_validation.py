"""Stepwise validation: aim at an objective, pick its cards one by one, abandon, end."""

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
from tests.numstop.helpers import cards, moves_of, play, refused, scorecard, table, text

SELECTION, VALIDATION = ns.Phase.SELECTION, ns.Phase.VALIDATION


def told(after: ns.State, before: ns.State) -> list[str]:
    """The sentences of the events recorded between two states."""
    return [str(e) for e in ns.events(after, None)[len(ns.events(before, None)) :]]


def test_a_seat_aims_picks_and_validates_a_pair() -> None:
    state = table(phase=VALIDATION, collections=["R7 B7 G9 Y3"])
    assert moves_of(state) == ["0:aim pair", "0:end"]  # nothing else can be filled
    picking = play(state, "0:aim pair")
    assert (picking.phase, picking.objective, picking.selection) == (
        SELECTION,
        ns.Objective.PAIR,
        (),
    )
    # G9 and Y3 pair with nothing: only the 7s are offered.
    assert moves_of(picking) == ["0:pick R7", "0:pick B7", "0:abandon"]
    half = play(picking, "0:pick B7")
    assert (half.phase, text(half.selection), text(half.collections[0])) == (
        SELECTION,
        "B7",
        "R7 B7 G9 Y3",  # a picked card stays in the collection until validated
    )
    assert moves_of(half) == ["0:pick R7", "0:abandon"]
    done = play(half, "0:pick R7")
    assert (done.phase, done.objective, done.selection) == (VALIDATION, None, ())
    assert done.scorecards[0] == scorecard(pair=14)
    assert (text(done.collections[0]), text(done.scored[0])) == ("G9 Y3", "R7 B7")
    assert told(done, state) == [
        "seat 0 aims at pair",
        "seat 0 picks B7 for pair",
        "seat 0 picks R7 for pair",
        "seat 0 validates pair R7 B7 for 14 points",
    ]
    assert ns.events(done, None)[-1] == ns.Validated(0, ns.Objective.PAIR, cards("R7 B7"), 14)
    assert moves_of(done) == ["0:end"]


def test_a_card_that_cannot_complete_is_refused() -> None:
    state = table(collections=["R7 B7 G9 Y3 SH1"], objective="pair")
    assert moves_of(state) == [f"0:pick {c}" for c in cards("R7 B7 G9 Y3 SH1")] + ["0:abandon"]
    with_wild = play(state, "0:pick SH1")
    assert moves_of(with_wild) == ["0:pick R7", "0:pick B7", "0:pick G9", "0:pick Y3", "0:abandon"]
    seven = play(state, "0:pick R7")
    refused(seven, "0:pick G9", Reason.NOT_ALLOWED)
    error = refused(seven, "0:pick Y3", Reason.NOT_ALLOWED)
    assert "Y3 cannot complete a pair" in str(error)
    assert moves_of(seven) == ["0:pick B7", "0:pick SH1", "0:abandon"]


def test_abandoning_scores_nothing_and_frees_the_cards() -> None:
    state = table(phase=VALIDATION, collections=["R7 B7 G7 SH2"])
    picking = play(state, "0:aim three_of_a_kind", "0:pick G7", "0:pick SH2")
    after = play(picking, "0:abandon")
    assert (after.phase, after.objective, after.selection) == (VALIDATION, None, ())
    assert after.scorecards == state.scorecards
    assert after.collections == state.collections
    assert told(after, picking) == ["seat 0 abandons three_of_a_kind and unpicks G7 SH2"]
    assert ns.events(after, None)[-1] == ns.Abandoned(
        0, ns.Objective.THREE_OF_A_KIND, cards("G7 SH2")
    )
    at_once = play(state, "0:aim pair", "0:abandon")
    assert told(at_once, state)[-1] == "seat 0 abandons pair"
    # The same objective can be aimed at again, with other cards.
    again = play(after, "0:aim three_of_a_kind", "0:pick R7", "0:pick B7", "0:pick G7")
    assert again.scorecards[0] == scorecard(three_of_a_kind=7 * 3 + 10)
    assert text(again.collections[0]) == "SH2"


def test_ending_passes_to_the_next_seat_and_is_refused_while_picking() -> None:
    state = table(2, phase=VALIDATION, collections=["R7 B7", "R1 B1"])
    picking = play(state, "0:aim pair", "0:pick R7")
    refused(picking, "0:end", Reason.WRONG_PHASE)
    refused(picking, "0:aim two_pairs", Reason.WRONG_PHASE)
    refused(picking, "1:pick R1", Reason.NOT_YOUR_TURN)
    after = play(picking, "0:abandon", "0:end")
    assert (after.phase, after.player, after.scorecards[0]) == (VALIDATION, 1, scorecard())
    assert moves_of(after) == ["1:aim pair", "1:end"]


def test_the_first_action_validates_a_combination_per_objective() -> None:
    state = table(phase=VALIDATION, collections=["R2 B2 G2 Y2 R3 B4 G5 RB6 SH9"])
    steps = 0
    while state.phase in (VALIDATION, SELECTION) and state.player == 0:
        state = ns.apply(state, ns.legal_actions(state)[0])
        steps += 1
    assert steps < 40
    assert ns.objectives_done(state)[0] >= 2


def test_the_selection_is_public_and_checked() -> None:
    state = table(collections=["R7 B7 G9", "R1"], objective="pair", selection="R7")
    for seat in (None, 0, 1, 2):
        seen = ns.observe(state, seat)
        assert (seen.phase, seen.objective, seen.selection) == (
            SELECTION,
            ns.Objective.PAIR,
            cards("R7"),
        )
    assert cards("R7")[0] in ns.card_zones(state)["collection:0"]  # a selection is not a zone
    bad: list[dict[str, Any]] = [
        {"objective": "pair", "selection": "G9"},  # G9 cannot complete a pair
        {"objective": "pair", "selection": "R1"},  # another seat's card
        {"objective": "pair", "selection": "R7 R7"},
        {"objective": "pair", "selection": "R7 B7"},  # complete: validated at once
        {"objective": "flush"},  # no flush in the collection
        {"objective": "pair", "scorecards": [scorecard(pair=3)]},
        {"objective": "pair", "phase": VALIDATION},
        {"phase": SELECTION},  # no objective
        {"selection": "R7", "phase": VALIDATION},
    ]
    for fields in bad:
        with pytest.raises(StateError):
            table(collections=["R7 B7 G9", "R1"], **fields)
    with pytest.raises(StateError):
        ns.check_state(attrs.evolve(state, objective="pair"))  # type: ignore[arg-type]


# --- every objective, card by card -------------------------------------------------------


@pytest.mark.parametrize(
    ("objective", "collection", "picked", "offered"),
    [
        ("pair", "R7 B7 SH2 G8", "", "R7 B7 SH2 G8"),
        ("pair", "R7 B7 SH2 G8", "SH2", "R7 B7 G8"),
        ("two_pairs", "R3 B3 G9 Y9 R5 SH0", "R5", "R3 B3 G9 Y9 SH0"),
        ("two_pairs", "R3 B3 G9 Y9 R5 SH0", "R5 SH0", "R3 B3 G9 Y9"),
        ("two_pairs", "R3 B3 G9 Y9 R5 SH0", "R3 R5", "B3 SH0"),
        ("three_of_a_kind", "R4 B4 G4 Y5 B5 SH1 SH2", "R4", "B4 G4 SH1 SH2"),
        ("three_of_a_kind", "R4 B4 G4 Y5 B5 SH1 SH2", "SH1", "R4 B4 G4 Y5 B5"),
        ("four_of_a_kind", "R2 B2 G2 Y2 R6 B6 G6 SH16", "R6", "B6 G6 SH16"),
        ("full_house", "R5 B5 G5 R8 B8 Y1", "R8", "R5 B5 G5 B8"),
        ("full_house", "R5 B5 G5 R8 B8 Y1 SH3", "Y1", "R5 B5 G5 SH3"),  # no three 8s
        ("small_straight", "R1 B2 G3 Y4 RB7 SH9", "", "R1 B2 G3 Y4 SH9"),
        ("small_straight", "R1 B2 G3 Y4 RB7 SH9", "Y4", "R1 B2 G3 SH9"),
        ("small_straight", "R1 B2 G3 Y4 RB7 SH9", "Y4 SH9", "R1 B2 G3"),
        ("large_straight", "R1 B2 G3 Y4 RB5 R6 SH0 G9", "", "R1 B2 G3 Y4 RB5 R6 SH0"),
        ("large_straight", "R1 B2 G3 Y4 RB5 R6 SH0 G9", "R6", "R1 B2 G3 Y4 RB5 SH0"),
        ("flush", "RB0 RB2 RB5 RB9 R1 R2 R3 R4 SH9", "RB0", "RB2 RB5 RB9 SH9"),
        ("flush", "RB0 RB2 RB5 RB9 R1 R2 R3 R4 SH9", "SH9", "RB0 RB2 RB5 RB9 R1 R2 R3 R4"),
        ("straight_flush", "G10 G11 G12 B13 SH1 R5", "G10", "G11 G12 SH1"),
        ("straight_flush", "G10 G11 G12 B13 SH1 R5", "SH1", "G10 G11 G12"),
        ("shadow_straight", "SH3 SH4 R5 B5 G6 R9", "", "SH3 SH4 R5 B5 G6"),
        ("shadow_straight", "SH3 SH4 R5 B5 G6 R9", "R5", "SH3 SH4 G6"),
        ("shadow_straight", "SH3 SH4 R5 B5 G6 R9", "R5 G6", "SH4"),
    ],
)
def test_each_objective_offers_the_cards_that_can_complete_it(
    objective: str, collection: str, picked: str, offered: str
) -> None:
    state = table(collections=[collection], objective=objective, selection=picked)
    expected = sorted(cards(offered), key=num_card_key)
    assert moves_of(state) == [*(f"0:pick {c}" for c in expected), "0:abandon"]


def random_collection(size: int, seed: int, config: ns.Config) -> tuple[NumCard, ...]:
    family = sorted((c for c in config.all_cards() if type(c) is FamilyCard), key=num_card_key)
    return tuple(random.Random(seed).sample(family, size))


@pytest.mark.parametrize("size", [50, 102])
def test_no_decision_offers_more_than_the_collection_and_12(size: int) -> None:
    collection = " ".join(map(str, random_collection(size, size, ns.Config())))
    start = table(2, phase=VALIDATION, collections=[collection])
    rnd = random.Random(size)
    for _ in range(5):
        state = start
        while state.phase in (VALIDATION, SELECTION) and state.player == 0:
            legal = ns.legal_actions(state)
            assert len(legal) <= len(state.collections[0]) + 12
            state = ns.apply(state, legal[rnd.randrange(len(legal))])


# --- properties against the finder -------------------------------------------------------

CONFIGS = [ns.Config(max_value=5), ns.Config(max_value=7), ns.Config()]


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
    aims = {o for o in ns.OBJECTIVES if f"0:aim {o.value}" in moves_of(state)}
    assert aims == {c.objective for c in found}
    for combination in found:
        after = state
        for action in ns.combination_actions(0, combination):
            assert action in ns.legal_actions(after)
            after = ns.apply(after, action)
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
        found = [set(c.cards) for c in ns.find_combinations(collection, [objective], config)]
        if not found:
            refused(start, ns.Aim(0, objective), Reason.NOT_ALLOWED)
            continue
        state = play(start, str(ns.Aim(0, objective)))
        while state.phase is SELECTION:
            picked = set(state.selection)
            expected = {c for combo in found if picked <= combo for c in combo - picked}
            legal = ns.legal_actions(state)
            assert legal[-1] == ns.Abandon(0)
            offered = [a.card for a in legal if type(a) is ns.Pick]
            assert offered == sorted(expected, key=num_card_key)
            for card in rnd.sample(collection, min(3, len(collection))):
                if card not in expected:
                    with pytest.raises(IllegalActionError):
                        ns.apply(state, ns.Pick(0, card))
            state = ns.apply(state, ns.Pick(0, rnd.choice(offered)))
        assert state.scorecards[0][objective.index] is not None
