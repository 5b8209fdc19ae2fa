"""`numrules serve` as a real subprocess on 127.0.0.1: play, SIGKILL, restart, resume."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from tests.server.helpers import check_records, open_tables, play_all, run, running

pytestmark = pytest.mark.timeout(120)


def test_serve_plays_games_to_the_end(tmp_path: Path) -> None:
    db = tmp_path / "server.db"
    with running(db, tmp_path / "server.log", "--rate", "500") as server:
        assert httpx.get(f"{server.url}/health").json()["status"] == "ok"
        runs = open_tables(server, ["stackattack", "numwars"], players=3)
        run(play_all(server, runs), 60)
        metrics = httpx.get(f"{server.url}/metrics").text
        assert "numrules_tables_finished_total 2" in metrics
    assert check_records(db, runs) > 0
    log = (tmp_path / "server.log").read_text()
    assert "created: stackattack" in log
    assert "finished after" in log


def test_sigkill_mid_game_then_restart_resumes_every_table(tmp_path: Path) -> None:
    db = tmp_path / "server.db"
    with running(db, tmp_path / "server.log", "--rate", "500") as server:
        runs = open_tables(server, ["stackattack", "numwars", "stackattack"], players=3)
        run(play_all(server, runs, kill_after=40), 90)
        log = (tmp_path / "server.log").read_text()
        assert log.count("resumed: ") == 3
    assert check_records(db, runs) > 40
