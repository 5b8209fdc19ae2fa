"""Simulation reports: a self-contained HTML page with its plots embedded as PNG images."""

from __future__ import annotations

import base64
import re
import shutil
import struct
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from matplotlib import image

import numrules
from numrules.apps.cli import _build
from numrules.apps.figures import MAX_TURN, measure
from numrules.apps.report import report_html
from numrules.apps.simulation import play_game, simulate

PNG = b"\x89PNG\r\n\x1a\n"
IMAGE = re.compile(r'<img alt="([^"]*)" src="data:image/png;base64,([A-Za-z0-9+/=]+)">')


def png_size(data: bytes) -> tuple[int, int]:
    # The width and height of a PNG, from its IHDR chunk (always first).
    assert data[:8] == PNG
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def images(page: str) -> dict[str, bytes]:
    return {alt: base64.b64decode(data, validate=True) for alt, data in IMAGE.findall(page)}


def make_report(tmp_path: Path) -> Path:
    path = tmp_path / "report.html"
    result = CliRunner().invoke(
        _build(),
        ["simulate", "stackattack", "-n", "8", "-p", "3", "-j", "1", "--report", str(path)],
    )
    assert result.exit_code == 0, result.output
    assert f"wrote the report to {path}" in result.output
    return path


def test_the_report_is_one_page_with_its_plots_embedded(tmp_path: Path) -> None:
    page = make_report(tmp_path).read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>")
    assert "<h1>Stack Attack: 8 games, 3 players, seed 0</h1>" in page
    # Nothing is fetched from elsewhere: every image is inline.
    assert not re.search(r'(src|href)="(?!data:)', page)
    found = images(page)
    assert list(found) == [
        "Final scores",
        "Win rate by seat",
        "Game length",
        "Stack Attack: rows taken per turn",
    ]
    for data in found.values():
        width, height = png_size(data)
        assert 400 < width < 1200
        assert 200 < height < 800
        assert data.endswith(b"IEND\xaeB`\x82")
    table = page[page.index('<table id="seats">') : page.index("</table>")]
    assert table.count("<tr>") == 4  # the header and one row per seat


def test_each_game_counts_what_its_figure_shows() -> None:
    counts = {}
    for name, players in (("numstop", 2), ("numwars", 3), ("stackattack", 2), ("numbounce", 2)):
        game = numrules.get_game(name)
        config = game.Config(players=players)
        if name == "numstop":
            config = game.Config(players=players, max_rounds=2)
        result = play_game(game, config, ["random"] * players, 5)
        kinds = Counter(type(e).__name__ for e in game.events(result.final_state, None))
        counted = dict(measure(game, result))
        counts[name] = counted
        if name == "numstop":
            turns = sum(n for (what, _), n in counted.items() if what == "turns")
            busts = sum(n for (what, _), n in counted.items() if what == "busts")
            assert (turns, busts) == (kinds["Busted"] + kinds["Stopped"], kinds["Busted"])
            assert max(int(k) for _, k in counted) <= MAX_TURN
        elif name == "numwars":
            assert sum(counted.values()) == kinds["RoundScored"] == config.rounds
        elif name == "stackattack":
            assert counted["turns", 1] == kinds["Dealt"]
            assert sum(n for (what, _), n in counted.items() if what == "rows") == kinds["RowTaken"]
        else:
            assert sum(counted.values()) == kinds["RoundEnded"]
            assert sum(int(k) * n for (_, k), n in counted.items()) == kinds["Interrupted"]
    assert all(counts.values())


def test_every_game_has_its_own_figure() -> None:
    titles = {
        "numstop": "Num Stop: busts per turn",
        "numwars": "Num Wars: Bomb outcomes",
        "numbounce": "Num Bounce: interrupts per round",
    }
    for name, title in titles.items():
        game = numrules.get_game(name)
        options = {"max_rounds": 1} if name == "numstop" else {}
        config = game.Config(players=3, **options)
        summary = simulate(game, config, ["random"] * 3, 2, seed=1, figures=True)
        found = images(report_html(summary))
        assert len(found) == 4
        own = [alt for alt in found if alt.startswith(title)]
        assert own, list(found)
        assert png_size(found[own[0]])[0] > 400


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None, reason="no headless browser on this machine")
def test_a_browser_shows_the_plots(tmp_path: Path) -> None:
    path = make_report(tmp_path)
    shot = tmp_path / "shot.png"
    assert CHROMIUM is not None
    browser = [
        CHROMIUM,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        f"--user-data-dir={tmp_path / 'profile'}",
        "--window-size=900,3000",
    ]
    subprocess.run(
        [*browser, f"--screenshot={shot}", path.as_uri()],
        capture_output=True,
        timeout=90,
        check=True,
    )
    pixels = image.imread(str(shot))
    assert pixels.shape[:2] == (3000, 900)
    # The win-rate bars (#4c72b0) and the length histogram (#55a868) were drawn.
    rgb = (pixels[..., :3] * 255).round().astype(int)
    for colour in ((0x4C, 0x72, 0xB0), (0x55, 0xA8, 0x68)):
        assert ((rgb == colour).all(axis=-1)).sum() > 1000, colour
