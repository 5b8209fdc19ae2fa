"""Simulations: any number of workers gives the same summary, in constant memory; configs
from `--option` and `--config`; JSON and JSONL output."""

from __future__ import annotations

import gc
import json
import tracemalloc
import weakref
from pathlib import Path
from typing import Any

from click.testing import CliRunner

import numrules
from numrules.apps.cli import _build
from numrules.apps.simulation import (
    GameOutcome,
    effective_workers,
    game_seed,
    outcomes,
    play_game,
    simulate,
)

STACK = numrules.get_game("stackattack")
SHORT = STACK.Config(players=2, end_score=20)  # short games: a few rounds


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(_build(), list(args))
    return result.exit_code, result.output


def test_two_workers_give_the_same_summary_as_one() -> None:
    games = 30
    assert effective_workers(games, 2) == 2
    one = simulate(STACK, SHORT, ["random", "first"], games, seed=4, workers=1)
    two = simulate(STACK, SHORT, ["random", "first"], games, seed=4, workers=2)
    assert two.workers == 2
    assert one == two
    assert one.to_data() | {"seconds": 0, "games_per_second": 0, "workers": 0} == two.to_data() | {
        "seconds": 0,
        "games_per_second": 0,
        "workers": 0,
    }
    # The outcomes come back in game order, each the game played alone with its seed.
    streamed = list(outcomes(STACK, SHORT, ["random", "first"], games, seed=4, workers=2))
    assert [o.index for o in streamed] == list(range(games))
    assert [o.seed for o in streamed] == [game_seed(4, i) for i in range(games)]
    alone = play_game(STACK, SHORT, ["random", "first"], game_seed(4, 17))
    assert (streamed[17].scores, streamed[17].length) == (alone.scores, len(alone.actions))
    assert sum(s.wins for s in one.seats) >= games


def test_the_cli_tables_do_not_depend_on_the_workers(tmp_path: Path) -> None:
    outputs = []
    for workers in ("1", "2"):
        lines = tmp_path / f"games-{workers}.jsonl"
        code, out = run(
            *("simulate", "stackattack", "-n", "24", "-p", "2", "-s", "8", "-j", workers),
            *("-o", "end_score=20", "--jsonl", str(lines)),
        )
        assert code == 0, out
        table = [
            line.strip()  # the totals' column widths follow the time line
            for line in out.splitlines()
            if not line.startswith("wrote") and "time" not in line and "per second" not in line
        ]
        outputs.append((table, lines.read_text()))
    assert outputs[0] == outputs[1]
    rows = [json.loads(line) for line in outputs[0][1].splitlines()]
    assert len(rows) == 24
    assert rows[3] == {
        "index": 3,
        "seed": game_seed(8, 3),
        "bots": ["random", "random"],
        "scores": rows[3]["scores"],
        "winners": rows[3]["winners"],
        "length": rows[3]["length"],
    }
    alone = play_game(STACK, SHORT, ["random", "random"], game_seed(8, 3))
    assert rows[3]["scores"] == list(alone.scores)
    assert rows[3]["winners"] == sorted(alone.winners)
    assert rows[3]["length"] == len(alone.actions)


def test_batches_of_different_seeds_share_no_game(tmp_path: Path) -> None:
    # With seed + i, the batches of seeds 0 and 1 shared all their games but one.
    first = {game_seed(0, index) for index in range(10_000)}
    second = {game_seed(1, index) for index in range(10_000)}
    assert len(first) == len(second) == 10_000
    assert not first & second
    seeds = []
    for seed in ("0", "1"):
        lines = tmp_path / f"seed-{seed}.jsonl"
        code, out = run(
            *("simulate", "stackattack", "-n", "12", "-p", "2", "-s", seed, "-j", "1"),
            *("-o", "end_score=20", "--jsonl", str(lines)),
        )
        assert code == 0, out
        seeds.append([json.loads(line)["seed"] for line in lines.read_text().splitlines()])
    assert len(set(seeds[0])) == len(set(seeds[1])) == 12
    assert not set(seeds[0]) & set(seeds[1])
    assert seeds[0] == [game_seed(0, index) for index in range(12)]


def test_the_driver_keeps_no_outcome() -> None:
    # Every outcome is dropped once it is counted: none is alive at the end.
    alive: list[weakref.ref[GameOutcome]] = []
    simulate(
        STACK, SHORT, ["random"] * 2, 40, seed=1, on_game=lambda o: alive.append(weakref.ref(o))
    )
    gc.collect()
    assert len(alive) == 40
    assert all(ref() is None for ref in alive)


def _kept(games: int) -> int:
    # The memory still held once the summary is built (the summary included).
    gc.collect()
    tracemalloc.start()
    try:
        summary = simulate(STACK, SHORT, ["random"] * 2, games, seed=2)
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0]
        assert summary.games == games
        return kept
    finally:
        tracemalloc.stop()


def test_memory_does_not_grow_with_the_number_of_games() -> None:
    _kept(3)  # imports and caches first
    small, large = _kept(15), _kept(90)
    # A driver that kept each result would hold 75 more games' states and actions here
    # (tens of kilobytes each); the counts of the summary grow by a few kilobytes.
    assert large - small < 32_000, (small, large)


def test_one_game_is_one_game() -> None:
    code, out = run("simulate", "numwars", "-n", "1", "-p", "3")
    assert code == 0, out
    assert "Num Wars: 1 game, 3 players" in out


def test_json_prints_machine_readable_results() -> None:
    code, out = run("simulate", "stackattack", "-n", "3", "-p", "3", "-s", "2", "--json")
    assert code == 0, out
    data = json.loads(out)
    assert data["games"] == 3
    assert data["seed"] == 2
    assert [s["bot"] for s in data["seats"]] == ["random"] * 3
    assert sum(s["wins"] for s in data["seats"]) >= 3
    assert numrules.loads(json.dumps(data["config"])) == STACK.Config(players=3)
    assert sum(n for _, n in data["lengths"]["histogram"]) == 3


# --- Config options on the command line ----------------------------------------------------


def test_the_command_takes_options_and_a_config_file(tmp_path: Path) -> None:
    code, out = run("simulate", "numstop", "-n", "2", "-o", "mode=DISCOVERY", "--json")
    assert code == 0, out
    assert json.loads(out)["config"]["data"]["mode"] == "discovery"
    path = tmp_path / "rules.json"
    path.write_text(json.dumps({"players": 3, "target_wins": 2, "rounds": None}))
    code, out = run("simulate", "numbounce", "-n", "2", "--config", str(path), "--json")
    assert code == 0, out
    config: dict[str, Any] = json.loads(out)["config"]["data"]
    assert (config["players"], config["target_wins"], config["rounds"]) == (3, 2, None)
    # --option wins over the file.
    code, out = run(
        "simulate", "numbounce", "-n", "1", "--config", str(path), "-o", "target_wins=1", "--json"
    )
    assert code == 0, out
    assert json.loads(out)["config"]["data"]["target_wins"] == 1
    code, out = run("simulate", "numbounce", "-o", "colour=red")
    assert code == 2
    assert "unknown Num Bounce option 'colour'" in out
    assert "target_wins (int 1..1000 or none)" in out


def test_two_workers_write_the_same_records(tmp_path: Path) -> None:
    code, out = run(
        *("simulate", "stackattack", "-n", "20", "-p", "2", "-s", "3", "-j", "2"),
        *("-o", "end_score=20", "--records", str(tmp_path)),
    )
    assert code == 0, out
    assert "wrote 20 records" in out
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        f"stackattack-3-{index}.nrec" for index in range(20)
    )
    record = numrules.load_record(tmp_path / "stackattack-3-14.nrec")
    alone = play_game(STACK, SHORT, ["random", "random"], game_seed(3, 14))
    assert record.actions == alone.actions
    assert record.replay() == alone.final_state
