"""The `Bot` protocol: what the match driver asks of whoever plays a seat.

It has its own module so that the match driver and the searches that play matches
(`numrules.core.ismcts`) depend on the protocol alone, not on the bots of
`numrules.core.bots` and the spec checks that build them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable


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
