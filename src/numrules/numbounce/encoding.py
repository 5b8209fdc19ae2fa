"""Num Bounce action ids: 5400 ids, the same for every Config (see docs/reference/numbounce.md).

| ids | action |
| --- | --- |
| 0 .. 6 | `NumX`, `Take(draw)`, `Take(discard)`, `Keep`, `Discard`, `Pass`, `Decline` |
| 7 .. 40 | `Interrupt(card)`: 7 + 2 * value, + 1 for the SHADOW (RAINBOW first) |
| 41 .. 5395 | `Play` with family cards: 41 + (value * 63 + families - 1) * 5 + infinities |
| 5396 .. 5399 | `Play` of INFINITY cards only: 5395 + how many |

`families` is the set of families of the play's family cards as bits (bit i for
`FAMILIES[i]`: RED 1, BLUE 2, GREEN 4, YELLOW 8, RAINBOW 16, SHADOW 32) and
`infinities` how many INFINITY cards it holds (0..4).

The id of a play does not say which INFINITY copies it uses: the four copies act alike,
so plays that differ only in their copies share an id. `decode_action` then picks, among
the seat's legal plays of that id, the one holding the fewest copies the other players
do not already know to be in the hand (the copies in `State.known`), then the lowest
copy numbers: it reveals no more than any other choice.
"""

from __future__ import annotations

from numrules.core.cards import FAMILIES, MAX_VALUE, FamilyCard, SpecialCard, is_num_card
from numrules.core.errors import IllegalActionError, Reason
from numrules.core.game import seat_actions
from numrules.numbounce.actions import (
    Action,
    Decline,
    Discard,
    Interrupt,
    Keep,
    NumX,
    Pass,
    Play,
    Take,
)
from numrules.numbounce.cards import INFINITIES, Pile
from numrules.numbounce.config import Config
from numrules.numbounce.rules import legal_actions
from numrules.numbounce.state import State

_legal_actions_for = seat_actions(legal_actions)

_FAMILY_BIT = {family: 1 << i for i, family in enumerate(FAMILIES)}
_FAMILY_SETS = (1 << len(FAMILIES)) - 1  # 63 non-empty sets of families
_INFINITY_COUNTS = len(INFINITIES) + 1  # 0..4 INFINITY cards with family cards
_SIMPLE: dict[tuple[type[Action], Pile | None], int] = {
    (NumX, None): 0,
    (Take, Pile.DRAW): 1,
    (Take, Pile.DISCARD): 2,
    (Keep, None): 3,
    (Discard, None): 4,
    (Pass, None): 5,
    (Decline, None): 6,
}
INTERRUPT_BASE = len(_SIMPLE)
"""The id of `Interrupt(RB0)`; `Interrupt(SH0)` is the next one, and so on by value."""
PLAY_BASE = INTERRUPT_BASE + 2 * (MAX_VALUE + 1)
"""The id of the first `Play` (R0 alone)."""
INFINITY_PLAY_BASE = PLAY_BASE + (MAX_VALUE + 1) * _FAMILY_SETS * _INFINITY_COUNTS
"""The id of the play of one INFINITY card alone; plays of 2, 3, 4 follow."""
NUM_ACTIONS = INFINITY_PLAY_BASE + len(INFINITIES)
"""How many action ids every Num Bounce game has (5400)."""


def num_actions(config: Config) -> int:
    """How many action ids a game of `config` has: always `NUM_ACTIONS` (5400)."""
    return NUM_ACTIONS


_INFINITY_SET = frozenset(INFINITIES)


def _is_infinity(card: object) -> bool:
    # One of INF1..INF4 (a hand-built SpecialCard of another copy number is not a card).
    return type(card) is SpecialCard and card in _INFINITY_SET


def _malformed(action: object) -> IllegalActionError:
    return IllegalActionError(action, Reason.MALFORMED, "no Num Bounce action id names it")


def _play_id(action: Play) -> int:
    # The id of a play: its value, its set of families and its count of INFINITY cards.
    cards = action.cards
    if type(cards) is not tuple or not cards:
        raise _malformed(action)
    families = 0
    value: int | None = None
    infinities = 0
    for card in cards:
        if not is_num_card(card) or (type(card) is FamilyCard and not 0 <= card.value <= MAX_VALUE):
            raise _malformed(action)  # a card built by hand with fields of the wrong types
        if _is_infinity(card):
            infinities += 1
        elif type(card) is FamilyCard and (value is None or card.value == value):
            bit = _FAMILY_BIT[card.family]
            if families & bit:
                raise _malformed(action)
            families |= bit
            value = card.value
        else:
            raise _malformed(action)  # NUM_X, a foreign card or two values
    if infinities >= _INFINITY_COUNTS or len(set(cards)) != len(cards):
        raise _malformed(action)
    if value is None:
        return INFINITY_PLAY_BASE + infinities - 1
    return PLAY_BASE + (value * _FAMILY_SETS + families - 1) * _INFINITY_COUNTS + infinities


_INTERRUPT_FAMILIES = {FAMILIES[4]: 0, FAMILIES[5]: 1}  # RAINBOW, SHADOW


def encode_action(config: Config, action: Action) -> int:
    """The id of `action` (the table of the module docstring); the same for every Config.

    Raises:
        IllegalActionError: MALFORMED when `action` is not a Num Bounce action any id names.

    """
    return _encode(action)


def _encode(action: Action) -> int:
    kind = type(action)
    if kind is Play:
        return _play_id(action)  # type: ignore[arg-type]
    if kind is Interrupt:
        card = action.card  # type: ignore[union-attr]
        if (
            is_num_card(card)
            and type(card) is FamilyCard
            and card.family in _INTERRUPT_FAMILIES
            and 0 <= card.value <= MAX_VALUE
        ):
            return INTERRUPT_BASE + 2 * card.value + _INTERRUPT_FAMILIES[card.family]
        raise _malformed(action)
    simple = _SIMPLE.get((kind, action.pile if kind is Take else None))  # type: ignore[union-attr]
    if simple is None:
        raise _malformed(action)
    return simple


def _revealed(state: State, seat: int, action: Action) -> tuple[int, tuple[int, ...]]:
    # How much an action tells the other seats about the hand: the INFINITY copies it
    # lays that they do not know of, then the copies it lays (the lowest first).
    if type(action) is not Play:
        return (0, ())
    known = state.known[seat]
    copies = [card for card in action.cards if _is_infinity(card)]
    unknown = sum(1 for card in copies if card not in known)
    return unknown, tuple(INFINITIES.index(card) for card in copies)


def decode_action(state: State, seat: int, action_id: int) -> Action:
    """The legal action of `seat` whose id is `action_id` (see the module docstring).

    Raises:
        IllegalActionError: BAD_TARGET when no legal action of `seat` has this id.
        SeatError: `seat` is not a seat of the game.

    """
    matches = [a for a in _legal_actions_for(state, seat) if _encode(a) == action_id]
    if not matches:
        raise IllegalActionError(
            action_id, Reason.BAD_TARGET, f"no legal action of seat {seat} has id {action_id!r}"
        )
    return min(matches, key=lambda a: _revealed(state, seat, a))


def legal_action_mask(state: State, seat: int) -> tuple[bool, ...]:
    """One flag per id: whether it is the id of a legal action of `seat` now."""
    mask = [False] * NUM_ACTIONS
    for action in _legal_actions_for(state, seat):
        mask[_encode(action)] = True
    return tuple(mask)
