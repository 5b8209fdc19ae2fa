"""PettingZoo's parallel environment: every seat that must choose acts in one step.

`parallel_env("stackattack", players=3)` serves Stack Attack's simultaneous picks: at a
pick every seat that has not chosen yet is asked at once, and `step(actions)` takes all
their choices. Any game without optional seats (interrupts) works the same way.

- **Who acts**: the seats the game expects now (`to_act`). Only they have a non-zero
  `action_mask`; the actions the others send are ignored (they may send anything, or
  nothing). When a single seat owes a decision (Stack Attack: a SWITCH target, a row to
  BLOCK or to take, where to put a SHIELD), only that agent acts in the step.
- **How**: the choices are applied in seat order, as `Sequential` asks them; in a
  simultaneous pick nobody sees another's choice before the reveal, so the order gives
  nobody an advantage. Each acting seat's mask is its legal ids at the start of the
  step, which is what it may answer in a simultaneous pick.
- **Refusals**: a missing or illegal action of an acting agent raises the library's
  `IllegalActionError` and leaves the environment as it was (no choice is applied).
- **Observations, rewards, seeding**: as in `numrules.rl.aec` (the tensor of each
  agent's own observation, rewards paid on the final step, `reset(seed=...)`). When the
  game ends every agent is terminated and `agents` becomes empty.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pettingzoo import ParallelEnv

from numrules.core.errors import ConfigError, IllegalActionError, Reason
from numrules.core.game import AnyGame
from numrules.rl.aec import RENDER_MODES, AgentObservation, RenderMode, Table, TableEnv, action_id
from numrules.rl.rewards import RewardKind
from numrules.rl.sequential import Turn

Observations = dict[str, AgentObservation]
Infos = dict[str, dict[str, Any]]


class NumrulesParallelEnv(TableEnv, ParallelEnv[str, AgentObservation, int]):
    """A numrules game without interrupts as a PettingZoo parallel environment.

    Build it with `parallel_env`; see the module for who acts in a step.
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
        """See `parallel_env`."""
        table = Table(game, players, reward, reward_scale, render_mode, options)
        if table.sequential.has_pass:
            raise ConfigError(
                f"{table.game.title} has interrupts (optional seats): use aec_env, which asks "
                "every seat that might interrupt in turn"
            )
        self._table = table
        self._sequential = table.sequential
        self.metadata = {"name": f"numrules_{table.game.name}_parallel_v0"}
        self.metadata["render_modes"] = list(RENDER_MODES)
        self.render_mode = render_mode
        self.possible_agents: list[str] = list(table.agents)
        self.agents: list[str] = []
        self.observation_spaces = table.observation_spaces()
        self.action_spaces = table.action_spaces()
        self._turn: Turn | None = None
        self._seed: int | None = None

    @property
    def acting(self) -> list[str]:
        """The agents that act in the next step (empty once the game is over)."""
        agents = self.possible_agents
        return [agents[seat] for seat in sorted(self.turn.order)]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observations, Infos]:
        """Deal a new game (seeding as in `numrules.rl.aec`); each agent's observation and info.

        `options` is accepted for PettingZoo's API and ignored.
        """
        self._seed, state = self._table.deal(seed)
        return self._start(state)

    def reset_to(self, state: Any) -> tuple[Observations, Infos]:
        """Start from `state`, a state of this environment's game and Config.

        Raises:
            ConfigError: `state` is not one.

        """
        observations = self._start(self._table.check_state(state))
        self._seed = None
        return observations

    def _start(self, state: Any) -> tuple[Observations, Infos]:
        self.agents = list(self.possible_agents)
        self._turn = self._sequential.start(state)
        return self._observations(self._turn), self._infos()

    def _infos(self) -> Infos:
        return {agent: {"seat": seat} for seat, agent in enumerate(self.possible_agents)}

    def _observations(self, turn: Turn) -> Observations:
        table = self._table
        state = turn.state
        acting = turn.order
        return {
            agent: {
                "observation": table.observation(state, seat),
                "action_mask": table.mask(table.choices(state, seat) if seat in acting else ()),
            }
            for seat, agent in enumerate(self.possible_agents)
        }

    def step(
        self, actions: Mapping[str, int]
    ) -> tuple[Observations, dict[str, float], dict[str, bool], dict[str, bool], Infos]:
        """Every acting agent's choice at once; the others' entries are ignored.

        Returns the observations, rewards, terminations, truncations and infos of every
        agent that was live before the step.

        Raises:
            IllegalActionError: the game is over, or an acting agent sent no action or
                one it may not take; nothing changes.

        """
        turn = self.turn
        if turn.seat is None:
            raise IllegalActionError(actions, Reason.GAME_OVER, "the game is over")
        agents = self.possible_agents
        pending = set(turn.order)
        while turn.seat is not None and turn.seat in pending:
            seat = turn.seat
            pending.discard(seat)
            agent = agents[seat]
            if agent not in actions:
                raise IllegalActionError(
                    actions, Reason.MALFORMED, f"{agent} acts now and sent no action"
                )
            turn = self._sequential.step(turn, action_id(actions[agent]))
        self._turn = turn
        observations = self._observations(turn)
        infos = self._infos()
        if turn.seat is not None:
            rewards = dict.fromkeys(agents, 0.0)
            terminations = dict.fromkeys(agents, False)
        else:
            table = self._table
            rewards = dict(zip(agents, table.final_rewards(turn.state), strict=True))
            terminations = dict.fromkeys(agents, True)
            final = table.final_info(turn.state)
            for info in infos.values():
                info.update(final)
            self.agents = []
        return observations, rewards, terminations, dict.fromkeys(agents, False), infos

    def render(self) -> str | None:
        """With render mode "ansi": the table as a spectator sees it; else None."""
        return self._table.render(self.turn.state, None)

    def close(self) -> None:
        """Nothing to release."""


def parallel_env(
    game: AnyGame | str,
    players: int | None = None,
    *,
    reward: RewardKind = "win",
    reward_scale: float = 1.0,
    render_mode: RenderMode | None = None,
    **options: object,
) -> NumrulesParallelEnv:
    """A PettingZoo parallel environment of `game` (a game without interrupts: Stack Attack).

    The arguments are those of `numrules.rl.aec_env`.

    Raises:
        ConfigError: the game cannot be used for learning, has optional seats, or an
            option, the reward or the render mode is not valid.

    """
    return NumrulesParallelEnv(
        game,
        players,
        reward=reward,
        reward_scale=reward_scale,
        render_mode=render_mode,
        **options,
    )
