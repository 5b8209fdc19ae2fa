"""The objective table, through stepwise validation: what each objective needs and scores."""

from __future__ import annotations

import pytest

from numrules import Reason
from numrules import numstop as ns
from tests.numstop.helpers import picks, play, refused, scorecard, table, validate


@pytest.mark.parametrize(
    ("objective", "text", "points"),
    [
        ("pair", "R7 B7", 7 + 7),
        ("pair", "R7 SH2", 7 + 10),
        ("two_pairs", "R3 B3 G9 Y9", 3 + 3 + 9 + 9 + 5),
        ("two_pairs", "R3 B3 G9 SH0", 3 + 3 + 9 + 10 + 5),
        ("three_of_a_kind", "R4 B4 G4", 4 * 3 + 10),
        ("four_of_a_kind", "R2 B2 G2 Y2", 2 * 4 + 20),
        ("four_of_a_kind", "R2 B2 G2 SH16", 2 * 3 + 10 + 20),
        ("full_house", "R5 B5 G5 R8 B8", 5 * 3 + 8 * 2 + 15),
        ("full_house", "R5 B5 R8 B8 SH1", 5 * 2 + 8 * 2 + 10 + 15),
        ("small_straight", "R1 B2 G3 Y4", 1 + 2 + 3 + 4 + 5),
        ("small_straight", "R5 B6 Y8 SH2", 5 + 6 + 8 + 10 + 5),
        ("large_straight", "R1 B2 G3 Y4 RB5 R6", 21 + 15),
        ("large_straight", "R11 B12 G13 Y14 R16 SH0", 11 + 12 + 13 + 14 + 16 + 10 + 15),
        ("flush", "RB0 RB2 RB5 RB9 RB16", 32 + 10),  # RAINBOW is an ordinary family
        ("flush", "R1 R2 R3 R4 SH9", 10 + 10 + 10),
        ("straight_flush", "G10 G11 G12 G13", 46 + 25),
        ("straight_flush", "R5 R6 R8 SH1", 5 + 6 + 8 + 10 + 25),
        ("shadow_straight", "SH3 SH4 SH5", 30),  # any number of Shadows, at their value
        ("shadow_straight", "R15 B14 SH16", 30),
    ],
)
def test_each_objective_validates_and_scores_by_the_table(
    objective: str, text: str, points: int
) -> None:
    state = table(phase=ns.Phase.VALIDATION, collections=[f"{text} Y0"])
    after = validate(state, objective, text)
    assert after.scorecards[0] == scorecard(**{objective: points})
    assert [str(c) for c in after.collections[0]] == ["Y0"]


@pytest.mark.parametrize(
    ("objective", "text"),
    [
        ("pair", "R7 B8"),
        ("pair", "SH2 SH3"),  # at most one wild
        ("two_pairs", "R3 B3 G3 Y3"),  # two different values
        ("three_of_a_kind", "R4 B4 SH1 SH2"),
        ("full_house", "R5 B5 G5 Y5 R8"),
        ("small_straight", "R1 B2 G2 Y3"),  # each value once
        ("small_straight", "R1 B2 G3 Y5"),
        ("small_straight", "R1 B2 SH3 SH9"),
        ("large_straight", "R1 B2 G3 Y4 RB5"),  # six cards
        ("flush", "R1 R2 R3 R4 RB5"),
        ("flush", "SH1 SH2 SH3 SH4 SH5"),  # Shadows are no flush family
        ("straight_flush", "R1 R2 R3 B4"),
        ("shadow_straight", "R1 B2 G3"),  # needs a Shadow
        ("shadow_straight", "SH3 SH4 R6"),
    ],
)
def test_cards_that_miss_the_objective_are_refused(objective: str, text: str) -> None:
    state = table(phase=ns.Phase.VALIDATION, collections=[text])
    wanted = ns.Objective(objective)
    while state.objective is not None and state.objective.index < wanted.index:
        state = play(state, "0:pass")
    if state.objective is not wanted:  # passed over: the collection holds none of it
        assert not ns.find_combinations(ns.parse_cards(text), [wanted])
        return
    # A pick is refused: it cannot go on, or (three_of_a_kind R4 B4 SH1 SH2) the first
    # three cards were already validated and nothing is left to decide.
    for move in picks(0, objective, text):
        if move not in [str(action) for action in ns.legal_actions(state)]:
            refused(state, move, Reason.NOT_ALLOWED)
            break
        state = play(state, move)
    else:
        raise AssertionError(f"{objective} {text} was validated")


def test_bonuses_and_wild_points_come_from_the_config() -> None:
    bonuses = (1, 2, 3, 4, 5, 6, 7, 8, 9, 50)
    state = table(
        phase=ns.Phase.VALIDATION,
        collections=["R7 SH2 R3 SH4 B5"],
        bonuses=bonuses,
        wild_points=0,
    )
    after = validate(validate(state, "shadow_straight", "R3 B5 SH4"), "pair", "R7 SH2")
    assert after.scorecards[0] == scorecard(pair=7 + 0 + 1, shadow_straight=50)
