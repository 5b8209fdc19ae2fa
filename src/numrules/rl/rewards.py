"""What a finished game is worth to each seat: the rewards of every numrules environment.

Two kinds, named by `RewardKind`:

- `"win"` (the default): +1 for a winner, -1 for a loser; ties share the win, so every
  tied winner gets +1. A game that every seat wins (a full tie) gives 0 to all.
- `"margin"`: the seat's score against the mean of the others' scores, in the game's
  direction (penalty points count against): (own - mean of others) / scale, negated
  when `lower_score_wins`. `scale` (default 1) lets a learner bring it near [-1, 1].

Rewards are paid once, on the step that ends the game; every earlier step pays 0.
"""

from __future__ import annotations

from typing import Any, Literal

from numrules.core.errors import ConfigError
from numrules.core.game import AnyGame

RewardKind = Literal["win", "margin"]
"""The reward of a finished game: win/loss, or the score margin."""

REWARD_KINDS: tuple[RewardKind, ...] = ("win", "margin")


def check_reward_kind(kind: object) -> RewardKind:
    """`kind` itself when it is a reward kind.

    Raises:
        ConfigError: it is not one of `REWARD_KINDS`.

    """
    if kind == "win":
        return "win"
    if kind == "margin":
        return "margin"
    raise ConfigError(f"unknown reward {kind!r}: expected one of {', '.join(REWARD_KINDS)}")


def final_rewards(
    game: AnyGame, state: Any, kind: RewardKind = "win", *, scale: float = 1.0
) -> tuple[float, ...]:
    """Each seat's reward for the finished game `state` (all zeros if it is not over)."""
    players: int = state.config.players
    if not game.is_terminal(state):
        return (0.0,) * players
    if kind == "win":
        winners = game.winners(state)
        if len(winners) == players:
            return (0.0,) * players
        return tuple(1.0 if seat in winners else -1.0 for seat in range(players))
    scores = game.scores(state)
    total = sum(scores)
    sign = -1.0 if game.lower_score_wins else 1.0
    others = players - 1
    return tuple(sign * (score - (total - score) / others) / scale for score in scores)
