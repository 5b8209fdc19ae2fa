"""Configs are bounded, error messages are short, and nothing reachable is mutable."""

from __future__ import annotations

import enum
from typing import Any

import attrs
import pytest

import numrules
from numrules import AnyGame, ConfigError
from numrules.core.events import Log, SeatLog, Vector

games = pytest.mark.parametrize("game", numrules.game_names(), indirect=True)


@pytest.fixture(scope="module")
def game(request: pytest.FixtureRequest) -> AnyGame:
    return numrules.get_game(request.param)


def int_fields(config_type: type) -> list[str]:
    return [
        f.name for f in attrs.fields(config_type) if f.init and f.type in ("int", "int | None", int)
    ]


@games
def test_every_int_field_of_a_config_is_bounded_with_a_short_message(game: AnyGame) -> None:
    fields = int_fields(game.Config)
    assert "players" in fields
    for name in fields:
        for value in (10**7, -(10**7), 10**5000, True, "7", 1.0):
            with pytest.raises(ConfigError) as info:
                game.Config(**{name: value})
            assert name in str(info.value)
            assert len(str(info.value)) < 300


@games
def test_a_huge_config_document_is_refused_quickly(game: AnyGame) -> None:
    document = numrules.core.serialization.to_data(game.Config(players=game.min_players))
    for name in int_fields(game.Config):
        bad = {**document, "data": {**document["data"], name: 10**7}}
        with pytest.raises(numrules.SerializationError):
            numrules.core.serialization.from_data(bad)


IMMUTABLE = (int, str, bool, type(None), enum.Enum, Vector, Log, SeatLog)


def mutable_parts(value: Any, path: str, seen: set[int]) -> list[str]:
    """Paths of every mutable value reachable from `value` (attrs fields, private included)."""
    if id(value) in seen:
        return []
    seen.add(id(value))
    if isinstance(value, IMMUTABLE):
        if isinstance(value, SeatLog | Log):
            return mutable_parts(
                tuple(value.view(None) if isinstance(value, Log) else value), f"{path}.events", seen
            )
        return []
    if isinstance(value, tuple | frozenset):
        return [p for i, v in enumerate(value) for p in mutable_parts(v, f"{path}[{i}]", seen)]
    if attrs.has(type(value)):
        found = []
        for field in attrs.fields(type(value)):
            found += mutable_parts(getattr(value, field.name), f"{path}.{field.name}", seen)
        return found
    return [f"{path} ({type(value).__name__})"]


@games
def test_configs_states_and_observations_hold_nothing_mutable(game: AnyGame) -> None:
    result = numrules.play_match(
        game,
        game.Config(players=game.min_players),
        [numrules.RandomBot(s) for s in range(game.min_players)],
        seed=2,
    )
    state = result.final_state
    for name, value in [
        ("config", result.config),
        ("state", state),
        ("observation", game.observe(state, 0)),
        ("spectator", game.observe(state, None)),
    ]:
        assert mutable_parts(value, name, set()) == []
