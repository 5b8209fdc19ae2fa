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
FLAT = re.compile(r'<figure class="flat"><p>([^<]*)</p><figcaption>([^<]*)</figcaption>')


def png_size(data: bytes) -> tuple[int, int]:
    # The width and height of a PNG, from its IHDR chunk (always first).
    assert data[:8] == PNG
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def images(page: str) -> dict[str, bytes]:
    return {alt: base64.b64decode(data, validate=True) for alt, data in IMAGE.findall(page)}


def sentences(page: str) -> dict[str, str]:
    # The figures said in a sentence (one value only), by caption.
    return {caption: sentence for sentence, caption in FLAT.findall(page)}


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
        page = report_html(summary)
        found, said = images(page), sentences(page)
        assert len(found) + len(said) == 4, game.name
        assert game.figure.title in set(found) | set(said), (list(found), list(said))
        if game.figure.title in found:
            assert png_size(found[game.figure.title])[0] > 400


def test_a_distribution_of_one_value_is_a_sentence_not_a_plot() -> None:
    # One game of first bots: one length, one score per seat, one round's outcome.
    game = numrules.get_game("numwars")
    config = game.Config(players=3, rounds=1, hand_size=4)
    summary = simulate(game, config, ["first"] * 3, 1, seed=2, figures=True)
    page = report_html(summary)
    said = sentences(page)
    length = summary.lengths[0][0]
    assert said["Game length"] == f"The game took {length} actions."
    scores = ", ".join(f"seat {s} (first) {summary.seats[s].min_score}" for s in range(3))
    assert said["Final scores"] == f"The game ended with the same final scores: {scores}."
    [(key, rounds)] = [(key[1], n) for key, n in summary.figure if key[0] == "bomb"]
    assert rounds == 1
    assert said["Num Wars: Bomb outcomes (rounds)"] == (
        f"What became of the Bomb: {key} in all 1 rounds."
    )
    assert list(images(page)) == ["Win rate by seat"]  # two or more seats: bars
    # With several values, a plot; every game of these rules takes 12 actions.
    many = report_html(simulate(game, config, ["random"] * 3, 6, seed=2, figures=True))
    assert "Final scores" in images(many)
    assert sentences(many)["Game length"] == "Every one of the 6 games took 12 actions."


def test_the_rules_are_written_out_in_words() -> None:
    game = numrules.get_game("stackattack")
    config = game.Config(players=3, end_score=20, block=(50, 60))
    page = report_html(simulate(game, config, ["random"] * 3, 2, seed=1))
    assert "Rules: 3 players, end score 20, block 50,60." in page
    assert "Config(" not in page
    start = page.index('<table id="rules">')
    rules = page[start : page.index("</table>", start)]
    assert "<tr><td>rows</td><td>4</td><td>Number of rows on the table.</td></tr>" in rules
    assert "<tr><td>block</td><td>50,60</td>" in rules


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
