"""Third-party games: the conformance kit on a plug-in game, and entry-point discovery."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import numrules
from numrules import testing

PLUGIN = Path(__file__).resolve().parents[1] / "plugins" / "highcard"
SOURCE = Path(numrules.__file__).resolve().parents[1]

sys.path.insert(0, str(PLUGIN))
import numrules_highcard as highcard  # noqa: E402


@pytest.fixture
def registered() -> Iterator[None]:
    numrules.register_game(highcard.GAME)
    yield
    numrules.unregister_game("highcard")


class Tracker:
    """High Card's public part from one seat's events: the trick and the tricks won."""

    def __init__(self, config: Any, seat: int | None) -> None:
        self.players = config.players
        self.trick: list[int] = []
        self.leader = 0
        self.won: list[tuple[int, ...]] = [() for _ in range(config.players)]

    def feed(self, event: Any) -> None:
        if isinstance(event, highcard.Played):
            self.trick.append(event.card)
        elif isinstance(event, highcard.Won):
            self.won[event.seat] += tuple(self.trick)
            self.trick, self.leader = [], event.seat

    def public(self) -> Any:
        return (tuple(self.trick), tuple(self.won), self.leader)


def public_part(observation: Any) -> Any:
    return (observation.trick, observation.won, observation.leader)


@pytest.mark.usefixtures("registered")
def test_the_conformance_kit_passes_on_a_third_party_game() -> None:
    played = testing.check_game(highcard.GAME, games=2, tracker=Tracker, public_part=public_part)
    assert played == 2 * 4


@pytest.mark.usefixtures("registered")
def test_the_kit_catches_a_leak() -> None:
    def leaky(state: Any, seat: int | None) -> Any:
        seen = highcard.observe(state, seat)
        return attrs.evolve(seen, hand=state.hands[0])

    broken = attrs.evolve(highcard.GAME, observe=leaky)
    trajectory = testing.play_random(broken, highcard.Config(players=3), 1, random.Random(1))
    with pytest.raises(AssertionError, match="sees hidden cards"):
        testing.check_observation_hides_cards(
            broken, trajectory.config, trajectory.states[:1], random.Random(0)
        )


def install(site: Path, entry_point: str) -> None:
    """Install the High Card distribution into `site` as pip would: package and dist-info."""
    shutil.copytree(PLUGIN / "numrules_highcard", site / "numrules_highcard")
    info = site / "numrules_highcard-1.0.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: numrules-highcard\nVersion: 1.0.0\n"
    )
    (info / "entry_points.txt").write_text(f"[numrules.games]\n{entry_point}\n")


def run_cli(site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(SOURCE)])}
    return subprocess.run(
        [sys.executable, "-c", "from numrules.apps.cli import main; main()", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_an_installed_game_is_listed_and_simulated(tmp_path: Path) -> None:
    install(tmp_path, "highcard = numrules_highcard:GAME")
    listed = run_cli(tmp_path, "games")
    assert listed.returncode == 0, listed.stderr
    assert "highcard" in listed.stdout
    assert "High Card" in listed.stdout
    simulated = run_cli(tmp_path, "simulate", "highcard", "--games", "5", "--players", "3")
    assert simulated.returncode == 0, simulated.stderr
    assert "High Card: 5 games, 3 players" in simulated.stdout


def test_a_broken_installed_game_is_skipped_with_a_warning(tmp_path: Path) -> None:
    install(tmp_path, "nosuch = numrules_nosuch_module:GAME")
    listed = run_cli(tmp_path, "games")
    assert listed.returncode == 0, listed.stderr
    assert "stackattack" in listed.stdout
    assert "cannot load game 'nosuch'" in listed.stderr
