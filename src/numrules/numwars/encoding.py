"""Num Wars action ids: one id per card of the Config's deck (see docs/reference/numwars.md).

A `Play` is only ever taken by the seat to act, so its id is the index of its card in
`config.all_cards()` (the format's deck in canonical order): 0..81 with the SHORT deck,
0..105 with the FULL deck. No two legal actions share an id.
"""

from __future__ import annotations

from numrules.core.cards import NumCard, is_num_card
from numrules.core.errors import IllegalActionError, Reason
from numrules.core.game import seat_actions
from numrules.numwars.actions import Play
from numrules.numwars.config import Config
from numrules.numwars.rules import legal_actions
from numrules.numwars.state import State

_legal_actions_for = seat_actions(legal_actions)
_INDEX: dict[tuple[NumCard, ...], dict[NumCard, int]] = {}


def _index(config: Config) -> dict[NumCard, int]:
    # Each card's id under this config's deck, built once per deck.
    deck = config.all_cards()
    index = _INDEX.get(deck)
    if index is None:
        index = _INDEX[deck] = {card: i for i, card in enumerate(deck)}
    return index


def num_actions(config: Config) -> int:
    """How many action ids a game of `config` has: the size of its deck (82 or 106)."""
    return len(config.all_cards())


def encode_action(config: Config, action: Play) -> int:
    """The id of `action`: the index of its card in `config.all_cards()`.

    Raises:
        IllegalActionError: MALFORMED when `action` is not a play of a card of this deck.

    """
    if type(action) is not Play:
        raise IllegalActionError(action, Reason.MALFORMED, "not a Num Wars action")
    card = _index(config).get(action.card) if is_num_card(action.card) else None
    if card is None:
        raise IllegalActionError(action, Reason.MALFORMED, "the card is not in this deck")
    return card


def decode_action(state: State, seat: int, action_id: int) -> Play:
    """The legal action of `seat` whose id is `action_id`.

    Raises:
        IllegalActionError: BAD_TARGET when no legal action of `seat` has this id.
        SeatError: `seat` is not a seat of the game.

    """
    config = state.config
    for action in _legal_actions_for(state, seat):
        if encode_action(config, action) == action_id:
            return action
    raise IllegalActionError(
        action_id, Reason.BAD_TARGET, f"no legal action of seat {seat} has id {action_id!r}"
    )


def legal_action_mask(state: State, seat: int) -> tuple[bool, ...]:
    """One flag per id: whether it is the id of a legal action of `seat` now."""
    config = state.config
    mask = [False] * num_actions(config)
    for action in _legal_actions_for(state, seat):
        mask[encode_action(config, action)] = True
    return tuple(mask)
