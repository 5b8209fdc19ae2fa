"""Documents from an untrusted client: every failure is a typed error with a short message."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

import numrules
from numrules import SerializationError
from numrules import stackattack as sa
from numrules.core.validation import quote


def envelope(kind: str, data: object, **changes: object) -> str:
    document = {"format": "numrules", "version": 1, "game": "stackattack", "kind": kind}
    return json.dumps({**document, "data": data, **changes})


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        "9" * 5000,
        '{"a": ' * 50_000 + "1" + "}" * 50_000,
        envelope("State", "[" * 50_000 + "]" * 50_000),
    ],
    ids=["deep-list", "huge-int", "deep-object", "deep-data"],
)
def test_pathological_json_is_a_serialization_error(text: str) -> None:
    with pytest.raises(SerializationError) as info:
        numrules.loads(text)
    assert len(str(info.value)) < 400


@pytest.mark.parametrize("version", [True, 1.0, "1", None, 2])
def test_the_format_version_must_be_exactly_the_int_1(version: object) -> None:
    config = json.loads(numrules.dumps(sa.Config()))["data"]
    with pytest.raises(SerializationError, match="version"):
        numrules.loads(envelope("Config", config, version=version))


def test_messages_quote_a_bounded_prefix_of_huge_input() -> None:
    huge = "x" * 5_000_000
    for text in [
        envelope("Action", huge),
        envelope(huge, {}),
        envelope("Config", {"players": huge}),
    ]:
        with pytest.raises(SerializationError) as info:
            numrules.loads(text)
        assert len(str(info.value)) < 400


def test_a_bad_card_list_is_refused_at_its_first_bad_item() -> None:
    document = json.loads(numrules.dumps(sa.new_game(sa.Config(), 1)))
    document["data"]["unused"] = ["x"] * 50_000
    with pytest.raises(SerializationError) as info:
        numrules.loads(json.dumps(document))
    assert "index 0" in str(info.value) or "[0]" in str(info.value)
    assert "index 1" not in str(info.value)


def test_quote_is_short_whatever_the_value() -> None:
    assert len(quote("y" * 10**6)) < 100
    assert len(quote(10**5000)) < 100
    assert len(quote([[1] * 1000] * 1000)) < 100

    class Broken:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    assert "Broken" in quote(Broken())
    assert len(quote(Broken())) < 100


@pytest.mark.parametrize("name", numrules.game_names())
@pytest.mark.parametrize(
    "text",
    ["9" * 5000, "R" + "9" * 5000, "x" * 1_000_000, "\u00b2", "R\u00b2", "RB7 " * 300_000],
    ids=["digits", "family-digits", "huge", "superscript", "family-superscript", "many"],
)
def test_card_parsers_refuse_junk_with_a_short_notation_error(name: str, text: str) -> None:
    game = numrules.get_game(name)
    for parse in (game.parse_card, game.parse_cards):
        with pytest.raises(numrules.NotationError) as info:
            parse(text)
        assert len(str(info.value)) < 300


@pytest.mark.parametrize("name", numrules.game_names())
@pytest.mark.parametrize(
    "text",
    [
        "9" * 5000 + ":choose 5",
        "0:choose " + "9" * 5000,
        "0:take " + "9" * 900,
        "0:play R" + "9" * 900,
        "0:activate DOUBLE \u00b2",
        "\u00b2:choose 5",
        "0:play R7" + " " * 40_000 + "R8",
        "0:" + "x" * 5_000_000,
    ],
)
def test_action_parsers_refuse_junk_with_a_short_notation_error(name: str, text: str) -> None:
    game = numrules.get_game(name)
    with pytest.raises(numrules.NotationError) as info:
        game.parse_action(text)
    assert len(str(info.value)) < 300


def test_huge_seats_names_and_seeds_give_short_typed_errors() -> None:
    state = sa.new_game(sa.Config(), 1)
    attempts: list[Callable[[], object]] = [
        lambda: sa.observe(state, 10**5000),
        lambda: sa.events(state, 10**5000),
        lambda: numrules.get_game("x" * 10**6),
        lambda: numrules.apply_as("stackattack", state, 10**5000, "choose 5"),
        lambda: sa.new_game(sa.Config(), "x" * 10**6),  # type: ignore[arg-type]
    ]
    for attempt in attempts:
        with pytest.raises(numrules.NumrulesError) as info:
            attempt()
        assert len(str(info.value)) < 300
