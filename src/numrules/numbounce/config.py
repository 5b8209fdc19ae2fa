"""Num Bounce configuration: every number of the rules, validated on construction."""

from __future__ import annotations

import attrs

from numrules.core.errors import ConfigError
from numrules.core.validation import MAX_ROUNDS, bounded, check_bounds, check_players
from numrules.numbounce.cards import DECK_SIZE

MIN_PLAYERS = 2
MAX_PLAYERS = 8

DEFAULT_ROUNDS = 3
"""Rounds of a match when neither `rounds` nor `target_wins` is given."""


def _default_rounds(config: Config) -> int | None:
    return DEFAULT_ROUNDS if config.target_wins is None else None


@attrs.frozen(slots=True)
class Config:
    """The rules of a Num Bounce match; the defaults are the standard game.

    The match format is either a fixed number of `rounds` (most round wins; ties share)
    or `target_wins` (the first to win that many rounds). Give one of them; with neither,
    the match is `DEFAULT_ROUNDS` rounds.

    Raises:
        ConfigError: on construction, if the numbers are inconsistent (see each field).

    """

    players: int = 4
    """Number of players, 2..8."""
    hand_size: int = attrs.field(default=10, metadata=bounded(1, DECK_SIZE))
    """Cards dealt to each player at the start of a round."""
    target_wins: int | None = attrs.field(default=None, metadata=bounded(1, 1000))
    """If set, the match ends as soon as a seat has won this many rounds."""
    rounds: int | None = attrs.field(
        default=attrs.Factory(_default_rounds, takes_self=True), metadata=bounded(1, 1000)
    )
    """If set, the match is exactly this many rounds (default 3 unless `target_wins` is set)."""
    max_turns_per_round: int | None = attrs.field(default=None, metadata=bounded(1, MAX_ROUNDS))
    """If set, a round that reaches this many turns ends; the fewest cards in hand win it."""

    def __attrs_post_init__(self) -> None:
        check_players("Num Bounce", self.players, MIN_PLAYERS, MAX_PLAYERS)
        check_bounds(self)
        needed = self.players * self.hand_size + 1
        if needed > DECK_SIZE:
            raise ConfigError(
                f"{self.players} hands of {self.hand_size} plus the first discard need "
                f"{needed} cards; the deck has {DECK_SIZE}"
            )
        if (self.rounds is None) == (self.target_wins is None):
            raise ConfigError(
                "choose one match format: rounds=N (a fixed number of rounds) or "
                f"target_wins=K (first to K round wins); got rounds={self.rounds!r}, "
                f"target_wins={self.target_wins!r}"
            )
