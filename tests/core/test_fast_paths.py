"""The speed-ups that must not change behaviour: interned actions, observations on demand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

import numrules
from numrules import FirstBot, RandomBot
from numrules.core.cursor import asking_order
from numrules.core.interning import Interned, per_seat
from tests.generic.helpers import check_listed_actions


def test_interned_builds_each_value_once() -> None:
    built: list[int] = []

    def make(key: int) -> tuple[int, int]:
        built.append(key)
        return (key, key * key)

    table = Interned(make)
    first = table[3]
    assert table[3] is first
    assert table[4] == (4, 16)
    assert built == [3, 4]
    seats: Interned[int, Interned[int, tuple[int, int]]] = per_seat(lambda seat, card: (seat, card))
    assert seats[1][7] == (1, 7)
    assert seats[1][7] is seats[1][7]
    assert seats[0][7] == (0, 7)


@pytest.mark.parametrize("name", numrules.game_names())
def test_legal_actions_are_listed_the_same_and_parse_back(name: str) -> None:
    # Whether the objects themselves are reused (interned) is each game's own test.
    check_listed_actions(numrules.get_game(name))


class Watcher:
    """A bot that records the observations it is given."""

    def __init__(self, needs: bool | None) -> None:
        if needs is not None:
            self.needs_observation = needs
        self.seen: list[Any] = []

    def act(self, observation: Any, actions: Sequence[Any], optional: bool) -> Any | None:
        self.seen.append(observation)
        return actions[0]


@pytest.mark.parametrize("name", ["numbounce", "stackattack"])
def test_observations_go_to_the_bots_that_want_them(name: str) -> None:
    game = numrules.get_game(name)
    bots = [Watcher(None), Watcher(False), Watcher(True)]
    result = numrules.play_match(game, game.Config(players=3), bots, 2, max_actions=300_000)
    assert bots[1].seen
    assert all(seen is None for seen in bots[1].seen)
    for bot in (bots[0], bots[2]):
        assert bot.seen
        assert all(isinstance(seen, game.Observation) for seen in bot.seen)
    # Who reads observations changes nothing: FirstBot everywhere plays the same game.
    firsts = numrules.play_match(game, game.Config(players=3), [FirstBot()] * 3, 2)
    assert firsts.actions == result.actions


def test_the_ready_made_bots_skip_observations() -> None:
    assert RandomBot(0).needs_observation is False
    assert FirstBot().needs_observation is False


def test_asking_order_with_one_seat_to_act() -> None:
    game = numrules.get_game("numwars")
    state = game.new_game(game.Config(players=4), 0)
    assert asking_order(game, state) == tuple(game.to_act(state))
