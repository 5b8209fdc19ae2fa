"""The checks every game's rendering tests share: golden files, width, leaks, rich, docs.

Golden files live in `tests/<game>/golden/<name>.txt`. After a deliberate change of a
layout, regenerate them with

    NUMRULES_UPDATE_GOLDEN=1 PYTHONPATH=src pytest -q tests/<game>/test_render.py

and review the diff (the doc examples, a rendered position in docs/reference/<game>.md
and a worked example in docs/rules/<game>.md, are checked against the renderer too, and
must be updated by hand).
"""

from __future__ import annotations

import io
import os
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from rich.console import Console

from numrules import AnyGame, make_bot, play_match
from numrules.core.cards import FamilyCard, parse_num_card
from numrules.core.render import (
    FAMILY_STYLES,
    WIDTH,
    Layout,
    layout_of,
    render_rich,
    render_text,
)

ROOT = Path(__file__).resolve().parent.parent
UPDATE = os.environ.get("NUMRULES_UPDATE_GOLDEN") == "1"
"""Set NUMRULES_UPDATE_GOLDEN=1 to rewrite the golden files from the renderers."""


def check_golden(game: str, name: str, text: str) -> None:
    """`text` is the golden file `tests/<game>/golden/<name>.txt` (rewritten when updating)."""
    path = ROOT / "tests" / game / "golden" / f"{name}.txt"
    if UPDATE:
        path.parent.mkdir(exist_ok=True)
        path.write_text(text + "\n")
    assert path.exists(), f"no golden file {path}: run with NUMRULES_UPDATE_GOLDEN=1"
    assert text + "\n" == path.read_text(), f"{path} differs (NUMRULES_UPDATE_GOLDEN=1 updates it)"


def doc_example(game: str) -> str:
    """The plain-text block under `### A rendered position` in docs/reference/<game>.md."""
    page = (ROOT / "docs" / "reference" / f"{game}.md").read_text()
    found = re.search(r"\n### A rendered position\n.*?```text\n(.*?)```", page, flags=re.DOTALL)
    assert found, f"docs/reference/{game}.md has no rendered example"
    return found.group(1).rstrip("\n")


def play_until(
    game: AnyGame, config: Any, seed: int, found: Callable[[Any], bool], *, max_steps: int = 20_000
) -> Any:
    """The first state of a seeded random game for which `found` holds."""
    rnd = random.Random(seed)
    state = game.new_game(config, seed)
    for _ in range(max_steps):
        if found(state):
            return state
        assert not game.is_terminal(state), f"{game.name} seed {seed}: never found"
        legal = game.legal_actions(state)
        state = game.apply(state, legal[rnd.randrange(len(legal))])
    raise AssertionError(f"{game.name} seed {seed}: not found in {max_steps} actions")


def played(game: AnyGame, config: Any, seed: int, steps: int) -> Any:
    """The state after `steps` seeded random actions (or the end, if it comes first)."""
    count = iter(range(steps))
    return play_until(
        game, config, seed, lambda s: next(count, None) is None or game.is_terminal(s)
    )


def random_positions(
    game: AnyGame, seeds: range, *, every: int, max_steps: int, **rules: Any
) -> Iterator[Any]:
    """States of seeded random games at every table size: one in `every`, and the last.

    A game stops after `max_steps` actions if it has not ended (its last state is kept).
    """
    for players in range(game.min_players, game.max_players + 1):
        config = game.Config(players=players, **rules)
        for seed in seeds:
            rnd = random.Random(seed)
            state = game.new_game(config, seed)
            for step in range(max_steps):
                if game.is_terminal(state):
                    break
                if step % every == 0:
                    yield state
                legal = game.legal_actions(state)
                state = game.apply(state, legal[rnd.randrange(len(legal))])
            yield state


def observers(state: Any) -> list[int | None]:
    """A spectator and every seat."""
    return [None, *range(state.config.players)]


def check_width(text: str) -> None:
    """Every line of a plain rendering fits `WIDTH` columns, in ASCII."""
    for line in text.split("\n"):
        assert len(line) <= WIDTH, f"a line of {len(line)} columns:\n{line}\nin\n{text}"
    assert text.isascii()


TOKEN = re.compile(r"[A-Za-z0-9_]+")


def check_no_leak(
    game: AnyGame, state: Any, seat: int | None, layout: Layout, *, tokens: bool = True
) -> None:
    """`layout`, the rendering of `seat`'s view, names no card of `hidden_cards(state, seat)`.

    No card span of the layout is a hidden card; with `tokens` (games whose notation
    cannot be mistaken for other words: not Stack Attack, whose cards are numbers),
    no word of the plain text is a hidden card's notation either.
    """
    hidden = {str(card) for card in game.hidden_cards(state, seat)}
    shown = set(layout.cards())
    assert not shown & hidden, f"seat {seat} is shown hidden cards {sorted(shown & hidden)}"
    if tokens:
        words = set(TOKEN.findall(layout.text()))
        assert not words & hidden, f"seat {seat}'s text names hidden cards {sorted(words & hidden)}"


def check_rich(observation: Any) -> None:
    """The rich form renders to the plain text, and every family card has its colour."""
    console = Console(
        file=io.StringIO(), record=True, width=WIDTH, color_system="truecolor", force_terminal=True
    )
    text = render_rich(observation)
    console.print(text)
    assert console.export_text() == render_text(observation) + "\n"
    styled = {text.plain[span.start : span.end]: str(span.style) for span in text.spans}
    for card in layout_of(observation).cards():
        assert styled.get(card), f"card {card} has no colour"
    for name, style in styled.items():
        if re.fullmatch(r"(R|B|G|Y|RB|SH)\d+", name):
            family_card = parse_num_card(name)
            assert isinstance(family_card, FamilyCard)
            assert style == FAMILY_STYLES[family_card.family], f"{name} is in {style}"


def check_random_positions(
    game: AnyGame, *, every: int, max_steps: int, tokens: bool = True, **rules: Any
) -> int:
    """Width, leaks and the rich form at random positions of every table size, every view.

    Returns the number of renderings checked; the rich form is checked for one view in
    25 (it costs the most).
    """
    checked = 0
    for state in random_positions(game, range(2), every=every, max_steps=max_steps, **rules):
        for seat in observers(state):
            observation = game.observe(state, seat)
            layout = layout_of(observation)
            text = layout.text()
            check_width(text)
            check_no_leak(game, state, seat, layout, tokens=tokens)
            if checked % 25 == 0:
                assert str(observation) == render_text(observation) == text
                check_rich(observation)
            checked += 1
    return checked


WORKED_HEADINGS = ("\n## A worked turn\n", "\n## A worked trick\n")


def doc_worked_example(game: str) -> str:
    """The plain-text block under `## A worked turn` (or trick) in docs/rules/<game>.md."""
    page = (ROOT / "docs" / "rules" / f"{game}.md").read_text()
    heads = "|".join(re.escape(head) for head in WORKED_HEADINGS)
    found = re.search(rf"(?:{heads}).*?```text\n(.*?)```", page, flags=re.DOTALL)
    assert found, f"docs/rules/{game}.md has no worked example"
    return found.group(1).rstrip("\n")


def worked_example(
    game: AnyGame,
    config: Any,
    seed: int,
    seat: int,
    start: Callable[[Any], bool],
    end: Callable[[Any], bool],
) -> str:
    """A stretch of a game between heuristic bots, as the docs show it to `seat`.

    The game is played by the `heuristic` bot at every seat (seeded by seat) from
    `new_game(config, seed)`; the stretch runs from the first state where `start` holds
    to the next one where `end` holds. The text is `seat`'s view before, each action in
    notation followed by the events `seat` was told (indented), and its view after.
    """
    bots = [make_bot("heuristic", s, game) for s in range(config.players)]
    actions = play_match(game, config, bots, seed).actions
    state = game.new_game(config, seed)
    index = 0
    while not start(state):
        state = game.apply(state, actions[index])
        index += 1
    parts = [render_text(game.observe(state, seat)), ""]
    told = len(game.events(state, seat))
    first = True
    while first or not end(state):
        first = False
        action = actions[index]
        state = game.apply(state, action)
        index += 1
        events = game.events(state, seat, told)
        told += len(events)
        parts.append(str(action))
        parts.extend(f"    {event}" for event in events)
    parts += ["", render_text(game.observe(state, seat))]
    return "\n".join(parts)
