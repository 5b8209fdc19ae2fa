"""Num Stop events: complete, secret where they must be, readable, and serialisable."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

import numrules
from numrules import numstop as ns
from numrules.testing import (
    Trajectory,
    check_event_completeness,
    check_events_hide_secrets,
    play_random,
)
from tests.numstop.helpers import cards, full_scorecard, play, scorecard, table
from tests.numstop.tracker import Tracker, public_part

# Random games: every player count, both modes, small decks and small reserves (so that
# a full reserve, its refills and the lost action cards happen), most capped in rounds
# to keep the quadratic completeness check fast.
CASES: list[tuple[int, int, dict[str, Any]]] = [
    (2, 0, {}),
    (2, 7, {"max_rounds": 3}),
    (3, 1, {"max_rounds": 3}),
    (3, 5, {"max_value": 6, "reserve_size": 1, "max_rounds": 10}),
    (4, 2, {"max_rounds": 2}),
    (4, 6, {"max_value": 7, "reserve_size": 0, "max_rounds": 4}),
    (5, 3, {"max_rounds": 2, "mode": ns.Mode.DISCOVERY}),
    (5, 8, {"max_rounds": 2, "double_draws": 3, "quantum_cards": 4}),
    (6, 4, {"max_rounds": 2}),
    (6, 9, {"max_value": 8, "reserve_size": 1, "max_rounds": 3}),
]


@cache
def trajectory(index: int) -> Trajectory:
    players, seed, rules = CASES[index]
    config = ns.Config(players=players, **rules)
    return play_random(ns.GAME, config, seed, random.Random(seed))


@pytest.mark.parametrize("index", range(len(CASES)))
def test_the_events_rebuild_what_observe_shows(index: int) -> None:
    check_event_completeness(trajectory(index), Tracker, public_part)


@pytest.mark.parametrize("index", range(len(CASES)))
def test_the_events_tell_no_seat_what_it_cannot_see(index: int) -> None:
    played = trajectory(index)
    rnd = random.Random(index)
    compared = [
        check_events_hide_secrets(played, seat, rnd)
        for seat in [None, *range(played.config.players)]
    ]
    assert sum(compared) > 0
    assert all(compared), f"some seat compared no step: {compared}"


def test_the_random_games_meet_every_event() -> None:
    seen = {type(e) for i in range(len(CASES)) for e in ns.events(trajectory(i).states[-1], None)}
    assert seen == set(ns.EVENT_TYPES)


@pytest.mark.parametrize("index", [0, 3, 6])
def test_states_and_observations_with_logs_survive_json(index: int) -> None:
    played = trajectory(index)
    rnd = random.Random(index)
    flipped = [s for s in played.states if s.log.private]  # a FLIP told its actor more
    sample = [played.states[-1], *rnd.sample(played.states, 5), *flipped[:1]]
    for state in sample:
        assert numrules.loads(numrules.dumps(state)) == state
        for seat in [None, *range(played.config.players)]:
            observation = ns.observe(state, seat)
            assert numrules.loads(numrules.dumps(observation)) == observation
    for event in ns.events(played.states[-1], None)[:50]:
        assert numrules.loads(numrules.dumps(event)) == event


def test_every_apply_records_at_least_one_event() -> None:
    played = trajectory(2)
    for before, after in zip(played.states, played.states[1:], strict=False):
        assert len(after.log) > len(before.log)


# --- hand-written scenarios -----------------------------------------------------------


def told(state: ns.State, before: ns.State, seat: int | None = None) -> list[str]:
    """The sentences of the events recorded since `before`, as `seat` was told them."""
    return [str(e) for e in ns.events(state, seat, since=len(before.log))]


def test_the_deal_is_the_first_event() -> None:
    state = ns.new_game(ns.Config(players=3), seed=1)
    assert ns.events(state, None) == (ns.RoundDealt(0, 0, (54, 54)),)
    assert str(ns.events(state, 2)[0]) == (
        "round 0 is dealt: stock A 54 cards, stock B 54 cards; seat 0 plays first"
    )
    discovery = ns.new_game(ns.Config(players=2, mode=ns.Mode.DISCOVERY), seed=1)
    assert str(ns.events(discovery, None)[0]).startswith("round 0 is dealt: stock A 51 cards")


def test_draws_stops_and_a_bust() -> None:
    state = ns.new_game(ns.Config(players=3), seed=1, deck=cards("R3 RB5 B5"))
    after = play(state, "0:draw A", "0:stop")
    assert told(after, state) == [
        "seat 0 draws R3 from stock A",
        "seat 0 stops; its pile R3 stays unlocked",
    ]
    state, after = after, play(after, "1:draw A", "1:draw A")
    assert told(after, state) == [
        "seat 1 draws RB5 from stock A",
        "seat 1 draws B5 from stock A",
        "seat 1 busts: RB5 B5 (a run of one value) is lost",
    ]
    family = table(a="R9", piles=["R3 R5"])
    assert told(play(family, "0:draw A"), family)[-1] == (
        "seat 0 busts: R3 R5 R9 (a run of one family) is lost"
    )


def test_a_lock() -> None:
    state = table(piles=["R1 B2"])
    assert told(play(state, "0:lock"), state) == ["seat 0 locks R1 B2"]


def test_a_flip_card_is_told_to_its_actor_only() -> None:
    state = table(a="R7 G1", b="SH3", reserves=["FLIP"])
    after = play(state, "0:activate FLIP")
    assert told(after, state, 0) == [
        "seat 0 activates FLIP from its reserve and sees R7 on top of stock A and SH3 on top "
        "of stock B"
    ]
    hidden = (
        "seat 0 activates FLIP from its reserve and looks at the top card of stock A and the "
        "top card of stock B"
    )
    assert told(after, state, 1) == [hidden]
    assert told(after, state, None) == [hidden]
    event = ns.events(after, 0)[-1]
    assert isinstance(event, ns.Flipped)
    assert event.secret
    assert event.tops == (cards("R7")[0], cards("SH3")[0])
    assert event.seen_by(2) == ns.Flipped(0, True, (True, True), (None, None))
    # Nothing in a spectator's or another seat's account names the cards.
    for seat in (None, 1, 2):
        text = numrules.dumps(ns.observe(after, seat))
        assert '"R7"' not in text
        assert '"SH3"' not in text


def test_a_flip_with_one_stock_empty_and_the_card_just_drawn() -> None:
    state = table(a="FLIP R7", b="", rest="discard", reserves=[""])
    after = play(state, "0:draw A", "0:activate FLIP")
    assert told(after, state, 0)[-1] == (
        "seat 0 activates the FLIP it just drew and sees R7 on top of stock A"
    )
    assert told(after, state, 1)[-1] == (
        "seat 0 activates the FLIP it just drew and looks at the top card of stock A"
    )


def test_double_and_skip_and_the_turns_they_hit() -> None:
    state = table(a="R1 B2 G3 Y4 R5", reserves=["DOUBLE SKIP"])
    after = play(state, "0:activate DOUBLE 1", "0:activate SKIP 2", "0:draw A", "0:stop")
    assert told(after, state) == [
        "seat 0 activates DOUBLE from its reserve against seat 1",
        "seat 0 activates SKIP from its reserve against seat 2",
        "seat 0 draws R1 from stock A",
        "seat 0 stops; its pile R1 stays unlocked",
        "seat 1's turn is hit by DOUBLE: no lock, 2 draws before stopping",
    ]
    state, after = after, play(after, "1:draw A", "1:draw A", "1:stop", "2:end turn")
    assert told(after, state)[-3:] == [
        "seat 1 stops; its pile B2 G3 stays unlocked",
        "seat 2's turn is skipped",
        "seat 2 ends its skipped turn",
    ]


def test_swipe() -> None:
    state = table(piles=["R1", "B2 G3"], reserves=["SWIPE"])
    assert told(play(state, "0:activate SWIPE 1"), state) == [
        "seat 0 activates SWIPE from its reserve: it gives R1 to seat 1 and gets B2 G3"
    ]


def test_quantum_choices() -> None:
    state = table(a="R1 B2 G3", reserves=["QUANTUM"])
    after = play(state, "0:activate QUANTUM A", "0:keep B2")
    assert told(after, state) == [
        "seat 0 activates QUANTUM from its reserve on stock A and takes R1 B2 G3",
        "seat 0 keeps B2 of the QUANTUM cards and discards R1 G3",
    ]
    shadow = table(a="R1 SH2 G3", piles=["Y5"], reserves=["QUANTUM"])
    after = play(shadow, "0:activate QUANTUM A", "0:keep SH2")
    assert told(after, shadow)[-2:] == [
        "seat 0 keeps SH2 of the QUANTUM cards and discards R1 G3",
        "seat 0 keeps SH2 and loses its pile Y5",
    ]
    bust = table(a="R1 B5 G3", piles=["Y5"], reserves=["QUANTUM"])
    after = play(bust, "0:activate QUANTUM A", "0:keep none")
    assert (
        told(after, bust)[-1] == "seat 0 keeps nothing of the QUANTUM cards and discards R1 B5 G3"
    )
    after = play(bust, "0:activate QUANTUM A", "0:keep B5")
    assert told(after, bust)[-1] == "seat 0 busts: Y5 B5 (a run of one value) is lost"


def test_shadows_and_the_joker() -> None:
    state = table(a="SH4", piles=["R1"], reserves=["JOKER"])
    assert told(play(state, "0:draw A", "0:activate JOKER"), state) == [
        "seat 0 draws SH4 from stock A",
        "seat 0 plays the JOKER against SH4 and keeps its pile",
    ]
    assert told(play(state, "0:draw A", "0:keep SH4"), state)[-1] == (
        "seat 0 keeps SH4 and loses its pile R1"
    )
    assert told(play(state, "0:draw A", "0:discard SH4"), state)[-1] == (
        "seat 0 discards SH4 and keeps its pile"
    )
    empty = table(a="SH4")
    assert told(play(empty, "0:draw A", "0:keep SH4"), empty)[-1] == (
        "seat 0 keeps SH4 as its new pile"
    )


def test_drawn_action_cards_and_the_reserve() -> None:
    state = table(a="DOUBLE", reserves=["SKIP SWIPE"], piles=["R1", "B2"])
    after = play(state, "0:draw A", "0:activate SKIP 1")
    assert told(after, state) == [
        "seat 0 draws DOUBLE from stock A",
        "seat 0 activates SKIP from its reserve against seat 1",
        "seat 0 puts DOUBLE in its reserve",
    ]
    assert after.reserves[0] == cards("SWIPE DOUBLE")
    room = table(a="DOUBLE")
    assert told(play(room, "0:draw A", "0:reserve DOUBLE"), room)[-1] == (
        "seat 0 puts DOUBLE in its reserve"
    )
    assert told(play(room, "0:draw A", "0:activate DOUBLE 2"), room)[-1] == (
        "seat 0 activates the DOUBLE it just drew against seat 2"
    )
    no_room = table(a="JOKER", reserve_size=0)
    assert told(play(no_room, "0:draw A"), no_room) == [
        "seat 0 draws JOKER from stock A",
        "seat 0 can neither reserve nor activate JOKER: it is discarded",
    ]


def test_the_end_of_a_round() -> None:
    state = table(a="R1", rest="discard", piles=["G5"], reserves=["", "SKIP"])
    after = play(state, "0:draw A")
    assert told(after, state) == [
        "seat 0 draws R1 from stock A",
        "round 0 ends: both stocks are empty; lost: R1 G5 SKIP",
    ]
    assert ns.events(after, None)[-1] == ns.RoundEnded(0, cards("R1"), cards("R1 G5 SKIP"))


def test_validation_and_the_end_of_the_game() -> None:
    state = table(
        2,
        phase=ns.Phase.VALIDATION,
        collections=["", "R7 B7"],
        scorecards=[full_scorecard(10), scorecard()],
        round_=0,
    )
    after = play(state, "0:end", "1:pick R7", "1:pick B7", "1:end")
    assert told(after, state) == [
        "seat 0 is done validating: 10 objectives, 225 points in all",
        "seat 1 picks R7 for pair",
        "seat 1 picks B7 for pair",
        "seat 1 validates pair R7 B7 for 14 points",
        "seat 1 is done validating: 1 objective, 14 points in all",
        "the game ends: seat 0 wins (seat 0 225 points / 10 objectives, "
        "seat 1 14 points / 1 objective)",
    ]
    assert ns.events(after, None)[-1] == ns.GameEnded((225, 14), (10, 1), (0,))


def test_a_pass_leaves_the_objective_open() -> None:
    state = table(2, phase=ns.Phase.VALIDATION, collections=["R7 B7 G7"])
    after = play(state, "0:pass", "0:pick R7", "0:pick B7", "0:end")
    assert told(after, state) == [
        "seat 0 passes on three_of_a_kind, which stays open",
        "seat 0 picks R7 for pair",
        "seat 0 picks B7 for pair",
        "seat 0 validates pair R7 B7 for 14 points",
        "seat 0 is done validating: 1 objective, 14 points in all",
    ]
    assert ns.events(after, None)[-5] == ns.Passed(0, ns.Objective.THREE_OF_A_KIND)
    assert after.scorecards[0] == scorecard(pair=14)


def test_the_next_round_is_dealt_after_validation() -> None:
    state = table(2, phase=ns.Phase.VALIDATION, player=1, round_=1)
    after = play(state, "1:end", "0:end")
    assert told(after, state) == [
        "seat 1 is done validating: 0 objectives, 0 points in all",
        "seat 0 is done validating: 0 objectives, 0 points in all",
        "round 2 is dealt: stock A 54 cards, stock B 54 cards; seat 0 plays first",
    ]


def test_the_game_bundle_exposes_the_events() -> None:
    assert ns.GAME.event_types == ns.EVENT_TYPES
    state = play(table(a="R1"), "0:draw A")
    assert (
        ns.GAME.events(state, 1) == ns.events(state, 1) == (ns.Drew(0, ns.Stock.A, cards("R1")[0]),)
    )
    assert tuple(ns.observe(state, 1).log) == ns.events(state, 1)
    assert isinstance(ns.observe(state, 1).log, ns.SeatLog)
    assert all(issubclass(t, ns.Event) for t in ns.EVENT_TYPES)
