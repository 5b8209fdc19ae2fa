"""Stack Attack configuration: every number of the rules, validated on construction."""

from __future__ import annotations

from typing import Any

import attrs

from numrules.core.errors import ConfigError
from numrules.stackattack.cards import DECK_SIZE, DEFAULT_POWERS, Card, Power, default_penalty

MIN_PLAYERS = 2
MAX_PLAYERS = 6


def _default_penalties(config: Config) -> tuple[int, ...]:
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
    hand_size: int = 10
    """Cards dealt to each player per round; a round has this many turns."""
    rows: int = 4
    """Number of rows on the table."""
    row_limit: int = 5
    """Most cards a row holds: the card that would come after them takes the row."""
    end_score: int = 64
    """The game ends after a round in which some total reaches this."""
    deck_size: int = DECK_SIZE
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
    max_rounds: int | None = None
    """If set, the game also ends after this many rounds (a guard for custom tables)."""

    _powers: dict[int, Power] = attrs.field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        for name in ("players", "hand_size", "rows", "row_limit", "end_score", "deck_size"):
            value = getattr(self, name)
            if not _is_int(value) or value < 1:
                raise ConfigError(f"{name} must be a positive int, got {value!r}")
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ConfigError(
                f"Stack Attack is for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {self.players}"
            )
        needed = self.players * self.hand_size + self.rows
        if needed > self.deck_size:
            raise ConfigError(
                f"{self.players} hands of {self.hand_size} plus {self.rows} row cards need "
                f"{needed} cards; the deck has {self.deck_size}"
            )
        if self.max_rounds is not None and (not _is_int(self.max_rounds) or self.max_rounds < 1):
            raise ConfigError(f"max_rounds must be a positive int or None, got {self.max_rounds!r}")
        if not isinstance(self.penalties, tuple) or len(self.penalties) != self.deck_size:
            raise ConfigError(f"penalties must be a tuple of {self.deck_size} ints")
        if not all(_is_int(p) and p >= 0 for p in self.penalties):
            raise ConfigError("penalties must be ints >= 0")
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
        object.__setattr__(self, "_powers", powers)

    def power(self, card: int) -> Power | None:
        """The action of a card, or None for a plain card."""
        return self._powers.get(card)

    def penalty(self, card: int) -> int:
        """Penalty points of one card."""
        return self.penalties[card - 1]

    def all_cards(self) -> tuple[Card, ...]:
        """Every card of the deck, in ascending order."""
        return tuple(Card(n) for n in range(1, self.deck_size + 1))
