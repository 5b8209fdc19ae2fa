"""A Gymnasium environment: one learner at one seat, bots at the others (docs/rl.md).

`gymnasium_env("stackattack", players=2, opponents="random")` is a `gymnasium.Env` in
which the learner plays one seat and the other seats are played by bots, inside `step`.
The learner is asked exactly when `numrules.rl.sequential.Sequential` asks its seat: in
Num Bounce it is also asked about every interrupt it might make, and answers the pass id
when it lets one pass (its mask then holds the pass id, perhaps alone).

- **Spaces.** `observation_space` is `Box(0, 1, (n,), float32)`, the learner's
  observation tensor; `action_space` is `Discrete(num_ids)`: the game's action ids, plus
  the pass id for a game with optional seats. The mask is not in the observation: it is
  `env.action_masks()` (bool, what sb3-contrib's `MaskablePPO` reads) and
  `info["action_mask"]` (int8, what `action_space.sample(mask)` takes). A plain Box keeps
  every library's default network and `check_env` working.
- **Rewards** (`numrules.rl.rewards`): 0 on every step but the one that ends the game,
  which pays the learner's `final_rewards` ("win": +1 / -1, "margin": the score margin
  divided by `reward_scale`).
- **Illegal actions.** An id the learner may not answer now raises `IllegalActionError`
  and changes nothing (`illegal="raise"`), or ends the episode at once with reward
  `illegal_reward` (-1 by default, a loss) (`illegal="lose"`). Something that is not an
  id of the space (-1, 2.5, an id too large) is refused in both modes.
- **Opponents**: a bot name as the command line takes it (`"random"`, `"heuristic"`,
  `"ismcts?iterations=50"`), a `BotSpec`, a `Bot` object, or a sequence of them, one per
  other seat in seat order. A name is built again at every reset with its own seed,
  derived from the episode's seed; a `Bot` object is used as it is (it keeps its own
  state from episode to episode).
- **Seeding.** `reset(seed=s)` deals the same game and seeds the bots the same way, so
  the same learner actions give the same episode; `reset()` without a seed goes on with
  the environment's generator, so `reset(seed=s)` then `reset()`, `reset()`... is one
  reproducible sequence of episodes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from numrules.core.bot import Bot
from numrules.core.bots import bot_builder
from numrules.core.botspec import BotSpec
from numrules.core.errors import (
    BotError,
    ConfigError,
    IllegalActionError,
    NumrulesError,
    Reason,
)
from numrules.core.game import AnyGame
from numrules.core.rng import derive_seed
from numrules.core.seats import check_seat
from numrules.core.validation import quote
from numrules.rl.arrays import RLGame, learning_game, observation_tensor
from numrules.rl.rewards import RewardKind, check_reward_kind, final_rewards
from numrules.rl.sequential import Sequential, Turn

IllegalMode = Literal["raise", "lose"]
"""What an illegal action of the learner does: raise, or end the episode as a loss."""

Opponent = str | BotSpec | Bot
"""One opponent: a bot name or spec (built anew at every reset), or a `Bot` object."""

Observation = npt.NDArray[np.float32]
"""What the environment observes: the learner's observation tensor."""


class GymEnv(gymnasium.Env[Observation, np.int64]):
    """One learner at `seat`, bots at the other seats (see the module).

    Build it with `gymnasium_env`.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium's name)

    def __init__(
        self,
        rl: RLGame,
        config: Any,
        seat: int,
        opponents: Opponent | Sequence[Opponent],
        *,
        reward: RewardKind,
        reward_scale: float,
        illegal: IllegalMode,
        illegal_reward: float,
        render_mode: str | None,
    ) -> None:
        game = rl.game
        self.rl = rl
        """The game, with its ids and tensors."""
        self.config = config
        """The Config of every episode."""
        self.seat = check_seat(seat, config.players)
        """The learner's seat."""
        self.sequential = Sequential.of(rl)
        """How the seats are asked, one at a time."""
        self.reward_kind: RewardKind = check_reward_kind(reward)
        """The reward paid at the end ("win" or "margin")."""
        if not isinstance(reward_scale, int | float) or not reward_scale > 0:
            raise ConfigError(f"reward_scale must be a positive number, got {quote(reward_scale)}")
        self.reward_scale = float(reward_scale)
        """The margin is divided by it (`final_rewards`' scale)."""
        if illegal not in ("raise", "lose"):
            raise ConfigError(f"illegal must be 'raise' or 'lose', got {quote(illegal)}")
        self.illegal: IllegalMode = illegal
        """What an illegal action does: "raise" or "lose"."""
        if isinstance(illegal_reward, bool) or not isinstance(illegal_reward, int | float):
            raise ConfigError(f"illegal_reward must be a number, got {quote(illegal_reward)}")
        self.illegal_reward = float(illegal_reward)
        """The reward of an episode ended by an illegal action (`illegal="lose"`)."""
        if render_mode not in (None, "ansi"):
            raise ConfigError(f"render_mode must be None or 'ansi', got {quote(render_mode)}")
        self.render_mode = render_mode
        self._opponents = _opponents(game, opponents, config.players, self.seat)
        self._bots: dict[int, Bot] = {}
        self.num_ids = self.sequential.num_ids(config)
        """The size of the action space: the game's ids, and the pass id if it has one."""
        self.pass_id = self.sequential.pass_id(config)
        """The id that lets an optional decision pass (None: the game has none)."""
        self.observation_size = rl.observation_layout(config).size
        """The length of an observation: the learner's observation tensor."""
        self.observation_space = spaces.Box(0.0, 1.0, (self.observation_size,), np.float32)
        self.action_space = spaces.Discrete(self.num_ids)
        self._turn: Turn | None = None
        self._ended = False  # an illegal action ended the episode (illegal="lose")
        self._mask: npt.NDArray[np.int8] = np.zeros(self.num_ids, dtype=np.int8)

    def __repr__(self) -> str:
        return (
            f"<GymEnv {self.rl.game.name}: seat {self.seat} of {self.config.players}, "
            f"reward {self.reward_kind!r}, illegal {self.illegal!r}>"
        )

    @property
    def state(self) -> Any:
        """The game state now.

        Raises:
            NumrulesError: no episode has started (call `reset` first).

        """
        return self._current().state

    @property
    def bots(self) -> dict[int, Bot]:
        """The bots of the other seats in this episode, by seat (none before a reset)."""
        return dict(self._bots)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new game and play the bots up to the learner's first decision.

        Raises:
            ConfigError: `options` is not empty (the environment takes none).

        """
        super().reset(seed=seed)
        if options:
            raise ConfigError(f"reset takes no options, got {quote(options)}")
        root = int(self.np_random.integers(2**63))
        self._bots = {
            seat: bot if isinstance(bot, Bot) else bot(derive_seed(root, "seat", seat))
            for seat, bot in self._opponents.items()
        }
        game = self.rl.game
        state = game.new_game(self.config, derive_seed(root, "game"))
        self._ended = False
        self._turn = self.sequential.start(state)
        self._advance()
        return self._observation(), self._info()

    def step(
        self, action: np.int64 | int
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Answer the learner's decision with id `action`, then play the bots up to its next.

        Raises:
            IllegalActionError: no game is running (GAME_OVER: the episode is over, or
                none has started); `action` is not an id of the action space
                (MALFORMED); with `illegal="raise"`, an id the learner may not answer
                now (the environment is unchanged).

        """
        turn = self._turn
        if turn is None or turn.seat is None or self._ended:
            detail = "no game is running: call reset()" if turn is None else "the episode is over"
            raise IllegalActionError(action, Reason.GAME_OVER, detail)
        action_id = self._action_id(action)
        if not self._mask[action_id]:
            if self.illegal == "raise":
                raise IllegalActionError(
                    action_id,
                    Reason.NOT_ALLOWED,
                    f"id {action_id} is not one seat {self.seat} may answer now "
                    f"(legal: {self.sequential.legal_ids(turn)})",
                )
            self._ended = True
            self._mask = np.zeros(self.num_ids, dtype=np.int8)
            info = self._info()
            info["illegal_action"] = action_id
            return self._observation(), self.illegal_reward, True, False, info
        self._turn = self.sequential.step(turn, action_id)
        self._advance()
        state = self._turn.state
        if self._turn.seat is None:
            reward = final_rewards(self.rl.game, state, self.reward_kind, scale=self.reward_scale)
            return self._observation(), reward[self.seat], True, False, self._info()
        return self._observation(), 0.0, False, False, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's legal ids now, as `num_ids` booleans (all False once it is over).

        Raises:
            NumrulesError: no episode has started (call `reset` first).

        """
        self._current()
        return self._mask.astype(np.bool_)

    def legal_ids(self) -> list[int]:
        """The ids the learner may answer now, ascending (empty once the episode is over).

        Raises:
            NumrulesError: no episode has started (call `reset` first).

        """
        self._current()
        return [int(i) for i in np.flatnonzero(self._mask)]

    def render(self) -> str | None:
        """The learner's view of the table as text (render_mode "ansi"), else None.

        Raises:
            NumrulesError: no episode has started (call `reset` first).

        """
        if self.render_mode != "ansi":
            return None
        game = self.rl.game
        text: str = game.render(game.observe(self._current().state, self.seat)).text()
        return text

    def _current(self) -> Turn:
        if self._turn is None:
            raise NumrulesError("no game is running: call reset() first")
        return self._turn

    def _action_id(self, action: object) -> int:
        # An int id of the space (numpy ints too), or MALFORMED in both illegal modes.
        if isinstance(action, np.ndarray) and action.shape == ():
            action = action.item()
        if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
            raise IllegalActionError(
                action, Reason.MALFORMED, f"an action is an int id in 0..{self.num_ids - 1}"
            )
        action_id = int(action)
        if not 0 <= action_id < self.num_ids:
            raise IllegalActionError(
                action_id, Reason.MALFORMED, f"no id {action_id}: ids are 0..{self.num_ids - 1}"
            )
        return action_id

    def _advance(self) -> None:
        # Play the bots until the learner is asked or the game is over; then its mask.
        turn = self._current()
        while turn.seat is not None and turn.seat != self.seat:
            turn = self._bot_step(turn, turn.seat)
        self._turn = turn
        mask = np.zeros(self.num_ids, dtype=np.int8)
        mask[self.sequential.legal_ids(turn)] = 1
        self._mask = mask

    def _bot_step(self, turn: Turn, seat: int) -> Turn:
        game = self.rl.game
        state = turn.state
        actions = game.legal_actions_for(state, seat)
        optional = seat in turn.optional
        if optional and not actions:  # asked about an interrupt it cannot make
            return self.sequential.step(turn, self.rl.num_actions(state.config))
        bot = self._bots[seat]
        observes = getattr(bot, "needs_observation", True) is not False
        choice = bot.act(game.observe(state, seat) if observes else None, actions, optional)
        if choice is None:
            if not optional:
                raise BotError(
                    f"the bot of seat {seat} declined a required decision "
                    "(a bot may return None only when `optional` is True)"
                )
            return self.sequential.step(turn, self.rl.num_actions(state.config))
        if choice not in actions:
            raise BotError(f"the bot of seat {seat} returned {quote(choice)}, not a legal action")
        return self.sequential.start(game.apply(state, choice))

    def _observation(self) -> Observation:
        game = self.rl.game
        return observation_tensor(self.rl, game.observe(self._current().state, self.seat))

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self._mask.copy()}
        game, state = self.rl.game, self._current().state
        if game.is_terminal(state):
            info["scores"] = tuple(game.scores(state))
            info["winners"] = tuple(sorted(game.winners(state)))
        return info


def _opponents(
    game: AnyGame, opponents: Opponent | Sequence[Opponent], players: int, learner: int
) -> dict[int, Bot | Callable[[int], Bot]]:
    # Each other seat's bot object, or the builder (seed -> bot) of its spec; checked now.
    others = [seat for seat in range(players) if seat != learner]
    if isinstance(opponents, str | BotSpec | Bot):
        given: list[Opponent] = [opponents] * len(others)
    elif isinstance(opponents, Sequence):
        given = list(opponents)
        if len(given) != len(others):
            raise ConfigError(
                f"{len(others)} opponents needed (one per other seat), got {len(given)}"
            )
    else:
        raise ConfigError(
            "opponents must be a bot name, a BotSpec, a bot (an object with act) or a "
            f"list of them, got {quote(opponents)}"
        )
    out: dict[int, Bot | Callable[[int], Bot]] = {}
    for seat, opponent in zip(others, given, strict=True):
        if isinstance(opponent, str | BotSpec):
            out[seat] = bot_builder(opponent, game)
        elif isinstance(opponent, Bot):
            out[seat] = opponent
        else:
            raise ConfigError(
                f"the opponent of seat {seat} is {quote(opponent)}: a bot name, a BotSpec "
                "or a bot (an object with a method act(observation, actions, optional))"
            )
    return out


def gymnasium_env(
    game: AnyGame | str,
    seat: int = 0,
    opponents: Opponent | Sequence[Opponent] = "random",
    *,
    players: int | None = None,
    config: Any = None,
    reward: RewardKind = "win",
    reward_scale: float = 1.0,
    illegal: IllegalMode = "raise",
    illegal_reward: float = -1.0,
    render_mode: str | None = None,
    **options: Any,
) -> GymEnv:
    """A single-agent Gymnasium environment: the learner plays `seat`, bots the others.

    Args:
        game: a game with action ids and tensors, or its name.
        seat: the learner's seat.
        opponents: the bots of the other seats: one bot name or spec (`"random"`,
            `"heuristic"`), `BotSpec` or `Bot` object for all of them, or a sequence of
            those, one per other seat in seat order.
        players: the number of players (None: the Config's default).
        config: a whole Config instead of `players` and `options`.
        reward: "win" (+1 / -1 at the end) or "margin" (the score margin).
        reward_scale: the margin is divided by it.
        illegal: "raise" (`IllegalActionError`, nothing changes) or "lose" (the episode
            ends with reward `illegal_reward`).
        illegal_reward: the reward of an illegal action when `illegal="lose"`.
        render_mode: None, or "ansi" for `render()` to return the learner's view as text.
        options: Config options (`hand_size=3`), with `players`.

    Raises:
        ConfigError: the game has no action ids or tensors, a bad Config, unknown bots,
            the wrong number of opponents, or a bad reward, illegal or render mode.
        SeatError: `seat` is not a seat of the game.

    """
    rl = learning_game(game)
    if config is None:
        if players is not None:
            options["players"] = players
        config = rl.game.Config(**options)
    elif players is not None or options:
        raise ConfigError("give either a config or players and options, not both")
    if not isinstance(config, rl.game.Config):
        raise ConfigError(f"config must be a {rl.game.title} Config, got {quote(config)}")
    return GymEnv(
        rl,
        config,
        seat,
        opponents,
        reward=reward,
        reward_scale=reward_scale,
        illegal=illegal,
        illegal_reward=illegal_reward,
        render_mode=render_mode,
    )
