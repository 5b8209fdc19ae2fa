"""Short games for the `numrules play` tests, and a terminal that answers by a policy."""

from __future__ import annotations

import io
from collections.abc import Sequence

import numrules
from numrules.apps.play import Session, Terminal, open_session


def _option(name: str, value: object) -> str:
    # As `--option` reads it: booleans as true/false, everything else as its text.
    return f"{name}={str(value).lower() if isinstance(value, bool) else value}"


def short_options(game: str) -> tuple[int, list[str]]:
    """A short game of `game`: its smallest table and its `quick_options` as `--option` values."""
    g = numrules.get_game(game)
    return g.min_players, [_option(name, value) for name, value in g.quick_options.items()]


def command_line(game: str, players: int | None = None) -> tuple[str, ...]:
    """The options of `numrules play GAME` for a short game (of `players`, else the fewest)."""
    fewest, options = short_options(game)
    table = ("--players", str(fewest if players is None else players))
    return (*table, *(word for option in options for word in ("--option", option)))


SHORT: dict[str, tuple[str, ...]] = {name: command_line(name) for name in numrules.game_names()}
"""`command_line(name)` of every game of the registry: its short game at its smallest table."""


class Policy(Terminal):
    """A plain terminal whose human answers 1 to every decision and Enter to optional ones.

    It keeps every prompt it was shown; the output goes to `self.output` (a string).
    """

    def __init__(self) -> None:
        super().__init__(io.StringIO(), io.StringIO())
        self.prompts: list[str] = []

    def text(self) -> str:
        """Everything written so far."""
        assert isinstance(self.output, io.StringIO)
        return self.output.getvalue()

    def ask(self, prompt: str) -> str:
        self.prompts.append(prompt)
        self.output.write(prompt + "\n")
        if len(self.prompts) > 2000:
            raise EOFError
        return "" if "[Enter: pass]" in prompt else "1"


class WrongBot:
    """A bot that answers with text instead of one of its actions (a broken plug-in)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, observation: object, actions: Sequence[object], optional: bool) -> object:
        return "not an action"


def policy_session(
    game: str, seed: int, bots: str = "random", players: int | None = None
) -> tuple[Session, Policy]:
    """A short game of `game` (of `players`, else the fewest) with a `Policy` human at seat
    0, not yet run."""
    terminal = Policy()
    fewest, options = short_options(game)
    table = fewest if players is None else players
    session = open_session(game, terminal, seed=seed, bots=bots, players=table, options=options)
    return session, terminal


def table_with_an_optional_decision(game: str, seeds: range) -> tuple[int, int]:
    """The players and seed of the first short game that asks the human an optional decision.

    Table sizes are tried from the smallest up, each with every seed of `seeds`: at some
    sizes a game has no optional decision (a Num Bounce interrupt is optional only for a
    seat other than the player to move and the author, so it needs three players).
    """
    g = numrules.get_game(game)
    for players in range(g.min_players, g.max_players + 1):
        for seed in seeds:
            session, terminal = policy_session(game, seed, players=players)
            session.run()
            if any("[Enter: pass]" in prompt for prompt in terminal.prompts):
                return players, seed
    raise AssertionError(f"no short {game} game of seeds {seeds} offers seat 0 an optional choice")
