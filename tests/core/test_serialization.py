"""JSON envelopes: format, strictness and clear errors (game-independent parts)."""

from __future__ import annotations

import json

import pytest

import numrules
from numrules import SerializationError
from numrules import stackattack as sa


def test_the_envelope_names_format_version_game_and_kind() -> None:
    document = json.loads(numrules.dumps(sa.Config(players=3)))
    assert {k: document[k] for k in ("format", "version", "game", "kind")} == {
        "format": "numrules",
        "version": 1,
        "game": "stackattack",
        "kind": "Config",
    }
    assert json.loads(numrules.dumps(sa.Choose(1, sa.Card(5))))["data"] == "1:choose 5"


def test_cards_are_written_in_notation() -> None:
    state = sa.new_game(sa.Config(players=2), seed=0)
    data = json.loads(numrules.dumps(state))["data"]
    assert data["hands"][0] == [str(card) for card in state.hands[0]]


def test_indent_gives_readable_text_with_the_same_content() -> None:
    config = sa.Config()
    assert json.loads(numrules.dumps(config, indent=2)) == json.loads(numrules.dumps(config))


def test_only_game_objects_are_serialised() -> None:
    for obj in (3, "x", None, object(), numrules.get_game("stackattack")):
        with pytest.raises(SerializationError):
            numrules.dumps(obj)


def test_errors_say_where_the_document_is_wrong() -> None:
    document = json.loads(numrules.dumps(sa.Config()))
    document["data"]["players"] = 9
    with pytest.raises(SerializationError, match="2 to 6 players"):
        numrules.loads(json.dumps(document))
    state = json.loads(numrules.dumps(sa.new_game(sa.Config(), seed=0)))
    state["data"]["hands"][1][0] = "x"
    with pytest.raises(SerializationError, match=r"hands\[1\]\[0\]"):
        numrules.loads(json.dumps(state))
    state["data"]["hands"] = {"a": 1}
    with pytest.raises(SerializationError, match="expected a list"):
        numrules.loads(json.dumps(state))


def test_actions_must_be_notation_strings() -> None:
    document = json.loads(numrules.dumps(sa.Switch(0, 1)))
    for bad in ({"seat": 0}, 3, "0:fly 1"):
        with pytest.raises(SerializationError):
            numrules.loads(json.dumps({**document, "data": bad}))


@pytest.mark.parametrize("name", numrules.game_names())
def test_a_state_document_without_its_log_is_refused(name: str) -> None:
    game = numrules.get_game(name)
    state = game.new_game(game.Config(players=game.min_players), 3)
    document = json.loads(numrules.dumps(state))
    assert numrules.loads(json.dumps(document)) == state
    del document["data"]["log"]
    with pytest.raises(SerializationError, match="no 'log'"):
        numrules.loads(json.dumps(document))
