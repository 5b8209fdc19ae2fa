"""Num Stop action ids, fixed for a Config (see docs/reference/numstop.md).

With P = `players` and C = 6 x (`max_value` + 1), the family cards of the deck (102
by default) in canonical order (`num_card_key`: R0, R1, ..., B0, ..., SH16), the ids
run in blocks:

| ids | action |
| --- | --- |
| 0, 1 | `Lock`, `Stop` |
| 2, 3 | `Draw(A)`, `Draw(B)` |
| 4 | `Activate(JOKER)` |
| the next P | `Activate(DOUBLE, target)`: by target seat, 0 to P-1 |
| the next P-1 | `Activate(SKIP, target)`: the other seats in order, the own seat left out |
| the next 1 | `Activate(FLIP)` |
| the next P-1 | `Activate(SWIPE, target)`: as SKIP |
| the next 2 | `Activate(QUANTUM, stock)`: A, B |
| the next 6 | `Reserve(card)`: JOKER, DOUBLE, SKIP, FLIP, SWIPE, QUANTUM |
| the next C | `Keep(card)`: by family card (the drawn Shadow, or a QUANTUM card) |
| the next 3 | `Keep(None)`, `Discard` (the drawn Shadow), `EndTurn` |
| the next C | `Pick(card)`: by family card |
| the last 2 | `Pass`, `EndValidation` |

`num_actions` is 3P + 2C + 17: 233 for the default game (4 players, values 0..16).
DISCOVERY games have the same ids; those of the action cards are never legal there.
The seat is not part of an id (only the seat to act has legal actions), except that
SKIP and SWIPE number their targets around it.

No two legal actions of a seat share an id. The `Discard` id does not name the Shadow:
only the Shadow just drawn can be discarded, so at most one `Discard` is ever legal.
"""

from __future__ import annotations

from functools import cache

from numrules.core.cards import FamilyCard, Special, SpecialCard, is_num_card, num_card_key
from numrules.core.errors import IllegalActionError, Reason
from numrules.core.game import seat_actions
from numrules.numstop.actions import (
    Action,
    Activate,
    Discard,
    Draw,
    EndTurn,
    EndValidation,
    Keep,
    Lock,
    Pass,
    Pick,
    Reserve,
    Stop,
)
from numrules.numstop.cards import ACTION_CARDS, Stock, is_action_card, is_shadow
from numrules.numstop.config import Config
from numrules.numstop.rules import legal_actions
from numrules.numstop.state import State

_legal_actions_for = seat_actions(legal_actions)

_RESERVE_INDEX = {card: i for i, card in enumerate(ACTION_CARDS)}


class _Layout:
    """Where each block of ids begins, for one number of players and one deck."""

    __slots__ = (
        "cards",
        "discard",
        "double",
        "end_turn",
        "end_validation",
        "flip",
        "keep",
        "keep_none",
        "pass_",
        "pick",
        "players",
        "quantum",
        "reserve",
        "size",
        "skip",
        "swipe",
    )

    def __init__(self, players: int, family: tuple[FamilyCard, ...]) -> None:
        self.players = players
        self.cards = {card: i for i, card in enumerate(family)}
        self.double = 5  # after lock, stop, draw A, draw B and JOKER
        self.skip = self.double + players
        self.flip = self.skip + players - 1
        self.swipe = self.flip + 1
        self.quantum = self.swipe + players - 1
        self.reserve = self.quantum + 2
        self.keep = self.reserve + len(ACTION_CARDS)
        self.keep_none = self.keep + len(family)
        self.discard = self.keep_none + 1
        self.end_turn = self.discard + 1
        self.pick = self.end_turn + 1
        self.pass_ = self.pick + len(family)
        self.end_validation = self.pass_ + 1
        self.size = self.end_validation + 1


LOCK, STOP, DRAW_A, DRAW_B, JOKER_ID = 0, 1, 2, 3, 4
"""The ids of `Lock`, `Stop`, `Draw(A)`, `Draw(B)` and `Activate(JOKER)` in every Config."""


@cache
def _layout_of(players: int, max_value: int) -> _Layout:
    # The deck's family cards depend on max_value alone (not on the mode).
    deck = Config(players=players, max_value=max_value).all_cards()
    family = sorted((c for c in deck if type(c) is FamilyCard), key=num_card_key)
    return _Layout(players, tuple(family))


def _layout(config: Config) -> _Layout:
    # Built once per number of players and deck.
    return _layout_of(config.players, config.max_value)


def num_actions(config: Config) -> int:
    """How many action ids a game of `config` has: 3 x players + 2 x family cards + 17."""
    return _layout(config).size


def _malformed(action: object) -> IllegalActionError:
    return IllegalActionError(action, Reason.MALFORMED, "no Num Stop action id of this Config")


def _card_index(layout: _Layout, card: object) -> int | None:
    # The place of a family card of the deck among the C family cards (None: not one).
    return layout.cards.get(card) if is_num_card(card) and type(card) is FamilyCard else None


def _other_seat(layout: _Layout, seat: object, target: object) -> int | None:
    # The place of `target` among the seats other than `seat` (None: not another seat).
    if type(seat) is not int or type(target) is not int or seat == target:
        return None
    if not (0 <= seat < layout.players and 0 <= target < layout.players):
        return None
    return target - (target > seat)


def _activate_id(layout: _Layout, action: Activate) -> int | None:
    card, target, stock = action.card, action.target, action.stock
    if not is_num_card(card) or type(card) is not SpecialCard or not is_action_card(card):
        return None
    kind = card.kind
    if kind is Special.QUANTUM:
        return layout.quantum + stock.index if target is None and type(stock) is Stock else None
    if stock is not None:
        return None
    if kind is Special.JOKER or kind is Special.FLIP:
        if target is not None:
            return None
        return JOKER_ID if kind is Special.JOKER else layout.flip
    if kind is Special.DOUBLE:
        if type(target) is int and 0 <= target < layout.players:
            return layout.double + target
        return None
    place = _other_seat(layout, action.seat, target)
    if place is None:
        return None
    return (layout.skip if kind is Special.SKIP else layout.swipe) + place


def _encode(layout: _Layout, action: object) -> int:
    # The id of `action` under `layout`; MALFORMED when no id names it.
    found: int | None = None
    if isinstance(action, Pick):
        index = _card_index(layout, action.card)
        found = None if index is None else layout.pick + index
    elif isinstance(action, Keep):
        if action.card is None:
            found = layout.keep_none
        else:
            index = _card_index(layout, action.card)
            found = None if index is None else layout.keep + index
    elif isinstance(action, Draw):
        found = DRAW_A + action.stock.index if type(action.stock) is Stock else None
    elif isinstance(action, Activate):
        found = _activate_id(layout, action)
    elif isinstance(action, Reserve):
        card = action.card
        if is_num_card(card) and type(card) is SpecialCard and card in _RESERVE_INDEX:
            found = layout.reserve + _RESERVE_INDEX[card]
    elif isinstance(action, Discard):
        if _card_index(layout, action.card) is not None and is_shadow(action.card):
            found = layout.discard
    elif isinstance(action, (Lock, Stop, EndTurn, Pass, EndValidation)):
        found = _simple(layout, action)
    if found is None:
        raise _malformed(action)
    return found


def _simple(layout: _Layout, action: Lock | Stop | EndTurn | Pass | EndValidation) -> int:
    # The actions without arguments but the seat.
    if isinstance(action, Lock):
        return LOCK
    if isinstance(action, Stop):
        return STOP
    if isinstance(action, EndTurn):
        return layout.end_turn
    return layout.pass_ if isinstance(action, Pass) else layout.end_validation


def encode_action(config: Config, action: Action) -> int:
    """The id of `action` under `config` (the table of the module docstring).

    Raises:
        IllegalActionError: MALFORMED when `action` names no id of `config` (a card that
            is not in the deck or not of its kind, a seat or stock outside the game, SKIP
            or SWIPE at the own seat, arguments an action card does not take, or not a
            Num Stop action).

    """
    return _encode(_layout(config), action)


def decode_action(state: State, seat: int, action_id: int) -> Action:
    """The legal action of `seat` whose id is `action_id`.

    Raises:
        IllegalActionError: BAD_TARGET when no legal action of `seat` has this id.
        SeatError: `seat` is not a seat of the game.

    """
    layout = _layout(state.config)
    for action in _legal_actions_for(state, seat):
        if _encode(layout, action) == action_id:
            return action
    raise IllegalActionError(
        action_id, Reason.BAD_TARGET, f"no legal action of seat {seat} has id {action_id!r}"
    )


def legal_action_mask(state: State, seat: int) -> tuple[bool, ...]:
    """One flag per id: whether it is the id of a legal action of `seat` now."""
    layout = _layout(state.config)
    mask = [False] * layout.size
    for action in _legal_actions_for(state, seat):
        mask[_encode(layout, action)] = True
    return tuple(mask)
