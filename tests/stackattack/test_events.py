"""Stack Attack events: what each seat is told, in scenarios from stacked positions."""

from __future__ import annotations

import numrules
from numrules import stackattack as sa
from tests.stackattack.helpers import play, table


def sentences(state: sa.State, seat: int | None, since: int = 0) -> list[str]:
    return [str(event) for event in sa.events(state, seat, since)]


def test_the_deal_shows_each_seat_its_own_hand_only() -> None:
    deck = sa.parse_cards("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 30 40 50 60")
    state = sa.new_game(sa.Config(players=2), seed=3, deck=deck)
    (dealt,) = sa.events(state, 0)
    assert dealt == sa.Dealt(0, deck[20:], (deck[:10], None))
    assert str(dealt) == (
        "round 0 is dealt; the rows start with 30 40 50 60; seat 0 holds 1 2 3 4 5 6 7 8 9 10"
    )
    assert sentences(state, None) == ["round 0 is dealt; the rows start with 30 40 50 60"]
    assert sa.events(state, 1)[0] == sa.Dealt(0, deck[20:], (None, deck[10:20]))


def test_a_pick_is_secret_until_the_reveal_then_every_placement_and_take_is_told() -> None:
    state = table(["25 30", "5 50"], ["10", "20 21 22 23 24", "40", "60"])
    state = play(state, "0:choose 25")
    assert sentences(state, 0) == ["seat 0 chooses 25"]
    assert sentences(state, 1) == ["seat 0 chooses a card"]
    assert sentences(state, None) == ["seat 0 chooses a card"]
    state = play(state, "1:choose 5")
    assert sentences(state, 0) == [
        "seat 0 chooses 25",
        "seat 1 chooses a card",
        "turn 2 reveal: seat 0 25, seat 1 5",
    ]
    assert state.phase is sa.Phase.TAKE
    before = len(sa.events(state, None))
    state = play(state, "1:take 0")
    assert sentences(state, 1, since=before) == [
        "seat 1 takes row 0: 1 card, 3 points (10)",
        "seat 1 places 5 on row 0",
        "seat 0 takes row 1: 5 cards, 11 points (20 21 22 23 24)",
        "seat 0 places 25 on row 1",
    ]
    assert sa.events(state, 0, since=before) == sa.events(state, None, since=before)
    assert tuple(sa.observe(state, 1).log) == sa.events(state, 1)


def test_switch_block_and_decreasing_are_told() -> None:
    state = table(["6 30", "14 50", "27 61"], ["10", "20", "40", "60"])
    state = play(state, "0:choose 6", "1:choose 14", "2:choose 27")
    assert sentences(state, None)[-1] == "turn 0 reveal: seat 0 6, seat 1 14, seat 2 27"
    state = play(state, "0:switch 2")
    assert sentences(state, 1)[-1] == "seat 0's SWITCH 6 swaps with seat 2's 27"
    before = len(sa.events(state, None))
    state = play(state, "1:block 3")
    told = sentences(state, None, since=before)
    assert told[:2] == [
        "seat 1's BLOCK 14 closes row 3 for this turn",
        "seat 0's DECREASING 27: this turn places the highest card first",
    ]
    assert told[2] == "seat 0 places 27 on row 1"


def test_the_end_of_a_round_and_of_the_game_are_told() -> None:
    state = table(["5", "64"], ["55", "20", "30", "40"], banked=(60, 0))
    state = play(state, "0:choose 5", "1:choose 64", "0:take 0")
    told = sentences(state, None)
    assert told[-2] == "round 1 ends: seat 0 8 (total 68), seat 1 0 (total 0)"
    assert told[-1] == "the game ends: seat 1 wins with 0 points"
    assert sa.is_terminal(state)


def test_events_survive_json_in_states_and_observations() -> None:
    result = numrules.play_match(
        "stackattack", sa.Config(players=3), [numrules.RandomBot(s) for s in range(3)], seed=4
    )
    state = result.final_state
    assert numrules.loads(numrules.dumps(state)).log == state.log
    for seat in (None, 0, 1, 2):
        observation = sa.observe(state, seat)
        assert numrules.loads(numrules.dumps(observation)).log == observation.log
    for event in sa.events(state, 2)[:20]:
        assert numrules.loads(numrules.dumps(event)) == event
