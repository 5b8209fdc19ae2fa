"""Helpers of the browser tests: the system Chromium, and a player that plays a game on the
card table page by clicking what each move is done to."""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

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

READY = "() => document.querySelector('#play').dataset.ready === 'true'"
"""The page shows the table of the last update, and no move of its own is on its way."""

MOVE_OR_END = (
    "() => !document.querySelector('#result').classList.contains('hidden')"
    " || (document.querySelector('#play').dataset.ready === 'true'"
    " && view.actions.length > 0)"
)
"""The game is over, or the seat has a move to make and the page is ready for it."""

BUTTON_MOVES: dict[str, set[str]] = {
    "stackattack": set(),
    "numstop": {"stop", "end", "end turn", "keep none"},
    "numbounce": {"keep", "pass", "decline"},
    "numwars": set(),
}
"""The moves with nothing to click on the table, which the page offers as buttons."""


def chromium() -> str:
    """The system Chromium's path; skip (fail on CI) when it is missing."""
    if Path(CHROMIUM).exists():
        return CHROMIUM
    if os.environ.get("CI"):
        pytest.fail(f"{CHROMIUM} is missing: .ci/run installs Debian's chromium")
    pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")


def legal_moves(page: Any) -> list[str]:
    """The seat's legal moves, in notation, as the page received them (its last update)."""
    moves: list[str] = page.evaluate("view.actions")
    return moves


def click_move(page: Any, action: str, timeout: float | None = None) -> str:
    """Take `action` by clicking what it is done to; answer how ("target" or "button").

    A card, row, stock, pile or scorecard cell that does one thing is clicked; one that
    offers several moves opens a choice, where the move is clicked; the cards of a play
    of several cards are selected and the trick is clicked; a move with nothing to click
    on is one of the "other moves" buttons. `timeout` bounds each click (milliseconds).
    """
    for area in ("#board", "#hand", "#seat-list"):
        direct = page.locator(f'{area} [data-act="{action}"]')
        if direct.count():
            direct.first.click(timeout=timeout)
            return "target"
    for key, choices in page.locator("#play [data-choices]").evaluate_all(
        "all => all.map(e => [e.dataset.key, e.dataset.choices.split('\\n')])"
    ):
        if action in choices:
            page.locator(f'[data-choose="{key}"]').first.click(timeout=timeout)
            page.locator(f'#choice [data-act="{action}"]').click(timeout=timeout)
            return "target"
    verb, *words = action.split(" ")
    cards = words if verb in ("play", "interrupt") else (["NUMX"] if verb == "numx" else [])
    selectable = [page.locator(f'#hand [data-select="{card}"]') for card in cards]
    if cards and all(card.count() for card in selectable):
        for card in selectable:
            card.first.click(timeout=timeout)
        trick = page.locator(f'#board [data-key="trick"][data-act="{action}"]')
        (trick if trick.count() else page.locator(f'#choice [data-act="{action}"]')).click(
            timeout=timeout
        )
        return "target"
    page.locator(f'#actions [data-act="{action}"]').click(timeout=timeout)
    return "button"


def choose(game: str, actions: list[str], rng: random.Random) -> str:
    """A random legal move; in Num Bounce a play rather than a take, so the hand empties."""
    if game == "numbounce":
        plays = [a for a in actions if a.split(" ")[0] in ("play", "interrupt", "numx")]
        if plays and rng.random() < 0.8:
            return rng.choice(plays)
    return rng.choice(actions)


def play_by_clicking(
    page: Any,
    game: str,
    seed: int,
    on_turn: Callable[[int], None] | None = None,
    limit: int = 300,
) -> Counter[str]:
    """Play the seat's moves until the game is over; count the moves taken each way.

    Every clickable thing on the table is a button, and a move taken with an "other
    moves" button must be one of `BUTTON_MOVES`: nothing on the table stands for it.
    """
    rng = random.Random(seed)
    ways: Counter[str] = Counter()
    for turn in range(limit):
        page.wait_for_function(MOVE_OR_END)
        if page.locator("#result").is_visible():
            return ways
        if on_turn is not None:
            on_turn(turn)
        clickable = page.locator("#play [data-act], #play [data-choose], #play [data-select]")
        assert set(clickable.evaluate_all("all => all.map(e => e.tagName)")) <= {"BUTTON"}
        actions = legal_moves(page)
        if not actions:  # the table moved on while we looked
            continue
        action = choose(game, actions, rng)
        way = click_move(page, action)
        if way == "button":
            assert action in BUTTON_MOVES[game], f"{game}: {action!r} has nothing to click on"
        ways[way] += 1
    raise AssertionError(f"{game} did not end in {limit} moves")
