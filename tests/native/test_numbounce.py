"""Num Bounce in the native core plays exactly as the Python engine.

The random walks compare every step (tests/native/differential.py); the pinned games
and the simulations compare whole matches; the scenarios stack the deck to reach the
rules that random play meets rarely: going down, the end of a round and of the match,
ties at the turn limit, the SHADOW interrupt, the INFINITY copy that an id stands for,
and the recycling of the discard. The observation tensor is compared with the Python one.
"""

from __future__ import annotations

from typing import Any

import pytest

from numrules import numbounce as nb
from numrules.apps.simulation import play_game
from numrules.rl.sequential import Turn
from tests.generic.pinned import DATA
from tests.native.differential import _same_step, match_digest, sequential, tensor_walk, walk

native = pytest.importorskip("numrules.native")
if not native.available("numbounce"):
    pytest.skip("the native core does not play numbounce", allow_module_level=True)

NAME = "numbounce"

CONFIGS = [
    nb.Config(players=2),
    nb.Config(players=2, hand_size=53, rounds=1),  # no draw pile: the discard recycles
    nb.Config(players=2, hand_size=1, rounds=5),
    nb.Config(players=3, hand_size=6, rounds=1),
    nb.Config(players=3, rounds=4, max_turns_per_round=5),
    nb.Config(players=4),
    nb.Config(players=4, hand_size=4, target_wins=2, rounds=None),
    nb.Config(players=4, hand_size=6, rounds=2, max_turns_per_round=30),
    nb.Config(players=5, hand_size=5, rounds=1),
    nb.Config(players=6, hand_size=4, target_wins=1, rounds=None),
    nb.Config(players=7, hand_size=3, rounds=1, max_turns_per_round=60),
    nb.Config(players=8, hand_size=3, rounds=1, max_turns_per_round=40),
    nb.Config(players=8, hand_size=13, rounds=1, max_turns_per_round=200),
]


@pytest.mark.parametrize("config", CONFIGS, ids=str)
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_random_walks_agree_at_every_step(config: nb.Config, seed: int) -> None:
    assert walk(NAME, config, seed) > 0


def test_every_player_count_and_option_is_walked() -> None:
    assert {c.players for c in CONFIGS} == set(range(nb.MIN_PLAYERS, nb.MAX_PLAYERS + 1))
    for option in ("hand_size", "target_wins", "rounds", "max_turns_per_round"):
        assert len({getattr(c, option) for c in CONFIGS}) > 1, option


def test_big_seeds_are_the_python_ones() -> None:
    config = nb.Config(players=3, hand_size=6, rounds=1)
    for seed in (-1, 2**64 + 5, -(2**127) + 1, 2**127 - 1):
        walk(NAME, config, seed)


def test_a_seed_beyond_the_core_is_a_value_error() -> None:
    state = nb.new_game(nb.Config(), 2**130)
    with pytest.raises(ValueError, match="seed"):
        native.handle(NAME, state)


PINNED = [e for e in DATA if e["game"] == NAME]


@pytest.mark.parametrize("entry", PINNED, ids=lambda e: f"{e['players']}p-seed{e['seed']}")
def test_pinned_games_give_the_pinned_match_digest(entry: dict[str, Any]) -> None:
    assert match_digest(entry) == entry["match"]


@pytest.mark.parametrize(
    ("config", "seeds"),
    [
        (nb.Config(players=2), [1, 2, 3]),
        (nb.Config(players=4), [5, 6]),
        (nb.Config(players=6, hand_size=5, rounds=1), [7, 8]),
        (nb.Config(players=3, target_wins=2, rounds=None, max_turns_per_round=20), [9, 10]),
    ],
    ids=str,
)
def test_simulate_plays_the_python_games(config: nb.Config, seeds: list[int]) -> None:
    bots = ["random"] * config.players
    handle = native.new_handle(NAME, config, 0)
    got = handle.simulate(seeds, [("random", 0.5)] * config.players)
    for seed, (scores, winners, length, finished) in zip(seeds, got, strict=True):
        result = play_game(NAME, config, bots, seed)
        assert finished
        assert (scores, set(winners), length) == (
            list(result.scores),
            set(result.winners),
            len(result.actions),
        )


# --- scenarios on stacked decks -------------------------------------------------------------


def stacked(config: nb.Config, hands: list[str], discard: str, draw: str = "") -> nb.State:
    """A new game whose hands, first discard and top of the draw pile are given."""
    deck: list[Any] = []
    for hand in hands:
        cards = nb.parse_cards(hand)
        assert len(cards) == config.hand_size
        deck.extend(cards)
    deck.extend(nb.parse_cards(discard))
    deck.extend(nb.parse_cards(draw))
    return nb.new_game(config, 99, deck)


def play_through(state: nb.State, moves: list[str]) -> tuple[Turn, Any]:
    """Play `moves` (notation) through the engine and a handle of `state`, step by step.

    Optional seats asked before the seat of a move pass; at every step the handle must
    agree with the engine, and a handle made afresh from the engine's state as well.
    """
    seq = sequential(NAME)
    turn = seq.start(state)
    handle = native.handle(NAME, state)
    pass_id = seq.pass_id(state.config)
    assert pass_id is not None
    _same_step(seq, turn, handle, "start")
    for move in moves:
        action = nb.parse_action(move)
        while turn.seat != action.seat:
            assert turn.seat is not None, move
            turn = seq.step(turn, pass_id)
            handle = handle.apply_id(pass_id)
            _same_step(seq, turn, handle, f"pass before {move}")
        action_id = nb.encode_action(state.config, action)
        assert nb.decode_action(turn.state, action.seat, action_id) == action, move
        turn = seq.step(turn, action_id)
        handle = handle.apply_id(action_id)
        _same_step(seq, turn, handle, move)
        fresh = native.handle(NAME, turn.state)
        fresh_turn = seq.start(turn.state)
        _same_step(seq, fresh_turn, fresh, f"fresh after {move}")
    return turn, handle


def test_going_down_takes_the_reference_back() -> None:
    config = nb.Config(players=2, hand_size=3)
    state = stacked(config, ["R9 B9 G1", "R2 B2 Y12"], "Y0")
    turn, handle = play_through(state, ["0:play R9 B9", "1:play R2 B2"])
    assert turn.state.hands[1] == frozenset(nb.parse_cards("R9 B9 Y12"))
    assert turn.state.known[1] == frozenset(nb.parse_cards("R9 B9"))
    assert handle.to_act() == {0}


def test_the_end_of_a_round_deals_the_next_and_the_last_ends_the_match() -> None:
    config = nb.Config(players=3, hand_size=1, rounds=2)
    state = stacked(config, ["R1", "R2", "R3"], "Y0")
    turn, handle = play_through(state, ["0:play R1"])
    assert turn.state.round == 1
    assert handle.scores() == [1, 0, 0]
    # Round 2 is dealt from the seed; play it to its end through both engines.
    seq = sequential(NAME)
    while not handle.is_terminal():
        ids = _same_step(seq, turn, handle, "round 2")
        turn = seq.step(turn, ids[0])
        handle = handle.apply_id(ids[0])
    _same_step(seq, turn, handle, "over")
    assert handle.winners() == frozenset(nb.winners(turn.state))


def test_a_tie_at_the_turn_limit_gives_every_tied_seat_the_round() -> None:
    config = nb.Config(players=3, hand_size=2, rounds=1, max_turns_per_round=2)
    state = stacked(config, ["R1 G7", "R2 G8", "R3 G9"], "Y0")
    _, handle = play_through(state, ["0:play R1", "1:play R2"])
    assert handle.is_terminal()
    assert handle.scores() == [1, 1, 0]
    assert handle.winners() == {0, 1}


def test_a_shadow_interrupt_and_the_play_on_it() -> None:
    config = nb.Config(players=3, hand_size=3)
    state = stacked(config, ["R5 B5 G1", "R7 G7 Y2", "SH5 RB5 B11"], "Y0")
    # Seat 2 may interrupt the pair of 5 with its RAINBOW or its SHADOW (asked first).
    turn, handle = play_through(state, ["0:play R5 B5"])
    assert handle.to_act() == {1, 2}
    assert handle.order == (2, 1)
    turn, handle = play_through(turn.state, ["2:interrupt SH5", "2:play B11"])
    assert turn.state.phase is nb.Phase.PLAY
    assert turn.state.mover == 0


def test_a_rainbow_interrupt_while_the_mover_decides_on_a_taken_card() -> None:
    config = nb.Config(players=3, hand_size=3)
    state = stacked(config, ["R5 B5 G1", "R1 G2 Y2", "RB5 SH9 B11"], "Y0", "G3")
    turn, _ = play_through(state, ["0:play R5 B5", "1:take draw", "2:interrupt RB5"])
    assert turn.state.hands[1] == frozenset(nb.parse_cards("R1 G2 Y2 G3"))
    assert turn.state.ref_size == 3


def test_an_id_stands_for_the_infinity_copy_that_reveals_least() -> None:
    config = nb.Config(players=2, hand_size=4)
    # Seat 1 takes INF2 from the discard (now known), holds INF1 unseen: a play with one
    # INFINITY uses the known INF2.
    state = stacked(config, ["R3 R5 B5 Y9", "INF1 B8 G8 Y12"], "INF2")
    turn, _ = play_through(state, ["0:play R3", "1:take discard", "1:keep"])
    turn, _ = play_through(turn.state, ["0:play R5 B5", "1:play B8 INF2"])
    assert nb.INFINITIES[0] in turn.state.hands[1]


def test_the_discard_is_recycled_into_the_draw_pile() -> None:
    # 2 x 53 cards and the first discard: no draw pile at all.
    config = nb.Config(players=2, hand_size=53, rounds=1)
    seq = sequential(NAME)
    for seed in range(6):
        state = nb.new_game(config, seed)
        turn = seq.start(state)
        handle = native.handle(NAME, state)
        steps = 0
        while turn.state.recycles < 2 and not handle.is_terminal() and steps < 3000:
            ids = _same_step(seq, turn, handle, f"seed {seed} step {steps}")
            # Prefer taking from the draw pile, so that the discard must be recycled.
            choice = 1 if 1 in ids else ids[-1]
            turn = seq.step(turn, choice)
            handle = handle.apply_id(choice)
            steps += 1
        _same_step(seq, turn, handle, "last")
        if turn.state.recycles >= 2:
            return
    raise AssertionError("no game recycled the discard twice")


# --- the observation tensor ---------------------------------------------------------------


@pytest.mark.parametrize(
    "config",
    [
        nb.Config(players=2, hand_size=53, rounds=1),
        nb.Config(players=3, rounds=4, max_turns_per_round=5),
        nb.Config(players=4),
        nb.Config(players=5, hand_size=4, target_wins=2, rounds=None),
        nb.Config(players=8, hand_size=3, rounds=1, max_turns_per_round=40),
    ],
    ids=str,
)
def test_the_observation_tensor_is_the_python_one(config: nb.Config) -> None:
    for seed in range(2):
        tensor_walk(NAME, config, seed, every=3)
