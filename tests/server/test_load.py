"""A bounded load test over WebSockets on 127.0.0.1: tables of four random players each,
every game to its end, every accepted action in the stored record, replays that match
what the clients saw; then the same with a SIGKILL in the middle.
(benchmarks/server_load.py runs the full 50 tables and reports the speed.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.server.helpers import check_records, open_tables, play_all, run, running

pytestmark = pytest.mark.timeout(240)

GAMES = ["stackattack", "numwars", "numstop", "stackattack", "numwars", "numbounce"] * 2
"""Ten tables, every game among them (Num Bounce, the longest, once)."""


def test_load_ten_tables_of_four(tmp_path: Path) -> None:
    db = tmp_path / "server.db"
    games = GAMES[:10]
    with running(db, tmp_path / "server.log", "--rate", "1000") as server:
        runs = open_tables(server, games)
        run(play_all(server, runs), 180)
    assert len(runs) == 10
    assert check_records(db, runs) > 10 * 40


def test_load_with_sigkill_and_restart(tmp_path: Path) -> None:
    db = tmp_path / "server.db"
    games = ["stackattack", "numwars", "numstop", "stackattack", "numwars", "stackattack"]
    with running(db, tmp_path / "server.log", "--rate", "1000") as server:
        runs = open_tables(server, games)
        run(play_all(server, runs, kill_after=120), 180)
        assert (tmp_path / "server.log").read_text().count("resumed: ") == len(games)
    assert check_records(db, runs) > 120
