"""The match driver, the bots and the registry, on Stack Attack and a toy game with interrupts."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import attrs
import pytest

import numrules
from numrules import BotError, ConfigError, RandomBot, UnknownGameError
from numrules.core.bots import BOTS, Bot, FirstBot
from numrules.core.cursor import asking_order
from numrules.core.match import MatchAbortedError
from tests.core import toygame


@pytest.fixture(autouse=True)
def shout_registered() -> Iterator[None]:
    numrules.register_game(toygame.GAME)
    yield
    numrules.unregister_game("shout")


class Recorder:
    """A bot that declines every optional decision and records what it was offered."""

    def __init__(self, log: list[tuple[int, bool]], seat: int) -> None:
        self.log, self.seat = log, seat

    def act(self, observation: Any, actions: Sequence[Any], optional: bool) -> Any | None:
        self.log.append((self.seat, optional))
        return None if optional else actions[-1]


def test_optional_seats_are_asked_first_starting_left_of_the_mover() -> None:
    game = toygame.GAME
    state = game.new_game(toygame.Config(players=4), 0)
    state = game.apply(state, toygame.Tick(0))  # count 1 (odd), mover 1
    assert game.to_act(state) == {0, 1, 2, 3}
    assert game.optional_seats(state) == {0, 2, 3}
    assert asking_order(game, state) == (2, 3, 0, 1)


def test_declining_bots_are_skipped_and_the_mover_acts() -> None:
    log: list[tuple[int, bool]] = []
    bots = [Recorder(log, seat) for seat in range(3)]
    result = numrules.play_match("shout", toygame.Config(players=3, target=2), bots, seed=0)
    assert [str(a) for a in result.actions] == ["0:tick", "1:tick"]
    # Count 1: seats 2 and 0 may shout (asked left of mover 1 first), then mover 1.
    assert log == [(0, False), (2, True), (0, True), (1, False)]
    assert result.winners == {0, 1, 2}


def test_random_bot_declines_at_its_rate() -> None:
    config = toygame.Config(players=3, target=41)
    never = numrules.play_match("shout", config, [RandomBot(s, decline=1.0) for s in range(3)], 0)
    assert all(isinstance(a, toygame.Tick) for a in never.actions)
    always = numrules.play_match("shout", config, [RandomBot(s, decline=0.0) for s in range(3)], 0)
    assert sum(isinstance(a, toygame.Shout) for a in always.actions) > 0
    with pytest.raises(ConfigError):
        RandomBot(0, decline=1.5)


def test_random_bot_is_reproducible_and_uniform() -> None:
    actions = list(range(5))
    picks = [RandomBot(3).act(None, actions, False) for _ in range(3)]
    assert len(set(picks)) == 1
    bot = RandomBot(9)
    counts = [0] * 5
    for _ in range(5000):
        pick = bot.act(None, actions, False)
        assert pick is not None
        counts[pick] += 1
    assert min(counts) > 850


def test_a_bot_that_breaks_the_rules_is_reported() -> None:
    class Cheater:
        def act(self, observation: Any, actions: Sequence[Any], optional: bool) -> Any:
            return "0:tick"

    class Sulker:
        def act(self, observation: Any, actions: Sequence[Any], optional: bool) -> Any:
            return None

    config = toygame.Config(players=2)
    with pytest.raises(BotError):
        numrules.play_match("shout", config, [Cheater(), Cheater()], seed=0)
    with pytest.raises(BotError):
        numrules.play_match("shout", config, [Sulker(), Sulker()], seed=0)


def test_play_match_checks_its_arguments() -> None:
    game = numrules.get_game("stackattack")
    config = game.Config(players=3)
    with pytest.raises(ConfigError):
        numrules.play_match(game, config, [FirstBot(), FirstBot()], seed=0)
    with pytest.raises(ConfigError):
        numrules.play_match(game, config, [FirstBot()] * 3, seed="0")  # type: ignore[arg-type]
    with pytest.raises(MatchAbortedError):
        numrules.play_match(game, config, [FirstBot()] * 3, seed=0, max_actions=10)


def test_a_match_replays_from_its_record_with_a_stacked_deck() -> None:
    game = numrules.get_game("stackattack")
    config = game.Config(players=2)
    deck = game.parse_cards("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24")
    bots: list[Bot] = [RandomBot(1), RandomBot(2)]
    result = numrules.play_match(game, config, bots, seed=5, deck=deck)
    assert result.deck == deck
    assert result.replay() == result.final_state
    assert numrules.replay(game, config, 5, result.actions, deck=deck) == result.final_state


def test_the_registry_knows_its_games() -> None:
    assert "stackattack" in numrules.game_names()
    assert numrules.get_game("stackattack") is numrules.get_game("stackattack")
    assert numrules.get_game("shout") is toygame.GAME
    with pytest.raises(UnknownGameError):
        numrules.get_game("chess")
    with pytest.raises(ValueError, match="already registered"):
        numrules.register_game(toygame.GAME.__class__(**{**_fields(toygame.GAME), "title": "x"}))
    assert set(BOTS) == {"random", "first", "ismcts"}


def _fields(game: numrules.AnyGame) -> dict[str, Any]:
    return attrs.asdict(game, recurse=False)


def test_an_external_game_serialises_like_a_builtin_one() -> None:
    game = toygame.GAME
    state = game.apply(game.new_game(toygame.Config(), 0), toygame.Tick(0))
    assert numrules.loads(numrules.dumps(state)) == state
    assert numrules.loads(numrules.dumps(toygame.Shout(2))) == toygame.Shout(2)
    numrules.unregister_game("shout")
    assert "shout" not in numrules.game_names()
    with pytest.raises(numrules.SerializationError):
        numrules.dumps(state)


def test_apply_as_works_for_an_external_game_by_name() -> None:
    state = toygame.GAME.new_game(toygame.Config(players=3), 0)
    state = numrules.apply_as("shout", state, 0, "tick")
    assert state.count == 1
    state = numrules.apply_as("shout", state, 2, "2:shout")
    assert state.points == (0, 0, 1)
    with pytest.raises(numrules.NotationError, match="action of seat 0, not of seat 1"):
        numrules.apply_as("shout", state, 1, "0:shout")
    with pytest.raises(numrules.IllegalActionError) as info:
        numrules.apply_as("shout", state, 0, toygame.Tick(1))
    assert info.value.reason is numrules.Reason.NOT_YOUR_TURN
    with pytest.raises(numrules.SeatError):
        numrules.apply_as("shout", state, 3, "tick")
