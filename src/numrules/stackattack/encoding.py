"""Stack Attack action ids, fixed for a Config (see docs/reference/stackattack.md).

With D = `deck_size`, P = `players` and R = `rows`, the ids run in blocks:

| ids | action |
| --- | --- |
| 0 .. D-1 | `Choose(card)`: id card - 1 |
| D .. D+P-2 | `Switch(target)`: the other seats in order, the own seat left out |
| then R ids each | `Block(row)`, `TakeRow(row)`, `PlaceShield(row)`: by row |

`num_actions` is D + P - 1 + 3R (79 for the default game). No two legal actions share
an id.
"""

from __future__ import annotations

from numrules.core.errors import IllegalActionError, Reason
from numrules.core.game import seat_actions
from numrules.stackattack.actions import Action, Block, Choose, PlaceShield, Switch, TakeRow
from numrules.stackattack.cards import Card
from numrules.stackattack.config import Config
from numrules.stackattack.rules import legal_actions
from numrules.stackattack.state import State

_legal_actions_for = seat_actions(legal_actions)
_ROW_KINDS: tuple[type[Block | TakeRow | PlaceShield], ...] = (Block, TakeRow, PlaceShield)


def num_actions(config: Config) -> int:
    """How many action ids a game of `config` has: deck_size + players - 1 + 3 * rows."""
    return config.deck_size + config.players - 1 + 3 * config.rows


def encode_action(config: Config, action: Action) -> int:
    """The id of `action` under `config` (the table of the module docstring).

    Raises:
        IllegalActionError: MALFORMED when `action` names no id of `config` (a card, seat
            or row outside the game, a switch with the own seat, or not an action).

    """
    kind = type(action)
    deck = config.deck_size
    if kind is Choose:
        card = action.card  # type: ignore[union-attr]
        if type(card) is int and 1 <= card <= deck:
            return card - 1
    elif kind is Switch:
        seat, target = action.seat, action.target  # type: ignore[union-attr]
        if type(target) is int and 0 <= target < config.players and target != seat:
            return deck + target - (target > seat)
    elif kind in _ROW_KINDS:
        row = action.row  # type: ignore[union-attr]
        if type(row) is int and 0 <= row < config.rows:
            return deck + config.players - 1 + _ROW_KINDS.index(kind) * config.rows + row
    raise IllegalActionError(action, Reason.MALFORMED, "no action id of this Config names it")


def decode_action(state: State, seat: int, action_id: int) -> Action:
    """The legal action of `seat` whose id is `action_id`.

    Raises:
        IllegalActionError: BAD_TARGET when no legal action of `seat` has this id.
        SeatError: `seat` is not a seat of the game.

    """
    config = state.config
    legal = _legal_actions_for(state, seat)
    candidate = _candidate(config, seat, action_id)
    if candidate is not None and candidate in legal:
        return candidate
    raise IllegalActionError(
        action_id, Reason.BAD_TARGET, f"no legal action of seat {seat} has id {action_id!r}"
    )


def _candidate(config: Config, seat: int, action_id: object) -> Action | None:
    # The one action of `seat` an id names under `config`, legal or not (None: no such id).
    if type(action_id) is not int or not 0 <= action_id < num_actions(config):
        return None
    deck, others = config.deck_size, config.players - 1
    if action_id < deck:
        return Choose(seat, Card(action_id + 1))
    if action_id < deck + others:
        target = action_id - deck
        return Switch(seat, target + (target >= seat))
    kind, row = divmod(action_id - deck - others, config.rows)
    return _ROW_KINDS[kind](seat, row)


def legal_action_mask(state: State, seat: int) -> tuple[bool, ...]:
    """One flag per id: whether it is the id of a legal action of `seat` now."""
    config = state.config
    mask = [False] * num_actions(config)
    for action in _legal_actions_for(state, seat):
        mask[encode_action(config, action)] = True
    return tuple(mask)
