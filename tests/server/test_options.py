"""Rule options on the server: `/api/games` lists every option of every game with its kind,
choices and bounds, and a table takes its options as the command line reads them."""

from __future__ import annotations

import typing
from pathlib import Path
from typing import Any

import attrs
import pytest

import numrules
from numrules.apps.server import Store
from numrules.core.game import AnyGame
from numrules.core.options import config_options
from tests.server.helpers import app_client, create

pytestmark = pytest.mark.timeout(60)

GAMES = numrules.all_games()


def _stored_configs(db: Path) -> dict[str, Any]:
    # The config of each active table of the database, by table id.
    store = Store(db)
    try:
        return {t.id: numrules.loads(t.config) for t in store.active_tables().tables}
    finally:
        store.close()


def _table(game: AnyGame, options: dict[str, Any]) -> dict[str, Any]:
    # A request for a table of people only (nobody plays, no bot starts).
    seats = ["human"] * game.min_players
    return {"game": game.name, "seats": seats, "join": False, "options": options}


def test_the_games_list_every_option_with_its_kind_choices_and_bounds(tmp_path: Path) -> None:
    with app_client(tmp_path / "t.db") as client:
        listed = {g["game"]: g for g in client.get("/api/games").json()}
    for game in GAMES:
        options = listed[game.name]["options"]
        assert options == [o.to_json() for o in config_options(game)]
        fields = [f.alias or f.name for f in attrs.fields(game.Config) if f.init]
        assert [o["name"] for o in options] == fields
        by_name = {o["name"]: o for o in options}
        hints = typing.get_type_hints(game.Config)
        players = by_name["players"]
        assert (players["kind"], players["low"], players["high"]) == (
            "int",
            game.min_players,
            game.max_players,
        )
        for option in options:
            assert option["doc"], option
            if option["kind"] == "int":
                assert option["low"] <= option["high"], option
            if option["kind"] == "enum":
                members = [m.value for m in hints[option["name"]]]
                assert option["choices"] == members, option
            else:
                assert option["choices"] == [], option


def test_a_table_takes_every_choice_of_every_enum_by_value_or_name(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    expected: dict[str, tuple[str, Any]] = {}
    with app_client(db) as client:
        for game in GAMES:
            for option in config_options(game):
                for member in option.choices:
                    for spelling in (member.value, member.name.lower()):
                        response = client.post(
                            "/api/tables", json=_table(game, {option.name: spelling})
                        )
                        assert response.status_code == 201, response.text
                        expected[response.json()["table"]] = (option.name, member)
    assert expected
    configs = _stored_configs(db)
    for table, (name, member) in expected.items():
        assert getattr(configs[table], name) is member


def test_num_wars_is_created_with_the_full_deck(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    with app_client(db) as client:
        made = create(
            client, "numwars", seats=["human", "random", "random"], options={"format": "full"}
        )
    config = _stored_configs(db)[made["table"]]
    assert config.format.name == "FULL"
    assert config.players == 3


def test_ints_tuples_and_none_are_read_from_json_or_text(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    wanted: dict[str, tuple[str, Any]] = {}
    with app_client(db) as client:
        for game in GAMES:
            config = game.Config(players=game.min_players)
            for option in config_options(game):
                if option.name == "players" or option.kind not in ("int", "ints"):
                    continue
                value = getattr(config, option.name)
                for sent in (option.to_json_value(value), option.to_text(value)):
                    response = client.post("/api/tables", json=_table(game, {option.name: sent}))
                    assert response.status_code == 201, (option.name, sent, response.text)
                    wanted[response.json()["table"]] = (option.name, value)
    assert wanted
    configs = _stored_configs(db)
    for table, (name, value) in wanted.items():
        assert getattr(configs[table], name) == value


def test_bad_options_are_refused_with_the_option_named(tmp_path: Path) -> None:
    with app_client(tmp_path / "t.db") as client:
        for game in GAMES:
            options = config_options(game)
            response = client.post("/api/tables", json=_table(game, {"colour": "red"}))
            assert response.status_code == 400
            error = response.json()["error"]
            assert error["code"] == "bad_request"
            assert "'colour'" in error["message"]
            assert all(option.describe() in error["message"] for option in options)
            for option in options:
                bad = "no such choice" if option.kind == "enum" else [["nested"]]
                response = client.post("/api/tables", json=_table(game, {option.name: bad}))
                assert response.status_code == 400
                error = response.json()["error"]
                assert error["code"] == "bad_config", option.name
                assert error["message"].startswith(f"option {option.describe()}: cannot read")
            players = {"players": game.max_players}
            response = client.post("/api/tables", json=_table(game, players))
            assert response.json()["error"]["code"] == "bad_config"
            assert "players" in response.json()["error"]["message"]
        response = client.post("/api/tables", json={**_table(GAMES[0], {}), "options": [1, 2]})
        assert response.json()["error"]["code"] == "bad_request"
        long = {config_options(GAMES[0])[1].name: "1," * 1500}
        response = client.post("/api/tables", json=_table(GAMES[0], long))
        assert response.json()["error"]["code"] == "bad_request"
        assert "at most 2000 characters" in response.json()["error"]["message"]
