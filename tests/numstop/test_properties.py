"""Hypothesis properties of Num Stop along random games: piles never hold a stop pattern,
validations score exactly the table, turns go left, and the DOUBLE and STOP limits hold.
"""

from __future__ import annotations

import itertools

import attrs
from hypothesis import given
from hypothesis import strategies as st

from numrules import numstop as ns
from numrules.core.cards import Family, FamilyCard, NumCard
from numrules.numstop.state import TURN_PHASES

STEPS = 1500
QUANTUM = ns.parse_card("QUANTUM")


@attrs.frozen
class Step:
    before: ns.State
    action: ns.Action
    after: ns.State


@st.composite
def random_steps(draw: st.DrawFn) -> list[Step]:
    config = ns.Config(
        players=draw(st.integers(ns.MIN_PLAYERS, ns.MAX_PLAYERS)),
        mode=draw(st.sampled_from(ns.Mode)),
        max_rounds=draw(st.integers(1, 2)),
    )
    state = ns.new_game(config, draw(st.integers(0, 2**32)))
    rnd = draw(st.randoms(use_true_random=False))
    steps: list[Step] = []
    while not ns.is_terminal(state) and len(steps) < STEPS:
        legal = ns.legal_actions(state)
        action = legal[rnd.randrange(len(legal))]
        after = ns.apply(state, action)
        steps.append(Step(state, action, after))
        state = after
    return steps


def family_cards(zone: tuple[NumCard, ...]) -> list[FamilyCard]:
    assert all(type(card) is FamilyCard for card in zone)
    return [card for card in zone if type(card) is FamilyCard]


def buildable(pile: tuple[NumCard, ...]) -> bool:
    """No Shadow after the first card, no two of a value, no three of a family in a row."""
    cards = family_cards(pile)
    if any(card.family is Family.SHADOW for card in cards[1:]):
        return False
    pairs = any(a.value == b.value for a, b in itertools.pairwise(cards))
    runs = any(
        a.family == b.family == c.family
        for a, b, c in zip(cards, cards[1:], cards[2:], strict=False)
    )
    return not pairs and not runs


def table_points(config: ns.Config, objective: ns.Objective, zone: tuple[NumCard, ...]) -> int:
    """The score of a combination by the objective table of the rules page (not the engine's)."""
    bonus = config.bonuses[ns.OBJECTIVES.index(objective)]
    if objective is ns.Objective.SHADOW_STRAIGHT:
        return bonus
    cards = family_cards(zone)
    return bonus + sum(10 if c.family is Family.SHADOW else c.value for c in cards)


def completes(step: Step) -> bool:
    """Whether the step picks the last card of a combination (which validates it)."""
    return type(step.action) is ns.Pick and step.after.phase is ns.Phase.VALIDATION


@given(random_steps())
def test_piles_never_hold_a_stop_pattern(steps: list[Step]) -> None:
    for step in steps:
        assert all(buildable(pile) for pile in step.after.piles), str(step.action)


@given(random_steps())
def test_a_validation_adds_exactly_the_table_score_to_that_seat(steps: list[Step]) -> None:
    for step in steps:
        if not completes(step):
            assert step.after.phase is ns.Phase.OVER or all(
                after == before or before is None
                for b, a in zip(step.before.scorecards, step.after.scorecards, strict=True)
                for before, after in zip(b, a, strict=True)
            )
            continue
        action = step.action
        assert type(action) is ns.Pick
        objective, picked = step.before.objective, (*step.before.selection, action.card)
        assert objective is not None
        assert len(picked) == objective.size
        seat, slot = action.seat, ns.OBJECTIVES.index(objective)
        gained = [a - b for a, b in zip(ns.points(step.after), ns.points(step.before), strict=True)]
        expected = [0] * step.before.players
        expected[seat] = table_points(step.before.config, objective, picked)
        assert gained == expected
        assert step.before.scorecards[seat][slot] is None
        assert step.after.scorecards[seat][slot] == expected[seat]
        used = set(picked)
        assert used <= set(step.before.collections[seat])
        assert set(step.after.collections[seat]) == set(step.before.collections[seat]) - used


@given(random_steps())
def test_turns_go_left_and_rounds_start_with_seat_r_mod_n(steps: list[Step]) -> None:
    for step in steps:
        before, after = step.before, step.after
        n = before.players
        if after.round != before.round:
            assert after.round == before.round + 1
            assert after.player == after.round % n
        elif after.phase is ns.Phase.VALIDATION and before.phase in TURN_PHASES:
            assert after.player == before.round % n  # the round's first player validates first
        elif after.player != before.player and after.phase is not ns.Phase.OVER:
            assert after.player == (before.player + 1) % n


@given(random_steps())
def test_double_lock_and_stop_limits_hold_in_every_position(steps: list[Step]) -> None:
    for step in steps:
        state = step.before
        kinds = {type(a) for a in ns.legal_actions(state)}
        if ns.Stop in kinds:
            assert state.phase is ns.Phase.FLIPPED or state.drawn >= 1
        if ns.Lock in kinds:
            assert state.phase is ns.Phase.START
            assert state.piles[state.player]
        if state.double and state.drawn < 2:
            assert not kinds & {ns.Lock, ns.Stop}
            assert not any(
                type(a) is ns.Activate and a.card == QUANTUM for a in ns.legal_actions(state)
            )
        if state.phase is ns.Phase.REDRAW:
            assert kinds == {ns.Draw}
