"""Rated tournaments: the seat rotation, the statistics, reproducibility, JSON, the command."""

from __future__ import annotations

import json
import re
import time
from collections import Counter
from pathlib import Path
from typing import Any

import attrs
import pytest
from click.testing import CliRunner

import numrules
from numrules.apps import tournament
from numrules.apps.cli import _build
from numrules.apps.tournament import (
    TournamentResult,
    default_bots,
    estimate_tournament,
    lineups,
    play_tournament,
)
from numrules.core.bots import bot_work
from numrules.core.rng import derive_seed

BOTS = ["random", "first", "ismcts?iterations=10&rollout_actions=40"]


@pytest.fixture(scope="module")
def result() -> TournamentResult:
    return play_tournament("stackattack", BOTS, games=6, players=3, seed=5)


@pytest.mark.parametrize(("bots", "players"), [(3, 3), (2, 4), (3, 2), (4, 3)])
def test_over_a_cycle_every_bot_sits_once_in_every_seat(bots: int, players: int) -> None:
    names = [f"bot{i}" for i in range(bots)]
    cycle = lineups(names, players)
    assert len(cycle) == bots
    for seat in range(players):
        assert sorted(lineup[seat] for lineup in cycle) == names


def test_the_games_of_a_cycle_share_their_deal(result: TournamentResult) -> None:
    assert len(result.games) == 6
    by_cycle = Counter((game.cycle, game.seed) for game in result.games)
    assert sorted(by_cycle.values()) == [3, 3]
    assert [game.lineup for game in result.games[:3]] == list(lineups(BOTS, 3))


def test_the_standings_add_up(result: TournamentResult) -> None:
    assert sum(s.wins for s in result.standings) == pytest.approx(len(result.games))
    assert sum(s.seat_games for s in result.standings) == 3 * len(result.games)
    for standing in result.standings:
        assert standing.win_low <= standing.win_rate <= standing.win_high
        assert standing.score_low <= standing.mean_score <= standing.score_high
        assert standing.sigma > 0
        scores = [
            game.scores[seat]
            for game in result.games
            for seat, bot in enumerate(game.lineup)
            if bot == standing.bot
        ]
        assert standing.mean_score == pytest.approx(sum(scores) / len(scores))
    assert result.fair_share == pytest.approx(1 / 3)


def test_each_game_replays_from_its_seed_and_lineup(result: TournamentResult) -> None:
    game = numrules.get_game("stackattack")
    for index in (0, 4):
        played = result.games[index]
        k = index % len(BOTS)
        bots = [
            numrules.make_bot(name, derive_seed(5, "bot", played.cycle, k, seat), game)
            for seat, name in enumerate(played.lineup)
        ]
        again = numrules.play_match(game, game.Config(players=3), bots, played.seed)
        assert again.scores == played.scores
        assert tuple(sorted(again.winners)) == played.winners
        assert len(again.actions) == played.actions


def without_times(result: TournamentResult) -> tuple[object, ...]:
    return (
        result.games,
        tuple(attrs.evolve(s, seconds_per_decision=0.0) for s in result.standings),
    )


def test_the_same_seed_gives_the_same_results_in_one_or_two_processes(
    result: TournamentResult,
) -> None:
    again = play_tournament("stackattack", BOTS, games=6, players=3, seed=5, workers=2)
    assert without_times(again) == without_times(result)
    other = play_tournament("stackattack", BOTS, games=6, players=3, seed=6)
    assert other.games != result.games


def test_the_json_holds_the_standings_and_every_game(result: TournamentResult) -> None:
    document = json.loads(result.to_json())
    assert document["bots"] == BOTS
    assert [row["bot"] for row in document["standings"]] == BOTS
    assert document["standings"][0]["win_rate"] == result.standings[0].win_rate
    assert len(document["games"]) == 6
    assert document["games"][0]["lineup"] == list(result.games[0].lineup)


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        (["random"], "at least two different bots"),
        (["random", "random"], "at least two different bots"),
        (["random", "nobody"], "unknown bot 'nobody'"),
    ],
)
def test_bad_bot_lists_are_refused(bots: list[str], message: str) -> None:
    with pytest.raises(numrules.ConfigError, match=message):
        play_tournament("stackattack", bots, games=2, players=2)


def test_the_command_prints_the_standings_and_writes_json(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    args = ["tournament", "stackattack", "-b", "random,first", "-n", "4", "-p", "2", "--seed", "3"]
    run = CliRunner().invoke(_build(), [*args, "--json", str(out)])
    assert run.exit_code == 0, run.output
    assert "Stack Attack: 4 games, 2 players, seed 3" in run.output
    assert "random" in run.output
    assert "first" in run.output
    document = json.loads(out.read_text())
    assert len(document["games"]) == 4
    bad = CliRunner().invoke(_build(), ["tournament", "stackattack", "-b", "random,nobody"])
    assert bad.exit_code == 2
    assert "unknown bot" in bad.output


def test_against_a_field_each_game_seats_one_bot_among_field_bots() -> None:
    cycle = lineups(["a", "b"], 3, field="f")
    assert len(cycle) == 6
    for lineup in cycle:
        assert lineup.count("f") == 2
    for seat in range(3):
        assert sorted(lineup[seat] for lineup in cycle if lineup[seat] != "f") == ["a", "b"]
    result = play_tournament("stackattack", ["first"], field="random", games=3, players=3, seed=2)
    assert result.field == "random"
    hero, field = result.standings
    assert (hero.bot, hero.seat_games, field.seat_games) == ("first", 3, 6)
    assert hero.wins + field.wins == pytest.approx(3)
    assert "each against random" in str(
        CliRunner()
        .invoke(
            _build(), ["tournament", "stackattack", "-b", "first", "--field", "random", "-n", "2"]
        )
        .output
    )
    with pytest.raises(numrules.ConfigError, match="field"):
        play_tournament("stackattack", ["random"], field="random", games=2, players=2)


def test_the_command_plays_the_rules_its_options_set(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    args = ["tournament", "stackattack", "-b", "random,first", "-n", "2", "-p", "2", "-j", "1"]
    run = CliRunner().invoke(_build(), [*args, "--option", "max_rounds=1", "--json", str(out)])
    assert run.exit_code == 0, run.output
    config = numrules.get_game("stackattack").Config(players=2, max_rounds=1)
    bots = ["random", "first"]
    expected = play_tournament("stackattack", bots, games=2, players=2, config=config)
    document = json.loads(out.read_text())
    assert document["games"] == json.loads(expected.to_json())["games"]
    assert document["config"]["max_rounds"] == 1
    bad = CliRunner().invoke(_build(), [*args, "--option", "max_round=1"])
    assert bad.exit_code == 2
    assert "max_rounds (int 1..100000 or none)" in bad.output


def test_the_default_bots_are_those_each_game_offers_without_search_bots() -> None:
    for game in numrules.all_games():
        bots = default_bots(game)
        assert len(bots) >= 2, game.name
        assert bots[0] == "random"
        assert "ismcts" not in bots  # search bots are opt-in
        for name in game.bots:
            assert (name in bots) == (bot_work(name, game) <= 1), (game.name, name)
    assert default_bots("numstop") == ("random", "heuristic")  # not its search bot
    highcard = attrs.evolve(numrules.get_game("stackattack"), bots={})
    assert default_bots(highcard) == ("random", "first")


def test_the_estimate_counts_each_bot_s_measured_thinking_time() -> None:
    config = numrules.get_game("stackattack").Config(players=2, max_rounds=1)
    args: dict[str, Any] = {"games": 6, "players": 2, "seed": 1, "config": config}
    cheap = estimate_tournament("stackattack", ["random", "heuristic"], **args)
    search = estimate_tournament(
        "stackattack", ["random", "heuristic", "ismcts?iterations=100"], **args, budget=0.2
    )
    assert (cheap.games, search.games) == (6, 6)
    costs = dict(search.seconds_per_decision)
    assert list(costs) == ["random", "heuristic", "ismcts?iterations=100"]
    assert costs["random"] < costs["heuristic"] < costs["ismcts?iterations=100"]
    assert search.seconds > 3 * cheap.seconds
    assert len(cheap.decisions) == 2
    assert all(n > 0 for n in cheap.decisions)
    # Shared among the workers, no more than there are games.
    assert cheap.seconds == cheap.sequential
    halved = estimate_tournament("stackattack", ["random", "heuristic"], **args, workers=2)
    assert halved.seconds == pytest.approx(halved.sequential / 2)
    many = estimate_tournament("stackattack", ["random", "heuristic"], **args, workers=64)
    assert many.seconds == pytest.approx(many.sequential / 6)
    # What the tournament then takes is of the same order (the rating model's start too).
    started = time.perf_counter()
    play_tournament("stackattack", ["random", "heuristic"], **args)
    taken = time.perf_counter() - started
    assert cheap.seconds / 5 < taken < cheap.seconds * 5, (cheap.seconds, taken)
    with pytest.raises(numrules.ConfigError, match="at least two different bots"):
        estimate_tournament("stackattack", ["random"], **args)


def test_the_command_prints_the_estimate_before_a_long_tournament(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    args = ["tournament", "stackattack", "-b", "random,first", "-n", "2", "-p", "2", "-j", "1"]
    quick = CliRunner().invoke(_build(), args)
    assert quick.exit_code == 0, quick.output
    assert "will take about" not in quick.output  # a short one starts at once
    assert "rules: 2 players, default rules" in quick.output
    monkeypatch.setattr(tournament, "LONG_TOURNAMENT", 0.0)
    long = CliRunner().invoke(_build(), args)
    assert long.exit_code == 0, long.output
    assert re.search(r"This tournament will take about \d+ s \(2 games; thinking", long.output)
    assert long.output.index("will take about") < long.output.index("fair share")


def test_the_default_tournament_plays_without_search_bots() -> None:
    run = CliRunner().invoke(_build(), ["tournament", "numbounce", "-n", "2", "-j", "1"])
    assert run.exit_code == 0, run.output
    assert "heuristic" in run.output
    assert "ismcts" not in run.output
