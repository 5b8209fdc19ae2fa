"""The consistency suite every game inherits: the conformance kit, driven by Hypothesis.

Each test draws random games (configs, seeds, choices) and runs one check of
`numrules.testing` on them; a failure shrinks to a small example. The event
completeness check uses each game's own tracker, `tests/<game>/tracker.py`.
"""

from __future__ import annotations

import importlib
import itertools
import json
import os
import random
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import numrules
from numrules import AnyGame, SeatError, SerializationError, testing
from tests.generic.helpers import Trajectory, configs, leaves, trajectories

games = pytest.mark.parametrize("game", numrules.game_names(), indirect=True)


@pytest.fixture(scope="module")
def game(request: pytest.FixtureRequest) -> AnyGame:
    return numrules.get_game(request.param)


@st.composite
def samples(
    draw: st.DrawFn, game: AnyGame, count: int
) -> tuple[Trajectory, random.Random, list[Any]]:
    """A random game, a random source, and its first, last and `count` random states."""
    trajectory = draw(trajectories(game))
    rnd = draw(st.randoms(use_true_random=False))
    return trajectory, rnd, testing.sample_states(trajectory, rnd, count)


@games
@given(data=st.data())
def test_playout_reaches_the_end_and_keeps_every_invariant(
    game: AnyGame, data: st.DataObject
) -> None:
    testing.check_playout(data.draw(trajectories(game)))


@games
@given(data=st.data())
def test_apply_accepts_exactly_the_legal_actions_and_never_mutates(
    game: AnyGame, data: st.DataObject
) -> None:
    trajectory, rnd, states = data.draw(samples(game, 8))
    testing.check_apply_iff_legal(game, trajectory.config, states, rnd)


@games
@given(data=st.data())
def test_notation_round_trips(game: AnyGame, data: st.DataObject) -> None:
    testing.check_notation(data.draw(trajectories(game)))


@games
@given(data=st.data())
def test_same_config_seed_and_actions_give_equal_states(game: AnyGame, data: st.DataObject) -> None:
    trajectory = data.draw(trajectories(game))
    testing.check_determinism(trajectory)
    replayed = numrules.replay(game, trajectory.config, trajectory.seed, trajectory.actions)
    assert replayed == trajectory.states[-1]


@games
@given(data=st.data())
def test_json_round_trip_of_every_kind(game: AnyGame, data: st.DataObject) -> None:
    trajectory, _, states = data.draw(samples(game, 3))
    testing.check_json_round_trip(game, trajectory.config, states)


@games
@given(data=st.data())
def test_observation_never_reveals_hidden_cards(game: AnyGame, data: st.DataObject) -> None:
    trajectory, rnd, states = data.draw(samples(game, 4))
    testing.check_observation_hides_cards(game, trajectory.config, states, rnd)


@games
@given(data=st.data())
def test_events_tell_a_seat_nothing_of_cards_it_cannot_see(
    game: AnyGame, data: st.DataObject
) -> None:
    trajectory, rnd, _ = data.draw(samples(game, 0))
    compared = [
        testing.check_events_hide_secrets(trajectory, seat, rnd, pairs=2)
        for seat in [None, *range(trajectory.config.players)]
    ]
    assert sum(compared) > 0, "no exchange of hidden cards could be replayed"


def tracker_of(game: AnyGame) -> Any:
    return importlib.import_module(f"tests.{game.name}.tracker")


@games
@given(data=st.data())
def test_events_rebuild_the_public_game_for_every_seat(game: AnyGame, data: st.DataObject) -> None:
    trajectory = data.draw(trajectories(game))
    module = tracker_of(game)
    testing.check_event_completeness(trajectory, module.Tracker, module.public_part)


@games
def test_every_action_records_events_that_every_seat_is_told(game: AnyGame) -> None:
    trajectory = testing.play_random(
        game, game.Config(players=game.min_players), 3, random.Random(3)
    )
    lengths = [len(game.events(state, None)) for state in trajectory.states]
    assert lengths[0] > 0, "new_game records the deal"
    assert all(b > a for a, b in itertools.pairwise(lengths)), (
        "every apply records at least one event"
    )
    for seat in range(trajectory.config.players):
        assert len(game.events(trajectory.states[-1], seat)) == lengths[-1]


@games
@given(data=st.data())
def test_actions_after_the_end_are_refused(game: AnyGame, data: st.DataObject) -> None:
    testing.check_refused_after_end(data.draw(trajectories(game)))


@games
@given(data=st.data())
def test_tampered_json_is_refused(game: AnyGame, data: st.DataObject) -> None:
    trajectory = data.draw(trajectories(game))
    rnd = data.draw(st.randoms(use_true_random=False))
    state = rnd.choice(trajectory.states)
    document = json.loads(numrules.dumps(state))
    card_texts = {str(card) for card in game.all_cards(trajectory.config)}
    data_ = document["data"]
    position = {key: value for key, value in data_.items() if key != "log"}
    present = sorted({leaf for leaf in leaves(position) if leaf in card_texts})
    a, b = rnd.sample(present, 2)
    duplicated = json.loads(json.dumps(document).replace(f'"{a}"', f'"{b}"'))
    an_int = next(key for key, value in data_.items() if type(value) is int)
    bad_documents: list[Any] = [
        duplicated,
        {**document, "version": 99},
        {**document, "game": "nosuchgame"},
        {**document, "kind": "Nothing"},
        {**document, "data": {**data_, an_int: str(data_[an_int])}},
        {**document, "data": {**data_, "surprise": 1}},
        {**document, "data": {**data_, "log": {"public": [{"event": "Nothing"}], "private": []}}},
        {**document, "data": {**data_, "log": {"public": [], "private": [[[5, None]]]}}},
        {k: v for k, v in document.items() if k != "data"},
        {**document, "data": [1, 2, 3]},
    ]
    for bad in bad_documents:
        with pytest.raises(SerializationError):
            numrules.loads(json.dumps(bad))
    for text in ["", "{", "[]", "null", '"State"']:
        with pytest.raises(SerializationError):
            numrules.loads(text)


@games
@given(data=st.data())
def test_observe_refuses_unknown_seats(game: AnyGame, data: st.DataObject) -> None:
    config = data.draw(configs(game))
    state = game.new_game(config, 0)
    bad_seats: list[Any] = [-1, config.players, "0", 1.0]
    for seat in bad_seats:
        with pytest.raises(SeatError):
            game.observe(state, seat)
        with pytest.raises(SeatError):
            game.events(state, seat)


@games
def test_play_match_is_reproducible(game: AnyGame) -> None:
    config = game.Config(players=game.min_players)
    bots = [numrules.RandomBot(seat) for seat in range(config.players)]
    first = numrules.play_match(game, config, bots, seed=11)
    again = numrules.play_match(
        game, config, [numrules.RandomBot(s) for s in range(config.players)], seed=11
    )
    assert first.actions == again.actions
    assert first.final_state == again.final_state
    assert first.replay() == first.final_state
    assert first.scores == game.scores(first.final_state)
    assert first.winners == game.winners(first.final_state)


@games
def test_random_playouts_of_every_player_count_end(game: AnyGame) -> None:
    rnd = random.Random(5)
    for players in range(game.min_players, game.max_players + 1):
        trajectory = testing.play_random(game, game.Config(players=players), players, rnd)
        assert game.is_terminal(trajectory.states[-1])


REPLAY_SCRIPT = """
import sys, numrules
game = numrules.get_game(sys.argv[1])
config = game.Config(players=int(sys.argv[2]))
bots = [numrules.RandomBot(seat) for seat in range(config.players)]
result = numrules.play_match(game, config, bots, seed=7)
print(numrules.dumps(result.final_state))
print(" ".join(map(str, result.actions)))
"""


@games
def test_games_are_identical_across_processes_and_hash_seeds(game: AnyGame) -> None:
    # Hash randomisation changes set and dict order between processes: nothing a game
    # does may depend on it.
    players = str(game.max_players)
    runs = {
        subprocess.run(
            [sys.executable, "-c", REPLAY_SCRIPT, game.name, players],
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for hash_seed in ("1", "2")
    }
    assert len(runs) == 1


@games
@given(data=st.data())
def test_a_sampled_state_looks_the_same_to_its_seat_and_plays_on(
    game: AnyGame, data: st.DataObject
) -> None:
    if game.sample_state is None:
        pytest.skip(f"{game.name} offers no sample_state yet")
    trajectory, rnd, _ = data.draw(samples(game, 0))
    testing.check_sampling(trajectory, rnd, count=3)
