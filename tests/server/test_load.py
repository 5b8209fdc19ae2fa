"""A bounded load test over WebSockets on 127.0.0.1: tables of four random players each,
a short game of each game of the registry in turn, every game to its end, every accepted
action in the stored record, replays that match what the clients saw; then the same
with a SIGKILL in the middle.
(benchmarks/server_load.py runs the full 50 tables and reports the speed.)"""

from __future__ import annotations

from pathlib import Path

import pytest

import numrules
from tests.server.helpers import check_records, open_tables, play_all, run, running

pytestmark = pytest.mark.timeout(240)


def tables(count: int) -> list[str]:
    """The games of `count` tables: every game of the registry in turn."""
    names = numrules.game_names()
    return [names[index % len(names)] for index in range(count)]


def test_load_ten_tables_of_four(tmp_path: Path) -> None:
    db = tmp_path / "server.db"
    with running(db, tmp_path / "server.log", "--rate", "1000") as server:
        runs = open_tables(server, tables(10))
        run(play_all(server, runs), 180)
    assert len(runs) == 10
    players = [player for table in runs for player in table.players]
    assert all(player.accepted for player in players)  # every client played
    # Every action stored is one a client was told was accepted, and the other way round.
    assert check_records(db, runs) == sum(len(player.accepted) for player in players)


def test_load_with_sigkill_and_restart(tmp_path: Path) -> None:
    db = tmp_path / "server.db"
    games = tables(6)
    # Early enough that no table is over (a short game of four lasts a dozen actions or more).
    kill_after = 2 * len(games)
    with running(db, tmp_path / "server.log", "--rate", "1000") as server:
        runs = open_tables(server, games)
        run(play_all(server, runs, kill_after=kill_after), 180)
        assert (tmp_path / "server.log").read_text().count("resumed: ") == len(games)
    assert check_records(db, runs) > kill_after
