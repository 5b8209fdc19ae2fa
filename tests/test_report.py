"""Simulation reports: a self-contained HTML page with its plots embedded as PNG images."""

from __future__ import annotations

import base64
import re
import shutil
import struct
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from matplotlib import image

import numrules
from numrules.apps.cli import _build
from numrules.apps.report import report_html
from numrules.apps.simulation import measure, play_game, simulate

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


def test_every_game_with_a_figure_counts_it_and_the_report_draws_it() -> None:
    for game in numrules.all_games():
        if game.figure is None:
            continue
        players = game.min_players
        config = game.Config(players=players, **game.quick_options)
        result = play_game(game, config, ["random"] * players, 5)
        counted = dict(measure(game, result))
        events = tuple(game.events(result.final_state, None))
        assert counted == dict(game.figure.count(events)), game.name
        assert {what for what, _ in counted} <= {game.figure.series, game.figure.per}
        summary = simulate(game, config, ["random"] * players, 2, seed=1, figures=True)
        found = images(report_html(summary))
        assert len(found) == 4, game.name
        own = [alt for alt in found if alt.startswith(game.figure.title)]
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
