"""The Num Stop search bot: the heuristic bot, improved by rollouts on sampled stocks.

`SearchBot` (registered as `search`) is a *rollout* search (policy improvement over the
heuristic bot, in the manner of Tesauro and Galperin's on-line Monte Carlo search). At
each decision of a turn with a choice, it draws `samples` states consistent with what it
knows (`sample_state`: the two stocks in a random order), and on each sample it tries
every legal action, then lets the heuristic bot play every seat until the end of the
round's play (or `depth` actions), and values the position reached with `evaluate`
(validated points plus `estimate_validation` of each collection, half of each pile's
extra value while in play). An action's score is the mean, over the samples, of its
seat's value less the best other seat's. Every action is tried on the same samples, so
they are compared on the same cards: the luck of the draw cancels out of the
difference. The best mean wins; a tie goes to the heuristic bot's own choice.

Validation (aiming at objectives and picking their cards), where the heuristic bot
already plays the exact optimum (`search_validation`), and decisions with a single
legal action are left to the heuristic bot, so no search time goes to them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from numrules.core.errors import ConfigError
from numrules.numstop.actions import Action
from numrules.numstop.bots import HeuristicBot
from numrules.numstop.estimate import PILE_SHARE, POTENTIAL, evaluate
from numrules.numstop.observation import Observation, observe
from numrules.numstop.rules import apply, legal_actions
from numrules.numstop.sampling import sample_state
from numrules.numstop.state import TURN_PHASES, State

HORIZONS = ("own", "turn", "next", "play")
"""Where a rollout stops: the end of the bot's turn, the start of its next turn, the end
of its next turn, or the end of the round's play."""


class SearchBot:
    """Rollouts of the heuristic bot on sampled stocks, for every decision of a turn.

    Reproducible from its seed: the samples come from its own `random.Random(seed)`.

    Args:
        seed: seeds the samples of the stocks.
        samples: the sampled states per decision, each shared by every action.
        depth: a rollout stops after this many actions (0: at the end of the round's
            play, when the stocks run out).

    Raises:
        ConfigError: `samples` is not a positive int, or `depth` not an int >= 0.

    """

    def __init__(
        self,
        seed: int = 0,
        *,
        samples: int = 8,
        depth: int = 0,
        horizon: str = "turn",
        pile: float = PILE_SHARE,
        potential: float = POTENTIAL,
        threshold: float = 0.0,
        late: int = 0,
        reward: str = "lead",
    ) -> None:
        if type(samples) is not int or samples < 1:
            raise ConfigError(f"samples must be a positive int, got {samples!r}")
        if type(depth) is not int or depth < 0:
            raise ConfigError(f"depth must be an int >= 0, got {depth!r}")
        if horizon not in HORIZONS:
            raise ConfigError(f"horizon must be one of {', '.join(HORIZONS)}, got {horizon!r}")
        if not isinstance(threshold, int | float) or threshold < 0:
            raise ConfigError(f"threshold must be a number >= 0, got {threshold!r}")
        self.threshold = float(threshold)
        if type(late) is not int or late < 0:
            raise ConfigError(f"late must be an int >= 0, got {late!r}")
        self.late = late
        if reward not in ("lead", "own"):
            raise ConfigError(f"reward must be 'lead' or 'own', got {reward!r}")
        self.reward = reward
        if not isinstance(pile, int | float) or not 0 <= pile <= 1:
            raise ConfigError(f"pile must be a number in 0..1, got {pile!r}")
        self.horizon = horizon
        if not isinstance(potential, int | float) or potential < 0:
            raise ConfigError(f"potential must be a number >= 0, got {potential!r}")
        self.pile = float(pile)
        self.potential = float(potential)
        self.seed = seed
        self.samples = samples
        self.depth = depth
        self._rng = random.Random(seed)
        self._heuristic = HeuristicBot(seed)
        self._policy = HeuristicBot(seed)  # plays every seat in the rollouts
        self.last: tuple[tuple[str, float], ...] = ()
        """Each action of the last searched decision with its mean score, best first."""

    def __repr__(self) -> str:
        return f"SearchBot(seed={self.seed!r}, samples={self.samples}, depth={self.depth})"

    def act(self, observation: Observation, actions: Sequence[Action], optional: bool) -> Action:
        """The action with the best mean rollout score (the heuristic's outside a turn)."""
        choice = self._heuristic.act(observation, actions, optional)
        if len(actions) == 1 or observation.phase not in TURN_PHASES:
            return choice
        if self.late and sum(observation.stock_sizes) > self.late:
            return choice
        seat = observation.seat
        assert seat is not None
        totals = [0.0] * len(actions)
        for _ in range(self.samples):
            root = sample_state(observation, self._rng)
            for i, action in enumerate(actions):
                totals[i] += self._rollout(apply(root, action), seat)
        # The best mean; the heuristic's choice wins unless beaten by `threshold` points.
        bonus = self.threshold * self.samples
        order = sorted(
            range(len(actions)),
            key=lambda i: (
                -totals[i] - (bonus if actions[i] == choice else 0.0),
                actions[i] != choice,
            ),
        )
        self.last = tuple((str(actions[i]), totals[i] / self.samples) for i in order)
        return actions[order[0]]

    def _rollout(self, state: State, seat: int) -> float:
        # The heuristic bot plays every seat until the horizon; the value is the seat's
        # lead over the best other seat then.
        policy, horizon = self._policy, self.horizon
        steps = 0
        away = back = False  # another seat has played since; the seat has played again
        while state.phase in TURN_PHASES and (not self.depth or steps < self.depth):
            player = state.player
            if player != seat:
                if horizon == "own" or back:
                    break
                away = True
            elif away:
                if horizon == "turn":
                    break
                back = horizon == "next"
            offered = legal_actions(state)
            action = (
                offered[0]
                if len(offered) == 1
                else policy.act(observe(state, player), offered, False)
            )
            state = apply(state, action)
            steps += 1
        values = evaluate(state, self.pile, self.potential)
        if self.reward == "own":
            return values[seat]
        return values[seat] - max(v for s, v in enumerate(values) if s != seat)
