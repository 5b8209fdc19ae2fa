"""The High Card plug-in (tests/plugins/highcard) for tests: installed, run, tracked.

`install` puts the distribution into a folder as pip would (the package and a
dist-info declaring its `numrules.games` entry point); a child process whose
`PYTHONPATH` is `search_path(site)` then finds the game through the entry point,
exactly as an installed plug-in. In this process the package is importable from its
source folder, and `registered` makes the game known to the registry for a while.
`Tracker` and `public_part` are High Card's tracker for the kit's completeness check,
written from its rules.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numrules

ROOT = Path(__file__).resolve().parents[1]
"""The repository (so that a child process can import `tests.plugged`)."""
PLUGIN = ROOT / "tests" / "plugins" / "highcard"
"""The plug-in's source distribution."""
SOURCE = Path(numrules.__file__).resolve().parents[1]
"""Where numrules is imported from."""
ENTRY_POINT = "highcard = numrules_highcard:GAME"
"""The entry point High Card declares in its pyproject.toml."""

if importlib.util.find_spec("numrules_highcard") is None:
    # In this process (not installed): the package from its source folder.
    sys.path.insert(0, str(PLUGIN))
import numrules_highcard as highcard  # noqa: E402

__all__ = [
    "ENTRY_POINT",
    "PLUGIN",
    "ROOT",
    "Tracker",
    "environment",
    "highcard",
    "install",
    "public_part",
    "registered",
    "run_cli",
    "search_path",
]


def install(site: Path, entry_point: str = ENTRY_POINT) -> Path:
    """Install the High Card distribution into `site` as pip would; return `site`."""
    shutil.copytree(PLUGIN / "numrules_highcard", site / "numrules_highcard")
    info = site / "numrules_highcard-1.0.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: numrules-highcard\nVersion: 1.0.0\n"
    )
    (info / "entry_points.txt").write_text(f"[numrules.games]\n{entry_point}\n")
    return site


def search_path(site: Path) -> str:
    """A `PYTHONPATH` with the installed plug-in, numrules and this repository's tests."""
    return os.pathsep.join([str(site), str(SOURCE), str(ROOT)])


def environment(site: Path) -> dict[str, str]:
    """This process's environment, with `search_path(site)` as the `PYTHONPATH`."""
    return {**os.environ, "PYTHONPATH": search_path(site)}


def run_cli(
    site: Path, *args: str, timeout: float = 120, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    """`numrules ARGS` in a child process that has the plug-in installed (bounded in time)."""
    return subprocess.run(
        [sys.executable, "-m", "numrules", *args],
        env=environment(site),
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


@contextlib.contextmanager
def registered() -> Iterator[Any]:
    """High Card registered in this process for the duration; yields its `Game`."""
    numrules.register_game(highcard.GAME)
    try:
        yield highcard.GAME
    finally:
        numrules.unregister_game("highcard")


class Tracker:
    """High Card's public part from one seat's events: the trick and the tricks won."""

    def __init__(self, config: Any, seat: int | None) -> None:
        self.trick: list[int] = []
        self.leader = 0
        self.won: list[tuple[int, ...]] = [() for _ in range(config.players)]

    def feed(self, event: Any) -> None:
        """Take in the next event the seat was told."""
        if isinstance(event, highcard.Played):
            self.trick.append(event.card)
        elif isinstance(event, highcard.Won):
            self.won[event.seat] += tuple(self.trick)
            self.trick, self.leader = [], event.seat

    def public(self) -> Any:
        """The trick in play, the cards each seat won, the leader."""
        return (tuple(self.trick), tuple(self.won), self.leader)


def public_part(observation: Any) -> Any:
    """The same public part, read from an observation."""
    return (observation.trick, observation.won, observation.leader)
