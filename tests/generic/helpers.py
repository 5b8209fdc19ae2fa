"""Helpers of the generic suite: random trajectories and JSON walking, for any game."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs
from hypothesis import strategies as st

from numrules import Game
from numrules.testing import exchanged

MAX_STEPS = 200_000


@attrs.frozen
class Trajectory:
    """A random game: the states visited (first to terminal) and the actions between them."""

    game: Game
    config: Any
    seed: int
    states: tuple[Any, ...]
    actions: tuple[Any, ...]


@st.composite
def configs(draw: st.DrawFn, game: Game) -> Any:
    players = draw(st.integers(game.min_players, game.max_players), label="players")
    return game.Config(players=players)


def play_random(game: Game, config: Any, seed: int, rnd: random.Random) -> Trajectory:
    """Play one game to its end with uniformly random legal actions."""
    state = game.new_game(config, seed)
    states: list[Any] = [state]
    actions: list[Any] = []
    while not game.is_terminal(state):
        assert len(actions) < MAX_STEPS, "random game did not terminate"
        legal = game.legal_actions(state)
        action = legal[rnd.randrange(len(legal))]
        state = game.apply(state, action)
        states.append(state)
        actions.append(action)
    return Trajectory(game, config, seed, tuple(states), tuple(actions))


@st.composite
def trajectories(draw: st.DrawFn, game: Game) -> Trajectory:
    config = draw(configs(game))
    seed = draw(st.integers(0, 2**32), label="seed")
    # The action choices come from a drawn seed rather than from Hypothesis' own random
    # source: a long game (thousands of choices) would otherwise exhaust the example's
    # data and be thrown away, so the longest games would never be checked.
    choices = draw(st.integers(0, 2**32), label="choices")
    return play_random(game, config, seed, random.Random(choices))


def leaves(document: Any) -> Iterator[Any]:
    """Every scalar of a JSON document."""
    if isinstance(document, dict):
        for value in document.values():
            yield from leaves(value)
    elif isinstance(document, list):
        for value in document:
            yield from leaves(value)
    else:
        yield document


def replace_leaves(document: Any, mapping: dict[str, str]) -> Any:
    """A copy of a JSON document with the string scalars in `mapping` replaced."""
    if isinstance(document, dict):
        return {k: replace_leaves(v, mapping) for k, v in document.items()}
    if isinstance(document, list):
        return [replace_leaves(v, mapping) for v in document]
    if isinstance(document, str):
        return mapping.get(document, document)
    return document


def swap_cards(state: Any, a: Any, b: Any) -> Any:
    """The state with cards `a` and `b` exchanged wherever they are now (through JSON).

    The events of the log keep the cards where they were seen then.
    """
    return exchanged(state, a, b, history=False)


def card_count(game: Game, state: Any) -> Counter[Any]:
    """How many times each card appears across the state's zones."""
    return Counter(card for zone in game.card_zones(state).values() for card in zone)


def notation_key(action: Any) -> tuple[type, str]:
    """Identity of an action for legality checks: its exact class and its notation.

    An object whose notation cannot even be written (junk in a field) gets a key no
    legal action has.
    """
    try:
        return (type(action), str(action))
    except Exception:
        return (type(action), f"<unprintable {id(action)}>")
