"""Num Stop configuration: every number of the rules, validated on construction."""

from __future__ import annotations

import enum
from typing import Any

import attrs

from numrules.core.cards import FAMILIES, MAX_VALUE, NumCard, family_cards
from numrules.core.errors import ConfigError
from numrules.core.validation import MAX_ROUNDS, bounded, check_bounds, check_players, quote
from numrules.numstop.cards import ACTION_CARDS
from numrules.numstop.objectives import DEFAULT_BONUSES, INDEX, OBJECTIVES, WILD_POINTS, Objective

MIN_PLAYERS = 2
MAX_PLAYERS = 6

MAX_BONUS = 10_000
"""Each objective bonus lies in 0..MAX_BONUS."""


class Mode(enum.Enum):
    """The two ways to play."""

    CLASSIC = "classic"
    """With the six action cards; the highest total of points wins."""
    DISCOVERY = "discovery"
    """Family cards only; the most validated objectives wins."""


def _is_int(value: Any) -> bool:
    return type(value) is int


@attrs.frozen(slots=True)
class Config:
    """The rules of a Num Stop game; the defaults are the standard CLASSIC game.

    Raises:
        ConfigError: on construction, if a value is out of range (see each field).

    """

    players: int = 4
    """Number of players, 2..6."""
    mode: Mode = Mode.CLASSIC
    """CLASSIC (with action cards, most points wins) or DISCOVERY (most objectives wins)."""
    max_value: int = attrs.field(default=MAX_VALUE, metadata=bounded(5, MAX_VALUE))
    """Family cards run from 0 to this value (16; at least 5, for the large straight)."""
    reserve_size: int = attrs.field(default=2, metadata=bounded(0, len(ACTION_CARDS)))
    """Action cards a player may keep in reserve (0 or more)."""
    family_run: int = attrs.field(default=3, metadata=bounded(2, MAX_VALUE + 1))
    """This many consecutive cards of one family at the end of a pile lose the pile."""
    value_run: int = attrs.field(default=2, metadata=bounded(2, len(FAMILIES)))
    """This many consecutive cards of one value at the end of a pile lose the pile."""
    double_draws: int = attrs.field(default=2, metadata=bounded(1, 20))
    """Compulsory draws of a turn hit by DOUBLE."""
    quantum_cards: int = attrs.field(default=3, metadata=bounded(1, 20))
    """Cards a QUANTUM takes from the stocks."""
    bonuses: tuple[int, ...] = DEFAULT_BONUSES
    """Bonus of each objective in scorecard order (`shadow_straight`: its flat score)."""
    wild_points: int = attrs.field(default=WILD_POINTS, metadata=bounded(0, 1000))
    """What a Shadow used as a wild scores in a combination."""
    max_rounds: int | None = attrs.field(default=None, metadata=bounded(1, MAX_ROUNDS))
    """If set, the game also ends after the validation of this many rounds."""

    _cards: tuple[NumCard, ...] = attrs.field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.mode, Mode):
            raise ConfigError(f"mode must be a Mode, got {quote(self.mode)}")
        check_players("Num Stop", self.players, MIN_PLAYERS, MAX_PLAYERS)
        check_bounds(self)
        if (
            not isinstance(self.bonuses, tuple)
            or len(self.bonuses) != len(OBJECTIVES)
            or not all(_is_int(b) and 0 <= b <= MAX_BONUS for b in self.bonuses)
        ):
            raise ConfigError(
                f"bonuses must be a tuple of {len(OBJECTIVES)} ints in 0..{MAX_BONUS}"
            )
        cards: tuple[NumCard, ...] = family_cards(FAMILIES, range(self.max_value + 1))
        if self.mode is Mode.CLASSIC:
            cards += ACTION_CARDS
        object.__setattr__(self, "_cards", cards)

    @property
    def classic(self) -> bool:
        """Whether the game is played with action cards (CLASSIC mode)."""
        return self.mode is Mode.CLASSIC

    def bonus(self, objective: Objective) -> int:
        """The bonus (the flat score, for `shadow_straight`) of `objective`."""
        return self.bonuses[INDEX[objective]]

    def all_cards(self) -> tuple[NumCard, ...]:
        """Every card of a round: the family cards, then the action cards (CLASSIC)."""
        return self._cards
