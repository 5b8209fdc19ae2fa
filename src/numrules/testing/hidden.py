"""Hidden information: no observation or event shows what a seat cannot know.

- `check_observation_hides_cards`: no observation shows a card `hidden_cards` says the
  seat cannot locate, and exchanging two such cards changes nothing the seat sees.
- `check_events_hide_secrets`: two games that differ only in cards a seat cannot see
  (two hidden cards exchanged in the deal) tell that seat the same events and give it
  the same observations, for as long as both cards stay hidden from it.
- `check_event_completeness`: a `Tracker` written by the game's author from the rules,
  fed only one seat's events, rebuilds the public part of the game, which must equal
  the same part read from `observe` after every action.
- `check_sampling` (games with `sample_state`): a state sampled from a seat's
  observation is valid, looks the same to that seat, and plays on to the end.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable, Iterable
from typing import Any, Protocol

import attrs

from numrules.core.errors import IllegalActionError, NumrulesError
from numrules.core.events import EMPTY_LOG
from numrules.core.game import AnyGame
from numrules.core.serialization import converter, dumps, loads
from numrules.testing.played import (
    Trajectory,
    card_count,
    leaves,
    observers,
    play_out,
    sample_states,
)


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
    counts: list[int] = []  # the number of events at each step, as the spectator is told
    for seat in [None, *range(config.players)]:
        follower = tracker(config, seat)
        told: list[Any] = []
        for step, state in enumerate(trajectory.states):
            new = game.events(state, seat, since=len(told))
            if seat is None:
                counts.append(len(told) + len(new))
            assert len(told) + len(new) == counts[step], (
                f"{game.name} step {step}: seat {seat} is told a different number of events"
            )
            for event in new:
                assert str(event), f"{game.name}: {event!r} has no sentence"
                follower.feed(event)
            told.extend(new)
            observation = game.observe(state, seat)
            log = observation.log
            assert len(log) == len(told), f"{game.name} step {step}: the log's length differs"
            assert log.since(len(told) - len(new)) == new, (
                f"{game.name} step {step}: the observation's log is not seat {seat}'s events"
            )
            expected = public_part(observation)
            rebuilt = follower.public()
            assert rebuilt == expected, (
                f"{game.name} seed {trajectory.seed} step {step}, seat {seat}: the events "
                f"rebuild {rebuilt!r}, the observation shows {expected!r}; last events: "
                f"{[str(e) for e in told[-5:]]}"
            )


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


def exchanged_action(game: AnyGame, action: Any, a: Any, b: Any) -> Any:
    """`action` with cards `a` and `b` exchanged in its fields that hold cards.

    The fields are read as the serialiser reads them, by their types: a number that is
    not a card (a row, a seat) stays as it is even where it is written like one.
    """
    convert = converter(game)
    document = convert.unstructure_attrs_asdict(action)
    swapped = _swap_leaves(document, str(a), str(b))
    return convert.structure_attrs_fromdict(swapped, type(action))


def exchanged(state: Any, a: Any, b: Any, *, history: bool = True) -> Any:
    """`state` with cards `a` and `b` exchanged wherever they are (through its JSON).

    With `history` False, the events of the log keep the cards as they were.

    Raises:
        SerializationError: the exchange gives a state the game refuses as impossible.

    """
    keep = not history
    # Without the history, the log is set aside rather than sent through JSON (it may
    # hold thousands of events) and put back unchanged.
    document = json.loads(dumps(attrs.evolve(state, log=EMPTY_LOG) if keep else state))
    swapped = loads(
        json.dumps({**document, "data": _swap_leaves(document["data"], str(a), str(b))})
    )
    return attrs.evolve(swapped, log=state.log) if keep else swapped


def _mentions(game: AnyGame, state: Any, seat: int | None, since: int, *cards: Any) -> bool:
    # Whether the seat's events from `since` on name one of `cards`.
    names = {str(card) for card in cards}
    return any(
        names & set(leaves(json.loads(dumps(event))["data"]))
        for event in game.events(state, seat, since)
    )


def check_events_hide_secrets(
    trajectory: Trajectory, seat: int | None, rnd: random.Random, *, pairs: int = 3
) -> int:
    """Exchanging two cards `seat` cannot see in the deal changes nothing it is told.

    For a few pairs of cards hidden from `seat` in the first state, the same actions
    (with the two cards exchanged in their notation) are replayed from the first state
    with the cards exchanged. As long as the seat has seen neither card (both are in
    `hidden_cards` and no event told to it names them), its events and its observation
    must be the same in both games. A replay that becomes
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
        told = 0
        for step, (state, action) in enumerate(
            zip(trajectory.states, (*trajectory.actions, None), strict=True)
        ):
            hidden = game.hidden_cards(state, seat)
            if a not in hidden or b not in hidden or _mentions(game, state, seat, told, a, b):
                break  # the seat has seen one of them (perhaps hidden again since)
            told = len(game.events(state, seat))
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
                other = game.apply(other, exchanged_action(game, action, a, b))
            except (IllegalActionError, NumrulesError):
                break
    return compared


def check_observation_hides_cards(
    game: AnyGame, config: Any, states: Iterable[Any], rnd: random.Random
) -> None:
    """No observation shows a hidden card, and exchanging two changes nothing seen.

    For each seat (and a spectator), the serialised observation without its event log
    holds no notation of a card in `hidden_cards`; the log tells of past moments, when
    such a card may have been seen. Then two hidden cards are exchanged in the position
    (not in the log): the seat's observation and its legal actions must not change. A
    game may refuse an exchange as impossible (a card tied to a secret role, say), but
    at least one exchange must go through when there are two hidden cards.
    """
    for state in states:
        for seat in observers(config):
            hidden = game.hidden_cards(state, seat)
            observation = game.observe(state, seat)
            document = json.loads(dumps(observation))["data"]
            document.pop("log", None)
            leaked = {str(card) for card in hidden} & set(leaves(document))
            assert not leaked, f"{game.name}: seat {seat} sees hidden cards {sorted(leaked)}"
            pool = sorted(hidden, key=str)
            if len(pool) < 2:
                continue
            done = 0
            # Six random pairs; if all are refused, every pair in turn until one goes
            # through (late in a round few hidden cards are left, most of them tied).
            picks = (rnd.sample(pool, 2) for _ in range(6))
            for attempt, (a, b) in enumerate(
                itertools.chain(picks, itertools.combinations(pool, 2))
            ):
                if attempt >= 6 and done:
                    break
                try:
                    other = exchanged(state, a, b, history=False)
                except NumrulesError:
                    continue
                done += 1
                assert game.observe(other, seat) == observation, (
                    f"{game.name}: seat {seat} sees the exchange of {a} and {b}"
                )
                if seat is not None:
                    assert game.legal_actions_for(other, seat) == game.legal_actions_for(
                        state, seat
                    ), f"{game.name}: seat {seat}'s actions show the exchange of {a} and {b}"
            assert done, f"{game.name}: no exchange of hidden cards was accepted for seat {seat}"


def check_sample_state(game: AnyGame, state: Any, seat: int | None, rnd: random.Random) -> Any:
    """Check that a state sampled from `seat`'s view of `state` looks the same to it.

    The sample (returned) must be a valid state (`check_state`) with the same cards, and
    give the seat the same observation (events included), the same legal actions, and
    the same answer to whether it may (or must) act now.
    """
    name = f"{game.name} seat {seat}"
    assert game.sample_state is not None, f"{game.name} offers no sample_state"
    observation = game.observe(state, seat)
    sample = game.sample_state(observation, rnd)
    assert type(sample) is game.State, f"{name}: sample_state returned {type(sample).__name__}"
    try:
        game.check_state(sample)
    except NumrulesError as exc:
        raise AssertionError(f"{name}: the sample fails check_state: {exc}") from exc
    assert card_count(game, sample) == card_count(game, state), f"{name}: cards differ"
    seen = game.observe(sample, seat)
    assert seen == observation, f"{name}: the sample looks different to the seat:\n{seen}"
    assert game.events(sample, seat) == game.events(state, seat), f"{name}: events differ"
    public = game.public_optional_seats
    if public is not None:
        assert public(sample) == public(state), f"{name}: public_optional_seats differ"
    # `to_act(state)` may name seats that could act out of turn, which the observer cannot
    # know (Num Bounce interrupts); what it may know of it is in the observation.
    if seat is not None:
        mine = game.legal_actions_for(sample, seat)
        assert mine == game.legal_actions_for(state, seat), f"{name}: legal actions differ"
        acts = seat in game.to_act(sample), seat in game.optional_seats(sample)
        assert acts == (seat in game.to_act(state), seat in game.optional_seats(state)), (
            f"{name}: whether the seat may act differs"
        )
    return sample


def check_sampling(trajectory: Trajectory, rnd: random.Random, count: int = 3) -> None:
    """`check_sample_state` for every seat and a spectator, on `count` random states.

    One sample of each state is then played on to the end.
    """
    game = trajectory.game
    for state in sample_states(trajectory, rnd, count):
        for seat in observers(trajectory.config):
            sample = check_sample_state(game, state, seat, rnd)
        play_out(game, sample, rnd)
