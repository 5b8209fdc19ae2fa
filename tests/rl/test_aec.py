"""The PettingZoo AEC environment of every game: PettingZoo's own checks, masks, seeding,
interrupts that reveal no card, refusals, rewards and rendering (tests/test_docs.py runs the
docs' example)."""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import numpy as np
import pytest
from pettingzoo.test.api_test import api_test
from pettingzoo.test.seed_test import seed_test

from numrules import get_game
from numrules.core.errors import (
    ConfigError,
    IllegalActionError,
    NumrulesError,
    Reason,
    SeatError,
)
from numrules.core.game import BUILTIN_GAMES, AnyGame
from numrules.rl import (
    NumrulesAECEnv,
    aec_env,
    final_rewards,
    learning_game,
    observation_tensor,
)
from numrules.rl.sequential import Sequential

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(BUILTIN_GAMES)

# PettingZoo's api_test warns about every dict observation, even the {"observation",
# "action_mask"} dicts of its own classic games (it exempts those by name).
DICT_OBSERVATION_WARNINGS = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
}

PASS_TEXT = "(the pass id: no action of the game)"


def learnable(name: str) -> AnyGame:
    """The game called `name`, or a skip while it has no action ids or tensors."""
    try:
        return learning_game(name).game
    except ConfigError as exc:
        pytest.skip(f"{name} cannot be used for learning yet: {exc}")


def quick_env(name: str, players: int | None = None, **kwargs: Any) -> NumrulesAECEnv:
    """An AEC environment of a short game (the game's `quick_options`)."""
    game = learnable(name)
    return aec_env(game, players, **{**game.quick_options, **kwargs})


def table_sizes(name: str) -> list[int]:
    """The smallest table and four seats (where the game allows them)."""
    game = get_game(name)
    return sorted({game.min_players, min(4, game.max_players)})


def random_id(mask: np.ndarray[Any, Any], rnd: random.Random) -> int:
    """One of the ids a mask allows, uniformly."""
    ids = np.flatnonzero(mask)
    return int(ids[rnd.randrange(len(ids))])


def walk(env: NumrulesAECEnv, steps: int, seed: int) -> Iterator[str]:
    """Random legal steps of `env` (resets included), yielding the agent about to act."""
    rnd = random.Random(seed)
    env.reset(seed=seed)
    for _ in range(steps):
        if not env.agents:
            env.reset()
        agent = env.agent_selection
        yield agent
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
        else:
            env.step(random_id(env.observe(agent)["action_mask"], rnd))


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoos_api_test_passes(name: str) -> None:
    for players in table_sizes(name):
        env = quick_env(name, players)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            api_test(env, num_cycles=200, verbose_progress=False)  # type: ignore[no-untyped-call]
        messages = {str(warning.message) for warning in caught}
        assert messages <= DICT_OBSERVATION_WARNINGS, messages


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoos_seed_test_passes(name: str) -> None:
    learnable(name)
    seed_test(lambda: quick_env(name), num_cycles=200)  # type: ignore[no-untyped-call]


@pytest.mark.parametrize("name", GAMES)
def test_masks_are_the_legal_ids_of_the_agent_asked_and_zero_for_the_others(name: str) -> None:
    # A few thousand random steps per game, resets included: the agent selected is the
    # seat Sequential asks, its mask its legal ids, its tensor that of its observation,
    # and each step leads where Sequential.step leads.
    sequential = Sequential.of(learning_game(learnable(name)))
    for players in table_sizes(name):
        env = quick_env(name, players)
        game = env.game
        space = env.observation_space(env.possible_agents[0])
        rnd = random.Random(players)
        env.reset(seed=players)
        for _ in range(1500):
            if not env.agents:
                env.reset()
            turn = env.turn
            agent = env.agent_selection
            if turn.seat is None:
                env.step(None)
                continue
            assert agent == f"player_{turn.seat}"
            seat = turn.seat
            other = env.possible_agents[(seat + 1) % players]
            mine, theirs = env.observe(agent), env.observe(other)
            assert np.flatnonzero(mine["action_mask"]).tolist() == sequential.legal_ids(turn)
            assert not theirs["action_mask"].any()
            assert mine["action_mask"].dtype == np.int8
            expected = observation_tensor(game, game.observe(turn.state, seat))
            assert np.array_equal(mine["observation"], expected)
            assert space.contains(mine)
            assert space.contains(theirs)
            chosen = random_id(mine["action_mask"], rnd)
            env.step(chosen)
            assert env.turn == sequential.step(turn, chosen)


def trajectory_digest(name: str, seed: int = 7, steps: int = 400) -> str:
    """A digest of a seeded random walk: agents, observations, masks, rewards, infos."""
    env = quick_env(name)
    digest = hashlib.sha256()
    for agent in walk(env, steps, seed):
        _, reward, terminated, _, info = env.last(observe=False)
        observation = env.observe(agent)
        digest.update(agent.encode())
        digest.update(observation["observation"].tobytes())
        digest.update(observation["action_mask"].tobytes())
        digest.update(json.dumps([reward, terminated, info, env.game_seed]).encode())
    return digest.hexdigest()


@pytest.mark.parametrize("name", GAMES)
def test_the_same_seed_gives_the_same_trajectory(name: str) -> None:
    learnable(name)
    assert trajectory_digest(name) == trajectory_digest(name)
    assert trajectory_digest(name) != trajectory_digest(name, seed=8)


@pytest.fixture(scope="module")
def digests_in_another_process() -> dict[str, str]:
    """Each learnable game's trajectory digest, computed in a process with another hash seed."""
    script = (
        "import json, sys\n"
        "from numrules.core.errors import ConfigError\n"
        "from numrules.rl import learning_game\n"
        "from tests.rl.test_aec import trajectory_digest\n"
        "out = {}\n"
        "for name in sys.argv[1:]:\n"
        "    try:\n"
        "        learning_game(name)\n"
        "    except ConfigError:\n"
        "        continue\n"
        "    out[name] = trajectory_digest(name)\n"
        "print(json.dumps(out))\n"
    )
    seed = "271828" if os.environ.get("PYTHONHASHSEED") != "271828" else "314159"
    done = subprocess.run(
        [sys.executable, "-c", script, *GAMES],
        cwd=ROOT,
        env={**os.environ, "PYTHONHASHSEED": seed},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    digests: dict[str, str] = json.loads(done.stdout)
    return digests


@pytest.mark.parametrize("name", GAMES)
def test_the_same_seed_gives_the_same_trajectory_in_another_process(
    name: str, digests_in_another_process: dict[str, str]
) -> None:
    learnable(name)
    assert name in digests_in_another_process, "the other process cannot use the game"
    assert digests_in_another_process[name] == trajectory_digest(name)


def test_resets_without_a_seed_continue_the_seeded_sequence_or_draw_fresh_seeds() -> None:
    name = next((n for n in GAMES if _can_learn(n)), None)
    if name is None:
        pytest.skip("no game can be used for learning yet")
    first, second = quick_env(name), quick_env(name)
    first.reset(seed=11)
    second.reset(seed=11)
    assert first.game_seed == second.game_seed == 11
    first.reset()
    second.reset()
    assert first.game_seed == second.game_seed != 11
    assert first.turn == second.turn
    fresh, other = quick_env(name), quick_env(name)
    fresh.reset()
    other.reset()
    assert fresh.game_seed != other.game_seed  # 128 fresh random bits each
    fresh.reset(seed=np.int64(11))  # type: ignore[arg-type]
    assert fresh.game_seed == 11
    assert fresh.game_state == _deal(name, 11)
    with pytest.raises(ConfigError, match="seed"):
        fresh.reset(seed="11")  # type: ignore[arg-type]


def _can_learn(name: str) -> bool:
    try:
        learning_game(name)
    except ConfigError:
        return False
    return True


def _deal(name: str, seed: int) -> Any:
    game = get_game(name)
    return game.new_game(game.Config(players=game.min_players, **game.quick_options), seed)


def test_num_bounce_asks_the_same_agents_whoever_holds_the_interrupt_cards() -> None:
    # At each moment where a seat could interrupt, deal other hidden cards consistent with
    # what a spectator sees (sample_state): as every asked agent lets the interrupt pass,
    # the agents selected are the same, and an agent without the card is asked too (its
    # mask is the pass id alone).
    env = quick_env("numbounce", 4)
    game = env.game
    assert game.sample_state is not None
    pass_id = env.pass_id
    assert pass_id == env.num_ids - 1
    twin = quick_env("numbounce", 4)
    rnd = random.Random(5)
    windows = holders_differ = asked_without_card = 0
    for _ in walk(env, 2500, seed=3):
        turn = env.turn
        if turn.seat is None or turn.seat not in turn.optional:
            continue
        state = turn.state
        other = game.sample_state(game.observe(state, None), rnd)
        windows += 1
        holders_differ += game.optional_seats(other) != game.optional_seats(state)
        asked = []
        for position in (state, other):
            twin.reset_to(position)
            seen = []
            while twin.turn.seat in twin.turn.optional:
                agent = twin.agent_selection
                mask = twin.observe(agent)["action_mask"]
                assert mask[pass_id] == 1
                text = twin.action_text(pass_id)
                assert text == f"seat {twin.turn.seat} lets the interrupt pass " + PASS_TEXT
                if twin.turn.seat not in game.optional_seats(twin.game_state):
                    assert np.flatnonzero(mask).tolist() == [pass_id]
                    asked_without_card += 1
                seen.append(agent)
                twin.step(pass_id)
            seen.append(twin.agent_selection)  # the seat that must act
            asked.append(seen)
        assert asked[0] == asked[1]
    assert windows > 20
    assert holders_differ > 0
    assert asked_without_card > 0


@pytest.mark.parametrize("name", GAMES)
def test_an_illegal_action_is_refused_and_changes_nothing(name: str) -> None:
    env = quick_env(name)
    env.reset(seed=3)
    agent, turn = env.agent_selection, env.turn
    mask = env.observe(agent)["action_mask"]
    refused = [int(i) for i in np.flatnonzero(mask == 0)[:3]] + [-1, env.num_ids]
    for action in refused:
        with pytest.raises(IllegalActionError):
            env.step(action)
    for junk in ("3", 1.0, True, None):
        with pytest.raises(IllegalActionError) as caught:
            env.step(junk)  # type: ignore[arg-type]
        assert caught.value.reason is Reason.MALFORMED
    assert env.agent_selection == agent
    assert env.turn is turn
    assert np.array_equal(env.observe(agent)["action_mask"], mask)
    assert not any(env.terminations.values())
    assert env.agents == env.possible_agents
    env.step(np.int32(np.flatnonzero(mask)[0]))
    assert env.turn is not turn


@pytest.mark.parametrize("name", GAMES)
def test_rewards_are_paid_on_the_final_step_and_every_agent_ends(name: str) -> None:
    for reward in ("win", "margin"):
        env = quick_env(name, reward=reward, reward_scale=10)
        env.reset(seed=21)
        rnd = random.Random(21)
        paid: dict[str, float] = dict.fromkeys(env.possible_agents, 0.0)
        while not any(env.terminations.values()):
            _, cumulative, *_ = env.last(observe=False)
            assert cumulative == 0.0
            env.step(random_id(env.observe(env.agent_selection)["action_mask"], rnd))
            for agent, value in env.rewards.items():
                paid[agent] += value
        state = env.game_state
        expected = final_rewards(env.game, state, reward, scale=10)
        assert tuple(paid.values()) == expected
        assert all(env.terminations.values())
        assert not any(env.truncations.values())
        for seat, agent in enumerate(env.possible_agents):
            assert env.infos[agent] == {
                "seat": seat,
                "scores": env.game.scores(state),
                "winners": tuple(sorted(env.game.winners(state))),
            }
        finished = []
        for agent in env.agent_iter():
            _, cumulative, terminated, _, _ = env.last()
            assert terminated
            assert cumulative == expected[env.possible_agents.index(agent)]
            finished.append(agent)
            env.step(None)
        assert sorted(finished) == env.possible_agents
        assert env.agents == []


@pytest.mark.parametrize("name", GAMES)
def test_render_shows_the_agent_selected_its_own_view(name: str) -> None:
    env = quick_env(name, render_mode="ansi")
    env.reset(seed=2)
    seat = env.possible_agents.index(env.agent_selection)
    text = env.render()
    assert text == env.game.render(env.game.observe(env.game_state, seat)).text()
    plain = quick_env(name)
    plain.reset(seed=2)
    assert plain.render() is None
    with pytest.raises(ConfigError, match="render_mode"):
        quick_env(name, render_mode="human")


@pytest.mark.parametrize("name", GAMES)
def test_infos_name_the_seat_and_action_text_the_move(name: str) -> None:
    env = quick_env(name)
    env.reset(seed=4)
    assert env.infos == {agent: {"seat": s} for s, agent in enumerate(env.possible_agents)}
    turn = env.turn
    assert turn.seat is not None
    ids = np.flatnonzero(env.observe(env.agent_selection)["action_mask"]).tolist()
    rl = learning_game(env.game)
    for chosen in ids:
        if chosen != env.pass_id:
            assert env.action_text(chosen) == str(rl.decode(turn.state, turn.seat, chosen))
    legal = {str(action) for action in env.game.legal_actions_for(turn.state, turn.seat)}
    assert {env.action_text(i) for i in ids if i != env.pass_id} == legal
    with pytest.raises(SeatError):
        env.observe("player_9")


def test_options_build_the_config_as_the_cli_reads_them() -> None:
    name = next((n for n in GAMES if _can_learn(n)), None)
    if name is None:
        pytest.skip("no game can be used for learning yet")
    game = get_game(name)
    option, value = next(iter(game.quick_options.items()))
    as_text: dict[str, Any] = {option: str(value)}
    env = aec_env(name, game.min_players, **as_text)
    assert getattr(env.config, option) == value
    assert aec_env(name).config.players == game.min_players
    with pytest.raises(ConfigError, match="option"):
        aec_env(name, no_such_option=1)
    with pytest.raises(ConfigError, match="reward_scale"):
        aec_env(name, reward_scale=0)
    with pytest.raises(ConfigError, match="reward"):
        aec_env(name, reward="points")  # type: ignore[arg-type]
    bigger = game.new_game(game.Config(players=game.min_players + 1), 1)
    with pytest.raises(ConfigError, match="Config"):
        aec_env(name).reset_to(bigger)


def test_a_game_without_tensors_is_refused() -> None:
    bare = attrs.evolve(get_game("numwars"), tensors=None)
    with pytest.raises(ConfigError, match="tensors"):
        aec_env(bare)


def test_the_environment_must_be_reset_before_use() -> None:
    name = next((n for n in GAMES if _can_learn(n)), None)
    if name is None:
        pytest.skip("no game can be used for learning yet")
    env = quick_env(name)
    with pytest.raises(NumrulesError, match="reset"):
        env.observe(env.possible_agents[0])
