"""The native Num Wars heuristic bot chooses exactly what the Python `HeuristicBot` does.

`simulate` with heuristic seats gives the same games (each game's scores and length)
through the core and through the Python engine, for every player count, Config
variants and tables mixed with random bots; `Handle.playouts(n, "heuristic", seed)`
gives the games of `play_match`'s loop with `make_bot("heuristic", derive_seed(seed, j,
s))` at seat `s`, from a new game, from the start of a later round and from inside a
round: the voids the Python bot's tracker reads from the log are kept in the native
state (read from the Python state's log by `native.handle`, kept by every action).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs
import pytest

from numrules import get_game
from numrules import numwars as nw
from numrules.apps.simulation import outcomes, simulate
from numrules.core.events import EMPTY_LOG
from numrules.numwars.strategy.inference import Tracker
from tests.native.differential import same_playouts

native = pytest.importorskip("numrules.native")
if not native.available("numwars"):
    pytest.skip("the native core does not play numwars", allow_module_level=True)

NAME = "numwars"
GAME = get_game(NAME)

ODD_BONUSES: dict[str, Any] = {
    "pair_points": 7,
    "triple_bonus": -3,
    "quadruple_bonus": 60,
    "bomb_kept": -50,
    "bomb_protected": 1,
    "joker_protects": -40,
    "deminer_captures": 3,
    "civilian_captures": -15,
    "num_x_captures": 40,
    "deminer_consolation": -20,
    "num_x_spared": 9,
}


def _config(players: int, **options: Any) -> Any:
    return GAME.Config(players=players, **options)


def _games(config: Any, bots: Sequence[str], games: int, seed: int, engine: str) -> list[Any]:
    return [
        (o.scores, o.winners, o.length)
        for o in outcomes(GAME, config, bots, games, seed=seed, engine=engine)  # type: ignore[arg-type]
    ]


# (players, Config options, games): every player count, then a few options.
TABLES: list[tuple[int, dict[str, Any], int]] = [
    (3, {}, 6),
    (4, {}, 6),
    (5, {}, 5),
    (6, {}, 4),
    (7, {}, 3),
    (8, {}, 3),
    (4, {"format": nw.Format.FULL, "rounds": 2}, 4),
    (3, {"hand_size": 5, "rounds": 4}, 6),
    (5, {**ODD_BONUSES, "rounds": 2}, 4),
    (4, {"joker_from": 5, "rounds": 2}, 4),
    (8, {"joker_from": 0, "rounds": 1, "hand_size": 6}, 4),
]


@pytest.mark.parametrize(("players", "options", "games"), TABLES)
def test_simulate_heuristic_is_the_python_bots_games(
    players: int, options: dict[str, Any], games: int
) -> None:
    config = _config(players, **options)
    bots = ["heuristic"] * players
    seed = 100 + players
    native_games = _games(config, bots, games, seed, "native")
    assert native_games == _games(config, bots, games, seed, "python")


def test_simulate_heuristic_gives_the_python_summary() -> None:
    config = _config(4, rounds=2)
    bots = ["heuristic"] * 4
    fast = simulate(GAME, config, bots, 6, seed=5, engine="native")
    assert fast == simulate(GAME, config, bots, 6, seed=5, engine="python")
    assert fast.games == 6


@pytest.mark.parametrize("players", [3, 4, 6])
def test_mixed_tables_are_the_python_games(players: int) -> None:
    config = _config(players)
    bots = ["heuristic", "random", *(["heuristic", "random?decline=0.3"] * players)][:players]
    fast = simulate(GAME, config, bots, 5, seed=7, engine="native")
    assert fast == simulate(GAME, config, bots, 5, seed=7, engine="python")
    assert _games(config, bots, 5, 7, "native") == _games(config, bots, 5, 7, "python")


def _advance(state: Any, plays: int) -> Any:
    # `plays` actions further, each the first legal one.
    for _ in range(plays):
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    return state


def _round_start(state: Any, round_: int) -> Any:
    while state.round < round_:
        state = _advance(state, 1)
    return state


@pytest.mark.parametrize(
    ("players", "start"),
    [(3, 0), (4, 1), (5, 1), (8, 2)],
)
def test_playouts_are_the_python_drivers_games(players: int, start: int) -> None:
    config = _config(players, rounds=3, hand_size=6)
    state = _round_start(GAME.new_game(config, 21), start)
    same_playouts(NAME, state, 2, "heuristic", 9)


def _random_advance(state: Any, plays: int, rnd: random.Random) -> Any:
    # `plays` actions further, each a random legal one (steals and discards included).
    for _ in range(plays):
        legal = GAME.legal_actions(state)
        state = GAME.apply(state, legal[rnd.randrange(len(legal))])
    return state


def _shown(state: Any) -> int:
    # How many voids (and no-special marks) the Python tracker reads from the log.
    tracker = Tracker()
    tracker.update(GAME.observe(state, 0))
    return sum(map(len, tracker.voids)) + sum(tracker.no_specials)


# (players, Config options, round, tricks finished, plays into the next trick).
MID_ROUND: list[tuple[int, dict[str, Any], int, int, int]] = [
    (3, {"rounds": 1}, 0, 1, 0),
    (4, {"rounds": 1}, 0, 1, 2),
    (4, {"rounds": 1}, 0, 2, 0),
    (4, {"rounds": 1}, 0, 7, 3),
    (5, {"rounds": 1}, 0, 2, 1),
    (5, {"rounds": 1}, 0, 9, 0),
    (6, {"rounds": 1}, 0, 4, 5),
    (7, {"rounds": 1}, 0, 6, 2),
    (8, {"rounds": 1}, 0, 3, 7),
    (3, {"rounds": 2, "hand_size": 12}, 1, 5, 1),
    (4, {"format": nw.Format.FULL, "rounds": 2, "hand_size": 10}, 1, 4, 2),
    (5, {**ODD_BONUSES, "rounds": 1}, 0, 6, 3),
]


def _mid_round(players: int, options: dict[str, Any], round_: int, tricks: int, plays: int) -> Any:
    rnd = random.Random(f"{players} {round_} {tricks} {plays}")
    state = GAME.new_game(_config(players, **options), 40 + players)
    state = _random_advance(_round_start(state, round_), players * tricks + plays, rnd)
    assert (state.round, sum(state.tricks), len(state.trick)) == (round_, tricks, plays)
    return state


@pytest.mark.parametrize(("players", "options", "round_", "tricks", "plays"), MID_ROUND)
def test_playouts_from_inside_a_round_are_the_python_drivers_games(
    players: int, options: dict[str, Any], round_: int, tricks: int, plays: int
) -> None:
    same_playouts(NAME, _mid_round(players, options, round_, tricks, plays), 2, "heuristic", 11)


def test_the_mid_round_states_have_shown_voids() -> None:
    # The states above test something: most have voids in the log already.
    shown = [_shown(_mid_round(*case)) for case in MID_ROUND]
    assert sum(1 for count in shown if count) >= len(MID_ROUND) // 2


@pytest.mark.parametrize("players", [4, 6])
def test_playouts_from_sampled_states_are_the_python_drivers_games(players: int) -> None:
    # ISMCTS rolls out from states sampled from a seat's observation (its view of the log).
    state = _mid_round(players, {"rounds": 1}, 0, 3, 1)
    rnd = random.Random(5)
    for seat in (0, players - 1):
        sampled = GAME.sample_state(GAME.observe(state, seat), rnd)  # type: ignore[misc]
        same_playouts(NAME, sampled, 1, "heuristic", 3 + seat)


def test_a_state_without_its_log_is_read_as_the_tracker_reads_it() -> None:
    # A state built by hand at a trick's start with an empty log: the tracker knows no
    # void, and neither does the core.
    state = _mid_round(4, {"rounds": 1}, 0, 8, 0)
    assert _shown(state) > 0
    bare = attrs.evolve(state, log=EMPTY_LOG)
    assert _shown(bare) == 0
    same_playouts(NAME, bare, 2, "heuristic", 8)


@pytest.mark.parametrize("players", [3, 5, 8])
def test_voids_read_from_the_log_are_those_the_actions_kept(players: int) -> None:
    # A handle walked from a new game keeps the voids by its actions; a handle made from
    # its Python state reads them from the log: their heuristic playouts agree.
    config = _config(players, rounds=2)
    h = native.new_handle(NAME, config, seed=players)
    rnd = random.Random(players)
    steps = 0
    while not h.is_terminal():
        if steps % 7 == 3:
            fresh = native.handle(NAME, h.to_state())
            assert fresh.playouts(2, "heuristic", seed=steps) == h.playouts(
                2, "heuristic", seed=steps
            )
        ids = h.legal_action_ids()
        h = h.apply_id(ids[rnd.randrange(len(ids))])
        steps += 1
