"""Played games for the checks: random play to the end, and the states to look at."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import attrs

from numrules.core.game import AnyGame

MAX_STEPS = 200_000
"""A random game that has not ended after this many actions fails the checks."""


@attrs.frozen
class Trajectory:
    """A played game: the states visited (first to terminal) and the actions between them."""

    game: AnyGame
    config: Any
    seed: int
    states: tuple[Any, ...]
    actions: tuple[Any, ...]


def play_random(
    game: AnyGame, config: Any, seed: int, rnd: random.Random, *, max_steps: int = MAX_STEPS
) -> Trajectory:
    """Play one game to its end with uniformly random legal actions."""
    state = game.new_game(config, seed)
    states: list[Any] = [state]
    actions: list[Any] = []
    while not game.is_terminal(state):
        assert len(actions) < max_steps, f"{game.name} seed {seed}: no end after {max_steps}"
        legal = game.legal_actions(state)
        action = legal[rnd.randrange(len(legal))]
        state = game.apply(state, action)
        states.append(state)
        actions.append(action)
    return Trajectory(game, config, seed, tuple(states), tuple(actions))


def play_out(game: AnyGame, state: Any, rnd: random.Random, *, max_steps: int = MAX_STEPS) -> Any:
    """Play on from `state` to the end with uniformly random legal actions; the end state."""
    for _ in range(max_steps):
        if game.is_terminal(state):
            return state
        legal = game.legal_actions(state)
        state = game.apply(state, legal[rnd.randrange(len(legal))])
    raise AssertionError(f"{game.name}: no end after {max_steps} random actions")


def sample_states(trajectory: Trajectory, rnd: random.Random, count: int) -> list[Any]:
    """The first and last states of a played game and `count` random ones."""
    states = trajectory.states
    return [states[0], states[-1], *rnd.sample(states, min(count, len(states)))]


def open_states(trajectory: Trajectory, rnd: random.Random, count: int) -> list[Any]:
    """The first state of a played game and `count` random ones, none of them terminal."""
    states = trajectory.states[:-1]
    return [states[0], *rnd.sample(states, min(count, len(states)))]


def first_game(game: AnyGame, seed: int = 3) -> Trajectory:
    """One random game of the default rules at the smallest table, from `seed`."""
    return play_random(game, game.Config(players=game.min_players), seed, random.Random(seed))


def observers(config: Any) -> list[int | None]:
    """Every seat of the table and a spectator (None), spectator first."""
    return [None, *range(config.players)]


def card_count(game: AnyGame, state: Any) -> Counter[Any]:
    """How many times each card is in the zones of `state`."""
    return Counter(card for zone in game.card_zones(state).values() for card in zone)


def action_key(action: Any) -> tuple[type, str]:
    """An action's identity for legality: its exact class and its notation.

    An object whose notation cannot be written gets a key no legal action has.
    """
    try:
        return (type(action), str(action))
    except Exception:
        return (type(action), f"<unprintable {id(action)}>")


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


def raises(
    kind: type[BaseException] | tuple[type[BaseException], ...],
    what: str,
    call: Callable[..., object],
    *args: Any,
    match: str | None = None,
) -> BaseException:
    """The exception `call(*args)` raises, which must be a `kind` whose message matches `match`.

    Raises:
        AssertionError: `call(*args)` returned, or its exception's message does not match
            (the assertion's message starts with `what`).

    """
    try:
        call(*args)
    except kind as error:
        if match is not None and re.search(match, str(error)) is None:
            raise AssertionError(f"{what}: the message {str(error)!r} lacks {match!r}") from error
        return error
    names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
    raise AssertionError(f"{what}: no {names} was raised")
