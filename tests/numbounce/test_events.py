"""Num Bounce events: complete, secret where they must be, and told in plain sentences."""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from typing import Any

import pytest

import numrules
from numrules import numbounce as nb
from numrules import testing
from tests.numbounce.helpers import play, table
from tests.numbounce.tracker import Tracker, public_part


def sentences(state: nb.State, seat: int | None, since: int = 0) -> list[str]:
    return [str(event) for event in nb.events(state, seat, since)]


# --- random games: the tracker rebuilds the public game, secrets stay secret -------------

# Default matches of every table size (seeds giving games of at most ~2,000 actions: the
# completeness check is quadratic in the events), and short or odd configs that reach
# the turn limit, shared round wins, recycling, passing and declining.
GAMES: list[tuple[int, int, dict[str, Any]]] = [
    *((players, seed, {}) for players in range(2, 9) for seed in (1, 7 if players == 8 else 3)),
    (2, 3, {"max_turns_per_round": 30}),
    (3, 8, {"max_turns_per_round": 25, "target_wins": 2}),
    (4, 4, {"hand_size": 2}),
    (5, 6, {"hand_size": 20, "max_turns_per_round": 300, "rounds": 1}),
    (8, 3, {"hand_size": 13, "rounds": 1}),
]


@functools.cache
def trajectory(players: int, seed: int, rules: tuple[tuple[str, Any], ...]) -> testing.Trajectory:
    config = nb.Config(players=players, **dict(rules))
    return testing.play_random(nb.GAME, config, seed, random.Random(seed))


def game(players: int, seed: int, rules: dict[str, Any]) -> testing.Trajectory:
    return trajectory(players, seed, tuple(sorted(rules.items())))


@pytest.mark.parametrize(("players", "seed", "rules"), GAMES)
def test_every_seat_s_events_rebuild_what_it_observes(
    players: int, seed: int, rules: dict[str, Any]
) -> None:
    testing.check_event_completeness(game(players, seed, rules), Tracker, public_part)


@pytest.mark.parametrize(("players", "seed", "rules"), GAMES)
def test_events_tell_no_seat_of_cards_it_cannot_see(
    players: int, seed: int, rules: dict[str, Any]
) -> None:
    played = game(players, seed, rules)
    rnd = random.Random(seed)
    compared = [testing.check_events_hide_secrets(played, s, rnd) for s in [None, *range(players)]]
    assert sum(compared) > 0, "no exchange of hidden cards could be replayed"


def test_the_random_games_record_every_kind_of_event() -> None:
    seen: Counter[Any] = Counter()
    for players, seed, rules in GAMES[-5:]:
        for event in nb.events(game(players, seed, rules).states[-1], None):
            seen[type(event)] += 1
            if isinstance(event, nb.RoundEnded) and event.turn_limit:
                seen["turn limit"] += 1
    assert set(seen) == {*nb.EVENT_TYPES, "turn limit"}, {*nb.EVENT_TYPES, "turn limit"} - set(seen)


def test_every_apply_records_at_least_one_event_and_the_log_only_grows() -> None:
    played = game(4, 1, {})
    lengths = [len(state.log) for state in played.states]
    assert lengths[0] == 1  # new_game records the deal
    assert all(b > a for a, b in itertools.pairwise(lengths))
    for before, after in itertools.pairwise(played.states):
        assert nb.events(after, None)[: len(before.log)] == nb.events(before, None)


# --- scenarios: the sentences each seat is told ------------------------------------------


def test_the_deal_shows_each_seat_its_own_hand_only() -> None:
    deck = nb.parse_cards("R3 R1 R2 B1 B2 B3 G9")
    state = nb.new_game(nb.Config(players=2, hand_size=3), seed=3, deck=deck)
    (dealt,) = nb.events(state, 0)
    assert dealt == nb.Dealt(0, 0, 3, deck[6], 100, (nb.parse_cards("R1 R2 R3"), None))
    public = "round 0 is dealt: 3 cards to each seat, G9 starts the discard, "
    public += "100 cards in the draw pile; seat 0 opens"
    assert sentences(state, 0) == [public + "; seat 0 holds R1 R2 R3"]
    assert sentences(state, 1) == [public + "; seat 1 holds B1 B2 B3"]
    assert sentences(state, None) == [public]
    assert tuple(nb.observe(state, 1).log) == nb.events(state, 1)


def test_a_card_from_the_draw_pile_is_shown_to_its_drawer_only() -> None:
    state = table(["R2 B2", "G3 G9", "Y4 Y6"], trick="R7", author=0, mover=1, draw="Y1 Y8")
    state = play(state, "1:take draw")
    assert sentences(state, 1) == ["seat 1 takes Y1 from the draw pile"]
    assert sentences(state, 0) == ["seat 1 takes a card from the draw pile"]
    assert sentences(state, 2) == sentences(state, None) == sentences(state, 0)
    state = play(state, "1:keep")
    assert sentences(state, 1, since=1) == ["seat 1 keeps Y1"]
    assert sentences(state, 0, since=1) == ["seat 1 keeps the card it took"]
    assert nb.events(state, 2) == nb.events(state, None)
    state = play(state, "2:take draw", "2:discard")
    assert sentences(state, 0, since=2) == [
        "seat 2 takes a card from the draw pile",
        "seat 2 discards Y8",
        "the trick closes: R7 goes to the discard; seat 0 opens the next one",
    ]
    assert sentences(state, 2, since=2)[0] == "seat 2 takes Y8 from the draw pile"


def test_takes_from_the_discard_plays_and_going_down_are_public() -> None:
    state = table(
        ["R2 B2", "G3 G9", "Y4 Y6"], trick="R7", author=0, mover=1, draw="Y1", discard="B12 B13"
    )
    state = play(state, "1:take discard", "1:play B13", "2:take discard", "2:keep", "0:play R2")
    told = [
        "seat 1 takes B13 from the discard",
        "seat 1 goes up with B13",
        "seat 2 takes B12 from the discard",
        "seat 2 keeps B12",
        "seat 0 goes down with R2 and takes back B13",
    ]
    for seat in (None, 0, 1, 2):
        assert sentences(state, seat) == told
    assert nb.observe(state, None).known == ((nb.parse_card("B13"),), (), (nb.parse_card("B12"),))


def test_an_opening_numx_and_a_pass_are_told() -> None:
    state = table(["R5 B9 NUMX", "G2"], trick="R7 B7", author=1, mover=0, discard="Y9")
    state = play(state, "0:numx", "0:play R5")
    assert sentences(state, None) == [
        "seat 0 plays NUMX: R7 B7 and NUMX go to the discard; seat 0 opens a new trick",
        "seat 0 opens a trick with R5",
    ]
    named = {"G1", "Y3", "R7"}
    rest = " ".join(str(c) for c in nb.ALL_CARDS if str(c) not in named)
    state = table(["G1", "Y3", rest], trick="R7", author=0, mover=1)
    state = play(state, "1:pass")
    assert sentences(state, None) == ["seat 1 passes"]


def test_a_recycled_discard_is_told_before_the_draw() -> None:
    state = table(
        ["G1", "B2 Y2", "G5"],
        trick="R9",
        author=0,
        mover=1,
        rest="discard",
        discard="R1 R2 R3 R4",
        seed=77,
    )
    count = len(state.discard) - 1
    state = play(state, "1:take draw")
    assert sentences(state, 0) == [
        f"the discard but its top card R4 is shuffled into a new draw pile of {count} cards",
        "seat 1 takes a card from the draw pile",
    ]
    assert sentences(state, 1)[1] == f"seat 1 takes {state.taken} from the draw pile"


def test_rainbow_and_shadow_interrupts_are_told() -> None:
    state = table(["G1", "Y3 Y4", "RB7 G9", "B2"], trick="R7 B7", author=0, mover=1, draw="Y1")
    state = play(state, "2:interrupt RB7")
    assert sentences(state, None) == [
        "seat 2 interrupts with the RAINBOW RB7: the reference grows to 3 cards"
    ]
    state = table(
        ["G1", "B4 Y4", "SH7 R12 Y3", "B2"], trick="R7 B7 G7", author=0, mover=1, draw="Y1"
    )
    shadow = play(state, "2:interrupt SH7")
    assert sentences(shadow, 3) == [
        "seat 2 interrupts with the SHADOW SH7: the reference is the SHADOW alone"
    ]
    assert sentences(play(shadow, "2:play R12"), 3, since=1) == ["seat 2 goes up with R12"]
    assert sentences(play(shadow, "2:decline"), 3, since=1) == ["seat 2 lays nothing on its SHADOW"]


def test_an_interrupt_that_cuts_a_take_keeps_the_drawn_card_secret() -> None:
    state = table(["G1", "Y3", "RB7 B2", "B5"], trick="R7 B7", author=0, mover=1, draw="Y12")
    state = play(state, "1:take draw", "2:interrupt RB7")
    interrupt = "seat 2 interrupts with the RAINBOW RB7: the reference grows to 3 cards"
    assert sentences(state, 1) == [
        "seat 1 takes Y12 from the draw pile",
        interrupt,
        "the interrupt ends seat 1's turn: it keeps Y12",
    ]
    for seat in (None, 0, 2, 3):
        assert sentences(state, seat) == [
            "seat 1 takes a card from the draw pile",
            interrupt,
            "the interrupt ends seat 1's turn: it keeps the card it took",
        ]


def test_a_trick_closing_is_told_after_the_action_that_closes_it() -> None:
    state = table(
        ["G1 B1", "B3 G5 RB7", "Y4"],
        trick="B6 R7",
        ref=1,
        author=0,
        mover=1,
        draw="Y1 G2",
        discard="Y9",
    )
    state = play(state, "1:take draw", "1:keep", "2:take draw", "2:discard")
    assert sentences(state, None)[-2:] == [
        "seat 2 discards G2",
        "the trick closes: B6 R7 go to the discard; seat 0 opens the next one",
    ]


def test_the_end_of_a_round_the_next_deal_and_the_end_of_the_match_are_told() -> None:
    state = table(["G1", "Y3", "RB7"], trick="R7 B7", author=0, mover=1, draw="Y1", rounds=2)
    state = play(state, "2:interrupt RB7")
    told = sentences(state, 0)
    assert told[1] == (
        "round 0 ends: seat 2 has emptied its hand and wins (round wins: seat 0 0, seat 1 0, "
        "seat 2 1)"
    )
    assert told[2].startswith("round 1 is dealt: 10 cards to each seat, ")
    own = " ".join(map(str, nb.observe(state, 0).hand))
    assert told[2].endswith(f"seat 2 opens; seat 0 holds {own}")
    assert sentences(state, None)[2].endswith("seat 2 opens")
    state = table(["G1", "Y3", "SH7"], trick="R7 B7", author=0, mover=1, draw="Y1", rounds=1)
    state = play(state, "2:interrupt SH7")
    assert sentences(state, None)[1:] == [
        "round 0 ends: seat 2 has emptied its hand and wins (round wins: seat 0 0, seat 1 0, "
        "seat 2 1)",
        "the match ends: seat 2 wins with 1 round win",
    ]


def test_a_round_ended_by_the_turn_limit_names_every_winner() -> None:
    state = table(
        ["G1", "Y3 Y9", "B4"],
        trick="R7",
        author=0,
        mover=1,
        turn=1,
        max_turns_per_round=2,
        rounds=1,
    )
    state = play(state, "1:take draw", "1:keep")
    assert sentences(state, None)[-2:] == [
        "round 0 reaches the turn limit: seats 0 and 2 win with the fewest cards "
        "(round wins: seat 0 1, seat 1 0, seat 2 1)",
        "the match ends: seats 0 and 2 share the win with 1 round win",
    ]


# --- JSON ----------------------------------------------------------------------------------


def test_states_observations_and_events_keep_their_logs_through_json() -> None:
    played = game(3, 4, {"max_turns_per_round": 25, "target_wins": 2})
    for state in (played.states[0], played.states[len(played.states) // 2], played.states[-1]):
        text = numrules.dumps(state)
        loaded = numrules.loads(text)
        assert loaded == state
        assert loaded.log == state.log
        assert numrules.dumps(loaded) == text
        for seat in (None, 0, 1, 2):
            observation = nb.observe(state, seat)
            back = numrules.loads(numrules.dumps(observation))
            assert back == observation
            assert tuple(back.log) == nb.events(state, seat)
    final = played.states[-1]
    for seat in (None, 1):
        for event in nb.events(final, seat):
            assert numrules.loads(numrules.dumps(event)) == event
