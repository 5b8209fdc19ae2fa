"""The rules of the contract, checked on played games: invariants, legality, JSON.

- `check_playout`: every state offers legal actions exactly for the seats of `to_act`,
  every card is in exactly one zone, and the end has winners that match the scores.
- `check_events_recorded`: the deal and every action record events, told to every seat.
- `check_notation`: `parse_action(str(a)) == a` and `parse_card(str(c)) == c`.
- `check_apply_iff_legal`: `apply` accepts exactly the legal actions, refuses junk,
  other seats and mutated fields with `IllegalActionError`, and never changes its input.
- `check_refused_after_end`: once the game is over, every action is refused.
- `check_determinism`: the same config, seed and actions give equal states.
- `check_json_round_trip`: configs, states, observations, actions and events survive
  `dumps`/`loads` exactly; `check_tampered_json`: `loads` refuses altered documents.
- `check_legal_actions_for`: each seat's actions are its share of `legal_actions`.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

import attrs

from numrules.core.errors import (
    IllegalActionError,
    NumrulesError,
    Reason,
    SeatError,
    SerializationError,
)
from numrules.core.events import EMPTY_LOG
from numrules.core.game import AnyGame, all_games
from numrules.core.match import replay
from numrules.core.serialization import dumps, loads
from numrules.testing.played import (
    Trajectory,
    action_key,
    card_count,
    leaves,
    observers,
    raises,
    sample_states,
)


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
        public = game.public_optional_seats
        if public is not None:
            assert game.optional_seats(state) <= public(state), (
                f"{where}: an optional seat is missing from public_optional_seats"
            )
        assert not game.is_terminal(state), f"{where}: terminal with actions left"
        assert not game.winners(state), f"{where}: winners before the end"
        assert len(game.scores(state)) == players, f"{where}: one score per seat"
        assert card_count(game, state) == everything, f"{where}: a card lost or doubled"
        assert len(set(map(action_key, legal))) == len(legal), f"{where}: repeated legal actions"
    final = trajectory.states[-1]
    assert game.is_terminal(final), f"{name}: the last state is not terminal"
    assert game.legal_actions(final) == (), f"{name}: actions after the end"
    assert game.to_act(final) == frozenset(), f"{name}: seats to act after the end"
    assert card_count(game, final) == everything, f"{name}: a card lost at the end"
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
        keys = {action_key(a) for a in legal}
        candidates: list[Any] = [*_JUNK, *(str(a) for a in legal[:2])]
        for action in rnd.sample(legal, min(4, len(legal))):
            candidates += _mutations(game, action, config, rnd)
            for seat in range(-1, players + 1):
                if seat not in game.to_act(state):
                    candidates.append(attrs.evolve(action, seat=seat))
        for candidate in candidates:
            if attrs.has(type(candidate)) and action_key(candidate) in keys:
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
    whole states, logs included, are compared at the end, and `numrules.replay` of the
    actions gives the same final state.
    """
    game = trajectory.game
    seats = observers(trajectory.config)
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
    replayed = replay(game, trajectory.config, trajectory.seed, trajectory.actions)
    assert replayed == state, f"{game.name}: numrules.replay gives another game"


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
        for seat in observers(config):
            observation = game.observe(state, seat)
            assert loads(dumps(observation)) == observation, (
                f"{game.name}: seat {seat}'s observation changes through JSON"
            )
        for event in game.events(state, None)[-3:]:
            assert loads(dumps(event)) == event, f"{game.name}: event {event} changes"
        for action in game.legal_actions(state):
            assert loads(dumps(action)) == action, f"{game.name}: {action} changes through JSON"


def check_events_recorded(trajectory: Trajectory) -> None:
    """`new_game` records the deal, every `apply` at least one event, every seat told of each."""
    game = trajectory.game
    counts = [len(game.events(trajectory.states[0], None))]
    for state in trajectory.states[1:]:
        counts.append(counts[-1] + len(game.events(state, None, counts[-1])))
    assert counts[0] > 0, f"{game.name}: new_game records no event (the deal)"
    for step, (before, after) in enumerate(itertools.pairwise(counts)):
        assert after > before, f"{game.name} seed {trajectory.seed} step {step}: no event"
    final = trajectory.states[-1]
    for seat in range(trajectory.config.players):
        assert len(game.events(final, seat)) == counts[-1], (
            f"{game.name}: seat {seat} is not told of every event"
        )


def check_tampered_json(trajectory: Trajectory, rnd: random.Random) -> None:
    """`loads` refuses a state document that was altered, with `SerializationError`.

    A card written twice, another version, game or kind, a field of the wrong type or
    too many, an unknown event, a broken log, a missing or malformed `data`, and text
    that is no document at all.
    """
    game = trajectory.game
    state = rnd.choice(trajectory.states)
    document = json.loads(dumps(state))
    data = document["data"]
    bad: list[Any] = [
        {**document, "version": 99},
        {**document, "game": "no such game"},
        {**document, "kind": "Nothing"},
        {**document, "data": {**data, "surprise": 1}},
        {**document, "data": {**data, "log": {"public": [{"event": "Nothing"}], "private": []}}},
        {**document, "data": {**data, "log": {"public": [], "private": [[[5, None]]]}}},
        {key: value for key, value in document.items() if key != "data"},
        {**document, "data": [1, 2, 3]},
    ]
    card_texts = {str(card) for card in game.all_cards(trajectory.config)}
    position = {key: value for key, value in data.items() if key != "log"}
    present = sorted({leaf for leaf in leaves(position) if leaf in card_texts})
    if len(present) >= 2:
        a, b = rnd.sample(present, 2)
        bad.append(json.loads(json.dumps(document).replace(f'"{a}"', f'"{b}"')))
    an_int = next((key for key, value in data.items() if type(value) is int), None)
    if an_int is not None:
        bad.append({**document, "data": {**data, an_int: str(data[an_int])}})
    for index, altered in enumerate(bad):
        text = json.dumps(altered)
        raises(SerializationError, f"{game.name}: document {index}", loads, text)
    for text in ["", "{", "[]", "null", '"State"']:
        raises(SerializationError, f"{game.name}: {text!r}", loads, text)


def check_legal_actions_for(trajectory: Trajectory, rnd: random.Random, count: int = 10) -> None:
    """`legal_actions_for(state, seat)` is that seat's share of `legal_actions`, in order.

    And `optional_seats` is part of `to_act`, and a bad seat is a `SeatError`.
    """
    game = trajectory.game
    players = trajectory.config.players
    for state in sample_states(trajectory, rnd, count):
        legal = game.legal_actions(state)
        for seat in range(players):
            mine = game.legal_actions_for(state, seat)
            assert mine == tuple(a for a in legal if a.seat == seat), (
                f"{game.name}: legal_actions_for(state, {seat}) is not its legal actions"
            )
        assert game.optional_seats(state) <= game.to_act(state), f"{game.name}: optional seats"
    bad_seats: list[Any] = [-1, players, None, "0"]
    for bad in bad_seats:
        what = f"{game.name}: legal_actions_for seat {bad!r}"
        raises(SeatError, what, game.legal_actions_for, state, bad)
