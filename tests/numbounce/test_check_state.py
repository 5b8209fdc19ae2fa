"""check_state refuses Num Bounce states that legal play cannot reach."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numrules import StateError
from numrules import numbounce as nb
from numrules.testing import play_random

GAME = nb.GAME


def _finished_round(**rules: int) -> nb.State:
    state = nb.new_game(nb.Config(players=3, **rules), 1)
    while state.round == 0 and not nb.is_terminal(state):
        state = nb.apply(state, nb.legal_actions(state)[0])
    return state


def test_more_round_wins_than_rounds_played_are_refused() -> None:
    state = _finished_round()
    assert state.round == 1
    nb.check_state(state)
    with pytest.raises(StateError, match="round wins in 1 finished rounds"):
        nb.check_state(attrs.evolve(state, wins=(1, 1, 0)))


def test_a_known_card_not_in_its_hand_is_refused() -> None:
    state = nb.new_game(nb.Config(players=3), 2)
    state = nb.apply(state, nb.legal_actions(state)[0])
    card = state.draw[0]
    known = (frozenset({card}), *state.known[1:])
    with pytest.raises(StateError, match="known card"):
        nb.check_state(attrs.evolve(state, known=known))


def test_a_turn_counter_past_the_limit_is_refused() -> None:
    state = nb.new_game(nb.Config(players=3, max_turns_per_round=4), 2)
    state = nb.apply(state, nb.legal_actions(state)[0])
    with pytest.raises(StateError, match="past the limit"):
        nb.check_state(attrs.evolve(state, turn=4))


def test_cards_dealt_from_the_draw_pile_at_turn_0_are_refused() -> None:
    start = nb.new_game(nb.Config(players=3), 2)
    hands = (start.hands[0] | set(start.draw[:2]), *start.hands[1:])
    tampered = attrs.evolve(start, hands=hands, draw=start.draw[2:])
    with pytest.raises(StateError, match="as dealt"):
        nb.check_state(tampered)
    with pytest.raises(StateError, match="2 cards more than dealt after 1 turns"):
        nb.check_state(attrs.evolve(tampered, turn=1, trick=(), discard=start.discard))
    with pytest.raises(StateError, match="recycles"):
        nb.check_state(attrs.evolve(start, recycles=1))


def test_a_finished_match_must_have_ended_by_the_rules() -> None:
    state = _finished_round(rounds=1)
    assert nb.is_terminal(state)
    nb.check_state(state)
    other = (state.mover + 1) % 3
    with pytest.raises(StateError, match="fewest cards"):
        nb.check_state(attrs.evolve(state, mover=other))
    target = _finished_round(target_wins=1, rounds=None)  # type: ignore[arg-type]
    assert nb.is_terminal(target)
    with pytest.raises(StateError, match="round wins"):
        nb.check_state(attrs.evolve(target, wins=tuple(w * 2 for w in target.wins)))


def one_field_tamperings(state: nb.State, rnd: random.Random) -> list[tuple[str, nb.State]]:
    """States that differ from a reachable one in one field, each provably unreachable."""
    n = state.players
    seat = rnd.randrange(n)
    config = state.config
    over = nb.is_terminal(state)
    wins = list(state.wins)
    wins[seat] = state.round + over + 1
    out = [
        ("wins", attrs.evolve(state, wins=tuple(wins))),
        ("recycles", attrs.evolve(state, recycles=state.turn + 2)),
    ]
    if config.max_turns_per_round is None:
        wins = list(state.wins)
        wins[seat] += 1
        if config.target_wins is None or max(wins) < config.target_wins:
            out.append(("wins", attrs.evolve(state, wins=tuple(wins))))
    else:
        out.append(("turn", attrs.evolve(state, turn=config.max_turns_per_round + 1)))
    outside = [c for c in nb.ALL_CARDS if c not in state.hands[seat]]
    known = list(state.known)
    known[seat] = known[seat] | {rnd.choice(outside)}
    out.append(("known", attrs.evolve(state, known=tuple(known))))
    if state.turn > 0 and state.trick and not over:
        out.append(("turn", attrs.evolve(state, turn=0)))
    return out


CONFIGS = st.sampled_from(
    [
        {},
        {"rounds": 2, "max_turns_per_round": 40},
        {"target_wins": 2, "rounds": None},
        {"hand_size": 5, "target_wins": 1, "rounds": None, "max_turns_per_round": 30},
    ]
)


@settings(deadline=None, max_examples=40)
@given(st.integers(0, 2**32), st.integers(2, 6), CONFIGS, st.randoms(use_true_random=False))
def test_one_field_tampered_in_a_reachable_state_is_refused(
    seed: int, players: int, rules: dict[str, int | None], rnd: random.Random
) -> None:
    config = nb.Config(players=players, **rules)  # type: ignore[arg-type]
    trajectory = play_random(GAME, config, seed, rnd)
    for state in trajectory.states:
        nb.check_state(state)
    for state in rnd.sample(trajectory.states, min(5, len(trajectory.states))):
        for field, tampered in one_field_tamperings(state, rnd):
            with pytest.raises(StateError):
                nb.check_state(tampered)
            assert field
