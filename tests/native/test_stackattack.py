"""The native Stack Attack is the Python engine, step by step.

Random walks through both engines for every player count and every Config option, the
pinned games' match digests, hand-written reveals on stacked decks (a SWITCH handing a
BLOCK over, DECREASING, SHIELDs, the sixth card, ties, the end of the game) and the
games of `numrules simulate`; and every seat's observation tensor at every step.
"""

from __future__ import annotations

from typing import Any

import pytest

from numrules import dumps
from numrules import stackattack as sa
from numrules.apps.simulation import play_game
from numrules.core.errors import IllegalActionError, Reason
from numrules.core.rng import derive_seed
from tests.generic.pinned import DATA
from tests.native.differential import match_digest, sequential, tensor_walk, walk

native = pytest.importorskip("numrules.native")
if not native.available("stackattack"):
    pytest.skip("the native core does not play stackattack", allow_module_level=True)

NAME = "stackattack"

PLAYERS = range(sa.MIN_PLAYERS, sa.MAX_PLAYERS + 1)

VARIANTS: dict[str, dict[str, Any]] = {
    "quick": {"hand_size": 3, "end_score": 5},
    "one row": {"rows": 1, "block": ()},
    "many rows": {"rows": 16, "hand_size": 4, "end_score": 30},
    "row limit 1": {"row_limit": 1},
    "row limit 2": {"row_limit": 2, "end_score": 40},
    "long rows": {"row_limit": 12, "rows": 2, "block": (14,)},
    "long game": {"end_score": 150},
    "big deck": {"deck_size": 200, "hand_size": 12, "rows": 8, "end_score": 40},
    "flat penalties": {"penalties": (1,) * 64, "end_score": 30},
    "no penalties": {"penalties": (0,) * 64, "max_rounds": 3},
    "max rounds 1": {"max_rounds": 1},
    "max rounds 2": {"max_rounds": 2, "end_score": 1000},
    "no powers": {"switch": (), "block": (), "shield": (), "decreasing": ()},
    "many switches": {"switch": (1, 2, 3, 4, 5, 6, 7, 8, 9, 10), "hand_size": 6},
    "many blocks": {"block": (1, 2, 3, 4, 5), "rows": 6, "hand_size": 6},
    "many shields": {"shield": tuple(range(1, 64, 3)), "block": (), "row_limit": 3},
    "many decreasing": {"decreasing": tuple(range(3, 64, 4)), "end_score": 40},
    "all powers dense": {
        "switch": (1, 5, 9, 13, 17, 21),
        "block": (2, 6, 10),
        "shield": (3, 7, 11, 15, 19),
        "decreasing": (4, 8, 12, 16),
        "rows": 5,
        "hand_size": 5,
    },
}


def config(players: int, **options: Any) -> sa.Config:
    """A config for `players` seats; a table too small for the deck gets a bigger deck."""
    deck = options.get("deck_size", sa.DECK_SIZE)
    needed = players * options.get("hand_size", 10) + options.get("rows", 4)
    if needed > deck and "penalties" not in options:
        options = {**options, "deck_size": needed}
    return sa.Config(players=players, **options)


@pytest.mark.parametrize("players", PLAYERS)
def test_default_walks(players: int) -> None:
    for seed in range(4):
        walk(NAME, sa.Config(players=players), seed)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("players", PLAYERS)
def test_variant_walks(variant: str, players: int) -> None:
    options = VARIANTS[variant]
    needed = players * options.get("hand_size", 10) + options.get("rows", 4)
    if "penalties" in options and needed > 64:
        pytest.skip("a fixed penalty table fixes the deck at 64 cards")
    for seed in (players * 100, players * 100 + 1):
        walk(NAME, config(players, **options), seed)


def test_the_largest_table() -> None:
    big = sa.Config(players=6, hand_size=100, rows=16, deck_size=1000, row_limit=100)
    walk(NAME, big, 3, max_steps=400)


@pytest.mark.parametrize(
    "entry", [e for e in DATA if e["game"] == NAME], ids=lambda e: f"{e['players']}p-{e['seed']}"
)
def test_pinned_match_digests(entry: dict[str, Any]) -> None:
    assert match_digest(entry) == entry["match"]


def deck(numbers: list[int] | range) -> list[sa.Card]:
    """A stacked deck of card numbers, top card first."""
    return [sa.Card(n) for n in numbers]


def follow(state: sa.State, script: list[str]) -> tuple[sa.State, Any]:
    """Play `script` (action notation), then the first legal id, through both engines.

    At every step the handle and a fresh handle of the Python state must agree with the
    Python engine (seat asked, legal ids, scores, `to_act`); at the end, the states' JSON
    and the winners. Returns the last Python state and handle.
    """
    seq = sequential(NAME)
    turn = seq.start(state)
    handle = native.handle(NAME, state)
    steps = 0
    while True:
        ids = seq.legal_ids(turn)
        for h in (handle, native.handle(NAME, turn.state)):
            assert h.seat == turn.seat
            assert h.legal_action_ids() == ids
            assert h.scores() == list(sa.scores(turn.state))
            assert h.is_terminal() == sa.is_terminal(turn.state)
        if not ids:
            break
        if steps < len(script):
            action = sa.parse_action(script[steps])
            assert action.seat == turn.seat, script[steps]
            action_id = sa.encode_action(turn.state.config, action)
            assert action_id in ids, script[steps]
        else:
            action_id = ids[0]
        turn = seq.step(turn, action_id)
        handle = handle.apply_id(action_id)
        steps += 1
    assert steps >= len(script)
    assert dumps(handle.to_state()) == dumps(turn.state)
    assert handle.winners() == frozenset(sa.winners(turn.state))
    return turn.state, handle


def after(state: sa.State, script: list[str]) -> Any:
    """The handle of `state` after `script`, each action checked by the Python engine."""
    handle = native.handle(NAME, state)
    for text in script:
        action = sa.parse_action(text)
        state = sa.apply(state, action)
        handle = handle.apply_id(sa.encode_action(state.config, action))
    return handle


def test_a_switch_hands_a_block_to_its_new_holder() -> None:
    cfg = sa.Config(players=2, hand_size=2, rows=2, block=(14,), end_score=3)
    start = sa.new_game(cfg, 5, deck([6, 30, 14, 31, 10, 20]))
    # 6 (SWITCH) and 14 (BLOCK) revealed: seat 0 swaps its 6 for seat 1's 14, so seat 0
    # closes a row; then 6, now seat 1's, is below the open row and takes it.
    handle = after(start, ["0:choose 6", "1:choose 14", "0:switch 1"])
    assert handle.seat == 0
    assert handle.to_act() == frozenset({0})
    script = ["0:choose 6", "1:choose 14", "0:switch 1", "0:block 0", "1:take 1"]
    script += ["0:choose 30", "1:choose 31"]
    end, handle = follow(start, script)
    assert sa.is_terminal(end)
    assert handle.scores() == [0, 3]
    assert handle.winners() == frozenset({0})


def test_decreasing_shields_and_the_row_limit() -> None:
    cfg = sa.Config(players=3, hand_size=2, rows=2, row_limit=2, block=(14,), end_score=5)
    start = sa.new_game(cfg, 9, deck([27, 50, 5, 18, 40, 60, 20, 30]))
    # Turn 0: DECREASING places 40, 27, then the SHIELD 18 is below every row: its holder
    # adds it to row 1, past the limit. Turn 1: 5 takes row 0; 50 lands on row 1, which
    # holds more than the limit, and takes it; 60 follows it.
    handle = after(start, ["0:choose 27", "1:choose 18", "2:choose 40"])
    assert handle.seat == 1
    assert handle.legal_action_ids() == [
        sa.encode_action(cfg, sa.PlaceShield(1, r)) for r in range(2)
    ]
    script = ["0:choose 27", "1:choose 18", "2:choose 40", "1:shield 1"]
    script += ["0:choose 50", "1:choose 5", "2:choose 60", "1:take 0"]
    end, handle = follow(start, script)
    assert sa.is_terminal(end)
    assert handle.scores() == [7, 4, 0]
    assert handle.winners() == frozenset({2})


def test_tied_lowest_totals_share_the_win() -> None:
    cfg = sa.Config(
        players=2, hand_size=1, rows=1, row_limit=1, end_score=1, penalties=(1,) * 64, block=()
    )
    start = sa.new_game(cfg, 1, deck([10, 11, 12]))
    end, handle = follow(start, ["0:choose 10", "1:choose 11", "0:take 0"])
    assert sa.is_terminal(end)
    assert handle.scores() == [1, 1]
    assert handle.winners() == frozenset({0, 1})


def test_rounds_end_and_the_next_deal_is_the_pythons() -> None:
    cfg = sa.Config(players=4, hand_size=2, penalties=(0,) * 64, max_rounds=3)
    start = sa.new_game(cfg, 77, deck(range(64, 0, -1)))
    end, handle = follow(start, [])
    assert end.round == 2
    assert handle.scores() == [0, 0, 0, 0]
    assert handle.winners() == frozenset(range(4))


def test_refusals_and_the_seed_range() -> None:
    state = sa.new_game(sa.Config(players=3), 2**127 - 1)
    handle = native.handle(NAME, state)
    with pytest.raises(IllegalActionError) as refused:
        handle.apply_id(10_000)
    assert refused.value.reason is Reason.BAD_TARGET
    too_big = sa.new_game(sa.Config(players=3), 2**130)
    with pytest.raises(ValueError, match="128 bits"):
        native.handle(NAME, too_big)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_simulate_is_play_game(players: int) -> None:
    cfg = sa.Config(players=players)
    seeds = [derive_seed(11, "game", i) for i in range(4)]
    handle = native.new_handle(NAME, cfg, 0)
    outcomes = handle.simulate(seeds, [("random", 0.5)] * players)
    for seed, (scores, winners, length, finished) in zip(seeds, outcomes, strict=True):
        result = play_game(NAME, cfg, ["random"] * players, seed)
        assert finished
        assert (scores, set(winners), length) == (
            list(result.scores),
            set(result.winners),
            len(result.actions),
        )


@pytest.mark.parametrize("players", PLAYERS)
def test_observation_tensors(players: int) -> None:
    tensor_walk(NAME, sa.Config(players=players), players)
    for variant in ("max rounds 2", "all powers dense", "many shields", "no penalties"):
        tensor_walk(NAME, config(players, **VARIANTS[variant]), players + 10)
    with pytest.raises(ValueError, match="no seat"):
        native.new_handle(NAME, sa.Config(players=players), 0).observation_tensor(players)
