"""numrules games in OpenSpiel: parameters, chance, states, observers, and OpenSpiel's own
checks and algorithms (random simulation, ISMCTS, outcome-sampling MCCFR) on small games."""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import attrs
import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python import observation as os_observation  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr  # noqa: E402

from numrules import get_game  # noqa: E402
from numrules.core.chance import Chance  # noqa: E402
from numrules.core.errors import ConfigError, IllegalActionError  # noqa: E402
from numrules.core.game import BUILTIN_GAMES, AnyGame  # noqa: E402
from numrules.numwars import Format  # noqa: E402
from numrules.rl import (  # noqa: E402
    final_rewards,
    information_state_string,
    information_state_tensor,
    learning_game,
    observation_tensor,
    register_openspiel,
)
from numrules.rl.openspiel import (  # noqa: E402
    DEFAULT_MAX_GAME_LENGTH,
    NumrulesGame,
    NumrulesState,
    config_from_parameters,
    parameter_specification,
    parameters_of,
)
from numrules.rl.sequential import Sequential  # noqa: E402

GAMES = sorted(BUILTIN_GAMES)

EXPLICIT: dict[str, dict[str, Any]] = {
    "stackattack": {"players": 2, "hand_size": 3, "max_rounds": 1},
    "numwars": {"players": 3, "hand_size": 4, "rounds": 1},
    "numbounce": {"players": 2, "hand_size": 4, "rounds": 1, "max_turns_per_round": 40},
    "numstop": {"players": 2, "max_value": 5, "max_rounds": 1},
}
"""Small configs whose only randomness is the first deal (explicit chance)."""

SAMPLED: dict[str, dict[str, Any]] = {
    "stackattack": {"players": 3, "hand_size": 2, "end_score": 3},
    "numwars": {"players": 3, "hand_size": 3, "rounds": 2},
    "numbounce": {"players": 3, "hand_size": 3, "rounds": 1},
    "numstop": {"players": 2, "max_value": 5, "max_rounds": 2},
}
"""Small configs with randomness after the first deal (sampled chance)."""


def test_the_small_configs_cover_every_game_of_the_registry() -> None:
    assert sorted(EXPLICIT) == GAMES
    assert sorted(SAMPLED) == GAMES


register_openspiel()


def _chance(name: str) -> Chance[Any]:
    chance = get_game(name).chance
    assert chance is not None, name
    return chance


def _load(name: str, params: dict[str, Any]) -> Any:
    # The OpenSpiel game, or a skip while the game cannot be learned (no ids or tensors).
    try:
        learning_game(name)
    except ConfigError as exc:
        pytest.skip(str(exc))
    return pyspiel.load_game(f"numrules_{name}", {**params, "rng_seed": 7})


def _random_game(game: Any, rnd: random.Random, visit: Any = None) -> NumrulesState:
    # Plays `game` to the end at random; `visit(state)` sees every decision node.
    state: NumrulesState = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rnd.randrange(len(outcomes))][0])
            continue
        if visit is not None:
            visit(state)
        actions = state.legal_actions()
        state.apply_action(actions[rnd.randrange(len(actions))])
    return state


def _dealt(game: Any, rnd: random.Random) -> NumrulesState:
    # A state just past the deal.
    state: NumrulesState = game.new_initial_state()
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rnd.randrange(len(outcomes))][0])
    return state


# --- registration and parameters ---------------------------------------------------------


def test_registering_names_every_builtin_game_and_is_idempotent() -> None:
    names = register_openspiel()
    assert names == tuple(f"numrules_{name}" for name in GAMES)
    assert register_openspiel() == names
    assert register_openspiel("numwars") == ("numrules_numwars",)
    assert set(names) <= set(pyspiel.registered_names())


def test_numrules_rl_imports_without_openspiel() -> None:
    code = (
        "import sys; sys.modules['pyspiel'] = None\n"
        "import numrules.rl\n"
        "try:\n"
        "    numrules.rl.register_openspiel\n"
        "except ImportError as exc:\n"
        "    print(exc)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert "pip install 'numrules[openspiel]'" in out.stdout


@pytest.mark.parametrize("name", GAMES)
def test_the_default_parameters_give_the_default_config(name: str) -> None:
    game = get_game(name)
    spec = parameter_specification(game)
    assert spec["max_game_length"] == 0
    assert spec["rng_seed"] == -1
    assert all(isinstance(value, int | float | bool | str) for value in spec.values())
    assert config_from_parameters(game, spec) == game.Config()
    loaded = _load(name, {})
    assert loaded.config == game.Config()
    assert loaded.num_players() == game.Config().players


@pytest.mark.parametrize("name", GAMES)
def test_parameters_of_a_config_give_it_back(name: str) -> None:
    game = get_game(name)
    configs = [
        game.Config(),
        game.Config(players=game.min_players, **game.quick_options),
        game.Config(**EXPLICIT[name]),
        game.Config(**SAMPLED[name]),
    ]
    for config in configs:
        assert config_from_parameters(game, parameters_of(game, config)) == config


def test_enum_optional_derived_and_tuple_options_as_parameters() -> None:
    numwars = get_game("numwars")
    spec = parameter_specification(numwars)
    assert spec["format"] == ""  # derived from the players: left out
    assert spec["hand_size"] == 0  # derived too; 0 is no hand size
    assert config_from_parameters(numwars, {"players": 6}).format.value == "full"
    assert config_from_parameters(numwars, {"players": 3, "format": "FULL"}).format.value == "full"

    stackattack = get_game("stackattack")
    spec = parameter_specification(stackattack)
    assert spec["max_rounds"] == 0  # None
    assert spec["switch"] == "6 38"
    assert spec["penalties"] == ""  # derived from the deck size
    config = config_from_parameters(stackattack, {"switch": "5, 7", "max_rounds": 2})
    assert config.switch == (5, 7)
    assert config.max_rounds == 2
    assert config_from_parameters(stackattack, {}).max_rounds is None

    numbounce = get_game("numbounce")
    assert config_from_parameters(numbounce, {"target_wins": 2}).rounds is None
    assert config_from_parameters(numbounce, {}).rounds == 3


def test_a_game_string_sets_the_options() -> None:
    loaded = _load("numwars", {})
    game = pyspiel.load_game("numrules_numwars(players=3,format=full,rounds=2,max_game_length=9)")
    assert isinstance(game, NumrulesGame)
    assert game.config == get_game("numwars").Config(players=3, format=Format.FULL, rounds=2)
    assert game.max_game_length() == 9
    assert loaded.config.players == 4


def test_bad_parameters_are_refused() -> None:
    _load("stackattack", {})
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        pyspiel.load_game("numrules_stackattack", {"colour": 3})
    with pytest.raises(pyspiel.SpielError, match="Wrong type"):
        pyspiel.load_game("numrules_stackattack", {"players": "two"})
    with pytest.raises(ConfigError, match="players"):
        pyspiel.load_game("numrules_stackattack", {"players": 9})
    with pytest.raises(ConfigError, match="max_game_length"):
        pyspiel.load_game("numrules_stackattack", {"max_game_length": -1})


# --- the game's type and sizes -----------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_type_and_sizes_follow_the_config(name: str) -> None:
    explicit = _load(name, EXPLICIT[name])
    sampled = _load(name, SAMPLED[name])
    modes = pyspiel.GameType.ChanceMode
    assert explicit.get_type().chance_mode == modes.EXPLICIT_STOCHASTIC
    assert sampled.get_type().chance_mode == modes.SAMPLED_STOCHASTIC
    for game in (explicit, sampled):
        kind = game.get_type()
        assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        utility = pyspiel.GameType.Utility
        assert kind.utility == (
            utility.ZERO_SUM if game.num_players() == 2 else utility.GENERAL_SUM
        )
        assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
        config = game.config
        seq = Sequential.of(learning_game(name))
        assert game.num_distinct_actions() == seq.num_ids(config)
        rl = learning_game(name)
        assert game.information_state_tensor_shape() == [rl.information_state_layout(config).size]
        assert game.observation_tensor_shape() == [rl.observation_layout(config).size]
        bound = _chance(name).max_decisions(config)
        assert game.max_game_length() == (bound or DEFAULT_MAX_GAME_LENGTH)
    assert explicit.max_chance_outcomes() == len(get_game(name).all_cards(explicit.config))
    assert sampled.max_chance_outcomes() == 1


def test_the_deal_rules_decide_which_configs_are_explicit() -> None:
    numbounce = get_game("numbounce")
    rule = _chance("numbounce")
    one_round = numbounce.Config(players=2, hand_size=4, rounds=1, max_turns_per_round=98)
    assert rule.single_deal(one_round, 107)  # a draw pile of 98: no recycle
    longer = attrs.evolve(one_round, max_turns_per_round=99)
    assert not rule.single_deal(longer, 107)
    assert not rule.single_deal(numbounce.Config(players=2, rounds=1), 107)
    assert not _chance("numwars").single_deal(get_game("numwars").Config(players=3), 82)


# --- playing -----------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["explicit", "sampled"])
@pytest.mark.parametrize("name", GAMES)
def test_random_games_keep_the_contract(name: str, kind: str) -> None:
    params = EXPLICIT[name] if kind == "explicit" else SAMPLED[name]
    game = _load(name, params)
    rl = learning_game(name)
    seq = Sequential.of(rl)
    info_size = game.information_state_tensor_shape()[0]
    obs_size = game.observation_tensor_shape()[0]
    players = game.num_players()

    def visit(state: NumrulesState) -> None:
        turn = state.turn
        assert turn is not None
        seat = state.current_player()
        assert seat == turn.seat
        assert state.legal_actions() == seq.legal_ids(turn)
        assert all(state.legal_actions(other) == [] for other in range(players) if other != seat)
        for player in range(players):
            info = np.asarray(state.information_state_tensor(player))
            obs = np.asarray(state.observation_tensor(player))
            assert info.shape == (info_size,)
            assert obs.shape == (obs_size,)
            assert ((info >= 0) & (info <= 1)).all()
            view = rl.game.observe(turn.state, player)
            assert np.array_equal(info, information_state_tensor(rl, view))
            assert np.array_equal(obs, observation_tensor(rl, view))
            assert state.information_state_string(player) == information_state_string(rl, view)

    rnd = random.Random(name)
    for _ in range(3):
        state = _random_game(game, rnd, visit)
        assert state.decisions <= game.max_game_length()
        turn = state.turn
        assert turn is not None
        numrules_over = rl.game.is_terminal(turn.state)
        if _chance(name).max_decisions(game.config) is not None:
            assert numrules_over  # a true bound: never cut
        returns = state.returns()
        if not numrules_over:  # cut at max_game_length: a draw
            assert returns == [0.0] * players
            continue
        assert returns == list(final_rewards(rl.game, turn.state, "win"))
        winners = len(rl.game.winners(turn.state))
        assert sum(returns) == (0 if winners == players else 2 * winners - players)


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_random_simulation_checks(name: str) -> None:
    # Serialising needs the random generator's state for a sampled game, which Python
    # games cannot give: only the explicit config round-trips its states.
    pyspiel.random_sim_test(_load(name, EXPLICIT[name]), num_sims=2, serialize=True, verbose=False)
    pyspiel.random_sim_test(_load(name, SAMPLED[name]), num_sims=2, serialize=False, verbose=False)


BOUNDED: list[tuple[str, dict[str, Any]]] = [
    ("stackattack", {"players": 4, "hand_size": 4, "max_rounds": 2}),
    ("numwars", {"players": 4, "hand_size": 3, "rounds": 2}),
    ("numbounce", {"players": 4, "hand_size": 3, "target_wins": 2, "max_turns_per_round": 25}),
]


@pytest.mark.parametrize(("name", "params"), BOUNDED)
def test_a_bounded_config_ends_within_its_bound(name: str, params: dict[str, Any]) -> None:
    game = _load(name, params)
    bound = _chance(name).max_decisions(game.config)
    assert bound is not None
    assert game.max_game_length() == bound
    rnd = random.Random(name)
    for _ in range(4):
        state = _random_game(game, rnd)
        assert state.turn is not None
        assert game.numrules_game.is_terminal(state.turn.state)  # over, not cut
        assert state.decisions <= bound


def test_a_game_longer_than_max_game_length_is_cut_as_a_draw() -> None:
    game = _load("stackattack", {**SAMPLED["stackattack"], "max_game_length": 5})
    assert game.max_game_length() == 5
    state = _random_game(game, random.Random(2))
    assert state.decisions == 5
    assert state.turn is not None
    assert state.turn.seat is not None  # the numrules game goes on
    assert state.returns() == [0.0] * game.num_players()
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    with pytest.raises(IllegalActionError):
        state.apply_action(0)


def test_clones_are_independent() -> None:
    game = _load("stackattack", EXPLICIT["stackattack"])
    state = _dealt(game, random.Random(4))
    before = (state.history(), state.information_state_string(1), state.current_player())
    clone = state.clone()
    assert clone.history() == state.history()
    assert clone.information_state_string(0) == state.information_state_string(0)
    clone.apply_action(clone.legal_actions()[0])
    assert clone.history() != state.history()
    assert (state.history(), state.information_state_string(1), state.current_player()) == before


# --- chance ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_an_explicit_deal_is_uniform_over_the_cards_left_and_starts_the_stacked_game(
    name: str,
) -> None:
    game = _load(name, EXPLICIT[name])
    numrules_game: AnyGame = game.numrules_game
    deck = numrules_game.all_cards(game.config)
    state = game.new_initial_state()
    rnd = random.Random(3)
    dealt: list[int] = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert [o for o, _ in outcomes] == [i for i in range(len(deck)) if i not in dealt]
        assert all(p == pytest.approx(1 / len(outcomes)) for _, p in outcomes)
        assert state.information_state_string(0) == state.information_state_string(1)
        outcome = outcomes[rnd.randrange(len(outcomes))][0]
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, outcome) == f"deal {deck[outcome]}"
        state.apply_action(outcome)
        dealt.append(outcome)
    assert game.max_chance_nodes_in_history() >= len(dealt)
    turn = state.turn
    assert turn is not None
    stacked = numrules_game.new_game(game.config, 0, deck=[deck[i] for i in dealt])
    assert turn.state == stacked


@pytest.mark.parametrize("name", GAMES)
def test_an_explicit_deal_decides_the_whole_game(name: str) -> None:
    # The seed of the stacked game orders only cards the game never uses: two seeds
    # give the same game for the same actions (what makes the config explicit).
    numrules_game = get_game(name)
    config = numrules_game.Config(**EXPLICIT[name])
    deck = numrules_game.all_cards(config)
    rule = _chance(name)
    assert rule.single_deal(config, len(deck))
    rnd = random.Random(5)
    for _ in range(3):
        order = rnd.sample(deck, len(deck))
        size = next(
            k for k in range(len(deck)) if rule.decided(config, order[:k]) or k == len(deck) - 1
        )
        one = numrules_game.new_game(config, 1, deck=order[:size])
        two = numrules_game.new_game(config, 2, deck=order[:size])
        players = range(config.players)
        while not numrules_game.is_terminal(one):
            observe = numrules_game.observe
            assert all(observe(one, s) == observe(two, s) for s in players)
            action = rnd.choice(numrules_game.legal_actions(one))
            one, two = numrules_game.apply(one, action), numrules_game.apply(two, action)
        assert numrules_game.is_terminal(two)
        assert numrules_game.scores(one) == numrules_game.scores(two)


def test_a_sampled_deal_is_one_outcome_drawing_a_fresh_seed() -> None:
    game = _load("stackattack", SAMPLED["stackattack"])
    start = game.new_initial_state()
    assert start.chance_outcomes() == [(0, 1.0)]
    assert start.action_to_string(pyspiel.PlayerId.CHANCE, 0) == "deal from a fresh seed"
    hands = set()
    for _ in range(5):
        state = start.clone()
        state.apply_action(0)
        assert state.turn is not None
        hands.add(state.turn.state.hands)
    assert len(hands) > 1  # the same outcome, different deals

    def first_hands(seed: int) -> Any:
        loaded = pyspiel.load_game(
            "numrules_stackattack", {**SAMPLED["stackattack"], "rng_seed": seed}
        )
        state = loaded.new_initial_state().child(0)
        return state.turn.state.hands

    assert first_hands(1) == first_hands(1)  # rng_seed makes the draws reproducible
    assert first_hands(1) != first_hands(2)


# --- information -------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_resampling_keeps_what_the_seat_knows(name: str) -> None:
    game = _load(name, SAMPLED[name])
    rnd = random.Random(8)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    checked = 0
    differs = 0

    def visit(state: NumrulesState) -> None:
        nonlocal checked, differs
        seat = state.current_player()
        sample = state.resample_from_infostate(seat, sampler)
        assert sample.current_player() == seat
        assert sample.information_state_string(seat) == state.information_state_string(seat)
        assert sample.legal_actions() == state.legal_actions()
        assert sample.decisions == state.decisions
        checked += 1
        assert sample.turn is not None
        assert state.turn is not None
        differs += sample.turn.state != state.turn.state

    _random_game(game, rnd, visit)
    assert checked > 0
    assert differs > 0
    dealing = game.new_initial_state()
    assert dealing.resample_from_infostate(0, sampler).is_chance_node()


def test_information_state_strings_differ_exactly_where_the_seat_knows_more() -> None:
    game = _load("stackattack", EXPLICIT["stackattack"])
    deck = game.numrules_game.all_cards(game.config)

    def dealt(order: list[int]) -> NumrulesState:
        state: NumrulesState = game.new_initial_state()
        for card in order:
            state.apply_action(deck.index(card))
        assert not state.is_chance_node()
        return state

    # Hands of three (seat 0, then seat 1), then four row cards.
    base = dealt([10, 20, 30, 40, 50, 60, 1, 2, 3, 4])
    other_hand = dealt([10, 20, 30, 41, 51, 61, 1, 2, 3, 4])
    own_hand = dealt([11, 20, 30, 40, 50, 60, 1, 2, 3, 4])
    assert base.information_state_string(0) == other_hand.information_state_string(0)
    assert base.information_state_string(1) != other_hand.information_state_string(1)
    assert base.information_state_string(0) != own_hand.information_state_string(0)
    # Seat 0 picks 10, or 20: seat 1 only sees that seat 0 has chosen; seat 0 knows.
    twin = dealt([10, 20, 30, 40, 50, 60, 1, 2, 3, 4])
    base.apply_action(_choose(base, 10))
    twin.apply_action(_choose(twin, 20))
    assert twin.information_state_string(1) == base.information_state_string(1)
    assert twin.information_state_string(0) != base.information_state_string(0)
    # Seat 1 picks 40 in both: the reveal shows seat 0's pick to seat 1.
    for state in (base, twin):
        state.apply_action(_choose(state, 40))
    assert twin.information_state_string(1) != base.information_state_string(1)


def _choose(state: NumrulesState, card: int) -> int:
    # The id of "choose `card`" for the seat asked now.
    turn = state.turn
    assert turn is not None
    assert turn.seat is not None
    game = state.get_game()
    action = game.numrules_game.parse_action(f"choose {card}", seat=turn.seat)
    action_id: int = game.table.rl.encode(game.config, action)
    return action_id


@pytest.mark.parametrize("name", GAMES)
def test_an_information_state_is_met_once_a_game_and_fixes_the_legal_actions(name: str) -> None:
    # Perfect recall: every decision of a seat along a game has its own string. And what
    # MCCFR's tables need: one string, one seat, one set of legal actions, in any game.
    game = _load(name, SAMPLED[name])
    legal: dict[str, tuple[int, list[int]]] = {}
    games: list[set[str]] = []

    def visit(state: NumrulesState) -> None:
        seat = state.current_player()
        key = state.information_state_string(seat)
        assert key not in games[-1]
        games[-1].add(key)
        actions = state.legal_actions()
        assert legal.setdefault(key, (seat, actions)) == (seat, actions)

    rnd = random.Random(9)
    for _ in range(3):
        games.append(set())
        _random_game(game, rnd, visit)
    assert all(games)


@pytest.mark.parametrize("name", GAMES)
def test_actions_read_in_the_game_notation(name: str) -> None:
    game = _load(name, SAMPLED[name])
    numrules_game: AnyGame = game.numrules_game
    passes = 0

    def visit(state: NumrulesState) -> None:
        nonlocal passes
        seat = state.current_player()
        turn = state.turn
        assert turn is not None
        for action_id in state.legal_actions():
            text = state.action_to_string(seat, action_id)
            if text == f"{seat}:pass":
                passes += 1
                continue
            action = numrules_game.parse_action(text)
            assert game.table.rl.encode(game.config, action) == action_id

    _random_game(game, random.Random(10), visit)
    if Sequential.of(learning_game(name)).has_pass:
        assert passes > 0


def test_the_observer_views_the_layout_blocks() -> None:
    game = _load("stackattack", EXPLICIT["stackattack"])
    state = _dealt(game, random.Random(11))
    info = os_observation.make_observation(game, os_observation.INFO_STATE_OBS_TYPE)
    info.set_from(state, 0)
    layout = game.table.rl.information_state_layout(game.config)
    assert list(info.dict) == [block.name for block in layout.blocks if block.size]
    assert np.array_equal(info.tensor, state.information_state_tensor(0))
    assert info.string_from(state, 0) == state.information_state_string(0)
    obs = os_observation.make_observation(game)
    obs.set_from(state, 1)
    assert np.array_equal(obs.tensor, state.observation_tensor(1))
    assert '"log"' not in obs.string_from(state, 1)
    public = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(ConfigError, match="SINGLE_PLAYER"):
        os_observation.make_observation(game, public)


# --- OpenSpiel's algorithms --------------------------------------------------------------


ISMCTS_SIMULATIONS = {"stackattack": 20, "numwars": 20, "numbounce": 20, "numstop": 5}
"""Simulations per move: a one-round Num Stop game is some 70 decisions long."""


@pytest.mark.parametrize("name", GAMES)
def test_ismcts_plays_full_games(name: str) -> None:
    # The bot asserts that each state it draws with resample_from_infostate gives the
    # seat the same information state as the real one.
    game = _load(name, EXPLICIT[name])
    rnd = np.random.RandomState(12)
    evaluator = mcts.RandomRolloutEvaluator(1, rnd)
    simulations = ISMCTS_SIMULATIONS[name]
    bot = ismcts.ISMCTSBot(game, evaluator, 1.5, max_simulations=simulations, random_state=rnd)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rnd.randint(len(outcomes))][0])
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    turn = state.turn
    assert turn is not None
    assert game.numrules_game.is_terminal(turn.state)
    assert state.returns() == list(final_rewards(game.numrules_game, turn.state, "win"))


@pytest.mark.parametrize("name", GAMES)
def test_outcome_sampling_mccfr_runs(name: str) -> None:
    game = _load(name, EXPLICIT[name])
    np.random.seed(13)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(4):
        solver.iteration()
    policy = solver.average_policy()
    state = _dealt(game, random.Random(14))
    probabilities = policy.action_probabilities(state)
    assert set(probabilities) == set(state.legal_actions())
    assert sum(probabilities.values()) == pytest.approx(1.0)
    assert solver._infostates  # the regret tables filled in
