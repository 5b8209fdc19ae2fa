"""The browser page in a real headless Chromium (the system one, driven by Playwright): it
reconnects by itself after the server is killed, and the create form offers every rule
option of a game. The games themselves are played in `test_card_table.py`."""

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
from tests.server.pages import (
    ARGS,
    MOVE_OR_END,
    chromium,
    click_move,
    legal_moves,
    play_by_clicking,
)

pytestmark = pytest.mark.timeout(180)


@contextmanager
def _page(tmp_path: Path, **options: Any) -> Iterator[tuple[Any, Any]]:
    # A real `numrules serve` and a page of the system Chromium; both always stopped.
    path = chromium()
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    with (
        running(tmp_path / "server.db", tmp_path / "server.log") as server,
        sync_playwright() as driver,
    ):
        browser = driver.chromium.launch(executable_path=path, args=ARGS)
        try:
            page = browser.new_page(**options)
            page.set_default_timeout(20_000)
            yield server, page
        finally:
            browser.close()


def _hand(page: Any) -> list[str]:
    cards: list[str] = page.locator("#hand [data-act]").evaluate_all(
        "all => all.map(e => e.dataset.act)"
    )
    return cards


def test_the_page_reconnects_after_the_server_is_killed(tmp_path: Path) -> None:
    from playwright.sync_api import expect  # noqa: PLC0415

    with _page(tmp_path) as (server, page):
        page.goto(server.url)
        page.select_option("#game", "stackattack")
        page.select_option('select[data-seat="1"]', "random")
        page.click("#rules summary")
        page.fill('input[data-option="max_rounds"]', "1")
        page.screenshot(path=str(tmp_path / "lobby.png"))
        page.click("#create")
        expect(page.locator("#where")).to_contain_text("you are seat 0")
        for move in range(40):  # a few moves, up to a choice of a card of the hand
            page.wait_for_function(MOVE_OR_END)
            if move >= 3 and page.locator("#hand [data-act]").count():
                break
            click_move(page, legal_moves(page)[0])
        hand = _hand(page)
        assert hand
        server.kill()
        expect(page.locator("#status")).to_have_text("Connection lost: reconnecting…")
        assert page.locator('#play [data-act]:not([aria-disabled="true"])').count() == 0
        assert page.locator("#play").get_attribute("data-ready") == "false"
        server.start()
        # the page reconnects by itself, with the token it kept, to the same table
        expect(page.locator("#status")).not_to_contain_text("Connection lost")
        page.wait_for_function(MOVE_OR_END)
        assert _hand(page) == hand
        ways = play_by_clicking(page, "stackattack", seed=1, limit=60)
        assert ways["target"] > 0
        expect(page.locator("#result")).to_be_visible()
        keep = os.environ.get("NUMRULES_SCREENSHOTS")
        if keep:
            shutil.copy(tmp_path / "lobby.png", Path(keep) / "lobby.png")


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
        expect(page.locator("#table-title")).to_have_text(game.title)
        assert page.locator("#lobby-error").inner_text() == ""
    store = Store(tmp_path / "server.db")
    try:
        (table,) = store.active_tables().tables
        assert getattr(numrules.loads(table.config), chosen.name) is member
    finally:
        store.close()
