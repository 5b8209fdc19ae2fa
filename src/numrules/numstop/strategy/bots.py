"""The Num Stop heuristic bot: push your luck by the exact risk, validate the optimum.

Strategy
--------
`HeuristicBot` plays the way a careful player does. At the start of a turn it locks a
pile worth three cards or more (a SHADOW counts two, being a wild), any pile once the
stocks hold three cards or fewer per player, and a pile of two or more when a neighbour
holds a SWIPE. Otherwise it draws, from the stock least likely to lose the pile (a top
card it saw with FLIP is certain). After each draw it weighs the next one with the
exact odds of `risk`: a SHADOW only ends the turn, while a stop pattern (or the last
card of the round) loses the pile, so it draws again while (1 - risk) x 3 > (risk of
losing the pile) x (what the pile is worth), and otherwise stops (`luck`; the factor 3,
`Style.greed`, beat 1, 2, 5 and 8 in games between heuristic bots).
Before stopping with a pile worth two cards or more it plays a FLIP (then draws a top
it knows to be harmless) or a QUANTUM (keeping the most useful card that does not
break the pile). A drawn SHADOW is kept when the pile is worth less than it; else the
JOKER saves the pile when another draw is worth it; else the SHADOW is discarded. SKIP
goes to the opponent with the biggest unlocked pile (then the leader), DOUBLE to an
opponent whose pile is worth two cards or more, SWIPE to a neighbour whose pile is
worth two cards more than its own (`tactics`). After the round it validates the set
of combinations `search_validation` finds (node limit `Style.max_nodes`, so each
decision stays fast and deterministic): as each objective comes under decision, it
picks the cards of the plan's combination for it with `combination_actions`, or passes
it when the plan has none; then it ends.

Strength
--------
In 4-player CLASSIC games against three `RandomBot`s, the bot moving round the table
and game i played with seed i, it won 399 of 400 games (99.8%, 95% Wilson interval
98.6% to 100%), with 478.6 points on average against 121.9 for the random bots. Four
heuristic bots finished all of 40 games (6.0 rounds on average). A decision takes
1.4 ms of CPU on average; a validation decision that runs the search, up to about 1 s.
The script that measured it is in "The heuristic bot" of docs/reference/numstop.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import ClassVar

from numrules.core.botspec import BotOption, bot_options
from numrules.core.cards import SpecialCard
from numrules.numstop.actions import (
    Action,
    Activate,
    Discard,
    Draw,
    EndTurn,
    EndValidation,
    Keep,
    Lock,
    Pass,
    Reserve,
    Stop,
)
from numrules.numstop.cards import FLIP, JOKER, QUANTUM, Stock
from numrules.numstop.observation import Observation
from numrules.numstop.selection import combination_actions
from numrules.numstop.state import Phase
from numrules.numstop.strategy.action_cards import KEEP_VALUE, quantum_keep, target_for
from numrules.numstop.strategy.push_luck import (
    Style,
    odds,
    pile_worth,
    safest,
    worth_drawing,
    worth_locking,
)
from numrules.numstop.strategy.validation_plan import Plan, make_plan


class HeuristicBot:
    """Pushes its luck by the exact risk, aims its action cards, validates the optimum.

    Deterministic (its seed is kept for the Bot protocol; the play needs no chance). The
    validation plan of the current round is remembered between the decisions that play
    it.

    Args:
        seed: kept for the Bot protocol (the bot draws no random numbers).
        style: how boldly it plays (`numrules.numstop.strategy.push_luck.Style`; the defaults).

    """

    OPTIONS: ClassVar[Mapping[str, BotOption]] = bot_options()
    """A `heuristic` spec takes no options (a `Style` is not written in a spec)."""

    def __init__(self, seed: int = 0, style: Style | None = None) -> None:
        self.seed = seed
        self.style = style if style is not None else Style()
        self._plans: dict[int, Plan] = {}  # per seat, the validation plan of its round

    def __repr__(self) -> str:
        return f"HeuristicBot(seed={self.seed!r})"

    def act(self, observation: Observation, actions: Sequence[Action], optional: bool) -> Action:
        """The chosen action among `actions` (every Num Stop decision is required)."""
        handler = self._handlers()[observation.phase]
        return handler(observation, actions)

    def _handlers(self) -> dict[Phase, Callable[[Observation, Sequence[Action]], Action]]:
        return {
            Phase.START: self._start,
            Phase.DRAW: self._draw,
            Phase.REDRAW: self._draw_only,
            Phase.FLIPPED: self._flipped,
            Phase.SHADOW: self._shadow,
            Phase.ACTION: self._action_card,
            Phase.QUANTUM: self._quantum,
            Phase.SKIPPED: self._skipped,
            Phase.VALIDATION: self._validation,
            Phase.SELECTION: self._selection,
        }

    # --- a turn ---------------------------------------------------------------------

    def _start(self, observation: Observation, actions: Sequence[Action]) -> Action:
        # Lock a pile worth keeping; otherwise draw.
        lock = _find(actions, Lock)
        if lock is not None and worth_locking(observation, self.style):
            return lock
        return self._draw_only(observation, actions)

    def _draw(self, observation: Observation, actions: Sequence[Action]) -> Action:
        # Play an action card that counts now; draw while it is worth it. Otherwise look
        # first (FLIP), or make a last safe draw (QUANTUM), when the pile is worth it;
        # then stop (or draw, while a DOUBLE still owes draws).
        strike = self._strike(observation, actions)
        if strike is not None:
            return strike
        best = safest(odds(observation))
        if best.risk == 0 or worth_drawing(observation, self.style, best):
            return _draw(actions, best.stock)
        valuable = pile_worth(observation.piles[observation.player], self.style) >= 2
        flip = _activation(actions, FLIP) if valuable else None
        if flip is not None:
            return flip
        stop = _find(actions, Stop)
        if stop is None:
            return _draw(actions, best.stock)
        quantum = _quantum(observation, actions) if valuable else None
        return quantum if quantum is not None else stop

    def _strike(self, observation: Observation, actions: Sequence[Action]) -> Action | None:
        # A DOUBLE, SKIP or SWIPE of the reserve with a target worth it now.
        for action in actions:
            if isinstance(action, Activate) and isinstance(action.card, SpecialCard):
                target = target_for(action.card, observation, self.style)
                if target is not None and action.target == target:
                    return action
        return None

    def _draw_only(self, observation: Observation, actions: Sequence[Action]) -> Action:
        # The stock least likely to lose the pile (a top seen with FLIP counts).
        return _draw(actions, safest(odds(observation)).stock)

    def _flipped(self, observation: Observation, actions: Sequence[Action]) -> Action:
        # After a FLIP: draw a harmless top, or while drawing is worth it; else stop.
        best = safest(odds(observation))
        stop = _find(actions, Stop)
        if stop is None or best.risk == 0 or worth_drawing(observation, self.style, best):
            return _draw(actions, best.stock)
        return stop

    def _shadow(self, observation: Observation, actions: Sequence[Action]) -> Action:
        # A small pile is worth less than the SHADOW (a wild); a pile worth drawing onto
        # is saved by the JOKER; otherwise the SHADOW goes and the pile stays.
        shadow = observation.pending[0]
        pile = observation.piles[observation.player]
        if pile_worth(pile, self.style) < self.style.shadow_worth:
            return _required(actions, Keep(observation.player, shadow))
        joker = _activation(actions, JOKER)
        if joker is not None and self._worth_going_on(observation):
            return joker
        return _required(actions, Discard(observation.player, shadow))

    def _worth_going_on(self, observation: Observation) -> bool:
        # Whether the bot would draw again after the SHADOW is gone (it is not in a stock).
        return worth_drawing(observation, self.style, safest(odds(observation)))

    def _action_card(self, observation: Observation, actions: Sequence[Action]) -> Action:
        # A drawn action card: play whichever card counts now, else reserve it; with a
        # full reserve, play the card least worth keeping.
        strike = self._strike(observation, actions)
        if strike is not None:
            return strike
        reserve = _find(actions, Reserve)
        if reserve is not None:
            return reserve
        return max(actions, key=lambda a: -_keep_value(a))

    def _quantum(self, observation: Observation, actions: Sequence[Action]) -> Action:
        return _required(actions, Keep(observation.player, quantum_keep(observation, self.style)))

    def _skipped(self, observation: Observation, actions: Sequence[Action]) -> Action:
        strike = self._strike(observation, actions)
        return strike if strike is not None else _required(actions, EndTurn(observation.player))

    # --- validation -----------------------------------------------------------------

    def _validation(self, observation: Observation, actions: Sequence[Action]) -> Action:
        # The objective under decision: the first card of the plan's combination for it
        # (a plan is made when none fits), else pass; end once every objective is decided.
        seat, objective = observation.player, observation.objective
        if objective is None:
            return _required(actions, EndValidation(seat))
        plan = self._plans.get(seat)
        if plan is None or not plan.fits(observation):
            plan = self._plans[seat] = make_plan(observation, self.style)
        if plan.combinations and plan.combinations[0].objective is objective:
            return _required(actions, combination_actions(seat, plan.combinations[0])[0])
        return _required(actions, Pass(seat))

    def _selection(self, observation: Observation, actions: Sequence[Action]) -> Action:
        # Pick the next card of the plan's combination (in canonical order).
        seat = observation.player
        plan = self._plans.get(seat)
        if plan is not None and plan.combinations:
            combination = plan.combinations[0]
            picks = combination_actions(seat, combination)
            done = len(observation.selection)
            begun = tuple(p.card for p in picks[:done]) == observation.selection
            if combination.objective is observation.objective and begun and picks[done] in actions:
                if done + 1 == len(picks):
                    self._plans[seat] = plan.after_first()
                return picks[done]
        # Not the plan's combination (a bot built mid-game): any offered card completes it.
        self._plans.pop(seat, None)
        return actions[0]


def _find(actions: Sequence[Action], kind: type[Action]) -> Action | None:
    return next((a for a in actions if isinstance(a, kind)), None)


def _required(actions: Sequence[Action], action: Action) -> Action:
    # `action` is offered in this phase by the rules; fall back to the first action.
    return action if action in actions else actions[0]


def _draw(actions: Sequence[Action], stock: Stock) -> Action:
    draws = [a for a in actions if isinstance(a, Draw)]
    return next((a for a in draws if a.stock is stock), draws[0] if draws else actions[0])


def _activation(actions: Sequence[Action], card: SpecialCard) -> Action | None:
    return next((a for a in actions if isinstance(a, Activate) and a.card == card), None)


def _quantum(observation: Observation, actions: Sequence[Action]) -> Action | None:
    # A QUANTUM from the fuller stock, unless it would take the last cards of the round.
    if sum(observation.stock_sizes) <= observation.config.quantum_cards:
        return None
    choices = [a for a in actions if isinstance(a, Activate) and a.card == QUANTUM]
    return max(choices, key=lambda a: observation.stock_sizes[_stock_index(a)], default=None)


def _stock_index(action: Activate) -> int:
    return action.stock.index if action.stock is not None else 0


def _keep_value(action: Action) -> float:
    card = action.card if isinstance(action, Activate) else None
    return KEEP_VALUE.get(card, 0.0) if isinstance(card, SpecialCard) else 0.0
