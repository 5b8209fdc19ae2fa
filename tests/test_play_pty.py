"""`numrules play` end to end in a real pseudo-terminal: a full game of each game.

The human at seat 0 reads each prompt, answers 1 (the first of its numbered actions)
and presses Enter to let an optional decision pass (a Num Bounce interrupt); the other
seats are random bots. Each game is short (see `tests.playing.SHORT`), and every wait
is bounded by pexpect's timeout.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

import numrules
from numrules.core.game import no_optional_seats
from tests.playing import SHORT, command_line, table_with_an_optional_decision

TIMEOUT = 30
"""Seconds pexpect waits for any one output (the whole game takes about a second)."""


def spawn(*args: str) -> pexpect.spawn[str]:
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="100", LINES="40")
    return pexpect.spawn(
        sys.executable,
        ["-m", "numrules", *args],
        encoding="utf-8",
        timeout=TIMEOUT,
        dimensions=(40, 100),
        env=env,
    )


def play_through(child: pexpect.spawn[str], limit: int = 500) -> tuple[int, int]:
    """Answer every prompt until the game ends: (decisions answered, optional ones passed)."""
    answered = passed = 0
    for _ in range(limit):
        found = child.expect([r"seat 0 \[Enter: pass\]> ", r"seat 0> ", r"Winners?: [^\r\n]*\r\n"])
        if found == 2:
            return answered, passed
        if found == 0:
            child.sendline("")
            passed += 1
        else:
            child.sendline("1")
            answered += 1
    raise AssertionError(f"the game did not end within {limit} decisions")


@pytest.mark.parametrize("game", sorted(SHORT))
def test_a_full_game_at_the_prompt(game: str, tmp_path: Path) -> None:
    g = numrules.get_game(game)
    # A game with optional decisions is played where the human is offered one.
    optional = g.optional_seats is not no_optional_seats
    players, seed = table_with_an_optional_decision(game, range(30)) if optional else (None, 1)
    record = tmp_path / "game.nrec"
    short = command_line(game, players)
    args = [game, *short, "--seed", str(seed), "--bots", "random", "--record", str(record)]
    child = spawn("play", *args)
    try:
        answered, passed = play_through(child)
        final = str(child.before) + str(child.after)
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0, child.before
    assert answered > 0
    if optional:
        assert passed > 0  # an optional decision (a Num Bounce interrupt) was let pass
    # The game that was played is the record written, and it is over.
    saved = numrules.load_record(record)
    assert g.is_terminal(saved.replay())
    assert saved.headers["Bots"].split(",")[0] == "human"
    assert sum(1 for action in saved.actions if action.seat == 0) >= answered
    scores = ", ".join(
        f"seat {seat}{' (you)' if seat == 0 else ''} {score}"
        for seat, score in enumerate(saved.scores)
    )
    assert f"Final scores ({'lowest' if g.lower_score_wins else 'highest'} wins): {scores}" in final
    # On a terminal the position is in colour (rich writes ANSI escapes).
    assert re.search(r"\x1b\[[0-9;]*m", final)


def test_end_of_input_at_the_prompt_leaves_cleanly() -> None:
    child = spawn("play", "numwars", "--seed", "2", "--plain")
    try:
        child.expect(r"seat 0> ")
        child.sendeof()
        child.expect(pexpect.EOF)
        out = str(child.before)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    assert "Game left unfinished (end of input)" in out
    assert "Traceback" not in out
    assert "\x1b[" not in out.replace("\x1b[?", "")  # --plain: no colours


def test_the_replay_viewer_steps_on_a_terminal(tmp_path: Path) -> None:
    game = numrules.get_game("stackattack")
    result = numrules.play_match(
        game, game.Config(players=2), [numrules.RandomBot(s) for s in range(2)], seed=3
    )
    path = tmp_path / "g.nrec"
    numrules.save_record(numrules.GameRecord.from_result(result), path)
    last = len(result.actions)
    child = spawn("replay", str(path), "--plain")
    try:
        child.expect(r"replay 0/\d+> ")
        child.sendline("")
        child.expect(r"replay 1/\d+> ")
        child.sendline("b")
        child.expect(r"replay 0/\d+> ")
        child.sendline("last")
        child.expect(rf"scores: .*replay {last}/{last}> ")
        child.sendline("q")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
