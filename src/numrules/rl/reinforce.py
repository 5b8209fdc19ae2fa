"""A small learner in numpy: a masked softmax policy trained by REINFORCE (docs/rl.md).

The worked example of docs/rl.md. `train` plays episodes of `gymnasium_env` (the
learner at each seat in turn, bots at the others) and improves a `Policy`: a softmax
over the action ids, linear in the observation tensor (or through one tanh layer),
whose illegal ids are masked out. After each batch of episodes it takes one Adam step
along the policy gradient, every decision weighted by its advantage, normalised over
the batch: the return less a learned linear baseline (the value of the observation),
or, with `trace` below 1, the GAE(lambda) mix of the return and the baseline's values
of the decisions that follow. `evaluate` plays seeded matches of the trained policy (a
`PolicyBot`) against a bot: its win rate with a 95% interval, and its mean margin.

Run the whole example (a few CPU minutes) with

    python -m numrules.rl.reinforce --episodes 8000 --seed 1

It needs numpy alone: no deep-learning library.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from numrules.core.bot import Bot
from numrules.core.bots import make_bot
from numrules.core.botspec import BotSpec
from numrules.core.errors import ConfigError
from numrules.core.game import AnyGame
from numrules.core.match import play_match
from numrules.core.rng import derive_seed
from numrules.core.stats import wilson_interval
from numrules.rl.arrays import RLGame, learning_game, observation_tensor
from numrules.rl.gym import GymEnv, Opponent, gymnasium_env
from numrules.rl.rewards import REWARD_KINDS, RewardKind, final_rewards
from numrules.rl.sequential import Sequential

Array = npt.NDArray[np.float64]

_PARAMETERS = ("w1", "b1", "w2", "b2")


class Policy:
    """A softmax policy over action ids: logits from the observation, illegal ids masked.

    Linear by default (logits = observation @ w2 + b2); with `hidden` > 0 the logits are
    computed from a tanh layer of that width (w1, b1), seeded by `seed`. A new policy
    is uniform over the legal ids.
    """

    def __init__(self, inputs: int, outputs: int, hidden: int = 0, seed: int = 0) -> None:
        if hidden < 0 or inputs < 1 or outputs < 1:
            raise ConfigError(
                f"a policy needs inputs and outputs >= 1 and hidden >= 0, got "
                f"{inputs}, {outputs}, {hidden}"
            )
        rng = np.random.default_rng(seed)
        # The logits start at 0, so a new policy is uniform over the legal ids.
        self.params: dict[str, Array] = {
            "w1": rng.normal(0.0, 1.0 / np.sqrt(inputs), (inputs, hidden)),
            "b1": np.zeros(hidden),
            "w2": np.zeros((hidden or inputs, outputs)),
            "b2": np.zeros(outputs),
        }
        """The weights: w1, b1 (the hidden layer, empty when linear), w2, b2 (the logits)."""

    @property
    def inputs(self) -> int:
        """The size of an observation."""
        return int(self.params["w1"].shape[0])

    @property
    def outputs(self) -> int:
        """The number of action ids."""
        return int(self.params["w2"].shape[1])

    @property
    def hidden(self) -> int:
        """The width of the hidden layer (0: linear)."""
        return int(self.params["w1"].shape[1])

    def features(self, observations: npt.ArrayLike) -> Array:
        """What the logits are computed from: the hidden layer, or the observations."""
        x = np.asarray(observations, dtype=np.float64)
        if not self.hidden:
            return x
        return np.tanh(x @ self.params["w1"] + self.params["b1"])

    def probabilities(self, observations: npt.ArrayLike, masks: npt.ArrayLike) -> Array:
        """The probability of each id, for a batch (or one) of observations and masks.

        Raises:
            ConfigError: a mask allows no id.

        """
        return self._softmax(self.features(observations), np.asarray(masks, dtype=np.bool_))

    def act(
        self,
        observation: npt.ArrayLike,
        mask: npt.ArrayLike,
        rng: np.random.Generator | None = None,
    ) -> int:
        """An id the mask allows: drawn from the policy with `rng`, else the likeliest."""
        p = self.probabilities(observation, mask)
        if rng is None:
            return int(np.argmax(p))
        return int(rng.choice(p.size, p=p))

    def gradient(
        self,
        observations: npt.ArrayLike,
        masks: npt.ArrayLike,
        actions: npt.ArrayLike,
        weights: npt.ArrayLike,
        entropy_bonus: float = 0.0,
    ) -> tuple[dict[str, Array], float]:
        """The gradient of mean(weight * log p(action)) + entropy_bonus * mean(entropy).

        Over a batch of decisions (observation, mask, id taken, weight: its advantage),
        by hand through the softmax, the output layer and the tanh layer; with the mean
        entropy of the batch's policies (nats).
        """
        x = np.asarray(observations, dtype=np.float64)
        m = np.asarray(masks, dtype=np.bool_)
        taken = np.asarray(actions, dtype=np.intp)
        advantage = np.asarray(weights, dtype=np.float64)
        params = self.params
        h = self.features(x)
        p = self._softmax(h, m)
        n = len(taken)
        logp = np.log(np.where(m, p, 1.0))
        entropy = -(p * logp).sum(axis=1)
        d_logits = -p * advantage[:, None]
        d_logits[np.arange(n), taken] += advantage
        d_logits -= entropy_bonus * p * (logp + entropy[:, None])
        d_logits /= n
        grads = {"w2": h.T @ d_logits, "b2": d_logits.sum(axis=0)}
        if self.hidden:
            d_pre = (d_logits @ params["w2"].T) * (1.0 - h * h)
            grads["w1"] = x.T @ d_pre
            grads["b1"] = d_pre.sum(axis=0)
        return grads, float(entropy.mean())

    def save(self, path: str | Path) -> None:
        """Write the weights to an `.npz` file (`Policy.load` reads it back)."""
        p = self.params
        np.savez(path, w1=p["w1"], b1=p["b1"], w2=p["w2"], b2=p["b2"])

    @staticmethod
    def load(path: str | Path) -> Policy:
        """The policy saved at `path` by `save`.

        Raises:
            ConfigError: the file does not hold a policy's weights.

        """
        with np.load(path) as data:
            missing = [name for name in _PARAMETERS if name not in data]
            if missing:
                raise ConfigError(f"{path} holds no policy: no {', '.join(missing)}")
            params = {name: np.array(data[name], dtype=np.float64) for name in _PARAMETERS}
        w1, w2 = params["w1"], params["w2"]
        policy = Policy(w1.shape[0], w2.shape[1], w1.shape[1])
        policy.params = params
        return policy

    def _softmax(self, features: Array, masks: npt.NDArray[np.bool_]) -> Array:
        if not masks.any(axis=-1).all():
            raise ConfigError("a mask allows no id: the policy cannot act")
        logits = features @ self.params["w2"] + self.params["b2"]
        logits = np.where(masks, logits, -np.inf)
        logits -= logits.max(axis=-1, keepdims=True)
        e = np.exp(logits)
        out: Array = e / e.sum(axis=-1, keepdims=True)
        return out


@attrs.define
class _Adam:
    # Adam on a dict of arrays, climbing the gradient (ascent).
    rate: float
    moments: dict[str, tuple[Array, Array]] = attrs.field(factory=dict)
    steps: int = 0

    def step(self, params: dict[str, Array], grads: dict[str, Array]) -> None:
        self.steps += 1
        b1, b2 = 0.9, 0.999
        for name, grad in grads.items():
            m, v = self.moments.get(name, (np.zeros_like(grad), np.zeros_like(grad)))
            m = b1 * m + (1 - b1) * grad
            v = b2 * v + (1 - b2) * grad * grad
            self.moments[name] = (m, v)
            m_hat = m / (1 - b1**self.steps)
            v_hat = v / (1 - b2**self.steps)
            params[name] += self.rate * m_hat / (np.sqrt(v_hat) + 1e-8)


@attrs.frozen
class Update:
    """What one update of `train` saw: its episodes' mean return and the policy's entropy."""

    episodes: int
    """Episodes played so far, this batch included."""
    mean_return: float
    """The mean return of the batch's episodes (with "win" rewards: wins less losses)."""
    entropy: float
    """The policy's mean entropy over the batch's decisions (nats)."""


@attrs.frozen
class Training:
    """The result of `train`: the trained policy and the history of its updates."""

    policy: Policy
    history: tuple[Update, ...]


def train(
    game: AnyGame | str = "stackattack",
    *,
    episodes: int = 8000,
    batch: int = 16,
    hidden: int = 0,
    learning_rate: float = 0.01,
    entropy_bonus: float = 0.01,
    trace: float = 0.5,
    seed: int = 0,
    opponents: Opponent | Sequence[Opponent] = "random",
    players: int = 2,
    reward: RewardKind = "margin",
    reward_scale: float = 20.0,
    policy: Policy | None = None,
    progress: Callable[[Update], None] | None = None,
    **options: Any,
) -> Training:
    """Train a `Policy` by REINFORCE against `opponents`, the learner at each seat in turn.

    Episode i is played at seat i % players, in `gymnasium_env(game, seat, opponents,
    players=players, reward=reward, ...)`; every `batch` episodes make one Adam step of
    the policy and one of the baseline. The defaults are those of the worked example
    (2-player Stack Attack: a margin of 20 penalty points is worth 1). The same
    arguments give the same policy.

    Args:
        game: a game with action ids and tensors, or its name.
        episodes: how many episodes to play (rounded up to whole batches).
        batch: episodes per update.
        hidden: the width of the policy's hidden layer (0: a linear policy).
        learning_rate: Adam's step size, for the policy and the baseline.
        entropy_bonus: the weight of the policy's entropy in what is maximised.
        trace: the lambda of the advantages (GAE): at 1 a decision is weighted by the
            episode's return less the baseline's value (plain REINFORCE with a
            baseline); below 1, partly by the baseline's values of the next decisions
            instead of the return (less noise, some bias).
        seed: seeds the policy's weights, the episodes and the learner's draws.
        opponents: the other seats' bots, as `gymnasium_env` takes them.
        players: the number of players.
        reward: "win" or "margin" (see `numrules.rl.rewards`).
        reward_scale: the margin is divided by it.
        policy: a policy to train further (None: a new one).
        progress: called after every update.
        options: Config options of the game (`hand_size=5`).

    Raises:
        ConfigError: bad arguments (see `gymnasium_env`), or a `policy` of other sizes.

    """
    if episodes < 1 or batch < 1:
        raise ConfigError(f"episodes and batch must be >= 1, got {episodes} and {batch}")
    if not (learning_rate > 0 and entropy_bonus >= 0 and 0 <= trace <= 1):
        raise ConfigError(
            "learning_rate must be > 0, entropy_bonus >= 0 and trace in 0..1, got "
            f"{learning_rate}, {entropy_bonus} and {trace}"
        )
    envs = [
        gymnasium_env(
            game,
            seat,
            opponents,
            players=players,
            reward=reward,
            reward_scale=reward_scale,
            **options,
        )
        for seat in range(players)
    ]
    inputs, outputs = envs[0].observation_size, envs[0].num_ids
    if policy is None:
        policy = Policy(inputs, outputs, hidden, seed)
    elif (policy.inputs, policy.outputs) != (inputs, outputs):
        raise ConfigError(
            f"the policy takes {policy.inputs} inputs and {policy.outputs} ids; this game "
            f"has {inputs} and {outputs}"
        )
    rng = np.random.default_rng(seed)
    for k, env in enumerate(envs):
        env.reset(seed=int(rng.integers(2**62)) + k)
    baseline = {"u": np.zeros(inputs), "c": np.zeros(1)}
    adam, value_adam = _Adam(learning_rate), _Adam(learning_rate)
    history: list[Update] = []
    played = 0
    while played < episodes:
        runs = []
        for _ in range(batch):
            runs.append(_episode(envs[played % players], policy, rng))
            played += 1
        x = np.concatenate([run.observations for run in runs])
        value = x @ baseline["u"] + baseline["c"][0]
        starts = _starts(runs)
        advantage = np.concatenate(
            [_advantages(run, value, at, trace) for run, at in zip(runs, starts, strict=True)]
        )
        target = advantage + value  # the lambda-returns, which the baseline learns
        a = np.concatenate([run.actions for run in runs])
        m = np.concatenate([run.masks for run in runs])
        normal = (advantage - advantage.mean()) / (advantage.std() + 1e-8)
        grads, entropy = policy.gradient(x, m, a, normal, entropy_bonus)
        adam.step(policy.params, grads)
        error = (target - value) / len(target)  # ascent on -(target - v)^2 / 2
        value_adam.step(baseline, {"u": x.T @ error, "c": np.array([error.sum()])})
        mean_return = float(np.mean([run.rewards.sum() for run in runs]))
        update = Update(played, mean_return, entropy)
        history.append(update)
        if progress is not None:
            progress(update)
    return Training(policy, tuple(history))


@attrs.frozen
class _Run:
    # One episode: the learner's observations, masks and ids, and the reward of each step.
    observations: Array
    masks: npt.NDArray[np.bool_]
    actions: npt.NDArray[np.int_]
    rewards: Array


def _episode(env: GymEnv, policy: Policy, rng: np.random.Generator) -> _Run:
    # One episode with ids drawn from the policy.
    observation, info = env.reset()
    xs: list[npt.NDArray[np.float32]] = []
    masks: list[Any] = []
    actions: list[int] = []
    rewards: list[float] = []
    done = False
    while not done:
        mask = info["action_mask"]
        action = policy.act(observation, mask, rng)
        xs.append(observation)
        masks.append(mask)
        actions.append(action)
        observation, reward, terminated, truncated, info = env.step(action)
        rewards.append(float(reward))
        done = terminated or truncated
    return _Run(
        np.asarray(xs, dtype=np.float64),
        np.asarray(masks, dtype=np.bool_),
        np.asarray(actions),
        np.asarray(rewards),
    )


def _starts(runs: Sequence[_Run]) -> list[int]:
    # Where each run's steps start in the batch.
    return list(np.cumsum([0] + [len(run.actions) for run in runs[:-1]]))


def _advantages(run: _Run, value: Array, start: int, trace: float) -> Array:
    # GAE(trace) without discount: sum_k trace^k delta_{t+k}, where delta_t = r_t +
    # V(s_t+1) - V(s_t) and the value after the last step is 0. At trace 1 it is the
    # return less V(s_t): REINFORCE with a baseline.
    steps = len(run.actions)
    v = value[start : start + steps]
    following = np.append(v[1:], 0.0)
    delta = run.rewards + following - v
    out = np.empty(steps)
    acc = 0.0
    for t in range(steps - 1, -1, -1):
        acc = delta[t] + trace * acc
        out[t] = acc
    return out


class PolicyBot:
    """A `Policy` as a `Bot`: it plays any seat in `play_match` and tournaments.

    It builds the seat's mask from the actions it is offered (and the pass id when the
    decision is optional, answering None for it), reads the observation tensor, and
    plays the likeliest id (`greedy`) or one drawn from the policy with its seed.
    """

    def __init__(
        self, policy: Policy, game: AnyGame | str, seed: int = 0, *, greedy: bool = True
    ) -> None:
        self.policy = policy
        self.rl: RLGame = learning_game(game)
        self.sequential = Sequential.of(self.rl)
        self.greedy = greedy
        self.seed = seed
        self._rng = np.random.default_rng(seed)

    def __repr__(self) -> str:
        return f"PolicyBot({self.rl.game.name!r}, seed={self.seed!r}, greedy={self.greedy!r})"

    def act(self, observation: Any, actions: Sequence[Any], optional: bool) -> Any | None:
        """The action of the id the policy picks among `actions` (None: the pass id)."""
        config = observation.config
        by_id = {self.rl.encode(config, action): action for action in actions}
        mask = np.zeros(self.sequential.num_ids(config), dtype=np.bool_)
        mask[list(by_id)] = True
        pass_id = self.sequential.pass_id(config)
        if optional and pass_id is not None:
            mask[pass_id] = True
        x = observation_tensor(self.rl, observation)
        action_id = self.policy.act(x, mask, None if self.greedy else self._rng)
        return by_id.get(action_id)


def policy_bot(
    seed: int = 0, *, path: str, game: str = "stackattack", greedy: int = 1
) -> PolicyBot:
    """A `PolicyBot` of the policy saved at `path`, to name in a bot spec.

    With an import path, where the command line takes one (`numrules tournament`,
    `numrules simulate`): `numrules.rl.reinforce:policy_bot?path=policy.npz`; `greedy=0`
    draws the ids from the policy instead.

    Raises:
        ConfigError: the file holds no policy, or the game cannot be learnt.

    """
    return PolicyBot(Policy.load(path), game, seed, greedy=bool(greedy))


@attrs.frozen
class Evaluation:
    """A policy's results against a bot: its share of the wins and a 95% interval."""

    opponent: str
    games: int
    wins: float
    """Games won, a win shared by k seats counting 1/k."""
    margin: float
    """The mean score margin per game: own score less the others' mean, positive when
    ahead in the game's direction (`final_rewards`' "margin")."""

    @property
    def rate(self) -> float:
        """The share of the games won."""
        return self.wins / self.games

    @property
    def interval(self) -> tuple[float, float]:
        """The Wilson 95% interval of the win rate."""
        return wilson_interval(self.wins, self.games)

    def __str__(self) -> str:
        low, high = self.interval
        return (
            f"vs {self.opponent}: won {self.wins:g} of {self.games} "
            f"({self.rate:.1%}, 95% interval {low:.1%} to {high:.1%}), "
            f"mean margin {self.margin:+.1f}"
        )


def evaluate(
    policy: Policy,
    game: AnyGame | str = "stackattack",
    opponent: str | BotSpec = "random",
    *,
    games: int = 200,
    seed: int = 0,
    players: int = 2,
    greedy: bool = True,
    **options: Any,
) -> Evaluation:
    """Play `games` seeded matches of the policy against `opponent`'s bots.

    The policy (a `PolicyBot`: the likeliest id if `greedy`, else drawn) sits at seat
    g % players in game g; every other seat gets the opponent's bot with its own seed.
    The same arguments give the same result.

    Raises:
        ConfigError: a bad game, Config or bot.

    """
    rl = learning_game(game)
    config = rl.game.Config(players=players, **options)
    wins = margin = 0.0
    for g in range(games):
        learner = g % players
        match_seed = derive_seed(seed, "evaluate", g)
        bots: list[Bot] = [
            PolicyBot(policy, rl.game, match_seed, greedy=greedy)
            if seat == learner
            else make_bot(opponent, derive_seed(match_seed, "seat", seat), rl.game)
            for seat in range(players)
        ]
        result = play_match(rl.game, config, bots, match_seed)
        if learner in result.winners:
            wins += 1.0 / len(result.winners)
        margin += final_rewards(rl.game, result.final_state, "margin")[learner]
    return Evaluation(str(opponent), games, wins, margin / games)


def main(argv: Sequence[str] | None = None) -> None:
    """The worked example of docs/rl.md: train on Stack Attack, then evaluate."""
    parser = argparse.ArgumentParser(
        prog="python -m numrules.rl.reinforce",
        description="Train a masked softmax policy by REINFORCE (numpy) against a bot, "
        "then play it against bots.",
    )
    parser.add_argument("--game", default="stackattack", help="the game (default stackattack)")
    parser.add_argument("--players", type=int, default=2, help="seats at the table (default 2)")
    parser.add_argument("--episodes", type=int, default=8000, help="games of training")
    parser.add_argument("--batch", type=int, default=16, help="episodes per update")
    parser.add_argument("--hidden", type=int, default=0, help="hidden units (0: linear)")
    parser.add_argument("--learning-rate", type=float, default=0.01, help="Adam's step size")
    parser.add_argument("--trace", type=float, default=0.5, help="GAE lambda (1: REINFORCE)")
    parser.add_argument(
        "--reward", choices=REWARD_KINDS, default="margin", help="what a game pays the learner"
    )
    parser.add_argument(
        "--reward-scale", type=float, default=20.0, help="the margin is divided by it"
    )
    parser.add_argument("--seed", type=int, default=0, help="seeds the policy and the games")
    parser.add_argument("--opponent", default="random", help="the bot trained against")
    parser.add_argument("--games", type=int, default=500, help="games per evaluation")
    parser.add_argument(
        "--against", nargs="+", default=["random", "heuristic"], help="the bots to face"
    )
    parser.add_argument("--save", type=Path, help="write the trained policy (.npz) here")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    updates = -(-args.episodes // args.batch)
    every = max(1, updates // 10)

    def report(update: Update) -> None:
        if (update.episodes // args.batch) % every == 0:
            print(
                f"episodes {update.episodes:>6}  mean return {update.mean_return:+.3f}  "
                f"entropy {update.entropy:.3f}  {time.perf_counter() - start:5.0f}s",
                flush=True,
            )

    training = train(
        args.game,
        episodes=args.episodes,
        batch=args.batch,
        hidden=args.hidden,
        learning_rate=args.learning_rate,
        trace=args.trace,
        seed=args.seed,
        opponents=args.opponent,
        players=args.players,
        reward=args.reward,
        reward_scale=args.reward_scale,
        progress=report,
    )
    print(f"trained in {time.perf_counter() - start:.0f}s; {args.games} games each:")
    policy = training.policy
    untrained = Policy(policy.inputs, policy.outputs, policy.hidden)
    faced = [(untrained, "untrained (uniform)", False)]
    faced += [(policy, "trained (greedy)", True)]
    for opponent in args.against:
        for who, name, greedy in faced:
            if who is untrained and opponent != args.against[0]:
                continue
            result = evaluate(
                who, args.game, opponent, games=args.games, players=args.players, greedy=greedy
            )
            print(f"  {name:<20} {result}", flush=True)
    if args.save is not None:
        policy.save(args.save)
        print(f"saved to {args.save}")


if __name__ == "__main__":
    main()
