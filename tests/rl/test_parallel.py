"""The PettingZoo parallel environment of Stack Attack: PettingZoo's check, who acts in a
step, ignored and refused actions, and the same game as the AEC environment plays."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test.parallel_test import parallel_api_test

from numrules.core.errors import ConfigError, IllegalActionError, Reason
from numrules.rl import NumrulesParallelEnv, aec_env, final_rewards, learning_game, parallel_env
from numrules.rl.sequential import Sequential
from tests.rl.test_aec import learnable, random_id


def quick_parallel(players: int, **kwargs: Any) -> NumrulesParallelEnv:
    """A parallel environment of a short Stack Attack game."""
    game = learnable("stackattack")
    return parallel_env(game, players, **{**game.quick_options, **kwargs})


@pytest.mark.parametrize("players", [2, 3, 6])
def test_pettingzoos_parallel_api_test_passes(players: int) -> None:
    env = quick_parallel(players)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        parallel_api_test(env, num_cycles=300)
    assert not [str(warning.message) for warning in caught]


def choices(env: NumrulesParallelEnv, observations: dict[str, Any], rnd: random.Random) -> Any:
    """A random legal id for each acting agent, and a junk id for each other agent."""
    acting = set(env.acting)
    return {
        agent: random_id(view["action_mask"], rnd) if agent in acting else -7
        for agent, view in observations.items()
    }


def test_the_seats_expected_act_together_and_only_they_have_masks() -> None:
    env = quick_parallel(3)
    sequential = Sequential.of(learning_game(env.game))
    game = env.game
    rnd = random.Random(1)
    picks = decisions = 0
    for seed in range(12):
        observations, _ = env.reset(seed=seed)
        while env.agents:
            state = env.game_state
            to_act = game.to_act(state)
            assert env.acting == [f"player_{seat}" for seat in sorted(to_act)]
            for seat, agent in enumerate(env.possible_agents):
                mask = observations[agent]["action_mask"]
                if seat in to_act:
                    legal = game.legal_actions_for(state, seat)
                    assert np.flatnonzero(mask).tolist() == sorted(
                        sequential.rl.encode(state.config, a) for a in legal
                    )
                else:
                    assert not mask.any()
            picks += len(to_act) == 3
            decisions += len(to_act) == 1
            observations, *_ = env.step(choices(env, observations, rnd))
    assert picks > 20
    assert decisions > 0


def test_a_missing_or_illegal_action_of_an_acting_agent_is_refused_and_changes_nothing() -> None:
    env = quick_parallel(3)
    observations, _ = env.reset(seed=5)
    turn = env.turn
    rnd = random.Random(5)
    good = choices(env, observations, rnd)
    with pytest.raises(IllegalActionError, match="player_2 acts now and sent no action"):
        env.step({agent: good[agent] for agent in ("player_0", "player_1")})
    last = env.possible_agents[-1]
    free = int(np.flatnonzero(observations[last]["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        env.step({**good, last: free})
    with pytest.raises(IllegalActionError) as caught:
        env.step({**good, last: "1"})  # type: ignore[dict-item]
    assert caught.value.reason is Reason.MALFORMED
    assert env.turn is turn
    env.step(good)
    assert env.turn is not turn


def test_it_plays_the_game_the_aec_environment_plays() -> None:
    # The same seed and the same ids, sent in seat order to the AEC environment, end in
    # the same state with the same rewards. (Only the first seat of a pick sees the same
    # tensor: in the AEC environment the next ones see that it has chosen.)
    for players in (2, 4):
        parallel = quick_parallel(players, reward="margin")
        options: dict[str, Any] = dict(parallel.game.quick_options)
        sequential = aec_env(parallel.game, players, reward="margin", **options)
        observations, _ = parallel.reset(seed=9)
        sequential.reset(seed=9)
        rnd = random.Random(9)
        steps = 0
        while parallel.agents:
            actions = choices(parallel, observations, rnd)
            first = parallel.acting[0]
            assert np.array_equal(
                sequential.observe(first)["observation"], observations[first]["observation"]
            )
            for agent in parallel.acting:
                assert sequential.agent_selection == agent
                sequential.step(actions[agent])
            observations, rewards, terminations, truncations, infos = parallel.step(actions)
            steps += 1
            assert parallel.game_state == sequential.game_state
        expected = final_rewards(parallel.game, parallel.game_state, "margin")
        assert tuple(rewards.values()) == expected
        assert tuple(sequential.rewards.values()) == expected
        assert all(terminations.values())
        assert not any(truncations.values())
        assert infos["player_0"]["scores"] == parallel.game.scores(parallel.game_state)
        assert steps > 3
        with pytest.raises(IllegalActionError) as caught:
            parallel.step(actions)
        assert caught.value.reason is Reason.GAME_OVER


def test_the_same_seed_gives_the_same_game() -> None:
    def play(seed: int) -> list[bytes]:
        env = quick_parallel(3)
        observations, _ = env.reset(seed=seed)
        rnd = random.Random(0)
        seen = []
        while env.agents:
            seen += [view["observation"].tobytes() for view in observations.values()]
            observations, *_ = env.step(choices(env, observations, rnd))
        return seen

    assert play(4) == play(4)
    assert play(4) != play(5)


def test_render_shows_a_spectators_view() -> None:
    env = quick_parallel(2, render_mode="ansi")
    env.reset(seed=1)
    assert env.render() == env.game.render(env.game.observe(env.game_state, None)).text()
    plain = quick_parallel(2)
    plain.reset(seed=1)
    assert plain.render() is None


def test_a_game_with_interrupts_is_refused() -> None:
    learnable("numbounce")
    with pytest.raises(ConfigError, match="interrupts"):
        parallel_env("numbounce")
