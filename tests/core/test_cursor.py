"""The decision cursor: who is asked next, who may decline, and what a declined required
decision is, on Num Bounce interrupts, Stack Attack's simultaneous picks and games
without optional seats."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import attrs
import pytest

import numrules
from numrules import BotError, DecisionCursor, FirstBot, SeatError
from numrules import numbounce as nb
from numrules.core.cursor import asking_order
from tests.core import toygame
from tests.numbounce.helpers import play, table

STACK = numrules.get_game("stackattack")


@pytest.fixture(autouse=True)
def shout_registered() -> Iterator[None]:
    numrules.register_game(toygame.GAME)
    yield
    numrules.unregister_game("shout")


def _interrupts() -> nb.State:
    # Seat 2 must move; seats 4 and 1 may interrupt the reference pair of sevens.
    return table(
        ["G1", "RB7 Y3", "B2 B3", "Y4", "SH7 Y6"], trick="R7 B7", author=0, mover=2, draw="Y1"
    )


def test_optional_seats_come_first_from_the_left_of_the_mover_then_the_mover() -> None:
    cursor = DecisionCursor.of(nb.GAME, _interrupts())
    assert cursor.order == (4, 1, 2)
    assert cursor.order == asking_order(nb.GAME, _interrupts())
    assert cursor.optional == {1, 4}
    assert (cursor.next_seat, cursor.pending, cursor.done) == (4, (4, 1, 2), False)


def test_each_optional_seat_that_declines_hands_the_decision_on() -> None:
    start = DecisionCursor.of(nb.GAME, _interrupts())
    after_4 = start.decline(4)
    assert (after_4.next_seat, after_4.pending) == (1, (1, 2))
    after_1 = after_4.decline(1)
    assert (after_1.next_seat, after_1.pending, after_1.passed) == (2, (2,), frozenset({1, 4}))
    assert start.next_seat == 4  # a cursor is a value: declining made a new one


def test_the_mover_declining_is_an_error_of_its_seat() -> None:
    cursor = DecisionCursor.of(nb.GAME, _interrupts()).decline(4).decline(1)
    with pytest.raises(BotError, match=r"^the bot of seat 2 declined a required decision"):
        cursor.decline(2)


def test_an_interrupt_starts_a_new_step_with_a_new_cursor() -> None:
    state = play(_interrupts(), "1:interrupt RB7")
    cursor = DecisionCursor.of(nb.GAME, state)
    assert cursor.order == tuple(sorted(nb.to_act(state)))
    assert cursor.optional == nb.optional_seats(state) == frozenset()
    assert cursor.passed == frozenset()


def test_simultaneous_picks_ask_every_required_seat_in_seat_order() -> None:
    state = STACK.new_game(STACK.Config(players=4), 5)
    cursor = DecisionCursor.of(STACK, state)
    assert (cursor.order, cursor.optional) == ((0, 1, 2, 3), frozenset())
    for seat in cursor.order:
        with pytest.raises(BotError, match=rf"^the bot of seat {seat} declined a required"):
            cursor.decline(seat)
    # Once seat 0 has picked, the step asks the seats that have not.
    state = STACK.apply(state, STACK.legal_actions_for(state, 0)[0])
    assert DecisionCursor.of(STACK, state).order == (1, 2, 3)


def test_a_search_starts_at_its_own_seat_and_passes_over_the_seats_before_it() -> None:
    cursor = DecisionCursor.of(STACK, STACK.new_game(STACK.Config(players=4), 5))
    # Required seats passed over are no decline (no error): they act in their own time.
    at_2 = cursor.starting_at(2)
    assert (at_2.next_seat, at_2.pending, at_2.passed) == (2, (2, 3), frozenset({0, 1}))
    assert cursor.passing([3, 9]).pending == (0, 1, 2)  # a seat not to act is ignored
    interrupts = DecisionCursor.of(nb.GAME, _interrupts())
    assert interrupts.starting_at(2).pending == (2,)
    with pytest.raises(SeatError, match="seat 0 is not waiting"):
        interrupts.starting_at(0)


@pytest.mark.parametrize("name", ["numwars", "numstop"])
def test_a_game_without_optional_seats_asks_its_one_seat(name: str) -> None:
    game = numrules.get_game(name)
    state = game.new_game(game.Config(players=3), 2)
    cursor = DecisionCursor.of(game, state)
    assert cursor.order == tuple(game.to_act(state))
    assert len(cursor.order) == 1
    assert cursor.optional == frozenset()
    (seat,) = cursor.order
    with pytest.raises(BotError, match=rf"^the bot of seat {seat} declined a required"):
        cursor.decline(seat)


def test_a_seat_not_waiting_cannot_decline() -> None:
    cursor = DecisionCursor.of(nb.GAME, _interrupts())
    with pytest.raises(SeatError, match="seat 3 is not waiting for a decision"):
        cursor.decline(3)  # not in to_act
    with pytest.raises(SeatError, match="seat 4 is not waiting for a decision"):
        cursor.decline(4).decline(4)  # declined already


def test_the_step_is_done_only_when_every_seat_has_declined() -> None:
    # No built-in game has a step whose seats are all optional: a cursor made by hand.
    cursor = DecisionCursor(order=(2, 0), optional=frozenset({0, 2}))
    assert not cursor.decline(2).done
    done = cursor.decline(2).decline(0)
    assert (done.done, done.next_seat, done.pending) == (True, None, ())


def test_the_toy_game_asks_its_shouters_from_the_left_of_the_mover() -> None:
    game = toygame.GAME
    state = game.apply(game.new_game(toygame.Config(players=4), 0), toygame.Tick(0))
    cursor = DecisionCursor.of(game, state)
    assert (cursor.order, cursor.optional) == ((2, 3, 0, 1), frozenset({0, 2, 3}))
    # Without shouters (an even count) the mover is alone, and required.
    quiet = DecisionCursor.of(game, game.apply(state, toygame.Tick(1)))
    assert (quiet.order, quiet.optional) == ((2,), frozenset())


class Decliner:
    """A bot that declines every decision, optional or not."""

    needs_observation = False

    def act(self, observation: Any, actions: Sequence[Any], optional: bool) -> Any | None:
        return None


def test_play_match_raises_the_cursors_error_for_a_declined_required_decision() -> None:
    # The toy game's mover must tick: seat 0 declines its first move.
    config = toygame.Config(players=3)
    with pytest.raises(BotError, match=r"^the bot of seat 0 declined a required decision"):
        numrules.play_match(toygame.GAME, config, [Decliner(), FirstBot(), FirstBot()], 0)


def _plain(seats: Any) -> Any:
    # A set where the game API promises a frozenset (typed Any: the point of the test).
    return set(seats)


def test_a_game_whose_seats_are_plain_sets_is_asked_the_same() -> None:
    game = toygame.GAME
    loose = attrs.evolve(
        game,
        to_act=lambda s: _plain(game.to_act(s)),
        optional_seats=lambda s: _plain(game.optional_seats(s)),
    )
    state = game.apply(game.new_game(toygame.Config(players=4), 0), toygame.Tick(0))
    assert DecisionCursor.of(loose, state) == DecisionCursor.of(game, state)
