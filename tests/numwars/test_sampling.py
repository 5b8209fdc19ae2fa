"""Num Wars determinization: samples agree with every play of the round and are uniform.

The small positions are checked against brute force: every split of the hidden cards
is tried, and kept when its deal gives each seat one lot card and the round replays
legally from it (`sampling_helpers`, which uses the rules' `apply` and nothing of the
sampler). Random games check every seat's samples the same way.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import os
import random
import subprocess
import sys
from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import numrules
from numrules import SamplingError
from numrules import numwars as nw
from numrules.core.stats import chi_square
from numrules.numwars.strategy import sampling
from numrules.numwars.tricks import refusal_unless_steal
from numrules.testing import check_sample_state, play_out, play_random

from .sampling_helpers import (
    Split,
    consistent_splits,
    late_position,
    replay_problem,
    round_plays,
    split_of,
)


def random_game(players: int, seed: int, rounds: int = 1) -> tuple[nw.State, ...]:
    """Every state of a game played with seeded random legal actions."""
    config = nw.Config(players=players, rounds=rounds)
    return play_random(nw.GAME, config, seed, random.Random(seed)).states


def assert_uniform(observation: nw.Observation, good: list[Split], seed: int) -> None:
    """Samples land on the consistent splits only, each as often as the others."""
    rnd = random.Random(seed)
    draws = 40 * len(good)
    counts = Counter(
        split_of(nw.sample_state(observation, rnd), observation.seat) for _ in range(draws)
    )
    assert set(counts) == set(good)
    _, p = chi_square([counts[split] for split in good], [draws / len(good)] * len(good))
    assert p > 0.001


# -- what a play shows of the hand -----------------------------------------------------


@pytest.mark.parametrize("players", range(nw.MIN_PLAYERS, nw.MAX_PLAYERS + 1))
def test_a_play_excludes_exactly_the_cards_that_would_have_made_it_illegal(players: int) -> None:
    # refusal_unless_steal((card, x), trick, card) says whether holding x forbade the play.
    deck = nw.all_cards(nw.Config(players=players))
    checked = Counter[bool]()
    states = random_game(players, seed=players)
    for state, after in itertools.pairwise(states):
        if after.round != state.round or len(after.log) <= len(state.log):
            continue
        event = after.log.view(None)[len(state.log)]
        if not isinstance(event, nw.Played):
            continue
        shown = sampling.excluded(state.trick, event.card)
        for card in deck:
            if card != event.card:
                refused = refusal_unless_steal((event.card, card), state.trick, event.card)
                assert shown.excludes(card) == (refused is not None), (state.trick, event, card)
                checked[refused is not None] += 1
    assert checked[True]
    assert checked[False]


# -- exact distributions of small positions --------------------------------------------


def reasons(why: list[str]) -> set[str]:
    """The kinds of constraint that rule splits out (the first one each split breaks)."""
    kinds = {
        "lot": "lot:",
        "void": "must follow the led suit",
        "no cut": "must cut with a real trump or a special",
        "higher": "must go higher",
    }
    return {kind for kind, text in kinds.items() if any(text in w for w in why)}


@pytest.mark.parametrize(
    ("seed", "seat", "constraints"),
    [
        (2, 0, {"lot", "void", "higher"}),
        (1, 0, {"void", "no cut", "higher"}),
        (3, 0, {"lot", "void", "no cut"}),
    ],
)
def test_every_consistent_split_is_equally_likely(
    seed: int, seat: int, constraints: set[str]
) -> None:
    # Three players, four cards left each and one card aside: 630 splits to try.
    state = late_position(seed, left=4)
    view = nw.observe(state, seat)
    good, why = consistent_splits(view)
    assert constraints <= reasons(why)
    assert split_of(state, seat) in good
    assert_uniform(view, good, seed)


def test_a_trick_in_progress_is_read_too() -> None:
    state = late_position(0, left=4)
    state = nw.apply(state, nw.legal_actions(state)[0])
    assert len(state.trick) == 1
    view = nw.observe(state, 2)
    good, why = consistent_splits(view)
    assert {"void", "higher"} <= reasons(why)
    assert_uniform(view, good, 1)


def test_the_fallback_chain_stays_consistent_and_close_to_uniform(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sampling, "_BUDGET", 0)  # never count exactly: always the chain
    state = late_position(2, left=4)
    view = nw.observe(state, 0)
    assert sampling._Analysis(view).chain is not None
    good, _ = consistent_splits(view)
    assert_uniform(view, good, 3)
    states = random_game(7, seed=11)
    for state in states[:: len(states) // 4]:
        for seat in (None, 0, 3):
            sample = check_sample_state(nw.GAME, state, seat, random.Random(seat))
            assert replay_problem(sample, round_plays(nw.observe(state, seat))) is None


# -- random games ----------------------------------------------------------------------


@given(
    players=st.integers(nw.MIN_PLAYERS, nw.MAX_PLAYERS),
    seed=st.integers(0, 2**32),
    picks=st.randoms(use_true_random=False),
)
def test_samples_of_random_games_replay_legally_for_every_seat(
    players: int, seed: int, picks: random.Random
) -> None:
    states = random_game(players, seed, rounds=2)
    chosen = [*picks.sample(states, 2), states[-1]]
    for state in chosen:
        for seat in [None, *range(players)]:
            sample = check_sample_state(nw.GAME, state, seat, picks)
            problem = replay_problem(sample, round_plays(nw.observe(state, seat)))
            assert problem is None, f"seat {seat}: {problem}"
    assert nw.is_terminal(play_out(nw.GAME, sample, picks))


@pytest.mark.parametrize("players", [3, 5, 8])
def test_an_observation_read_back_from_json_samples_the_same_states(players: int) -> None:
    states = random_game(players, seed=40 + players)
    for state in states[len(states) // 3 :: len(states) // 3]:
        for seat in (None, 1):
            view = nw.observe(state, seat)
            loaded = numrules.loads(numrules.dumps(view))
            assert loaded == view
            sample = nw.sample_state(loaded, random.Random(5))
            assert sample == nw.sample_state(view, random.Random(5))
            assert nw.observe(sample, seat) == view
            assert nw.events(sample, seat) == nw.events(state, seat)


def test_sampling_is_reproducible_and_ignores_what_it_kept() -> None:
    states = random_game(6, seed=8)
    view = nw.observe(states[len(states) // 2], 2)
    first = nw.sample_state(view, random.Random(9))
    again = nw.sample_state(view, random.Random(9))  # the analysis kept from the first
    fresh = nw.sample_state(attrs.evolve(view), random.Random(9))  # an equal, new object
    assert first == again == fresh
    others = {nw.sample_state(view, random.Random(s)).hands for s in range(10)}
    assert len(others) > 1


def test_an_observation_no_game_gives_is_refused_with_a_sampling_error() -> None:
    view = nw.observe(random_game(4, seed=3, rounds=2)[40], 0)
    sizes = list(view.hand_sizes)
    sizes[1] += 1  # one card too many for the hidden places
    for wrong in (
        attrs.evolve(view, hand_sizes=tuple(sizes)),
        attrs.evolve(view, round=view.round + 1),  # its log holds no deal of that round
    ):
        with pytest.raises(SamplingError) as info:
            nw.sample_state(wrong, random.Random(0))
        assert isinstance(info.value, ValueError)  # what it raised before it had a type


_CHILD = """
import random, sys
import numrules
from numrules import numwars as nw
state = nw.new_game(nw.Config(players=5), seed=21)
rnd = random.Random(21)
for _ in range(31):
    actions = nw.legal_actions(state)
    state = nw.apply(state, actions[rnd.randrange(len(actions))])
sys.stdout.write(numrules.dumps(nw.sample_state(nw.observe(state, 3), random.Random(4))))
"""


def test_a_sample_is_the_same_in_another_process() -> None:
    results = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", _CHILD], capture_output=True, text=True, env=env, check=True
        )
        results.append(done.stdout)
    here = io.StringIO()
    with contextlib.redirect_stdout(here):
        exec(_CHILD, {})
    assert results[0] == results[1] == here.getvalue()
    assert isinstance(numrules.loads(results[0]), nw.State)
