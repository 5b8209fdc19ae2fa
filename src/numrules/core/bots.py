"""Bots: the `Bot` protocol and `RandomBot`.

A bot sees only what `observe` gives its seat, plus that seat's legal actions, and
returns one of those actions. When the match driver offers an *optional* decision (an
out-of-turn action such as a Num Bounce interrupt, which the seat may simply let pass),
the bot may return None to decline.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from numrules.core.errors import ConfigError


@runtime_checkable
class Bot(Protocol):
    """Anything that picks an action for one seat."""

    def act(self, observation: Any, actions: Sequence[Any], optional: bool) -> Any | None:
        """Return one of `actions`, or None to decline when `optional` is True.

        Args:
            observation: `observe(state, seat)` for the bot's seat.
            actions: the seat's legal actions now (never empty), in a deterministic order.
            optional: True when the seat may let this decision pass (e.g. an interrupt).

        """
        ...


class RandomBot:
    """Picks uniformly among the legal actions; reproducible from its seed.

    When a decision is optional, it first declines with probability `decline`
    (default 0.5), then picks uniformly among the actions.
    """

    def __init__(self, seed: int = 0, decline: float = 0.5) -> None:
        if not 0.0 <= decline <= 1.0:
            raise ConfigError(f"decline must be a probability in [0, 1], got {decline!r}")
        self.seed = seed
        self.decline = decline
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r}, decline={self.decline!r})"

    def act(self, observation: Any, actions: Sequence[Any], optional: bool) -> Any | None:
        """Decline an optional decision with probability `decline`, else a uniform pick."""
        if optional and self._rng.random() < self.decline:
            return None
        return actions[self._rng.randrange(len(actions))]


class FirstBot:
    """Always plays the first legal action and never declines: a deterministic baseline."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def __repr__(self) -> str:
        return "FirstBot()"

    def act(self, observation: Any, actions: Sequence[Any], optional: bool) -> Any | None:
        """Return `actions[0]`."""
        return actions[0]


BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "first": FirstBot}
"""Bots by name, each built from a seed (used by the command line)."""
