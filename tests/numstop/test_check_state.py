"""`check_state` refuses the Num Stop positions the rules cannot reach."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from numrules import StateError, dumps, loads
from numrules import numstop as ns
from numrules.testing import play_random
from tests.numstop.helpers import full_scorecard, scorecard, table

DRAW, START, VALIDATION = ns.Phase.DRAW, ns.Phase.START, ns.Phase.VALIDATION


@pytest.mark.parametrize(
    "fields",
    [
        {"piles": ["R1 SH2"]},  # a Shadow only as a pile's first card
        {"piles": ["R1 B1"]},  # a pair of values
        {"piles": ["R1 R3 R5"]},  # three of a family
        {"piles": ["SH4 B4"]},  # the Shadow counts with its value
        {"piles": ["R1 FLIP"]},  # an action card never joins a pile
        {"collections": ["JOKER"]},
        {"reserves": ["FLIP SWIPE JOKER"]},  # more than the reserve holds
        {"reserves": ["R1"]},
        {"phase": ns.Phase.REDRAW, "drawn": 1, "piles": ["R1"]},  # no Rainbow at the end
        {"phase": ns.Phase.REDRAW, "piles": ["RB1"]},  # no draw yet
        {"phase": ns.Phase.SHADOW, "drawn": 1, "pending": "R1"},
        {"phase": ns.Phase.ACTION, "drawn": 1},
        {"phase": ns.Phase.QUANTUM},
        {"phase": DRAW, "pending": "FLIP", "drawn": 1},
        {"phase": START, "drawn": 1},
        {"phase": ns.Phase.SKIPPED, "double": True},
        {"skipped": [0]},  # the seat to move cannot wait for its skipped turn
        {"doubled": [3]},
        {"peeks": (0, None)},  # stock A is empty: nothing to see
        {"peeks": (None, 5)},
        {"player": 3},
        {"scored": ["R1"]},  # scored only after the round
        {"rest": "discard", "a": "", "b": ""},  # a turn with both stocks empty
        {"phase": VALIDATION, "a": "R1"},  # validation with cards in a stock
        {"phase": VALIDATION, "piles": ["R1"]},
        {"phase": VALIDATION, "reserves": ["FLIP"]},
        {"phase": VALIDATION, "skipped": [1]},
        {"scorecards": [(None,) * 9]},
        {"scorecards": [scorecard(pair=-1)]},
        {"round_": 2, "max_rounds": 2},
        {"drawn": -1, "phase": DRAW},
    ],
)
def test_impossible_positions_are_refused(fields: dict[str, Any]) -> None:
    with pytest.raises(StateError):
        table(**fields)


def test_a_card_in_two_places_or_missing_is_refused() -> None:
    state = table(piles=["R1"])
    twice = attrs.evolve(state, discard=(*state.discard, state.piles[0][0]))
    with pytest.raises(StateError):
        ns.check_state(twice)
    missing = attrs.evolve(state, piles=((), (), ()))
    with pytest.raises(StateError):
        ns.check_state(missing)


def test_a_complete_scorecard_only_exists_in_validation_or_at_the_end() -> None:
    # The game ends after the round's validation: a new turn never sees a full scorecard.
    with pytest.raises(StateError):
        table(scorecards=[full_scorecard(5)])
    validating = table(phase=VALIDATION, scorecards=[full_scorecard(5)])
    assert ns.legal_actions(validating) == (ns.EndValidation(0),)
    over = table(phase=ns.Phase.OVER, scorecards=[full_scorecard(5)])
    assert ns.winners(over) == frozenset({0})


def test_the_game_is_over_only_with_a_complete_scorecard_or_after_max_rounds() -> None:
    with pytest.raises(StateError):
        table(phase=ns.Phase.OVER)
    with pytest.raises(StateError):
        table(phase=ns.Phase.OVER, round_=0, max_rounds=2)
    over = table(phase=ns.Phase.OVER, round_=1, max_rounds=2)
    assert ns.winners(over) == frozenset({0, 1, 2})


@pytest.mark.parametrize(
    "fields",
    [
        {"doubled": [1]},  # the DOUBLE is still in a stock
        {"double": True},
        {"skipped": [1]},
        {"phase": ns.Phase.SKIPPED, "player": 1},
        {"a": "R1", "peeks": (0, None)},  # the FLIP is still in a stock
        {"a": "R1", "phase": ns.Phase.FLIPPED},
        {"a": "R1", "reserves": ["FLIP"], "phase": ns.Phase.FLIPPED, "peeks": (0, 0)},
        {"a": "R1", "discard": "DOUBLE", "double": True, "doubled": [1]},  # one DOUBLE
        {"a": "R1", "discard": "DOUBLE", "doubled": [1, 2]},
        {"a": "R1", "discard": "SKIP", "skipped": [1], "phase": ns.Phase.SKIPPED, "player": 2},
        {"a": "R1", "discard": "FLIP", "peeks": (0, 1)},  # one FLIP, one seat saw
        {"a": "R1", "discard": "FLIP", "phase": ns.Phase.FLIPPED, "peeks": (1, 1)},
        {"a": "R1", "discard": "FLIP", "phase": ns.Phase.FLIPPED, "peeks": (0, None)},
        {"pending": "R1 R2 R3", "phase": ns.Phase.QUANTUM, "drawn": 3},
    ],
)
def test_action_card_effects_need_their_card_out_of_play(fields: dict[str, Any]) -> None:
    with pytest.raises(StateError):
        table(**fields)


def test_action_card_effects_with_their_card_discarded_are_fine() -> None:
    positions = [
        table(a="R1", discard="DOUBLE", double=True),
        table(a="R1", discard="DOUBLE", doubled=[1]),
        table(a="R1", discard="SKIP", skipped=[1]),
        table(a="R1", discard="SKIP", phase=ns.Phase.SKIPPED, player=1),
        table(a="R1", discard="FLIP", peeks=(2, 2)),
        table(a="R1", discard="FLIP", phase=ns.Phase.FLIPPED, peeks=(0, 0)),
        table(b="R1", discard="FLIP", phase=ns.Phase.FLIPPED, peeks=(None, 0), rest="discard"),
        table(pending="R1 R2 R3", phase=ns.Phase.QUANTUM, drawn=3, discard="QUANTUM"),
    ]
    for state in positions:  # loads() checks the state it rebuilds
        assert loads(dumps(state)) == state


def test_the_tamperings_of_the_review_are_refused() -> None:
    start = ns.new_game(ns.Config(players=3), seed=4)
    with pytest.raises(StateError, match="pair scored 999"):
        ns.check_state(
            attrs.evolve(start, scorecards=(scorecard(pair=999), (None,) * 10, (None,) * 10))
        )
    with pytest.raises(StateError, match="before the first validation"):
        ns.check_state(
            attrs.evolve(start, scorecards=(scorecard(pair=10), (None,) * 10, (None,) * 10))
        )
    with pytest.raises(StateError, match="draws this turn"):
        ns.check_state(attrs.evolve(start, drawn=10**9))


@given(st.integers(0, 2**32), st.integers(2, 6), st.randoms(use_true_random=False))
def test_one_field_tampered_in_a_reachable_state_is_refused(
    seed: int, players: int, rnd: random.Random
) -> None:
    config = ns.Config(players=players, max_rounds=2)
    trajectory = play_random(ns.GAME, config, seed, rnd)
    for state in rnd.sample(trajectory.states, 5):
        ns.check_state(state)
        seat = rnd.randrange(players)
        cards = list(state.scorecards)
        cards[seat] = (10**6, *cards[seat][1:])
        for tampered in (
            attrs.evolve(state, drawn=len(config.all_cards()) + 1),
            attrs.evolve(state, scorecards=tuple(cards)),
            attrs.evolve(state, player=players),
            attrs.evolve(state, round=-1),
        ):
            with pytest.raises(StateError):
                ns.check_state(tampered)
