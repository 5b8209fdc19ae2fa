"""The kit's check of tensors catches broken tensors, and skips a game without them."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from numrules import get_game
from numrules.core.game import AnyGame
from numrules.core.tensors import AnyTensors, Block, Layout
from numrules.testing import PLAY_CHECKS, check_tensors
from numrules.testing.played import first_game


def tensors_of(game: AnyGame) -> AnyTensors:
    """The game's tensors, which the games of these tests have."""
    assert game.tensors is not None
    return game.tensors


def with_tensors(name: str, **fields: Any) -> AnyGame:
    """The game `name` with some of its tensor functions replaced."""
    game = get_game(name)
    return attrs.evolve(game, tensors=attrs.evolve(tensors_of(game), **fields))


def check(game: AnyGame) -> None:
    """`check_tensors` on a random game of `game` (played with the real rules)."""
    trajectory = attrs.evolve(first_game(get_game(game.name)), game=game)
    check_tensors(trajectory, random.Random(0))


def test_the_check_is_a_play_check() -> None:
    assert PLAY_CHECKS["tensors"] is check_tensors


@pytest.mark.parametrize("name", ["numwars", "stackattack"])
def test_a_game_with_tensors_passes(name: str) -> None:
    check(get_game(name))


def test_a_game_without_tensors_passes_untouched() -> None:
    check(attrs.evolve(get_game("stackattack"), tensors=None))


def test_a_value_above_one_is_caught() -> None:
    real = tensors_of(get_game("stackattack")).observation

    def loud(obs: Any) -> list[float]:
        values = real(obs)
        values[-1] = 1.5
        return values

    with pytest.raises(AssertionError, match=r"1\.5 at \d+ \(block 'totals'\), outside"):
        check(with_tensors("stackattack", observation=loud))


def test_a_nan_is_caught() -> None:
    real = tensors_of(get_game("stackattack")).information_state

    def broken(obs: Any) -> list[float]:
        return [*real(obs)[:-1], float("nan")]

    with pytest.raises(AssertionError, match=r"nan at \d+ .* outside"):
        check(with_tensors("stackattack", information_state=broken))


def test_a_wrong_length_is_caught() -> None:
    real = tensors_of(get_game("stackattack")).observation

    def short(obs: Any) -> list[float]:
        return real(obs)[:-1]

    game = get_game("stackattack")
    size = tensors_of(game).observation_layout(first_game(game).config).size
    with pytest.raises(AssertionError, match=f"{size - 1} values; its layout says {size}"):
        check(with_tensors("stackattack", observation=short))


def test_ints_are_caught() -> None:
    real = tensors_of(get_game("stackattack")).observation

    def ints(obs: Any) -> list[float]:
        return [int(value) for value in real(obs)]

    with pytest.raises(AssertionError, match="not floats"):
        check(with_tensors("stackattack", observation=ints))


def test_a_tensor_that_changes_from_call_to_call_is_caught() -> None:
    real = tensors_of(get_game("stackattack")).observation
    calls = [0]

    def drifting(obs: Any) -> list[float]:
        calls[0] += 1
        values = real(obs)
        values[0] = float(calls[0] % 2)
        return values

    with pytest.raises(AssertionError, match="differs when computed again"):
        check(with_tensors("stackattack", observation=drifting))


def test_repeated_block_names_are_caught() -> None:
    real = tensors_of(get_game("stackattack")).observation_layout

    def repeated(config: Any) -> Layout:
        layout = real(config)
        return Layout((*layout.blocks[:-1], Block("hand", layout.blocks[-1].size)))

    with pytest.raises(AssertionError, match=r"repeats the block names \['hand'\]"):
        check(with_tensors("stackattack", observation_layout=repeated))


def test_an_information_state_that_does_not_start_with_the_observation_is_caught() -> None:
    game = get_game("stackattack")
    real, layout = tensors_of(game).information_state, tensors_of(game).information_state_layout

    def turned(obs: Any) -> list[float]:
        values = real(obs)
        return values[1:] + values[:1]

    def blocks(config: Any) -> Layout:
        return Layout((*layout(config).blocks[1:], layout(config).blocks[0]))

    with pytest.raises(AssertionError, match="does not start with the observation's blocks"):
        check(with_tensors("stackattack", information_state_layout=blocks))
    with pytest.raises(AssertionError, match="does not start with the observation tensor"):
        check(with_tensors("stackattack", information_state=turned))


def test_a_sample_that_changes_the_seat_s_tensors_is_caught() -> None:
    game = get_game("stackattack")
    sample_state = game.sample_state
    assert sample_state is not None

    def later(obs: Any, rng: random.Random) -> Any:
        # A sample one action later: the seat's view has moved on.
        state = sample_state(obs, rng)
        return game.apply(state, game.legal_actions(state)[0])

    def still(state: Any) -> bool:
        return not game.is_terminal(state)

    broken = attrs.evolve(game, sample_state=later)
    trajectory = attrs.evolve(first_game(game), game=broken)
    open_only = attrs.evolve(trajectory, states=tuple(filter(still, trajectory.states)))
    with pytest.raises(AssertionError, match="a sampled state gives the seat another"):
        check_tensors(open_only, random.Random(0))
