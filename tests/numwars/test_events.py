"""Num Wars events: complete (a tracker rebuilds the game from them), secret where they
must be, with readable sentences, and through JSON."""

from __future__ import annotations

import random
from functools import cache

import pytest

import numrules
from numrules import numwars as nw
from numrules.numwars.event_types import ROLE_NAMES
from numrules.testing import (
    Trajectory,
    check_event_completeness,
    check_events_hide_secrets,
    play_random,
)
from tests.numwars.helpers import cards, deal, play
from tests.numwars.tracker import Tracker, public_part

# (players, seed, rounds): every table size, a few rounds each (a whole game of 8 players
# is 8 rounds of 104 plays; two rounds show every event and a new deal).
GAMES = [(3, 1, None), (3, 2, 2), (4, 3, 2), (5, 4, 2), (6, 5, 2), (7, 6, 2), (8, 7, 2)]


@cache
def trajectory(players: int, seed: int, rounds: int | None) -> Trajectory:
    config = nw.Config(players=players) if rounds is None else nw.Config(players, rounds=rounds)
    return play_random(nw.GAME, config, seed, random.Random(seed))


def _id(game: tuple[int, int, int | None]) -> str:
    return f"{game[0]}p-seed{game[1]}"


@pytest.mark.parametrize("game", GAMES, ids=_id)
def test_a_tracker_rebuilds_the_game_from_each_seats_events(
    game: tuple[int, int, int | None],
) -> None:
    check_event_completeness(trajectory(*game), Tracker, public_part)


@pytest.mark.parametrize("game", GAMES, ids=_id)
def test_the_events_hide_what_a_seat_cannot_see(game: tuple[int, int, int | None]) -> None:
    played = trajectory(*game)
    rnd = random.Random(game[1])
    compared = sum(
        check_events_hide_secrets(played, seat, rnd)
        for seat in [None, *range(played.config.players)]
    )
    assert compared > 0


def test_every_kind_of_event_happens_in_the_random_games() -> None:
    seen = {
        type(event) for game in GAMES for event in nw.events(trajectory(*game).states[-1], None)
    }
    assert seen == set(nw.EVENT_TYPES)


def test_the_game_bundle_exports_the_events() -> None:
    assert nw.GAME.event_types == nw.EVENT_TYPES
    assert nw.GAME.events is nw.events
    for kind in nw.EVENT_TYPES:
        assert getattr(nw, kind.__name__) is kind
        assert issubclass(kind, nw.Event)
    assert isinstance(nw.observe(nw.new_game(nw.Config(), 0), 0).log, nw.SeatLog)
    # Only the deal tells some seats more than others.
    assert [kind for kind in nw.EVENT_TYPES if kind.secret] == [nw.Dealt]


# --- sentences and secrets in hand-written deals -------------------------------------------


def _three() -> nw.State:
    # Seat 1 leads. Seat 0 is the Deminer, seat 1 the Bomber, seat 2 the Num-X player.
    return deal(["QUANTUM R5 RB3", "BOMB R9 SH3", "NUMX Y2 R7"], rounds=1)


def test_the_deal_tells_each_seat_its_own_hand_and_role_only() -> None:
    state = _three()
    (public,) = nw.events(state, None)
    assert str(public) == "round 0 is dealt; seat 1 leads"
    assert str(nw.events(state, 0)[0]) == (
        "round 0 is dealt; seat 1 leads; seat 0 is the Deminer and holds R5 RB3 QUANTUM"
    )
    assert str(nw.events(state, 1)[0]) == (
        "round 0 is dealt; seat 1 leads; seat 1 is the Bomber and holds R9 SH3 BOMB"
    )
    dealt = nw.events(state, 2)[0]
    assert isinstance(dealt, nw.Dealt)
    assert dealt.roles == (None, None, nw.Role.NUM_X)
    assert dealt.hands == (None, None, cards("R7 Y2 NUMX"))
    assert nw.observe(state, 2).log[0] == dealt


def test_plays_steals_tricks_the_bomb_and_the_end_of_the_round_and_game() -> None:
    state = play(_three(), "1:play R9", "2:play R7", "0:play R5")
    assert [str(e) for e in nw.events(state, None, since=1)] == [
        "seat 1 plays R9",
        "seat 2 plays R7",
        "seat 0 plays R5",
        "seat 1 wins the trick: R9 R7 R5 (+21 points)",
    ]
    # Seat 2, void in trumps, must play its special; seat 0 steals the led SH3.
    state = play(state, "1:play SH3", "2:play NUMX", "0:play RB3")
    assert [str(e) for e in nw.events(state, None, since=5)] == [
        "seat 1 plays SH3",
        "seat 2 plays NUMX",
        "seat 0 plays RB3 and steals seat 1's SH3",
        "seat 2 wins the trick: NUMX",
    ]
    state = play(state, "2:play Y2", "0:play QUANTUM", "1:play BOMB")
    assert [str(e) for e in nw.events(state, None, since=9)] == [
        "seat 2 plays Y2",
        "seat 0 plays QUANTUM",
        "seat 1 plays BOMB",
        "seat 0 captures the Bomb",
        "seat 2 wins the trick: Y2 QUANTUM (+2 points)",
        "round 0 ends: roles seat 0 Deminer, seat 1 Bomber, seat 2 Num-X player; "
        "the Deminer captured the Bomb; "
        "seat 0 53 (0 from cards, 3 from pairs, 50 bonus; total 53), "
        "seat 1 21 (21 from cards, 0 from pairs, 0 bonus; total 21), "
        "seat 2 32 (2 from cards, 0 from pairs, 30 bonus; total 32)",
        "the game ends: seat 0 wins with 53 points",
    ]
    assert nw.is_terminal(state)
    # Every seat is told the same plays: only the deal differs.
    for seat in range(3):
        assert nw.events(state, seat)[1:] == nw.events(state, None)[1:]


def test_a_second_card_of_a_value_lowers_the_winners_points() -> None:
    state = deal(["QUANTUM R5 B5", "BOMB R9 B9", "NUMX R2 B2"], rounds=1)
    state = play(state, "1:play R9", "2:play R2", "0:play R5", "1:play B9", "2:play B2")
    state = play(state, "0:play B5")
    won = [e for e in nw.events(state, None) if isinstance(e, nw.TrickWon)]
    assert [str(e) for e in won] == [
        "seat 1 wins the trick: R9 R2 R5 (+16 points)",
        "seat 1 wins the trick: B9 B2 B5 (-16 points)",  # 9, 2 and 5 twice: 0 each
    ]


def test_the_bomb_kept() -> None:
    # Seat 2 wins the first trick and leads yellow; the Bomber, void, must play the BOMB.
    state = deal(["QUANTUM R5 Y3", "BOMB R4 R9", "NUMX R7 Y2"], rounds=1)
    state = play(state, "1:play R4", "2:play R7", "0:play R5", "2:play Y2", "0:play Y3")
    state = play(state, "1:play BOMB")
    assert [str(e) for e in nw.events(state, None)[-2:]] == [
        "the Bomb is kept: no threat in its trick",
        "seat 0 wins the trick: Y2 Y3 BOMB (+5 points)",
    ]


def test_the_joker_protects_the_bomb() -> None:
    hands = ["QUANTUM R3 Y5", "BOMB R4 Y6", "NUMX R9 G2", "JOKER R8 SH4"]
    state = play(deal(hands, rounds=1), "1:play R4", "2:play R9", "3:play R8", "0:play R3")
    state = play(state, "2:play G2", "3:play JOKER", "0:play QUANTUM", "1:play BOMB")
    assert [str(e) for e in nw.events(state, None)[-2:]] == [
        "seat 3's Joker protects the Bomb: it is kept",
        "seat 2 wins the trick: G2 JOKER QUANTUM BOMB (+2 points)",
    ]


def test_roles_are_told_to_their_holder_until_the_round_ends_then_to_all() -> None:
    config = nw.Config(players=3, rounds=2)
    state = nw.new_game(config, 5)
    roles = nw.roles(state)
    for seat in range(3):
        (dealt,) = nw.events(state, seat)
        assert isinstance(dealt, nw.Dealt)
        assert dealt.roles == tuple(r if s == seat else None for s, r in enumerate(roles))
        assert f"seat {seat} is the {ROLE_NAMES[roles[seat]]}" in str(dealt)
    rnd = random.Random(5)
    while state.round == 0:
        legal = nw.legal_actions(state)
        state = nw.apply(state, legal[rnd.randrange(len(legal))])
    scored = [e for e in nw.events(state, None) if isinstance(e, nw.RoundScored)]
    assert len(scored) == 1
    assert scored[0].result.roles == roles
    for viewer in [None, 0, 1, 2]:
        told = nw.events(state, viewer)
        assert told[-2] == scored[0]  # the same for every seat
        assert isinstance(told[-1], nw.Dealt)
        assert told[-1].round == 1
        named = ", ".join(f"seat {s} {ROLE_NAMES[r]}" for s, r in enumerate(roles))
        assert named in str(told[-2])


def test_a_seat_learns_who_was_void_in_a_suit() -> None:
    # Seat 1 leads R9; seat 2 has no red and cuts with RB3: it is void in red.
    state = deal(["QUANTUM R5 B3", "BOMB R9 B9", "NUMX RB3 B2"], rounds=1)
    state = play(state, "1:play R9", "2:play RB3", "0:play R5")
    tracker = Tracker(state.config, 0)
    for event in nw.events(state, 0):
        tracker.feed(event)
    assert tracker.played_by(2) == cards("RB3")
    assert tracker.void_in(2) == {"RED"}
    assert tracker.void_in(0) == set()
    assert nw.observe(state, 0).trick == ()  # the observation alone has forgotten it


# --- JSON ----------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES[:3], ids=_id)
def test_states_observations_and_events_survive_json(game: tuple[int, int, int | None]) -> None:
    played = trajectory(*game)
    rnd = random.Random(game[1])
    states = played.states
    for state in [states[0], states[-1], *rnd.sample(states, 5)]:
        text = numrules.dumps(state)
        back = numrules.loads(text)
        assert back == state
        assert back.log == state.log
        assert numrules.dumps(back) == text
        for seat in [None, *range(played.config.players)]:
            observation = nw.observe(state, seat)
            again = numrules.loads(numrules.dumps(observation))
            assert again == observation
            assert tuple(again.log) == nw.events(state, seat)
        for event in nw.events(state, 0)[-3:]:
            assert numrules.loads(numrules.dumps(event)) == event
