"""The worked example's learner: the masked policy, its gradient, training and evaluation."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from numrules import get_game
from numrules.core.bot import Bot
from numrules.core.bots import make_bot
from numrules.core.errors import ConfigError
from numrules.core.game import BUILTIN_GAMES
from numrules.core.match import play_match
from numrules.rl import gymnasium_env, learning_game
from numrules.rl.reinforce import Evaluation, Policy, PolicyBot, evaluate, main, train

# A small 2-player Stack Attack table (30 cards, 2 rows, 6-card hands, no powers, a game
# of a round or two): small enough for the learner to beat the random bot in seconds.
SMALL: dict[str, Any] = {
    "deck_size": 30,
    "hand_size": 6,
    "rows": 2,
    "end_score": 10,
    "switch": (),
    "block": (),
    "shield": (),
    "decreasing": (),
}


def test_a_new_policy_is_uniform_over_the_legal_ids_and_never_picks_another() -> None:
    policy = Policy(5, 4)
    masks = np.array([[True, False, True, False], [False, False, False, True]])
    p = policy.probabilities(np.ones((2, 5)), masks)
    assert np.array_equal(p, [[0.5, 0.0, 0.5, 0.0], [0.0, 0.0, 0.0, 1.0]])
    policy.params["b2"][:] = [0.0, 9.0, 1.0, 0.0]
    assert policy.act(np.ones(5), masks[0]) == 2  # id 1 is likelier but illegal
    rng = np.random.default_rng(1)
    assert {policy.act(np.ones(5), masks[0], rng) for _ in range(50)} == {0, 2}
    with pytest.raises(ConfigError, match="allows no id"):
        policy.act(np.ones(5), np.zeros(4, dtype=bool))
    with pytest.raises(ConfigError, match="hidden >= 0"):
        Policy(5, 4, hidden=-1)


def _objective(policy: Policy, x: Any, masks: Any, actions: Any, w: Any, bonus: float) -> float:
    # What `Policy.gradient` differentiates: mean(w * log p(a)) + bonus * mean(entropy).
    p = policy.probabilities(x, masks)
    logp = np.log(np.where(masks, p, 1.0))
    entropy = -(p * logp).sum(axis=1)
    return float(np.mean(w * logp[np.arange(len(actions)), actions]) + bonus * entropy.mean())


@pytest.mark.parametrize("hidden", [0, 3])
def test_the_hand_written_gradient_is_the_objectives(hidden: int) -> None:
    rng = np.random.default_rng(4)
    policy = Policy(6, 5, hidden, seed=2)
    for params in policy.params.values():
        params[...] = rng.normal(0.0, 0.7, params.shape)
    x = rng.random((7, 6))
    masks = rng.random((7, 5)) < 0.6
    masks[:, 0] = True
    actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
    w = rng.normal(size=7)
    grads, entropy = policy.gradient(x, masks, actions, w, entropy_bonus=0.3)
    assert sorted(grads) == (["b1", "b2", "w1", "w2"] if hidden else ["b2", "w2"])
    assert entropy > 0
    step = 1e-6
    for name, grad in grads.items():
        numeric = np.zeros_like(grad)
        for index in np.ndindex(grad.shape):
            saved = policy.params[name][index]
            policy.params[name][index] = saved + step
            up = _objective(policy, x, masks, actions, w, 0.3)
            policy.params[name][index] = saved - step
            down = _objective(policy, x, masks, actions, w, 0.3)
            policy.params[name][index] = saved
            numeric[index] = (up - down) / (2 * step)
        assert np.allclose(grad, numeric, atol=1e-7), name


def test_a_saved_policy_loads_back(tmp_path: Path) -> None:
    policy = Policy(4, 3, hidden=2, seed=5)
    policy.params["w2"][:] = 0.25
    policy.save(tmp_path / "policy.npz")
    loaded = Policy.load(tmp_path / "policy.npz")
    assert (loaded.inputs, loaded.outputs, loaded.hidden) == (4, 3, 2)
    for name, value in policy.params.items():
        assert np.array_equal(loaded.params[name], value)
    game = get_game("stackattack")
    env = gymnasium_env(game, players=2)
    Policy(env.observation_size, env.num_ids).save(tmp_path / "uniform.npz")
    spec = f"numrules.rl.reinforce:policy_bot?path={tmp_path / 'uniform.npz'}&greedy=0"
    bot = make_bot(spec, 5, game, imports=True)  # as a tournament builds it
    assert isinstance(bot, PolicyBot)
    assert not bot.greedy
    result = play_match(game, env.config, [bot, make_bot("random", 1, game)], seed=4)
    assert game.is_terminal(result.final_state)
    np.savez(tmp_path / "other.npz", w1=np.zeros(2))
    with pytest.raises(ConfigError, match="no b1, w2, b2"):
        Policy.load(tmp_path / "other.npz")


@pytest.mark.parametrize("name", sorted(BUILTIN_GAMES))
def test_a_policy_bot_plays_every_game_in_the_match_driver(name: str) -> None:
    game = get_game(name)
    rl = learning_game(game)
    config = game.Config(players=3, **game.quick_options)
    env = gymnasium_env(game, config=config)
    policy = Policy(env.observation_size, env.num_ids, hidden=4, seed=1)
    policy.params["w2"][:] = np.random.default_rng(1).normal(size=policy.params["w2"].shape)
    bot = PolicyBot(policy, name, seed=3, greedy=False)
    assert isinstance(bot, Bot)
    bots = [bot, make_bot("random", 1, game), PolicyBot(policy, rl.game)]
    result = play_match(game, config, bots, seed=2)
    assert game.is_terminal(result.final_state)
    assert (
        result.actions
        == play_match(
            game,
            config,
            [
                PolicyBot(policy, name, seed=3, greedy=False),
                make_bot("random", 1, game),
                PolicyBot(policy, rl.game),
            ],
            seed=2,
        ).actions
    )


def test_a_policy_bot_answers_none_when_its_policy_lets_an_interrupt_pass() -> None:
    game = get_game("numbounce")
    config = game.Config(players=3)
    env = gymnasium_env(game, config=config)
    state = game.new_game(config, 1)
    rng = random.Random(1)
    while not (holders := game.optional_seats(state)):
        legal = game.legal_actions(state)
        state = game.apply(state, legal[rng.randrange(len(legal))])
    seat = min(holders)
    actions = game.legal_actions_for(state, seat)
    policy = Policy(env.observation_size, env.num_ids)
    bot = PolicyBot(policy, game)
    policy.params["b2"][env.pass_id] = 50.0
    assert bot.act(game.observe(state, seat), actions, optional=True) is None
    assert bot.act(game.observe(state, seat), actions, optional=False) in actions
    policy.params["b2"][env.pass_id] = -50.0
    assert bot.act(game.observe(state, seat), actions, optional=True) in actions


def test_training_is_reproducible_from_its_seed() -> None:
    def run(seed: int) -> tuple[Policy, tuple[Any, ...]]:
        training = train(episodes=4, batch=2, hidden=3, seed=seed, **SMALL)
        return training.policy, training.history

    (first, history), (again, same) = run(1), run(1)
    assert history == same
    assert len(history) == 2
    assert history[-1].episodes == 4
    for name, value in first.params.items():
        assert np.array_equal(again.params[name], value)
    other, _ = run(2)
    assert not np.array_equal(other.params["w2"], first.params["w2"])
    with pytest.raises(ConfigError, match=r"trace in 0\.\.1"):
        train(episodes=4, trace=2.0, **SMALL)
    with pytest.raises(ConfigError, match="policy takes"):
        train(episodes=4, policy=Policy(3, 3), **SMALL)


def test_a_few_seconds_of_training_beat_the_random_bot_and_the_untrained_policy() -> None:
    # The worked example in small: the same learner and settings on a small table, a
    # fixed seed; the evaluation games are not the training games.
    training = train(episodes=1200, seed=0, **SMALL)
    policy = training.policy
    untrained = Policy(policy.inputs, policy.outputs)  # uniform: a random bot
    before = evaluate(untrained, games=200, seed=7, greedy=False, **SMALL)
    after = evaluate(policy, games=200, seed=7, **SMALL)
    assert after.rate > before.rate + 0.1
    assert after.interval[0] > 0.5  # it beats the random bot
    assert after.margin > before.margin + 2.0  # penalty points per game
    assert training.history[-1].entropy < training.history[0].entropy


def test_an_evaluation_states_the_rate_its_interval_and_the_margin() -> None:
    result = Evaluation("random", 40, 30.0, 2.25)
    assert result.rate == 0.75
    low, high = result.interval
    assert low < 0.75 < high
    assert str(result) == (
        "vs random: won 30 of 40 (75.0%, 95% interval 59.8% to 85.8%), mean margin +2.2"
    )


def test_the_command_trains_evaluates_and_saves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "policy.npz"
    main(
        [
            "--episodes",
            "8",
            "--batch",
            "4",
            "--games",
            "4",
            "--against",
            "random",
            "--save",
            str(path),
        ]
    )
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert any(line.split() == ["episodes", "8", *line.split()[2:]] for line in lines)
    assert re.search(r"^  untrained \(uniform\) +vs random: won .* of 4 ", out, re.MULTILINE)
    assert re.search(r"^  trained \(greedy\) +vs random: won .* of 4 ", out, re.MULTILINE)
    assert Policy.load(path).outputs == gymnasium_env("stackattack", players=2).num_ids
