"""`numrules play` end to end in a real pseudo-terminal of 80x24: a full game of each game.

The human at seat 0 reads each prompt, answers 1 (the first of its numbered actions)
and presses Enter to let an optional decision pass (a Num Bounce interrupt); the other
seats are random bots. Each game is short (see `tests.playing.SHORT`), and every wait
is bounded by pexpect's timeout. A terminal emulator (pyte) is fed everything the
program writes, so a test sees what is on the 80x24 screen at each prompt, and what
scrolled off it.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pexpect
import pyte
import pytest

import numrules
from numrules.apps.play import CLEAR, CLEAR_SCROLLBACK
from numrules.core.game import no_optional_seats
from tests.playing import SHORT, command_line, table_with_an_optional_decision

TIMEOUT = 30
"""Seconds pexpect waits for any one output (the whole game takes about a second)."""

COLUMNS, LINES = 80, 24
"""The size of the terminal the games are played in."""

ANSI = re.compile(r"\x1b(\[[0-9;?]*[ -/]*[@-~]|[()][0-9A-Za-z]|[=>])")
"""An ANSI escape sequence (colours, clearing, cursor moves)."""


class Xterm(pyte.HistoryScreen):
    """A screen with a scrollback that `ESC [ 3 J` erases, as xterm's does."""

    def erase_in_display(self, how: int = 0, *args: Any, **kwargs: Any) -> None:
        super().erase_in_display(how, *args, **kwargs)
        if how == 3:
            self.history.top.clear()
            self.history.bottom.clear()

    def rows(self) -> list[str]:
        """The lines on the screen, without their trailing spaces."""
        return [row.rstrip() for row in self.display]

    def scrollback(self) -> list[str]:
        """The lines that scrolled off the top of the screen, oldest first."""
        return ["".join(char.data for char in line.values()).rstrip() for line in self.history.top]


class Session:
    """`numrules ARGS` in a pseudo-terminal of 80x24, its output fed to an `Xterm`."""

    def __init__(self, *args: str) -> None:
        env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(COLUMNS), LINES=str(LINES))
        env["PAGER"] = "cat"  # help and rules print, rather than wait in less
        env.pop("MANPAGER", None)
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "numrules", *args],
            encoding="utf-8",
            timeout=TIMEOUT,
            dimensions=(LINES, COLUMNS),
            env=env,
        )
        self.screen = Xterm(COLUMNS, LINES, history=1000)
        self.stream = pyte.Stream(self.screen)
        self.output = ""
        """Everything written so far."""

    def expect(self, patterns: Sequence[str | type[pexpect.EOF]]) -> int:
        """Wait for one of `patterns`; feed what came (up to it) to the screen."""
        found: int = self.child.expect(list(patterns))
        text = str(self.child.before) + str(self.child.after)
        self.output += text
        self.stream.feed(text)
        return found

    def block(self) -> str:
        """What was written since the last answer, without escape sequences."""
        return ANSI.sub("", str(self.child.before)).replace("\r", "")

    def close(self) -> None:
        self.child.close(force=True)


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


def check_the_screen(session: Session, title: str) -> None:
    """The decision just written is all on the screen: its header, its last events."""
    rows = session.screen.rows()
    assert rows[session.screen.cursor.y].startswith("seat 0"), rows  # the prompt
    assert any(row.startswith(f"{title} | ") for row in rows), "\n".join(rows)
    block = session.block()
    if "Since your last decision (seat 0):" not in block:
        return
    told = block.rsplit("Since your last decision (seat 0):", 1)[1].split("Your actions")[0]
    lines = ["Since your last decision (seat 0):", *told.strip("\n").split("\n")]
    # The events are the lines right above the actions, every one of them on the screen.
    start = rows.index(lines[0])
    assert rows[start : start + len(lines)] == [line.rstrip() for line in lines]
    assert rows[start + len(lines)].startswith("Your actions")


def play_through(session: Session, title: str, limit: int = 500) -> tuple[int, int]:
    """Answer every prompt until the game ends, checking the screen at each prompt:
    (decisions answered, optional ones passed)."""
    answered = passed = 0
    for _ in range(limit):
        found = session.expect(
            [r"seat 0 \[Enter: pass\]> ", r"seat 0> ", r"Winners?: [^\r\n]*\r\n"]
        )
        if found == 2:
            return answered, passed
        check_the_screen(session, title)
        if found == 0:
            session.child.sendline("")
            passed += 1
        else:
            session.child.sendline("1")
            answered += 1
    raise AssertionError(f"the game did not end within {limit} decisions")


@pytest.mark.parametrize("game", sorted(SHORT))
def test_a_full_game_at_the_prompt_of_80x24(game: str, tmp_path: Path) -> None:
    g = numrules.get_game(game)
    # A game with optional decisions is played where the human is offered one.
    optional = g.optional_seats is not no_optional_seats
    players, seed = table_with_an_optional_decision(game, range(30)) if optional else (None, 1)
    record = tmp_path / "game.nrec"
    short = command_line(game, players)
    args = [game, *short, "--seed", str(seed), "--bots", "random", "--record", str(record)]
    session = Session("play", *args)
    try:
        answered, passed = play_through(session, g.title)
        final = str(session.child.before) + str(session.child.after)
        session.child.expect(pexpect.EOF)
    finally:
        session.close()
    assert session.child.exitstatus == 0, session.child.before
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


def test_the_hot_seat_hand_over_clears_the_screen_and_the_scrollback() -> None:
    args = ["stackattack", "--bots", "human,human", "--seed", "5", "--plain"]
    session = Session("play", *args, "--option", "hand_size=3", "--option", "end_score=5")
    handed = 0
    try:
        for _ in range(200):
            found = session.expect(
                [r"Pass the terminal to seat \d, then press Enter\. ", r"seat \d> ", pexpect.EOF]
            )
            if found == 2:
                break
            if found == 0:
                # Nothing of the last seat's decision is left: not on the screen, not in
                # the scrollback; the program asked the terminal to erase both.
                seen = "\n".join([*session.screen.scrollback(), *session.screen.rows()])
                assert "Your hand" not in seen
                assert "'s view" not in seen
                assert (CLEAR + CLEAR_SCROLLBACK) in str(session.child.before)
                session.child.sendline("")
                handed += 1
            else:
                session.child.sendline("1")
        else:
            raise AssertionError("the game did not end")
    finally:
        session.close()
    assert handed >= 2
    assert session.output.count(CLEAR + CLEAR_SCROLLBACK) >= 2 * handed


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
