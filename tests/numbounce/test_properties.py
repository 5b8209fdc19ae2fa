"""Hypothesis properties of Num Bounce: at every step of random play, cards are conserved,
hand sizes change exactly as the action says, and who may act agrees with the actions.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import attrs
from hypothesis import given
from hypothesis import strategies as st

from numrules import IllegalActionError
from numrules import numbounce as nb
from numrules.core.cards import FamilyCard, num_card_key, sort_num_cards

STEPS = 400


@attrs.frozen
class Step:
    before: nb.State
    action: nb.Action
    after: nb.State


@st.composite
def configs(draw: st.DrawFn) -> nb.Config:
    players = draw(st.integers(nb.MIN_PLAYERS, nb.MAX_PLAYERS))
    hand_size = draw(st.integers(1, min(10, 106 // players)))
    limit = draw(st.none() | st.integers(1, 60))
    if draw(st.booleans()):
        return nb.Config(players=players, hand_size=hand_size, max_turns_per_round=limit)
    target = draw(st.integers(1, 3))
    return nb.Config(
        players=players, hand_size=hand_size, target_wins=target, max_turns_per_round=limit
    )


@st.composite
def random_steps(draw: st.DrawFn) -> list[Step]:
    config = draw(configs())
    state = nb.new_game(config, draw(st.integers(0, 2**32)))
    rnd = draw(st.randoms(use_true_random=False))
    steps: list[Step] = []
    while not nb.is_terminal(state) and len(steps) < STEPS:
        legal = nb.legal_actions(state)
        action = legal[rnd.randrange(len(legal))]
        after = nb.apply(state, action)
        steps.append(Step(state, action, after))
        state = after
    return steps


def goes_down(state: nb.State, play: nb.Play) -> bool:
    if state.phase is nb.Phase.SHADOW or not state.ref_size:
        return False
    value, target = nb.value_of(play.cards), nb.reference_value(state)
    return value is not None and target is not None and value < target


def expected_hand_sizes(state: nb.State, action: nb.Action) -> list[int]:
    sizes = [len(hand) for hand in state.hands]
    mover = state.mover
    if type(action) is nb.Play:
        sizes[mover] -= len(action.cards) - (state.phase is nb.Phase.TAKEN)
        if goes_down(state, action):
            sizes[mover] += state.ref_size
    elif type(action) is nb.NumX:
        sizes[mover] -= 1
    elif type(action) is nb.Keep:
        sizes[mover] += 1
    elif type(action) is nb.Interrupt:
        sizes[action.seat] -= 1
        if state.phase is nb.Phase.TAKEN:
            sizes[mover] += 1
    return sizes


@given(random_steps())
def test_every_card_is_in_exactly_one_place_at_every_step(steps: list[Step]) -> None:
    deck = Counter(nb.ALL_CARDS)
    for step in steps:
        after = step.after
        assert Counter(c for zone in nb.card_zones(after).values() for c in zone) == deck
        nb.check_state(after)
        for hand, known in zip(after.hands, after.known, strict=True):
            assert known <= hand


@given(random_steps())
def test_hand_sizes_change_exactly_as_the_action_says(steps: list[Step]) -> None:
    for step in steps:
        before, after = step.before, step.after
        sizes = [len(hand) for hand in after.hands]
        if after.round != before.round:
            assert sizes == [before.config.hand_size] * before.players  # a new deal
            assert sum(after.wins) > sum(before.wins)
        else:
            assert sizes == expected_hand_sizes(before, step.action), step.action


@given(random_steps())
def test_who_may_act_agrees_with_the_legal_actions(steps: list[Step]) -> None:
    for step in steps:
        state = step.before
        legal = nb.legal_actions(state)
        seats = nb.to_act(state)
        assert {a.seat for a in legal} == seats
        assert state.mover in seats
        assert nb.optional_seats(state) == seats - {state.mover}
        for action in legal:
            if action.seat != state.mover:
                assert type(action) is nb.Interrupt
            if type(action) is nb.Interrupt:
                assert type(action.card) is FamilyCard
                assert action.card.value == nb.reference_value(state)
                assert action.seat != state.author
                assert not state.interrupted


@given(random_steps())
def test_a_play_becomes_the_reference_and_its_player_the_author(steps: list[Step]) -> None:
    for step in steps:
        state, action = step.after, step.action
        if state.ref_size:
            assert nb.value_of(state.reference) != -1
            assert state.author is not None
        ended = nb.is_terminal(state) or state.round != step.before.round
        if type(action) is nb.Play and not ended:
            assert state.reference == action.cards
            assert state.author == action.seat
            assert state.mover == (action.seat + 1) % state.players


@given(random_steps())
def test_the_listed_plays_are_exactly_the_plays_apply_accepts(steps: list[Step]) -> None:
    for step in steps[::3]:
        state = step.before
        plays = [a for a in nb.legal_actions(state) if type(a) is nb.Play]
        keys = [tuple(map(num_card_key, a.cards)) for a in plays]
        assert keys == sorted(keys)
        assert len(set(keys)) == len(keys)
        cards = state.hands[state.mover] | ({state.taken} if state.taken is not None else set())
        if len(cards) > 10:
            continue
        if state.phase is nb.Phase.PLAY and not state.ref_size:
            sizes = range(1, len(cards) + 1)
        else:
            size = 1 if state.phase is nb.Phase.SHADOW else state.ref_size
            sizes = range(size, size + 1)
        listed = set(plays)
        for size in sizes:
            for combo in combinations(sort_num_cards(cards), size):
                action = nb.Play(state.mover, combo)
                try:
                    nb.apply(state, action)
                except IllegalActionError:
                    assert action not in listed
                else:
                    assert action in listed
