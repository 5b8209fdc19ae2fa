"""check_state refuses Stack Attack states that legal play cannot reach."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from numrules import StateError
from numrules import stackattack as sa
from numrules.testing import play_random

GAME = sa.GAME


def test_the_tamperings_of_the_review_are_refused() -> None:
    start = sa.new_game(sa.Config(players=4), seed=1)
    with pytest.raises(StateError, match="banked"):
        sa.check_state(attrs.evolve(start, banked=(50, 0, 0, 0)))
    eight = start.unused[:8]
    rest = start.unused[8:]
    with pytest.raises(StateError, match="cards in rows and taken"):
        sa.check_state(attrs.evolve(start, taken=(eight, (), (), ()), unused=rest))
    long_row = tuple(sorted((start.rows[0][0], *start.unused[:8])))
    rows = (long_row, *start.rows[1:])
    unused = tuple(c for c in start.unused if c not in long_row)
    with pytest.raises(StateError, match="row 0"):
        sa.check_state(attrs.evolve(start, rows=rows, unused=unused))


def one_field_tamperings(state: sa.State, rnd: random.Random) -> list[tuple[str, sa.State]]:
    """States that differ from a reachable one in one field, each provably unreachable."""
    out = [
        ("turn", attrs.evolve(state, turn=state.turn + 1)),
        ("banked", attrs.evolve(state, banked=(10**6, *state.banked[1:]))),
    ]
    if state.round == 0:
        out.append(("banked", attrs.evolve(state, banked=(1, *state.banked[1:]))))
    if state.unused and not sa.is_terminal(state):
        card = rnd.choice(state.unused)
        unused = tuple(c for c in state.unused if c != card)
        seat = rnd.randrange(state.players)
        taken = list(state.taken)
        taken[seat] = (*taken[seat], card)
        out.append(("taken", attrs.evolve(state, taken=tuple(taken), unused=unused)))
    return out


@given(st.integers(0, 2**32), st.integers(2, 6), st.randoms(use_true_random=False))
def test_one_field_tampered_in_a_reachable_state_is_refused(
    seed: int, players: int, rnd: random.Random
) -> None:
    trajectory = play_random(GAME, sa.Config(players=players), seed, rnd)
    for state in rnd.sample(trajectory.states, 5):
        sa.check_state(state)
        for field, tampered in one_field_tamperings(state, rnd):
            with pytest.raises(StateError):
                sa.check_state(tampered)
            assert field
