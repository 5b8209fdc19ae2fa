"""The Gymnasium environment: the API checker, seeding, masks, opponents, illegal ids, rewards."""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from numrules import get_game
from numrules.core.bots import RandomBot
from numrules.core.errors import (
    BotError,
    ConfigError,
    IllegalActionError,
    NumrulesError,
    Reason,
    SeatError,
)
from numrules.core.game import BUILTIN_GAMES, AnyGame
from numrules.rl import GymEnv, action_mask, final_rewards, gymnasium_env, learning_game
from numrules.rl.gym import Opponent

GAMES = sorted(BUILTIN_GAMES)
PLAYERS = 3  # every game allows it


def _env(
    name: str,
    seat: int = 0,
    opponents: Opponent | Sequence[Opponent] = "random",
    **kwargs: Any,
) -> GymEnv:
    # A short game of `name` (its quick options), skipped while it cannot be learnt.
    game = get_game(name)
    try:
        learning_game(game)
    except ConfigError as exc:
        pytest.skip(str(exc))
    options = {**game.quick_options, **kwargs}
    options.setdefault("players", PLAYERS)
    return gymnasium_env(name, seat, opponents, **options)


def _play(
    env: GymEnv, seed: int | None, steps: int = 10_000
) -> list[tuple[bytes, float, bool, bytes]]:
    # An episode with ids drawn from the mask: (observation, reward, done, mask) per step.
    observation, info = env.reset(seed=seed)
    rng = np.random.default_rng(0 if seed is None else seed)
    out = [(observation.tobytes(), 0.0, False, info["action_mask"].tobytes())]
    for _ in range(steps):
        action = rng.choice(np.flatnonzero(info["action_mask"]))
        observation, reward, terminated, truncated, info = env.step(action)
        mask = info["action_mask"].tobytes()
        out.append((observation.tobytes(), float(reward), terminated, mask))
        assert not truncated
        if terminated:
            break
    return out


@pytest.mark.parametrize("name", GAMES)
def test_the_gymnasium_checker_accepts_every_game(name: str) -> None:
    # The checker steps with unmasked samples: with illegal="lose" they end the episode.
    env = _env(name, illegal="lose", render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # no render fps, no registered spec: not errors
        check_env(env)
    assert env.observation_space.shape == (learning_game(name).observation_layout(env.config).size,)


@pytest.mark.parametrize("name", GAMES)
def test_the_same_seed_gives_the_same_episodes_and_another_seed_others(name: str) -> None:
    env = _env(name, seat=1)
    first = _play(env, 5)
    follow = _play(env, None)  # reset() without a seed goes on with the env's generator
    assert first[-1][2], "the episode ends"
    assert _play(env, 5) == first
    assert _play(env, None) == follow
    assert _play(_env(name, seat=1), 5) == first  # a new environment too
    assert _play(env, 6) != first
    assert follow != first


@pytest.mark.parametrize("name", GAMES)
def test_the_mask_is_the_learners_legal_ids_whenever_it_is_asked(name: str) -> None:
    env = _env(name, seat=2)
    game = env.rl.game
    rng = np.random.default_rng(3)
    steps = 0
    for seed in range(3):
        _, info = env.reset(seed=seed)
        done = False
        while not done:
            state = env.state
            mask = env.action_masks()
            assert mask.dtype == np.bool_
            assert np.array_equal(info["action_mask"], mask.astype(np.int8))
            assert mask.any()
            assert env.seat in game.to_act(state) or env.pass_id is not None
            legal = {env.rl.encode(state.config, a) for a in game.legal_actions_for(state, 2)}
            assert set(env.legal_ids()) - {env.pass_id} == legal
            n = env.rl.num_actions(state.config)
            assert np.array_equal(mask[:n], action_mask(game, state, 2).astype(np.bool_))
            if env.pass_id is not None:
                required = game.to_act(state) - game.optional_seats(state)
                assert mask[env.pass_id] == (2 not in required)
            _, _, done, _, info = env.step(rng.choice(np.flatnonzero(mask)))
            steps += 1
        assert not env.action_masks().any()
        assert info["winners"] == tuple(sorted(game.winners(env.state)))
    assert steps > 10


def test_a_num_bounce_learner_is_asked_about_interrupts_it_cannot_make() -> None:
    env = _env("numbounce", seat=1)
    game = env.rl.game
    only_pass = 0
    for seed in range(5):
        env.reset(seed=seed)
        done = False
        while not done:
            ids = env.legal_ids()
            if ids == [env.pass_id]:
                assert 1 not in game.optional_seats(env.state)
                only_pass += 1
            done = env.step(ids[-1] if ids == [env.pass_id] else ids[0])[2]
    assert only_pass > 0


class _Recorder:
    """Plays the first legal action, never declines, and remembers what it was asked."""

    def __init__(self) -> None:
        self.asked: list[tuple[int | None, bool]] = []

    def act(self, observation: Any, actions: Sequence[Any], optional: bool) -> Any | None:
        self.asked.append((observation.seat, optional))
        assert {a.seat for a in actions} == {observation.seat}
        return actions[0]


def test_opponents_by_name_spec_object_and_list() -> None:
    for spec in ("random", "heuristic", "random?decline=0.2"):
        env = _env("numbounce", opponents=spec)
        assert _play(env, 1)[-1][2]
    recorder = _Recorder()
    env = _env("numwars", 1, opponents=recorder)
    _play(env, 2)
    assert {seat for seat, _ in recorder.asked} == {0, 2}
    recorder = _Recorder()
    first = RandomBot(4)
    opponents: list[Opponent] = [first, recorder]
    env = _env("numbounce", 0, opponents=opponents)
    _play(env, 3)
    assert {seat for seat, _ in recorder.asked} == {2}
    assert any(optional for _, optional in recorder.asked)  # its interrupts too
    assert env.bots[1] is first  # a bot object is used as it is


def test_each_named_opponent_gets_its_own_seed_from_the_episode() -> None:
    env = _env("numwars", opponents="random")
    env.reset(seed=1)
    seeds = {seat: bot.seed for seat, bot in env.bots.items()}  # type: ignore[attr-defined]
    assert sorted(seeds) == [1, 2]
    assert seeds[1] != seeds[2]
    env.reset(seed=1)
    assert {seat: bot.seed for seat, bot in env.bots.items()} == seeds  # type: ignore[attr-defined]
    env.reset(seed=2)
    assert {seat: bot.seed for seat, bot in env.bots.items()} != seeds  # type: ignore[attr-defined]


def test_opponents_are_checked_when_the_env_is_made() -> None:
    with pytest.raises(ConfigError, match="2 opponents needed"):
        _env("numwars", opponents=["random"])
    with pytest.raises(ConfigError, match="not-a-bot"):
        _env("numwars", opponents="not-a-bot")
    with pytest.raises(ConfigError, match="opponent of seat 2"):
        _env("numwars", opponents=["random", 3])  # type: ignore[list-item]
    with pytest.raises(ConfigError, match="opponents must be"):
        _env("numwars", opponents=3)  # type: ignore[arg-type]


class _Decliner:
    """Declines every decision, required or not."""

    def act(self, observation: Any, actions: Sequence[Any], optional: bool) -> Any | None:
        return None


class _Cheat:
    """Answers something it was not offered."""

    def act(self, observation: Any, actions: Sequence[Any], optional: bool) -> Any | None:
        return "0:play 5"


def test_a_bot_that_declines_a_required_decision_or_cheats_is_an_error() -> None:
    with pytest.raises(BotError, match="declined a required decision"):
        _env("numwars", seat=2, opponents=_Decliner()).reset(seed=1)
    with pytest.raises(BotError, match="not a legal action"):
        _env("numwars", seat=2, opponents=_Cheat()).reset(seed=1)


@pytest.mark.parametrize("name", GAMES)
def test_an_illegal_id_raises_and_changes_nothing(name: str) -> None:
    env = _env(name)
    env.reset(seed=4)
    state, mask = env.state, env.action_masks()
    illegal = int(np.flatnonzero(~mask)[0])
    with pytest.raises(IllegalActionError) as refused:
        env.step(illegal)
    assert refused.value.reason is Reason.NOT_ALLOWED
    assert env.state is state
    assert np.array_equal(env.action_masks(), mask)
    for junk in (-1, env.num_ids, 2.5, True, "3"):
        with pytest.raises(IllegalActionError) as malformed:
            env.step(junk)  # type: ignore[arg-type]
        assert malformed.value.reason is Reason.MALFORMED
    assert env.state is state
    env.step(np.int64(np.flatnonzero(mask)[0]))  # a legal id still plays


@pytest.mark.parametrize("reward", ["win", "margin"])
def test_with_illegal_lose_an_illegal_id_ends_the_episode_as_a_loss(reward: str) -> None:
    env = _env("stackattack", illegal="lose", reward=reward)
    env.reset(seed=2)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, paid, terminated, truncated, info = env.step(illegal)
    assert (paid, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"] == illegal
    assert not env.action_masks().any()
    with pytest.raises(IllegalActionError) as over:
        env.step(0)
    assert over.value.reason is Reason.GAME_OVER
    env = _env("stackattack", illegal="lose", illegal_reward=-5.0)
    env.reset(seed=2)
    assert env.step(illegal)[1] == -5.0
    with pytest.raises(IllegalActionError) as malformed:
        env.step(-1)
    assert malformed.value.reason is Reason.GAME_OVER  # the episode is over


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("reward", ["win", "margin"])
def test_the_reward_is_paid_once_at_the_end(name: str, reward: str) -> None:
    env = _env(name, seat=1, reward=reward, reward_scale=4.0)
    trajectory = _play(env, 7)
    paid = [r for _, r, _, _ in trajectory]
    assert paid[:-1] == [0.0] * (len(paid) - 1)
    game: AnyGame = env.rl.game
    assert paid[-1] == final_rewards(game, env.state, reward, scale=4.0)[1]  # type: ignore[arg-type]


def test_render_shows_the_learners_view_as_text() -> None:
    env = _env("stackattack", seat=1, render_mode="ansi")
    env.reset(seed=3)
    game = env.rl.game
    text = env.render()
    assert text == game.render(game.observe(env.state, 1)).text()
    assert "seat 1's view" in text
    quiet = _env("stackattack")
    quiet.reset(seed=3)
    assert quiet.render() is None


def test_configs_and_modes_are_checked() -> None:
    with pytest.raises(ConfigError, match="unknown reward"):
        _env("stackattack", reward="points")
    with pytest.raises(ConfigError, match="illegal must be"):
        _env("stackattack", illegal="ignore")
    with pytest.raises(ConfigError, match="render_mode"):
        _env("stackattack", render_mode="human")
    with pytest.raises(ConfigError, match="reward_scale"):
        _env("stackattack", reward_scale=0)
    with pytest.raises(ConfigError, match="illegal_reward"):
        _env("stackattack", illegal="lose", illegal_reward="-1")
    with pytest.raises(SeatError):
        _env("stackattack", seat=3)
    game = get_game("stackattack")
    config = game.Config(players=2)
    assert gymnasium_env(game, config=config).config is config
    with pytest.raises(ConfigError, match="either a config"):
        gymnasium_env(game, config=config, players=2)
    with pytest.raises(ConfigError, match="Stack Attack Config"):
        gymnasium_env(game, config=get_game("numwars").Config())
    with pytest.raises(ConfigError, match="takes no options"):
        gymnasium_env(game, config=config).reset(options={"deck": 1})


def test_nothing_runs_before_the_first_reset() -> None:
    env = _env("stackattack")
    with pytest.raises(IllegalActionError) as refused:
        env.step(0)
    assert refused.value.reason is Reason.GAME_OVER
    for call in (env.action_masks, env.legal_ids, lambda: env.state):
        with pytest.raises(NumrulesError, match="call reset"):
            call()
