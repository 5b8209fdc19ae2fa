"""Stack Attack's chance for search code (`Game.chance`): one-round deals and a length bound."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from numrules.core.chance import Chance
from numrules.stackattack.config import Config


def single_deal(config: Config, deck_size: int) -> bool:
    """Whether the first deal is all the game's chance: a game of one round."""
    return config.max_rounds == 1


def decided(config: Config, cards: Sequence[Any]) -> bool:
    """Whether the first `cards` decide the round: the hands, then one card per row."""
    return len(cards) >= config.players * config.hand_size + config.rows


def max_decisions(config: Config) -> int | None:
    """The most decisions of a game (None without `max_rounds`).

    A turn is every seat's pick, then at most one power decision (SWITCH, BLOCK) and one
    placement (TAKE, SHIELD) per revealed card.
    """
    if config.max_rounds is None:
        return None
    return config.max_rounds * config.hand_size * 3 * config.players


CHANCE: Chance[Config] = Chance(single_deal, decided, max_decisions)
"""Stack Attack's `Game.chance`."""
