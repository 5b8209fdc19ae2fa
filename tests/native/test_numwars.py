"""The native Num Wars plays exactly as the Python engine (`numrules.numwars`).

Random walks through both engines for every player count and Config option, the pinned
games, stacked-deck scenarios on the tricky rules (the steal, the Bomb and the Joker,
the end of a round and of the game, a tie) and `simulate` against `play_game`.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from numrules import numwars as nw
from numrules.apps.simulation import play_game
from tests.generic.pinned import DATA
from tests.native.differential import match_digest, tensor_walk, walk

native = pytest.importorskip("numrules.native")
if not native.available("numwars"):
    pytest.skip("the native core does not play numwars", allow_module_level=True)

NAME = "numwars"
ZERO_BONUSES: dict[str, Any] = {
    "pair_points": 0,
    "triple_bonus": 0,
    "quadruple_bonus": 0,
    "bomb_kept": 0,
    "bomb_protected": 0,
    "joker_protects": 0,
    "deminer_captures": 0,
    "civilian_captures": 0,
    "num_x_captures": 0,
    "deminer_consolation": 0,
    "num_x_spared": 0,
}
ODD_BONUSES: dict[str, Any] = {
    "pair_points": 7,
    "triple_bonus": -3,
    "quadruple_bonus": 10_000,
    "bomb_kept": -50,
    "bomb_protected": 1,
    "joker_protects": -10_000,
    "deminer_captures": 3,
    "civilian_captures": -15,
    "num_x_captures": 40,
    "deminer_consolation": -20,
    "num_x_spared": 9,
}

# (players, Config options): every player count with its defaults, then each option.
VARIANTS: list[tuple[int, dict[str, Any]]] = [
    *((players, {}) for players in range(nw.MIN_PLAYERS, nw.MAX_PLAYERS + 1)),
    *((players, {"format": nw.Format.FULL, "rounds": 1}) for players in (3, 4, 5)),
    *((players, {"format": nw.Format.SHORT, "rounds": 2}) for players in (6, 7, 8)),
    (3, {"hand_size": 1, "rounds": 5}),
    (4, {"hand_size": 2, "rounds": 7}),
    (8, {"hand_size": 3, "rounds": 3}),
    (5, {"hand_size": 21, "rounds": 1, "format": nw.Format.FULL}),
    (3, {"joker_from": 0, "rounds": 2}),
    (4, {"joker_from": 5, "rounds": 2}),
    (7, {"joker_from": 9, "rounds": 1}),
    (6, {"joker_from": 6, "rounds": 1, "hand_size": 8}),
    (4, {**ZERO_BONUSES, "rounds": 2}),
    (5, {**ODD_BONUSES, "rounds": 2}),
    (8, {**ODD_BONUSES, "rounds": 1, "joker_from": 0}),
]


@pytest.mark.parametrize(("players", "options"), VARIANTS, ids=str)
@pytest.mark.parametrize("seed", [0, 1])
def test_walk_agrees_with_python(players: int, options: dict[str, Any], seed: int) -> None:
    config = nw.Config(players=players, **options)
    assert walk(NAME, config, seed * 1000 + players) > 0


def test_walk_big_seeds() -> None:
    config = nw.Config(players=4, rounds=1, hand_size=5)
    for seed in (-1, 2**64 + 3, -(2**127) + 1, 2**127 - 1):
        walk(NAME, config, seed)


@pytest.mark.parametrize("entry", [e for e in DATA if e["game"] == NAME], ids=str)
def test_pinned_match_digests(entry: dict[str, Any]) -> None:
    assert match_digest(entry) == entry["match"]


def _follow(config: nw.Config, deck: str, plays: list[str]) -> tuple[nw.State, Any]:
    """Play `plays` (cards in turn) from a stacked deal, comparing core and engine at
    every step; the last Python state and handle."""
    state = nw.new_game(config, 5, nw.parse_cards(deck))
    handle = native.handle(NAME, state)
    for text in plays:
        _same(state, handle)
        action = nw.Play(state.turn, nw.parse_card(text))
        assert action in nw.legal_actions(state), text
        handle = handle.apply_id(nw.encode_action(config, action))
        state = nw.apply(state, action)
    _same(state, handle)
    return state, handle


def _same(state: nw.State, handle: Any) -> None:
    ids = sorted(nw.encode_action(state.config, a) for a in nw.legal_actions(state))
    assert handle.legal_action_ids() == ids
    assert handle.to_act() == nw.to_act(state)
    assert handle.is_terminal() == nw.is_terminal(state)
    assert handle.scores() == list(nw.scores(state))
    assert handle.winners() == nw.winners(state)


def test_steal_capture_and_numx() -> None:
    # Seat 1 leads SH5; seat 2 goes over with SH7; seat 0 steals the pair with RB5 (a
    # trump that does not beat 7). Then the Deminer's QUANTUM captures the Bomb in a
    # green trick, and NUMX takes the last trick; the game ends.
    config = nw.Config(players=3, hand_size=3, rounds=1)
    deck = "BOMB QUANTUM NUMX RB5 R2 SH5 R3 SH7 G4"
    state, handle = _follow(config, deck, ["SH5", "SH7"])
    assert handle.legal_action_ids() == [nw.encode_action(config, nw.Play(0, nw.parse_card("RB5")))]
    state, handle = _follow(config, deck, ["SH5", "SH7", "RB5", "G4", "BOMB", "QUANTUM"])
    assert state.pairs[0] == nw.parse_cards("RB5 SH5")
    assert (state.bomb, state.capturer) == (nw.Fate.CAPTURED, 1)
    state, handle = _follow(
        config, deck, ["SH5", "SH7", "RB5", "G4", "BOMB", "QUANTUM", "NUMX", "R2", "R3"]
    )
    assert nw.is_terminal(state)
    assert state.history[0].outcome is nw.BombOutcome.BY_DEMINER


def test_joker_protects_then_next_round() -> None:
    # The Bomber and the Accomplice, void in green, must cut with their specials; the
    # Joker neutralises the only threat (SH3): the Bomb is protected. After the third
    # trick the round is scored and round 1 is dealt from the seed.
    config = nw.Config(players=4, hand_size=3, rounds=2)
    deck = "BOMB QUANTUM NUMX JOKER R5 R6 G7 R8 SH3 R9 R11 R12"
    plays = ["G7", "SH3", "JOKER", "BOMB", "R9", "R12", "R6", "R8", "R11", "R5", "QUANTUM", "NUMX"]
    state, handle = _follow(config, deck, plays[:4])
    assert (state.bomb, state.protector) == (nw.Fate.PROTECTED, 3)
    state, handle = _follow(config, deck, plays)
    assert state.round == 1
    result = state.history[0]
    assert result.scores[0].bomb_protected == 30
    assert result.scores[3].joker_protects == 20
    # Round 1 to the end, the first legal play each time.
    while not nw.is_terminal(state):
        _same(state, handle)
        action = nw.legal_actions(state)[0]
        handle = handle.apply_id(nw.encode_action(config, action))
        state = nw.apply(state, action)
    _same(state, handle)


def test_tie_shares_the_win() -> None:
    # One card each, all specials, no bonus: NUMX captures the Bomb, nobody scores.
    config = nw.Config(players=4, hand_size=1, rounds=1, **ZERO_BONUSES)
    state, handle = _follow(config, "BOMB QUANTUM NUMX JOKER", ["QUANTUM", "NUMX", "JOKER", "BOMB"])
    assert nw.winners(state) == frozenset(range(4))
    assert handle.winners() == frozenset(range(4))


def test_state_refused_when_not_a_position() -> None:
    state = nw.new_game(nw.Config(players=3), 1)
    broken = attrs.evolve(state, hands=((),) * 3)
    with pytest.raises(ValueError, match="expected"):
        native.handle(NAME, broken)


@pytest.mark.parametrize("players", [3, 4, 6])
def test_simulate_equals_play_game(players: int) -> None:
    config = nw.Config(players=players, rounds=1)
    seeds = [3, 11, 2**70]
    handle = native.new_handle(NAME, config, 0)
    outcomes = handle.simulate(seeds, [("random", 0.5)] * players)
    for seed, (scores, winners, length, finished) in zip(seeds, outcomes, strict=True):
        result = play_game(NAME, config, ["random"] * players, seed)
        assert finished
        assert (scores, winners, length) == (
            list(result.scores),
            sorted(result.winners),
            len(result.actions),
        )


@pytest.mark.parametrize(
    ("players", "options"),
    [(3, {"rounds": 2, "hand_size": 6}), (4, {}), (6, {**ODD_BONUSES, "rounds": 1}), (8, {})],
    ids=str,
)
def test_observation_tensor_is_the_python_one(players: int, options: dict[str, Any]) -> None:
    tensor_walk(NAME, nw.Config(players=players, **options), players, every=3)
