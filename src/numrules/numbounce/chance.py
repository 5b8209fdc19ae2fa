"""Num Bounce's chance for search code (`Game.chance`): one-round deals and a length bound."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from numrules.core.chance import Chance
from numrules.numbounce.config import Config


def single_deal(config: Config, deck_size: int) -> bool:
    """Whether the first deal is all the game's chance.

    One round, and a turn limit within which the draw pile cannot run out (so the
    discard is never recycled; a turn takes at most one card).
    """
    one_round = config.rounds == 1 or config.target_wins == 1
    limit = config.max_turns_per_round
    draw_pile = deck_size - config.players * config.hand_size - 1
    return one_round and limit is not None and limit <= draw_pile


def decided(config: Config, cards: Sequence[Any]) -> bool:
    """Whether the first `cards` decide the round: hands, first discard, possible draws."""
    turns = config.max_turns_per_round or 0
    return len(cards) >= config.players * config.hand_size + 1 + turns


def max_decisions(config: Config) -> int | None:
    """The most decisions of a game (None without `max_turns_per_round`).

    A turn is at most three actions (a take, a SHADOW interrupt, its follow-up), each
    after at most every other seat was asked about an interrupt; a round has a winner,
    so first-to-K ends within players * (K - 1) + 1 rounds.
    """
    limit = config.max_turns_per_round
    if limit is None:
        return None
    players = config.players
    if config.rounds is not None:
        rounds = config.rounds
    else:  # first to `target_wins` (a Config sets one of the two)
        rounds = players * ((config.target_wins or 1) - 1) + 1
    return rounds * limit * 3 * players


CHANCE: Chance[Config] = Chance(single_deal, decided, max_decisions)
"""Num Bounce's `Game.chance`."""
