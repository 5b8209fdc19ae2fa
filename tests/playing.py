"""Short games for the `numrules play` tests, and a terminal that answers by a policy."""

from __future__ import annotations

import io
from collections.abc import Sequence

from numrules.apps.play import Session, Terminal, open_session

SHORT: dict[str, tuple[str, ...]] = {
    "stackattack": ("--players", "2", "--option", "hand_size=3", "--option", "end_score=5"),
    "numstop": ("--players", "2", "--option", "max_rounds=1", "--option", "max_value=5"),
    "numbounce": ("--players", "3", "--option", "hand_size=6", "--option", "rounds=1"),
    "numwars": ("--players", "3", "--option", "rounds=1", "--option", "hand_size=4"),
}
"""Options of `numrules play GAME` giving a short game: small hands, one round or a low end."""


def short_options(game: str) -> tuple[int, list[str]]:
    """The players and the `--option` values that `SHORT[game]` stands for."""
    options = SHORT[game]
    players = int(options[options.index("--players") + 1])
    return players, [options[i + 1] for i, word in enumerate(options) if word == "--option"]


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


def policy_session(game: str, seed: int, bots: str = "random") -> tuple[Session, Policy]:
    """A short game of `game` with a `Policy` human at seat 0, not yet run."""
    terminal = Policy()
    players, options = short_options(game)
    session = open_session(game, terminal, seed=seed, bots=bots, players=players, options=options)
    return session, terminal


def seed_with_an_optional_decision(game: str, seeds: range) -> int:
    """The first seed whose short game asks the human an optional decision."""
    for seed in seeds:
        session, terminal = policy_session(game, seed)
        session.run()
        if any("[Enter: pass]" in prompt for prompt in terminal.prompts):
            return seed
    raise AssertionError(f"no {game} game of seeds {seeds} offers seat 0 an optional decision")
