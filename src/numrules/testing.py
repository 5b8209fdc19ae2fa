"""The conformance kit: the checks every numrules game must pass, for any game.

Like PettingZoo's `api_test`, these functions check a `Game` against the contract of
docs/architecture.md by playing it: a third-party game calls `check_game(GAME)` from its
own tests, and numrules runs the same checks on its four games. Each check raises
`AssertionError` with a message naming the game, the seed and what went wrong.

The event checks:

- `check_events_hide_secrets`: two games that differ only in cards a seat cannot see
  (two hidden cards exchanged in the deal) tell that seat the same events and give it
  the same observations, for as long as both cards stay hidden from it.
- `check_event_completeness`: a `Tracker` written by the game's author from the rules,
  fed only one seat's events, rebuilds the public part of the game, which must equal
  the same part read from `observe` after every action.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol

import attrs

from numrules.core.errors import IllegalActionError, NumrulesError
from numrules.core.game import Game
from numrules.core.serialization import dumps, loads

MAX_STEPS = 200_000
"""A random game that has not ended after this many actions fails the checks."""


@attrs.frozen
class Trajectory:
    """A played game: the states visited (first to terminal) and the actions between them."""

    game: Game
    config: Any
    seed: int
    states: tuple[Any, ...]
    actions: tuple[Any, ...]


def play_random(
    game: Game, config: Any, seed: int, rnd: random.Random, *, max_steps: int = MAX_STEPS
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


class Tracker(Protocol):
    """Rebuilds the public part of a game from one seat's events only.

    Written by a game's author from the rules alone (it must share no code with the
    engine), it starts from nothing and is fed every event the seat is told, in order.
    """

    def feed(self, event: Any) -> None:
        """Take in the next event the seat was told."""
        ...

    def public(self) -> Any:
        """The public part of the game as the events told it (any comparable value)."""
        ...


TrackerFactory = Callable[[Any, "int | None"], Tracker]
"""`factory(config, seat)`: a fresh tracker for that seat (None: a spectator)."""
PublicPart = Callable[[Any], Any]
"""`public_part(observation)`: the same public part, read from an observation."""


def check_event_completeness(
    trajectory: Trajectory, tracker: TrackerFactory, public_part: PublicPart
) -> None:
    """Every seat's events, fed to a tracker, rebuild what `observe` shows, at every step.

    Also checks that the events are told incrementally: the events of a state extend
    those of the state before it, every seat is told of every event, and an
    observation's `log` holds exactly `events(state, seat)`.
    """
    game, config = trajectory.game, trajectory.config
    for seat in [None, *range(config.players)]:
        follower = tracker(config, seat)
        told: list[Any] = []
        for step, state in enumerate(trajectory.states):
            new = game.events(state, seat, since=len(told))
            assert len(told) + len(new) == len(game.events(state, None)), (
                f"{game.name} step {step}: seat {seat} is told a different number of events"
            )
            for event in new:
                assert str(event), f"{game.name}: {event!r} has no sentence"
                follower.feed(event)
            told.extend(new)
            observation = game.observe(state, seat)
            assert tuple(observation.log) == tuple(told), (
                f"{game.name} step {step}: the observation's log is not seat {seat}'s events"
            )
            expected = public_part(observation)
            rebuilt = follower.public()
            assert rebuilt == expected, (
                f"{game.name} seed {trajectory.seed} step {step}, seat {seat}: the events "
                f"rebuild {rebuilt!r}, the observation shows {expected!r}; last events: "
                f"{[str(e) for e in told[-5:]]}"
            )


def _swap_token(text: str, a: str, b: str) -> str:
    # Exchange two card notations in an action's notation, token by token.
    def one(token: str) -> str:
        return b if token == a else a if token == b else token

    head, sep, rest = text.partition(":")
    return head + sep + " ".join(one(t) for t in rest.split(" "))


def _swap_leaves(document: Any, a: str, b: str) -> Any:
    if isinstance(document, dict):
        return {k: _swap_leaves(v, a, b) for k, v in document.items()}
    if isinstance(document, list):
        return [_swap_leaves(v, a, b) for v in document]
    if document == a:
        return b
    if document == b:
        return a
    return document


def exchanged(state: Any, a: Any, b: Any, *, history: bool = True) -> Any:
    """`state` with cards `a` and `b` exchanged wherever they are (through its JSON).

    With `history` False, the events of the log keep the cards as they were.

    Raises:
        SerializationError: the exchange gives a state the game refuses as impossible.

    """
    document = json.loads(dumps(state))
    data = document["data"]
    log = data.pop("log", None)
    data = _swap_leaves(data, str(a), str(b))
    if log is not None:
        data["log"] = _swap_leaves(log, str(a), str(b)) if history else log
    return loads(json.dumps({**document, "data": data}))


def check_events_hide_secrets(
    trajectory: Trajectory, seat: int | None, rnd: random.Random, *, pairs: int = 3
) -> int:
    """Exchanging two cards `seat` cannot see in the deal changes nothing it is told.

    For a few pairs of cards hidden from `seat` in the first state, the same actions
    (with the two cards exchanged in their notation) are replayed from the first state
    with the cards exchanged. As long as both cards stay hidden from the seat, its
    events and its observation must be the same in both games. A replay that becomes
    illegal (the exchange changed what another seat could do) ends that pair early.
    Returns the number of steps compared.
    """
    game = trajectory.game
    first = trajectory.states[0]
    pool = sorted(game.hidden_cards(first, seat), key=str)
    compared = 0
    if len(pool) < 2:
        return compared
    for _ in range(pairs):
        a, b = rnd.sample(pool, 2)
        try:
            other = exchanged(first, a, b)
        except NumrulesError:
            continue
        for step, (state, action) in enumerate(
            zip(trajectory.states, (*trajectory.actions, None), strict=True)
        ):
            hidden = game.hidden_cards(state, seat)
            if a not in hidden or b not in hidden:
                break
            assert game.events(other, seat) == game.events(state, seat), (
                f"{game.name} seed {trajectory.seed} step {step}: seat {seat} is told "
                f"something of {a} or {b}, which it cannot see"
            )
            assert game.observe(other, seat) == game.observe(state, seat), (
                f"{game.name} seed {trajectory.seed} step {step}: seat {seat} sees "
                f"something of {a} or {b}"
            )
            compared += 1
            if action is None:
                break
            try:
                swapped = game.parse_action(_swap_token(str(action), str(a), str(b)))
                other = game.apply(other, swapped)
            except (IllegalActionError, NumrulesError):
                break
    return compared


def states_of(trajectory: Trajectory, rnd: random.Random, count: int) -> Iterator[Any]:
    """The first and last states of a trajectory and `count` random ones."""
    states = trajectory.states
    yield states[0]
    yield states[-1]
    yield from rnd.sample(states, min(count, len(states)))


def _seats(config: Any) -> Sequence[int | None]:
    return [None, *range(config.players)]
