"""The High Card plug-in, installed: the kit, the server, the prompt, replay, simulations.

High Card (tests/plugins/highcard) is installed as pip installs a distribution: the
package and a dist-info declaring its `numrules.games` entry point, in a folder that
child processes get on their `PYTHONPATH`. Nothing in numrules names it, so whatever
works here works for any installed game: the conformance kit, a server table played
over WebSocket, the terminal prompt, the record viewer, simulations and the report.
And a built-in game, copied under another name and installed the same way, passes
the conformance kit: what tests/generic checks is what a plug-in's `check_game` checks.
Every child process is bounded in time and stopped at the end.
"""

from __future__ import annotations

import importlib
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import httpx
import pexpect
import pytest

import numrules
from numrules.apps.server import Store
from tests.plugged import ROOT, environment, install, registered, run_cli, search_path
from tests.server.helpers import Message, run, running

pytestmark = pytest.mark.timeout(180)

TIMEOUT = 30
"""Seconds any one wait on a child process lasts at most."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with High Card installed in it."""
    return install(tmp_path_factory.mktemp("site"))


CHECK_SCRIPT = """
import numrules, numrules_highcard
from numrules.testing import check_game
from tests.plugged import Tracker, public_part
game = numrules.get_game("highcard")
assert game is numrules_highcard.GAME
print(numrules_highcard.__file__)
print(check_game(game, games=1, tracker=Tracker, public_part=public_part))
"""


def test_the_installed_plugin_passes_the_conformance_kit(site: Path) -> None:
    # Found through its entry point (not registered by hand), from the installed copy.
    done = subprocess.run(
        [sys.executable, "-c", CHECK_SCRIPT],
        env=environment(site),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    installed_at, played = done.stdout.split()
    assert Path(installed_at).is_relative_to(site)
    assert int(played) == 4  # one game of each player count, 2 to 5


COPIED = "stackattack"
"""The built-in game copied as a plug-in below (the quickest to play)."""

COPY_SCRIPT = """
import numrules
from numrules.testing import check_game
from copied_tracker import Tracker, public_part
game = numrules.get_game("copied")
assert game.State.__module__.startswith("numrules_copied."), game.State.__module__
print(check_game(game, games=1, tracker=Tracker, public_part=public_part))
"""


def test_a_builtin_game_copied_as_a_plugin_passes_what_tests_generic_checks(
    tmp_path: Path,
) -> None:
    # The package and its tracker, renamed (numrules.<game> -> numrules_copied, the game
    # "copied"), installed with an entry point: check_game runs what tests/generic runs.
    game = numrules.get_game(COPIED)
    source = Path(importlib.import_module(f"numrules.{COPIED}").__file__ or "").parent
    package = tmp_path / "numrules_copied"
    shutil.copytree(source, package, ignore=shutil.ignore_patterns("__pycache__"))
    renamed = 0
    for module in package.rglob("*.py"):
        text = module.read_text(encoding="utf-8")
        renamed += text.count(f"numrules.{COPIED}")
        text = text.replace(f"numrules.{COPIED}", "numrules_copied")
        module.write_text(text.replace(f'name="{COPIED}"', 'name="copied"'), encoding="utf-8")
    assert renamed > 0
    assert 'name="copied"' in (package / "__init__.py").read_text(encoding="utf-8")
    tracker = (ROOT / "tests" / COPIED / "tracker.py").read_text(encoding="utf-8")
    imported = f"from numrules import {COPIED} as "
    assert imported in tracker
    (tmp_path / "copied_tracker.py").write_text(
        tracker.replace(imported, "import numrules_copied as "), encoding="utf-8"
    )
    info = tmp_path / "numrules_copied-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: numrules-copied\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[numrules.games]\ncopied = numrules_copied:GAME\n")
    done = subprocess.run(
        [sys.executable, "-c", COPY_SCRIPT],
        env=environment(tmp_path),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) == game.max_players - game.min_players + 1


def test_the_installed_plugin_is_listed_and_simulated(site: Path) -> None:
    listed = run_cli(site, "games")
    assert listed.returncode == 0, listed.stderr
    assert "highcard" in listed.stdout
    assert "High Card" in listed.stdout
    simulated = run_cli(site, "simulate", "highcard", "--games", "5", "--players", "3")
    assert simulated.returncode == 0, simulated.stderr
    assert "High Card: 5 games, 3 players" in simulated.stdout


def test_a_tournament_of_the_plugin_rates_the_bots_it_offers(site: Path) -> None:
    # High Card has no bots of its own and no sampling: random against first.
    rated = run_cli(site, "tournament", "highcard", "--games", "4", "--players", "2", "-j", "1")
    assert rated.returncode == 0, rated.stderr
    assert "random" in rated.stdout
    assert "first" in rated.stdout


def test_a_report_of_the_plugin_has_no_figure_and_everything_else(
    site: Path, tmp_path: Path
) -> None:
    report = tmp_path / "highcard.html"
    made = run_cli(
        site, "simulate", "highcard", "--games", "6", "--seed", "2", "--report", str(report)
    )
    assert made.returncode == 0, made.stderr
    assert f"wrote the report to {report}" in made.stdout
    page = report.read_text(encoding="utf-8")
    assert "<h1>High Card: 6 games, 2 players, seed 2</h1>" in page
    assert '<table id="seats">' in page
    # The figures of every game, and no figure of its own (High Card has none).
    captions = re.findall(r"<figcaption>(.*?)</figcaption>", page)
    assert captions == ["Final scores", "Win rate by seat", "Game length"]


async def play_as_human(url: str, table: str, token: str) -> tuple[Message, list[str], int]:
    """Hold seat 0 of `table`, answer every decision with its first action, until the end.

    Returns the last update (the game over), the events the seat was told, and the
    number of its actions the server accepted.
    """
    import websockets  # noqa: PLC0415

    events: list[str] = []
    accepted = seq = 0
    pending = fresh = False
    last: Message | None = None
    async with websockets.connect(url) as ws:
        await ws.send(json.dumps({"type": "hello", "table": table, "token": token}))
        welcome = json.loads(await ws.recv())
        assert welcome["type"] == "welcome", welcome
        assert welcome["seat"] == 0
        for _ in range(500):
            message = json.loads(await ws.recv())
            kind = message["type"]
            if kind == "update":
                assert message["events_from"] == len(events)
                events += [event["text"] for event in message["events"]]
                last, fresh = message, True
                if message["over"]:
                    return message, events, accepted
            elif kind == "accepted":
                accepted += 1
                pending = False
            elif kind == "error":
                assert message["code"] == "stale", message
                pending = False
            if pending or not fresh or last is None or not last["actions"]:
                continue
            seq += 1
            pending, fresh = True, False
            await ws.send(
                json.dumps(
                    {"type": "act", "action": last["actions"][0], "seq": seq, "at": last["at"]}
                )
            )
    raise AssertionError("the game did not end within 500 messages")


def lines_text(update: Message) -> str:
    """The plain text of an update's rendered view."""
    return "\n".join("".join(span[0] for span in line) for line in update["view"]["lines"])


def test_a_server_table_of_the_plugin_is_played_to_the_end(
    site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYTHONPATH", search_path(site))
    db = tmp_path / "server.db"
    with running(db, tmp_path / "server.log", "--rate", "500") as server:
        offered = httpx.get(f"{server.url}/api/games", timeout=10).json()
        (entry,) = [game for game in offered if game["game"] == "highcard"]
        assert entry["title"] == "High Card"
        assert entry["bots"] == ["random", "first"]  # no sample_state: no ISMCTS
        made = httpx.post(
            f"{server.url}/api/tables",
            json={"game": "highcard", "seats": ["human", "random"], "options": {}},
            timeout=10,
        )
        assert made.status_code == 201, made.text
        table = made.json()
        final, events, accepted = run(
            play_as_human(server.ws_url, table["table"], table["token"]), 60
        )
    assert accepted == 3  # three cards in hand, each played
    assert "Game over" in lines_text(final)
    assert final["view"]["phase"] == "over"
    assert events[0].startswith("the cards are dealt; seat 0 holds")
    log = (tmp_path / "server.log").read_text()
    assert "created: highcard" in log
    # The table's record, as the server stored it, replays to the game the seat saw.
    with registered() as game:
        store = Store(db)
        try:
            stored = store.table(table["table"])
        finally:
            store.close()
        assert stored is not None
        assert stored.finished is not None
        notations = [notation for _, notation, _ in stored.actions]
        state = numrules.replay(game, numrules.loads(stored.config), stored.seed, notations)
        assert game.is_terminal(state)
        assert final["view"]["scores"] == list(game.scores(state))
        assert events == [str(event) for event in game.events(state, 0)]
        assert sorted(final["winners"]) == sorted(game.winners(state))


def spawn(site: Path, *args: str) -> pexpect.spawn[str]:
    env = {**environment(site), "TERM": "xterm-256color", "COLUMNS": "100", "LINES": "40"}
    env["PAGER"] = "cat"  # help prints, rather than wait in less
    env.pop("MANPAGER", None)
    return pexpect.spawn(
        sys.executable,
        ["-m", "numrules", *args],
        encoding="utf-8",
        timeout=TIMEOUT,
        dimensions=(40, 100),
        env=env,
    )


def test_the_plugin_is_played_at_the_prompt_and_replayed(site: Path, tmp_path: Path) -> None:
    record = tmp_path / "highcard.nrec"
    child = spawn(
        site,
        "play",
        "highcard",
        "--players",
        "3",
        "--seed",
        "4",
        "--bots",
        "random",
        "--record",
        str(record),
    )
    answered = 0
    try:
        child.expect(r"seat 0> ")
        child.sendline("rules")
        child.expect("High Card has no rules page")
        # help: the notation table, from the plug-in's action class and example.
        child.sendline("help")
        child.expect(r"play 7 +Play <card> to the trick\.")
        for _ in range(20):
            found = child.expect([r"seat 0> ", r"Winners?: [^\r\n]*\r\n"])
            if found == 1:
                break
            child.sendline("1")
            answered += 1
        final = str(child.before) + str(child.after)
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0, child.before
    assert answered == 3
    assert "Final scores (highest wins): seat 0 (you)" in final
    with registered() as game:
        saved = numrules.load_record(record)
        assert saved.game == "highcard"
        assert game.is_terminal(saved.replay())
        assert saved.headers["Bots"] == "human,random,random"
        scores = ", ".join(f"seat {seat} {score}" for seat, score in enumerate(saved.scores))
    # The saved record, stepped through by the viewer in another process.
    shown = run_cli(site, "replay", str(record), "--print", "--plain")
    assert shown.returncode == 0, shown.stderr
    assert "[9/9, round 0] 9. " in shown.stdout
    assert "Game over" in shown.stdout
    assert shown.stdout.rstrip().splitlines()[-1].startswith(f"scores: {scores}; winners: ")
    assert "Traceback" not in shown.stdout + shown.stderr
