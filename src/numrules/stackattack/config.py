"""Stack Attack configuration: every number of the rules, validated on construction."""

from __future__ import annotations

from typing import Any

import attrs

from numrules.core.errors import ConfigError
from numrules.core.validation import MAX_ROUNDS, bounded, check_bounds, check_players
from numrules.stackattack.cards import DECK_SIZE, DEFAULT_POWERS, Card, Power, default_penalty

MIN_PLAYERS = 2
MAX_PLAYERS = 6

MAX_DECK_SIZE = 1000
"""The largest `deck_size`."""
MAX_PENALTY = 1000
"""The penalty of a card lies in 0..MAX_PENALTY."""


def _default_penalties(config: Config) -> tuple[int, ...]:
    if not _is_int(config.deck_size) or not 1 <= config.deck_size <= MAX_DECK_SIZE:
        return ()  # an invalid deck size; __attrs_post_init__ says why, without a huge table
    return tuple(default_penalty(n) for n in range(1, config.deck_size + 1))


def _is_int(value: Any) -> bool:
    return type(value) is int


@attrs.frozen(slots=True)
class Config:
    """The rules of a Stack Attack game; the defaults are the standard game.

    Raises:
        ConfigError: on construction, if the numbers are inconsistent (see each field).

    """

    players: int = 4
    """Number of players, 2..6."""
    hand_size: int = attrs.field(default=10, metadata=bounded(1, 100))
    """Cards dealt to each player per round; a round has this many turns."""
    rows: int = attrs.field(default=4, metadata=bounded(1, 16))
    """Number of rows on the table."""
    row_limit: int = attrs.field(default=5, metadata=bounded(1, 100))
    """Most cards a row holds: the card that would come after them takes the row."""
    end_score: int = attrs.field(default=64, metadata=bounded(1, 1_000_000))
    """The game ends after a round in which some total reaches this."""
    deck_size: int = attrs.field(default=DECK_SIZE, metadata=bounded(1, MAX_DECK_SIZE))
    """The cards are numbered 1..deck_size."""
    penalties: tuple[int, ...] = attrs.field(
        default=attrs.Factory(_default_penalties, takes_self=True)
    )
    """Penalty points of each card, `penalties[n - 1]` for card n."""
    switch: tuple[int, ...] = DEFAULT_POWERS[Power.SWITCH]
    """Numbers of the SWITCH cards."""
    block: tuple[int, ...] = DEFAULT_POWERS[Power.BLOCK]
    """Numbers of the BLOCK cards."""
    shield: tuple[int, ...] = DEFAULT_POWERS[Power.SHIELD]
    """Numbers of the SHIELD cards."""
    decreasing: tuple[int, ...] = DEFAULT_POWERS[Power.DECREASING]
    """Numbers of the DECREASING cards."""
    max_rounds: int | None = attrs.field(default=None, metadata=bounded(1, MAX_ROUNDS))
    """If set, the game also ends after this many rounds (a guard for custom tables)."""

    # The power of each card number (index 0 unused): a tuple, so it cannot be changed.
    _powers: tuple[Power | None, ...] = attrs.field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        check_players("Stack Attack", self.players, MIN_PLAYERS, MAX_PLAYERS)
        check_bounds(self)
        needed = self.players * self.hand_size + self.rows
        if needed > self.deck_size:
            raise ConfigError(
                f"{self.players} hands of {self.hand_size} plus {self.rows} row cards need "
                f"{needed} cards; the deck has {self.deck_size}"
            )
        if not isinstance(self.penalties, tuple) or len(self.penalties) != self.deck_size:
            raise ConfigError(f"penalties must be a tuple of {self.deck_size} ints")
        if not all(_is_int(p) and 0 <= p <= MAX_PENALTY for p in self.penalties):
            raise ConfigError(f"penalties must be ints in 0..{MAX_PENALTY}")
        powers: dict[int, Power] = {}
        for power in Power:
            numbers = getattr(self, power.value)
            if not isinstance(numbers, tuple) or not all(_is_int(n) for n in numbers):
                raise ConfigError(f"{power.value} must be a tuple of card numbers")
            for n in numbers:
                if not 1 <= n <= self.deck_size:
                    raise ConfigError(f"{power.value} card {n} is not in 1..{self.deck_size}")
                if n in powers:
                    raise ConfigError(
                        f"card {n} cannot be both {powers[n].value} and {power.value}"
                    )
                powers[n] = power
        if len(self.block) >= self.rows:
            raise ConfigError("there must be more rows than BLOCK cards, so one row stays open")
        table = tuple(powers.get(n) for n in range(self.deck_size + 1))
        object.__setattr__(self, "_powers", table)

    def power(self, card: int) -> Power | None:
        """The action of a card, or None for a plain card (or a number not in the deck)."""
        return self._powers[card] if 0 < card <= self.deck_size else None

    def penalty(self, card: int) -> int:
        """Penalty points of one card."""
        return self.penalties[card - 1]

    def all_cards(self) -> tuple[Card, ...]:
        """Every card of the deck, in ascending order."""
        return tuple(Card(n) for n in range(1, self.deck_size + 1))
