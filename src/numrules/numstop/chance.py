"""Num Stop's chance for search code (`Game.chance`): one-round deals, no length bound."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from numrules.core.chance import Chance
from numrules.numstop.config import Config


def single_deal(config: Config, deck_size: int) -> bool:
    """Whether the first deal is all the game's chance: a game of one round."""
    return config.max_rounds == 1


def decided(config: Config, cards: Sequence[Any]) -> bool:
    """Never before the whole deck: both stocks are drawn out, so every card's place matters."""
    return False


def max_decisions(config: Config) -> None:
    """No bound: draws, locks and action cards leave none simple enough to state."""
    return


CHANCE: Chance[Config] = Chance(single_deal, decided, max_decisions)
"""Num Stop's `Game.chance`."""
