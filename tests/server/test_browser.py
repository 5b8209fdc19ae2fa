"""The browser page in a real headless Chromium (the system one, driven by Playwright):
create a two-player Stack Attack table against a bot and play it to the end by clicking;
the create form offers every rule option of a game."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

import numrules
from numrules.apps.server import Store
from numrules.core.options import config_options
from tests.server.helpers import running

pytestmark = pytest.mark.timeout(180)

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _chromium() -> str:
    if Path(CHROMIUM).exists():
        return CHROMIUM
    if os.environ.get("CI"):
        pytest.fail(f"{CHROMIUM} is missing: .ci/run installs Debian's chromium")
    pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")


@contextmanager
def _page(tmp_path: Path, **options: Any) -> Iterator[tuple[Any, Any]]:
    # A real `numrules serve` and a page of the system Chromium; both always stopped.
    chromium = _chromium()
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    with (
        running(tmp_path / "server.db", tmp_path / "server.log") as server,
        sync_playwright() as driver,
    ):
        browser = driver.chromium.launch(executable_path=chromium, args=ARGS)
        try:
            page = browser.new_page(**options)
            page.set_default_timeout(20_000)
            yield server, page
        finally:
            browser.close()


def _hand(board: str) -> str:
    return next((line for line in board.splitlines() if line.startswith("Your hand:")), "")


def test_play_stack_attack_against_a_bot_in_the_browser(tmp_path: Path) -> None:
    from playwright.sync_api import expect  # noqa: PLC0415

    with _page(tmp_path, viewport={"width": 1280, "height": 900}) as (server, page):
        page.goto(server.url)
        page.select_option("#game", "stackattack")
        page.select_option("#players", "2")
        page.select_option('select[data-seat="1"]', "random")
        page.fill("#name", "Ada")
        page.click("#rules summary")
        page.fill('input[data-option="max_rounds"]', "2")  # a shorter game
        page.screenshot(path=str(tmp_path / "lobby.png"))
        page.click("#create")
        expect(page.locator("#board")).to_contain_text("Stack Attack")
        expect(page.locator("#board")).to_contain_text("Your hand:")
        expect(page.locator("#table-info")).to_contain_text("You are seat 0.")
        clicks = 0
        result = page.locator("#result")
        while not result.is_visible():
            assert clicks < 300, "the game did not end"
            button = page.locator("button.action:enabled").first
            page.wait_for_function(
                "() => !document.querySelector('#result').classList.contains('hidden')"
                " || document.querySelector('button.action:enabled') !== null"
            )
            if result.is_visible():
                break
            if clicks == 3:
                page.screenshot(path=str(tmp_path / "playing.png"))
                expect(page.locator("#since li").first).to_be_visible()
            button.click()
            clicks += 1
        assert clicks >= 10  # a hand of ten cards, at least
        expect(result).to_be_visible()
        title = page.locator("#result-title").inner_text()
        assert title in ("You win!", "You share the win!", "Game over: better luck next time")
        scores = page.locator("#result-scores .score")
        expect(scores).to_have_count(2)
        assert "seat 0 (you)" in scores.nth(0).inner_text()
        assert "Lowest score wins." in page.locator("#result-scores").inner_text()
        assert page.locator("#board").inner_text().startswith("Stack Attack | round")
        assert page.locator("#status").inner_text() == "The game is over."
        assert page.locator("#board .card").count() > 4  # cards in colour
        page.screenshot(path=str(tmp_path / "over.png"), full_page=True)
        keep = os.environ.get("NUMRULES_SCREENSHOTS")
        if keep:
            for name in ("lobby.png", "playing.png", "over.png"):
                shutil.copy(tmp_path / name, Path(keep) / name)


def test_every_other_game_plays_to_the_end_in_the_browser(tmp_path: Path) -> None:
    from playwright.sync_api import expect  # noqa: PLC0415

    rounds = {"numstop": "max_rounds", "numbounce": "rounds", "numwars": "rounds"}
    with _page(tmp_path, viewport={"width": 1280, "height": 900}) as (server, page):
        for game, option in rounds.items():
            page.goto(server.url)
            page.select_option("#game", game)
            page.click("#rules summary")
            page.fill(f'input[data-option="{option}"]', "1")
            page.click("#create")
            title = page.locator("#game option:checked").inner_text()
            expect(page.locator("#board")).to_contain_text(title)
            clicks = 0
            result = page.locator("#result")
            while True:
                page.wait_for_function(
                    "() => !document.querySelector('#result').classList.contains('hidden')"
                    " || document.querySelector('button.action:enabled') !== null"
                )
                if result.is_visible():
                    break
                buttons = page.locator("button.action:enabled")
                # the last move of the list: plays and draws rather than passes
                buttons.nth(buttons.count() - 1).click()
                clicks += 1
                assert clicks < 400, f"{game} did not end"
            players = 3 if game == "numwars" else 2  # the smallest table, the default
            expect(page.locator("#result-scores .score")).to_have_count(players)
            assert page.locator("#board .card").count() > 0, game
            assert page.locator("#since li").count() > 0, game
            page.screenshot(path=str(tmp_path / f"{game}.png"), full_page=True)
            keep = os.environ.get("NUMRULES_SCREENSHOTS")
            if keep:
                shutil.copy(tmp_path / f"{game}.png", Path(keep) / f"{game}.png")


def test_the_page_reconnects_after_the_server_is_killed(tmp_path: Path) -> None:
    from playwright.sync_api import expect  # noqa: PLC0415

    with _page(tmp_path) as (server, page):
        page.goto(server.url)
        page.select_option("#game", "stackattack")
        page.select_option('select[data-seat="1"]', "random")
        page.click("#rules summary")
        page.fill('input[data-option="max_rounds"]', "1")
        page.click("#create")
        enabled = "() => document.querySelector('button.action:enabled') !== null"
        for _ in range(3):
            page.wait_for_function(enabled)
            page.locator("button.action:enabled").first.click()
        page.wait_for_function(enabled)
        hand = _hand(page.locator("#board").inner_text())
        assert hand
        server.kill()
        expect(page.locator("#status")).to_have_text("Connection lost: reconnecting…")
        assert page.locator("button.action:enabled").count() == 0
        server.start()
        # the page reconnects by itself, with the token it kept, to the same table
        expect(page.locator("#status")).not_to_contain_text("Connection lost")
        page.wait_for_function(enabled)
        assert _hand(page.locator("#board").inner_text()) == hand
        result = page.locator("#result")
        for _ in range(40):
            page.wait_for_function(
                "() => !document.querySelector('#result').classList.contains('hidden')"
                " || document.querySelector('button.action:enabled') !== null"
            )
            if result.is_visible():
                break
            page.locator("button.action:enabled").first.click()
        expect(result).to_be_visible()


def test_the_create_form_offers_every_rule_option(tmp_path: Path) -> None:
    from playwright.sync_api import expect  # noqa: PLC0415

    game, chosen = next(
        (g, o) for g in numrules.all_games() for o in config_options(g) if o.kind == "enum"
    )
    member = chosen.choices[-1]
    with _page(tmp_path, viewport={"width": 1280, "height": 900}) as (server, page):
        page.goto(server.url)
        page.select_option("#game", game.name)
        page.click("#rules summary")
        for option in config_options(game):
            field = page.locator(f'#options [data-option="{option.name}"]')
            if option.name == "players":  # chosen above the options
                expect(field).to_have_count(0)
                continue
            expect(field).to_have_count(1)
            if option.kind == "enum":
                assert field.evaluate("e => e.tagName") == "SELECT"
                values = field.locator("option").evaluate_all("all => all.map(e => e.value)")
                assert [v for v in values if v not in ("", "none")] == [
                    m.value for m in option.choices
                ]
            elif option.kind == "bool":
                assert field.get_attribute("type") == "checkbox"
            elif option.kind == "int":
                assert field.get_attribute("type") == "number"
                assert option.bounds is not None
                low, high = option.bounds
                assert (field.get_attribute("min"), field.get_attribute("max")) == (
                    str(low),
                    str(high),
                )
        page.select_option(f'select[data-option="{chosen.name}"]', str(member.value))
        page.select_option('select[data-seat="1"]', "random")
        page.click("#create")
        expect(page.locator("#board")).to_contain_text(game.title)
        assert page.locator("#lobby-error").inner_text() == ""
    store = Store(tmp_path / "server.db")
    try:
        (table,) = store.active_tables().tables
        assert getattr(numrules.loads(table.config), chosen.name) is member
    finally:
        store.close()
