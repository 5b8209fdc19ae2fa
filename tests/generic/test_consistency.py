"""The conformance kit on every game of the registry: what `check_game` runs, and no more.

Every check of `numrules.testing` runs on every game `numrules.game_names()` lists: the
checks of one played game (`PLAY_CHECKS`) on random games that Hypothesis draws (a
failure shrinks to a small example), the checks of the game alone (`GAME_CHECKS`)
once. The event completeness check uses the game's tracker, `tests/<game>/tracker.py`
(a game installed from elsewhere brings its own, in its own tests). Nothing here knows
a game: a game added to the registry is checked exactly as a plug-in's `check_game`
checks it.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

import numrules
from numrules import testing
from numrules.core.game import BUILTIN_GAMES
from tests.generic.helpers import trajectories

games = pytest.mark.parametrize("name", numrules.game_names())


@pytest.mark.parametrize("check", sorted(testing.PLAY_CHECKS))
@games
@given(data=st.data())
def test_every_played_game_passes_the_check(name: str, check: str, data: st.DataObject) -> None:
    trajectory = data.draw(trajectories(numrules.get_game(name)))
    # A drawn seed rather than st.randoms(): some checks draw thousands of numbers, which
    # would exhaust the example's data.
    rnd = random.Random(data.draw(st.integers(0, 2**32), label="rnd"))
    testing.PLAY_CHECKS[check](trajectory, rnd)


@pytest.mark.parametrize("check", sorted(testing.GAME_CHECKS))
@games
def test_every_game_passes_the_check(name: str, check: str) -> None:
    testing.GAME_CHECKS[check](numrules.get_game(name))


def tracker_of(name: str) -> ModuleType | None:
    """The module `tests.<name>.tracker`, if this repository has one for the game."""
    if importlib.util.find_spec(f"tests.{name}") is None:
        return None
    if importlib.util.find_spec(f"tests.{name}.tracker") is None:
        return None
    return importlib.import_module(f"tests.{name}.tracker")


@games
@given(data=st.data())
def test_events_rebuild_the_public_game_for_every_seat(name: str, data: st.DataObject) -> None:
    module = tracker_of(name)
    if module is None:
        assert name not in BUILTIN_GAMES, f"the built-in game {name} has no tests/{name}/tracker.py"
        pytest.skip(f"{name} is installed from elsewhere: its own tests bring its tracker")
    trajectory = data.draw(trajectories(numrules.get_game(name)))
    testing.check_event_completeness(trajectory, module.Tracker, module.public_part)
