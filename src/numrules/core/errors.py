"""The numrules error hierarchy: every error the library raises derives from `NumrulesError`."""

from __future__ import annotations

import enum
from typing import Any


class NumrulesError(Exception):
    """Base class of every error raised by numrules."""


class ConfigError(NumrulesError, ValueError):
    """A game configuration, seed or stacked deck is invalid."""


class NotationError(NumrulesError, ValueError):
    """A text in card or action notation cannot be parsed."""


class SerializationError(NumrulesError, ValueError):
    """A JSON document is malformed, of an unknown format, or describes an impossible object."""


class StateError(NumrulesError, ValueError):
    """A game state is internally inconsistent (e.g. a card missing or in two places)."""


class SamplingError(NumrulesError, ValueError):
    """An observation `sample_state` cannot sample: no full state agrees with it.

    An observation `observe` gave never raises it; a forged or tampered one may.
    """


class SeatError(NumrulesError, ValueError):
    """A seat number that does not exist in this game was passed (e.g. to `observe`)."""


class UnknownGameError(NumrulesError, LookupError):
    """No game is registered under the requested name."""


class BotError(NumrulesError):
    """A bot returned something it was not offered, or declined a required decision."""


class Reason(enum.Enum):
    """Machine-readable reason why an action was refused (`IllegalActionError.reason`)."""

    MALFORMED = "malformed"
    """The object is not an action of this game, or one of its fields has the wrong type."""
    GAME_OVER = "game_over"
    """The game has ended; no action is accepted."""
    NOT_YOUR_TURN = "not_your_turn"
    """The acting seat may not act now (or does not exist)."""
    WRONG_PHASE = "wrong_phase"
    """This kind of action is not expected at this point of the game."""
    ALREADY_ACTED = "already_acted"
    """The seat has already made its choice for this step."""
    CARD_NOT_HELD = "card_not_held"
    """The action names a card the seat does not hold."""
    BAD_TARGET = "bad_target"
    """The action names a seat, row, pile or objective it may not target."""
    NOT_ALLOWED = "not_allowed"
    """The action is well formed and in turn, but the rules forbid it here."""


class IllegalActionError(NumrulesError):
    """An action was refused by `apply`; the state it was applied to is unchanged.

    Attributes:
        action: the refused object, exactly as it was passed.
        reason: a machine-readable `Reason`.
        detail: a human-readable explanation.

    """

    def __init__(self, action: Any, reason: Reason, detail: str) -> None:
        self.action = action
        self.reason = reason
        self.detail = detail
        super().__init__(f"illegal action {_describe(action)}: {detail} [{reason.value}]")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.action, self.reason, self.detail))


def _describe(action: Any) -> str:
    # Actions print in their notation; anything else by repr, cut short so junk stays readable.
    try:
        text = str(action) if hasattr(action, "seat") else repr(action)
    except Exception:
        text = object.__repr__(action)
    return repr(text) if len(text) <= 80 else repr(text[:77] + "...")
