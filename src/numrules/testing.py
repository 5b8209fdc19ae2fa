"""The conformance kit: the checks every numrules game must pass, for any game.

Like PettingZoo's `api_test`, these functions check a `Game` against the contract of
docs/architecture.md by playing it: a third-party game calls `check_game(GAME)` from its
own tests, and numrules runs the same checks on its four games (tests/generic drives
them with Hypothesis). Each check raises `AssertionError` with a message naming the
game, the seed and what went wrong. The checks on one played game (a `Trajectory`):

- `check_playout`: every state offers legal actions exactly for the seats of `to_act`,
  every card is in exactly one zone, and the end has winners that match the scores.
- `check_notation`: `parse_action(str(a)) == a` and `parse_card(str(c)) == c`.
- `check_apply_iff_legal`: `apply` accepts exactly the legal actions, refuses junk,
  other seats and mutated fields with `IllegalActionError`, and never changes its input.
- `check_determinism`: the same config, seed and actions give equal states.
- `check_json_round_trip`: configs, states, observations, actions and events survive
  `dumps`/`loads` exactly.
- `check_observation_hides_cards`: no observation shows a card `hidden_cards` says the
  seat cannot locate, and exchanging two such cards changes nothing the seat sees.
- `check_sampling` (games with `sample_state`): a state sampled from a seat's
  observation is valid, looks the same to that seat, and plays on to the end.

The event checks:

- `check_events_hide_secrets`: two games that differ only in cards a seat cannot see
  (two hidden cards exchanged in the deal) tell that seat the same events and give it
  the same observations, for as long as both cards stay hidden from it.
- `check_event_completeness`: a `Tracker` written by the game's author from the rules,
  fed only one seat's events, rebuilds the public part of the game, which must equal
  the same part read from `observe` after every action.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Protocol

import attrs

from numrules.core.errors import IllegalActionError, NumrulesError, Reason
from numrules.core.events import EMPTY_LOG
from numrules.core.game import AnyGame, all_games
from numrules.core.serialization import dumps, loads

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
        names & set(_leaves(json.loads(dumps(event))["data"]))
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
                swapped = game.parse_action(_swap_token(str(action), str(a), str(b)))
                other = game.apply(other, swapped)
            except (IllegalActionError, NumrulesError):
                break
    return compared


def _seats(config: Any) -> list[int | None]:
    return [None, *range(config.players)]


def _card_count(game: AnyGame, state: Any) -> Counter[Any]:
    return Counter(card for zone in game.card_zones(state).values() for card in zone)


def _key(action: Any) -> tuple[type, str]:
    # Identity of an action for legality: its exact class and its notation (an object
    # whose notation cannot be written gets a key no legal action has).
    try:
        return (type(action), str(action))
    except Exception:
        return (type(action), f"<unprintable {id(action)}>")


def check_playout(trajectory: Trajectory) -> None:
    """Every state of a played game keeps the contract's invariants, and the end is sound."""
    game, config = trajectory.game, trajectory.config
    name = f"{game.name} seed {trajectory.seed}"
    everything = Counter(game.all_cards(config))
    players = config.players
    for step, (state, action) in enumerate(
        zip(trajectory.states, trajectory.actions, strict=False)
    ):
        where = f"{name} step {step}"
        legal = game.legal_actions(state)
        assert legal, f"{where}: a state that is not over offers no action"
        assert action in legal, f"{where}: {action} was played but is not legal"
        assert frozenset(a.seat for a in legal) == game.to_act(state), (
            f"{where}: to_act is not the seats of the legal actions"
        )
        assert game.optional_seats(state) <= game.to_act(state), f"{where}: optional seats"
        assert not game.is_terminal(state), f"{where}: terminal with actions left"
        assert not game.winners(state), f"{where}: winners before the end"
        assert len(game.scores(state)) == players, f"{where}: one score per seat"
        assert _card_count(game, state) == everything, f"{where}: a card lost or doubled"
        assert len(set(map(_key, legal))) == len(legal), f"{where}: repeated legal actions"
    final = trajectory.states[-1]
    assert game.is_terminal(final), f"{name}: the last state is not terminal"
    assert game.legal_actions(final) == (), f"{name}: actions after the end"
    assert game.to_act(final) == frozenset(), f"{name}: seats to act after the end"
    assert _card_count(game, final) == everything, f"{name}: a card lost at the end"
    scores, winners = game.scores(final), game.winners(final)
    best = min(scores) if game.lower_score_wins else max(scores)
    assert winners == {s for s, score in enumerate(scores) if score == best}, (
        f"{name}: winners {sorted(winners)} do not have the best score in {scores}"
    )


def check_notation(trajectory: Trajectory, every: int = 7) -> None:
    """Cards and actions print and parse back (legal actions of every `every`-th state)."""
    game = trajectory.game
    for card in game.all_cards(trajectory.config):
        assert game.parse_card(str(card)) == card, f"{game.name}: card {card} does not parse back"
    for state in trajectory.states[::every]:
        for action in game.legal_actions(state):
            parsed = game.parse_action(str(action))
            assert parsed == action, f"{game.name}: {action} parses as {parsed}"
            assert type(parsed) is type(action), f"{game.name}: {action} changes class"


_JUNK: tuple[Any, ...] = (None, 0, -1, "", "x", 1.5, True, object(), (), {}, b"\x00")


def _foreign_cards() -> list[Any]:
    # A few cards of every registered game: a card of the wrong kind must be refused too.
    cards: list[Any] = []
    for other in all_games():
        try:
            deck = other.all_cards(other.Config(players=other.min_players))
        except NumrulesError:  # pragma: no cover - a game whose smallest table is unusual
            continue
        cards += [deck[0], deck[-1]]
    return cards


def _mutations(game: AnyGame, action: Any, config: Any, rnd: random.Random) -> list[Any]:
    # Actions that differ from `action` in one field: other ints, other cards (of this
    # game and of the others), tuples of cards and of junk, junk.
    cards = list(game.all_cards(config))
    foreign = _foreign_cards()
    out = []
    for field in attrs.fields(type(action)):
        values: list[Any] = [rnd.randint(-2, 70) for _ in range(3)]
        values += rnd.sample(cards, min(2, len(cards)))
        values += rnd.sample(foreign, min(2, len(foreign)))
        values += [tuple(rnd.sample(cards, min(2, len(cards)))), (rnd.choice(_JUNK),)]
        values += rnd.sample(_JUNK, 3)
        out += [attrs.evolve(action, **{field.name: value}) for value in values]
    return out


def check_apply_iff_legal(
    game: AnyGame, config: Any, states: Iterable[Any], rnd: random.Random
) -> None:
    """`apply` takes every legal action and refuses everything else, changing nothing.

    Every legal action is applied; junk, the notation strings of legal actions, actions
    moved to seats not in `to_act` and actions with a mutated field must raise
    `IllegalActionError` carrying the refused object and a `Reason`, unless the
    candidate happens to be legal.
    """
    players = config.players
    for state in states:
        before = dumps(state)
        legal = game.legal_actions(state)
        for action in legal:
            assert game.apply(state, action) is not state
        keys = {_key(a) for a in legal}
        candidates: list[Any] = [*_JUNK, *(str(a) for a in legal[:2])]
        for action in rnd.sample(legal, min(4, len(legal))):
            candidates += _mutations(game, action, config, rnd)
            for seat in range(-1, players + 1):
                if seat not in game.to_act(state):
                    candidates.append(attrs.evolve(action, seat=seat))
        for candidate in candidates:
            if attrs.has(type(candidate)) and _key(candidate) in keys:
                game.apply(state, candidate)
                continue
            try:
                game.apply(state, candidate)
            except IllegalActionError as error:
                assert error.action is candidate, f"{game.name}: the error holds another object"
                assert isinstance(error.reason, Reason), f"{game.name}: no Reason"
            else:
                raise AssertionError(f"{game.name}: apply accepted {candidate!r}")
        assert dumps(state) == before, f"{game.name}: apply changed the state it was given"


def check_refused_after_end(trajectory: Trajectory) -> None:
    """Once the game is over, every action is refused with Reason.GAME_OVER."""
    game = trajectory.game
    final = trajectory.states[-1]
    before = dumps(final)
    if len(trajectory.states) < 2:
        return
    for action in game.legal_actions(trajectory.states[-2]):
        try:
            game.apply(final, action)
        except IllegalActionError as error:
            assert error.reason is Reason.GAME_OVER, f"{game.name}: {error.reason} after the end"
        else:
            raise AssertionError(f"{game.name}: {action} was accepted after the end")
    assert dumps(final) == before


def check_determinism(trajectory: Trajectory) -> None:
    """Replaying (config, seed, actions) gives equal states and equal JSON, step by step.

    At each step the position and the new events (every seat's view) are compared; the
    whole states, logs included, are compared at the end.
    """
    game = trajectory.game
    seats = _seats(trajectory.config)
    state = game.new_game(trajectory.config, trajectory.seed)
    assert state == trajectory.states[0], f"{game.name}: new_game is not deterministic"
    known = len(game.events(state, None))
    for step, (expected, action) in enumerate(
        zip(trajectory.states[1:], trajectory.actions, strict=True)
    ):
        state = game.apply(state, action)
        assert _position(state) == _position(expected), (
            f"{game.name} seed {trajectory.seed} step {step}: the position differs"
        )
        for seat in seats:
            assert game.events(state, seat, known) == game.events(expected, seat, known), (
                f"{game.name} seed {trajectory.seed} step {step}: seat {seat}'s events differ"
            )
        known = len(game.events(state, None, known)) + known
    assert state == trajectory.states[-1], f"{game.name}: the replayed game differs"
    assert dumps(state) == dumps(trajectory.states[-1])


def _position(state: Any) -> Any:
    # The state without its event log (comparing whole logs at every step is quadratic).
    return attrs.evolve(state, log=EMPTY_LOG)


def check_json_round_trip(game: AnyGame, config: Any, states: Iterable[Any]) -> None:
    """Every config, state, observation, legal action and event survives JSON exactly."""
    assert loads(dumps(config)) == config, f"{game.name}: the config changes through JSON"
    for state in states:
        text = dumps(state)
        assert loads(text) == state, f"{game.name}: a state changes through JSON"
        assert dumps(loads(text)) == text, f"{game.name}: a state's JSON is not stable"
        for seat in _seats(config):
            observation = game.observe(state, seat)
            assert loads(dumps(observation)) == observation, (
                f"{game.name}: seat {seat}'s observation changes through JSON"
            )
        for event in game.events(state, None)[-3:]:
            assert loads(dumps(event)) == event, f"{game.name}: event {event} changes"
        for action in game.legal_actions(state):
            assert loads(dumps(action)) == action, f"{game.name}: {action} changes through JSON"


def _leaves(document: Any) -> Iterator[Any]:
    if isinstance(document, dict):
        for value in document.values():
            yield from _leaves(value)
    elif isinstance(document, list):
        for value in document:
            yield from _leaves(value)
    else:
        yield document


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
        for seat in _seats(config):
            hidden = game.hidden_cards(state, seat)
            observation = game.observe(state, seat)
            document = json.loads(dumps(observation))["data"]
            document.pop("log", None)
            leaked = {str(card) for card in hidden} & set(_leaves(document))
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


def sample_states(trajectory: Trajectory, rnd: random.Random, count: int) -> list[Any]:
    """The first and last states of a played game and `count` random ones."""
    states = trajectory.states
    return [states[0], states[-1], *rnd.sample(states, min(count, len(states)))]


def play_out(game: AnyGame, state: Any, rnd: random.Random, *, max_steps: int = MAX_STEPS) -> Any:
    """Play on from `state` to the end with uniformly random legal actions; the end state."""
    for _ in range(max_steps):
        if game.is_terminal(state):
            return state
        legal = game.legal_actions(state)
        state = game.apply(state, legal[rnd.randrange(len(legal))])
    raise AssertionError(f"{game.name}: no end after {max_steps} random actions")


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
    assert _card_count(game, sample) == _card_count(game, state), f"{name}: cards differ"
    seen = game.observe(sample, seat)
    assert seen == observation, f"{name}: the sample looks different to the seat:\n{seen}"
    assert game.events(sample, seat) == game.events(state, seat), f"{name}: events differ"
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
        for seat in _seats(trajectory.config):
            sample = check_sample_state(game, state, seat, rnd)
        play_out(game, sample, rnd)


def check_trajectory(
    trajectory: Trajectory,
    rnd: random.Random,
    *,
    tracker: TrackerFactory | None = None,
    public_part: PublicPart | None = None,
) -> None:
    """Every check of this module on one played game."""
    game, config = trajectory.game, trajectory.config
    check_playout(trajectory)
    check_notation(trajectory)
    check_determinism(trajectory)
    check_refused_after_end(trajectory)
    check_apply_iff_legal(game, config, sample_states(trajectory, rnd, 6), rnd)
    check_json_round_trip(game, config, sample_states(trajectory, rnd, 4))
    check_observation_hides_cards(game, config, sample_states(trajectory, rnd, 3), rnd)
    for seat in _seats(config):
        check_events_hide_secrets(trajectory, seat, rnd)
    if game.sample_state is not None:
        check_sampling(trajectory, rnd)
    if tracker is not None:
        if public_part is None:
            raise TypeError("a tracker needs public_part, the same part read from an observation")
        check_event_completeness(trajectory, tracker, public_part)


def check_game(
    game: AnyGame,
    *,
    players: Sequence[int] | None = None,
    games: int = 3,
    seed: int = 0,
    config: Callable[[int], Any] | None = None,
    tracker: TrackerFactory | None = None,
    public_part: PublicPart | None = None,
) -> int:
    """Play random games of `game` and run every check on them; return the games played.

    Args:
        game: the `Game` bundle to check (it need not be registered, but the JSON checks
            need it registered: call `numrules.register_game` first).
        players: the player counts to try (default: from `min_players` to `max_players`).
        games: random games per player count.
        seed: the first game seed; everything is reproducible from it.
        config: builds the config for a player count (default: `game.Config(players=n)`).
        tracker: a `Tracker` factory for the event completeness check (optional).
        public_part: what the tracker rebuilds, read from an observation.

    Raises:
        AssertionError: a check failed; the message names the game, seed and step.

    """
    counts = range(game.min_players, game.max_players + 1) if players is None else players
    build = config if config is not None else (lambda n: game.Config(players=n))
    played = 0
    for n in counts:
        for i in range(games):
            game_seed = seed + 1000 * n + i
            rnd = random.Random(game_seed)
            trajectory = play_random(game, build(n), game_seed, rnd)
            check_trajectory(trajectory, rnd, tracker=tracker, public_part=public_part)
            played += 1
    return played
