"""The card table in a real headless Chromium (the system one, driven by Playwright).

A short game of each of the four games against bots is played at a desktop size and at a
phone size by clicking cards, rows, piles, stocks and scorecard cells; the "other moves"
buttons only for the moves that have nothing to click on the table. The page never
scrolls sideways, and axe-core finds no accessibility violation in it.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

import numrules
from tests.server.helpers import SHORT, Server, running
from tests.server.pages import (
    ARGS,
    BUTTON_MOVES,
    READY,
    chromium,
    click_move,
    legal_moves,
    play_by_clicking,
)

pytestmark = pytest.mark.timeout(120)

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One `numrules serve` for the module: bots act at once (`--bot-delay 0`), and a
    person may interrupt for 6 seconds (the default window: only Num Bounce at three
    seats or more opens one)."""
    folder = tmp_path_factory.mktemp("card-table")
    window = ("--interrupt-window", "6")
    with running(folder / "server.db", folder / "server.log", *window) as started:
        yield started


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium for the module."""
    path = chromium()
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=path, args=ARGS)
        try:
            yield launched
        finally:
            launched.close()


def _keep(tmp_path: Path, name: str) -> None:
    keep = os.environ.get("NUMRULES_SCREENSHOTS")
    if keep:
        shutil.copy(tmp_path / name, Path(keep) / name)


def _scroll_width(page: Any) -> tuple[int, int]:
    width: list[int] = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    return width[0], width[1]


def check_axe(page: Any, where: str) -> None:
    """axe-core's WCAG 2 A and AA rules and best practices find nothing on the page."""
    from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]  # noqa: PLC0415

    results = Axe().run(page)
    violations = results.response["violations"]
    assert not violations, f"{where}:\n{results.generate_report()}"


def test_the_page_knows_the_buttons_of_every_game_of_the_registry() -> None:
    assert sorted(BUTTON_MOVES) == sorted(numrules.game_names())


def _create(page: Any, server: Server, game: str) -> None:
    page.goto(server.url)
    page.select_option("#game", game)
    page.click("#rules summary")
    for option, value in SHORT[game].items():
        page.fill(f'#options [data-option="{option}"]', str(value))
    page.fill("#name", "Ada")
    page.click("#create")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", numrules.game_names())
def test_a_game_is_played_by_clicking_the_table(
    server: Server, browser: Any, tmp_path: Path, game: str, size: str
) -> None:
    from playwright.sync_api import expect  # noqa: PLC0415

    width, height = SIZES[size]
    page = browser.new_page(viewport={"width": width, "height": height})
    page.set_default_timeout(20_000)
    try:
        _create(page, server, game)
        expect(page.locator("#table-title")).not_to_have_text("Table")
        page.wait_for_function(READY)

        def look(turn: int) -> None:
            if turn == 1:
                assert _scroll_width(page) == (width, width)
                page.locator("#legend").evaluate("e => e.open = true")
                page.locator("#all-moves").evaluate("e => e.open = true")
                page.screenshot(path=str(tmp_path / f"{game}-{size}.png"), full_page=True)
                _keep(tmp_path, f"{game}-{size}.png")
                if size == "phone":
                    check_axe(page, f"{game}, a turn")

        ways = play_by_clicking(page, game, seed=len(game), on_turn=look)
        assert ways["target"] > 0
        assert ways["target"] >= ways["button"]
        result = page.locator("#result")
        expect(result).to_be_visible()
        players = 3 if game == "numwars" else 2
        expect(page.locator("#result-scores .score-box")).to_have_count(players)
        assert "you" in page.locator("#result-scores").inner_text()
        assert page.locator("#result-title").inner_text() in (
            "You win!",
            "You share the win!",
            "Game over: better luck next time",
        )
        table = page.evaluate("view.table")
        record = page.locator("#record")
        expect(record).to_have_attribute("href", f"/api/tables/{table}/record?format=text")
        download = httpx.get(server.url + record.get_attribute("href"))
        assert download.status_code == 200
        assert "attachment" in download.headers["content-disposition"]
        assert f'[Game "{game}"]' in download.text
        assert page.locator("#events li").count() > 0
        assert page.locator("#play .card").count() > 0
        assert _scroll_width(page) == (width, width)
        page.screenshot(path=str(tmp_path / f"{game}-{size}-over.png"), full_page=True)
        _keep(tmp_path, f"{game}-{size}-over.png")
        if size == "phone":
            check_axe(page, f"{game}, the end")
        # play again: a new table of the same game, the same seat
        page.click("#again")
        page.wait_for_function(f"() => view && view.table !== {table!r}")
        page.wait_for_function(READY)
        expect(page.locator("#result")).to_be_hidden()
        expect(page.locator("#where")).to_contain_text("you are seat 0")
    finally:
        page.close()


def test_the_lobby_fits_a_phone_and_passes_axe(
    server: Server, browser: Any, tmp_path: Path
) -> None:
    page = browser.new_page(viewport={"width": 360, "height": 740})
    try:
        page.goto(server.url)
        page.select_option("#game", "numstop")
        page.click("#rules summary")
        expect_width = _scroll_width(page)
        assert expect_width == (360, 360)
        check_axe(page, "the lobby")
        page.screenshot(path=str(tmp_path / "lobby-phone.png"), full_page=True)
        _keep(tmp_path, "lobby-phone.png")
    finally:
        page.close()


def _sit(page: Any, server: Server, table: str, seat: int, token: str) -> None:
    # the page keeps each seat's token in local storage and sits down from the address
    page.goto(server.url)
    page.evaluate(
        "([table, seat]) => localStorage.setItem('numrules:' + table, JSON.stringify(seat))",
        [table, {"seat": seat, "token": token}],
    )
    page.goto(f"{server.url}/#table={table}")
    page.reload()
    page.wait_for_function(READY)


def _other_person(server: Server, table: str) -> tuple[int, str]:
    joined = httpx.post(f"{server.url}/api/tables/{table}/join", json={"name": "Bob"})
    assert joined.status_code == 200, joined.text
    body = joined.json()
    return body["seat"], body["token"]


def test_the_keyboard_plays_and_keeps_its_place_across_updates(
    server: Server, browser: Any
) -> None:
    from websockets.sync.client import connect  # noqa: PLC0415

    made = httpx.post(
        f"{server.url}/api/tables",
        json={
            "game": "stackattack",
            "seats": ["human", "human"],
            "name": "Ada",
            "options": SHORT["stackattack"],
        },
    ).json()
    table = made["table"]
    other, token = _other_person(server, table)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.set_default_timeout(20_000)
    try:
        _sit(page, server, table, made["seat"], made["token"])
        assert page.locator("#status").get_attribute("role") == "status"
        assert page.locator("#events-log").get_attribute("aria-live") == "polite"
        # Tab reaches the cards of the hand
        for _ in range(80):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.closest('#hand') !== null"):
                break
        else:
            raise AssertionError("Tab never reached the hand")
        card = page.evaluate("document.activeElement.dataset.act")
        assert card.startswith("choose ")
        page.evaluate(
            "() => { document.activeElement.probe = true;"
            " for (const li of document.querySelectorAll('#events li')) li.probe = true; }"
        )
        before = page.locator("#events li").count()
        at = int(page.locator("#play").get_attribute("data-at"))
        # the other person chooses: an update comes, and nothing focused is rebuilt
        with connect(server.ws_url) as ws:
            ws.send(json.dumps({"type": "hello", "table": table, "token": token, "layout": False}))
            actions: list[str] = []
            while not actions:
                message = json.loads(ws.recv(10))
                if message["type"] == "update":
                    actions = message["actions"]
            ws.send(json.dumps({"type": "act", "action": actions[0], "seq": 1}))
            page.wait_for_function(
                f"() => Number(document.querySelector('#play').dataset.at) > {at}"
            )
        assert page.evaluate("document.activeElement.probe === true")
        assert page.locator("#events li").count() > before
        assert (
            page.evaluate(
                "[...document.querySelectorAll('#events li')].filter(li => li.probe).length"
            )
            == before
        )
        assert f"seat {other} chooses a card" in page.locator("#events").inner_text()
        # Enter takes the focused card's move
        page.keyboard.press("Enter")
        chosen = card.split(" ")[1]
        page.wait_for_function(
            "text => document.querySelector('#events').innerText.includes(text)",
            arg=f"seat 0 chooses {chosen}",
        )
        assert page.evaluate("document.activeElement !== document.body")
    finally:
        page.close()


def _table(server: Server, game: str, seats: list[str], **body: Any) -> tuple[str, int, str]:
    made = httpx.post(
        f"{server.url}/api/tables", json={"game": game, "seats": seats, "name": "Ada", **body}
    )
    assert made.status_code == 201, made.text
    answer = made.json()
    return answer["table"], answer["seat"], answer["token"]


WAITING = (
    "() => !document.querySelector('#result').classList.contains('hidden')"
    " || (document.querySelector('#play').dataset.ready === 'true'"
    " && (view.actions.length > 0"
    " || !document.querySelector('#pass').classList.contains('hidden')))"
)


def test_a_person_interrupts_within_the_window(
    server: Server, browser: Any, tmp_path: Path
) -> None:
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError  # noqa: PLC0415
    from playwright.sync_api import expect  # noqa: PLC0415

    # three seats, so that two bots play while the person may interrupt; big hands, so
    # that the person soon holds the RAINBOW or SHADOW of a reference's value
    table, seat, token = _table(
        server, "numbounce", ["human", "random", "random"], options={"hand_size": 25, "rounds": 1}
    )
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.set_default_timeout(20_000)
    rng = random.Random(5)
    passes = 0
    try:
        _sit(page, server, table, seat, token)
        for _ in range(200):
            page.wait_for_function(WAITING)
            assert not page.locator("#result").is_visible(), "the game ended without an interrupt"
            moves = legal_moves(page)
            if not page.locator("#pass").is_visible():  # the seat's own turn
                # take and keep cards rather than play them: the game lasts, the hand grows
                keeping = [m for m in moves if m in ("take draw", "take discard", "keep")]
                if moves:
                    click_move(page, rng.choice(keeping or moves))
                continue
            # the window waits for this seat: a countdown and a pass button
            expect(page.locator("#timer")).to_be_visible()
            interrupts = [move for move in moves if move.startswith("interrupt ")]
            if not interrupts:
                expect(page.locator("#timer-text")).to_contain_text("Interrupt window:")
                page.click("#pass")  # answered at once; the next state may open a window again
                passes += 1
                page.wait_for_function(READY)
                continue
            text = page.locator("#timer-text").inner_text()
            left = re.fullmatch(r"You may interrupt: (\d+) s left\.", text)
            assert left is not None, text
            assert int(left[1]) >= 1
            page.screenshot(path=str(tmp_path / "interrupt.png"), full_page=True)
            _keep(tmp_path, "interrupt.png")
            check_axe(page, "the interrupt window")
            try:
                assert click_move(page, interrupts[0], timeout=5_000) == "target"
            except PlaywrightTimeoutError:
                continue  # a bot interrupted first (bots race too): the offer is gone
            page.wait_for_function(READY)
            events = page.locator("#events").inner_text()
            if f"seat {seat} interrupts with the " not in events:
                continue  # refused as stale: a bot was first
            card = interrupts[0].split(" ")[1]
            assert re.search(f"seat {seat} interrupts with the (RAINBOW|SHADOW) {card}", events)
            return
        raise AssertionError(f"no interrupt in 200 moves ({passes} windows let pass)")
    finally:
        page.close()


def test_a_person_who_does_not_move_is_played_for(
    server: Server, browser: Any, tmp_path: Path
) -> None:
    from playwright.sync_api import expect  # noqa: PLC0415

    table, seat, token = _table(
        server, "stackattack", ["human", "random"], options=SHORT["stackattack"], move_limit=2
    )
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.set_default_timeout(20_000)
    try:
        _sit(page, server, table, seat, token)
        expect(page.locator("#timer-text")).to_contain_text("Your move: ")
        page.screenshot(path=str(tmp_path / "deadline.png"))
        _keep(tmp_path, "deadline.png")
        expect(page.locator("#timer-text")).to_contain_text("then a bot plays it for you")
        # nobody clicks: within the limit a bot plays the move, and the page says so
        notice = page.locator("#notice")
        expect(notice).to_contain_text(
            f"seat {seat} took too long: a bot played choose ", timeout=8_000
        )
        expect(page.locator("#events li.notice")).to_have_count(1)
        expect(page.locator("#events")).to_contain_text(f"seat {seat} chooses ")
    finally:
        page.close()
