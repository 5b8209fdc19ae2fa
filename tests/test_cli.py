"""The `numrules` command line."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

import numrules
from numrules.apps.cli import _build
from numrules.apps.simulation import game_seed, outcomes, play_game, simulate


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


def test_the_command_line_may_name_an_import_path_but_never_a_nested_one() -> None:
    code, out = run("simulate", "stackattack", "-n", "2", "--bots", "numrules.core.bots:FirstBot")
    assert code == 0, out
    code, out = run(
        "simulate", "stackattack", "-n", "2", "--bots", "ismcts?rollout=numrules.core.bots:FirstBot"
    )
    assert code == 2
    assert "never one" in out


def test_simulation_is_reproducible_from_its_seed() -> None:
    game = numrules.get_game("stackattack")
    config = game.Config(players=4)
    one = simulate(game, config, ["random"] * 4, 5, seed=9)
    two = simulate(game, config, ["random"] * 4, 5, seed=9)
    assert one == two
    assert [one.wins(s) for s in range(4)] == [two.wins(s) for s in range(4)]
    assert sum(one.wins(s) for s in range(4)) >= 5
    # Game i of a batch is the game played alone with seed game_seed(seed, i).
    batch = list(outcomes(game, config, ["random"] * 4, 5, seed=9))
    alone = play_game(game, config, ["random"] * 4, game_seed(9, 2))
    assert batch[2].seed == game_seed(9, 2)
    assert batch[2].length == len(alone.actions)
    assert batch[2].scores == alone.scores


def test_python_dash_m_runs_the_command() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "numrules", "games"], capture_output=True, text=True, check=True
    ).stdout
    assert "stackattack" in out


# --- records ----------------------------------------------------------------------------

SOURCE = str(Path(numrules.__file__).resolve().parents[1])


def python(*code_and_args: str) -> str:
    """Run Python in a fresh process that imports the numrules under test."""
    env = {**os.environ, "PYTHONPATH": SOURCE}
    done = subprocess.run(
        [sys.executable, "-c", *code_and_args], capture_output=True, text=True, env=env, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def stack_attack_record(tmp_path: Path, seed: int = 4) -> Path:
    code, out = run(
        "simulate", "stackattack", "-n", "1", "-p", "3", "-s", str(seed), "--records", str(tmp_path)
    )
    assert code == 0, out
    return tmp_path / f"stackattack-{seed}-0.nrec"


def test_simulate_writes_one_record_per_game(tmp_path: Path) -> None:
    target = tmp_path / "new" / "dir"
    code, out = run(
        "simulate", "numstop", "-n", "3", "-s", "5", "-b", "first", "--records", str(target)
    )
    assert code == 0, out
    assert "wrote 3 records" in out
    assert sorted(p.name for p in target.iterdir()) == [f"numstop-5-{i}.nrec" for i in range(3)]
    game = numrules.get_game("numstop")
    for index in range(3):
        seed = game_seed(5, index)
        result = play_game(game, game.Config(players=game.min_players), ["first"] * 2, seed)
        record = numrules.load_record(target / f"numstop-5-{index}.nrec")
        assert record.seed == seed
        assert record.actions == result.actions
        assert record.headers["Bots"] == "first,first"
        assert re.fullmatch(r"\d{4}-\d\d-\d\d", record.headers["Date"])


def test_a_simulated_record_replays_in_a_fresh_process(tmp_path: Path) -> None:
    # The real command writes the records; another process replays one.
    python(
        "import sys; from numrules.apps.cli import main; main(sys.argv[1:])",
        *("simulate", "stackattack", "-n", "2", "-p", "4", "-s", "30", "--records", str(tmp_path)),
    )
    replayed = python(
        "import sys, numrules; print(numrules.dumps(numrules.load_record(sys.argv[1]).replay()))",
        str(tmp_path / "stackattack-30-1.nrec"),
    )
    game = numrules.get_game("stackattack")
    here = play_game(game, game.Config(players=4), ["random"] * 4, game_seed(30, 1))
    assert replayed.strip() == numrules.dumps(here.final_state)


def test_replay_prints_every_action_and_its_events(tmp_path: Path) -> None:
    path = stack_attack_record(tmp_path)
    record = numrules.load_record(path)
    code, out = run("replay", str(path), "--log")
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0] == f"Stack Attack: 3 players, seed {game_seed(4, 0)}"
    assert "Bots: random,random,random" in lines
    for number, action in enumerate(record.actions, 1):
        assert f"{number}. {action}" in lines
    assert "    turn 0 reveal: " in out
    assert lines[-2] == "scores: " + ", ".join(f"seat {s} {v}" for s, v in enumerate(record.scores))
    assert lines[-1] == "winners: " + ", ".join(f"seat {s}" for s in sorted(record.winners))


def test_replay_of_a_seat_never_shows_another_seats_pick_before_the_reveal(
    tmp_path: Path,
) -> None:
    path = stack_attack_record(tmp_path)
    record = numrules.load_record(path)
    code, out = run("replay", str(path), "--seat", "1", "--log")
    assert code == 0, out
    assert "view: seat 1" in out
    for action in record.actions:
        if action.seat != 1:
            assert f". {action}" not in out  # another seat's action is never printed
    assert re.search(r"seat [02] chooses \d", out) is None
    assert re.search(r"seat [02] holds", out) is None
    assert re.search(r"seat 1 chooses \d+", out)
    assert re.search(r"seat 1 holds \d", out)
    # Each other seat's pick first shows in the reveal that follows it.
    blocks = out.split("\n\n")
    for block in blocks:
        for line in block.splitlines()[1:]:
            if "chooses" in line and not line.strip().startswith("seat 1 "):
                assert line.strip().endswith("chooses a card"), line


def test_replay_of_a_seat_hides_a_stacked_deck(tmp_path: Path) -> None:
    game = numrules.get_game("stackattack")
    deck = tuple(range(64, 44, -1))
    config = game.Config(players=2)
    bots = [numrules.RandomBot(s) for s in range(2)]
    result = numrules.play_match(game, config, bots, seed=2, deck=deck)
    path = tmp_path / "stacked.json"
    numrules.save_record(numrules.GameRecord.from_result(result), path)
    code, out = run("replay", str(path), "--log")
    assert code == 0, out
    assert "stacked deck: 64 63 62" in out
    code, out = run("replay", str(path), "-S", "0", "--log")
    assert code == 0, out
    assert "stacked deck: 20 cards" in out
    assert "64 63 62" not in out


def test_replay_refuses_bad_files_cleanly(tmp_path: Path) -> None:
    path = stack_attack_record(tmp_path)
    text = path.read_text(encoding="utf-8")
    cases = {
        "junk.nrec": ("hello\n", "line 1"),
        "bad-action.nrec": (text.replace("\n\n0:choose", "\n\n0:chose", 1), "line "),
        "bad.json": ('{"format": 1}', "not a numrules record"),
        "scores.nrec": (re.sub(r'\[Scores "\d+', '[Scores "999', text), "the record says"),
    }
    for name, (content, message) in cases.items():
        bad = tmp_path / name
        bad.write_text(content, encoding="utf-8")
        code, out = run("replay", str(bad))
        assert code == 2, out
        assert message in out
        assert "Traceback" not in out
    code, out = run("replay", str(tmp_path / "missing.nrec"))
    assert code == 2
    assert "does not exist" in out
    code, out = run("replay", str(path), "--seat", "3")
    assert code == 2
    assert "seats 0 to 2" in out


def test_the_replay_excerpt_in_the_docs_is_real_output(tmp_path: Path) -> None:
    doc = (Path(__file__).resolve().parent.parent / "docs" / "records.md").read_text()
    excerpt = doc.split("$ numrules replay games/stackattack-7-0.nrec --seat 1 --log\n")[1]
    excerpt = excerpt.split("```")[0]
    shown_head, shown_tail = excerpt.split("...\n")
    path = stack_attack_record(tmp_path, seed=7)
    code, out = run("replay", str(path), "--seat", "1", "--log")
    assert code == 0, out
    out = re.sub(r"Date: \S+", "Date: 2024-05-01", out)
    assert out.startswith(shown_head)
    assert out.endswith(shown_tail)
