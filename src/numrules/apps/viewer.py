"""Stepping through a game record with the renderer: what `numrules replay FILE` shows.

A `Viewer` replays a record once and keeps every position: position 0 is the deal,
position i the state after action i. Each position is shown as the action that led to
it, the events it caused (as the viewing seat was told them) and the rendered
observation of that seat (a spectator's by default), so `--seat S` shows the game
exactly as seat S saw it, its hand and nobody else's.

Interactively, Enter or `n` goes forward, `b` or `p` back, `r N` jumps to the start of
round N, a number N to the position after action N, `first` and `last` to the ends, and
`q` quits; `print_all` writes every position one after the other (the non-interactive
mode).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs

from numrules.apps.play import Terminal
from numrules.core.game import AnyGame, get_game
from numrules.core.records import GameRecord
from numrules.core.render import layout_of
from numrules.core.seats import check_observer

VIEWER_HELP = """Keys (then Enter):
  Enter, n      next position          b, p    previous position
  N             the position after action N (0: the deal)
  r N           the start of round N    first, last    the ends
  q             quit"""


@attrs.frozen(slots=True)
class Position:
    """One position of a replay: the step that led to it and the state after it."""

    number: int
    """0 for the deal, then the number of actions applied."""
    seat: int | None
    """The seat that acted (None at the deal)."""
    action: Any | None
    """The action, if the viewing seat may see it (None at the deal and for the actions
    of other seats in a seat's view)."""
    events: tuple[Any, ...]
    """The events of the step, as the viewing seat was told them."""
    state: Any
    """The state after the step (shown only through the viewing seat's observation)."""


def positions(record: GameRecord, seat: int | None = None) -> Iterator[Position]:
    """Every position of a record, as `seat` saw it (None: a spectator).

    Raises:
        SeatError: `seat` is not a seat of the game.
        RecordError: an action does not replay.

    """
    game = get_game(record.game)
    state = game.new_game(record.config, record.seed, record.deck)
    check_observer(seat, record.config.players)
    for step in record.steps(seat):
        if step.number:
            state = game.apply(state, record.actions[step.number - 1])
        yield Position(step.number, step.seat, step.action, step.events, state)


class Viewer:
    """A record's positions, shown one at a time or all at once, as one seat saw them."""

    def __init__(self, record: GameRecord, terminal: Terminal, seat: int | None = None) -> None:
        self.record = record
        self.game: AnyGame = get_game(record.game)
        self.seat = seat
        self.terminal = terminal
        self.positions = tuple(positions(record, seat))
        self.index = 0

    @property
    def last(self) -> int:
        """The index of the last position (the number of actions)."""
        return len(self.positions) - 1

    def title(self, position: Position) -> str:
        """The line above a position: which step it is, who did what, and the round."""
        where = f"[{position.number}/{self.last}"
        where += f", round {position.state.round}]"
        if position.number == 0:
            return f"{where} the deal"
        if position.action is not None:
            return f"{where} {position.number}. {position.action}"
        return f"{where} {position.number}. seat {position.seat} acts"

    def show(self, index: int) -> None:
        """Write position `index`: its title, its events, the rendered observation."""
        position = self.positions[index]
        say = self.terminal.say
        say(self.title(position))
        for event in position.events:
            say(f"    {event}")
        say("")
        self.terminal.show(layout_of(self.game.observe(position.state, self.seat)))

    def print_all(self) -> None:
        """Write every position in order, then the result (the non-interactive mode)."""
        say = self.terminal.say
        view = "a spectator" if self.seat is None else f"seat {self.seat}"
        say(
            f"{self.game.title}: {self.record.config.players} players, seed {self.record.seed}, "
            f"{self.last} actions, as {view} saw it"
        )
        for index in range(len(self.positions)):
            say("")
            self.show(index)
        say("")
        say(self._result())

    def _result(self) -> str:
        scores = ", ".join(f"seat {s} {v}" for s, v in enumerate(self.record.scores))
        winners = ", ".join(f"seat {s}" for s in sorted(self.record.winners)) or "nobody"
        return f"scores: {scores}; winners: {winners}"

    def round_start(self, number: int) -> int | None:
        """The index of the first position in round `number`, if the game reaches it."""
        for index, position in enumerate(self.positions):
            if position.state.round == number:
                return index
        return None

    def move(self, command: str) -> int | None:
        """The index a command goes to (None: quit); a bad command says why and stays."""
        text = command.strip().lower()
        say = self.terminal.say
        if text in ("", "n", "next"):
            if self.index == self.last:
                say("This is the last position (b goes back, q quits).")
            return min(self.index + 1, self.last)
        if text in ("b", "p", "back", "prev"):
            if self.index == 0:
                say("This is the deal, the first position.")
            return max(self.index - 1, 0)
        if text in ("q", "quit", "exit"):
            return None
        if text in ("first", "last"):
            return 0 if text == "first" else self.last
        if text.isdigit():
            if int(text) > self.last:
                say(f"The game has {self.last} actions: give 0 to {self.last}.")
                return self.index
            return int(text)
        word, _, rest = text.partition(" ")
        if word in ("r", "round") and rest.strip().isdigit():
            found = self.round_start(int(rest))
            if found is None:
                say(f"The game has no round {int(rest)}.")
                return self.index
            return found
        if text not in ("h", "help", "?"):
            say(f"Unknown key {command.strip()!r}.")
        say(VIEWER_HELP)
        return self.index

    def run(self) -> None:
        """Step through the positions interactively until `q` or the end of input."""
        self.terminal.say(VIEWER_HELP)
        self.terminal.say("")
        self.show(self.index)
        while True:
            try:
                command = self.terminal.ask(f"replay {self.index}/{self.last}> ")
            except EOFError:
                return
            target = self.move(command)
            if target is None:
                return
            if target != self.index:
                self.index = target
                self.terminal.clear()
                self.show(self.index)
                if self.index == self.last:
                    self.terminal.say("")
                    self.terminal.say(self._result())
