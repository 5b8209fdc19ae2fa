"""The API a server can trust and a person can type, checked on every game.

Seat-aware notation (`parse_action(text, seat=...)`, `apply_as`), canonical notation
whatever the card order, the uniform observation names, the module-level
`legal_actions_for` / `optional_seats`, and advice for objects that are not actions.
"""

from __future__ import annotations

import enum
import importlib
import itertools
import random
import re
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import numrules
from numrules import (
    AnyGame,
    BotError,
    ConfigError,
    IllegalActionError,
    NotationError,
    Reason,
    SeatError,
)
from numrules import numbounce as nb
from numrules import numstop as ns
from numrules.testing import play_random
from tests.generic.helpers import trajectories

games = pytest.mark.parametrize("game", numrules.game_names(), indirect=True)


@pytest.fixture(scope="module")
def game(request: pytest.FixtureRequest) -> AnyGame:
    return numrules.get_game(request.param)


def sample_states(game: AnyGame, seed: int = 3, count: int = 25) -> list[Any]:
    """A few non-terminal states of one random game (its first state included)."""
    config = game.Config(players=game.min_players)
    states = play_random(game, config, seed, random.Random(seed)).states[:-1]
    rnd = random.Random(seed)
    return [states[0], *rnd.sample(states, min(count, len(states)))]


def unprefixed(action: Any) -> str:
    """The notation of `action` without its `<seat>:` prefix."""
    prefix, colon, rest = str(action).partition(":")
    assert colon
    assert prefix == str(action.seat)
    return rest


def other_seat(seat: int, players: int) -> int:
    return (seat + 1) % players


# --- 1. parse_action(text, seat=...) ----------------------------------------------------


@games
def test_parse_action_reads_a_bare_text_as_the_given_seats(game: AnyGame) -> None:
    module = importlib.import_module(f"numrules.{game.name}")
    checked = 0
    for state in sample_states(game):
        players = state.config.players
        for action in game.legal_actions(state):
            seat, bare = action.seat, unprefixed(action)
            assert game.parse_action(bare, seat=seat) == action
            assert module.parse_action(bare, seat) == action
            assert game.parse_action(str(action), seat=seat) == action
            assert game.parse_action(f" {seat} : {bare} ", seat=seat) == action
            other = other_seat(seat, players)
            with pytest.raises(NotationError, match=f"action of seat {seat}, not of seat {other}"):
                game.parse_action(str(action), seat=other)
            with pytest.raises(NotationError, match="names no seat"):
                game.parse_action(bare)
            checked += 1
    assert checked > 20


@games
def test_parse_action_refuses_a_bad_seat_argument(game: AnyGame) -> None:
    action = game.legal_actions(game.new_game(game.Config(players=game.min_players), 0))[0]
    for bad in (-1, True, "0", 1.0):
        with pytest.raises(SeatError):
            game.parse_action(unprefixed(action), seat=bad)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        game.parse_action(None, seat=0)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        game.parse_action("", seat=0)
    with pytest.raises(NotationError):
        game.parse_action("0:", seat=0)


# --- 2. apply_as --------------------------------------------------------------------------


@games
def test_apply_as_applies_text_and_objects_of_the_sending_seat_only(game: AnyGame) -> None:
    for state in sample_states(game, count=10):
        players = state.config.players
        for action in game.legal_actions(state):
            seat, other = action.seat, other_seat(action.seat, players)
            expected = game.apply(state, action)
            assert numrules.apply_as(game, state, seat, unprefixed(action)) == expected
            assert numrules.apply_as(game.name, state, seat, str(action)) == expected
            assert numrules.apply_as(game, state, seat, action) == expected
            with pytest.raises(NotationError, match=f"not of seat {other}"):
                numrules.apply_as(game, state, other, str(action))
            with pytest.raises(IllegalActionError) as info:
                numrules.apply_as(game, state, other, action)
            assert info.value.reason is Reason.NOT_YOUR_TURN
            assert f"seat {other} sent it" in str(info.value)


@games
def test_apply_as_never_applies_a_bare_text_as_another_seat(game: AnyGame) -> None:
    # Seat B's text, sent by seat A, is read as A's: legal for A, or refused; never B's move.
    for state in sample_states(game, count=10):
        players = state.config.players
        for action in game.legal_actions(state):
            sender = other_seat(action.seat, players)
            try:
                after = numrules.apply_as(game, state, sender, unprefixed(action))
            except (IllegalActionError, NotationError):
                continue
            assert game.parse_action(unprefixed(action), seat=sender) in game.legal_actions(state)
            assert after == game.apply(state, game.parse_action(unprefixed(action), seat=sender))


@games
def test_apply_as_raises_typed_errors(game: AnyGame) -> None:
    state = game.new_game(game.Config(players=game.min_players), 0)
    action = game.legal_actions(state)[0]
    for bad in (-1, game.min_players, True, "0", None):
        with pytest.raises(SeatError):
            numrules.apply_as(game, state, bad, action)  # type: ignore[arg-type]
    for junk in (None, 3, (str(action),), object()):
        with pytest.raises(IllegalActionError) as info:
            numrules.apply_as(game, state, action.seat, junk)
        assert info.value.reason is Reason.MALFORMED
    with pytest.raises(NotationError):
        numrules.apply_as(game, state, action.seat, "fly away")


# --- 3. advice for what is not an action ------------------------------------------------


def suggested(message: str) -> str:
    found = re.search(r"parse_action\('([^']*)'\)", message)
    assert found, message
    return found[1]


@games
def test_a_string_passed_to_apply_says_to_parse_it(game: AnyGame) -> None:
    state = game.new_game(game.Config(players=game.min_players), 0)
    action = game.legal_actions(state)[0]
    with pytest.raises(IllegalActionError) as info:
        game.apply(state, str(action))
    assert info.value.reason is Reason.MALFORMED
    assert "pass an action object, not a string" in info.value.detail
    assert suggested(info.value.detail) == str(action)
    # Text that is not notation gets the game's own example, which parses.
    for text in ("hello", unprefixed(action)):
        with pytest.raises(IllegalActionError) as info:
            game.apply(state, text)
        example = suggested(info.value.detail)
        assert isinstance(game.parse_action(example), game.action_types)
    with pytest.raises(IllegalActionError) as info:
        game.apply(state, 42)
    assert info.value.reason is Reason.MALFORMED
    assert f"not a {game.title} action" in info.value.detail
    assert type(action).__name__ in info.value.detail
    with pytest.raises(IllegalActionError, match="not the class itself"):
        game.apply(state, type(action))


@games
def test_replay_and_play_match_say_what_to_do_with_strings(game: AnyGame) -> None:
    config = game.Config(players=game.min_players)
    actions = play_random(game, config, 0, random.Random(0)).actions
    texts = [str(a) for a in actions[:4]]
    assert numrules.replay(game, config, 0, texts) == numrules.replay(game, config, 0, actions[:4])
    junk: Any = {"seat": 0}
    with pytest.raises(IllegalActionError) as info:
        numrules.replay(game, config, 0, [actions[0], junk])
    assert info.value.reason is Reason.MALFORMED
    assert info.value.detail.startswith(f"action 1: not a {game.title} action")
    with pytest.raises(ConfigError):
        numrules.replay(game, config, 0, texts[0])

    class Typist:
        def act(self, observation: Any, actions: Sequence[Any], optional: bool) -> Any:
            return str(actions[0])

    with pytest.raises(BotError, match=r"returned a string .* offered .* not notation"):
        numrules.play_match(game, config, [Typist()] * config.players, seed=0)


# --- 4. canonical notation --------------------------------------------------------------


def respell(action: Any, rnd: random.Random) -> str:
    """The notation of `action` with its card tokens shuffled, in random case and spacing."""
    tokens = str(action).replace(":", ": ").split()
    cards = {str(card) for card in getattr(action, "cards", ()) or ()}
    places = [i for i, token in enumerate(tokens) if token in cards]
    shuffled = [tokens[i] for i in places]
    rnd.shuffle(shuffled)
    for i, token in zip(places, shuffled, strict=True):
        tokens[i] = token
    tokens = [t.lower() if rnd.random() < 0.3 else t for t in tokens]
    return " " * rnd.randrange(2) + (" " * rnd.randint(1, 2)).join(tokens) + " "


@games
@given(data=st.data())
def test_any_spelling_of_an_action_parses_to_it_and_prints_canonically(
    game: AnyGame, data: st.DataObject
) -> None:
    trajectory = data.draw(trajectories(game))
    # A drawn seed rather than st.randoms(): thousands of spellings would exhaust the data.
    rnd = random.Random(data.draw(st.integers(0, 2**32), label="spelling"))
    states = trajectory.states[:-1]
    for state in rnd.sample(states, min(60, len(states))):
        for action in game.legal_actions(state):
            text = respell(action, rnd)
            parsed = game.parse_action(text)
            assert parsed == action, (text, str(action))
            assert str(parsed) == str(action)
            assert str(game.parse_action(unprefixed(action), seat=action.seat)) == str(action)


@games
def test_every_permutation_of_a_multi_card_action_is_the_same_action(game: AnyGame) -> None:
    seen = 0
    for seed in range(3):
        config = game.Config(players=game.min_players)
        for state in play_random(game, config, seed, random.Random(seed)).states[:-1]:
            for action in game.legal_actions(state):
                cards = getattr(action, "cards", None)
                if not isinstance(cards, tuple) or len(cards) < 2 or seen > 300:
                    continue
                head = str(action)[: -len(" ".join(map(str, cards)))]
                for order in itertools.permutations(cards):
                    parsed = game.parse_action(head + " ".join(map(str, order)))
                    assert parsed == action
                    assert str(parsed) == str(action)
                seen += 1
    if game.name == "numbounce":  # Num Stop validates a combination card by card
        assert seen > 0


def test_the_two_reported_spellings_are_canonicalised() -> None:
    assert str(ns.parse_action("0:AIM Pair")) == "0:aim pair"
    assert str(ns.parse_action("pick r7", seat=0)) == "0:pick R7"
    assert str(nb.parse_action("0:play RB7 R7")) == "0:play R7 RB7"
    with pytest.raises(NotationError, match="twice"):
        nb.parse_action("0:play R7 R7")


# --- 5. uniform observations --------------------------------------------------------------


@games
def test_every_observation_has_the_uniform_names(game: AnyGame) -> None:
    for state in sample_states(game, count=15):
        players = state.config.players
        seats = game.to_act(state)
        required = seats - game.optional_seats(state)
        for seat in (None, *range(players)):
            obs = game.observe(state, seat)
            assert obs.seat == seat
            assert isinstance(obs.phase, enum.Enum)
            assert type(obs.round) is int
            assert type(obs.to_act) is tuple
            assert all(type(s) is int for s in obs.to_act)
            assert list(obs.to_act) == sorted(set(obs.to_act))
            assert required <= set(obs.to_act) <= seats
            if seat is not None:
                assert (seat in obs.to_act) == (seat in seats)
            scores = obs.scores
            assert type(scores) is tuple
            assert len(scores) == players
            assert all(type(s) is int for s in scores)
    final = play_random(game, game.Config(players=game.min_players), 3, random.Random(3))
    assert game.observe(final.states[-1], 0).to_act == ()


# --- 6. module-level legal_actions_for and optional_seats -------------------------------


@games
def test_every_game_module_has_legal_actions_for_and_optional_seats(game: AnyGame) -> None:
    module = importlib.import_module(f"numrules.{game.name}")
    assert {"legal_actions_for", "optional_seats"} <= set(module.__all__)
    assert game.legal_actions_for is module.legal_actions_for
    assert game.optional_seats is module.optional_seats
    for state in sample_states(game, count=10):
        legal = game.legal_actions(state)
        for seat in range(state.config.players):
            mine = module.legal_actions_for(state, seat)
            assert mine == tuple(a for a in legal if a.seat == seat)
        assert module.optional_seats(state) <= game.to_act(state)
    bad_seats: list[Any] = [-1, state.config.players, None, "0"]
    for bad in bad_seats:
        with pytest.raises(SeatError):
            module.legal_actions_for(state, bad)


def test_first_bot_is_exported() -> None:
    assert "FirstBot" in numrules.__all__
    assert numrules.FirstBot().act(None, ["a", "b"], True) == "a"


# --- 7. play_match refuses bad arguments with typed errors ------------------------------


def test_play_match_refuses_bad_arguments_with_typed_errors() -> None:
    game = numrules.get_game("stackattack")
    config = game.Config(players=2)
    bots = [numrules.FirstBot(), numrules.FirstBot()]
    other = numrules.get_game("numwars").Config(players=3)
    cases: list[tuple[Any, Any, Any, str]] = [
        (game, None, bots, "config must be a Stack Attack Config .* got None"),
        (game, other, bots, "got numrules.numwars.config.Config"),
        (game, config, [numrules.FirstBot()], "2 players need 2 bots, got 1"),
        (game, config, numrules.FirstBot(), "bots must be a list of 2 bots"),
        (game, config, [numrules.FirstBot(), lambda o, a, p: a[0]], "seat 1 is a function"),
        (game, config, [object(), numrules.FirstBot()], "seat 0 is <object .*not a bot"),
    ]
    for g, c, b, message in cases:
        with pytest.raises(ConfigError, match=message):
            numrules.play_match(g, c, b, seed=0)
    with pytest.raises(ConfigError, match="max_actions"):
        numrules.play_match(game, config, bots, seed=0, max_actions="10")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="config must be"):
        numrules.replay(game, None, 0, [])
    with pytest.raises(numrules.UnknownGameError):
        numrules.play_match("chess", config, bots, seed=0)
