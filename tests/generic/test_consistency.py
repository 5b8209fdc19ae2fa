"""The consistency suite every game inherits: random playouts checked against the contract."""

from __future__ import annotations

import itertools
import json
import os
import random
import subprocess
import sys
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import numrules
from numrules import Game, IllegalActionError, Reason, SeatError, SerializationError
from tests.generic.helpers import (
    Trajectory,
    card_count,
    configs,
    leaves,
    notation_key,
    play_random,
    swap_cards,
    trajectories,
)

games = pytest.mark.parametrize("game", numrules.game_names(), indirect=True)


@pytest.fixture(scope="module")
def game(request: pytest.FixtureRequest) -> Game:
    return numrules.get_game(request.param)


@st.composite
def samples(draw: st.DrawFn, game: Game, count: int) -> tuple[Trajectory, random.Random, list[Any]]:
    """A random game, a random source, and its first, last and `count` random states."""
    trajectory = draw(trajectories(game))
    rnd = draw(st.randoms(use_true_random=False))
    states = trajectory.states
    return trajectory, rnd, [states[0], states[-1], *rnd.sample(states, min(count, len(states)))]


@games
@given(data=st.data())
def test_playout_reaches_the_end_and_keeps_every_invariant(game: Game, data: st.DataObject) -> None:
    trajectory = data.draw(trajectories(game))
    everything = Counter(game.all_cards(trajectory.config))
    players = trajectory.config.players
    for state, action in zip(trajectory.states, trajectory.actions, strict=False):
        legal = game.legal_actions(state)
        assert legal, "a non-terminal state must offer an action"
        assert action in legal
        assert frozenset(a.seat for a in legal) == game.to_act(state)
        assert game.optional_seats(state) <= game.to_act(state)
        assert not game.is_terminal(state)
        assert not game.winners(state)
        assert len(game.scores(state)) == players
        assert card_count(game, state) == everything, "every card is in exactly one place"
        assert len(set(map(notation_key, legal))) == len(legal), "legal actions are distinct"
    final = trajectory.states[-1]
    assert game.is_terminal(final)
    assert game.legal_actions(final) == ()
    assert game.to_act(final) == frozenset()
    assert card_count(game, final) == everything
    scores = game.scores(final)
    winners = game.winners(final)
    assert winners
    assert winners <= frozenset(range(players))
    best = min(scores) if game.lower_score_wins else max(scores)
    assert winners == {s for s, score in enumerate(scores) if score == best}


@games
@given(data=st.data())
def test_every_legal_action_applies_and_apply_never_mutates(
    game: Game, data: st.DataObject
) -> None:
    _, _, states = data.draw(samples(game, 12))
    for state in states:
        before = numrules.dumps(state)
        for action in game.legal_actions(state):
            after = game.apply(state, action)
            assert after is not state
        assert numrules.dumps(state) == before


@games
@given(data=st.data())
def test_notation_round_trips(game: Game, data: st.DataObject) -> None:
    trajectory = data.draw(trajectories(game))
    for card in game.all_cards(trajectory.config):
        assert game.parse_card(str(card)) == card
    for state in trajectory.states[::7]:
        for action in game.legal_actions(state):
            parsed = game.parse_action(str(action))
            assert parsed == action
            assert type(parsed) is type(action)


@games
@given(data=st.data())
def test_same_config_seed_and_actions_give_equal_states(game: Game, data: st.DataObject) -> None:
    trajectory = data.draw(trajectories(game))
    replayed = numrules.replay(game, trajectory.config, trajectory.seed, trajectory.actions)
    assert replayed == trajectory.states[-1]
    assert numrules.dumps(replayed) == numrules.dumps(trajectory.states[-1])
    state = game.new_game(trajectory.config, trajectory.seed)
    for expected, action in zip(trajectory.states[1:], trajectory.actions, strict=True):
        state = game.apply(state, action)
        assert state == expected


@games
@given(data=st.data())
def test_json_round_trip_of_every_kind(game: Game, data: st.DataObject) -> None:
    trajectory, _, states = data.draw(samples(game, 6))
    config = trajectory.config
    assert numrules.loads(numrules.dumps(config)) == config
    players = config.players
    for state in states:
        text = numrules.dumps(state)
        assert numrules.loads(text) == state
        assert numrules.dumps(numrules.loads(text)) == text
        for seat in [None, *range(players)]:
            observation = game.observe(state, seat)
            assert numrules.loads(numrules.dumps(observation)) == observation
        for action in game.legal_actions(state):
            assert numrules.loads(numrules.dumps(action)) == action


@games
@given(data=st.data())
def test_observation_never_reveals_hidden_cards(game: Game, data: st.DataObject) -> None:
    trajectory, rnd, states = data.draw(samples(game, 4))
    players = trajectory.config.players
    for state in states:
        for seat in [None, *range(players)]:
            hidden = game.hidden_cards(state, seat)
            observation = game.observe(state, seat)
            # The log tells the past: a card seen in an earlier round may be hidden again
            # now (dealt anew). Its secrecy is checked by `check_events_hide_secrets`.
            document = json.loads(numrules.dumps(observation))
            document["data"].pop("log", None)
            shown = set(leaves(document))
            leaked = {str(card) for card in hidden} & shown
            assert not leaked, f"seat {seat} sees hidden cards {leaked}"
            # Exchanging two cards the seat cannot locate must change nothing it sees.
            # A game may refuse some exchanges as impossible states (a secret role card
            # tied to its holder, say); at least one exchange must go through.
            pool = sorted(hidden, key=str)
            if len(pool) < 2:
                continue
            exchanged = 0
            # Six random picks; if all are refused, every pair in turn until one goes
            # through (late in a round few hidden cards are left, most of them tied).
            picks = (rnd.sample(pool, 2) for _ in range(6))
            for attempt, (a, b) in enumerate(
                itertools.chain(picks, itertools.combinations(pool, 2))
            ):
                if attempt >= 6 and exchanged:
                    break
                try:
                    other = swap_cards(state, a, b)
                except SerializationError:
                    continue
                exchanged += 1
                assert game.observe(other, seat) == observation, f"seat {seat} sees {a}<->{b}"
                if seat is not None:
                    assert game.legal_actions_for(other, seat) == game.legal_actions_for(
                        state, seat
                    )
            assert exchanged, f"no exchange of hidden cards was accepted for seat {seat}"


JUNK: list[Any] = [None, 0, -1, "", "x", 1.5, True, object(), (), {}, b"\x00"]


def mutations(game: Game, action: Any, config: Any, rnd: random.Random) -> list[Any]:
    """Actions that differ from `action` in one field (ints, cards, junk)."""
    cards = list(game.all_cards(config))
    out = []
    for field in attrs.fields(type(action)):
        values = [rnd.randint(-2, 70) for _ in range(3)] + rnd.sample(cards, 2)
        values += rnd.sample(JUNK, 3)
        out += [attrs.evolve(action, **{field.name: value}) for value in values]
    return out


@games
@given(data=st.data())
def test_apply_accepts_exactly_the_legal_actions(game: Game, data: st.DataObject) -> None:
    trajectory, rnd, states = data.draw(samples(game, 8))
    players = trajectory.config.players
    for state in states:
        before = numrules.dumps(state)
        legal = game.legal_actions(state)
        legal_keys = {notation_key(a) for a in legal}
        candidates = list(JUNK) + [str(a) for a in legal[:2]]
        for action in rnd.sample(legal, min(4, len(legal))):
            candidates += mutations(game, action, trajectory.config, rnd)
            for seat in range(-1, players + 1):
                if seat not in game.to_act(state):
                    candidates.append(attrs.evolve(action, seat=seat))
        for candidate in candidates:
            if attrs.has(type(candidate)) and notation_key(candidate) in legal_keys:
                game.apply(state, candidate)
                continue
            with pytest.raises(IllegalActionError) as info:
                game.apply(state, candidate)
            assert info.value.action is candidate
            assert isinstance(info.value.reason, Reason)
        assert numrules.dumps(state) == before


@games
@given(data=st.data())
def test_actions_after_the_end_are_refused(game: Game, data: st.DataObject) -> None:
    trajectory = data.draw(trajectories(game))
    final = trajectory.states[-1]
    before = numrules.dumps(final)
    for action in game.legal_actions(trajectory.states[-2]):
        with pytest.raises(IllegalActionError) as info:
            game.apply(final, action)
        assert info.value.reason is Reason.GAME_OVER
    assert numrules.dumps(final) == before


@games
@given(data=st.data())
def test_tampered_json_is_refused(game: Game, data: st.DataObject) -> None:
    trajectory = data.draw(trajectories(game))
    rnd = data.draw(st.randoms(use_true_random=False))
    state = rnd.choice(trajectory.states)
    document = json.loads(numrules.dumps(state))
    card_texts = {str(card) for card in game.all_cards(trajectory.config)}
    present = sorted({leaf for leaf in leaves(document["data"]) if leaf in card_texts})
    a, b = rnd.sample(present, 2)
    duplicated = json.loads(json.dumps(document).replace(f'"{a}"', f'"{b}"'))
    data_ = document["data"]
    an_int = next(key for key, value in data_.items() if type(value) is int)
    bad_documents: list[Any] = [
        duplicated,
        {**document, "version": 99},
        {**document, "game": "nosuchgame"},
        {**document, "kind": "Nothing"},
        {**document, "data": {**data_, an_int: str(data_[an_int])}},
        {**document, "data": {**data_, "surprise": 1}},
        {k: v for k, v in document.items() if k != "data"},
        {**document, "data": [1, 2, 3]},
    ]
    for bad in bad_documents:
        with pytest.raises(SerializationError):
            numrules.loads(json.dumps(bad))
    for text in ["", "{", "[]", "null", '"State"']:
        with pytest.raises(SerializationError):
            numrules.loads(text)


@games
@given(data=st.data())
def test_observe_refuses_unknown_seats(game: Game, data: st.DataObject) -> None:
    config = data.draw(configs(game))
    state = game.new_game(config, 0)
    bad_seats: list[Any] = [-1, config.players, "0", 1.0]
    for seat in bad_seats:
        with pytest.raises(SeatError):
            game.observe(state, seat)


@games
def test_play_match_is_reproducible(game: Game) -> None:
    config = game.Config(players=game.min_players)
    bots = [numrules.RandomBot(seat) for seat in range(config.players)]
    first = numrules.play_match(game, config, bots, seed=11)
    again = numrules.play_match(
        game, config, [numrules.RandomBot(s) for s in range(config.players)], seed=11
    )
    assert first.actions == again.actions
    assert first.final_state == again.final_state
    assert first.replay() == first.final_state
    assert first.scores == game.scores(first.final_state)
    assert first.winners == game.winners(first.final_state)


@games
def test_random_playouts_of_every_player_count_end(game: Game) -> None:
    rnd = random.Random(5)
    for players in range(game.min_players, game.max_players + 1):
        trajectory = play_random(game, game.Config(players=players), players, rnd)
        assert game.is_terminal(trajectory.states[-1])


REPLAY_SCRIPT = """
import sys, numrules
game = numrules.get_game(sys.argv[1])
config = game.Config(players=int(sys.argv[2]))
bots = [numrules.RandomBot(seat) for seat in range(config.players)]
result = numrules.play_match(game, config, bots, seed=7)
print(numrules.dumps(result.final_state))
print(" ".join(map(str, result.actions)))
"""


@games
def test_games_are_identical_across_processes_and_hash_seeds(game: Game) -> None:
    # Hash randomisation changes set and dict order between processes: nothing a game
    # does may depend on it.
    players = str(game.max_players)
    runs = {
        subprocess.run(
            [sys.executable, "-c", REPLAY_SCRIPT, game.name, players],
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for hash_seed in ("1", "2")
    }
    assert len(runs) == 1
