"""The Num Stop search bot: the heuristic bot, improved by rollouts on sampled stocks.

`SearchBot` (registered as `search`) is a *rollout* search (one step of policy
improvement over the heuristic bot, in the manner of Tesauro and Galperin's on-line
Monte Carlo search). At a decision of its turn with a choice, it draws `samples` states
consistent with what it knows (`sample_state`: the unseen cards in the two stocks in a
random order); on each sample it tries every legal action, lets the heuristic bot play
every seat up to the `horizon`, and values the position reached with `evaluate`
(validated points, plus `estimate_validation` of each collection and what each pile and
each card promise). An action's score is the mean over the samples of the seat's value
(`reward="own"`) or of its lead over the best other seat (`reward="lead"`). Every action
is tried on the same samples; the best mean wins, and the heuristic bot's own choice
wins a tie (or any difference below `threshold` points).

The heuristic bot decides everything else: validation (picking the cards of a
combination for each objective under decision, or passing it), where it already plays
the optimum `search_validation` finds; decisions
with a single legal action; by default the lock-or-draw choice at the start of a turn
(`lock="heuristic"`); and, with `late`, every decision while the stocks hold more than
`late` cards. docs/reference/numstop.md ("The search bot") gives its measured strength and
what did not work.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import ClassVar

from numrules.core.botspec import BotOption, OptionValue, bot_options
from numrules.numstop.actions import Action
from numrules.numstop.observation import Observation, observe
from numrules.numstop.rules import apply, legal_actions
from numrules.numstop.state import TURN_PHASES, Phase, State
from numrules.numstop.strategy.bots import HeuristicBot
from numrules.numstop.strategy.evaluation import PILE_SHARE, POTENTIAL, evaluate
from numrules.numstop.strategy.push_luck import Style
from numrules.numstop.strategy.sampling import sample_state

HORIZONS = ("own", "turn", "next", "play")
"""Where a rollout stops: the end of the bot's turn, the start of its next turn, the end
of its next turn, or the end of the round's play (the stocks are empty)."""

REWARDS = ("own", "lead")
"""What a rollout scores: the seat's value, or its lead over the best other seat."""

_GREED = Style().greed

SAMPLES = 16
"""The sampled states per decision by default."""

LOCKS = ("heuristic", "search")
"""Who decides between locking and drawing at the start of a turn."""


class SearchBot:
    """Rollouts of the heuristic bot on sampled stocks, for the decisions of a turn.

    Reproducible from its seed: the samples come from its own `random.Random(seed)`.

    Args:
        seed: seeds the samples of the stocks.
        samples: the sampled states per decision, each shared by every action.
        horizon: where a rollout stops, one of `HORIZONS`.
        reward: what a rollout scores, one of `REWARDS`.
        lock: who decides to lock or draw at the start of a turn, one of `LOCKS`.
        late: search only once the stocks hold at most this many cards (0: always).
        threshold: keep the heuristic bot's choice unless another action scores this
            many points more.
        depth: a rollout also stops after this many actions (0: no limit).
        pile: `evaluate`'s share of a pile's extra validation value.
        potential: `evaluate`'s promise of a card, in points at the start of a round.
        greed: the `Style.greed` of the heuristic bot that decides what the search
            leaves, and plays the bot's seat in the rollouts (the other seats play the
            default heuristic bot).

    Raises:
        ConfigError: an option out of its range or not among its values.

    """

    OPTIONS: ClassVar[Mapping[str, BotOption]] = bot_options(
        BotOption("samples", "int", "sampled states per decision", default=SAMPLES, low=1),
        BotOption("horizon", "choice", "where a rollout stops", default="next", choices=HORIZONS),
        BotOption("reward", "choice", "what a rollout scores", default="own", choices=REWARDS),
        BotOption(
            "lock",
            "choice",
            "who decides to lock or draw at the start of a turn",
            default="heuristic",
            choices=LOCKS,
        ),
        BotOption(
            "late",
            "int",
            "search only once the stocks hold at most this many cards (0: always)",
            default=0,
            low=0,
        ),
        BotOption(
            "threshold",
            "float",
            "points another action must gain over the heuristic bot's",
            default=0.0,
            low=0,
        ),
        BotOption("depth", "int", "the longest rollout in actions (0: no limit)", default=0, low=0),
        BotOption(
            "pile",
            "float",
            "the share of a pile's extra value counted",
            default=PILE_SHARE,
            low=0,
            high=1,
        ),
        BotOption(
            "potential", "float", "what a card promises, in points", default=POTENTIAL, low=0
        ),
        BotOption("greed", "float", "the heuristic bot's greed", default=_GREED, low=0),
    )
    """The options of a `search` spec: every keyword argument."""

    @staticmethod
    def work(options: Mapping[str, OptionValue]) -> float:
        """The work of a decision: its samples."""
        samples = options.get("samples")
        return float(samples if isinstance(samples, int) else SAMPLES)

    def __init__(
        self,
        seed: int = 0,
        *,
        samples: int = SAMPLES,
        horizon: str = "next",
        reward: str = "own",
        lock: str = "heuristic",
        late: int = 0,
        threshold: float = 0.0,
        depth: int = 0,
        pile: float = PILE_SHARE,
        potential: float = POTENTIAL,
        greed: float = _GREED,
    ) -> None:
        option = self.OPTIONS
        self.seed = seed
        self.samples = option["samples"].integer(samples)
        self.horizon = option["horizon"].choice(horizon)
        self.reward = option["reward"].choice(reward)
        self.lock = option["lock"].choice(lock)
        self.late = option["late"].integer(late)
        self.threshold = option["threshold"].number(threshold)
        self.depth = option["depth"].integer(depth)
        self.pile = option["pile"].number(pile)
        self.potential = option["potential"].number(potential)
        self.greed = option["greed"].number(greed)
        self._rng = random.Random(seed)
        style = Style(greed=self.greed)
        self._heuristic = HeuristicBot(seed, style)
        # In the rollouts the bot's seat plays its own style, the others the default.
        self._own = HeuristicBot(seed, style)
        self._others = HeuristicBot(seed)
        self.last: tuple[tuple[str, float], ...] = ()
        """Each action of the last searched decision with its mean score, best first
        (empty when the last decision was left to the heuristic bot)."""

    def __repr__(self) -> str:
        return (
            f"SearchBot(seed={self.seed!r}, samples={self.samples}, "
            f"horizon={self.horizon!r}, reward={self.reward!r})"
        )

    def act(self, observation: Observation, actions: Sequence[Action], optional: bool) -> Action:
        """The action with the best mean rollout score (the heuristic's outside a turn)."""
        choice = self._heuristic.act(observation, actions, optional)
        self.last = ()
        if (
            len(actions) == 1
            or observation.phase not in TURN_PHASES
            or (self.late and sum(observation.stock_sizes) > self.late)
            or (self.lock == "heuristic" and observation.phase is Phase.START)
        ):
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
        # own, or its lead over the best other seat.
        own, others, horizon = self._own, self._others, self.horizon
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
                else (own if player == seat else others).act(observe(state, player), offered, False)
            )
            state = apply(state, action)
            steps += 1
        values = evaluate(state, self.pile, self.potential)
        if self.reward == "own":
            return values[seat]
        return values[seat] - max(v for s, v in enumerate(values) if s != seat)
