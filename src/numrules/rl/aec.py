"""PettingZoo's AEC environment on any numrules game that has action ids and tensors.

`aec_env("numwars", players=3)` is a `pettingzoo.AECEnv` whose agents `"player_0"` ..
`"player_{n-1}"` are the seats. The environment asks one agent at a time, in the order of
`numrules.rl.sequential.Sequential` (the agent selection is `Turn.seat`):

- **observations**: `{"observation": float32 tensor, "action_mask": int8 mask}`; the
  tensor is `Game.tensors.observation` of `observe(state, seat)`, so it shows the agent
  what its seat may know and nothing else. The mask has one flag per id (the game's ids,
  plus the pass id of a game with interrupts): the legal ids of the agent asked now, all
  zeros for every other agent.
- **actions**: `Discrete(num_ids)`; an id the agent may not answer now raises the
  library's `IllegalActionError` and leaves the environment as it was.
- **rewards**: paid once, on the step that ends the game (`numrules.rl.final_rewards`:
  win/loss, or the score margin); then every agent is terminated.
- **seeding**: `reset(seed=s)` deals the game `new_game(config, s)`; later resets without
  a seed continue a sequence of game seeds derived from `s` (Gymnasium's convention), and
  an environment never given a seed draws each game seed from fresh entropy
  (`numrules.core.rng.new_seed`). `game_seed` is the seed of the game being played.

See docs/rl.md ("PettingZoo") for the interrupt rule and a runnable example.
"""

from __future__ import annotations

import operator
import random
import struct
from collections.abc import Iterable, Mapping
from typing import Any, Literal

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from numrules.core.errors import ConfigError, IllegalActionError, NumrulesError, Reason, SeatError
from numrules.core.game import AnyGame
from numrules.core.options import config_from_options
from numrules.core.rng import check_seed, derive_seed, new_seed
from numrules.rl.arrays import RLGame, learning_game
from numrules.rl.rewards import RewardKind, check_reward_kind, final_rewards
from numrules.rl.sequential import Sequential, Turn

AgentObservation = dict[str, npt.NDArray[Any]]
"""What an agent observes: `{"observation": float32 array, "action_mask": int8 array}`."""

RenderMode = Literal["ansi"]
"""The render modes of the environments: `"ansi"`, the game's text view."""

RENDER_MODES: tuple[RenderMode, ...] = ("ansi",)

_MEMO_LIMIT = 1 << 16
"""How many actions' ids an environment remembers (then it starts afresh)."""


def agent_name(seat: int) -> str:
    """The PettingZoo name of a seat: `"player_0"` for seat 0."""
    return f"player_{seat}"


def action_id(action: object) -> int:
    """`action` as an id: an int or a numpy integer (not a bool).

    Raises:
        IllegalActionError: MALFORMED for anything else.

    """
    if not isinstance(action, bool):
        try:
            return operator.index(action)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise IllegalActionError(
        action, Reason.MALFORMED, "an action is an int id (or a numpy integer)"
    )


class Table:
    """What the numrules environments share: one game and Config, its sizes, spaces and deals.

    Built once per environment: the sizes and spaces are computed here, not per step.
    """

    def __init__(
        self,
        game: AnyGame | str,
        players: int | None,
        reward: RewardKind,
        reward_scale: float,
        render_mode: str | None,
        options: Mapping[str, object],
    ) -> None:
        """Read the game, its Config (`config_from_options`), the reward and render mode.

        Raises:
            ConfigError: the game has no action ids or tensors, an option or the reward
                is not valid, or the render mode is not one of `RENDER_MODES`.

        """
        self.rl: RLGame = learning_game(game)
        self.game: AnyGame = self.rl.game
        self.sequential = Sequential.of(self.rl)
        self.config: Any = config_from_options(self.game, options, players)
        self.reward = check_reward_kind(reward)
        if not (isinstance(reward_scale, int | float) and reward_scale > 0):
            raise ConfigError(f"reward_scale must be a positive number, got {reward_scale!r}")
        self.reward_scale = float(reward_scale)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ConfigError(
                f"unknown render_mode {render_mode!r}: expected None or one of "
                f"{', '.join(RENDER_MODES)}"
            )
        self.render_mode = render_mode
        self.players: int = self.config.players
        self.agents: tuple[str, ...] = tuple(agent_name(seat) for seat in range(self.players))
        self.seats: dict[str, int] = {agent: seat for seat, agent in enumerate(self.agents)}
        self.num_ids = self.sequential.num_ids(self.config)
        self.pass_id = self.sequential.pass_id(self.config)
        self.observation_size = self.rl.observation_layout(self.config).size
        # Packs a tensor's Python floats into float32 bytes: twice as fast as np.array.
        self._packer = struct.Struct(f"{self.observation_size}f")
        self._ids: dict[Any, int] = {}  # action -> id: ids are fixed for a Config
        self._resets: random.Random | None = None

    def seat_of(self, agent: str) -> int:
        """The seat of an agent name.

        Raises:
            SeatError: no agent of this environment has that name.

        """
        seat = self.seats.get(agent)
        if seat is None:
            raise SeatError(f"no agent named {agent!r}: the agents are {', '.join(self.agents)}")
        return seat

    def observation_spaces(self) -> dict[str, spaces.Space[Any]]:
        """A new observation space for each agent (each its own object, seeded apart)."""
        return {agent: self._observation_space() for agent in self.agents}

    def _observation_space(self) -> spaces.Dict:
        return spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (self.observation_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.num_ids,), np.int8),
            }
        )

    def action_spaces(self) -> dict[str, spaces.Space[Any]]:
        """A new `Discrete(num_ids)` action space for each agent."""
        return {agent: spaces.Discrete(self.num_ids) for agent in self.agents}

    def deal(self, seed: int | None) -> tuple[int, Any]:
        """The game seed and first state of a game dealt from `seed` (see the module for None).

        Raises:
            ConfigError: the seed is not an integer.

        """
        if seed is None:
            seed = new_seed() if self._resets is None else self._resets.getrandbits(64)
        else:
            seed = check_seed(int(seed) if isinstance(seed, np.integer) else seed)
            self._resets = random.Random(derive_seed(seed, "resets"))
        return seed, self.game.new_game(self.config, seed)

    def check_state(self, state: Any) -> Any:
        """`state` itself if it is a state of this game and Config.

        Raises:
            ConfigError: it is not.

        """
        if type(state) is not self.game.State or state.config != self.config:
            raise ConfigError(f"not a {self.game.title} state of this environment's Config")
        return state

    def observation(self, state: Any, seat: int) -> npt.NDArray[np.float32]:
        """`seat`'s observation tensor at `state` (a new, writable float32 array)."""
        values = self.rl.tensors.observation(self.game.observe(state, seat))
        packer = self._packer
        buffer = bytearray(packer.size)
        packer.pack_into(buffer, 0, *values)
        return np.frombuffer(buffer, dtype=np.float32)

    def mask(self, ids: Iterable[int]) -> npt.NDArray[np.int8]:
        """A new int8 mask with 1 at each of `ids` (none: all zeros)."""
        flags = bytearray(self.num_ids)  # set item by item: faster than numpy for a few ids
        for i in ids:
            flags[i] = 1
        return np.frombuffer(flags, dtype=np.int8)

    def choices(self, state: Any, seat: int) -> dict[int, Any]:
        """The ids of `seat`'s legal actions at `state` (no pass id), each with its action.

        An id that several legal actions share maps to None: `decode_action` chooses.
        """
        memo = self._ids
        encode = self.rl.encode
        config = self.config
        out: dict[int, Any] = {}
        for action in self.game.legal_actions_for(state, seat):
            known = memo.get(action)
            if known is None:
                if len(memo) >= _MEMO_LIMIT:
                    memo.clear()
                known = memo[action] = encode(config, action)
            out[known] = None if known in out else action
        return out

    def final_rewards(self, state: Any) -> tuple[float, ...]:
        """Each seat's reward for the finished game `state`."""
        return final_rewards(self.game, state, self.reward, scale=self.reward_scale)

    def final_info(self, state: Any) -> dict[str, Any]:
        """What every agent's info gets when the game ends: the scores and the winners."""
        return {
            "scores": tuple(self.game.scores(state)),
            "winners": tuple(sorted(self.game.winners(state))),
        }

    def render(self, state: Any, seat: int | None) -> str | None:
        """The game's text view for `seat` (None: a spectator), or None without a render mode."""
        if self.render_mode is None:
            return None
        text: str = self.game.render(self.game.observe(state, seat)).text()
        return text

    def text(self, turn: Turn, action_id: int) -> str:
        """The notation of what the seat asked now would do with `action_id`.

        Raises:
            IllegalActionError: the seat may not answer `action_id` now.

        """
        seat = turn.seat
        if seat is None:
            raise IllegalActionError(action_id, Reason.GAME_OVER, "the game is over")
        if action_id == self.pass_id and seat in turn.optional:
            return f"seat {seat} lets the interrupt pass (the pass id: no action of the game)"
        return str(self.rl.decode(turn.state, seat, action_id))


class TableEnv:
    """What both PettingZoo environments show of their table: the game, ids, turn and spaces."""

    _table: Table
    _turn: Turn | None
    _seed: int | None
    observation_spaces: dict[str, spaces.Space[Any]]
    action_spaces: dict[str, spaces.Space[Any]]

    @property
    def config(self) -> Any:
        """The Config of the games this environment deals."""
        return self._table.config

    @property
    def game(self) -> AnyGame:
        """The numrules game."""
        return self._table.game

    @property
    def num_ids(self) -> int:
        """The size of the action space: the game's ids, plus the pass id if it has one."""
        return self._table.num_ids

    @property
    def pass_id(self) -> int | None:
        """The id that lets an interrupt go (the last id), or None for a game without one."""
        return self._table.pass_id

    @property
    def turn(self) -> Turn:
        """The game state and the seats left to ask (`Sequential`'s `Turn`)."""
        if self._turn is None:
            raise NumrulesError("the environment has no game yet: call reset() first")
        return self._turn

    @property
    def game_state(self) -> Any:
        """The numrules state of the game being played."""
        return self.turn.state

    @property
    def game_seed(self) -> int | None:
        """The seed the game being played was dealt from (None after `reset_to`)."""
        return self._seed

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """`Dict(observation=Box(0, 1, (size,), float32), action_mask=Box(0, 1, (ids,), int8))`."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """`Discrete(num_ids)`."""
        return self.action_spaces[agent]


class NumrulesAECEnv(TableEnv, AECEnv[str, AgentObservation, int]):
    """A numrules game as a PettingZoo AEC environment, one agent asked at a time.

    Build it with `aec_env`; see the module for the observations, masks, rewards and
    seeding, and docs/rl.md for the interrupt rule.
    """

    def __init__(
        self,
        game: AnyGame | str,
        players: int | None = None,
        *,
        reward: RewardKind = "win",
        reward_scale: float = 1.0,
        render_mode: RenderMode | None = None,
        **options: object,
    ) -> None:
        """See `aec_env`."""
        table = Table(game, players, reward, reward_scale, render_mode, options)
        self._table = table
        self._sequential = table.sequential
        self.metadata = {
            "name": f"numrules_{table.game.name}_v0",
            "render_modes": list(RENDER_MODES),
            "is_parallelizable": False,
        }
        self.render_mode = render_mode
        self.possible_agents: list[str] = list(table.agents)
        self.agents: list[str] = []
        self.observation_spaces = table.observation_spaces()
        self.action_spaces = table.action_spaces()
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = self.possible_agents[0]
        self._turn: Turn | None = None
        self._choices: dict[int, Any] | None = None  # the legal ids of the seat asked now
        self._seed: int | None = None

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: from `seed`, or the next seed of the sequence (see the module).

        `options` is accepted for PettingZoo's API and ignored: the rules are set when
        the environment is made.
        """
        self._seed, state = self._table.deal(seed)
        self._start(state)

    def reset_to(self, state: Any) -> None:
        """Start from `state`, a state of this environment's game and Config (a position to study).

        Raises:
            ConfigError: `state` is not one.

        """
        self._start(self._table.check_state(state))
        self._seed = None

    def _start(self, state: Any) -> None:
        agents = self.possible_agents
        self.agents = list(agents)
        self.rewards = dict.fromkeys(agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(agents, 0.0)
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self.infos = {agent: {"seat": seat} for seat, agent in enumerate(agents)}
        self._enter(self._sequential.start(state))

    def _enter(self, turn: Turn) -> None:
        # Make `turn` current: the next agent, or the rewards and terminations at the end.
        self._turn = turn
        self._choices = None
        seat = turn.seat
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
            return
        table = self._table
        state = turn.state
        final = table.final_info(state)
        for agent, reward in zip(self.possible_agents, table.final_rewards(state), strict=True):
            self.rewards[agent] = reward
            self.terminations[agent] = True
            self.infos[agent].update(final)
        self._accumulate_rewards()

    def observe(self, agent: str) -> AgentObservation:
        """`agent`'s tensor and mask now (the mask is all zeros unless it is asked now)."""
        table = self._table
        seat = table.seat_of(agent)
        turn = self.turn
        if seat != turn.seat:
            mask = table.mask(())
        elif seat in turn.optional:
            mask = table.mask((*self._legal(), table.num_ids - 1))  # and the pass id
        else:
            mask = table.mask(self._legal())
        return {"observation": table.observation(turn.state, seat), "action_mask": mask}

    def _legal(self) -> dict[int, Any]:
        # The ids of the seat asked now, with their actions (`Table.choices`), once a turn.
        choices = self._choices
        if choices is None:
            turn = self.turn
            seat = turn.seat
            choices = {} if seat is None else self._table.choices(turn.state, seat)
            self._choices = choices
        return choices

    def step(self, action: int | np.integer[Any] | None) -> None:
        """The agent selected answers `action` (None once it is terminated).

        Raises:
            IllegalActionError: the agent may not answer `action` now; nothing changes.

        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)  # type: ignore[arg-type]  # None, as PettingZoo asks
            return
        turn = self.turn
        chosen = action_id(action)
        move = self._legal().get(chosen)
        if move is None:  # the pass id, an id actions share, or one refused: as Sequential says
            turn = self._sequential.step(turn, chosen)
        else:  # what Sequential.step does, without decoding the id again
            turn = self._sequential.start(self._table.game.apply(turn.state, move))
        self._cumulative_rewards[agent] = 0.0
        self._enter(turn)

    def action_text(self, action: int) -> str:
        """The notation of what the agent selected would do with the id `action`.

        Raises:
            IllegalActionError: it may not answer that id now.

        """
        return self._table.text(self.turn, action_id(action))

    def render(self) -> str | None:
        """With render mode "ansi": the game as the agent selected sees it; else None."""
        turn = self.turn
        return self._table.render(turn.state, self._table.seat_of(self.agent_selection))

    def close(self) -> None:
        """Nothing to release."""


def aec_env(
    game: AnyGame | str,
    players: int | None = None,
    *,
    reward: RewardKind = "win",
    reward_scale: float = 1.0,
    render_mode: RenderMode | None = None,
    **options: object,
) -> NumrulesAECEnv:
    """A PettingZoo AEC environment of `game` (a name or a `Game`) for `players` seats.

    Args:
        game: a game with action ids and tensors (`learning_game` accepts it).
        players: the number of seats (None: the game's smallest table, `Game.min_players`).
        reward: `"win"` (+1 win, -1 loss) or `"margin"` (see `numrules.rl.final_rewards`).
        reward_scale: the margin is divided by it.
        render_mode: `"ansi"` for `render()` to return the text view, or None.
        **options: the game's Config options by name, as text or values (read by
            `numrules.core.options.config_from_options`, as the CLI and server read them).

    Raises:
        ConfigError: the game cannot be used for learning, or an option, the reward or
            the render mode is not valid.

    """
    return NumrulesAECEnv(
        game,
        players,
        reward=reward,
        reward_scale=reward_scale,
        render_mode=render_mode,
        **options,
    )
