"""Num Wars configuration: every number of the rules, validated on construction."""

from __future__ import annotations

from typing import Any

import attrs

from numrules.core.cards import NumCard
from numrules.core.errors import ConfigError
from numrules.core.validation import bounded, check_bounds, check_int, check_players, quote
from numrules.numwars.cards import BOMB, JOKER, NEUTRAL_ONES, NUM_X, QUANTUM, Format

MIN_PLAYERS = 3
MAX_PLAYERS = 8

HAND_SIZES: dict[int, int] = {3: 27, 4: 20, 5: 16, 6: 17, 7: 15, 8: 13}
"""The standard hand size (role card included) for each number of players."""

MAX_ROUNDS = 1000
"""The most rounds a game may have."""
MAX_BONUS = 10_000
"""Every bonus and penalty of the scoring lies in -MAX_BONUS..MAX_BONUS."""
MAX_HAND_SIZE = max(len(f.cards()) for f in Format)
"""The largest `hand_size` of any format (the whole FULL deck); the players' hands must
also fit in the chosen format's deck together."""
SHORT_MAX_PLAYERS = 5
"""Up to this many players the default format is SHORT; above it, FULL."""


def _is_int(value: Any) -> bool:
    return type(value) is int


def _default_format(config: Config) -> Format:
    players = config.players
    return Format.FULL if _is_int(players) and players > SHORT_MAX_PLAYERS else Format.SHORT


def _default_hand_size(config: Config) -> int:
    size = HAND_SIZES.get(config.players) if _is_int(config.players) else None
    if size is None or not isinstance(config.format, Format):
        return 1  # an invalid config; __attrs_post_init__ says why
    return min(size, len(config.format.cards()) // config.players)


def _default_rounds(config: Config) -> int:
    return config.players if _is_int(config.players) else 1


def _bonus(default: int) -> Any:
    # A bonus or penalty field: an int in -MAX_BONUS..MAX_BONUS.
    return attrs.field(default=default, metadata=bounded(-MAX_BONUS, MAX_BONUS))


@attrs.frozen(slots=True)
class Config:
    """The rules of a Num Wars game; the defaults are the standard game.

    Raises:
        ConfigError: on construction, if the numbers are inconsistent (see each field).

    """

    players: int = 4
    """Number of players, 3..8."""
    format: Format = attrs.field(default=attrs.Factory(_default_format, takes_self=True))
    """The deck: SHORT (0..12) by default up to 5 players, FULL (0..16) from 6."""
    hand_size: int = attrs.field(
        default=attrs.Factory(_default_hand_size, takes_self=True),
        metadata=bounded(1, MAX_HAND_SIZE),
    )
    """Cards per hand, role card included: 27/20/16/17/15/13 for 3..8 players (capped to
    what the deck allows when the format is overridden)."""
    rounds: int = attrs.field(
        default=attrs.Factory(_default_rounds, takes_self=True), metadata=bounded(1, MAX_ROUNDS)
    )
    """Rounds in a game; as many as players by default."""
    joker_from: int = attrs.field(default=4, metadata=bounded(0, MAX_PLAYERS + 1))
    """The JOKER joins the role lot from this many players."""
    pair_points: int = _bonus(0)
    """Points of two classic cards of one value (instead of their value)."""
    triple_bonus: int = _bonus(30)
    """Three classic cards of one value score their value plus this."""
    quadruple_bonus: int = _bonus(50)
    """Four classic cards of one value score their value plus this."""
    bomb_kept: int = _bonus(50)
    """Bomber's bonus when the Bomb is kept without the Joker's help."""
    bomb_protected: int = _bonus(30)
    """Bomber's bonus when the Bomb is kept because the Joker neutralised a threat."""
    joker_protects: int = _bonus(20)
    """Bonus of whoever played the Joker that protected the Bomb."""
    deminer_captures: int = _bonus(50)
    """Deminer's bonus for capturing the Bomb."""
    civilian_captures: int = _bonus(15)
    """Bonus of every Civilian when a Civilian captures the Bomb."""
    num_x_captures: int = _bonus(-10)
    """Num-X player's bonus (a penalty) for capturing the Bomb."""
    deminer_consolation: int = _bonus(20)
    """Deminer's bonus for winning the trick holding the JOKER without capturing the Bomb."""
    num_x_spared: int = _bonus(30)
    """Num-X player's bonus when neither a Civilian nor the Num-X player captured the Bomb."""

    _deck: tuple[NumCard, ...] = attrs.field(init=False, eq=False, repr=False, hash=False)
    _lot: tuple[NumCard, ...] = attrs.field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        check_players("Num Wars", self.players, MIN_PLAYERS, MAX_PLAYERS)
        if not isinstance(self.format, Format):
            raise ConfigError(f"format must be a numwars.Format, got {quote(self.format)}")
        deck_size = len(self.format.cards())
        check_int("hand_size", self.hand_size, 1, deck_size)
        check_bounds(self)
        deck = self.format.cards()
        if self.players * self.hand_size > len(deck):
            raise ConfigError(
                f"{self.players} hands of {self.hand_size} need {self.players * self.hand_size} "
                f"cards; the {self.format.value} deck has {len(deck)}"
            )
        joker = (JOKER,) if self.players >= self.joker_from else ()
        lot = (BOMB, QUANTUM, NUM_X, *joker, *NEUTRAL_ONES)[: self.players]
        if len(lot) < self.players:
            raise ConfigError(
                f"the role lot of {self.players} players without the JOKER needs "
                f"{self.players - 3} neutral 1s; there are {len(NEUTRAL_ONES)} (lower joker_from)"
            )
        object.__setattr__(self, "_deck", deck)
        object.__setattr__(self, "_lot", lot)

    def all_cards(self) -> tuple[NumCard, ...]:
        """Every card of this format's deck, in canonical order."""
        return self._deck

    def lot(self) -> tuple[NumCard, ...]:
        """The role lot, one card per player: BOMB, QUANTUM, NUMX, [JOKER], neutral 1s."""
        return self._lot

    @property
    def aside(self) -> int:
        """How many cards are set aside, unseen, each round."""
        return len(self._deck) - self.players * self.hand_size
