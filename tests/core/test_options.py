"""Rule options: every field of every game's `Config` is listed with its kind, choices,
bounds, default and description, and is read back from text and from JSON; bad values are
`ConfigError`s naming the option."""

from __future__ import annotations

import enum
import json
from typing import Any

import attrs
import pytest

import numrules
from numrules.core.errors import ConfigError
from numrules.core.game import AnyGame
from numrules.core.options import (
    ConfigOption,
    config_from_options,
    config_options,
    describe_options,
    parse_options,
)
from numrules.core.validation import bounded, check_bounds, field_bounds

GAMES = numrules.all_games()
IDS = [g.name for g in GAMES]
OPTIONS = [(g, o) for g in GAMES for o in config_options(g)]
BOUNDED = [(g, o) for g, o in OPTIONS if o.bounds is not None]
ENUMS = [(g, o) for g, o in OPTIONS if o.kind == "enum"]


def _ids(pairs: list[tuple[AnyGame, ConfigOption]]) -> list[str]:
    return [f"{g.name}.{o.name}" for g, o in pairs]


def _smallest(game: AnyGame) -> Any:
    return game.Config(players=game.min_players)


def _attempt(game: AnyGame, values: dict[str, object]) -> Any:
    # The config, or the ConfigError that refused it.
    try:
        return config_from_options(game, values)
    except ConfigError as exc:
        return exc


def _head(error: ConfigError) -> str:
    # The message before the listing of every option.
    return str(error).split("; the options are: ")[0]


# --- the listing -----------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_field_of_the_config_is_an_option(game: AnyGame) -> None:
    fields = [f.alias or f.name for f in attrs.fields(game.Config) if f.init]
    assert [o.name for o in config_options(game)] == fields
    assert config_options(game.name) == config_options(game)


@pytest.mark.parametrize(("game", "option"), OPTIONS, ids=_ids(OPTIONS))
def test_each_option_states_its_kind_bounds_default_and_meaning(
    game: AnyGame, option: ConfigOption
) -> None:
    assert option.kind in ("int", "float", "bool", "text", "enum", "ints")
    assert option.doc
    assert "\n" not in option.doc
    if option.kind == "enum":
        assert option.choices
        assert all(isinstance(member, type(option.choices[0])) for member in option.choices)
        assert option.bounds is None
    else:
        assert option.choices == ()
    if option.kind == "int":
        assert option.bounds is not None, f"{option.name} declares no bounds"
        low, high = option.bounds
        assert low <= high
    if option.name == "players":
        assert option.bounds == (game.min_players, game.max_players)
        assert option.default == game.min_players
    elif option.derived:
        assert option.default is None
    else:
        assert option.default == getattr(_smallest(game), option.name)
    described = option.describe()
    assert described.startswith(f"{option.name} (")
    assert described.endswith(" or none)") == option.optional
    if option.bounds is not None:
        assert f"{option.bounds[0]}..{option.bounds[1]}" in described
    for member in option.choices:
        assert member.name in described


@pytest.mark.parametrize(("game", "option"), OPTIONS, ids=_ids(OPTIONS))
def test_each_option_serialises_to_json(game: AnyGame, option: ConfigOption) -> None:
    data = json.loads(json.dumps(option.to_json()))
    assert set(data) == {
        "name",
        "kind",
        "optional",
        "choices",
        "low",
        "high",
        "default",
        "derived",
        "doc",
    }
    assert (data["name"], data["kind"], data["optional"]) == (
        option.name,
        option.kind,
        option.optional,
    )
    assert data["choices"] == [member.value for member in option.choices]
    assert (data["low"], data["high"]) == (option.bounds or (None, None))
    assert data["derived"] == option.derived
    assert data["doc"] == option.doc
    if not option.derived:
        assert option.read(data["default"]) == option.default


def test_the_bounds_are_the_ones_the_config_declares_and_enforces() -> None:
    assert BOUNDED
    assert ENUMS  # the parametrized checks of enums have something to check
    for game in GAMES:
        declared = field_bounds(game.Config)
        for option in config_options(game):
            if option.name != "players":
                assert option.bounds == declared.get(option.name), option.name


# --- reading values --------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_config_round_trips_through_text_and_json(game: AnyGame) -> None:
    config = _smallest(game)
    options = config_options(game)
    as_text = {o.name: o.to_text(getattr(config, o.name)) for o in options}
    assert all(isinstance(text, str) for text in as_text.values())
    assert config_from_options(game, as_text) == config
    as_json = json.loads(
        json.dumps({o.name: o.to_json_value(getattr(config, o.name)) for o in options})
    )
    assert config_from_options(game, as_json) == config
    # Python values as they are also do.
    assert config_from_options(game, {o.name: getattr(config, o.name) for o in options}) == config
    assert config_from_options(game, {}) == config


@pytest.mark.parametrize(("game", "option"), BOUNDED, ids=_ids(BOUNDED))
def test_every_value_at_the_bounds_is_read_from_text_and_json(
    game: AnyGame, option: ConfigOption
) -> None:
    assert option.bounds is not None
    for value in option.bounds:
        assert option.read(str(value)) == value
        assert option.read(f" {value} ") == value
        assert option.read(value) == value
        built = _attempt(game, {option.name: str(value)})
        if isinstance(built, ConfigError):  # the value fits, but not with the other defaults
            assert "cannot read" not in str(built)
        else:
            assert getattr(built, option.name) == value


@pytest.mark.parametrize(("game", "option"), ENUMS, ids=_ids(ENUMS))
def test_enums_are_read_by_name_or_value_in_any_case(game: AnyGame, option: ConfigOption) -> None:
    for member in option.choices:
        spellings = {member.name, str(member.value)}
        for text in spellings | {s.lower() for s in spellings} | {s.upper() for s in spellings}:
            assert option.read(text) is member
            assert option.read(f" {text.title()} ") is member
        assert option.read(member) is member
        config = config_from_options(game, {option.name: str(member.value).upper()})
        assert getattr(config, option.name) is member


@pytest.mark.parametrize(("game", "option"), OPTIONS, ids=_ids(OPTIONS))
def test_optional_options_read_none(game: AnyGame, option: ConfigOption) -> None:
    if option.optional:
        assert [option.read(v) for v in ("none", "None", " NONE ", None)] == [None] * 4
    else:
        with pytest.raises(ConfigError, match="cannot read"):
            option.read(None)


def _bad_values(option: ConfigOption) -> list[object]:
    # Values no option of this kind reads.
    common: list[object] = [[["nested"]], {"a": 1}]
    if option.kind == "int":
        return [*common, "x", "1.5", "1e3", "", True, 1.5, "0x10"]
    if option.kind == "enum":
        return [*common, "no such choice", "", 3, True]
    if option.kind == "ints":
        return [*common, "1,x", "1;2", [1, "x"], [True], 5]
    if option.kind == "bool":
        return [*common, "maybe", "", 2]
    raise AssertionError(f"no bad values for {option.kind}")


@pytest.mark.parametrize(("game", "option"), OPTIONS, ids=_ids(OPTIONS))
def test_bad_values_give_a_config_error_naming_the_option(
    game: AnyGame, option: ConfigOption
) -> None:
    for value in _bad_values(option):
        with pytest.raises(ConfigError) as info:
            config_from_options(game, {option.name: value})
        assert _head(info.value) == f"option {option.describe()}: cannot read {value!r}"
        assert describe_options(game) in str(info.value)
    if option.bounds is not None:
        low, high = option.bounds
        for value in (low - 1, high + 1):
            with pytest.raises(ConfigError) as info:
                config_from_options(game, {option.name: str(value)})
            assert option.name in _head(info.value)
            assert str(value) in _head(info.value)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_an_unknown_option_lists_every_option(game: AnyGame) -> None:
    with pytest.raises(ConfigError, match=f"unknown {game.title} option 'colour'") as info:
        config_from_options(game, {"colour": "red"})
    for option in config_options(game):
        assert option.describe() in str(info.value)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_players_come_from_the_options_or_the_argument(game: AnyGame) -> None:
    most = game.max_players
    assert config_from_options(game, {}, players=most).players == most
    assert config_from_options(game, {"players": str(most)}).players == most
    assert config_from_options(game, {"players": most}, players=most).players == most
    with pytest.raises(ConfigError, match="as the number of players"):
        config_from_options(game, {"players": str(most)}, players=game.min_players)
    with pytest.raises(ConfigError) as info:
        config_from_options(game, {}, players=most + 1)
    assert "; the options are: " in str(info.value)


def test_parse_options_reads_name_value_pairs() -> None:
    assert parse_options([" mode = discovery", "rounds=1", "rounds=2", "block="]) == {
        "mode": "discovery",
        "rounds": "2",
        "block": "",
    }
    for bad in ("mode", "=3", " =3"):
        with pytest.raises(ConfigError, match="name=value"):
            parse_options([bad])


# --- other kinds, and a game's own Config ----------------------------------------------------


class Colour(enum.Enum):
    RED = "r"
    BLUE = "b"


def test_bools_floats_texts_and_optional_enums() -> None:
    flag = ConfigOption("flag", "bool")
    words = {"true": True, "No": False, " 1 ": True, "off": False, "YES": True, "on": True}
    words |= {"0": False, "False": False}
    assert [flag.read(text) for text in words] == list(words.values())
    assert (flag.read(True), flag.read(False)) == (True, False)
    with pytest.raises(ConfigError, match=r"option flag \(true \| false\): cannot read 'maybe'"):
        flag.read("maybe")
    with pytest.raises(ConfigError):
        flag.read(1)
    assert [flag.to_text(v) for v in (True, False)] == ["true", "false"]
    ratio = ConfigOption("ratio", "float")
    assert [ratio.read(v) for v in ("0.5", " 2 ", 3, 1.5, "1e-3")] == [0.5, 2.0, 3.0, 1.5, 0.001]
    for bad in ("nan", "inf", float("inf"), True, "x"):
        with pytest.raises(ConfigError, match=r"ratio \(float\)"):
            ratio.read(bad)
    label = ConfigOption("label", "text", optional=True)
    assert (label.read(" a b "), label.read(None), label.read("none")) == (" a b ", None, None)
    with pytest.raises(ConfigError, match=r"label \(text or none\)"):
        label.read(3)
    colour = ConfigOption("colour", "enum", optional=True, choices=tuple(Colour))
    assert colour.describe() == "colour (RED | BLUE or none)"
    assert (colour.read("r"), colour.read("Blue"), colour.read("none")) == (
        Colour.RED,
        Colour.BLUE,
        None,
    )
    assert colour.to_json()["choices"] == ["r", "b"]
    assert colour.to_json_value(Colour.BLUE) == "b"
    numbers = ConfigOption("numbers", "ints")
    assert numbers.read("") == ()
    assert numbers.read(" 1, 2 ,3,") == (1, 2, 3)
    assert numbers.read([4, "5"]) == (4, 5)
    assert numbers.to_text((1, 2)) == "1,2"
    assert numbers.to_json_value((1, 2)) == [1, 2]


def _draws_default(config: OwnConfig) -> int:
    return config.size * 2


@attrs.frozen
class OwnConfig:
    """A game's own Config, written as the contract says."""

    players: int = 2
    """Players."""
    size: int = attrs.field(default=3, metadata=bounded(1, 9))
    """Cards per hand."""
    draws: int = attrs.field(
        default=attrs.Factory(_draws_default, takes_self=True), metadata=bounded(0, 99)
    )
    """Cards drawn; twice the size by default."""
    limit: int | None = attrs.field(default=None, metadata=bounded(1, 5))
    fast: bool = False
    """Play fast."""
    speed: float = 1.0
    colour: Colour = Colour.RED
    tags: tuple[str, ...] = ()
    """Not an option: a tuple of texts is not read by name."""
    seen: list[int] = attrs.field(factory=list)
    _hidden: int = attrs.field(init=False, default=0)

    def __attrs_post_init__(self) -> None:
        check_bounds(self)


def test_a_games_own_config_declares_its_options() -> None:
    game = attrs.evolve(GAMES[0], Config=OwnConfig, min_players=2, max_players=4)
    options = {o.name: o for o in config_options(game)}
    assert list(options) == ["players", "size", "draws", "limit", "fast", "speed", "colour"]
    assert options["players"].bounds == (2, 4)
    assert (options["size"].bounds, options["size"].default, options["size"].doc) == (
        (1, 9),
        3,
        "Cards per hand.",
    )
    assert (options["draws"].derived, options["draws"].default) == (True, None)
    assert (options["limit"].optional, options["limit"].bounds, options["limit"].doc) == (
        True,
        (1, 5),
        "",
    )
    assert (options["speed"].kind, options["speed"].bounds) == ("float", None)
    assert options["colour"].choices == (Colour.RED, Colour.BLUE)
    config = config_from_options(game, {"size": "4", "limit": "none", "colour": "b", "fast": "1"})
    assert config == OwnConfig(
        players=2, size=4, draws=8, limit=None, colour=Colour.BLUE, fast=True
    )
    with pytest.raises(ConfigError, match=r"limit must be an int in 1\.\.5 or None, got 6"):
        config_from_options(game, {"limit": 6})
    with pytest.raises(ConfigError, match=r"unknown .* option 'tags'"):
        config_from_options(game, {"tags": "a,b"})
    assert dict(field_bounds(OwnConfig)) == {"size": (1, 9), "draws": (0, 99), "limit": (1, 5)}


def test_bounded_refuses_empty_bounds() -> None:
    assert bounded(2, 2) == {"bounds": (2, 2)}
    with pytest.raises(ValueError, match="empty bounds"):
        bounded(3, 2)
