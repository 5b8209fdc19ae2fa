"""The counts behind each game's own report figure, taken from its events as games are played.

`simulate(..., figures=True)` calls `measure(game, result)` on every finished game and
sums the counts, so a report on a million games still holds only counts;
`numrules.apps.report` draws them:

- Num Stop: the share of turns that end in a bust, by the turn's place in its round.
- Num Wars: what became of the Bomb in each round (kept, protected, or who captured it).
- Stack Attack: the mean number of rows taken at each turn of a round.
- Num Bounce: how many interrupts (RAINBOW or SHADOW out of turn) each round saw.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from numrules.core.game import Game
from numrules.core.match import MatchResult

Key = tuple[str, int | str]
"""A key of a game's figure counts, e.g. `("busts", 3)`."""

MAX_TURN = 40
"""Num Stop turns later than this in a round are counted with this one."""


def _numstop(events: tuple[Any, ...]) -> Counter[Key]:
    counts: Counter[Key] = Counter()
    turn = 0
    for event in events:
        kind = type(event).__name__
        if kind == "RoundDealt":
            turn = 0
        elif kind in ("Busted", "Stopped"):
            turn += 1
            place = min(turn, MAX_TURN)
            counts["turns", place] += 1
            if kind == "Busted":
                counts["busts", place] += 1
    return counts


def _numwars(events: tuple[Any, ...]) -> Counter[Key]:
    return Counter(
        ("bomb", event.result.outcome.value)
        for event in events
        if type(event).__name__ == "RoundScored"
    )


def _stackattack(events: tuple[Any, ...]) -> Counter[Key]:
    counts: Counter[Key] = Counter()
    turn = 0
    for event in events:
        kind = type(event).__name__
        if kind == "Revealed":
            turn = event.turn
            counts["turns", turn] += 1
        elif kind == "RowTaken":
            counts["rows", turn] += 1
    return counts


def _numbounce(events: tuple[Any, ...]) -> Counter[Key]:
    counts: Counter[Key] = Counter()
    interrupts = 0
    for event in events:
        kind = type(event).__name__
        if kind == "Dealt":
            interrupts = 0
        elif kind == "Interrupted":
            interrupts += 1
        elif kind == "RoundEnded":
            counts["rounds", interrupts] += 1
    return counts


MEASURES: dict[str, Callable[[tuple[Any, ...]], Counter[Key]]] = {
    "numstop": _numstop,
    "numwars": _numwars,
    "stackattack": _stackattack,
    "numbounce": _numbounce,
}
"""The counts each built-in game's own figure is drawn from, taken from a game's events."""


def measure(game: Game, result: MatchResult) -> tuple[tuple[Key, int], ...]:
    """The counts of one finished game that its own report figure needs (empty if none)."""
    counter = MEASURES.get(game.name)
    if counter is None:
        return ()
    events = tuple(game.events(result.final_state, None))
    return sorted_counts(counter(events))


def sorted_counts(counts: Mapping[Key, int]) -> tuple[tuple[Key, int], ...]:
    """Figure counts as (key, count) pairs in a fixed order (by name, then value as text)."""
    return tuple(sorted(counts.items(), key=lambda item: (item[0][0], str(item[0][1]))))
