"""Num Stop in the native core plays exactly as the Python engine (issue 25).

Random walks through both engines for every player count and every Config option, the
pinned games' match digests, hand-made positions where a tricky rule decides (the
JOKER against a Shadow, a full reserve, a QUANTUM that ends the round, a tie), and
`simulate` against `numrules simulate`'s own games. Random Num Stop games are long
(about 2,300 actions at 4 players), so the walks are cut at `max_steps`: the long
version runs elsewhere.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from numrules import dumps, native, numstop
from numrules.apps.simulation import play_game
from numrules.core.cards import FamilyCard
from numrules.numstop import Config, Mode, State, parse_cards
from tests.generic.pinned import DATA
from tests.native.differential import match_digest, sequential, tensor_walk, walk

NAME = "numstop"

SMALL = {"max_value": 5}
"""A 42-card deck: rounds of a few dozen actions, so a walk reaches the validations."""

VARIANTS: list[dict[str, Any]] = [
    {"mode": Mode.DISCOVERY, **SMALL},
    {"max_value": 6, "max_rounds": 2},
    {"reserve_size": 0, **SMALL},
    {"reserve_size": 6, "max_value": 7},
    {"family_run": 2, "value_run": 3, "max_value": 8},
    {"family_run": 17, "value_run": 6, **SMALL},
    {"double_draws": 20, "quantum_cards": 20, **SMALL},
    {"double_draws": 1, "quantum_cards": 1, **SMALL},
    {"bonuses": (1, 2, 3, 4, 5, 6, 7, 8, 9, 10_000), "wild_points": 1000, **SMALL},
    {"mode": Mode.DISCOVERY, "wild_points": 0, "max_value": 6, "max_rounds": 1},
]


@pytest.mark.parametrize("players", range(numstop.MIN_PLAYERS, numstop.MAX_PLAYERS + 1))
def test_default_game_walks_as_python(players: int) -> None:
    # Whole games up to 4 players (longer ones: the pinned games, simulate), then the
    # first round or so of a few more seeds.
    for seed in {2: (0, 2), 3: (0, 2), 4: (2,)}.get(players, ()):
        walk(NAME, Config(players=players), seed)
    for seed in (3, 4, 5):
        walk(NAME, Config(players=players), seed, max_steps=350)


@pytest.mark.parametrize("players", range(numstop.MIN_PLAYERS, numstop.MAX_PLAYERS + 1))
def test_small_deck_games_walk_as_python_to_the_end(players: int) -> None:
    # Several rounds, validations and the end of the game.
    for seed in range(2):
        walk(NAME, Config(players=players, max_value=5, max_rounds=2), seed)


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(map(str, o)))
def test_every_option_walks_as_python(options: dict[str, Any]) -> None:
    for players, seed in ((2, 0), (3, 1), (6, 2)):
        walk(NAME, Config(players=players, **options), seed, max_steps=300)


@pytest.mark.parametrize(
    "entry", [e for e in DATA if e["game"] == NAME], ids=lambda e: f"{e['players']}p-{e['seed']}"
)
def test_pinned_games_match_digest(entry: dict[str, Any]) -> None:
    assert match_digest(entry) == entry["match"]


def test_simulate_plays_the_games_of_numrules_simulate() -> None:
    for config in (Config(players=2), Config(players=3, mode=Mode.DISCOVERY, max_value=5)):
        seeds = [3, 11]
        h = native.new_handle(NAME, config, 0)
        got = h.simulate(seeds, [("random", 0.5)] * config.players)
        for seed, (scores, winners, length, finished) in zip(seeds, got, strict=True):
            result = play_game(NAME, config, ["random"] * config.players, seed)
            assert finished
            assert (scores, sorted(winners), length) == (
                list(result.scores),
                sorted(result.winners),
                len(result.actions),
            )


# --- hand-made positions ----------------------------------------------------------------


def follow(state: State, choices: list[int] | None = None, seed: int = 0) -> Any:
    """Walk `state` through both engines (`choices`: ids to take, else random ones)."""
    seq = sequential(NAME)
    turn = seq.start(state)
    handle = native.handle(NAME, state)
    rnd = random.Random(seed)
    todo = list(choices) if choices is not None else None
    for _ in range(2000):
        ids = seq.legal_ids(turn)
        assert handle.legal_action_ids() == ids
        assert handle.scores() == list(numstop.scores(turn.state))
        assert handle.is_terminal() == numstop.is_terminal(turn.state)
        if not ids or todo == []:
            break
        choice = todo.pop(0) if todo is not None else ids[rnd.randrange(len(ids))]
        turn = seq.step(turn, choice)
        handle = handle.apply_id(choice)
    assert dumps(handle.to_state()) == dumps(turn.state)
    if numstop.is_terminal(turn.state):
        assert handle.winners() == numstop.winners(turn.state)
    return turn.state


def ids_of(state: State, *texts: str) -> list[int]:
    """The ids of actions in notation, played in a row from `state`."""
    out = []
    for text in texts:
        action = numstop.parse_action(text)
        out.append(numstop.encode_action(state.config, action))
        state = numstop.apply(state, action)
    return out


def test_joker_answers_a_shadow_and_a_full_reserve_swaps_in_the_drawn_card() -> None:
    config = Config(players=3, reserve_size=1)
    deck = parse_cards("JOKER SH3 R4 DOUBLE")
    state = numstop.new_game(config, 5, deck)
    plays = ids_of(state, "0:draw A", "0:reserve JOKER", "0:draw A")
    shadow = follow(state, plays)
    assert shadow.phase is numstop.Phase.SHADOW
    after = follow(shadow, ids_of(shadow, "0:activate JOKER", "0:draw A", "0:draw A"))
    # The reserve is empty again: DOUBLE is offered at each target, then reserved.
    assert after.phase is numstop.Phase.ACTION
    follow(after, seed=1)


def test_full_reserve_offers_the_held_cards() -> None:
    config = Config(players=2, reserve_size=1)
    state = numstop.new_game(config, 9, parse_cards("FLIP R1 SKIP B2 SWIPE"))
    state = numstop.apply(state, numstop.parse_action("0:draw A"))
    state = numstop.apply(state, numstop.parse_action("0:reserve FLIP"))
    state = numstop.apply(state, numstop.parse_action("0:draw A"))
    state = numstop.apply(state, numstop.parse_action("0:draw A"))
    assert state.phase is numstop.Phase.ACTION  # SKIP drawn, FLIP held, no slot
    follow(state, seed=2)
    follow(state, ids_of(state, "0:activate FLIP"))


def _late(state: State, stock_a: str, stock_b: str) -> State:
    # The state with only these stocks left, every other stock card discarded.
    a, b = parse_cards(stock_a), parse_cards(stock_b)
    kept = {*a, *b}
    gone = tuple(c for s in state.stocks for c in s if c not in kept)
    return attrs.evolve(state, stocks=(a, b), discard=(*state.discard, *gone))


def test_a_quantum_that_empties_the_stocks_ends_the_round() -> None:
    state = numstop.new_game(Config(players=2, max_rounds=2), 3)
    state = _late(state, "QUANTUM R5", "G7 SH2")
    numstop.check_state(state)
    follow(state, ids_of(state, "0:draw A", "0:activate QUANTUM B"))
    follow(state, seed=4)  # and on to the validations


def test_the_validation_offers_the_picks_of_python() -> None:
    # A collection rich in combinations: every pick and pass is compared.
    cards = parse_cards("R3 B3 G3 Y3 SH3 R4 R5 R6 R7 B4 B5 SH5 RB2 RB6 G6 Y6 SH4")
    state = numstop.new_game(Config(players=2, max_rounds=1), 1)
    state = _late(state, "R1", "")
    rest = tuple(c for c in state.discard if c not in cards)
    state = attrs.evolve(state, discard=rest, collections=(cards, ()))
    numstop.check_state(state)
    for seed in range(4):
        follow(state, seed=seed)


def test_a_tie_shares_the_win() -> None:
    state = numstop.new_game(Config(players=2, max_rounds=1), 1)
    state = _late(state, "R1", "")
    card = (None, 5, None, None, None, None, None, None, None, None)
    state = attrs.evolve(state, scorecards=(card, card))
    end = follow(state, ids_of(state, "0:draw A", "0:end", "1:end"))
    assert numstop.winners(end) == {0, 1}


def test_from_state_refuses_a_seed_beyond_128_bits() -> None:
    state = attrs.evolve(numstop.new_game(Config(players=2), 1), seed=2**130)
    with pytest.raises(ValueError, match="seed"):
        native.handle(NAME, state)


def test_ids_and_sizes_follow_the_config() -> None:
    for players in (2, 6):
        for max_value in (5, 16):
            config = Config(players=players, max_value=max_value)
            h = native.new_handle(NAME, config, 0)
            assert h.num_ids == numstop.num_actions(config)
    assert isinstance(parse_cards("R1")[0], FamilyCard)


TENSOR_CONFIGS = [
    Config(players=4),
    Config(players=2, mode=Mode.DISCOVERY, max_value=5, max_rounds=2),
    Config(players=3, max_value=6, family_run=5, double_draws=3, wild_points=0, max_rounds=1),
]


@pytest.mark.parametrize("config", TENSOR_CONFIGS, ids=["classic-4", "discovery-2", "options-3"])
def test_observation_tensor_is_the_python_one(config: Config) -> None:
    tensor_walk(NAME, config, 7, every=5, max_steps=1500)
    handle = native.new_handle(NAME, config, 7)
    assert len(handle.observation_tensor(0)) == numstop.observation_layout(config).size
