"""The `numrules` command line."""

from __future__ import annotations

import subprocess
import sys

from click.testing import CliRunner

import numrules
from numrules.cli import _build, simulate


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(_build(), list(args))
    return result.exit_code, result.output


def test_help_lists_the_commands() -> None:
    code, out = run("--help")
    assert code == 0
    assert "simulate" in out
    assert "games" in out


def test_games_lists_every_game() -> None:
    code, out = run("games")
    assert code == 0
    for name in numrules.game_names():
        assert name in out


def test_simulate_prints_the_summary_table() -> None:
    code, out = run("simulate", "stackattack", "--games", "6", "--players", "3", "--seed", "1")
    assert code == 0, out
    assert "Stack Attack: 6 games, 3 players" in out
    assert "actions per game" in out
    assert "games per second" in out
    assert sum(1 for line in out.splitlines() if " random " in line) == 3


def test_simulate_accepts_one_bot_per_seat() -> None:
    code, out = run(
        "simulate", "stackattack", "-n", "2", "-p", "3", "--bots", "random,first,random"
    )
    assert code == 0, out
    assert " first " in out


def test_simulate_reports_bad_options() -> None:
    code, out = run("simulate", "stackattack", "--players", "9")
    assert code == 2
    assert "2 to 6 players" in out
    code, out = run("simulate", "stackattack", "--bots", "nope")
    assert code == 2
    assert "unknown bot" in out
    code, out = run("simulate", "stackattack", "-p", "3", "--bots", "random,first")
    assert code == 2
    code, out = run("simulate", "nosuchgame")
    assert code == 2


def test_simulation_is_reproducible_from_its_seed() -> None:
    game = numrules.get_game("stackattack")
    config = game.Config(players=4)
    one = simulate(game, config, ["random"] * 4, 5, seed=9)
    two = simulate(game, config, ["random"] * 4, 5, seed=9)
    assert [r.actions for r in one.results] == [r.actions for r in two.results]
    assert [one.wins(s) for s in range(4)] == [two.wins(s) for s in range(4)]
    assert sum(one.wins(s) for s in range(4)) >= 5
    # Game i of a batch is the game played alone with seed + i.
    alone = simulate(game, config, ["random"] * 4, 1, seed=11)
    assert alone.results[0].actions == one.results[2].actions


def test_python_dash_m_runs_the_command() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "numrules", "games"], capture_output=True, text=True, check=True
    ).stdout
    assert "stackattack" in out
