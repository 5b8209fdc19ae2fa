"""A card of the wrong shape in an action is refused as MALFORMED, in every game.

Every legal action that carries a card (found from the action classes' annotations and
the game's `card_types`) is sent again with its card, or one card of its tuple, replaced
by something that is not a card of the game: a card built by hand with a field of the
wrong type (a plain string where an enum belongs, a float or a string for a number),
a card type the game does not use (another game's), or no card at all. `apply` must
raise `IllegalActionError` (MALFORMED), never `AttributeError` or `TypeError`, and
leave the state as it was.
"""

from __future__ import annotations

import enum
import random
import typing
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import numrules
from numrules import AnyGame, IllegalActionError, Reason
from numrules.testing import play_random

GAMES = numrules.all_games()
PER_CLASS = 4
"""How many legal actions of each card-carrying action class are tried per game."""


def flat(hint: Any) -> set[Any]:
    """Every type a hint names: union members and tuple items, recursively."""
    out = {hint}
    for arg in typing.get_args(hint):
        out |= flat(arg)
    return out


def card_fields(game: AnyGame, action_type: type) -> list[tuple[str, bool]]:
    """The fields of an action class that hold cards: (name, whether None is allowed)."""
    hints = typing.get_type_hints(action_type)
    kinds = set(game.card_types)
    fields = []
    for field in attrs.fields(action_type):
        named = flat(hints[field.name])
        if named & kinds:
            fields.append((field.name, type(None) in named))
    return fields


def wrong_fields(card: Any) -> Iterator[Any]:
    """`card` rebuilt with one field of a wrong type (the card itself if it has no fields)."""
    if not attrs.has(type(card)):
        yield float(card)
        yield str(card)
        yield True
        return
    values = {field.name: getattr(card, field.name) for field in attrs.fields(type(card))}
    for name, value in values.items():
        if isinstance(value, enum.Enum):
            bad: tuple[Any, ...] = (value.value, value.name, None)
        else:
            bad = (str(value), float(value), None)
        for wrong in bad:
            yield type(card)(**{**values, name: wrong})


def foreign_cards(game: AnyGame) -> list[Any]:
    """A card of every type another game uses and this one does not."""
    own = {type(card) for card in game.all_cards(game.Config(players=game.min_players))}
    found: dict[type, Any] = {}
    for other in GAMES:
        for card in other.all_cards(other.Config(players=other.min_players)):
            if type(card) not in own:
                found.setdefault(type(card), card)
    return list(found.values())


def malformed(game: AnyGame, card: Any, optional: bool) -> list[Any]:
    """Everything that must not pass for `card` in an action of `game`."""
    junk: list[Any] = [*wrong_fields(card), *foreign_cards(game), str(card), object()]
    if not optional:
        junk.append(None)
    return junk


def variants(game: AnyGame, action: Any) -> Iterator[Any]:
    """`action` with one of its cards replaced by each malformed variant."""
    for name, optional in card_fields(game, type(action)):
        value = getattr(action, name)
        if isinstance(value, tuple):
            for i, card in enumerate(value):
                for bad in malformed(game, card, optional):
                    yield attrs.evolve(action, **{name: (*value[:i], bad, *value[i + 1 :])})
        elif value is not None:
            for bad in malformed(game, value, optional):
                yield attrs.evolve(action, **{name: bad})


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_a_card_of_the_wrong_shape_is_malformed_and_changes_nothing(game: AnyGame) -> None:
    carrying = {cls for cls in game.action_types if card_fields(game, cls)}
    if not carrying:
        pytest.skip(f"no {game.title} action carries a card")
    tried: dict[type, int] = dict.fromkeys(carrying, 0)
    config = game.Config(players=game.min_players)
    for seed in range(3):
        for state in play_random(game, config, seed, random.Random(seed)).states[:-1]:
            actions = [
                a for a in game.legal_actions(state) if tried.get(type(a), PER_CLASS) < PER_CLASS
            ]
            if not actions:
                continue
            before = numrules.dumps(state)
            for action in actions:
                tried[type(action)] += 1
                for bad in variants(game, action):
                    with pytest.raises(IllegalActionError) as info:
                        game.apply(state, bad)
                    assert info.value.reason is Reason.MALFORMED, (action, info.value.detail)
                    assert info.value.action is bad
            assert numrules.dumps(state) == before
            assert game.apply(state, actions[0]) is not state
    assert all(tried.values()), f"{game.name}: untried action classes {tried}"
