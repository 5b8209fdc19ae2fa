"""`numrules serve` as a real subprocess on 127.0.0.1: play, SIGKILL, restart, resume."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import httpx
import pytest

from tests.server.helpers import check_records, free_port, open_tables, play_all, run, running

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
        # Default rules (longer than the short games): no table ends before the kill.
        runs = open_tables(server, ["stackattack", "numwars", "stackattack"], 3, options={})
        run(play_all(server, runs, kill_after=40), 90)
        log = (tmp_path / "server.log").read_text()
        assert log.count("resumed: ") == 3
    assert check_records(db, runs) > 40


def _serve_once(db: Path, port: int) -> subprocess.CompletedProcess[str]:
    # `numrules serve` on `db`, expected to refuse to start (bounded in time).
    command = [sys.executable, "-m", "numrules", "serve", "--db", str(db), "--port", str(port)]
    return subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)


def test_a_second_server_on_the_same_database_refuses_to_start(tmp_path: Path) -> None:
    db = tmp_path / "server.db"
    with running(db, tmp_path / "server.log") as server:
        made = httpx.post(
            f"{server.url}/api/tables", json={"game": "stackattack", "seats": ["human", "human"]}
        ).json()
        second = _serve_once(db, free_port())
        assert second.returncode != 0
        assert "in use by another numrules server" in second.stderr
        # the first one still owns its seats: nobody else handed out seat 1
        joined = httpx.post(f"{server.url}/api/tables/{made['table']}/join", json={})
        assert joined.json()["seat"] == 1


def test_a_foreign_database_is_refused_and_left_alone(tmp_path: Path) -> None:
    db = tmp_path / "other.db"
    with closing(sqlite3.connect(db)) as other:
        other.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
        other.execute("INSERT INTO invoices VALUES (1, 9.5)")
        other.commit()
    before = db.read_bytes()
    refused = _serve_once(db, free_port())
    assert refused.returncode != 0
    assert "is not a numrules server database" in refused.stderr
    assert "invoices" in refused.stderr
    assert db.read_bytes() == before
