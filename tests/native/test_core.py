"""The native core's generic face, for every game it plays: handles, errors, batches.

The per-game files (test_<game>.py) walk each game against the Python engine; this one
checks what every game shares: `simulate` through the core gives the Python engine's
summary, playouts are the Python match driver's games, refused ids raise the Python
engine's errors, and numrules works with the core turned off.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from typing import Any

import attrs
import pytest

from numrules import dumps, get_game, native
from numrules.apps.simulation import simulate
from numrules.core.errors import ConfigError, IllegalActionError, Reason
from numrules.core.game import BUILTIN_GAMES, AnyGame
from numrules.core.ismcts import ISMCTSBot
from tests.native.differential import same_playouts
from tests.test_docs import ROOT, python_blocks

GAMES = sorted(native.core_games())


def test_the_core_plays_every_built_in_game() -> None:
    assert native.core_games() == frozenset(BUILTIN_GAMES)


def _config(game: AnyGame, players: int | None = None) -> Any:
    return game.Config(players=players or game.min_players)


@pytest.mark.parametrize("name", GAMES)
def test_simulate_with_the_core_gives_the_python_summary(name: str) -> None:
    game = get_game(name)
    config = _config(game)
    bots = ["random"] * (config.players - 1) + ["random?decline=0.25"]
    fast = simulate(game, config, bots, 12, seed=3, engine="native")
    slow = simulate(game, config, bots, 12, seed=3, engine="python")
    assert fast == slow
    assert fast.games == 12


@pytest.mark.parametrize("name", GAMES)
def test_engine_native_refuses_what_only_python_does(name: str) -> None:
    game = get_game(name)
    config = _config(game)
    with pytest.raises(ConfigError, match="figures and records"):
        simulate(game, config, ["random"] * config.players, 2, engine="native", figures=True)
    with pytest.raises(ConfigError, match="random and heuristic"):
        simulate(game, config, ["first"] * config.players, 2, engine="native")


@pytest.mark.parametrize("name", GAMES)
def test_playouts_are_the_python_drivers_games(name: str) -> None:
    game = get_game(name)
    config = _config(game)
    state = game.new_game(config, 11)
    same_playouts(name, state, 3, "random", 5)  # make_bot("random", seed): RandomBot(seed)
    handle = native.handle(name, state)
    cut = handle.playouts(2, "random", seed=5, max_actions=3)
    assert [(length, finished) for _, _, length, finished in cut] == [(3, False)] * 2


@pytest.mark.parametrize("name", GAMES)
def test_a_refused_id_raises_the_python_engines_error(name: str) -> None:
    game = get_game(name)
    handle = native.new_handle(name, _config(game), 2)
    for junk in (-1, handle.num_ids + 5, 10**30, True, "3", None):
        with pytest.raises(IllegalActionError) as refused:
            handle.apply_id(junk)
        assert refused.value.action == junk
        assert refused.value.reason in {Reason.BAD_TARGET, Reason.MALFORMED}
    assert dumps(handle.to_state()) == dumps(game.new_game(_config(game), 2))  # unchanged
    rnd = random.Random(1)
    while not handle.is_terminal():
        ids = handle.legal_action_ids()
        handle = handle.apply_id(ids[rnd.randrange(len(ids))])
    assert handle.seat is None
    assert handle.legal_action_ids() == []
    with pytest.raises(IllegalActionError) as over:
        handle.apply_id(0)
    assert over.value.reason is Reason.GAME_OVER
    assert repr(handle) == f"<numrules_native.Handle {name} over>"


@pytest.mark.parametrize("name", GAMES)
def test_bad_batch_arguments_are_value_errors(name: str) -> None:
    game = get_game(name)
    handle = native.new_handle(name, _config(game), 2)
    with pytest.raises(ValueError, match="no policy"):
        handle.playouts(1, "ismcts")
    with pytest.raises(ValueError, match="decline"):
        handle.playouts(1, "random", decline=1.5)
    with pytest.raises(ValueError, match="policies"):
        handle.simulate([1], [("random", 0.5)] * (handle.players + 1))
    with pytest.raises(ValueError, match="no seat"):
        handle.observation_tensor(handle.players)


def test_numrules_works_with_the_core_turned_off() -> None:
    code = (
        "from numrules import native, get_game\n"
        "from numrules.apps.simulation import simulate\n"
        "assert not native.available() and native.core_games() == frozenset()\n"
        "g = get_game('numwars')\n"
        "print(simulate(g, g.Config(players=3), ['random'] * 3, 2).games)\n"
        "try:\n"
        "    native.new_handle('numwars', g.Config(players=3), 1)\n"
        "except ImportError as e:\n"
        "    print('ImportError', 'pip install ./native' in str(e))\n"
    )
    env = {**os.environ, "NUMRULES_NATIVE": "0"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout
    assert out.split() == ["2", "ImportError", "True"]


def _searches(name: str, monkeypatch: pytest.MonkeyPatch, engine: str) -> list[Any]:
    # Three ISMCTS decisions of a seeded game, with the core on or off: moves and stats.
    monkeypatch.setenv("NUMRULES_NATIVE", "1" if engine == "native" else "0")
    game = get_game(name)
    config = _config(game)
    state = game.new_game(config, 4)
    rnd = random.Random(4)
    found: list[Any] = []
    for horizon in ("round", "game", "round"):
        bot = ISMCTSBot(seed=9, iterations=24, horizon=horizon, rollout_actions=400)
        seat = sorted(game.to_act(state))[0]
        mine = game.legal_actions_for(state, seat)
        move = bot.act(game.observe(state, seat), mine, seat in game.optional_seats(state))
        stats = bot.last
        found.append((str(move), None if stats is None else attrs.evolve(stats, seconds=0.0)))
        for _ in range(rnd.randrange(5, 40)):  # on to a later decision
            if game.is_terminal(state):
                break
            legal = game.legal_actions(state)
            state = game.apply(state, legal[rnd.randrange(len(legal))])
    return found


@pytest.mark.parametrize("name", GAMES)
def test_ismcts_random_rollouts_in_the_core_search_the_same(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if get_game(name).sample_state is None:
        pytest.skip(f"{name} has no sample_state")
    fast = _searches(name, monkeypatch, "native")
    assert fast == _searches(name, monkeypatch, "python")
    assert any(stats is not None and stats.iterations == 24 for _, stats in fast)


def test_the_native_page_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = python_blocks(ROOT / "docs" / "native.md")
    assert blocks
    namespace: dict[str, object] = {"__name__": "docs_example"}
    for block in blocks:
        exec(compile(block, "docs/native.md", "exec"), namespace)
    scores, winners = capsys.readouterr().out.strip().split("] [")
    assert scores.startswith("[")
    assert winners.endswith("]")
    assert isinstance(namespace["state"], get_game("numwars").State)
